//! The Replay screen (`#/replay?...`): a roll rebuilt from a link, with the same dice and outcome.

use crate::history::replay::{parse_replay, ReplayLink};
use crate::history::text;
use crate::route::use_hash;
use crate::state::{use_app_state, AppState, RollSource};
use crate::widgets::dice::DiceRow;
use dicetray_rules::systems;
use leptos::prelude::*;

#[component]
pub fn ReplayScreen() -> impl IntoView {
    let state = use_app_state();
    let hash = use_hash();
    view! {
        <section class="screen replay-screen" aria-labelledby="screen-title">
            <h1 id="screen-title">"Replay"</h1>
            <p class="lede">"A roll rebuilt from its link: the same request and seed give the same dice."</p>
            <p class="replay-trust" role="note">
                <strong>"Not proof of a roll. "</strong>
                "Anyone can write a link with any seed they like, so this page shows what that seed gives, not that somebody rolled it. A roll made at the table counts; a link only lets you look at one again."
            </p>
            {move || match parse_replay(&hash.get()) {
                Ok(link) => replay_view(state, link).into_any(),
                Err(e) => {
                    view! {
                        <p class="replay-error" role="alert">
                            "This replay link cannot be read: "
                            {e}
                        </p>
                    }
                        .into_any()
                }
            }}
            <p>
                <a href="#/history" class="button">"Back to History"</a>
            </p>
        </section>
    }
}

fn replay_view(state: AppState, link: ReplayLink) -> impl IntoView {
    let original =
        link.id.as_ref().and_then(|id| state.history.with_untracked(|h| h.iter().find(|e| &e.id == id).cloned()));
    let seed = link.seed.to_string();
    match link.source {
        RollSource::System { request } => {
            let system = crate::systems::system_name(request.system_id()).to_string();
            let words = text::request_words(&RollSource::System { request: request.clone() });
            match request.roll(link.seed) {
                Ok(roll) => {
                    let s = roll.summary();
                    let seed_attr = seed.clone();
                    let events = s.events.iter().map(|e| systems::words(&s.system, e)).collect::<Vec<_>>().join(", ");
                    let same = original.as_ref().map(|o| o.outcome == s.outcome && o.dice == s.dice);
                    let check = match (same, &original) {
                        (Some(true), Some(o)) => Some(format!(
                            "Same dice and outcome as the roll in your history from {}{}.",
                            text::time_words(o.at).0,
                            o.character.as_ref().map(|c| format!(" for {}", c.name)).unwrap_or_default()
                        )),
                        (Some(false), _) => Some(
                            "This differs from the roll in your history: the rules have changed since it was made."
                                .to_string(),
                        ),
                        _ => None,
                    };
                    view! {
                        <div class="replay-roll" data-outcome=s.outcome.clone() data-seed=seed_attr>
                            <p class="replay-what">
                                <strong>{system}</strong>
                                " · "
                                <code class="replay-request">{words}</code>
                                " · seed "
                                <code class="replay-seed">{seed}</code>
                            </p>
                            <DiceRow dice=s.dice.clone() />
                            <p class=format!("replay-outcome outcome-{}", s.outcome)>
                                "Outcome "
                                <strong>{systems::words(&s.system, &s.outcome)}</strong>
                                {format!(" · total {}", text::number_words(s.total))}
                                {(!events.is_empty()).then(|| format!(" · {events}"))}
                            </p>
                            {check.map(|c| view! { <p class="replay-match">{c}</p> })}
                        </div>
                    }
                    .into_any()
                }
                Err(e) => {
                    view! { <p class="replay-error" role="alert">{format!("This roll cannot be replayed: {e}")}</p> }
                        .into_any()
                }
            }
        }
        RollSource::Notation { expr, version } => {
            let replayed = dicetray_rules::dice::parse_versioned(&expr, version).and_then(|e| e.roll(link.seed));
            let body = match replayed {
                Ok(r) => {
                    let same = original.as_ref().map(|o| o.dice == r.dice() && o.text == r.text);
                    let check = match same {
                        Some(true) => Some("Same dice and total as the roll in your history.".to_string()),
                        Some(false) => Some(
                            "This differs from the roll in your history: the notation's meaning has changed since it was made."
                                .to_string(),
                        ),
                        None => None,
                    };
                    view! {
                        <DiceRow dice=r.dice() />
                        <p class="replay-outcome">
                            <span class="replay-text">{r.text.clone()}</span>
                        </p>
                        {check.map(|c| view! { <p class="replay-match">{c}</p> })}
                    }
                    .into_any()
                }
                Err(e) => {
                    view! { <p class="replay-error" role="alert">{format!("This roll cannot be replayed: {e}")}</p> }
                        .into_any()
                }
            };
            view! {
                <div class="replay-roll replay-notation" data-seed=link.seed.to_string() data-version=version.to_string()>
                    <p class="replay-what">
                        <strong>"Tray notation"</strong>
                        " · "
                        <code class="replay-request">{expr}</code>
                        " · seed "
                        <code class="replay-seed">{seed}</code>
                    </p>
                    {body}
                </div>
            }
            .into_any()
        }
    }
}
