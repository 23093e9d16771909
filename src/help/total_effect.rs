//! Help: Total//Effect (3d6 for a Total, the dice themselves as High/Mid/Low Effect), with the project's rulings.

use super::{bullets, outcomes, paras, rulings, table, HelpSection, Outcome};
use dicetray_rules::systems::{total_effect::TotalEffect, RuleSystem};
use leptos::prelude::*;

pub const ID: &str = <TotalEffect as RuleSystem>::ID;
const NAME: &str = <TotalEffect as RuleSystem>::NAME;

pub const OUTCOMES: &[Outcome] = &[
    Outcome {
        id: "hard_choice",
        name: "Hard choice (Total 8 or less)",
        meaning:
            "The player picks: the attempt fails with a minor consequence or twist, or it succeeds with a major one.",
    },
    Outcome {
        id: "success_with_twist",
        name: "Success with a twist (Total 9–12)",
        meaning: "The attempt succeeds, with a minor consequence or twist.",
    },
    Outcome {
        id: "clean_success",
        name: "Clean success (Total 13 or more)",
        meaning: "The attempt succeeds with no strings attached.",
    },
];

pub const RULINGS: &[&str] = &[
    "Roll 3d6. Net advantage = advantage − disadvantage: advantage and disadvantage cancel one for one first, and only the net is then held to −3…3 (at most 3 extra dice; 5 advantage and 2 disadvantage roll 3 extra dice, not 1); roll 3 + |net| dice and keep the highest three (net advantage) or the lowest three (net disadvantage). The three kept dice are the Effect dice: High, Mid and Low.",
    "Total = the kept dice + Escalation (0–6, when it applies to this roll) + flat modifiers. Escalation never changes the Effect dice. Table option: Escalation as a floor or a ceiling on each die instead. Escalation 0 means no Escalation in every mode: a floor or a ceiling of 0 leaves the dice as rolled.",
    "General resolution: Total 8 or less is a hard choice (fail with a minor twist, or succeed with a major one: the player picks); 9–12 a success with a minor twist; 13 or more a clean success.",
    "Ability bands (`X+`, `X-`, `X-Y`) are checked against the Total, and every band that matches triggers.",
    "Halving a die: round down, at least 1. Step up: Low → Mid → High, then +1 per further step. Step down: High → Mid → Low, then −1 per further step, never below 0. Steps on a flat value add or subtract 1 each. When an ability both steps and halves, dicetray steps first, then halves.",
    "Tier: acting below your tier gives 1 advantage, above it 1 disadvantage. Levels 0–10 map to tiers 1–3, 4–6 and 7–9 (with an optional level 0 and level 10); each game names its tiers.",
];

#[component]
pub fn TotalEffectHelp() -> impl IntoView {
    view! {
        <HelpSection slug=ID title=NAME byline="Total//Effect: 3d6 read two ways.">
            <h3>"How a roll works"</h3>
            {paras(
                &[
                    "Whenever the outcome is uncertain, roll three d6. Their sum is the Total, which decides how well things go. The dice themselves are the Effect: sorted, they are the High die, the Mid die and the Low die (a roll of 4, 1, 6 has High 6, Mid 4, Low 1), and abilities use them for numbers such as distance, answers or damage.",
                ],
            )}
            <h4>"Advantage and disadvantage"</h4>
            {paras(
                &[
                    "An edge or an easier task gives advantage: roll one extra die and keep the highest three. A hindrance or a harder task gives disadvantage: one extra die, keep the lowest three. Advantage and disadvantage cancel one for one first; what is left adds a die per instance, up to three (six dice in all).",
                ],
            )}
            <h4>"Escalation"</h4>
            {paras(
                &[
                    "Escalation (0 to 6) measures rising tension: rounds of combat, a location’s alert level, tempers at a party. When it applies, usually to player rolls that push in the same direction, it is added to the Total. Sometimes it sets a minimum or maximum on the dice instead. It rises and falls with the situation.",
                ],
            )}
            <h4>"Ability bands"</h4>
            {table(
                "Bands over the Total",
                &["Band", "Triggers when the Total is"],
                &[&["`X+`", "X or more"], &["`X-`", "X or less"], &["`X-Y`", "from X to Y, both included"]],
            )}
            {paras(&["Bands can overlap: with a Total of 14, both a 9+ and a 13+ effect happen."])}
            <h4>"Working with the Effect dice"</h4>
            {bullets(
                &[
                    "Halving a die rounds down but never below 1: 1–3 give 1, 4–5 give 2, 6 gives 3.",
                    "Stepping up moves to the next higher die (Low → Mid → High); past High, each step adds 1. With 4, 1, 6 the Mid die (4) stepped up is 6, and stepped up again is 7.",
                    "Stepping down moves to the next lower die (High → Mid → Low); past Low, each step takes 1 away, down to 0. With 4, 1, 6 the Mid die stepped down is 1, and stepped down again is 0.",
                    "Steps applied to a flat number just add or subtract 1 per step.",
                ],
            )}
            {paras(
                &[
                    "In the Roll panel, “Reading the Effect dice” does this for you: add a reading for each ability that uses the dice, pick the High, Mid or Low die (or a flat value), step it up or down with − and +, and tick Halve if the ability halves it. Before the roll the panel says where the steps land (the Mid die stepped up 1 is the High die); after it, the value. A flat value’s result shows at once.",
                ],
            )}
            <h3>"What the outcomes mean"</h3>
            {outcomes(ID, OUTCOMES)}
            {paras(
                &[
                    "A consequence follows from the action itself; a twist is a wrinkle in the situation that was hidden until now or comes to light through the action. The GM may also read numbers off the dice: progress equal to the High die when travelling, say, or half the Mid die in answers when digging for information.",
                ],
            )}
            <h4>"Level and tier"</h4>
            {paras(
                &[
                    "Level (usually 1–9, sometimes with a prologue level 0 or a pinnacle level 10) measures experience. Tiers group levels: normally 1–3, 4–6 and 7–9, each with a name the game chooses. Facing something of a lower tier than yours gives 1 advantage; something of a higher tier gives 1 disadvantage.",
                ],
            )}
            {rulings(ID, RULINGS)}
        </HelpSection>
    }
}

/// This system's Help section (the Help screen's list of sections is made from the rules crate's list of systems).
pub fn section() -> AnyView {
    view! { <TotalEffectHelp /> }.into_any()
}
