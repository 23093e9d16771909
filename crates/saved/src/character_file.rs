//! A character as a JSON file: `{"format":"dicetray-character","version":1,"character":{...}}`.
//!
//! Import is defensive: the text is size-limited, must carry the envelope, is read field by field with the path
//! of any bad field in the error (`character.sheet.skills[0].rank`), is checked against each system's ranges, and
//! an id that is already taken is replaced, so an import never overwrites a character.

use crate::character::Character;
use crate::character_list::fresh_id;
use crate::sheets::Sheet;
use serde::Deserialize;
use serde_json::{json, Value};
use std::fmt;

/// The envelope's `format`.
pub const FORMAT: &str = "dicetray-character";
/// The envelope's `version` this build writes and reads.
pub const VERSION: u64 = 1;
/// The largest import accepted, in bytes.
pub const MAX_BYTES: usize = 256 * 1024;
/// The longest character name accepted.
pub const MAX_NAME: usize = 200;

/// What is wrong with an import: the field's path (empty for the whole text) and the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportError {
    pub field: String,
    pub problem: String,
}

impl ImportError {
    fn new(field: impl Into<String>, problem: impl Into<String>) -> Self {
        ImportError { field: field.into(), problem: problem.into() }
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            f.write_str(&self.problem)
        } else {
            write!(f, "`{}`: {}", self.field, self.problem)
        }
    }
}

/// The character as export JSON (pretty-printed).
pub fn export_json(character: &Character) -> String {
    let envelope = json!({ "format": FORMAT, "version": VERSION, "character": character });
    serde_json::to_string_pretty(&envelope).expect("a character always serialises")
}

/// A file name for the export: the name's letters and digits, `-` for anything else.
pub fn file_name(character: &Character) -> String {
    let mut stem = String::new();
    for ch in character.name.chars().take(60) {
        if ch.is_alphanumeric() {
            stem.extend(ch.to_lowercase());
        } else if !stem.ends_with('-') {
            stem.push('-');
        }
    }
    let stem = stem.trim_matches('-');
    format!("{}.dicetray.json", if stem.is_empty() { "character" } else { stem })
}

/// A successful import.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    pub character: Character,
    /// The file's id was taken (or unusable) so the character got a fresh one.
    pub new_id: bool,
}

/// The export envelope. `format` and `version` are checked on the raw JSON first (`check_envelope`, with a
/// precise message); here they make the whole envelope's shape required.
#[derive(Deserialize)]
#[allow(dead_code)]
struct Envelope {
    format: String,
    version: u64,
    character: Character,
}

/// Read an exported character; `existing` are the characters already in the app (their ids are not reused).
pub fn import_json(text: &str, existing: &[Character]) -> Result<Imported, ImportError> {
    if text.len() > MAX_BYTES {
        return Err(too_large(text.len()));
    }
    if text.trim().is_empty() {
        return Err(ImportError::new("", "there is nothing to import: paste a character's JSON or choose a file"));
    }
    let value: Value =
        serde_json::from_str(text).map_err(|e| ImportError::new("", format!("this is not JSON: {e}")))?;
    check_envelope(&value)?;
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let envelope: Envelope = serde_path_to_error::deserialize(&mut deserializer).map_err(|e| explain(e, &value))?;
    let mut character = envelope.character;
    validate(&character)?;
    let usable = !character.id.is_empty()
        && character.id.len() <= 64
        && character.id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    let new_id = !usable || existing.iter().any(|c| c.id == character.id);
    if new_id {
        character.id = fresh_id(existing);
    }
    Ok(Imported { character, new_id })
}

/// The error for an import of `bytes` bytes.
pub fn too_large(bytes: usize) -> ImportError {
    ImportError::new(
        "",
        format!("this is {} KB; a character file is at most {} KB", bytes.div_ceil(1024), MAX_BYTES / 1024),
    )
}

fn check_envelope(value: &Value) -> Result<(), ImportError> {
    let Some(object) = value.as_object() else {
        return Err(ImportError::new(
            "",
            format!("expected an object {{\"format\": \"{FORMAT}\", \"version\": {VERSION}, \"character\": ...}}"),
        ));
    };
    match object.get("format") {
        Some(Value::String(f)) if f == FORMAT => {}
        Some(other) => return Err(ImportError::new("format", format!("is {other}, expected \"{FORMAT}\""))),
        None => return Err(ImportError::new("format", format!("missing: a character file says \"{FORMAT}\""))),
    }
    match object.get("version") {
        Some(v) if v.as_u64() == Some(VERSION) => {}
        Some(other) => {
            return Err(ImportError::new("version", format!("is {other}; this dicetray reads version {VERSION}")))
        }
        None => return Err(ImportError::new("version", "missing")),
    }
    if !object.contains_key("character") {
        return Err(ImportError::new("character", "missing"));
    }
    Ok(())
}

/// Name the field of a deserialisation error. serde reads a sheet (`{"system": ..., ...}`) through a buffer that
/// hides the path inside it, so errors there are traced again on the sheet alone.
fn explain(error: serde_path_to_error::Error<serde_json::Error>, value: &Value) -> ImportError {
    let inner = error.inner();
    let at = format!(" (line {}, column {})", inner.line(), inner.column());
    let message = strip_position(&inner.to_string());
    let mut path = error.path().to_string();
    if path == "." {
        path.clear();
    }
    if path == "character.sheet" {
        if let Some(found) = explain_sheet(&value["character"]["sheet"]) {
            return ImportError::new(found.field, format!("{}{at}", found.problem));
        }
    }
    with_missing_field(path, message + &at)
}

/// `missing field `x`` at `path` is the field `path.x`.
fn with_missing_field(path: String, message: String) -> ImportError {
    if let Some(rest) = message.strip_prefix("missing field `") {
        if let Some((field, _)) = rest.split_once('`') {
            let full = if path.is_empty() { field.to_string() } else { format!("{path}.{field}") };
            return ImportError::new(full, "missing");
        }
    }
    ImportError::new(path, message)
}

fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

fn explain_sheet(sheet: &Value) -> Option<ImportError> {
    let object = sheet.as_object()?;
    let Some(system) = object.get("system") else {
        return Some(ImportError::new("character.sheet.system", "missing"));
    };
    let mut body = object.clone();
    body.remove("system");
    let body = Value::Object(body);
    let found = match system.as_str().map(|id| Sheet::trace(id, body)) {
        Some(Ok(found)) => found,
        _ => {
            let ids = dicetray_rules::systems::SYSTEM_IDS;
            return Some(ImportError::new(
                "character.sheet.system",
                format!("{system} is not a system; expected one of {}", ids.join(", ")),
            ));
        }
    };
    found.map(|(path, message)| {
        let path = if path.is_empty() { "character.sheet".to_string() } else { format!("character.sheet.{path}") };
        with_missing_field(path, message)
    })
}

/// The ranges each system's sheet keeps to (the editors never produce anything else).
pub fn validate(character: &Character) -> Result<(), ImportError> {
    if character.name.chars().count() > MAX_NAME {
        return Err(ImportError::new("character.name", format!("is longer than {MAX_NAME} characters")));
    }
    match character.sheet.out_of_range() {
        Some((path, problem)) => Err(ImportError::new(format!("character.sheet.{path}"), problem)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheets::twenty_four;

    fn sample() -> Character {
        let mut c = Character::new("Mara <b>Vex</b>", "24-system").unwrap();
        if let Sheet::TwentyFour(s) = &mut c.sheet {
            s.skills.push(twenty_four::Skill { name: "Athletics".into(), rank: 3 });
        }
        c
    }

    #[test]
    fn export_then_import_round_trips_with_a_fresh_id_when_taken() {
        let c = sample();
        let json = export_json(&c);
        let v: Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["format"], FORMAT);
        assert_eq!(v["version"], 1);
        let into_empty = import_json(&json, &[]).unwrap();
        assert_eq!(into_empty.character, c);
        assert!(!into_empty.new_id);
        let again = import_json(&json, std::slice::from_ref(&c)).unwrap();
        assert!(again.new_id);
        assert_ne!(again.character.id, c.id);
        assert_eq!(again.character.name, c.name);
    }

    #[test]
    fn a_bad_field_inside_a_sheet_is_named_by_its_path() {
        let json = export_json(&sample()).replace("\"rank\": 3", "\"rank\": \"high\"");
        let e = import_json(&json, &[]).unwrap_err();
        assert_eq!(e.field, "character.sheet.skills[0].rank", "{e}");
        assert!(e.problem.contains("invalid type") && e.problem.contains("line"), "{e}");
        let json = export_json(&sample()).replace("\"rank\": 3", "\"rank\": 9");
        assert_eq!(import_json(&json, &[]).unwrap_err().field, "character.sheet.skills[0].rank");
        let json = export_json(&sample()).replace("\"name\": \"Athletics\",", "");
        assert_eq!(import_json(&json, &[]).unwrap_err().field, "character.sheet.skills[0].name");
        let json = export_json(&sample()).replace("\"24-system\"", "\"chess\"");
        assert_eq!(import_json(&json, &[]).unwrap_err().field, "character.sheet.system");
    }

    #[test]
    fn bad_fields_outside_the_sheet_and_bad_envelopes_are_named() {
        let json = export_json(&sample()).replace("\"created\"", "\"born\"");
        assert_eq!(import_json(&json, &[]).unwrap_err().field, "character.created");
        let json = export_json(&sample()).replace("\"version\": 1", "\"version\": 2");
        assert_eq!(import_json(&json, &[]).unwrap_err().field, "version");
        let e = import_json(r#"{"format":"something-else","version":1,"character":{}}"#, &[]).unwrap_err();
        assert_eq!(e.field, "format");
        assert!(import_json("[1,2]", &[]).unwrap_err().problem.contains("expected an object"));
        assert!(import_json("{nope", &[]).unwrap_err().problem.starts_with("this is not JSON"));
        assert!(import_json("  ", &[]).is_err());
    }

    #[test]
    fn oversized_imports_are_refused_before_parsing() {
        let big = format!("{{\"pad\":\"{}\"}}", "x".repeat(MAX_BYTES));
        let e = import_json(&big, &[]).unwrap_err();
        assert!(e.problem.contains("at most 256 KB"), "{e}");
    }

    #[test]
    fn unusable_ids_are_replaced() {
        let mut c = sample();
        c.id = "<script>".into();
        let imported = import_json(&export_json(&c), &[]).unwrap();
        assert!(imported.new_id);
        assert_eq!(imported.character.id.len(), 16);
    }

    #[test]
    fn file_names_keep_letters_and_digits() {
        let mut c = sample();
        assert_eq!(file_name(&c), "mara-b-vex-b.dicetray.json");
        c.name = "../".into();
        assert_eq!(file_name(&c), "character.dicetray.json");
    }
}
