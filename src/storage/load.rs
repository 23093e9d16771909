//! Start-up reading of one key: decode, migrate, keep aside whatever cannot be read, and say what happened.

use super::backend::{Backend, StoreError};
use super::quarantine::{bad_entries_json, keep_aside, keep_aside_once};
use crate::state::NoticeLevel;
use dicetray_saved::migrate::{decode, DecodeError, Decoded};
use dicetray_saved::schema::Kind;
use serde_json::Map;

/// One key as loaded.
#[derive(Debug)]
pub struct Loaded<T> {
    pub items: Vec<T>,
    pub meta: Map<String, serde_json::Value>,
    /// What to tell the player.
    pub notices: Vec<(NoticeLevel, String)>,
    /// False: the key holds something that must not be overwritten (a newer version's data, or unreadable data
    /// that could not be kept aside), so this tab keeps its changes in memory only.
    pub writable: bool,
    /// The stored text, if it is exactly what this build would write for `items` (nothing to save yet).
    pub clean: Option<String>,
}

impl<T> Loaded<T> {
    /// The key holds nothing: nothing to write until something changes.
    pub fn nothing_saved() -> Loaded<T> {
        Loaded { clean: Some(String::new()), ..Loaded::unwritten() }
    }

    /// Nothing read yet, nothing to tell.
    pub fn unwritten() -> Loaded<T> {
        Loaded { items: Vec::new(), meta: Map::new(), notices: Vec::new(), writable: true, clean: None }
    }
}

/// Read `kind`'s key from `b`. Never fails: the worst case is an empty list, a notice and a read-only key.
pub fn load<T: dicetray_saved::migrate::Item>(b: &dyn Backend, kind: Kind, now_ms: f64) -> Loaded<T> {
    let key = kind.key();
    let mut out = Loaded::unwritten();
    let raw = match b.get(key) {
        Ok(Some(raw)) => raw,
        Ok(None) => return Loaded::nothing_saved(),
        Err(e) => {
            out.writable = false;
            out.notices.push(not_read(kind.noun(), &e));
            return out;
        }
    };
    match decode::<T>(&raw, kind) {
        Ok(Decoded { items, bad, from_version, meta }) => {
            out.items = items;
            out.meta = meta;
            if bad.is_empty() {
                if from_version == kind.current_version() {
                    out.clean = Some(raw);
                }
            } else {
                let n = bad.len();
                let first = &bad[0];
                let why = format!("entry {}: {}", first.index, first.error);
                match keep_aside(b, key, "corrupt", now_ms, &bad_entries_json(&bad)) {
                    Ok(aside) => out.notices.push((
                        NoticeLevel::Warning,
                        format!(
                            "{n} saved {}{} could not be read ({why}) and {} kept aside under “{aside}”. The other {} loaded.",
                            kind.item(),
                            if n == 1 { "" } else { "s" },
                            if n == 1 { "is" } else { "are" },
                            out.items.len()
                        ),
                    )),
                    Err(e) => {
                        out.writable = false;
                        out.notices.push((
                            NoticeLevel::Error,
                            format!(
                                "{n} saved {}s could not be read ({why}) nor kept aside ({e}); to keep them, changes to your {} stay in memory only.",
                                kind.item(),
                                kind.noun()
                            ),
                        ));
                    }
                }
            }
        }
        Err(e) => {
            let (writable, notice) = refused(b, key, kind.noun(), kind.current_version(), &raw, e, now_ms);
            out.writable = writable;
            out.notices.push(notice);
        }
    }
    out
}

/// The notice when the storage itself refused to read `noun`'s key (the key is then left alone).
pub fn not_read(noun: &str, e: &StoreError) -> (NoticeLevel, String) {
    (
        NoticeLevel::Error,
        format!("Your saved {noun} could not be read ({e}). Changes in this tab are kept in memory only."),
    )
}

/// A key (`raw`, holding `noun`, which this build reads up to format `current`) that could not be read at all:
/// a newer dicetray's blob is left alone (with one copy aside), anything else is kept aside under
/// `<key>.corrupt.<ms>` before starting afresh. Returns whether the key may be written, and what to tell the player.
pub fn refused(
    b: &dyn Backend,
    key: &str,
    noun: &str,
    current: u32,
    raw: &str,
    e: DecodeError,
    now_ms: f64,
) -> (bool, (NoticeLevel, String)) {
    match e {
        DecodeError::Future(v) => {
            let aside = keep_aside_once(b, key, "future", now_ms, raw)
                .map(|k| format!(" A copy is also kept under “{k}”."))
                .unwrap_or_default();
            let text = format!(
                "Your saved {noun} were written by a newer dicetray (format version {v}); this version reads up to \
                 {current}. They are left untouched, and changes in this tab are not saved.{aside}"
            );
            (false, (NoticeLevel::Warning, text))
        }
        DecodeError::Unreadable(why) => match keep_aside(b, key, "corrupt", now_ms, raw) {
            Ok(aside) => (
                true,
                (
                    NoticeLevel::Error,
                    format!(
                        "Your saved {noun} could not be read ({why}). The original is kept aside under “{aside}”; \
                         starting afresh."
                    ),
                ),
            ),
            Err(e) => (
                false,
                (
                    NoticeLevel::Error,
                    format!(
                        "Your saved {noun} could not be read ({why}) nor kept aside ({e}); it is left as it is and \
                         changes in this tab are not saved."
                    ),
                ),
            ),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::HistoryEntry;
    use crate::storage::backend::MemoryBackend;
    use dicetray_saved::schema::HISTORY_KEY;

    fn backend(raw: &str) -> MemoryBackend {
        let b = MemoryBackend::default();
        b.set(HISTORY_KEY, raw).unwrap();
        b
    }

    #[test]
    fn nothing_saved_is_an_empty_writable_history() {
        let l: Loaded<HistoryEntry> = load(&MemoryBackend::default(), Kind::History, 1.0);
        assert!(l.items.is_empty() && l.notices.is_empty() && l.writable);
    }

    #[test]
    fn invalid_json_is_kept_aside_and_reported() {
        let b = backend("{oops");
        let l: Loaded<HistoryEntry> = load(&b, Kind::History, 42.0);
        assert!(l.items.is_empty() && l.writable);
        assert_eq!(b.get("dicetray.history.corrupt.42").unwrap().as_deref(), Some("{oops"));
        assert!(l.notices[0].1.contains("dicetray.history.corrupt.42"), "{:?}", l.notices);
    }

    #[test]
    fn a_future_blob_is_left_alone_and_the_key_read_only() {
        let raw = r#"{"version": 3, "data": {"new": "shape"}}"#;
        let b = backend(raw);
        let l: Loaded<HistoryEntry> = load(&b, Kind::History, 1.0);
        assert!(!l.writable);
        assert!(l.notices[0].1.contains("newer dicetray"), "{:?}", l.notices);
        assert_eq!(b.get(HISTORY_KEY).unwrap().as_deref(), Some(raw));
        let _: Loaded<HistoryEntry> = load(&b, Kind::History, 2.0);
        assert_eq!(b.keys().iter().filter(|k| k.contains(".future.")).count(), 1, "{:?}", b.keys());
    }

    #[test]
    fn bad_entries_go_aside_good_ones_load() {
        let raw = r#"{"version": 1, "data": [{"id": "x"}, {"id": "a", "at": 1, "source": {"kind": "notation", "expr": "d4"},
            "seed": 1, "outcome": "total", "total": 2, "dice": [], "text": "d4 = 2"}]}"#;
        let b = backend(raw);
        let l: Loaded<HistoryEntry> = load(&b, Kind::History, 9.0);
        assert_eq!(l.items.len(), 1);
        assert!(l.writable);
        let aside: serde_json::Value =
            serde_json::from_str(&b.get("dicetray.history.corrupt.9").unwrap().unwrap()).unwrap();
        assert_eq!(aside[0]["index"], 0);
        assert_eq!(aside[0]["entry"]["id"], "x");
        assert!(l.notices[0].1.contains("1 saved roll could not be read"), "{:?}", l.notices);
    }

    #[test]
    fn when_nothing_can_be_kept_aside_the_key_is_not_overwritten() {
        let b = backend("{oops");
        let full = MemoryBackend { map: b.map.clone(), limit: Some(20) };
        let l: Loaded<HistoryEntry> = load(&full, Kind::History, 1.0);
        assert!(!l.writable);
        assert_eq!(full.get(HISTORY_KEY).unwrap().as_deref(), Some("{oops"));
    }
}
