//! Persistence: the app state's characters and history in localStorage, versioned, migrated, merged across
//! tabs, and never silently lost. See `schema.rs` for the keys and format.

mod backend;
mod load;
mod quarantine;
mod restore;
mod sync;

pub use sync::{read, start, Saved};

use crate::state::{now_ms, AppState, HistoryEntry};
use dicetray_saved::compact;
use dicetray_saved::merge::union_history;
use dicetray_saved::schema::HistoryMeta;
use leptos::prelude::*;

/// Empty the history (every tab follows); returns what was removed and the metadata before, for [`undo_clear`].
pub fn clear_history(state: &AppState) -> (Vec<HistoryEntry>, HistoryMeta) {
    let before = sync::history_meta();
    sync::set_history_meta(HistoryMeta { rev: before.rev + 1, cleared_at: now_ms() });
    let removed = state.history.try_update(std::mem::take).unwrap_or_default();
    (removed, before)
}

/// Bring back what [`clear_history`] removed (rolls made since are kept).
pub fn undo_clear(state: &AppState, removed: Vec<HistoryEntry>) {
    let meta = sync::history_meta();
    sync::set_history_meta(HistoryMeta { rev: meta.rev + 1, cleared_at: meta.cleared_at });
    state.history.update(|h| *h = union_history(h, &removed));
}

/// A roll just made in this tab, from its own roll: record it; it is saved compactly (its request and seed
/// replay it exactly).
pub fn record_system_roll(state: &AppState, entry: HistoryEntry) {
    compact::note_exact_replay(&entry);
    state.record_roll(entry);
}

/// Change the recorded roll `id` (the Guide declaring a Critical Failure adds an event and a note): it is saved
/// again, in full, since its request and seed no longer give back all it holds.
pub fn amend_history(state: &AppState, id: &str, change: impl FnOnce(&mut HistoryEntry)) {
    state.history.update(|h| {
        if let Some(e) = h.iter_mut().find(|e| e.id == id) {
            compact::forget(e);
            change(e);
        }
    });
}

/// Merge `entries` into the history (no duplicate ids); returns how many were new.
pub fn add_history(state: &AppState, entries: &[HistoryEntry]) -> usize {
    let mut added = 0;
    state.history.update(|h| {
        let before = h.len();
        *h = union_history(h, entries);
        added = h.len() - before;
    });
    added
}
