//! Help: Ruina Imperii (a d6 pool, hits on 4+, Risk and Fortune), with the project's rulings.

use super::{bullets, outcomes, paras, rulings, HelpSection, Outcome};
use dicetray_rules::systems::{ruina_imperii::RuinaImperii, RuleSystem};
use leptos::prelude::*;

pub const ID: &str = <RuinaImperii as RuleSystem>::ID;
const NAME: &str = <RuinaImperii as RuleSystem>::NAME;

pub const OUTCOMES: &[Outcome] = &[
    Outcome {
        id: "critical_success",
        name: "Critical Success",
        meaning: "More than twice the difficulty in hits: you get something extra on top of the success, or a more complete result.",
    },
    Outcome {
        id: "success",
        name: "Success",
        meaning: "More hits than the difficulty: you do what you set out to do.",
    },
    Outcome {
        id: "failure",
        name: "Failure",
        meaning: "Not enough hits: you do not manage it, or you manage it in a way that costs you, whichever makes the better story.",
    },
    Outcome {
        id: "harsh_failure",
        name: "Harsh Failure",
        meaning: "A failure that bites: it brings complications or twists, or hurts more than a normal failure. Only Risk can cause it, and Fortune can cancel it.",
    },
];

pub const RULINGS: &[&str] = &[
    "Pool = skill dice + Risk dice; a hit is a die showing 4, 5 or 6.",
    "Static difficulty D: more than D hits is a Success, more than 2D hits a Critical Success (so at difficulty 0 a single hit is already critical). Opposed: D is the opponent’s hits from their own roll.",
    "Explode N: every die showing N or more adds another die, and the added dice explode too; they score hits like any other die.",
    "Risk r (0 up to your Risk Limit): +r dice, and the roll gains Explode 6 (or an Explode 6 it already had becomes Explode 5; an Explode 5 or 4 from elsewhere stays as it is).",
    "A roll that is not a Success and has fewer hits than its Risk is a Harsh Failure, unless Fortune covers it.",
    "Zero dice: roll 1 die with Risk 1 instead.",
    "Fortune: spend 1 to ignore the Harsh Failure of one roll; spend all you have (at least 1) to ignore it for the rest of the scene, or to avoid a permanent consequence.",
];

#[component]
pub fn RuinaImperiiHelp() -> impl IntoView {
    view! {
        <HelpSection slug=ID title=NAME byline="Ruina Imperii: a d6 pool that counts hits.">
            <h3>"How a roll works"</h3>
            {paras(
                &[
                    "Roll only when failure would matter: harm, lost time that counts, someone getting away. Roll a number of d6, usually your Skill, and count the hits: every die showing 4, 5 or 6.",
                    "Compare your hits with the difficulty: a fixed number when nobody is actively resisting, or the hits of your opponent’s own roll when they are. Beat it to succeed; beat twice it for a critical success.",
                    "If you would ever roll no dice at all, you Risk with 1 die instead.",
                ],
            )}
            <h4>"Explode"</h4>
            {paras(
                &[
                    "Some rolls Explode on 6, 5 or 4: every die at or above that number earns another die, and new dice can explode in turn, so a lucky streak of sixes on Explode 6 keeps adding hits.",
                ],
            )}
            <h4>"Risk"</h4>
            {paras(
                &[
                    "Before rolling you may Risk the action, choosing a level from 0 up to your Risk Limit. You roll that many extra dice, and the roll gains Explode 6, or improves an Explode 6 to Explode 5. The price: if you miss a Success and score fewer hits than your Risk, the failure turns into a Harsh Failure.",
                ],
            )}
            <h4>"Fortune"</h4>
            {bullets(
                &[
                    "Spend 1 Fortune to ignore the Harsh Failure danger of Risk on one roll, so you can Risk up to your limit safely, or to add a small detail to the scene (a friendly face, a bit of preparation done earlier).",
                    "Spend all your remaining Fortune (at least 1) to ignore that danger for the rest of the scene, or to escape death, maiming or another permanent consequence.",
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
    view! { <RuinaImperiiHelp /> }.into_any()
}
