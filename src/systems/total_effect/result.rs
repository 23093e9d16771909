//! A Total//Effect roll's result in the panel: the outcome and how the Total was made, the High/Mid/Low Effect
//! dice (and their halves), and which of the ability's bands triggered.

use crate::systems::kit::summary_view;
use dicetray_rules::systems::total_effect::{halve, EscalationMode, Outcome, TotalEffect, TotalEffectRoll};
use dicetray_rules::systems::RuleSystem;
use leptos::prelude::*;

fn meaning(roll: &TotalEffectRoll) -> String {
    let text = match roll.outcome {
        Outcome::CleanSuccess => "13 or more: you succeed with no strings attached.",
        Outcome::SuccessWithTwist => "9 to 12: you succeed, but with a minor twist or cost.",
        Outcome::HardChoice => "8 or less: choose between failing with a minor twist and succeeding at a major cost.",
    };
    format!("{text} (Total//Effect)")
}

/// How the Total was made: "Kept 6 + 4 + 1 + 2 Escalation -1 modifier = 12".
fn total_detail(roll: &TotalEffectRoll) -> String {
    let kept: Vec<String> = roll.dice.iter().filter(|d| d.kept).map(|d| d.value.to_string()).collect();
    let mut detail = format!("Kept {}", kept.join(" + "));
    if roll.escalation_mode == EscalationMode::Add && roll.escalation > 0 {
        detail.push_str(&format!(" + {} Escalation", roll.escalation));
    }
    if roll.modifier != 0 {
        detail.push_str(&format!(" {:+} modifier", roll.modifier));
    }
    detail.push_str(&format!(" = {}", roll.total));
    detail
}

/// The result of `roll`, with `notes` the bands (text, what it does) as they stood when it was rolled.
#[component]
pub fn TotalEffectResult(roll: TotalEffectRoll, notes: Vec<(String, String)>) -> impl IntoView {
    let summary = TotalEffect::summary(&roll);
    let e = roll.effect;
    let bands_view = notes
        .into_iter()
        .map(|(band, effect)| {
            let hit = roll.events.iter().any(|x| x.trim() == band.trim());
            let what = if effect.is_empty() { String::new() } else { format!(" ({effect})") };
            let mark = if hit { "✔ triggered:" } else { "✖ not triggered:" };
            view! {
                <li class:triggered=hit data-band=band.clone() data-triggered=hit.to_string()>
                    {format!("{mark} {band}{what}")}
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="roll-result" data-outcome=roll.outcome.as_str()>
            {summary_view(&summary, meaning(&roll), total_detail(&roll))}
            <p class="effect-dice" aria-label="Effect dice">
                <span class="effect-high">{format!("High {}", e.high)}</span>
                <span class="effect-mid">{format!("Mid {}", e.mid)}</span>
                <span class="effect-low">{format!("Low {}", e.low)}</span>
                <span class="effect-halved">
                    {format!("(halved: {} / {} / {})", halve(e.high), halve(e.mid), halve(e.low))}
                </span>
            </p>
            <ul class="band-list">{bands_view}</ul>
        </section>
    }
}
