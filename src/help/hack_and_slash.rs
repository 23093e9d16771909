//! Help: Hack & Slash success levels (Seth and Benjamin Galbraith), with the project's rulings.

use super::{bullets, outcomes, paras, rulings, HelpSection, Outcome};
use dicetray_rules::systems::{hack_and_slash::HackAndSlash, RuleSystem};
use leptos::prelude::*;

pub const ID: &str = <HackAndSlash as RuleSystem>::ID;
const NAME: &str = <HackAndSlash as RuleSystem>::NAME;

pub const OUTCOMES: &[Outcome] = &[
    Outcome {
        id: "full_success",
        name: "Full success (success level 1 or more)",
        meaning: "The action works completely.",
    },
    Outcome {
        id: "half_success",
        name: "Half success (success level 0 or ½)",
        meaning: "The action half works. When two sides tie, both are half successful, which in some situations means both fail.",
    },
    Outcome {
        id: "failure",
        name: "Failure (success level below 0)",
        meaning: "The action does not work.",
    },
];

pub const RULINGS: &[&str] = &[
    "All dice are d6. Bonuses and difficulties come in half steps (0, ½, 1, 1½ …).",
    "Single action: success level = (d6 + bonuses) − (d6 + difficulty). 1 or more: full success; 0 or ½: half success; below 0: failure.",
    "Opposed: each side rolls d6 + bonuses. Ahead by 1 or more: that side succeeds and the other fails. Ahead by ½: that side half succeeds and the other fails. Equal: both half succeed.",
    "Several opposing one action: the action’s success level is its roll minus the highest opposing roll (same thresholds as above).",
    "Each opposer ahead of the action by 1 or more interferes fully; one ahead by 0 or ½ (a tie included) interferes partially, with half effect.",
];

#[component]
pub fn HackAndSlashHelp() -> impl IntoView {
    view! {
        <HelpSection
            slug=ID
            title=NAME
            byline="Hack & Slash success levels by Seth Galbraith and Benjamin Galbraith."
        >
            <h3>"How a roll works"</h3>
            {paras(
                &[
                    "Everything comes down to the success level: the roll for the action minus the highest roll against it. Bonuses and difficulties come in halves, so success levels do too. Difficulty is everything counting against the action: 0 is a little tricky, 5 very hard, 10 next to impossible; terrain, haste and the like can raise it.",
                ],
            )}
            <h4>"Acting alone"</h4>
            {paras(
                &[
                    "When nobody is directly opposing you, roll two d6: one for success, adding your bonuses, and one for failure, adding the difficulty. Ahead by a whole level or more is a success; ahead by 0 or ½ is a half success.",
                ],
            )}
            <h4>"Against one other character"</h4>
            {bullets(
                &[
                    "Each side rolls one d6 and adds its bonuses.",
                    "Higher by a whole level or more: that side succeeds, the other fails.",
                    "Higher by only ½: that side half succeeds, the other fails.",
                    "Exactly equal: both half succeed (which may mean both fail, depending on what they were doing).",
                ],
            )}
            <h4>"Against several characters"</h4>
            {paras(
                &[
                    "When two or more characters try to stop one action, each rolls against it. The action is measured against the best of those rolls. Any opposer who beats the action by a whole level or more interferes with it fully; one who ties it or beats it by ½ interferes partly, with half effect.",
                ],
            )}
            <h3>"What the outcomes mean"</h3>
            {outcomes(ID, OUTCOMES)}
            {rulings(ID, RULINGS)}
        </HelpSection>
    }
}

/// This system's Help section (the Help screen's list of sections is made from the rules crate's list of systems).
pub fn section() -> AnyView {
    view! { <HackAndSlashHelp /> }.into_any()
}
