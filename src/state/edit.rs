//! How editors reach one character's data in `state.characters`: [`CharacterAccess`] for the whole character and
//! [`SheetAccess`] for its system's sheet. Reads are reactive; every write marks the character updated.

use super::{use_app_state, AppState, Character};
use dicetray_saved::character_list as list;
use dicetray_saved::sheets::InSheet as SystemSheet;
use leptos::prelude::*;
use std::marker::PhantomData;

/// One character of the app state, by id.
#[derive(Clone, Copy)]
pub struct CharacterAccess {
    state: AppState,
    id: StoredValue<String>,
}

impl CharacterAccess {
    pub fn new(id: String) -> Self {
        CharacterAccess { state: use_app_state(), id: StoredValue::new(id) }
    }

    /// Read the character (reactively); None once it is gone.
    pub fn with<R>(&self, f: impl FnOnce(&Character) -> R) -> Option<R> {
        self.id.with_value(|id| self.state.characters.with(|cs| cs.iter().find(|c| &c.id == id).map(f)))
    }

    /// Change the character and mark it updated.
    pub fn update(&self, f: impl FnOnce(&mut Character)) {
        self.id.with_value(|id| self.state.characters.update(|cs| _ = list::update(cs, id, f)));
    }
}

/// One character's sheet of system type `T`.
pub struct SheetAccess<T> {
    character: CharacterAccess,
    marker: PhantomData<fn() -> T>,
}

impl<T> Clone for SheetAccess<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for SheetAccess<T> {}

impl<T: SystemSheet> SheetAccess<T> {
    pub fn new(id: String) -> Self {
        SheetAccess { character: CharacterAccess::new(id), marker: PhantomData }
    }

    /// Read the sheet (reactively); None if the character is gone or plays another system.
    pub fn with<R>(&self, f: impl FnOnce(&T) -> R) -> Option<R> {
        self.character.with(|c| T::of(&c.sheet).map(f)).flatten()
    }

    /// Change the sheet and mark the character updated.
    pub fn update(&self, f: impl FnOnce(&mut T)) {
        self.character.update(|c| {
            if let Some(s) = T::of_mut(&mut c.sheet) {
                f(s);
            }
        });
    }

    /// A memo of one part of the sheet, so a row re-renders only when its own data changes.
    pub fn memo<R>(&self, f: impl Fn(&T) -> Option<R> + Send + Sync + 'static) -> Memo<Option<R>>
    where
        R: PartialEq + Send + Sync + 'static,
    {
        let this = *self;
        Memo::new(move |_| this.with(&f).flatten())
    }
}
