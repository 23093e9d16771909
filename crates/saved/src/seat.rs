//! The table this device sits at (table mode): what a reload needs to sit back down, namely the table's key (its
//! id is in the member), whether this device started it (its GM), and the member itself as `dicetray_table` saves
//! it (identity, sequence number, secrets of rolls still to reveal, the table log).
//!
//! Saved under [`SEAT_KEY`] as `{"version": 1, "data": {"seat": null | {...}}}`.

use crate::migrate::{decode_whole, DecodeError};
use dicetray_table::member::Saved as SavedMember;
use serde::{Deserialize, Serialize};

/// Where the seat is saved.
pub const SEAT_KEY: &str = "dicetray.table";
/// The seat format this build writes.
pub const SEAT_VERSION: u32 = 1;

/// Where this device sits: at one table, or none.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seating {
    pub seat: Option<Seat>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seat {
    /// This device started the table.
    pub gm: bool,
    /// The table key from the link (43 characters of base64url).
    pub key: String,
    /// The Nostr relays this device uses (`ws://` or `wss://` URLs).
    pub relays: Vec<String>,
    /// The ICE (STUN) servers for direct connections; empty: none.
    pub ice: Vec<String>,
    /// False: never connect directly; everything goes through the relays (hides this device's address).
    pub direct: bool,
    pub member: SavedMember,
}

/// The seating as its saved text, which table mode makes ([`encode_seating`]) and reads ([`decode_seating`]) and
/// storage writes as is: the app's first load then carries none of the table's types (they are the Table
/// screen's chunk). Empty: no seat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatingText(pub String);

impl SeatingText {
    /// What storage writes: the text, or a seating with no seat.
    pub fn saved(&self) -> String {
        if self.0.is_empty() {
            format!(r#"{{"version":{SEAT_VERSION},"data":{{"seat":null}}}}"#)
        } else {
            self.0.clone()
        }
    }

    /// No seat saved.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty() || self.0 == SeatingText::default().saved()
    }
}

/// A saved seat this long (in characters; it grows with the table log, about 1 KB per message) earns the player a
/// notice: export the log and start a new table before this phone's storage fills.
pub const SEAT_NOTICE_CHARS: usize = 2_000_000;

/// The notice the saved seat `text` earns (see [`SEAT_NOTICE_CHARS`]), if it is that long.
pub fn size_notice(text: &str) -> Option<String> {
    use dicetray_rules::decimal::fixed;
    // Never fewer bytes than characters: only a long text is counted.
    let chars = if text.len() < SEAT_NOTICE_CHARS { 0 } else { text.chars().count() };
    (chars >= SEAT_NOTICE_CHARS).then(|| {
        format!(
            "This table's log now takes {} million characters of this phone's storage (a notice from {} \
             million, SEAT_NOTICE_CHARS). Export it (Table log) and start a new table for the next session: if \
             the storage fills, this phone can no longer keep the table across a reload.",
            fixed(chars as f64 / 1e6, 1),
            fixed(SEAT_NOTICE_CHARS as f64 / 1e6, 1)
        )
    })
}

pub fn encode_seating(seating: &Seating) -> String {
    #[derive(Serialize)]
    struct Envelope<'a> {
        version: u32,
        data: &'a Seating,
    }
    serde_json::to_string(&Envelope { version: SEAT_VERSION, data: seating }).expect("a seating serialises")
}

/// Read a saved seat. A newer version is [`DecodeError::Future`] (leave it alone); anything else that is not a
/// seat this build could have written is [`DecodeError::Unreadable`], saying where.
pub fn decode_seating(raw: &str) -> Result<Seating, DecodeError> {
    decode_whole(raw, SEAT_VERSION, "seat")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_past_the_notice_size_says_so_naming_the_limit_and_what_to_do() {
        assert_eq!(size_notice(&"x".repeat(SEAT_NOTICE_CHARS - 1)), None);
        assert_eq!(size_notice(&"é".repeat(SEAT_NOTICE_CHARS - 1)), None, "characters, not bytes");
        let said = size_notice(&"x".repeat(2_345_678)).unwrap();
        assert!(
            said.contains("2.3 million") && said.contains("SEAT_NOTICE_CHARS") && said.contains("Export"),
            "{said}"
        );
    }

    #[test]
    fn no_seat_round_trips_and_a_broken_or_newer_one_is_refused_saying_where() {
        let none = Seating::default();
        let raw = encode_seating(&none);
        assert_eq!(raw, r#"{"version":1,"data":{"seat":null}}"#);
        assert_eq!(decode_seating(&raw).unwrap(), none);
        let err = decode_seating(r#"{"version":1,"data":{"seat":{"gm":true}}}"#).unwrap_err();
        assert!(matches!(&err, DecodeError::Unreadable(w) if w.contains("data.seat")), "{err:?}");
        assert!(matches!(decode_seating(r#"{"version":7,"data":{}}"#), Err(DecodeError::Future(7))));
        assert!(decode_seating("[1]").is_err() && decode_seating("{").is_err());
        assert_eq!(SeatingText::default().saved(), raw, "no seat reads the same either way");
        assert!(SeatingText::default().is_empty() && SeatingText(raw).is_empty());
    }
}
