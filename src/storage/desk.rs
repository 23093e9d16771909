//! The desk (`dicetray_saved::desk`: who rolls, each roller's situation, the Tray's text and favourites, the
//! table settings) in storage: read at start-up with the rest (`restore.rs`), saved a moment after each change.
//!
//! Another tab's desk is not merged: the desk is where this player left off, so the tab that changed it last wins
//! (ARCHITECTURE.md, "Saved data").

use super::backend::{Backend, StoreError};
use super::load::{not_read, refused};
use crate::state::{AppState, NoticeLevel};
use dicetray_saved::desk::{decode_desk, encode_desk, Desk, DESK_KEY, DESK_VERSION};
use leptos::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

/// How long a burst of desk changes (typing in the Tray, say) is gathered into one save.
const DEBOUNCE: Duration = Duration::from_millis(300);

/// The desk as start-up read it.
#[derive(Debug)]
pub struct LoadedDesk {
    pub desk: Desk,
    /// False: the key holds a newer dicetray's desk (or one that could not be kept aside): never written over.
    pub writable: bool,
    /// The stored text, when it is exactly what this build writes for `desk`.
    pub clean: Option<String>,
    pub notices: Vec<(NoticeLevel, String)>,
}

impl LoadedDesk {
    /// Nothing saved yet.
    pub fn nothing_saved() -> LoadedDesk {
        LoadedDesk { desk: Desk::default(), writable: true, clean: Some(String::new()), notices: Vec::new() }
    }

    /// Not read (the reading code could not be fetched): nothing is written.
    pub fn unread() -> LoadedDesk {
        LoadedDesk { writable: false, clean: None, ..LoadedDesk::nothing_saved() }
    }
}

/// What the player calls the desk, in notices.
const NOUN: &str = "Roll screen and Tray places (who rolls, the panels' inputs, the Tray's text and favourites)";

/// Read the desk from `b`. Never fails: the worst case is a fresh desk, a notice and a key left alone (the same
/// handling as the other keys, `load::refused`).
pub fn load_desk(b: &dyn Backend, now_ms: f64) -> LoadedDesk {
    let mut out = LoadedDesk::nothing_saved();
    let raw = match b.get(DESK_KEY) {
        Ok(Some(raw)) => raw,
        Ok(None) => return out,
        Err(e) => {
            out.writable = false;
            out.notices.push(not_read(NOUN, &e));
            return out;
        }
    };
    match decode_desk(&raw) {
        Ok(desk) => {
            out.clean = (encode_desk(&desk) == raw).then_some(raw);
            out.desk = desk;
        }
        Err(e) => {
            let (writable, notice) = refused(b, DESK_KEY, NOUN, DESK_VERSION, &raw, e, now_ms);
            out.writable = writable;
            out.clean = None;
            out.notices.push(notice);
        }
    }
    out
}

/// Saving the desk: the text last written, whether a save is scheduled, the notice while saves fail.
struct DeskSync {
    backend: Rc<dyn Backend>,
    state: AppState,
    last_raw: RefCell<Option<String>>,
    pending: RefCell<bool>,
    failing: RefCell<Option<u64>>,
}

impl DeskSync {
    fn schedule(self: &Rc<Self>) {
        if self.pending.replace(true) {
            return;
        }
        let s = Rc::clone(self);
        set_timeout(move || s.write(), DEBOUNCE);
    }

    fn write(&self) {
        self.pending.replace(false);
        let Some(text) = self.state.desk.try_with_untracked(encode_desk) else { return };
        if self.last_raw.borrow().as_deref() == Some(text.as_str()) {
            return;
        }
        match self.backend.set(DESK_KEY, &text) {
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
                            "Who rolls, the panels' inputs and the Tray's favourites could not be saved ({why}). They \
                             stay in this tab; dicetray tries again on the next change."
                        ),
                    );
                    self.failing.replace(Some(id));
                }
            }
        }
    }
}

/// Put the desk start-up read into `state` and save it a moment after each change (and when the page goes away).
pub fn start(state: AppState, loaded: LoadedDesk, backend: Rc<dyn Backend>) {
    let LoadedDesk { desk, writable, clean, notices } = loaded;
    for (level, text) in notices {
        state.notify(level, text);
    }
    state.desk.set(desk);
    if !writable {
        return;
    }
    let sync = Rc::new(DeskSync {
        backend,
        state,
        last_raw: RefCell::new(clean),
        pending: RefCell::new(false),
        failing: RefCell::new(None),
    });
    let s = Rc::clone(&sync);
    Effect::new(move |prev: Option<()>| {
        state.desk.track();
        if prev.is_some() {
            s.schedule();
        }
    });
    flush_on_hide(sync);
}

#[cfg(target_arch = "wasm32")]
fn flush_on_hide(sync: Rc<DeskSync>) {
    let hide = window_event_listener(leptos::ev::pagehide, move |_| {
        if *sync.pending.borrow() {
            sync.write();
        }
    });
    on_cleanup(move || hide.remove());
}

#[cfg(not(target_arch = "wasm32"))]
fn flush_on_hide(_: Rc<DeskSync>) {}

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
        let l = load_desk(&with(&raw), 1.0);
        assert_eq!((l.desk, l.writable, l.clean, l.notices.len()), (desk, true, Some(raw), 0));
        let none = load_desk(&MemoryBackend::default(), 1.0);
        assert!(none.writable && none.notices.is_empty() && none.desk == Desk::default());
    }

    #[test]
    fn a_broken_desk_is_kept_aside_and_a_newer_one_left_alone() {
        let b = with(r#"{"version":1,"data":{"favourites":7}}"#);
        let l = load_desk(&b, 42.0);
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
        let l = load_desk(&b, 5.0);
        assert!(!l.writable, "a newer desk is never written over");
        assert!(l.notices[0].1.contains("version 9"), "{:?}", l.notices);
        assert_eq!(b.get(DESK_KEY).unwrap().as_deref(), Some(newer));
        assert_eq!(b.get("dicetray.desk.future.5").unwrap().as_deref(), Some(newer));
    }

    #[test]
    fn a_broken_desk_that_cannot_be_kept_aside_is_not_written_over() {
        let b = with("{oops");
        let full = MemoryBackend { map: b.map.clone(), limit: Some(20) };
        let l = load_desk(&full, 1.0);
        assert!(!l.writable);
        assert_eq!(full.get(DESK_KEY).unwrap().as_deref(), Some("{oops"));
    }
}
