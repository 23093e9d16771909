//! The Ruina Imperii roll's result: hits against the difficulty or the opposed pool, Fortune's cover, and what the
//! outcome means.

use crate::systems::kit::{summary_view, OpponentRoll};
use dicetray_rules::systems::ruina_imperii::{Outcome, RuinaImperiiRoll};
use dicetray_rules::systems::Roll;
use leptos::prelude::*;

fn meaning(roll: &RuinaImperiiRoll) -> String {
    let d = roll.difficulty;
    let text = match roll.outcome {
        Outcome::CriticalSuccess => format!("More than twice {d} hits: you succeed exceptionally."),
        Outcome::Success => format!("More than {d} hits: you succeed."),
        Outcome::Failure if roll.events.iter().any(|e| e == "fortune_covered") => {
            "Not enough hits, and fewer hits than your Risk, but Fortune turns the Harsh Failure into a plain Failure."
                .into()
        }
        Outcome::Failure => format!("{d} hits or fewer: you fail."),
        Outcome::HarshFailure => {
            "You failed with fewer hits than the Risk you took: the failure comes with a harsh consequence.".into()
        }
    };
    format!("{text} (Ruina Imperii)")
}

/// The panel's latest roll, if any.
#[component]
pub fn RuinaImperiiResult(#[prop(into)] last: Signal<Option<RuinaImperiiRoll>>) -> impl IntoView {
    move || {
        last.get()
                .map(|roll| {
                    let mut summary = Roll::RuinaImperii(roll.clone()).summary();
                    summary.dice = roll.dice.clone();
                    let mut detail = format!("{} hits; Success above {}, Critical above {}", roll.total, roll.success_above, roll.critical_above);
                    if roll.pool.zero_dice {
                        detail.push_str(" (zero dice: rolled one die at Risk 1)");
                    }
                    let opponent = roll.opponent.as_ref().map(|o| {
                        view! { <OpponentRoll text=format!("Opponent: {} hits", o.hits) dice=o.dice.clone() /> }
                    });
                    let avoided = roll.events.iter().any(|e| e == "fortune_covered");
                    view! {
                        <section class="roll-result" data-outcome=roll.outcome.as_str()>
                            {summary_view(&summary, meaning(&roll), detail)}
                            {avoided.then(|| view! { <p class="event fortune-covered">"★ Harsh Failure avoided by Fortune"</p> })}
                            {opponent}
                        </section>
                    }
                })
    }
}
