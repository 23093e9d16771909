//! The table settings, folded under the Roll screen's pickers: vibrate on a roll and keep the screen awake, both
//! off by default, and animate the dice as they land (on by default), all kept on the desk. A setting this browser cannot honour says so instead of pretending. The
//! settings themselves are a wasm chunk of their own (`table_settings`), fetched when the fold is first opened:
//! the first load carries only the fold.

use super::device::{can_keep_awake, can_vibrate};
use super::lazy_screen::lazy_view;
use crate::state::erased;
use crate::state::use_app_state;
use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};

/// The fold; its settings load when it is opened.
#[component]
pub fn TableSettings() -> impl IntoView {
    let open = RwSignal::new(false);
    view! {
        <details class="table-settings" on:toggle=move |_| open.set(true)>
            <summary>"At the table: vibration, screen, dice"</summary>
            <Show when=move || open.get()>
                {lazy_view("At the table", "settings", settings_preload, settings)}
            </Show>
        </details>
    }
}

#[wasm_split(table_settings, wasm_split_path = ::leptos::wasm_split, preload(settings_preload), fallible)]
fn settings() -> Result<AnyView, SplitLoaderError> {
    Ok(Settings().into_any())
}

/// The three settings.
#[component]
fn Settings() -> impl IntoView {
    let state = use_app_state();
    let vibrate = erased::derive(move || state.desk.with(|d| d.vibrate));
    let keep_awake = erased::derive(move || state.desk.with(|d| d.keep_awake));
    let set_vibrate = move |on: bool| state.desk.update(|d| d.vibrate = on);
    let set_keep_awake = move |on: bool| state.desk.update(|d| d.keep_awake = on);
    let animate = erased::derive(move || state.desk.with(|d| !d.still_dice));
    let set_animate = move |on: bool| state.desk.update(|d| d.still_dice = !on);
    view! {
            <Setting
                id="setting-vibrate"
                label="Vibrate on each roll"
                value=vibrate
                set=set_vibrate
                available=can_vibrate()
                unavailable="This browser cannot vibrate."
            />
            <Setting
                id="setting-keep-awake"
                label="Keep the screen awake while dicetray is open"
                value=keep_awake
                set=set_keep_awake
                available=can_keep_awake()
                unavailable="This browser cannot keep the screen awake."
            />
            <Setting
                id="setting-animate-dice"
                label="Animate dice as they land"
                value=animate
                set=set_animate
                available=true
                unavailable=""
            />
    }
}

/// One setting: a checkbox, or why this browser cannot do it.
#[component]
fn Setting(
    id: &'static str,
    label: &'static str,
    value: Signal<bool>,
    set: impl Fn(bool) + 'static,
    available: bool,
    unavailable: &'static str,
) -> impl IntoView {
    let hint = format!("{id}-hint");
    view! {
        <label class="check" for=id>
            <input
                id=id
                type="checkbox"
                disabled=!available
                aria-describedby=(!available).then(|| hint.clone())
                prop:checked=move || value.get()
                on:change=move |ev| set(event_target_checked(&ev))
            />
            <span>{label}</span>
        </label>
        {(!available).then(|| view! { <p class="field-hint" id=hint>{unavailable}</p> })}
    }
}
