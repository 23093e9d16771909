//! The 24-System roll's result: outcome, dice and what it means, a Partial Critical, where an attack lands, the
//! complication a push brought (logged on the sheet on request) and the Guide's Critical Failure.

use super::last_roll::LastRoll;
use crate::state::{now_ms, HistoryEntry};
use crate::systems::kit::{summary_view, RollCtx};
use dicetray_rules::systems::twenty_four::{declare_critical_failure, HitLocation, Outcome, Severity, TwentyFourRoll};
use dicetray_rules::systems::Roll;
use dicetray_saved::sheets::twenty_four::track_name;
use leptos::prelude::*;

/// What an outcome means at the table (our paraphrase of the 24-System).
fn meaning(roll: &TwentyFourRoll) -> String {
    let mut text = match roll.outcome {
        Outcome::Legendary => "24 or more: an extraordinary, cinematic success whatever the DC; expect a bonus beyond what you aimed for.",
        Outcome::Success => "You met the DC: you do what you set out to do, cleanly.",
        Outcome::Miss if roll.pushed => "The push failed: the result stands and brings a Major complication on the track you risked.",
        Outcome::Miss => "Below the DC: you don't get it this time. You may Push Your Luck, or change the situation before trying again.",
    }
    .to_string();
    if roll.partial_critical() {
        text.push_str(" Partial Critical: a die showed its maximum, so you also get a flourish (speed, position, a minor consequence avoided...).");
    }
    text.push_str(" (24-System)");
    text
}

fn location_text(l: HitLocation) -> &'static str {
    match l {
        HitLocation::Head => "the Head",
        HitLocation::Core => "the Core",
        HitLocation::Limb => "a limb (the attacker picks left arm, right arm or legs)",
        HitLocation::LeftArm => "the left arm",
        HitLocation::RightArm => "the right arm",
        HitLocation::Legs => "the legs",
    }
}

/// The latest roll of the panel, if any.
#[component]
pub fn TwentyFourResult(last: LastRoll, character: Option<String>) -> impl IntoView {
    let ctx = RollCtx::get();
    let character = StoredValue::new(character);
    let log_complication = move |_| {
        let (Some(id), Some(c)) = (character.get_value(), last.roll.with_untracked(|l| l.clone()?.complication)) else {
            return;
        };
        ctx.state.change_character(&id, |ch| ch.log_complication(&c, now_ms()));
        last.logged.set(true);
    };
    let declare = move |_| {
        let mut roll = last.roll.get_untracked();
        if let Some(r) = roll.as_mut() {
            if declare_critical_failure(r).is_ok() {
                ctx.state.amend_history(&last.entry.get_untracked(), HistoryEntry::declare_critical_failure);
                ctx.announce("The Guide declared the failed push a Critical Failure.".into());
                last.roll.set(roll);
            }
        }
    };
    move || {
        last.roll.get().map(|roll| {
            let summary = Roll::TwentyFour(roll.clone()).summary();
            let kept: Vec<String> = roll.dice.iter().filter(|d| d.kept).map(|d| d.value.to_string()).collect();
            let detail = format!(
                "Two highest {} + {} flat = {} against DC {}{}",
                kept.join(" + "),
                roll.flat,
                roll.total,
                roll.target_dc,
                if roll.pushed { " (pushed: the DC - 2, not below 6 unless it already was)" } else { "" },
            );
            let before =
                last.pushed_from.get().map(|p| format!("Pushed after a Miss of {} against DC {}.", p.total, p.target_dc));
            let logged = last.logged;
            view! {
                <section class="roll-result" data-outcome=roll.outcome.as_str() data-pushed=roll.pushed.to_string()>
                    {last.from_history.get().then(|| view! { <p class="from-history">"Your last roll here, from History:"</p> })}
                    {before.map(|b| view! { <p class="pushed-from">{b}</p> })}
                    {summary_view(&summary, meaning(&roll), detail)}
                    {roll.partial_critical().then(|| view! { <p class="event">"★ Partial Critical"</p> })}
                    {roll.hit_location.map(|l| view! { <p class="hit-location">{format!("Hit: {}", location_text(l))}</p> })}
                    {roll.complication.clone().map(|c| {
                        let sev = match c.severity { Severity::Minor => "Minor", Severity::Major => "Major" };
                        view! {
                            <div class="complication" data-severity=sev.to_ascii_lowercase()>
                                <p>{format!("{sev} complication on {}: {}", track_name(c.track), c.fiction)}</p>
                                {character.get_value().map(|_| view! {
                                    <button type="button" id="log-complication" class="secondary" disabled=move || logged.get() on:click=log_complication>
                                        {move || if logged.get() { "Logged on the sheet ✓" } else { "Log on sheet" }}
                                    </button>
                                })}
                            </div>
                        }
                    })}
                    {(roll.pushed && roll.outcome == Outcome::Miss).then(|| {
                        if roll.critical_failure {
                            view! { <p class="critical-failure">"✖ Critical Failure, declared by the Guide: a catastrophe beyond the Major complication."</p> }.into_any()
                        } else {
                            view! {
                                <button type="button" id="declare-critical-failure" class="secondary" on:click=declare>
                                    "Guide: declare a Critical Failure"
                                </button>
                            }.into_any()
                        }
                    })}
                </section>
            }
        })
    }
}
