//! Where an attack that hits lands, as exact odds before the roll (Head on a Legendary, a limb on a Partial
//! Critical, else the Core; a called shot decides alone). They add up to the chance of hitting.

use crate::state::erased;
use crate::widgets::odds_chart::OddsChart;
use dicetray_rules::systems::twenty_four::{location_odds, TwentyFourRequest};
use dicetray_rules::systems::RequestError;
use leptos::prelude::*;

/// Hit locations in words.
pub fn location_label(name: &str) -> String {
    match name {
        "head" => "Head",
        "core" => "Core",
        "limb" => "A limb (the attacker picks)",
        "left_arm" => "Left arm",
        "right_arm" => "Right arm",
        "legs" => "Legs",
        other => other,
    }
    .to_string()
}

/// The hit-location odds of `request` (shown only for a valid attack).
#[component]
pub fn HitLocationOdds(#[prop(into)] request: Signal<Result<TwentyFourRequest, RequestError>>) -> impl IntoView {
    let chances = erased::derive(move || {
        request.with(|r| r.as_ref().ok().filter(|r| r.attack).and_then(|r| location_odds(r).ok()).unwrap_or_default())
    });
    view! {
        <Show when=move || !chances.with(Vec::is_empty)>
            <section class="odds" id="location-odds" aria-label="Where a hit lands">
                <OddsChart chances=chances label=location_label caption="Where the attack lands (chance of each; a Miss lands nowhere)" />
            </section>
        </Show>
    }
}
