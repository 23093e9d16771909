//! The Hack & Slash roll's result: the success level, each opposer's roll and interference, and what the outcome
//! means.

use crate::systems::kit::summary_view;
use dicetray_rules::systems::hack_and_slash::{HackAndSlashRoll, Interference, Outcome};
use dicetray_rules::systems::Roll;
use dicetray_saved::sheets::hack_and_slash::halves_text;
use leptos::prelude::*;

/// A value in half steps as players write it (`1½`).
pub fn text_of(x: f64) -> String {
    halves_text((x * 2.0).round() as i32)
}

fn meaning(roll: &HackAndSlashRoll) -> String {
    let text = match roll.outcome {
        Outcome::FullSuccess => "Ahead by 1 or more: you do all you meant to.",
        Outcome::HalfSuccess => "Level with it, or ahead by only ½: you get half of what you wanted (half effect).",
        Outcome::Failure => "Behind: the action fails.",
    };
    format!("{text} (Hack & Slash)")
}

/// The panel's latest roll, if any.
#[component]
pub fn HackAndSlashResult(#[prop(into)] last: Signal<Option<HackAndSlashRoll>>) -> impl IntoView {
    move || {
        last.get()
                .map(|roll| {
                    let summary = Roll::HackAndSlash(roll.clone()).summary();
                    let against = match &roll.difficulty {
                        Some(d) => format!("failure die {} + {} = {}", d.die, text_of(d.bonus), text_of(d.roll)),
                        None => {
                            let best = roll.opponents.iter().map(|o| o.roll).fold(f64::MIN, f64::max);
                            format!("the highest opposing roll {}", text_of(best))
                        }
                    };
                    let detail = format!(
                        "Success die {} + {} = {} against {against}: success level {}",
                        roll.action.die,
                        text_of(roll.action.bonus),
                        text_of(roll.action.roll),
                        text_of(roll.success_level),
                    );
                    let rows = roll
                        .opponents
                        .iter()
                        .enumerate()
                        .map(|(i, o)| {
                            let effect = match o.interference {
                                Interference::Full => "interferes fully",
                                Interference::Partial => "interferes partially (half effect)",
                                Interference::None => "does not interfere",
                            };
                            view! {
                                <tr class="opposer-result" data-interference=format!("{:?}", o.interference).to_ascii_lowercase()>
                                    <th scope="row">{format!("Opposer {}", i + 1)}</th>
                                    <td>{format!("{} + {} = {}", o.die, text_of(o.bonus), text_of(o.roll))}</td>
                                    <td>{effect}</td>
                                </tr>
                            }
                        })
                        .collect_view();
                    let opposed = !roll.opponents.is_empty();
                    view! {
                        <section class="roll-result" data-outcome=roll.outcome.as_str()>
                            {summary_view(&summary, meaning(&roll), detail)}
                            {opposed.then(|| view! {
                                <table class="breakdown">
                                    <caption class="sr-only">"Each opposer's roll and interference"</caption>
                                    <thead><tr><th scope="col">"Who"</th><th scope="col">"Roll"</th><th scope="col">"Interference"</th></tr></thead>
                                    <tbody>{rows}</tbody>
                                </table>
                            })}
                        </section>
                    }
                })
    }
}
