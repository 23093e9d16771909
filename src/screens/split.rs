//! The split points: every screen but Roll is compiled into its own wasm chunk, fetched the first time the screen
//! opens (crates/xtask cuts the chunks out after the build; ARCHITECTURE.md, "Code splitting"). So is every Roll
//! panel but the 24-System's, whose split points are in the system's own folder (`systems::<system>::chunk`).
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

#[wasm_split(table, wasm_split_path = ::leptos::wasm_split, preload(table_preload), fallible)]
pub fn screen_table() -> Result<AnyView, SplitLoaderError> {
    Ok(super::table::TableScreen().into_any())
}

/// Sit back down at the saved table after a reload (`table::join::resume`), in the Table screen's chunk.
#[wasm_split(table, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn resume_table(state: crate::state::AppState) -> Result<(), SplitLoaderError> {
    leptos::task::spawn_local(async move {
        crate::table::join::resume(state).await;
    });
    Ok(())
}

#[wasm_split(replay, wasm_split_path = ::leptos::wasm_split, preload(replay_preload), fallible)]
pub fn screen_replay() -> Result<AnyView, SplitLoaderError> {
    Ok(super::replay::ReplayScreen().into_any())
}

/// Share History entry `entry` (the Roll screen's bar): the roll in words and its replay link, through the share
/// sheet, the clipboard or the player's own copy; what became of it goes to `said`, the bar's status. In a chunk of
/// its own: the words and the link come from History's code, which the Roll screen does not otherwise need.
#[wasm_split(share, wasm_split_path = ::leptos::wasm_split, preload(share_preload), fallible)]
pub fn share_entry(
    state: crate::state::AppState,
    entry: String,
    said: crate::systems::roll_bar::ShareSaid,
) -> Result<(), SplitLoaderError> {
    use crate::widgets::share::{absolute_url, share_roll, Shared};
    let found = state.history.with_untracked(|h| {
        let e = h.iter().rev().find(|e| e.id == entry)?;
        Some((crate::history::entry_row::share_words(e), absolute_url(&crate::history::replay::replay_hash(e))))
    });
    let Some((words, url)) = found else { return Ok(()) };
    leptos::task::spawn_local(async move {
        let text = match share_roll(&words, &url).await {
            Shared::ByHand(text) => format!("Copy it from here: {text}"),
            done => done.said().unwrap_or_default().to_string(),
        };
        said.say(text);
    });
    Ok(())
}
