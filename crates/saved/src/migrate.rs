//! Reading a saved blob of any version: parse the envelope (a bare array is v0), migrate step by step to the
//! current version, then read each entry on its own so one bad entry costs only itself.

use crate::schema::Kind;
use serde_json::{Map, Value};

/// An entry that could not be read: its position, why, and the entry as it was.
#[derive(Clone, Debug, PartialEq)]
pub struct BadEntry {
    pub index: usize,
    pub error: String,
    pub raw: Value,
}

/// A blob read as far as possible.
#[derive(Clone, Debug, PartialEq)]
pub struct Decoded<T> {
    pub items: Vec<T>,
    pub bad: Vec<BadEntry>,
    /// The version the blob was written in (less than current: it was migrated).
    pub from_version: u32,
    /// The envelope's other fields (`rev`, `deleted`...).
    pub meta: Map<String, Value>,
}

/// Why a blob could not be read at all.
#[derive(Clone, Debug, PartialEq)]
pub enum DecodeError {
    /// Not JSON, or not an envelope/array.
    Unreadable(String),
    /// Written by a newer dicetray: this build does not know the format.
    Future(u32),
}

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DecodeError::Unreadable(why) => f.write_str(why),
            DecodeError::Future(v) => write!(f, "written by a newer dicetray (format version {v})"),
        }
    }
}

/// Split a parsed value into (version, data array, other envelope fields).
pub(crate) fn envelope(value: Value) -> Result<(u32, Value, Map<String, Value>), DecodeError> {
    match value {
        Value::Array(_) => Ok((0, value, Map::new())),
        Value::Object(mut map) => {
            let version = match map.remove("version") {
                Some(Value::Number(n)) => n
                    .as_u64()
                    .and_then(|v| u32::try_from(v).ok())
                    .ok_or_else(|| DecodeError::Unreadable(format!("field `version`: {n} is not a version number")))?,
                Some(other) => {
                    return Err(DecodeError::Unreadable(format!("field `version`: {other} is not a version number")))
                }
                None => return Err(DecodeError::Unreadable("field `version` is missing".into())),
            };
            let data = map.remove("data").ok_or_else(|| DecodeError::Unreadable("field `data` is missing".into()))?;
            Ok((version, data, map))
        }
        other => Err(DecodeError::Unreadable(format!("expected an object or an array, found {}", kind_of(&other)))),
    }
}

/// Read a key saved whole (`{"version": N, "data": {...}}`, the desk and the table seat) written by a build that
/// writes up to `current`, into `T`: a newer version is [`DecodeError::Future`] (leave it alone); anything else that
/// is not such a blob is [`DecodeError::Unreadable`], saying where (`data.<path>`). `noun` names it in messages.
pub fn decode_whole<T: serde::de::DeserializeOwned>(raw: &str, current: u32, noun: &str) -> Result<T, DecodeError> {
    serde_path_to_error::deserialize(whole_data(raw, current, noun)?).map_err(unreadable_data)
}

fn unreadable_data(e: serde_path_to_error::Error<serde_json::Error>) -> DecodeError {
    DecodeError::Unreadable(format!("field `data.{}`: {}", e.path(), e.inner()))
}

/// The `data` of [`decode_whole`]'s blob, checked as it says: apart from its reading into `T`, so compiled once
/// rather than once per type.
fn whole_data(raw: &str, current: u32, noun: &str) -> Result<Value, DecodeError> {
    let value: Value =
        serde_json::from_str(raw).map_err(|e| DecodeError::Unreadable(format!("not valid JSON ({e})")))?;
    if !value.is_object() {
        return Err(DecodeError::Unreadable(format!(
            "expected an object with `version` and `data`, found {}",
            kind_of(&value)
        )));
    }
    let (version, data, _) = envelope(value)?;
    if version > current {
        return Err(DecodeError::Future(version));
    }
    if version == 0 {
        return Err(DecodeError::Unreadable(format!("field `version`: 0 is not a {noun} version (1 is the first)")));
    }
    Ok(data)
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// v0 -> v1. v0 (the pre-release builds) saved a bare array. History entries had no `id` (each gets one from
/// its position, time and seed, so the same v0 blob migrates to the same ids in every tab) and no `events`;
/// characters had no `created`/`updated` (0: older than anything) and no `notes`.
fn v0_to_v1(kind: Kind, data: Value) -> Value {
    let Value::Array(items) = data else { return data };
    let items = items
        .into_iter()
        .enumerate()
        .map(|(i, item)| {
            let Value::Object(mut obj) = item else { return item };
            match kind {
                Kind::History => {
                    if !obj.contains_key("id") {
                        let at = obj.get("at").and_then(Value::as_f64).unwrap_or(0.0) as u64;
                        let seed = obj.get("seed").and_then(Value::as_u64).unwrap_or(0);
                        obj.insert("id".into(), Value::String(format!("v0-{i}-{at:x}-{seed:x}")));
                    }
                    obj.entry("events").or_insert_with(|| Value::Array(Vec::new()));
                }
                Kind::Characters => {
                    obj.entry("notes").or_insert_with(|| Value::String(String::new()));
                    let created = obj.get("created").cloned().unwrap_or(Value::from(0.0));
                    obj.entry("created").or_insert(created.clone());
                    obj.entry("updated").or_insert(created);
                }
            }
            Value::Object(obj)
        })
        .collect();
    Value::Array(items)
}

/// Something saved in a list: read from one JSON value, or the reason it cannot be.
pub trait Item: Sized {
    fn read(v: &Value) -> Result<Self, String>;
}

impl Item for crate::character::Character {
    fn read(v: &Value) -> Result<Self, String> {
        serde::Deserialize::deserialize(v).map_err(|e: serde_json::Error| e.to_string())
    }
}

impl Item for crate::entry::HistoryEntry {
    fn read(v: &Value) -> Result<Self, String> {
        crate::compact::read_entry(v)
    }
}

/// Read a saved blob of `kind`: every entry that reads is kept, every one that does not is reported.
pub fn decode<T: Item>(raw: &str, kind: Kind) -> Result<Decoded<T>, DecodeError> {
    let value: Value =
        serde_json::from_str(raw).map_err(|e| DecodeError::Unreadable(format!("not valid JSON ({e})")))?;
    decode_value(value, kind)
}

/// [`decode`] from parsed JSON.
pub fn decode_value<T: Item>(value: Value, kind: Kind) -> Result<Decoded<T>, DecodeError> {
    let Migrated { entries, from_version, meta } = migrate(value, kind)?;
    let mut items = Vec::with_capacity(entries.len());
    let mut bad = Vec::new();
    for (index, entry) in entries.into_iter().enumerate() {
        match T::read(&entry) {
            Ok(item) => items.push(item),
            Err(error) => bad.push(BadEntry { index, error, raw: entry }),
        }
    }
    Ok(Decoded { items, bad, from_version, meta })
}

/// A blob's entries at the current version, not yet read.
struct Migrated {
    entries: Vec<Value>,
    from_version: u32,
    meta: Map<String, Value>,
}

/// The envelope and the migrations of [`decode_value`], apart from its reading of each entry: the same for every
/// kind of entry, so compiled once rather than once per entry type.
fn migrate(value: Value, kind: Kind) -> Result<Migrated, DecodeError> {
    let (from_version, mut data, meta) = envelope(value)?;
    if from_version > kind.current_version() {
        return Err(DecodeError::Future(from_version));
    }
    let mut version = from_version;
    while version < kind.current_version() {
        data = match version {
            0 => v0_to_v1(kind, data),
            // History v2 adds the compact entry form; every v1 entry is a valid v2 entry.
            1 => data,
            _ => unreachable!("no migration from version {version}"),
        };
        version += 1;
    }
    let Value::Array(entries) = data else {
        return Err(DecodeError::Unreadable(format!("field `data`: expected an array, found {}", kind_of(&data))));
    };
    Ok(Migrated { entries, from_version, meta })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::character::Character;
    use crate::entry::HistoryEntry;
    use serde_json::json;

    fn v1_entry(id: &str) -> Value {
        json!({"id": id, "at": 1000.0, "character": null, "source": {"kind": "notation", "expr": "2d6"},
               "seed": 7, "outcome": "total", "events": [], "total": 5.0, "dice": [], "text": "2d6 = 5"})
    }

    #[test]
    fn a_current_envelope_reads_with_its_metadata() {
        let raw = json!({"version": 1, "rev": 3, "data": [v1_entry("a"), v1_entry("b")]}).to_string();
        let d: Decoded<HistoryEntry> = decode(&raw, Kind::History).unwrap();
        assert_eq!(d.items.len(), 2);
        assert!(d.bad.is_empty());
        assert_eq!(d.from_version, 1);
        assert_eq!(d.meta["rev"], 3);
        let raw = json!({"version": 2, "data": [v1_entry("a")]}).to_string();
        let d: Decoded<HistoryEntry> = decode(&raw, Kind::History).unwrap();
        assert_eq!(d.items.len(), 1);
    }

    #[test]
    fn a_v0_bare_history_array_migrates_with_stable_ids() {
        let mut e = v1_entry("x");
        e.as_object_mut().unwrap().remove("id");
        e.as_object_mut().unwrap().remove("events");
        let raw = Value::Array(vec![e.clone(), e]).to_string();
        let d: Decoded<HistoryEntry> = decode(&raw, Kind::History).unwrap();
        assert_eq!(d.from_version, 0);
        assert!(d.bad.is_empty(), "{:?}", d.bad);
        assert_eq!(d.items[0].id, "v0-0-3e8-7");
        assert_eq!(d.items[1].id, "v0-1-3e8-7");
        let again: Decoded<HistoryEntry> = decode(&raw, Kind::History).unwrap();
        assert_eq!(again.items, d.items, "migration is deterministic");
    }

    #[test]
    fn a_v0_bare_characters_array_migrates() {
        let raw =
            json!([{"id": "c1", "name": "Ada", "sheet": crate::sheets::Sheet::new("remedy").unwrap()}]).to_string();
        let d: Decoded<Character> = decode(&raw, Kind::Characters).unwrap();
        assert!(d.bad.is_empty(), "{:?}", d.bad);
        assert_eq!(d.items[0].name, "Ada");
        assert_eq!(d.items[0].updated, 0.0);
        assert_eq!(d.items[0].notes, "");
    }

    #[test]
    fn bad_entries_are_reported_and_good_ones_kept() {
        let mut broken = v1_entry("b");
        broken.as_object_mut().unwrap().remove("seed");
        let raw = json!({"version": 1, "data": [v1_entry("a"), broken, 42]}).to_string();
        let d: Decoded<HistoryEntry> = decode(&raw, Kind::History).unwrap();
        assert_eq!(d.items.len(), 1);
        assert_eq!(d.bad.len(), 2);
        assert_eq!(d.bad[0].index, 1);
        assert!(d.bad[0].error.contains("seed"), "{}", d.bad[0].error);
        assert_eq!(d.bad[1].raw, json!(42));
    }

    #[test]
    fn unreadable_and_future_blobs_are_told_apart() {
        let r = decode::<HistoryEntry>("{not json", Kind::History);
        assert!(matches!(r, Err(DecodeError::Unreadable(ref m)) if m.contains("not valid JSON")), "{r:?}");
        let r = decode::<HistoryEntry>(r#"{"data": []}"#, Kind::History);
        assert!(matches!(r, Err(DecodeError::Unreadable(ref m)) if m.contains("version")), "{r:?}");
        let r = decode::<HistoryEntry>(r#"{"version": 1, "data": {}}"#, Kind::History);
        assert!(matches!(r, Err(DecodeError::Unreadable(ref m)) if m.contains("data")), "{r:?}");
        let r = decode::<HistoryEntry>(r#""hello""#, Kind::History);
        assert!(matches!(r, Err(DecodeError::Unreadable(_))), "{r:?}");
        let r = decode::<HistoryEntry>(r#"{"version": 9, "data": "whatever v9 holds"}"#, Kind::History);
        assert_eq!(r, Err(DecodeError::Future(9)));
    }
}
