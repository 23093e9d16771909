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
            ["`d%`", "a percentile die, 1–100", "`d%`"],
            ["`dF`", "a Fudge/Fate die: −1, 0 or +1", "`4dF`"],
        ],
    },
    Group {
        title: "Keep and drop",
        intro: "",
        rows: &[
            ["`khN`", "keep the N highest dice", "`4d6kh3`"],
            ["`kN`", "the same as `khN`", "`4d6k3`"],
            ["`klN`", "keep the N lowest dice", "`2d20kl1`"],
            ["`dlN`", "drop the N lowest dice", "`4d6dl1`"],
            ["`dhN`", "drop the N highest dice", "`3d6dh1`"],
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
            ["`rN` `r<=N` `r<N`", "reroll a die showing a matching face, again and again, until it no longer matches", "`2d6r1`, `4d6r<3`"],
            ["`ro`", "the same comparisons, but reroll only once; the new face stands", "`d20ro1`, `4d6ro<=2`"],
        ],
    },
    Group {
        title: "Counting successes",
        intro: "A comparison right after the dice turns the roll into a count of successes instead of a sum. `>N` is strict: faces above N count, N does not. `>=N` counts N or more. This is how rpg-dice-roller and Foundry read them; Roll20 reads `>N` as N or more, so for that write `>=N` here. The Tray says in words which faces count before you roll.",
        rows: &[
            ["`>=N` `>N`", "count the dice that match", "`8d6>=4`, `10d10>7`"],
            ["`f<=N`", "subtract one for each die matching the failure comparison", "`10d10>=8f<=1`"],
        ],
    },
    Group {
        title: "Arithmetic, labels and comments",
        intro: "",
        rows: &[
            ["`+ - * /`", "add, subtract, multiply, divide; division rounds toward zero (see the notation reference)", "`2d6+3`, `d20/2`"],
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

/// When one group carries several modifiers, they apply in this order, however they are typed.
pub const ORDER: &str = "On one group of dice the modifiers always apply in this order, whatever order you type them in: rerolls → explosions → keep/drop → success counting.";

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
                        <div class="help-table-wrap">
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
