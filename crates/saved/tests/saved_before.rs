//! Saved data written by the app before the saved-data types moved into this crate loads, and this crate writes it
//! back byte for byte (but for the notation version a Tray roll gains: `"v":1`, the version it was read with), so a
//! returning player's storage is read as clean.
//!
//! The fixtures were written by the app at commit 279b987 (its `storage::schema` encoders, with the compact form for
//! rolls recorded in that tab): five system rolls stored compactly, a 24-System roll with a Critical Failure declared
//! after it (stored in full), a Tray roll, history metadata from a Clear and an Undo; one character per system and a
//! tombstone.

use dicetray_saved::compact::encode_saved;
use dicetray_saved::migrate::decode;
use dicetray_saved::schema::{encode_characters, tombstones_from_map, HistoryMeta, Kind};
use dicetray_saved::{Character, History, HistoryEntry, RollSource};

const HISTORY: &str = include_str!("fixtures/history-v2.json");
const CHARACTERS: &str = include_str!("fixtures/characters-v1.json");

#[test]
fn a_saved_history_loads_whole_and_is_written_back_unchanged() {
    let d = decode::<HistoryEntry>(HISTORY, Kind::History).expect("the saved history reads");
    assert!(d.bad.is_empty(), "{:?}", d.bad);
    assert_eq!(d.from_version, Kind::History.current_version());
    let meta = HistoryMeta::from_map(&d.meta);
    assert_eq!(meta, HistoryMeta { rev: 2, cleared_at: 1_763_799_999_000.5 });
    let history = History::new(d.items, meta);
    assert_eq!(history.len(), 7);
    assert!(history[..5].iter().all(|e| !e.dice.is_empty()), "compact entries are replayed when read");
    assert_eq!(history[5].events.last().map(String::as_str), Some("critical_failure"));
    assert!(matches!(&history[6].source, RollSource::Notation { expr, version: 1 } if expr == "4d6kh3"));
    // A Tray roll saved before notation versions existed was read as version 1 (whole-number division), and says so
    // when written; nothing else changes.
    let with_version = HISTORY.trim_end().replace(r#""expr":"4d6kh3"}"#, r#""expr":"4d6kh3","v":1}"#);
    assert_ne!(with_version, HISTORY.trim_end(), "the fixture has a Tray roll without a version");
    assert_eq!(encode_saved(&history), with_version, "written back as it was saved");
}

#[test]
fn saved_characters_load_whole_and_are_written_back_unchanged() {
    let d = decode::<Character>(CHARACTERS, Kind::Characters).expect("the saved characters read");
    assert!(d.bad.is_empty(), "{:?}", d.bad);
    assert_eq!(d.from_version, Kind::Characters.current_version());
    let ids: Vec<&str> = d.items.iter().map(|c| c.sheet.system_id()).collect();
    assert_eq!(ids, ["24-system", "remedy", "total-effect", "ruina-imperii", "hack-and-slash"]);
    let deleted = tombstones_from_map(&d.meta);
    assert_eq!(deleted.get("gone"), Some(&1_763_700_000_900.0));
    assert_eq!(encode_characters(&d.items, &deleted), CHARACTERS.trim_end(), "written back as it was saved");
}
