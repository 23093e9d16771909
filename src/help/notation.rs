//! Help: the dice-notation reference.
//!
//! Written from the notation spec while the generic engine is built in parallel; its full reference will be
//! `docs/notation.md`. Everything the Help says about notation lives in this one file so it can be brought in
//! line with the engine when it lands.

use super::{paras, rich, HelpSection};
use leptos::prelude::*;

/// One group of the reference: a title, a short introduction and rows of (syntax, meaning, example).
pub struct Group {
    pub title: &'static str,
    pub intro: &'static str,
    pub rows: &'static [[&'static str; 3]],
}

pub const GROUPS: &[Group] = &[
    Group {
        title: "Dice",
        intro: "Spaces and upper or lower case do not matter: `2D6 + 3` is `2d6+3`.",
        rows: &[
            ["`NdM`", "N dice with M sides, added up; N may be left out and means 1", "`3d6`, `d20`"],
            ["`d%`", "a percentile die, 1–100; any number of them", "`d%`, `2d%`"],
            ["`dF` `dF.2`", "a Fudge/Fate die: −1, 0 or +1, each a third of the time", "`4dF`"],
            ["`dF.1`", "a Fudge die with one − and one + among six sides: 0 two times in three", "`4dF.1`"],
        ],
    },
    Group {
        title: "Keep and drop",
        intro: "",
        rows: &[
            ["`khN`", "keep the N highest dice", "`4d6kh3`"],
            ["`kN`", "the same as `khN`", "`4d6k3`"],
            ["`klN`", "keep the N lowest dice", "`2d20kl1`"],
            ["`dlN` `dN`", "drop the N lowest dice", "`4d6dl1`, `4d6d1`"],
            ["`dhN`", "drop the N highest dice", "`3d6dh1`"],
            ["`khN` with `dlN` or `dhN`", "both at once: a die either one drops is dropped, so a keep and a drop can leave the middle dice", "`5d6kh4dl2`, `4d6kh3dh1`"],
        ],
    },
    Group {
        title: "Exploding dice",
        intro: "An exploding die that qualifies is rolled again and the new roll counts too, as long as it keeps qualifying.",
        rows: &[
            ["`!`", "explode on the die’s maximum face", "`3d6!`"],
            ["`!>=N` `!>N` `!<=N` `!=N`", "explode on faces matching the comparison instead", "`5d10!>=9`"],
            ["`!!`", "compounding: the extra rolls are added into the same die instead of appearing as new dice", "`2d6!!`"],
            ["`!p`", "penetrating: like `!`, but each extra roll counts 1 less", "`2d6!p`"],
        ],
    },
    Group {
        title: "Rerolls",
        intro: "",
        rows: &[
            ["`r` `rN` `r<=N` `r<N`", "reroll a die showing a matching face (plain `r`: its lowest face), again and again, until it no longer matches", "`2d6r`, `4d6r<3`"],
            ["`ro`", "the same comparisons, but reroll only once; the new face stands", "`d20ro1`, `4d6ro<=2`"],
        ],
    },
    Group {
        title: "Counting successes",
        intro: "A comparison right after the dice turns the roll into a count of successes instead of a sum. `>N` is strict: faces above N count, N does not. `>=N` counts N or more. This is how rpg-dice-roller and Foundry read them; Roll20 reads `>N` as N or more, so for that write `>=N` here. The Tray says in words which faces count before you roll.",
        rows: &[
            ["`>=N` `>N` `<N` `<=N` `=N` `<>N`", "count the dice that match (`<>N`: any face but N)", "`8d6>=4`, `10d10>7`, `5d6<>3`"],
            ["`f<=N`", "subtract one for each die matching the failure comparison", "`10d10>=8f<=1`"],
        ],
    },
    Group {
        title: "More modifiers",
        intro: "These follow rpg-dice-roller. Markers and sorting change only how the dice are shown, never the total.",
        rows: &[
            ["`u`", "unique: a die repeating an earlier die’s value is rolled again until its value is new", "`4d6u`"],
            ["`uo`", "unique once: a repeated value is rolled again one time only", "`4d6uo`"],
            ["`u>N`, `uo=N`…", "only values that match the comparison must be unique", "`5d10u>5`"],
            ["`minN`", "a die below N counts as N", "`4d6min2`"],
            ["`maxN`", "a die above N counts as N", "`4d6max4`"],
            ["`cs` `cs>=N`", "mark critical successes (the highest face, or matching faces)", "`1d20cs>=19`"],
            ["`cf` `cf<=N`", "mark critical failures (the lowest face, or matching faces)", "`4d6cs>4cf<2`"],
            ["`s` `sa` `sd`", "list the dice lowest first (`s`, `sa`) or highest first (`sd`)", "`6d6sd`"],
        ],
    },
    Group {
        title: "Roll groups",
        intro: "Braces roll several expressions together. With several parts, keep/drop and success counting look at each part’s total; with one part, keep/drop look at every die inside it and a comparison at its total.",
        rows: &[
            ["`{a, b}khN`", "keep the N highest part totals (also `kl`, `dh`, `dl`)", "`{4d6+2d8, 3d20}kh1`"],
            ["`{a, b}>=N`", "count the parts whose total matches (then `f` for failures)", "`{2d6, 3d4}>=7`"],
            ["`{a}khN`", "keep the N highest dice among all the dice inside", "`{3d6+2d8}kh2`"],
            ["`{a}>=N`", "1 if the total matches, else 0", "`{3d6}>=10`"],
        ],
    },
    Group {
        title: "Arithmetic, labels and comments",
        intro: "Division is exact: totals may be fractions, shown as decimals (≈ when rounded). `floor`, `ceil` and `round` make whole numbers again.",
        rows: &[
            ["`+ - * /`", "add, subtract, multiply, divide exactly", "`2d6+3`, `1d6/2`"],
            ["`%`", "remainder after division", "`1d20%6`"],
            ["`**` or `^`", "power, with a whole-number exponent", "`2**1d4`, `1d6^2`"],
            ["`floor( )` `ceil( )` `round( )`", "round down, up, or to the nearest whole number (halves away from zero)", "`ceil(1d10/3)`, `floor(3d6/2)`"],
            ["`abs( )` `sign( )`", "size without sign; −1, 0 or 1 by sign", "`abs(1d6-1d6)`"],
            ["`min(a, b, …)` `max(a, b, …)` `pow(a, b)`", "the least, the greatest, a to the power b", "`max(1d6, 1d8)`"],
            ["`1.5`", "a number with a decimal point", "`1.5*2d6`"],
            ["`( )`", "group a calculation", "`(2d6+3)*2`"],
            ["`-`", "a minus in front makes the next part negative", "`-1d4+10`"],
            ["`[label]`", "name a part of the roll", "`2d6+3 [fire]`"],
            ["`# …`", "everything after `#` is a comment", "`d20+5 # attack`"],
        ],
    },
    Group {
        title: "Remedy marks",
        intro: "Remedy’s own symbols work on any group of dice; each has a plain-keyboard spelling. Whatever order you type them in, they apply as ♻ first, then !, then ▲ or ▼.",
        rows: &[
            ["`▲` or `^`", "keep the highest die; repeat the mark to keep one more each time", "`2d20▲`, `3d20^^`"],
            ["`▼` or `v`", "keep the lowest die; repeat to keep more", "`2d20▼`, `2d20v`"],
            ["`!`", "explode on the maximum face", "`1d6!`"],
            ["`♻` or `~`", "reroll a die showing 1 once; k marks reroll faces 1 to k (here always; in a Remedy check it is your choice)", "`1d20♻♻♻`, `1d20~~~`"],
        ],
    },
];

/// The examples of one reference row, as typed: "`4d6kh3`, `4d6k3`" is two, "`{4d6+2d8, 3d20}kh1`" one.
pub fn examples(row: &[&'static str; 3]) -> Vec<&'static str> {
    row[2].split("`, `").map(|e| e.trim_matches('`')).filter(|e| !e.is_empty()).collect()
}

/// When one group carries several modifiers, they apply in this order, however they are typed.
pub const ORDER: &str = "On one group of dice the modifiers always apply in this order, whatever order you type them in, as in rpg-dice-roller: min/max → explosions → rerolls → unique → keep → drop → success counting → critical markers → sorting. With `!` or `!p` each extra roll an explosion adds is a die of its own for everything after it, so `2d6!kh1` keeps the highest single roll. Dice with Remedy’s marks (`▲ ▼ ♻`) keep Remedy’s order: ♻, then !, then ▲ or ▼, a die and its explosions counting as one. Rolls saved before 2026-11-26 replay in the order they were rolled with.";

/// Every rich text in this reference (for checks that the markup is well formed).
#[cfg(test)]
pub fn all_text() -> Vec<&'static str> {
    let mut out = vec![ORDER];
    for g in GROUPS {
        out.push(g.intro);
        out.extend(g.rows.iter().flatten().copied());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::GROUPS;

    #[test]
    fn every_example_rolls_with_exact_odds() {
        let mut checked = 0;
        for g in GROUPS {
            for row in g.rows {
                for example in super::examples(row) {
                    let e = dicetray_rules::dice::parse(example).unwrap_or_else(|e| panic!("{example}: {e}"));
                    e.roll(7).unwrap_or_else(|e| panic!("{example}: {e}"));
                    e.odds().unwrap_or_else(|e| panic!("{example}: {e}"));
                    checked += 1;
                }
            }
        }
        assert!(checked >= 50, "{checked}");
    }
}

#[component]
pub fn NotationHelp() -> impl IntoView {
    view! {
        <HelpSection slug="notation" title="Dice notation" byline="For free-form rolls on the Tray and anywhere a roll can be typed.">
            {paras(
                &[
                    "Type rolls the way most tabletop tools write them. A few examples: `4d6kh3`, `8d6>=4`, `2d20▲+5`, `(2d6+3)*2 [fire]`.",
                    "Comparisons (counting successes, exploding, rerolling) read as in rpg-dice-roller and Foundry: `>N` and `<N` leave N out, `>=N` and `<=N` take it in. As you type, the Tray says in words which faces each comparison matches, before you roll: `10d10>7` counts 8, 9 and 10; `3d6!>=5` explodes on 5 and 6; `4d6ro<3` rerolls 1 and 2 once.",
                ],
            )}
            {GROUPS
                .iter()
                .map(|g| {
                    view! {
                        <h3>{g.title}</h3>
                        {(!g.intro.is_empty()).then(|| view! { <p>{rich(g.intro)}</p> })}
                        <div class="help-table-wrap" tabindex="0">
                            <table class="help-table notation-table">
                                <caption class="help-sr-only">{g.title}</caption>
                                <thead>
                                    <tr>
                                        <th scope="col">"Write"</th>
                                        <th scope="col">"Means"</th>
                                        <th scope="col">"Example"</th>
                                    </tr>
                                </thead>
                                <tbody>
                                    {g
                                        .rows
                                        .iter()
                                        .map(|row| {
                                            let [syntax, meaning, example] = *row;
                                            view! {
                                                <tr>
                                                    <td class="notation-syntax">{rich(syntax)}</td>
                                                    <td>{rich(meaning)}</td>
                                                    <td class="notation-example">{rich(example)}</td>
                                                </tr>
                                            }
                                        })
                                        .collect_view()}
                                </tbody>
                            </table>
                        </div>
                    }
                })
                .collect_view()}
            <h3>"Order of modifiers"</h3>
            <p class="notation-order">{rich(ORDER)}</p>
        </HelpSection>
    }
}
