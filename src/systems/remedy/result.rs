//! The Remedy roll's result: each side's check, the outcome and what it means, and the ♻ reroll choice after it.

use super::reroll::{RerollButtons, Rolled};
use crate::systems::kit::{summary_view, OpponentRoll};
use dicetray_rules::systems::remedy::difficulty_name;
use dicetray_rules::systems::remedy::{CheckRoll, Outcome, Remedy, RemedyRoll};
use dicetray_rules::systems::{Roll, RuleSystem};
use leptos::prelude::*;

fn meaning(roll: &RemedyRoll) -> String {
    let contest = roll.opponent.is_some();
    let text = match roll.outcome {
        Outcome::Triumph if roll.critical_hit => {
            "A natural in your triumph range: the attack lands as a critical hit, whatever the total."
        }
        Outcome::Triumph => "A natural in your triumph range: you succeed whatever the total, and then some.",
        Outcome::Success if contest => "Your total beats the other side's: you win the contest.",
        Outcome::Success => "Your total is above the DC: you succeed (a tie would have gone to the DC).",
        Outcome::Failure if contest => "The other side wins the contest (a tie goes to whoever reacts).",
        Outcome::Failure => "Your total does not beat the DC: you fail.",
        Outcome::Disaster => "A natural in your disaster range: you fail whatever the total, badly.",
    };
    format!("{text} (Remedy)")
}

fn side_text(c: &CheckRoll) -> String {
    let d6 = match c.d6 {
        0 => String::new(),
        n if n > 0 => format!(" + {n} dominance"),
        n => format!(" - {} threat", -n),
    };
    let bonus = if c.bonus == 0 { String::new() } else { format!(" {:+} bonus", c.bonus) };
    format!("{}: natural {} (kept {}) {:+} ability{d6}{bonus} = {}", c.notation, c.natural, c.kept, c.ability, c.total)
}

/// The panel's latest roll, if any, with the ♻ choice.
#[component]
pub fn RemedyResult(last: RwSignal<Option<Rolled>>) -> impl IntoView {
    move || {
        last.get()
                .map(|Rolled { roll, .. }| {
                    let mut summary = Roll::Remedy(roll.clone()).summary();
                    summary.dice = roll.dice.clone();
                    let mut detail = side_text(&roll.check);
                    if let Some(dc) = roll.dc {
                        detail.push_str(&format!(" against DC {dc} ({})", difficulty_name(dc)));
                    }
                    let opponent = roll.opponent.as_ref().map(|o| {
                        view! { <OpponentRoll text=format!("Opponent {}", side_text(o)) dice=o.dice.clone() /> }
                    });
                    view! {
                        <section class="roll-result" data-outcome=roll.outcome.as_str()>
                            {summary_view(&summary, meaning(&roll), detail)}
                            {opponent}
                            {roll.events.iter().map(|e| view! { <p class="event">{format!("★ {}", Remedy::words(e))}</p> }).collect_view()}
                        </section>
                        <RerollButtons last=last />
                    }
                })
    }
}
