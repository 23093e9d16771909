//! What a GM asks a player to roll, and whether a roll answers it as asked.
//!
//! A GM asks for notation, a whole system request, or a system roll the player's own character sheet completes
//! (`Sheet`: "Stealth, 24-System, DC 15": the GM sets the DC, the player's sheet the rank). Every phone checks
//! that an answer keeps every value the GM set; what the sheet gave stays the player's word.

use crate::limits::{MAX_ASK_FIELDS, MAX_NAME_CHARS};
use crate::request::RollRequest;
use dicetray_rules::systems::{Request, SYSTEM_IDS};
use serde_json::{Map, Value};

crate::tagged_enum! {
    /// What a GM asks for. The first two are the same JSON as [`RollRequest`]'s kinds.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum AskFor by "kind" {
        /// A whole system request, rolled as it is.
        System = "system" { json: String },
        /// Notation, rolled as typed.
        Notation = "notation" { text: String, version: u32 },
        /// A system roll the player's sheet completes: `json` is a JSON object with `system` and the fields the GM
        /// sets (`{"system":"24-system","dc":15}`); `row` names the skill or ability on the player's sheet that
        /// gives the rest (`Stealth`).
        Sheet = "sheet" { row: String, json: String },
    }
}

impl From<RollRequest> for AskFor {
    fn from(request: RollRequest) -> AskFor {
        match request {
            RollRequest::System { json } => AskFor::System { json },
            RollRequest::Notation { text, version } => AskFor::Notation { text, version },
        }
    }
}

impl AskFor {
    /// Check what can be checked before a player answers: a roll request reads and validates; a sheet ask names a
    /// row and is an object with a known `system` and at most [`MAX_ASK_FIELDS`] fields.
    pub fn check(&self) -> Result<(), String> {
        match self {
            AskFor::System { json } => RollRequest::System { json: json.clone() }.check(),
            AskFor::Notation { text, version } => {
                RollRequest::Notation { text: text.clone(), version: *version }.check()
            }
            AskFor::Sheet { row, json } => {
                let n = row.trim().chars().count();
                if n == 0 || n > MAX_NAME_CHARS {
                    return Err(format!(
                        "the sheet's row is {n} characters (allowed: 1 to {MAX_NAME_CHARS}, MAX_NAME_CHARS)"
                    ));
                }
                let fields = gm_fields(json)?;
                if fields.len() > MAX_ASK_FIELDS {
                    return Err(format!(
                        "sets {} fields (allowed: at most {MAX_ASK_FIELDS}, MAX_ASK_FIELDS)",
                        fields.len()
                    ));
                }
                Ok(())
            }
        }
    }

    /// The system a system ask is for (None for notation).
    pub fn system_id(&self) -> Option<&'static str> {
        match self {
            AskFor::System { json } => Request::from_json(json).ok().map(|r| r.system_id()),
            AskFor::Sheet { json, .. } => gm_fields(json).ok().and_then(|f| system_of(&f)),
            AskFor::Notation { .. } => None,
        }
    }

    /// Whether `rolled` answers this ask as asked: the same notation, the same request, or (a sheet ask) a
    /// request of the same system in which every field the GM set has the GM's value. The error says what
    /// differs, in the request's own field names.
    pub fn honoured_by(&self, rolled: &RollRequest) -> Result<(), String> {
        match (self, rolled) {
            (AskFor::Notation { text, version }, RollRequest::Notation { text: t, version: v }) => {
                if text.trim() == t.trim() && version == v {
                    Ok(())
                } else {
                    Err(format!("rolled `{t}`, not the `{text}` asked for"))
                }
            }
            (AskFor::System { json }, RollRequest::System { json: j }) => {
                let (asked, got) = (Request::from_json(json), Request::from_json(j));
                match (asked, got) {
                    (Ok(a), Ok(g)) if a == g => Ok(()),
                    _ => Err("rolled a different request from the one asked for".into()),
                }
            }
            (AskFor::Sheet { json, .. }, RollRequest::System { json: j }) => sheet_honoured(json, j),
            (_, RollRequest::Notation { .. }) => Err("rolled notation, not the system roll asked for".into()),
            (_, RollRequest::System { .. }) => Err("rolled a system roll, not the notation asked for".into()),
        }
    }
}

/// The GM's fields of a sheet ask: a JSON object with a known `system`.
pub fn gm_fields(json: &str) -> Result<Map<String, Value>, String> {
    let value: Value = serde_json::from_str(json).map_err(|e| format!("the GM's fields are not JSON: {e}"))?;
    let Value::Object(fields) = value else {
        return Err("the GM's fields are not a JSON object (allowed: {\"system\": \"<id>\", ...})".into());
    };
    if system_of(&fields).is_none() {
        return Err(format!(
            "the GM's fields name no known system (allowed: `system` one of {})",
            SYSTEM_IDS.join(", ")
        ));
    }
    Ok(fields)
}

fn system_of(fields: &Map<String, Value>) -> Option<&'static str> {
    let id = fields.get("system")?.as_str()?;
    SYSTEM_IDS.iter().find(|s| **s == id).copied()
}

/// Every GM field keeps its value in the rolled request: the request read with that field set to the GM's value
/// is the request read as rolled (so a field left out at its default matches a GM's explicit default).
fn sheet_honoured(asked: &str, rolled: &str) -> Result<(), String> {
    let gm = gm_fields(asked)?;
    let as_rolled: Value = serde_json::from_str(rolled).map_err(|e| format!("the roll's request is not JSON: {e}"))?;
    let Value::Object(as_rolled) = as_rolled else { return Err("the roll's request is not a JSON object".into()) };
    let read = |fields: &Map<String, Value>| Request::from_json(&Value::Object(fields.clone()).to_string());
    let rolled_request = read(&as_rolled).map_err(|e| format!("the roll's request does not read: {e}"))?;
    for (field, want) in &gm {
        let mut changed = as_rolled.clone();
        changed.insert(field.clone(), want.clone());
        if read(&changed).ok().as_ref() != Some(&rolled_request) {
            let got = as_rolled.get(field).map_or("its default".to_string(), Value::to_string);
            return Err(format!("rolled with `{field}` {got}, where the GM asked for {want}"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(json: &str) -> AskFor {
        AskFor::Sheet { row: "Stealth".into(), json: json.into() }
    }

    fn system(json: &str) -> RollRequest {
        RollRequest::System { json: json.into() }
    }

    #[test]
    fn roll_requests_read_as_the_same_ask_json() {
        let r = RollRequest::Notation { text: "2d20kh1".into(), version: 3 };
        let a = AskFor::from(r.clone());
        assert_eq!(serde_json::to_string(&a).unwrap(), serde_json::to_string(&r).unwrap());
        let back: AskFor = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
        assert_eq!(back, a);
    }

    #[test]
    fn a_sheet_ask_is_kept_when_every_gm_field_has_the_gms_value() {
        let ask = sheet(r#"{"system":"24-system","dc":15}"#);
        assert_eq!(ask.check(), Ok(()));
        assert_eq!(ask.system_id(), Some("24-system"));
        let ok = system(r#"{"system":"24-system","rank":3,"leverage":2,"dc":15,"skill":"Stealth"}"#);
        assert_eq!(ask.honoured_by(&ok), Ok(()));
        let lower = system(r#"{"system":"24-system","rank":3,"dc":12}"#);
        let e = ask.honoured_by(&lower).unwrap_err();
        assert!(e.contains("`dc` 12") && e.contains("asked for 15"), "{e}");
        let other = system(r#"{"system":"remedy","dice":"1d20","dc":15}"#);
        assert!(ask.honoured_by(&other).unwrap_err().contains("`system`"));
        let notation = RollRequest::Notation { text: "1d20".into(), version: 3 };
        assert!(ask.honoured_by(&notation).unwrap_err().contains("notation"));
    }

    #[test]
    fn a_gm_field_at_its_default_matches_a_request_that_leaves_it_out() {
        let ask = sheet(r#"{"system":"remedy","dc":14,"threat":0}"#);
        assert_eq!(ask.honoured_by(&system(r#"{"system":"remedy","dice":"2d20^","ability":3,"dc":14}"#)), Ok(()));
        let e = ask.honoured_by(&system(r#"{"system":"remedy","dice":"1d20","threat":1,"dc":14}"#)).unwrap_err();
        assert!(e.contains("`threat` 1"), "{e}");
        let e = ask.honoured_by(&system(r#"{"system":"remedy","dice":"1d20"}"#)).unwrap_err();
        assert!(e.contains("`dc` its default"), "{e}");
    }

    #[test]
    fn notation_and_whole_requests_must_be_rolled_as_asked() {
        let ask = AskFor::Notation { text: "2d20kh1".into(), version: 3 };
        assert_eq!(ask.honoured_by(&RollRequest::Notation { text: " 2d20kh1".into(), version: 3 }), Ok(()));
        assert!(ask.honoured_by(&RollRequest::Notation { text: "1d20".into(), version: 3 }).is_err());
        let ask = AskFor::System { json: r#"{"system":"24-system","rank":2,"dc":15}"#.into() };
        assert_eq!(ask.honoured_by(&system(r#"{"dc":15,"rank":2,"system":"24-system","leverage":0}"#)), Ok(()));
        assert!(ask.honoured_by(&system(r#"{"system":"24-system","rank":3,"dc":15}"#)).is_err());
    }

    #[test]
    fn bad_sheet_asks_are_refused_naming_what_is_wrong() {
        let long = "x".repeat(MAX_NAME_CHARS + 1);
        let e = AskFor::Sheet { row: long, json: r#"{"system":"24-system"}"#.into() }.check().unwrap_err();
        assert!(e.contains("MAX_NAME_CHARS"), "{e}");
        assert!(AskFor::Sheet { row: " ".into(), json: r#"{"system":"24-system"}"#.into() }.check().is_err());
        assert!(sheet("[1]").check().unwrap_err().contains("not a JSON object"));
        assert!(sheet(r#"{"system":"chess"}"#).check().unwrap_err().contains("no known system"));
        assert!(sheet("{").check().unwrap_err().contains("not JSON"));
        let many: Map<String, Value> = (0..=MAX_ASK_FIELDS).map(|i| (format!("f{i}"), Value::from(i))).collect();
        let mut many = many;
        many.insert("system".into(), "remedy".into());
        let e = sheet(&Value::Object(many).to_string()).check().unwrap_err();
        assert!(e.contains("MAX_ASK_FIELDS"), "{e}");
    }
}
