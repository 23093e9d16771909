//! Plain-text rendering of rolled dice groups.
//!
//! Format: `notation [die, die, ...]`, where each die shows its face and:
//! - `!` after a throw that exploded, the throws of one die joined by `+` (`6!+6!+2`; compounding `6!!+6!!+2`);
//! - `5-1` for a penetrating throw (face 5 counting 4);
//! - `1→1→4` for a face (4) that replaced rerolled ones (1, then 1), oldest first;
//! - ` dropped` after a die a keep/drop rule removed;
//! - ` ✓` / ` ✗` after a die counted as a success / failure, and `(N successes)` after the group;
//! - Fudge faces as `+`, `0`, `-`.
//!
//! A whole roll reads `4d6kh3 [6, 5, 3, 1 dropped] + 2 "bonus" = 16  # comment` (labels in double quotes).

use super::limits::MAX_EXPLOSIONS_PER_DIE;
use super::roll::GroupRoll;
use crate::die::{DieKind, DieRoll};

fn face_text(kind: DieKind, f: i64) -> String {
    match (kind, f) {
        (DieKind::Fudge, 1) => "+".into(),
        (DieKind::Fudge, -1) => "-".into(),
        _ => f.to_string(),
    }
}

fn rerolled_text(kind: DieKind, r: &[i64]) -> String {
    r.iter().map(|&f| face_text(kind, f) + "→").collect()
}

fn throw_text(d: &DieRoll) -> String {
    let mut s = rerolled_text(d.kind, &d.rerolled) + &face_text(d.kind, d.face);
    if d.penetrated {
        s.push_str("-1");
    }
    if !d.compounded.is_empty() {
        for f in &d.compounded {
            s.push_str("!!+");
            s.push_str(&face_text(d.kind, *f));
        }
    } else if d.exploded {
        s.push('!');
    }
    s
}

/// The text of one rolled group, e.g. `4d6kh3 [6, 5, 3, 1 dropped]`.
pub fn group_text(g: &GroupRoll) -> String {
    let mut dice: Vec<String> = Vec::new();
    for d in &g.dice {
        if d.from_explosion {
            if let Some(last) = dice.last_mut() {
                last.push('+');
                last.push_str(&throw_text(d));
                continue;
            }
        }
        dice.push(throw_text(d));
    }
    // Suffixes per die (a die = a first throw and the explosion throws after it).
    let firsts: Vec<&DieRoll> = g.dice.iter().filter(|d| !d.from_explosion).collect();
    for (text, d) in dice.iter_mut().zip(firsts) {
        if !d.kept {
            text.push_str(" dropped");
        }
        match d.count {
            1 => text.push_str(" ✓"),
            -1 => text.push_str(" ✗"),
            _ => {}
        }
    }
    let mut s = format!("{} [{}]", g.notation, dice.join(", "));
    if g.successes {
        let n = g.subtotal;
        s.push_str(&format!(" ({n} success{})", if n.abs() == 1 { "" } else { "es" }));
    }
    if g.explosion_capped {
        s.push_str(&format!(" (a die stopped at the limit of {MAX_EXPLOSIONS_PER_DIE} explosions)"));
    }
    s
}
