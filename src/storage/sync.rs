//! The live link between the app's signals and storage: load at start-up, save (debounced, only when the text
//! changed) whenever a signal changes, merge what other tabs save, retry after "storage full".
//!
//! One [`Sync`] per app, made by [`start`] and held by the effects, timers and event listeners it sets up: what is
//! written is decided by the app's signals and what each history entry carries, nothing kept beside them.

use super::backend::{Backend, StoreError};
use super::perf::{mark, measure_since};
use super::quarantine::keep_aside;
use super::restore::{self, Restored};
use crate::state::erased;
use crate::state::{now_ms, AppState, Character, History, HistoryEntry, NoticeLevel};
use dicetray_saved::compact::{encode_saved, warm};
use dicetray_saved::merge::merge_characters;
use dicetray_saved::migrate::DecodeError;
use dicetray_saved::schema::{encode_characters, HistoryMeta, Kind, Tombstones};
use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};
use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;
use std::time::Duration;

/// How long a burst of changes is gathered into one save.
const DEBOUNCE: Duration = Duration::from_millis(120);
/// How often a failed save is retried while nothing else changes.
const RETRY: Duration = Duration::from_secs(15);

#[derive(Default)]
struct KeyState {
    /// The text last written to (or read from) the key: a save of the same text is skipped.
    last_raw: Option<String>,
    /// False: this tab must not write the key (see `Loaded::writable`).
    writable: bool,
    /// A save is scheduled.
    pending: bool,
    /// The notice shown while saves fail.
    failing: Option<u64>,
    retry_scheduled: bool,
    /// How many of another tab's saves are being read (`restore.rs`): this tab's save waits for them, so it writes
    /// what they hold too.
    incoming: u32,
}

struct Sync {
    backend: Rc<dyn Backend>,
    state: AppState,
    history: RefCell<KeyState>,
    characters: RefCell<KeyState>,
    deleted: RefCell<Tombstones>,
    known_characters: RefCell<HashSet<String>>,
}

impl Sync {
    fn key_state(&self, kind: Kind) -> &RefCell<KeyState> {
        match kind {
            Kind::History => &self.history,
            Kind::Characters => &self.characters,
        }
    }

    /// Record tombstones for characters that are gone since the last look.
    fn note_deletions(&self) {
        let now: HashSet<String> = self.state.characters.with_untracked(|cs| cs.iter().map(|c| c.id.clone()).collect());
        let mut known = self.known_characters.borrow_mut();
        let stamp = now_ms();
        let mut deleted = self.deleted.borrow_mut();
        for id in known.difference(&now) {
            deleted.insert(id.clone(), stamp);
        }
        *known = now;
    }

    fn encode(&self, kind: Kind) -> String {
        match kind {
            Kind::History => self.state.history.with_untracked(encode_saved),
            Kind::Characters => {
                self.note_deletions();
                let deleted = self.deleted.borrow();
                self.state.characters.with_untracked(|cs| encode_characters(cs, &deleted))
            }
        }
    }

    /// Write `kind` now if its text changed, unless another tab's save is still being read (the save that
    /// follows reading it writes both).
    fn save(self: &Rc<Self>, kind: Kind) {
        if self.key_state(kind).borrow().incoming > 0 {
            self.key_state(kind).borrow_mut().pending = false;
            return;
        }
        self.write(kind);
    }

    /// Write `kind` now if its text changed.
    fn write(self: &Rc<Self>, kind: Kind) {
        let cell = self.key_state(kind);
        if !cell.borrow().writable {
            return;
        }
        cell.borrow_mut().pending = false;
        mark("dicetray-save-start");
        let text = self.encode(kind);
        if cell.borrow().last_raw.as_deref() == Some(text.as_str()) {
            self.saved(kind);
            return;
        }
        match self.backend.set(kind.key(), &text) {
            Ok(()) => {
                cell.borrow_mut().last_raw = Some(text);
                measure_since(&format!("dicetray-save-{}", kind.key()), "dicetray-save-start");
                self.saved(kind);
            }
            Err(e) => self.failed(kind, &e),
        }
    }

    fn saved(&self, kind: Kind) {
        let failing = self.key_state(kind).borrow_mut().failing.take();
        if let Some(id) = failing {
            self.state.dismiss(id);
            self.state.notify(NoticeLevel::Info, "Saved again: nothing is waiting to be saved.".to_string());
        }
    }

    fn failed(self: &Rc<Self>, kind: Kind, e: &StoreError) {
        let cell = self.key_state(kind);
        if cell.borrow().failing.is_none() {
            let text = match (kind, e) {
                (Kind::History, StoreError::Quota) => "Storage full: this roll is not saved yet. It stays on screen, \
                    older saved rolls are kept, and dicetray retries on the next change. Export and clear old rolls to \
                    make room."
                    .to_string(),
                (Kind::Characters, StoreError::Quota) => "Storage full: character changes are not saved yet. They stay \
                    in this tab and dicetray retries on the next change. Export and clear old rolls to make room."
                    .to_string(),
                (_, StoreError::Other(why)) => format!(
                    "Your {} could not be saved ({why}). Nothing saved earlier was lost; dicetray retries on the next change.",
                    kind.noun()
                ),
            };
            let id = self.state.notify(NoticeLevel::Warning, text);
            cell.borrow_mut().failing = Some(id);
        }
        if !cell.borrow().retry_scheduled {
            cell.borrow_mut().retry_scheduled = true;
            let s = Rc::clone(self);
            set_timeout(
                move || {
                    s.key_state(kind).borrow_mut().retry_scheduled = false;
                    if s.key_state(kind).borrow().failing.is_some() {
                        s.save(kind);
                    }
                },
                RETRY,
            );
        }
    }

    /// Save `kind` soon (changes within [`DEBOUNCE`] share one save).
    fn schedule(self: &Rc<Self>, kind: Kind) {
        let cell = self.key_state(kind);
        if cell.borrow().pending || !cell.borrow().writable {
            return;
        }
        cell.borrow_mut().pending = true;
        let s = Rc::clone(self);
        set_timeout(move || s.save(kind), DEBOUNCE);
    }

    /// The page is going away: write what is waiting (even while another tab's save is read: losing this tab's
    /// changes would be worse, and that tab still holds its own and merges again when it sees this write).
    fn flush(self: &Rc<Self>) {
        for kind in [Kind::History, Kind::Characters] {
            if self.key_state(kind).borrow().pending {
                self.write(kind);
            }
        }
    }

    /// Another tab wrote `key` (None: it cleared all storage).
    fn on_storage(self: &Rc<Self>, key: Option<&str>, new_value: Option<String>) {
        let kind = match key {
            Some(k) if k == Kind::History.key() => Kind::History,
            Some(k) if k == Kind::Characters.key() => Kind::Characters,
            Some(_) => {
                // Some other key changed (space may have been freed): retry failed saves.
                for kind in [Kind::History, Kind::Characters] {
                    if self.key_state(kind).borrow().failing.is_some() {
                        self.schedule(kind);
                    }
                }
                return;
            }
            None => {
                for kind in [Kind::History, Kind::Characters] {
                    self.key_state(kind).borrow_mut().last_raw = None;
                    self.schedule(kind);
                }
                return;
            }
        };
        let Some(raw) = new_value else {
            self.key_state(kind).borrow_mut().last_raw = None;
            self.schedule(kind);
            return;
        };
        // Read and merge it in the saved-data chunk (at once when that is loaded).
        self.key_state(kind).borrow_mut().incoming += 1;
        let sync = Rc::clone(self);
        leptos::task::spawn_local(async move {
            if settle_incoming(&sync, kind, raw).await.is_err() {
                sync.key_state(kind).borrow_mut().incoming -= 1;
                sync.incoming_unread(kind);
            }
        });
    }

    fn merge_incoming_history(self: &Rc<Self>, raw: String, items: &[HistoryEntry], incoming_meta: HistoryMeta) {
        let merged = self.state.history.with_untracked(|h| h.merged_with(items, incoming_meta));
        self.history.borrow_mut().last_raw = Some(raw);
        if self.state.history.with_untracked(|h| *h != merged) {
            self.state.history.set(merged);
        }
        self.schedule(Kind::History);
    }

    fn merge_incoming_characters(self: &Rc<Self>, raw: String, items: &[Character], incoming_deleted: &Tombstones) {
        self.note_deletions();
        let (merged, deleted) = self
            .state
            .characters
            .with_untracked(|cs| merge_characters(cs, &self.deleted.borrow(), items, incoming_deleted));
        *self.deleted.borrow_mut() = deleted;
        *self.known_characters.borrow_mut() = merged.iter().map(|c| c.id.clone()).collect();
        self.characters.borrow_mut().last_raw = Some(raw);
        if self.state.characters.with_untracked(|cs| *cs != merged) {
            self.state.characters.set(merged);
        }
        self.schedule(Kind::Characters);
    }

    /// Another tab saved `kind`, and the code to read it could not be fetched: this tab must not write over it.
    fn incoming_unread(&self, kind: Kind) {
        self.key_state(kind).borrow_mut().writable = false;
        self.state.notify(
            NoticeLevel::Warning,
            format!(
                "Another tab saved changes to your {}, and this tab could not download the part of dicetray that \
                 reads them. This tab leaves them alone and keeps its own changes in memory only; reload to see \
                 both.",
                kind.noun()
            ),
        );
    }

    fn incoming_unreadable(self: &Rc<Self>, kind: Kind, raw: String, e: DecodeError) {
        match e {
            DecodeError::Future(v) => {
                self.key_state(kind).borrow_mut().writable = false;
                self.state.notify(
                    NoticeLevel::Warning,
                    format!(
                        "A newer dicetray in another tab saved your {} in format version {v}. This tab leaves that \
                         alone and keeps its changes in memory only; reload to use the newer version.",
                        kind.noun()
                    ),
                );
            }
            DecodeError::Unreadable(why) => {
                let aside = keep_aside(&*self.backend, kind.key(), "corrupt", now_ms(), &raw);
                self.state.notify(
                    NoticeLevel::Warning,
                    format!(
                        "Another tab saved {} this tab cannot read ({why}){}; this tab's copy is saved over it.",
                        kind.noun(),
                        aside.map(|k| format!(", kept aside under “{k}”")).unwrap_or_default()
                    ),
                );
                self.key_state(kind).borrow_mut().last_raw = None;
                self.schedule(kind);
            }
        }
    }
}

/// Read what another tab saved under `kind` (`raw`) and merge it into this tab's, in the `saved_data` chunk: the
/// chunk that reads saved data, which start-up fetched whenever something was saved. A tab that never hears from
/// another downloads none of this.
#[wasm_split(saved_data, wasm_split_path = ::leptos::wasm_split, fallible)]
fn settle_incoming(sync: &Rc<Sync>, kind: Kind, raw: String) -> Result<(), SplitLoaderError> {
    let now = now_ms();
    match kind {
        Kind::History => {
            let read = restore::incoming_history(&*sync.backend, &raw, now);
            sync.key_state(kind).borrow_mut().incoming -= 1;
            match read {
                Ok((items, meta)) => sync.merge_incoming_history(raw, &items, meta),
                Err(e) => sync.incoming_unreadable(kind, raw, e),
            }
        }
        Kind::Characters => {
            let read = restore::incoming_characters(&*sync.backend, &raw, now);
            sync.key_state(kind).borrow_mut().incoming -= 1;
            match read {
                Ok((items, deleted)) => sync.merge_incoming_characters(raw, &items, &deleted),
                Err(e) => sync.incoming_unreadable(kind, raw, e),
            }
        }
    }
    Ok(())
}

/// What start-up found in storage: the storage itself (or why there is none) and what it holds.
pub struct Saved {
    backend: Result<Rc<dyn Backend>, String>,
    restored: Restored,
}

/// Open storage and read what is saved (`restore.rs`), for [`start`].
pub async fn read() -> Saved {
    mark("dicetray-load-start");
    let backend = open_backend();
    let restored = match &backend {
        Ok(b) => restore::restore(&**b, now_ms()).await,
        Err(_) => Restored::nothing_saved(),
    };
    Saved { backend, restored }
}

/// Put what start-up read into `state` and keep it saved from now on.
pub fn start(state: AppState, saved: Saved) {
    let Saved { backend, restored } = saved;
    let backend = match backend {
        Ok(b) => b,
        Err(why) => {
            state.notify(
                NoticeLevel::Warning,
                format!(
                    "This browser does not let dicetray save anything ({why}). Everything works, but rolls and \
                     characters last only until this tab closes."
                ),
            );
            return;
        }
    };
    let Restored { characters: chars, history: hist, deleted, meta, desk, seating } = restored;
    super::keyed::start(state, desk, Rc::clone(&backend));
    super::keyed::start(state, seating, Rc::clone(&backend));
    let sync = Rc::new(Sync {
        state,
        history: RefCell::new(KeyState { last_raw: hist.clean.clone(), writable: hist.writable, ..Default::default() }),
        characters: RefCell::new(KeyState {
            last_raw: chars.clean.clone(),
            writable: chars.writable,
            ..Default::default()
        }),
        deleted: RefCell::new(deleted),
        known_characters: RefCell::new(chars.items.iter().map(|c| c.id.clone()).collect()),
        backend,
    });
    for (level, text) in chars.notices.into_iter().chain(hist.notices) {
        state.notify(level, text);
    }
    let (hist_clean, chars_clean) = (hist.clean.is_some(), chars.clean.is_some());
    state.history.set(History::new(hist.items, meta));
    state.characters.set(chars.items);
    mark("dicetray-load-end");

    // Save on change. The first run only subscribes when what was loaded is exactly what is stored.
    let s = Rc::clone(&sync);
    erased::effect(move |prev: Option<()>| {
        state.history.track();
        if prev.is_some() || !hist_clean {
            s.schedule(Kind::History);
        }
    });
    let s = Rc::clone(&sync);
    erased::effect(move |prev: Option<()>| {
        state.characters.track();
        if prev.is_some() || !chars_clean {
            s.schedule(Kind::Characters);
        }
    });
    listen_for_other_tabs(sync);
    warm_saved_texts(state, 0);
}

/// How many entries each idle step prepares for the next save.
const WARM_STEP: usize = 400;

/// Prepare the saved text of every loaded entry in small steps, so the first save after start-up does not
/// serialise 10,000 rolls at once.
fn warm_saved_texts(state: AppState, from: usize) {
    let more = state.history.try_with_untracked(|h| {
        let end = (from + WARM_STEP).min(h.len());
        warm(&h[from.min(end)..end]);
        end < h.len()
    });
    if more == Some(true) {
        set_timeout(move || warm_saved_texts(state, from + WARM_STEP), Duration::from_millis(1));
    }
}

#[cfg(target_arch = "wasm32")]
fn open_backend() -> Result<Rc<dyn Backend>, String> {
    super::backend::WebBackend::open().map(|b| Rc::new(b) as Rc<dyn Backend>)
}

/// Outside a browser (unit tests): memory.
#[cfg(not(target_arch = "wasm32"))]
fn open_backend() -> Result<Rc<dyn Backend>, String> {
    Ok(Rc::new(super::backend::MemoryBackend::default()))
}

#[cfg(target_arch = "wasm32")]
fn listen_for_other_tabs(sync: Rc<Sync>) {
    let s = Rc::clone(&sync);
    let storage = window_event_listener(leptos::ev::storage, move |ev| {
        s.on_storage(ev.key().as_deref(), ev.new_value());
    });
    let hide = window_event_listener(leptos::ev::pagehide, move |_| sync.flush());
    on_cleanup(move || {
        storage.remove();
        hide.remove();
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn listen_for_other_tabs(_: Rc<Sync>) {
    // No other tabs outside a browser; keep the handlers reachable for the unit tests' build.
    let _ = (Sync::on_storage, Sync::flush);
}
