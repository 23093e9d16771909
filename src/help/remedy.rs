//! Help: Remedy (d20 checks with the ▲ ▼ ! ♻ dice modifiers), in our own words, with the project's rulings.

use super::{bullets, outcomes, paras, rulings, steps, table, HelpSection, Outcome};
use dicetray_rules::systems::{remedy::Remedy, RuleSystem};
use leptos::prelude::*;

pub const ID: &str = <Remedy as RuleSystem>::ID;
const NAME: &str = <Remedy as RuleSystem>::NAME;

pub const OUTCOMES: &[Outcome] = &[
    Outcome {
        id: "triumph",
        name: "Triumph (natural 20)",
        meaning: "The kept d20 shows 20 (or a face in a widened triumph range): the check succeeds no matter the total, and the Storyteller adds something good. On an attack it is a critical hit.",
    },
    Outcome {
        id: "success",
        name: "Success",
        meaning: "The total beats the DC, or beats the other side’s total in a contest.",
    },
    Outcome {
        id: "failure",
        name: "Failure",
        meaning: "The total does not beat the DC (a tie is a failure), or loses the contest.",
    },
    Outcome {
        id: "disaster",
        name: "Disaster (natural 1)",
        meaning: "The kept d20 shows 1 (or a face in a widened disaster range): the check fails no matter the total, and the Storyteller adds something bad.",
    },
];

pub const RULINGS: &[&str] = &[
    "A d10 reads 1–10 (a 0 counts as 10); a d100 is percentile, 1–100.",
    "Modifiers on a group always apply in this order: ♻ reroll (faces 1 to k for k symbols, once; the new value stands) → ! explode (a maximum face adds another roll, again and again) → ▲/▼ keep (k symbols keep k dice).",
    "A check keeps one d20 (how many you roll, e.g. `2d20▲`, comes from aptitude and mastery) + the ability score + net dominance d6s (added) or net threat d6s (subtracted) + other bonuses.",
    "♻ is the roller’s choice: a die in the ♻ range may be rerolled once, decided after seeing it. In a check dicetray’s odds assume the best choice (given the faces rolled, reroll the dice in range whose reroll most raises the chance of success or triumph; if none helps, keep them). On the Tray, where there is no DC, ♻ always rerolls.",
    "The natural result is the kept d20’s face after ♻ and before anything is added. The triumph range is 20 and the disaster range 1 by default; both can be widened (e.g. “18–20”).",
    "Against a DC the check succeeds only if the total is greater than the DC: ties go to the DC. In a contest the higher total wins, and a tie goes to the reactive side.",
    "Triumph succeeds whatever the total (on an attack: a critical hit); disaster fails whatever the total.",
    "In a contest, triumph on both sides or disaster on both sides cancel out; triumph against disaster: both apply.",
];

#[component]
pub fn RemedyHelp() -> impl IntoView {
    view! {
        <HelpSection slug=ID title=NAME byline="Remedy: d20 checks with the ▲ ▼ ! ♻ dice modifiers.">
            <h3>"How a roll works"</h3>
            {paras(
                &[
                    "Remedy uses the usual polyhedral dice. A d10 is numbered 0–9 with the 0 read as 10, and two d10s make a percentile d100 (tens die plus units die, 00 with 0 read as 100). Notation such as `3d6+7` means roll three d6, add them, add 7.",
                ],
            )}
            <h4>"Dice modifiers"</h4>
            {table(
                "Remedy's dice modifiers",
                &["Mark", "Name", "What it does"],
                &[
                    &["`▲`", "Advantage", "Keep the highest die of the group. Each extra ▲ keeps one more (the next highest)."],
                    &["`▼`", "Disadvantage", "Keep the lowest die. Each extra ▼ keeps one more (the next lowest)."],
                    &["`!`", "Exploding", "A die on its maximum face is rolled again and the new roll is added; this repeats while it keeps hitting the maximum."],
                    &["`♻`", "Reroll", "A die on its minimum face may be rolled once more (your choice), and the new roll must be used. Each extra ♻ widens the range by one: `1d20♻♻♻` rerolls a 1, 2 or 3."],
                ],
            )}
            <h4>"Making a check"</h4>
            {steps(
                &[
                    "Roll the d20s your aptitude and mastery call for, applying their modifiers (for example `2d20▲`).",
                    "Add the ability score the check uses.",
                    "Add dominance dice, subtract threat dice, and add any other bonuses or penalties from spells, abilities and the like.",
                    "Compare with the other side’s check in a contest, or with a difficulty class (DC). The higher number wins; ties go to the reactive side or to the DC.",
                ],
            )}
            {table(
                "Difficulty classes",
                &["Difficulty", "DC", "For example"],
                &[
                    &["Trivial", "0–4", "spotting something in plain view"],
                    &["Easy", "5–9", "finding an unusual book in a library"],
                    &["Moderate", "10–14", "breaking down an ordinary wooden door"],
                    &["Hard", "15–19", "learning a language in a week"],
                    &["Punishing", "20–24", "forging a magic weapon"],
                    &["Insane", "25–29", "free-climbing an icy cliff in a storm"],
                    &["Impossible", "30+", "inventing a whole new kind of spell"],
                ],
            )}
            {paras(
                &[
                    "Not everything needs a roll: the Storyteller may simply decide, and should refuse a check for the truly impossible, because a triumph would guarantee it.",
                ],
            )}
            <h4>"Dominance and threat"</h4>
            {paras(
                &[
                    "Helpful circumstances give dominance, a bonus d6 added to the check; harmful ones give threat, a d6 subtracted from it. Each stacks, and they cancel one for one: three threats and one dominance leave two threat dice.",
                ],
            )}
            <h3>"What the outcomes mean"</h3>
            {outcomes(ID, OUTCOMES)}
            {bullets(
                &[
                    "Triumph and disaster look at the natural roll: the die’s own face once the dice modifiers are done, before any score or bonus is added.",
                    "Some effects widen the ranges, such as triumph on 18–20 or disaster on 1–3.",
                    "In a contest, if both sides get triumph, or both get disaster, they cancel and are ignored; if one gets triumph and the other disaster, both apply.",
                ],
            )}
            {rulings(ID, RULINGS)}
        </HelpSection>
    }
}

/// This system's Help section (the Help screen's list of sections is made from the rules crate's list of systems).
pub fn section() -> AnyView {
    view! { <RemedyHelp /> }.into_any()
}
