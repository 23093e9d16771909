//! Reading what is saved, in a wasm chunk of its own (`saved_data`; ARCHITECTURE.md, "Code splitting").
//!
//! Reading saved data takes parsing JSON into every saved type, the migrations from older formats, keeping aside
//! what cannot be read, and replaying compact history entries, which needs every system's request reading and roll
//! code: a third of what the app would otherwise fetch before its first roll. A first visit has nothing saved, so
//! it never fetches this chunk; a later visit finds it in the service worker's cache. Saving stays in the main
//! module (it only writes).
//!
//! If the chunk cannot be fetched, nothing saved is touched: the app starts empty, says why, and keeps this tab's
//! changes in memory only (a save would write over what could not be read).

use super::backend::Backend;
use super::keyed::{load_key, LoadedKey};
use super::load::{load, Loaded};
use super::quarantine::{bad_entries_json, keep_aside};
use crate::state::{Character, HistoryEntry, NoticeLevel};
use dicetray_saved::desk::{Desk, DESK_KEY};
use dicetray_saved::merge::sort_history;
use dicetray_saved::migrate::{decode, BadEntry, DecodeError};
use dicetray_saved::schema::{tombstones_from_map, HistoryMeta, Kind, Tombstones};
use dicetray_saved::seat::{decode_seating, Seating, SeatingText, SEAT_KEY};
use leptos::wasm_split::{wasm_split, SplitLoaderError};

/// What start-up read from both keys.
#[derive(Debug)]
pub struct Restored {
    pub characters: Loaded<Character>,
    pub history: Loaded<HistoryEntry>,
    /// The characters' tombstones (deleted ids, with when).
    pub deleted: Tombstones,
    pub meta: HistoryMeta,
    /// Who rolls, the situations, the Tray's text and favourites.
    pub desk: LoadedKey<Desk>,
    /// The table this device sits at, if any.
    pub seating: LoadedKey<SeatingText>,
}

impl Restored {
    /// Nothing saved yet: nothing to write until something changes.
    pub(super) fn nothing_saved() -> Restored {
        Restored {
            characters: Loaded::nothing_saved(),
            history: Loaded::nothing_saved(),
            desk: LoadedKey::nothing_saved(),
            seating: LoadedKey::nothing_saved(),
            ..Restored::empty()
        }
    }

    /// The code that reads saved data could not be fetched: start empty, write nothing.
    fn unread() -> Restored {
        let mut r = Restored::empty();
        r.characters.writable = false;
        r.history.writable = false;
        r.history.notices.push((
            NoticeLevel::Error,
            "Your saved characters and roll history could not be loaded: the part of dicetray that reads them \
             could not be downloaded. Nothing saved was changed, and changes in this tab are kept in memory only. \
             Reload the page when you are online."
                .to_string(),
        ));
        r
    }

    fn empty() -> Restored {
        Restored {
            characters: Loaded::unwritten(),
            history: Loaded::unwritten(),
            deleted: Tombstones::new(),
            meta: HistoryMeta::default(),
            desk: LoadedKey::unread(),
            seating: LoadedKey::unread(),
        }
    }
}

/// Read both keys from `backend`: at once when neither holds anything (a first visit), else with the
/// `saved_data` chunk. Never fails (see [`Restored::unread`]).
pub async fn restore(backend: &dyn Backend, now_ms: f64) -> Restored {
    let listed = backend.keys();
    let nothing_saved = [Kind::Characters.key(), Kind::History.key(), DESK_KEY, SEAT_KEY]
        .into_iter()
        .all(|key| !listed.iter().any(|l| l == key) && matches!(backend.get(key), Ok(None)));
    if nothing_saved {
        return Restored::nothing_saved();
    }
    read_saved(backend, now_ms).await.unwrap_or_else(|_| Restored::unread())
}

#[wasm_split(saved_data, wasm_split_path = ::leptos::wasm_split, fallible)]
fn read_saved(backend: &dyn Backend, now_ms: f64) -> Result<Restored, SplitLoaderError> {
    let characters = load::<Character>(backend, Kind::Characters, now_ms);
    let mut history =
        super::perf::timed("dicetray-load-history", || load::<HistoryEntry>(backend, Kind::History, now_ms));
    sort_history(&mut history.items);
    Ok(Restored {
        deleted: tombstones_from_map(&characters.meta),
        meta: HistoryMeta::from_map(&history.meta),
        characters,
        history,
        desk: load_key(backend, now_ms),
        seating: load_key(backend, now_ms),
    })
}

/// The seat `text` holds, read here in the `saved_data` chunk: start-up fetched this chunk to read the seat (a saved
/// seat is saved data), so sitting back down after a reload fetches nothing more, and the Table screen's own download
/// (what a phone joining a table for the first time waits for) leaves the seat's reading out.
#[wasm_split(saved_data, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn read_seating(text: &str) -> Result<Result<Seating, DecodeError>, SplitLoaderError> {
    Ok(decode_seating(text))
}

/// The history another tab saved (`raw`): its entries and metadata, with entries that cannot be read kept aside.
/// Called in the `saved_data` chunk (`sync::settle_incoming`).
pub fn incoming_history(
    backend: &dyn Backend,
    raw: &str,
    now_ms: f64,
) -> Result<(Vec<HistoryEntry>, HistoryMeta), DecodeError> {
    decode::<HistoryEntry>(raw, Kind::History).map(|d| {
        keep_bad_aside(backend, Kind::History, &d.bad, now_ms);
        (d.items, HistoryMeta::from_map(&d.meta))
    })
}

/// The characters another tab saved (`raw`): the characters and their tombstones, with characters that cannot be
/// read kept aside. Called in the `saved_data` chunk (`sync::settle_incoming`).
pub fn incoming_characters(
    backend: &dyn Backend,
    raw: &str,
    now_ms: f64,
) -> Result<(Vec<Character>, Tombstones), DecodeError> {
    decode::<Character>(raw, Kind::Characters).map(|d| {
        keep_bad_aside(backend, Kind::Characters, &d.bad, now_ms);
        (d.items, tombstones_from_map(&d.meta))
    })
}

fn keep_bad_aside(backend: &dyn Backend, kind: Kind, bad: &[BadEntry], now_ms: f64) {
    if !bad.is_empty() {
        let _ = keep_aside(backend, kind.key(), "corrupt", now_ms, &bad_entries_json(bad));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::backend::MemoryBackend;
    use dicetray_saved::schema::{CHARACTERS_KEY, HISTORY_KEY};

    fn ready<T>(f: impl std::future::Future<Output = T>) -> T {
        let mut f = std::pin::pin!(f);
        match f.as_mut().poll(&mut std::task::Context::from_waker(std::task::Waker::noop())) {
            std::task::Poll::Ready(v) => v,
            std::task::Poll::Pending => panic!("natively, reading is a plain call"),
        }
    }

    #[test]
    fn nothing_saved_reads_as_empty_and_clean() {
        let r = ready(restore(&MemoryBackend::default(), 1.0));
        assert!(r.history.items.is_empty() && r.characters.items.is_empty());
        assert!(r.history.writable && r.characters.writable);
        assert_eq!(r.history.clean.as_deref(), Some(""));
        assert!(r.history.notices.is_empty() && r.characters.notices.is_empty());
    }

    #[test]
    fn saved_data_is_read_sorted_with_its_metadata() {
        let b = MemoryBackend::default();
        let entry = |id: &str, at: f64| {
            format!(
                r#"{{"id":"{id}","at":{at},"source":{{"kind":"notation","expr":"d4"}},"seed":1,"outcome":"total",
                "total":2,"dice":[],"text":"d4 = 2"}}"#
            )
        };
        let history =
            format!(r#"{{"version":2,"rev":4,"cleared_at":3.5,"data":[{},{}]}}"#, entry("b", 9.0), entry("a", 2.0));
        b.set(HISTORY_KEY, &history).unwrap();
        b.set(CHARACTERS_KEY, r#"{"version":1,"deleted":{"gone":7.0},"data":[]}"#).unwrap();
        let r = ready(restore(&b, 1.0));
        assert_eq!(r.history.items.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(), ["a", "b"]);
        assert_eq!(r.meta, HistoryMeta { rev: 4, cleared_at: 3.5 });
        assert_eq!(r.deleted.get("gone"), Some(&7.0));
        assert!(r.history.writable && r.characters.writable);
    }

    #[test]
    fn when_the_reading_code_is_missing_nothing_is_written_and_the_player_is_told() {
        let r = Restored::unread();
        assert!(!r.history.writable && !r.characters.writable, "a save would write over what was not read");
        assert!(!r.desk.writable && !r.seating.writable);
        let notice = &r.history.notices[0].1;
        assert!(notice.contains("could not be loaded") && notice.contains("memory only"), "{notice}");
    }
}
