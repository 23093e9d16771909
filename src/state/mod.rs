//! Where the app's state lives: one [`AppState`] in a Leptos context, holding signals for the characters, the
//! session history and the notices shown to the player. Screens read these signals and change the data through
//! the model's methods (`dicetray_saved`: `History::amend`, `Character::log_complication`, ...); every roll enters
//! the history through [`AppState::roll`] (`roll.rs`). The storage layer (`crate::storage`), which the app root
//! wires to this state, loads it at start-up and saves it when it changes.

use leptos::prelude::*;

pub mod edit;
mod notice;
pub mod roll;

pub use dicetray_saved::{new_id, now_ms, Character, CharacterRef, History, HistoryEntry, RollSource};
pub use notice::{Notice, NoticeLevel};

/// Everything the screens share.
#[derive(Clone, Copy)]
pub struct AppState {
    /// Every character, in the order the player arranged them.
    pub characters: RwSignal<Vec<Character>>,
    /// Every roll, oldest first (screens show newest first), with the history's saved metadata.
    pub history: RwSignal<History>,
    /// Messages for the player (saved-data problems, storage full, undo offers...).
    pub notices: RwSignal<Vec<Notice>>,
    /// The character the Roll screen rolls for (None: ad hoc).
    pub active_character: RwSignal<Option<String>>,
}

impl AppState {
    fn new() -> Self {
        AppState {
            characters: RwSignal::new(Vec::new()),
            history: RwSignal::new(History::default()),
            notices: RwSignal::new(Vec::new()),
            active_character: RwSignal::new(None),
        }
    }

    /// A state of its own, outside any screen (unit tests).
    #[cfg(test)]
    pub fn for_tests() -> Self {
        Self::new()
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

    /// Change the character `id` with one of its methods (`Character::spend_fortune`, ...); None if there is no
    /// such character.
    pub fn change_character<R>(&self, id: &str, change: impl FnOnce(&mut Character) -> R) -> Option<R> {
        let mut out = None;
        self.characters.update(|cs| out = cs.iter_mut().find(|c| c.id == id).map(change));
        out
    }
}

/// Create the app state, empty, and provide it to every component below (the app root then hands it to storage).
pub fn provide_app_state() -> AppState {
    let state = AppState::new();
    provide_context(state);
    state
}

/// The app state provided by [`provide_app_state`].
pub fn use_app_state() -> AppState {
    expect_context::<AppState>()
}
