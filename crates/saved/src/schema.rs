//! The saved-data format: one localStorage key per kind of data, each holding an envelope
//! `{"version": N, "data": [...], ...metadata}`.
//!
//! | key | data | metadata |
//! |-----|------|----------|
//! | `dicetray.characters` | `[Character]` in the player's order | `deleted`: `{id: ms}` tombstones, so another tab's merge does not bring a deleted character back |
//! | `dicetray.history` | `[HistoryEntry]` oldest first, sorted by (`at`, `id`) | `rev`: bumped by Clear and Undo; `cleared_at`: ms of the last Clear |
//! | `dicetray.desk` | `Desk` (an object, not a list: `desk.rs`) | none |
//!
//! Anything that cannot be read is kept aside under `<key>.corrupt.<ms>`; a blob from a newer dicetray under
//! `<key>.future.<ms>` (and the key itself is left alone).

use serde::Serialize;

/// Where characters are saved.
pub const CHARACTERS_KEY: &str = "dicetray.characters";
/// Where the roll history is saved.
pub const HISTORY_KEY: &str = "dicetray.history";

/// The characters format this build writes (v0: a bare array, entries without `created`/`updated`).
pub const CHARACTERS_VERSION: u32 = 1;
/// The history format this build writes (v0: a bare array, entries without `id`; v1: full entries only;
/// v2: replayable system rolls in the compact form of `compact.rs`).
pub const HISTORY_VERSION: u32 = 2;

/// The two kinds of saved data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Characters,
    History,
}

impl Kind {
    pub fn key(self) -> &'static str {
        match self {
            Kind::Characters => CHARACTERS_KEY,
            Kind::History => HISTORY_KEY,
        }
    }

    pub fn current_version(self) -> u32 {
        match self {
            Kind::Characters => CHARACTERS_VERSION,
            Kind::History => HISTORY_VERSION,
        }
    }

    /// What the player calls this data, in notices.
    pub fn noun(self) -> &'static str {
        match self {
            Kind::Characters => "characters",
            Kind::History => "roll history",
        }
    }

    /// One item, in notices.
    pub fn item(self) -> &'static str {
        match self {
            Kind::Characters => "character",
            Kind::History => "roll",
        }
    }
}

/// History metadata kept in the envelope beside `data`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct HistoryMeta {
    /// Bumped by every Clear and Undo: a tab seeing a higher `rev` adopts that history instead of merging.
    pub rev: u64,
    /// When the last Clear happened (ms); rolls made after it survive a Clear from another tab.
    pub cleared_at: f64,
}

impl HistoryMeta {
    pub fn from_map(meta: &serde_json::Map<String, serde_json::Value>) -> HistoryMeta {
        HistoryMeta {
            rev: meta.get("rev").and_then(|v| v.as_u64()).unwrap_or(0),
            cleared_at: meta.get("cleared_at").and_then(|v| v.as_f64()).unwrap_or(0.0),
        }
    }
}

/// Character metadata: when each deleted character was deleted (ms).
pub type Tombstones = std::collections::BTreeMap<String, f64>;

pub fn tombstones_from_map(meta: &serde_json::Map<String, serde_json::Value>) -> Tombstones {
    meta.get("deleted").and_then(|v| serde_json::from_value(v.clone()).ok()).unwrap_or_default()
}

#[derive(Serialize)]
struct HistoryEnvelope<'a, T> {
    version: u32,
    rev: u64,
    cleared_at: f64,
    data: &'a [T],
}

#[derive(Serialize)]
struct CharactersEnvelope<'a, T> {
    version: u32,
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    deleted: &'a Tombstones,
    data: &'a [T],
}

/// The history envelope with every entry as given (exports: in full, readable without replaying; the saved
/// history is `compact::encode_saved`).
pub fn encode_history<T: Serialize>(entries: &[T], meta: HistoryMeta) -> String {
    let env = HistoryEnvelope { version: HISTORY_VERSION, rev: meta.rev, cleared_at: meta.cleared_at, data: entries };
    serde_json::to_string(&env).expect("history serialises")
}

/// The characters envelope as saved.
pub fn encode_characters<T: Serialize>(characters: &[T], deleted: &Tombstones) -> String {
    let env = CharactersEnvelope { version: CHARACTERS_VERSION, deleted, data: characters };
    serde_json::to_string(&env).expect("characters serialise")
}
