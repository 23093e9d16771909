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
        let active = self.state.active_character.get_untracked();
        let mut removed = None;
        self.state.characters.update(|cs| removed = list::remove(cs, id, active.as_deref()));
        let Some(removed) = removed else { return };
        if removed.was_active {
            self.state.active_character.set(None);
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
        let (slot, deletions) = (self.removed, self.deletions);
        set_timeout(
            move || {
                if deletions.try_get_value() == Some(this_deletion) {
                    slot.try_set(None);
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
            self.state.active_character.set(Some(id));
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
        let now = self.state.active_character.get_untracked();
        self.state.active_character.set(if now.as_deref() == Some(id) { None } else { Some(id.to_string()) });
    }
}
