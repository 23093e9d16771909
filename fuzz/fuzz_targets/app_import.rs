//! The app's import decoders: a history export file (`history::export::parse_import`), a character export file
//! (`characters::import_export::import_json`) and the localStorage blobs of both kinds (`storage::decode`).
//! Every input goes through all four. An accepted history file must export and import back to the same entries;
//! an accepted character must pass the app's own validation.
#![no_main]

use dicetray_app::characters::import_export::{import_json, validate};
use dicetray_app::history::export::{export_json, parse_import};
use dicetray_app::state::{Character, HistoryEntry};
use dicetray_app::storage::{decode, Kind};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(entries) = parse_import(text) {
        let again = parse_import(&export_json(&entries)).expect("an export of imported entries imports");
        assert_eq!(again, entries, "history changed through export and import");
    }
    if let Ok(imported) = import_json(text, &[]) {
        validate(&imported.character).expect("an imported character is valid");
    }
    let _ = decode::<HistoryEntry>(text, Kind::History);
    let _ = decode::<Character>(text, Kind::Characters);
});
