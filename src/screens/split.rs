//! The split points: every screen but Roll is compiled into its own wasm chunk, fetched the first time the screen
//! opens (crates/xtask cuts the chunks out after the build; ARCHITECTURE.md, "Code splitting"). So is
//! every Roll panel but the 24-System's: a first visit rolls ad hoc with the first system, the 24-System, so its
//! panel is in the main module, and another system's panel is fetched when a player first picks that system (or
//! a character who plays it).
//!
//! Each `screen_*` builds its screen's view inside the chunk; the generated `*_preload` only fetches the chunk and
//! reports a failed fetch as `Err` (`fallible`: without it a failed fetch would panic, which aborts the whole app).
//! `widgets::lazy_screen` shows the loading state and the error. Natively these are plain calls.

use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};

#[wasm_split(tray, wasm_split_path = ::leptos::wasm_split, preload(tray_preload), fallible)]
pub fn screen_tray() -> Result<AnyView, SplitLoaderError> {
    Ok(super::tray::TrayScreen().into_any())
}

#[wasm_split(characters, wasm_split_path = ::leptos::wasm_split, preload(characters_preload), fallible)]
pub fn screen_characters() -> Result<AnyView, SplitLoaderError> {
    Ok(super::characters::CharactersScreen().into_any())
}

#[wasm_split(history, wasm_split_path = ::leptos::wasm_split, preload(history_preload), fallible)]
pub fn screen_history() -> Result<AnyView, SplitLoaderError> {
    Ok(super::history::HistoryScreen().into_any())
}

#[wasm_split(help, wasm_split_path = ::leptos::wasm_split, preload(help_preload), fallible)]
pub fn screen_help() -> Result<AnyView, SplitLoaderError> {
    Ok(super::help::HelpScreen().into_any())
}

#[wasm_split(replay, wasm_split_path = ::leptos::wasm_split, preload(replay_preload), fallible)]
pub fn screen_replay() -> Result<AnyView, SplitLoaderError> {
    Ok(super::replay::ReplayScreen().into_any())
}

#[wasm_split(panel_remedy, wasm_split_path = ::leptos::wasm_split, preload(remedy_panel_preload), fallible)]
pub fn remedy_panel(character: Option<String>) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <crate::systems::remedy::RemedyPanel character /> }.into_any())
}

#[wasm_split(panel_total_effect, wasm_split_path = ::leptos::wasm_split, preload(total_effect_panel_preload), fallible)]
pub fn total_effect_panel(character: Option<String>) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <crate::systems::total_effect::TotalEffectPanel character /> }.into_any())
}

#[wasm_split(panel_ruina_imperii, wasm_split_path = ::leptos::wasm_split, preload(ruina_imperii_panel_preload), fallible)]
pub fn ruina_imperii_panel(character: Option<String>) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <crate::systems::ruina_imperii::RuinaImperiiPanel character /> }.into_any())
}

#[wasm_split(panel_hack_and_slash, wasm_split_path = ::leptos::wasm_split, preload(hack_and_slash_panel_preload), fallible)]
pub fn hack_and_slash_panel(character: Option<String>) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <crate::systems::hack_and_slash::HackAndSlashPanel character /> }.into_any())
}
