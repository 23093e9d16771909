//! Where the app's state lives: one [`AppState`] in a Leptos context, holding signals for the characters, the
//! session history and the notices shown to the player. Screens read and write these signals; the storage
//! layer (`crate::storage`) loads them at start-up and saves them when they change.

use leptos::prelude::*;

pub mod edit;
mod notice;

pub use dicetray_saved::{new_id, now_ms, Character, CharacterRef, HistoryEntry, RollSource};
pub use notice::{Notice, NoticeLevel};

/// Everything the screens share.
#[derive(Clone, Copy)]
pub struct AppState {
    /// Every character, in the order the player arranged them.
    pub characters: RwSignal<Vec<Character>>,
    /// Every roll, oldest first (screens show newest first).
    pub history: RwSignal<Vec<HistoryEntry>>,
    /// Messages for the player (saved-data problems, storage full, undo offers...).
    pub notices: RwSignal<Vec<Notice>>,
    /// The character the Roll screen rolls for (None: ad hoc).
    pub active_character: RwSignal<Option<String>>,
}

impl AppState {
    fn new() -> Self {
        AppState {
            characters: RwSignal::new(Vec::new()),
            history: RwSignal::new(Vec::new()),
            notices: RwSignal::new(Vec::new()),
            active_character: RwSignal::new(None),
        }
    }

    /// A state of its own, outside any screen (unit tests).
    #[cfg(test)]
    pub fn for_tests() -> Self {
        Self::new()
    }

    /// Add a roll to the history.
    pub fn record_roll(&self, entry: HistoryEntry) {
        self.history.update(|h| h.push(entry));
    }

    /// Show a notice to the player; returns its id (to dismiss it).
    pub fn notify(&self, level: NoticeLevel, text: impl Into<String>) -> u64 {
        let notice = Notice::new(level, text.into());
        let id = notice.id;
        self.notices.update(|n| n.push(notice));
        id
    }

    /// Remove a notice.
    pub fn dismiss(&self, id: u64) {
        self.notices.update(|n| n.retain(|x| x.id != id));
    }

    /// The character with `id`, if any.
    pub fn character(&self, id: &str) -> Option<Character> {
        self.characters.with(|cs| cs.iter().find(|c| c.id == id).cloned())
    }
}

/// Create the app state from what start-up read from storage (`crate::storage::read`) and provide it to every
/// component below.
pub fn provide_app_state(saved: crate::storage::Saved) -> AppState {
    let state = AppState::new();
    provide_context(state);
    crate::storage::start(state, saved);
    state
}

/// The app state provided by [`provide_app_state`].
pub fn use_app_state() -> AppState {
    expect_context::<AppState>()
}
