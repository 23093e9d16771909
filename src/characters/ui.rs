//! The Characters screen's own state (which character is open, which is being exported, the last deletion
//! offered for undo), shared by its components through a context.

use crate::state::{use_app_state, AppState};
use dicetray_saved::character_list::{self as list, Removed};
use leptos::prelude::*;
use std::time::Duration;

/// How long Undo is offered after a delete.
pub const UNDO_FOR: Duration = Duration::from_secs(12);

#[derive(Clone, Copy)]
pub struct CharactersUi {
    pub state: AppState,
    /// The character open in the editor.
    pub open: RwSignal<Option<String>>,
    /// The character whose export is shown.
    pub export: RwSignal<Option<String>>,
    /// The last deleted character, while Undo is offered.
    pub removed: RwSignal<Option<Removed>>,
    /// A short status line ("Restored Mara", "Duplicated ...").
    pub status: RwSignal<String>,
    deletions: StoredValue<u64>,
}

impl CharactersUi {
    /// Create the screen state and provide it to the screen's components.
    pub fn provide() -> Self {
        let ui = CharactersUi {
            state: use_app_state(),
            open: RwSignal::new(None),
            export: RwSignal::new(None),
            removed: RwSignal::new(None),
            status: RwSignal::new(String::new()),
            deletions: StoredValue::new(0),
        };
        provide_context(ui);
        ui
    }

    pub fn get() -> Self {
        expect_context::<CharactersUi>()
    }

    /// Open a character in the editor.
    pub fn open(&self, id: &str) {
        self.open.set(Some(id.to_string()));
    }

    /// Delete a character, offering Undo for [`UNDO_FOR`].
    pub fn delete(&self, id: &str) {
        let active = self.state.desk.with_untracked(|d| d.roller().map(str::to_string));
        let mut removed = None;
        self.state.characters.update(|cs| removed = list::remove(cs, id, active.as_deref()));
        let Some(removed) = removed else { return };
        if removed.was_active {
            self.state.roll_as(None);
        }
        for signal in [self.open, self.export] {
            if signal.get_untracked().as_deref() == Some(id) {
                signal.set(None);
            }
        }
        self.status.set(String::new());
        self.removed.set(Some(removed));
        self.deletions.update_value(|n| *n += 1);
        let this_deletion = self.deletions.get_value();
        let (slot, deletions, state, id) = (self.removed, self.deletions, self.state, id.to_string());
        set_timeout(
            move || {
                if deletions.try_get_value() == Some(this_deletion) {
                    slot.try_set(None);
                }
                // Past Undo, the character's remembered situation goes too (unless it came back).
                if state.characters.try_with_untracked(|cs| !cs.iter().any(|c| c.id == id)) == Some(true) {
                    state.desk.try_update(|d| d.forget(&id));
                }
            },
            UNDO_FOR,
        );
    }

    /// Put the last deleted character back where it was.
    pub fn undo_delete(&self) {
        let Some(removed) = self.removed.get_untracked() else { return };
        self.removed.set(None);
        let (name, was_active) = (removed.character.name.clone(), removed.was_active);
        let mut id = String::new();
        self.state.characters.update(|cs| id = list::restore(cs, removed));
        if was_active {
            self.state.roll_as(Some(&id));
        }
        self.status.set(format!("Restored {name}."));
    }

    /// Duplicate a character and open the copy.
    pub fn duplicate(&self, id: &str) {
        let mut copy = None;
        self.state.characters.update(|cs| copy = list::duplicate(cs, id));
        if let Some(copy) = copy {
            let name = self.state.character(&copy).map(|c| c.name).unwrap_or_default();
            self.status.set(format!("Created {name}."));
            self.open.set(Some(copy));
        }
    }

    /// Make a character the Roll screen's, or stop if it already is.
    pub fn toggle_active(&self, id: &str) {
        let now = self.state.desk.with_untracked(|d| d.roller() == Some(id));
        self.state.roll_as(if now { None } else { Some(id) });
    }

    /// Roll row `row` of character `id`'s sheet: on the Roll screen, as that character, at once.
    pub fn roll_row(&self, id: &str, row: usize) {
        self.state.roll_from_sheet(id, row);
        let _ = window().location().set_hash(&crate::route::Screen::Roll.href());
        // The Roll screen opens at its top, with the roll bar (and the roll's outcome) at the bottom of the screen.
        window().scroll_to_with_x_and_y(0.0, 0.0);
    }
}
