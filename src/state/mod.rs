//! Where the app's state lives: one [`AppState`] in a Leptos context, holding signals for the characters, the
//! session history and the notices shown to the player. Screens read these signals and change the data through
//! the model's methods (`dicetray_saved`: `History::amend`, `Character::log_complication`, ...); every roll enters
//! the history through [`AppState::roll`] (`roll.rs`). The storage layer (`crate::storage`), which the app root
//! wires to this state, loads it at start-up and saves it when it changes.

use leptos::prelude::*;

pub mod edit;
pub mod erased;
mod notice;
pub mod roll;
pub mod situation;

pub use dicetray_saved::{new_id, now_ms, Character, CharacterRef, Desk, History, HistoryEntry, RollSource};
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
    /// Where the player left off, saved: who rolls, each roller's situation, the Tray's text and favourites,
    /// the table settings (`dicetray_saved::desk`).
    pub desk: RwSignal<Desk>,
    /// A roll asked for from a character's sheet, not made yet: the character's id. The Roll screen's panel for
    /// that character makes it as soon as it is ready (`systems::roll_bar`). Not saved.
    pub pending_roll: RwSignal<Option<String>>,
    /// The table this device sits at, as saved (a reload sits back down from it; table mode keeps it current).
    pub seating: RwSignal<dicetray_saved::seat::SeatingText>,
    /// The table this device sits at, if any (table mode, `crate::table`): rolls then take their seed from it
    /// (`roll::Seat`). Not saved here: the table keeps its own saved seat.
    pub seat: StoredValue<Option<std::rc::Rc<dyn roll::Seat>>, LocalStorage>,
}

impl AppState {
    fn new() -> Self {
        AppState {
            characters: RwSignal::new(Vec::new()),
            history: RwSignal::new(History::default()),
            notices: RwSignal::new(Vec::new()),
            desk: RwSignal::new(Desk::default()),
            pending_roll: RwSignal::new(None),
            seating: RwSignal::new(Default::default()),
            seat: StoredValue::new_local(None),
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

    /// The character the Roll screen rolls for (None: ad hoc).
    pub fn roller(&self) -> Option<String> {
        self.desk.with(|d| d.roller().map(str::to_string))
    }

    /// Roll for `character` from now on (None: ad hoc).
    pub fn roll_as(&self, character: Option<&str>) {
        if self.desk.with_untracked(|d| d.roller() != character) {
            self.desk.update(|d| d.roll_as(character));
        }
    }

    /// Roll `character`'s `row` (its sheet's `rolls()[row]`) on the Roll screen: roll as it, pick that row, and ask
    /// its panel to roll as soon as it is ready.
    pub fn roll_from_sheet(&self, character: &str, row: usize) {
        self.desk.update(|d| {
            d.roll_as(Some(character));
            d.remember(character, situation::ROW, &row.to_string(), now_ms());
        });
        self.pending_roll.set(Some(character.to_string()));
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
