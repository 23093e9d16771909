//! Push Your Luck after a Miss: the track at risk and the fiction, the odds of the push, and the push itself.

use super::last_roll::LastRoll;
use crate::systems::kit::{roll_and_record, OddsView, RollCtx, SelectField};
use crate::widgets::lazy_screen::lazy_view;
use dicetray_rules::systems::twenty_four::{push_request, PushDeclaration, Track, TwentyFour};
use dicetray_rules::systems::{RequestError, Roll, RuleSystem};
use dicetray_saved::sheets::twenty_four::{track_id, track_name, TRACKS};
use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};

/// The push form, from a chunk of its own (`push`): it is offered only after a Miss, so the first load carries none
/// of it.
pub fn lazy_push_form(last: LastRoll, character: Option<String>) -> AnyView {
    lazy_view("Push Your Luck", "form", push_preload, move || push_form(last, character.clone()))
}

#[wasm_split(push, wasm_split_path = ::leptos::wasm_split, preload(push_preload), fallible)]
fn push_form(last: LastRoll, character: Option<String>) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <PushForm last character /> }.into_any())
}

/// The push form, shown while the latest roll may be pushed.
#[component]
pub fn PushForm(last: LastRoll, character: Option<String>) -> impl IntoView {
    let ctx = RollCtx::get();
    let character = StoredValue::new(character);
    let track = RwSignal::new("position".to_string());
    let fiction = RwSignal::new(String::new());
    let declaration = move || {
        let t = TRACKS.into_iter().find(|t| track_id(*t) == track.get()).unwrap_or(Track::Position);
        PushDeclaration { track: t, fiction: fiction.get() }
    };
    let push_odds = Memo::new(move |_| {
        let prev = last.roll.get().ok_or_else(|| RequestError::new("pushed", "nothing to push", "a Miss"))?;
        let mut d = declaration();
        if d.fiction.trim().is_empty() {
            d.fiction = "(fiction to come)".into();
        }
        TwentyFour::odds(&push_request(&prev, d)?)
    });
    let do_push = move |_| {
        let Some(prev) = last.roll.get_untracked() else { return };
        let Ok(req) = push_request(&prev, declaration()) else { return };
        let who = ctx.character_ref(&character.get_value());
        roll_and_record::<TwentyFour>(ctx, &req, who, &TwentyFour::describe(&req), move |roll, id| {
            if let Roll::TwentyFour(roll) = roll {
                fiction.set(String::new());
                last.record(roll, id, Some(prev));
            }
        });
    };
    let track_options: Vec<(String, String)> =
        TRACKS.into_iter().map(|t| (track_id(t).to_string(), track_name(t).to_string())).collect();
    view! {
        <section class="push-form" aria-labelledby="push-title">
            <h3 id="push-title">"Push Your Luck"</h3>
            <p class="hint">"Risk a track and say how: the whole pool is rerolled against the DC - 2, not below 6 (a DC under 6 stays as it is). Success costs a Minor complication, failure a Major one, and the new result stands."</p>
            <SelectField id="push-track" label="Track at risk" value=track options=track_options forget=true />
            <div class="field">
                <label for="push-fiction">"The risk you take (fiction)"</label>
                <textarea id="push-fiction" rows="2" bind:value=fiction></textarea>
            </div>
            <OddsView odds=push_odds label=TwentyFour::words id="push-odds" caption="Chance of each outcome if you push" />
            <button
                type="button"
                id="push-button"
                class="roll-button push"
                disabled=move || fiction.get().trim().is_empty()
                on:click=do_push
            >
                "Push and reroll"
            </button>
        </section>
    }
}
