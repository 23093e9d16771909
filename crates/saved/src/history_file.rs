//! History as a JSON file: export writes the storage envelope; import reads any version of it, size-limited
//! and checked entry by entry, with errors that name the entry and the field.

use crate::entry::{HistoryEntry, RollSource};
use crate::migrate::{decode_value, DecodeError};
use crate::schema::{encode_history, HistoryMeta, Kind};

/// The largest file import accepts.
pub const IMPORT_LIMIT_BYTES: usize = 5 * 1024 * 1024;
/// The most dice one imported entry may hold (a sanity bound against hostile files).
const DICE_LIMIT: usize = 10_000;
/// The longest text field an imported entry may hold.
const TEXT_LIMIT: usize = 20_000;

/// The export file's text.
pub fn export_json(entries: &[HistoryEntry]) -> String {
    encode_history(entries, HistoryMeta::default())
}

/// The file name to offer: `dicetray-history-<n>-rolls.json`.
pub fn export_file_name(count: usize) -> String {
    format!("dicetray-history-{count}-rolls.json")
}

/// Read an import file. Rejects the whole file on the first problem, naming it.
pub fn parse_import(text: &str) -> Result<Vec<HistoryEntry>, String> {
    if text.len() > IMPORT_LIMIT_BYTES {
        return Err(format!(
            "the file is {} MB; the limit is {} MB",
            dicetray_rules::decimal::fixed(text.len() as f64 / 1_048_576.0, 1),
            IMPORT_LIMIT_BYTES / 1_048_576
        ));
    }
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("the file is not valid JSON ({e})"))?;
    let decoded = decode_value::<HistoryEntry>(value, Kind::History).map_err(|e| match e {
        DecodeError::Future(v) => format!("the file was exported by a newer dicetray (format version {v})"),
        DecodeError::Unreadable(why) => format!("not a dicetray history file: {why}"),
    })?;
    if let Some(bad) = decoded.bad.first() {
        let more = decoded.bad.len() - 1;
        return Err(format!(
            "entry {}: {}{}",
            bad.index,
            bad.error,
            if more > 0 { format!(" (and {more} more bad entries)") } else { String::new() }
        ));
    }
    for (i, e) in decoded.items.iter().enumerate() {
        check_entry(e).map_err(|why| format!("entry {i}: {why}"))?;
    }
    Ok(decoded.items)
}

fn check_entry(e: &HistoryEntry) -> Result<(), String> {
    if e.id.trim().is_empty() {
        return Err("field `id` is empty".into());
    }
    if !e.at.is_finite() || e.at < 0.0 {
        return Err(format!("field `at`: {} is not a time", e.at));
    }
    if !e.total.is_finite() {
        return Err("field `total` is not a number".into());
    }
    if e.dice.len() > DICE_LIMIT {
        return Err(format!("field `dice`: {} dice, at most {DICE_LIMIT}", e.dice.len()));
    }
    for (name, len) in [("text", e.text.len()), ("outcome", e.outcome.len()), ("id", e.id.len())] {
        if len > TEXT_LIMIT {
            return Err(format!("field `{name}` is {len} characters, at most {TEXT_LIMIT}"));
        }
    }
    match &e.source {
        RollSource::System { request } => {
            request.validate().map_err(|err| format!("field `source.request`: {err}"))?;
            if !request.outcomes().contains(&e.outcome.as_str()) {
                return Err(format!(
                    "field `outcome`: `{}` is not a {} outcome ({})",
                    e.outcome,
                    request.system_id(),
                    request.outcomes().join(", ")
                ));
            }
        }
        RollSource::Notation { expr, .. } if expr.len() > TEXT_LIMIT => {
            return Err(format!("field `source.expr` is {} characters, at most {TEXT_LIMIT}", expr.len()))
        }
        RollSource::Notation { .. } => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use dicetray_rules::systems::Request;

    fn system_entry(id: &str, seed: u64) -> HistoryEntry {
        let request = Request::from_json(r#"{"system":"24-system","rank":3,"dc":15}"#).unwrap();
        let s = request.roll(seed).unwrap().summary();
        HistoryEntry::system_roll(id.into(), 1000.0 + seed as f64, None, request, seed, s, "roll".into())
    }

    #[test]
    fn export_then_import_round_trips() {
        let h = vec![system_entry("a", 1), system_entry("b", 2)];
        assert_eq!(parse_import(&export_json(&h)).unwrap(), h);
    }

    #[test]
    fn import_errors_name_the_entry_and_field() {
        let mut v: serde_json::Value =
            serde_json::from_str(&export_json(&[system_entry("a", 1), system_entry("b", 2)])).unwrap();
        v["data"][1].as_object_mut().unwrap().remove("seed");
        let err = parse_import(&v.to_string()).unwrap_err();
        assert!(err.starts_with("entry 1:") && err.contains("seed"), "{err}");

        let mut v: serde_json::Value = serde_json::from_str(&export_json(&[system_entry("a", 1)])).unwrap();
        v["data"][0]["source"]["request"]["rank"] = 99.into();
        let err = parse_import(&v.to_string()).unwrap_err();
        assert!(err.starts_with("entry 0: field `source.request`") && err.contains("rank"), "{err}");

        let mut v: serde_json::Value = serde_json::from_str(&export_json(&[system_entry("a", 1)])).unwrap();
        v["data"][0]["outcome"] = "<script>".into();
        let err = parse_import(&v.to_string()).unwrap_err();
        assert!(err.contains("field `outcome`"), "{err}");

        assert!(parse_import("[1,").unwrap_err().contains("not valid JSON"));
        assert!(parse_import(r#"{"version": 7, "data": []}"#).unwrap_err().contains("newer dicetray"));
        assert!(parse_import(&" ".repeat(IMPORT_LIMIT_BYTES + 1)).unwrap_err().contains("limit is 5 MB"));
    }
    /// Found by the `app_import` fuzz target (crash-be1e398d…): an imported entry whose `total` is a 53-digit
    /// number read back 1 ULP off after export, because serde_json (without `float_roundtrip`) read the number
    /// and its shortest rewrite differently. With `float_roundtrip` every f64 survives export and import.
    #[test]
    fn a_huge_total_survives_export_and_import() {
        let hostile = r#"	{"version":2,"ed_at":0.0,"data":[{"id":"e0","at":1763800000000.0,"character":{"id":"ada","name":"Ada"},"source":{"kind":"system","request":{"system":"24-system","rank":3,"leverge":1,"dc":15,"pressure":[2,{"label":"dark","dc":0}],"crushing":null,"atvack":true,"called_shot":null,"pushed":false}},"seed":40,"outcome":"success","events%":["partial_critical"],"total":66666666666666666666666666666666666666666666666666618.0,"dice":[{"kind":{"kind":"standard","sides":8},"face":8,"value":8,"kept":true,"maxeed":true,"role":"leverage"}	 ],"text":"24-sys tem: success (18)"}]}"#;
        let entries = parse_import(hostile).unwrap();
        assert_eq!(entries[0].total, 6.666666666666666e52);
        assert_eq!(parse_import(&export_json(&entries)).unwrap(), entries);
        // Every f64 a roll can record, written and read back exactly, at the edges of i64 and of 2^53.
        for total in [9.007199254740993e15, 9.223372036854776e18, -9.223372036854776e18, 6.666666666666665e52, 0.1] {
            let mut e = entries[0].clone();
            e.total = total;
            assert_eq!(parse_import(&export_json(std::slice::from_ref(&e))).unwrap()[0].total, total);
        }
    }
}
