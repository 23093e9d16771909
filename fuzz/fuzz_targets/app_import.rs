//! The saved-data decoders: a history export file (`history_file::parse_import`), a character export file
//! (`character_file::import_json`) and the localStorage blobs of both kinds (`migrate::decode`), all in
//! `dicetray-saved`.
//! Every input goes through all four. An accepted history file must export and import back to the same entries;
//! an accepted character must pass the app's own validation.
#![no_main]

use dicetray_saved::character_file::{import_json, validate};
use dicetray_saved::history_file::{export_json, parse_import};
use dicetray_saved::migrate::decode;
use dicetray_saved::schema::Kind;
use dicetray_saved::{Character, HistoryEntry};
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
