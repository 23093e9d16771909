//! Remembering a roll panel's situation across visits: each input of a panel, as typed, under its id, in the
//! situation of whoever the panel rolls for (`Desk::remember`). The Roll screen says whose situation a panel
//! uses ([`SituationMemory::provide`]); each input widget restores itself from it when it is made and remembers
//! every change ([`remember`]). Outside the Roll screen (no memory provided) inputs remember nothing.

use super::erased;
use super::{now_ms, AppState};
use dicetray_saved::desk::AD_HOC;
use leptos::prelude::*;

/// The memory key of a panel's pick among the sheet's rolls (skill or ability), in every system: what a Roll on a
/// sheet's row sets before the panel is made.
pub const ROW: &str = "row";

/// The situation the panel being made restores and remembers its inputs in.
#[derive(Clone, Copy)]
pub struct SituationMemory {
    state: AppState,
    roller: StoredValue<String>,
}

impl SituationMemory {
    /// Panels made below this point use `character`'s situation (None: the ad hoc one).
    pub fn provide(state: AppState, character: Option<&str>) {
        provide_context(SituationMemory { state, roller: StoredValue::new(character.unwrap_or(AD_HOC).to_string()) });
    }

    /// The memory of the panel being made, if the Roll screen provided one.
    pub fn get() -> Option<SituationMemory> {
        use_context::<SituationMemory>()
    }

    /// Whose situation this is: a character's id, or `""` for ad hoc rolls.
    pub fn roller(&self) -> String {
        self.roller.get_value()
    }

    /// The remembered text of input `field`.
    pub fn recall(&self, field: &str) -> Option<String> {
        let roller = self.roller.get_value();
        self.state.desk.try_with_untracked(|d| d.recall(&roller, field).map(str::to_string)).flatten()
    }

    /// Remember `text` as input `field` (nothing changes if it already is).
    pub fn note(&self, field: &str, text: &str) {
        let roller = self.roller.get_value();
        if self.state.desk.try_with_untracked(|d| d.recall(&roller, field) == Some(text)) == Some(false) {
            self.state.desk.try_update(|d| d.remember(&roller, field, text, now_ms()));
        }
    }
}

/// A value an input holds, as the text it is remembered by.
pub trait Remembered: Sized {
    fn to_text(&self) -> String;
    fn from_text(text: &str) -> Option<Self>;
}

impl Remembered for String {
    fn to_text(&self) -> String {
        self.clone()
    }
    fn from_text(text: &str) -> Option<Self> {
        Some(text.to_string())
    }
}

impl Remembered for bool {
    fn to_text(&self) -> String {
        self.to_string()
    }
    fn from_text(text: &str) -> Option<Self> {
        text.parse().ok()
    }
}

impl Remembered for i64 {
    fn to_text(&self) -> String {
        self.to_string()
    }
    fn from_text(text: &str) -> Option<Self> {
        text.parse().ok()
    }
}

/// Restore `value` from the panel's situation (when the remembered value passes `accept`: a select's option
/// still offered, say), then remember each change of it under `field`. Call while the input is made.
pub fn remember_if<T>(field: impl Into<String>, value: RwSignal<T>, accept: impl Fn(&T) -> bool + 'static)
where
    T: Remembered + Send + Sync + 'static,
{
    remember_with(
        field,
        move |text| {
            if let Some(saved) = T::from_text(text).filter(|v| accept(v)) {
                value.set(saved);
            }
        },
        move || value.with(T::to_text),
    );
}

/// The general form of [`remember_if`] for inputs that are more than one signal (a list of Pressures): `restore`
/// gets the remembered text, if any, at once; `current` says what to remember, and is tracked (each change of a
/// signal it reads is remembered).
pub fn remember_with(field: impl Into<String>, restore: impl FnOnce(&str), current: impl Fn() -> String + 'static) {
    remember_boxed(field.into(), Box::new(restore), Box::new(current));
}

/// [`remember_with`]'s work, compiled once for every input (it is in the first load).
fn remember_boxed(field: String, restore: Box<dyn FnOnce(&str) + '_>, current: Box<dyn Fn() -> String>) {
    let Some(memory) = SituationMemory::get() else { return };
    if let Some(text) = memory.recall(&field) {
        restore(&text);
    }
    erased::effect(move |first_done: Option<()>| {
        let text = current();
        if first_done.is_some() {
            memory.note(&field, &text);
        }
    });
}

/// [`remember_if`] accepting any remembered value.
pub fn remember<T>(field: impl Into<String>, value: RwSignal<T>)
where
    T: Remembered + Send + Sync + 'static,
{
    remember_if(field, value, |_| true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembered_values_read_back_as_they_were_written() {
        assert_eq!(String::from_text(&"17".to_string().to_text()), Some("17".to_string()));
        assert_eq!(bool::from_text(&true.to_text()), Some(true));
        assert_eq!(i64::from_text(&(-3i64).to_text()), Some(-3));
        assert_eq!(bool::from_text("yes"), None, "text that is not the type's is not restored");
        assert_eq!(i64::from_text("1½"), None);
    }
}
