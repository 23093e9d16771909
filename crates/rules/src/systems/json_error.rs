//! Turning serde's messages about a request into a [`RequestError`] that names the field.
//!
//! serde_json's messages for a `Value` carry no path, so the field is found by elimination: a key whose removal
//! turns the failure into "missing field `key`" (or into success) is the culprit; inside an array, an element
//! whose removal lets the rest parse is named `key[i]`, and
//! inside an object, a member found the same way is named `key.member`.

use super::RequestError;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// Deserialize `value` (an object) into `T`; on failure, name the field at fault.
pub(crate) fn from_object<T: DeserializeOwned>(value: &Value) -> Result<T, RequestError> {
    let err = match T::deserialize(value) {
        Ok(t) => return Ok(t),
        Err(e) => e.to_string(),
    };
    let Some(map) = value.as_object() else {
        let (problem, allowed) = split_expected(&err);
        return Err(RequestError::new("", problem, allowed));
    };
    if let Some(field) = quoted_after(&err, "missing field ") {
        // A member missing inside a nested object is named `key.member`.
        // (Objects with more keys than any request has are not searched: each try copies the whole map.)
        let owner = map.iter().filter(|(_, v)| v.is_object() && map.len() <= LINEAR_MAX).map(|(k, _)| k).find(|k| {
            let mut without = map.clone();
            without.remove(*k);
            serde_json::from_value::<T>(Value::Object(without)).map_err(|e| e.to_string()).err() != Some(err.clone())
        });
        let path = owner.map_or(field.clone(), |k| format!("{k}.{field}"));
        return Err(RequestError::new(path, "missing", "a value for this field (see the request format)"));
    }
    let (problem, allowed) = split_expected(&err);
    // Every try copies the map: a hostile request with thousands of keys gets no field name rather than a
    // quadratic search (no request type has more than 15 fields).
    for key in map.keys().filter(|k| k.as_str() != "system" && map.len() <= LINEAR_MAX) {
        let mut without = map.clone();
        without.remove(key);
        let culprit = match serde_json::from_value::<T>(Value::Object(without)) {
            Ok(_) => true,
            Err(e) => quoted_after(&e.to_string(), "missing field ").as_deref() == Some(key.as_str()),
        };
        if culprit {
            if let Some(problem) = list_for_object::<T>(map, key) {
                return Err(RequestError::new(key.clone(), problem, "one JSON object (see the request format)"));
            }
            let field = match (element_at_fault::<T>(map, key), member_at_fault::<T>(map, key)) {
                (Some(i), _) => format!("{key}[{i}]"),
                (None, Some(member)) => format!("{key}.{member}"),
                (None, None) => key.clone(),
            };
            return Err(RequestError::new(field, problem, allowed));
        }
    }
    Err(RequestError::new("", problem, allowed))
}

/// Objects and arrays up to this size are searched one entry at a time; longer arrays by bisection, and larger
/// objects not at all (each try re-reads the whole request, so a linear search would be quadratic).
const LINEAR_MAX: usize = 32;

/// If `map[key]` is an array and dropping one element lets the whole parse, that element's index. Arrays longer
/// than [`LINEAR_MAX`] (10,000 opponents) are bisected: O(n log n) rather than O(n²).
fn element_at_fault<T: DeserializeOwned>(map: &Map<String, Value>, key: &str) -> Option<usize> {
    let items = map.get(key)?.as_array()?;
    let parses_without = |range: std::ops::Range<usize>| {
        let mut shorter = items.clone();
        shorter.drain(range);
        let mut m = map.clone();
        m.insert(key.to_string(), Value::Array(shorter));
        serde_json::from_value::<T>(Value::Object(m)).is_ok()
    };
    if items.len() <= LINEAR_MAX {
        return (0..items.len()).find(|&i| parses_without(i..i + 1));
    }
    let (mut lo, mut hi) = (0, items.len());
    if !parses_without(lo..hi) {
        return None;
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if parses_without(lo..mid) {
            hi = mid;
        } else if parses_without(mid..hi) {
            lo = mid;
        } else {
            return None; // bad elements in both halves: no single one is at fault
        }
    }
    parses_without(lo..lo + 1).then_some(lo)
}

/// If `map[key]` is a list where one object belongs (`"opponent": [...]`), say so: serde would read the list as
/// the struct's fields in order and complain about the first one's type, which misleads.
fn list_for_object<T: DeserializeOwned>(map: &Map<String, Value>, key: &str) -> Option<String> {
    let items = map.get(key)?.as_array()?;
    let mut m = map.clone();
    m.insert(key.to_string(), Value::Object(Map::new()));
    let object_expected = match serde_json::from_value::<T>(Value::Object(m)) {
        Ok(_) => true,
        Err(e) => e.to_string().contains("missing field"),
    };
    object_expected.then(|| format!("a list of {} entries where one object is expected", items.len()))
}

/// If `map[key]` is an object and dropping one of its members turns the failure into "missing field `member`"
/// (or success), that member's name.
fn member_at_fault<T: DeserializeOwned>(map: &Map<String, Value>, key: &str) -> Option<String> {
    let inner = map.get(key)?.as_object()?;
    if inner.len() > LINEAR_MAX {
        return None;
    }
    inner.keys().find_map(|member| {
        let mut smaller = inner.clone();
        smaller.remove(member);
        let mut m = map.clone();
        m.insert(key.to_string(), Value::Object(smaller));
        let culprit = match serde_json::from_value::<T>(Value::Object(m)) {
            Ok(_) => true,
            Err(e) => quoted_after(&e.to_string(), "missing field ").as_deref() == Some(member.as_str()),
        };
        culprit.then(|| member.clone())
    })
}

/// The backquoted word after `prefix` in `msg`: "missing field `rank`" -> "rank".
fn quoted_after(msg: &str, prefix: &str) -> Option<String> {
    let rest = &msg[msg.find(prefix)? + prefix.len()..];
    let rest = rest.strip_prefix('`')?;
    Some(rest[..rest.find('`')?].to_string())
}

/// "invalid type: string \"x\", expected i64" -> ("invalid type: string \"x\"", "a whole number").
///
/// A whole number too large for its type ("invalid value: integer `99999999999`, expected i32") reads
/// ("99999999999 is out of range", "a whole number from -2147483648 to 2147483647").
fn split_expected(msg: &str) -> (String, String) {
    let (problem, allowed) = split_expected_raw(msg);
    let bounds = match allowed.as_str() {
        "i64" => Some((i64::MIN as i128, i64::MAX as i128)),
        "i32" => Some((i32::MIN as i128, i32::MAX as i128)),
        "u64" => Some((0, u64::MAX as i128)),
        "u32" => Some((0, u32::MAX as i128)),
        "u8" => Some((0, u8::MAX as i128)),
        _ => None,
    };
    if let (Some((lo, hi)), Some(n)) = (bounds, quoted_after(&problem, "invalid value: integer ")) {
        return (format!("{n} is out of range"), format!("a whole number from {lo} to {hi}"));
    }
    let allowed = match allowed.as_str() {
        "i64" | "i32" | "u64" | "u32" | "u8" => "a whole number".to_string(),
        "f64" | "f32" => "a number".to_string(),
        _ => allowed,
    };
    (problem, allowed)
}

fn split_expected_raw(msg: &str) -> (String, String) {
    match msg.find(", expected ") {
        Some(at) => (msg[..at].to_string(), msg[at + ", expected ".len()..].to_string()),
        None => match msg.find("expected ") {
            Some(at) => (msg[..at].trim_end_matches([',', ' ']).to_string(), msg[at + "expected ".len()..].to_string()),
            None => (msg.to_string(), "see the request format".to_string()),
        },
    }
}
