//! A key saved whole, where the tab that changed it last wins: the desk (`dicetray_saved::desk`: who rolls, each
//! roller's situation, the Tray's text and favourites, the table settings) and the table seat
//! (`dicetray_saved::seat`: the table this device sits at). Read at start-up with the rest (`restore.rs`), saved a
//! moment after each change and when the page goes away.
//!
//! Another tab's copy is not merged: each is where this player left off, so the tab that changed it last wins
//! (ARCHITECTURE.md, "Saved data").

use super::backend::{Backend, StoreError};
use super::load::{not_read, refused};
use crate::state::erased;
use crate::state::{AppState, NoticeLevel};
use dicetray_saved::desk::{decode_desk, encode_desk, Desk, DESK_KEY, DESK_VERSION};
use dicetray_saved::migrate::DecodeError;
use dicetray_saved::seat::{decode_seating, SeatingText, SEAT_KEY, SEAT_VERSION};
use leptos::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

/// How long a burst of changes (typing in the Tray, say) is gathered into one save.
const DEBOUNCE: Duration = Duration::from_millis(300);

/// Data saved whole under one key.
pub trait Keyed: Default + PartialEq + Send + Sync + 'static {
    const KEY: &'static str;
    /// The format this build writes.
    const VERSION: u32;
    /// What the player calls it, in notices.
    const NOUN: &'static str;
    /// What stays in the tab when it cannot be saved, in the notice that says so.
    const KEPT: &'static str;
    fn encode(&self) -> String;
    fn decode(raw: &str) -> Result<Self, DecodeError>;
    /// Where the app state holds it.
    fn signal(state: &AppState) -> RwSignal<Self>;
}

impl Keyed for Desk {
    const KEY: &'static str = DESK_KEY;
    const VERSION: u32 = DESK_VERSION;
    const NOUN: &'static str =
        "Roll screen and Tray places (who rolls, the panels' inputs, the Tray's text and favourites)";
    const KEPT: &'static str = "Who rolls, the panels' inputs and the Tray's favourites";
    fn encode(&self) -> String {
        encode_desk(self)
    }
    fn decode(raw: &str) -> Result<Desk, DecodeError> {
        decode_desk(raw)
    }
    fn signal(state: &AppState) -> RwSignal<Desk> {
        state.desk
    }
}

/// The table seat is kept as the text table mode made (`SeatingText`); reading it checks it is a seating.
impl Keyed for SeatingText {
    const KEY: &'static str = SEAT_KEY;
    const VERSION: u32 = SEAT_VERSION;
    const NOUN: &'static str = "seat at a table (the table's link and its log of rolls)";
    const KEPT: &'static str = "Your seat at the table and its log";
    fn encode(&self) -> String {
        self.saved()
    }
    fn decode(raw: &str) -> Result<SeatingText, DecodeError> {
        decode_seating(raw).map(|_| SeatingText(raw.to_string()))
    }
    fn signal(state: &AppState) -> RwSignal<SeatingText> {
        state.seating
    }
}

/// A key as start-up read it.
#[derive(Debug)]
pub struct LoadedKey<T> {
    pub data: T,
    /// False: the key holds a newer dicetray's desk (or one that could not be kept aside): never written over.
    pub writable: bool,
    /// The stored text, when it is exactly what this build writes for `desk`.
    pub clean: Option<String>,
    pub notices: Vec<(NoticeLevel, String)>,
}

impl<T: Keyed> LoadedKey<T> {
    /// Nothing saved yet.
    pub fn nothing_saved() -> LoadedKey<T> {
        LoadedKey { data: T::default(), writable: true, clean: Some(String::new()), notices: Vec::new() }
    }

    /// Not read (the reading code could not be fetched): nothing is written.
    pub fn unread() -> LoadedKey<T> {
        LoadedKey { writable: false, clean: None, ..LoadedKey::nothing_saved() }
    }
}

/// Read `T` from `b`. Never fails: the worst case is a fresh value, a notice and a key left alone (the same
/// handling as the other keys, `load::refused`).
pub fn load_key<T: Keyed>(b: &dyn Backend, now_ms: f64) -> LoadedKey<T> {
    let mut out = LoadedKey::nothing_saved();
    let raw = match b.get(T::KEY) {
        Ok(Some(raw)) => raw,
        Ok(None) => return out,
        Err(e) => {
            out.writable = false;
            out.notices.push(not_read(T::NOUN, &e));
            return out;
        }
    };
    match T::decode(&raw) {
        Ok(data) => {
            out.clean = (data.encode() == raw).then_some(raw);
            out.data = data;
        }
        Err(e) => {
            let (writable, notice) = refused(b, T::KEY, T::NOUN, T::VERSION, &raw, e, now_ms);
            out.writable = writable;
            out.clean = None;
            out.notices.push(notice);
        }
    }
    out
}

/// Saving a key: which key and how to read its text off the state, the text last written, whether a save is
/// scheduled, the notice while saves fail. Not generic (the key's type is behind `text`), so the first load carries
/// one copy of it for every key.
struct KeySync {
    backend: Rc<dyn Backend>,
    state: AppState,
    key: &'static str,
    kept: &'static str,
    /// The key's data as the text to write, None if the state is gone.
    text: fn(&AppState) -> Option<String>,
    last_raw: RefCell<Option<String>>,
    pending: RefCell<bool>,
    failing: RefCell<Option<u64>>,
}

impl KeySync {
    fn schedule(self: &Rc<Self>) {
        if self.pending.replace(true) {
            return;
        }
        let s = Rc::clone(self);
        set_timeout(move || s.write(), DEBOUNCE);
    }

    fn write(&self) {
        self.pending.replace(false);
        let Some(text) = (self.text)(&self.state) else { return };
        if self.last_raw.borrow().as_deref() == Some(text.as_str()) {
            return;
        }
        match self.backend.set(self.key, &text) {
            Ok(()) => {
                self.last_raw.replace(Some(text));
                if let Some(id) = self.failing.take() {
                    self.state.dismiss(id);
                }
            }
            Err(e) => {
                if self.failing.borrow().is_none() {
                    let why = match e {
                        StoreError::Quota => "storage is full".to_string(),
                        StoreError::Other(why) => why,
                    };
                    let id = self.state.notify(
                        NoticeLevel::Warning,
                        format!(
                            "{} could not be saved ({why}). They stay in this tab; dicetray tries again on the next \
                             change.",
                            self.kept
                        ),
                    );
                    self.failing.replace(Some(id));
                }
            }
        }
    }
}

/// Put the key start-up read into `state` and save it a moment after each change (and when the page goes away).
pub fn start<T: Keyed>(state: AppState, loaded: LoadedKey<T>, backend: Rc<dyn Backend>) {
    let LoadedKey { data, writable, clean, notices } = loaded;
    for (level, text) in notices {
        state.notify(level, text);
    }
    T::signal(&state).set(data);
    if !writable {
        return;
    }
    let text: fn(&AppState) -> Option<String> = |state| T::signal(state).try_with_untracked(T::encode);
    let track: fn(&AppState) = |state| T::signal(state).track();
    watch(
        Rc::new(KeySync {
            backend,
            state,
            key: T::KEY,
            kept: T::KEPT,
            text,
            last_raw: RefCell::new(clean),
            pending: RefCell::new(false),
            failing: RefCell::new(None),
        }),
        track,
    );
}

/// Save a moment after each change `track` sees, and when the page goes away.
fn watch(sync: Rc<KeySync>, track: fn(&AppState)) {
    let (s, state) = (Rc::clone(&sync), sync.state);
    erased::effect(move |prev: Option<()>| {
        track(&state);
        if prev.is_some() {
            s.schedule();
        }
    });
    flush_on_hide(sync);
}

/// When the page goes away, write a save still waiting for its moment (and nothing else: another tab, or the
/// player, may have changed the stored key since). A change made in a `beforeunload` listener (the table seat saves
/// itself then) has scheduled its save by now: the effect that schedules it runs in the microtask after that event.
#[cfg(target_arch = "wasm32")]
fn flush_on_hide(sync: Rc<KeySync>) {
    let hide = window_event_listener(leptos::ev::pagehide, move |_| {
        if *sync.pending.borrow() {
            sync.write();
        }
    });
    on_cleanup(move || hide.remove());
}

#[cfg(not(target_arch = "wasm32"))]
fn flush_on_hide(_: Rc<KeySync>) {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::backend::MemoryBackend;

    fn with(raw: &str) -> MemoryBackend {
        let b = MemoryBackend::default();
        b.set(DESK_KEY, raw).unwrap();
        b
    }

    #[test]
    fn a_saved_desk_is_read_and_clean() {
        let mut desk = Desk::default();
        desk.set_tray_text("4d6kh3");
        let raw = encode_desk(&desk);
        let l = load_key::<Desk>(&with(&raw), 1.0);
        assert_eq!((l.data, l.writable, l.clean, l.notices.len()), (desk, true, Some(raw), 0));
        let none = load_key::<Desk>(&MemoryBackend::default(), 1.0);
        assert!(none.writable && none.notices.is_empty() && none.data == Desk::default());
    }

    #[test]
    fn a_broken_desk_is_kept_aside_and_a_newer_one_left_alone() {
        let b = with(r#"{"version":1,"data":{"favourites":7}}"#);
        let l = load_key::<Desk>(&b, 42.0);
        assert!(l.writable && l.clean.is_none());
        assert_eq!(
            b.get("dicetray.desk.corrupt.42").unwrap().as_deref(),
            Some(r#"{"version":1,"data":{"favourites":7}}"#)
        );
        assert!(
            l.notices[0].1.contains("data.favourites") && l.notices[0].1.contains("dicetray.desk.corrupt.42"),
            "{:?}",
            l.notices
        );

        let newer = r#"{"version":9,"data":{}}"#;
        let b = with(newer);
        let l = load_key::<Desk>(&b, 5.0);
        assert!(!l.writable, "a newer desk is never written over");
        assert!(l.notices[0].1.contains("version 9"), "{:?}", l.notices);
        assert_eq!(b.get(DESK_KEY).unwrap().as_deref(), Some(newer));
        assert_eq!(b.get("dicetray.desk.future.5").unwrap().as_deref(), Some(newer));
    }

    #[test]
    fn a_broken_desk_that_cannot_be_kept_aside_is_not_written_over() {
        let b = with("{oops");
        let full = MemoryBackend { map: b.map.clone(), limit: Some(20) };
        let l = load_key::<Desk>(&full, 1.0);
        assert!(!l.writable);
        assert_eq!(full.get(DESK_KEY).unwrap().as_deref(), Some("{oops"));
    }
}
