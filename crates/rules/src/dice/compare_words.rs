//! Compare points in words: which faces of a die a compare point counts, explodes on or rerolls, so a table
//! sees before rolling how `>N` (strictly greater, as rpg-dice-roller and Foundry read it; Roll20 reads it as
//! N or more) and `>=N` differ: `10d10>7` "counts 8, 9 and 10", `3d6!>=5` "explodes on 5 and 6".

use super::ast::{Compare, DiceGroup, Node};
use crate::die::DieKind;

/// The faces of `die` that `compare` matches, lowest first.
pub fn faces_matching(compare: Compare, die: DieKind) -> Vec<i64> {
    (die.min_face()..=die.max_face()).filter(|&f| compare.matches(f)).collect()
}

/// A list of faces in words: "6", "5 and 6", "8, 9 and 10", runs of five or more as "51 to 100", "no face".
pub fn faces_in_words(faces: &[i64]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < faces.len() {
        let mut j = i;
        while j + 1 < faces.len() && faces[j + 1] == faces[j] + 1 {
            j += 1;
        }
        if j - i >= 4 {
            parts.push(format!("{} to {}", faces[i], faces[j]));
        } else {
            parts.extend(faces[i..=j].iter().map(i64::to_string));
        }
        i = j + 1;
    }
    match parts.len() {
        0 => "no face".to_string(),
        1 => parts.remove(0),
        n => format!("{} and {}", parts[..n - 1].join(", "), parts[n - 1]),
    }
}

/// What each compare point of a group does, in words, in the order they apply: reroll, explode (notation
/// version 3: explode, then reroll), success, failure. Empty for a group without compare points.
pub fn compare_point_words(group: &DiceGroup) -> Vec<String> {
    let on = |c: Compare| faces_in_words(&faces_matching(c, group.die));
    let mut out = Vec::new();
    let reroll = group.reroll.map(|r| {
        let how = if r.once { "once" } else { "until the face is another one" };
        format!("rerolls {} {how}", on(r.on))
    });
    let legacy = group.order.legacy();
    if legacy {
        out.extend(reroll.clone());
    }
    if let Some(e) = group.explode {
        out.push(format!("explodes on {}", on(e.on)));
    }
    if !legacy {
        out.extend(reroll);
    }
    if let Some(s) = group.success {
        out.push(format!("counts {}", on(s.success)));
        if let Some(f) = s.failure {
            out.push(format!("takes one off for {}", on(f)));
        }
    }
    out
}

/// One sentence per dice group of `root` that has compare points: "`10d10>7`: counts 8, 9 and 10".
pub fn compare_point_sentences(root: &Node) -> Vec<String> {
    compare_points(root).into_iter().map(|(group, words)| format!("`{group}`: {}", words.join("; "))).collect()
}

/// Each dice group of `root` that has compare points, in the order written: the group as notation (`10d10>7`)
/// and its [`compare_point_words`] (a screen can set the notation apart from the words).
pub fn compare_points(root: &Node) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    walk(root, &mut out);
    out
}

fn walk(node: &Node, out: &mut Vec<(String, Vec<String>)>) {
    match node {
        Node::Num(_) | Node::Decimal(_) => {}
        Node::Call { args, .. } => args.iter().for_each(|a| walk(a, out)),
        Node::Group(g) => g.exprs.iter().for_each(|e| walk(e, out)),
        Node::Dice(g) => {
            let words = compare_point_words(g);
            if !words.is_empty() {
                out.push((g.to_string(), words));
            }
        }
        Node::Neg(x) | Node::Label(x, _) => walk(x, out),
        Node::Bin { lhs, rhs, .. } => {
            walk(lhs, out);
            walk(rhs, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::parse;

    fn said(expr: &str) -> Vec<String> {
        compare_point_sentences(&parse(expr).unwrap().root)
    }

    #[test]
    fn ruling_compare_points_greater_is_strict_greater_or_equal_is_inclusive() {
        // The parser reads `>7` as strictly greater and `>=7` as 7 or more...
        let strict = parse("10d10>7").unwrap();
        let Node::Dice(g) = &strict.root else { panic!() };
        assert_eq!(g.success.unwrap().success, Compare::Gt(7));
        let inclusive = parse("10d10>=7").unwrap();
        let Node::Dice(h) = &inclusive.root else { panic!() };
        assert_eq!(h.success.unwrap().success, Compare::Ge(7));
        // ...and the words say which faces count, worked out by hand.
        assert_eq!(said("10d10>7"), ["`10d10>7`: counts 8, 9 and 10"]);
        assert_eq!(said("10d10>=7"), ["`10d10>=7`: counts 7, 8, 9 and 10"]);
        assert_eq!(said("3d6!>=5"), ["`3d6!>=5`: explodes on 5 and 6"]);
        assert_eq!(said("3d6!"), ["`3d6!`: explodes on 6"]);
    }

    #[test]
    fn rerolls_failures_ranges_and_nothing() {
        assert_eq!(said("4d6ro<3"), ["`4d6ro<3`: rerolls 1 and 2 once"]);
        assert_eq!(
            said("2d6r1 + 1d20~~"),
            ["`2d6r=1`: rerolls 1 until the face is another one", "`1d20~~`: rerolls 1 and 2 once"]
        );
        assert_eq!(said("8d6>=4f1"), ["`8d6>=4f=1`: counts 4, 5 and 6; takes one off for 1"]);
        assert_eq!(said("d100>50"), ["`1d100>50`: counts 51 to 100"]);
        assert_eq!(said("1d6>6"), ["`1d6>6`: counts no face"]);
        assert_eq!(said("4d6kh3 + 2"), Vec::<String>::new());
        assert_eq!(faces_in_words(&[1, 3, 4, 5, 6, 7, 9]), "1, 3 to 7 and 9");
    }
}
