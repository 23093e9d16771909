//! A GM's request in words (`dicetray_table::AskFor`), as the Table screen and `dicetray verify` say it.

use crate::Sheet;
use dicetray_rules::systems::{system, Request};
use dicetray_table::AskFor;
use serde_json::Value;

/// What a GM asked for, in words: the notation as typed, the system request as its system says it
/// (`24-System: Stealth, rank 3: d8+d10+6 vs DC 15`), or the sheet's row with the GM's values, each under its
/// input's label (`Stealth (from the 24-System sheet), DC 15`).
pub fn words(ask: &AskFor) -> String {
    let name = |id: &str| system(id).map_or(id.to_string(), |s| s.name.to_string());
    match ask {
        AskFor::Notation { text, .. } => text.clone(),
        AskFor::System { json } => match Request::from_json(json) {
            Ok(r) => format!("{}: {}", name(r.system_id()), r.describe()),
            Err(e) => format!("an unreadable request ({e})"),
        },
        AskFor::Sheet { row, json } => {
            let fields = dicetray_table::ask::gm_fields(json).unwrap_or_default();
            let id = fields.get("system").and_then(Value::as_str).unwrap_or_default();
            let shape = Sheet::ask_shape(id);
            let mut words = format!("{} (from the {} sheet)", row.trim(), name(id));
            for (field, value) in fields.iter().filter(|(k, _)| *k != "system") {
                let input = shape.and_then(|s| s.gm.iter().find(|i| i.field == field));
                let label = input.map_or(field.as_str(), |i| i.label);
                words.push_str(&format!(", {label} {}", value.to_string().replace('-', "−")));
            }
            words
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_said_in_the_systems_words_with_the_gms_values_under_their_labels() {
        let ask = AskFor::Sheet { row: " Stealth".into(), json: r#"{"system":"remedy","dc":-2,"threat":1}"#.into() };
        assert_eq!(words(&ask), "Stealth (from the Remedy sheet), DC −2, Threat dice 1");
        let ask = AskFor::Sheet { row: "Sneak".into(), json: r#"{"system":"total-effect","tier":2}"#.into() };
        assert_eq!(words(&ask), "Sneak (from the Total//Effect sheet), tier 2", "a field no input offers: its name");
        assert_eq!(words(&AskFor::Notation { text: "2d20kh1".into(), version: 3 }), "2d20kh1");
        let whole = AskFor::System { json: r#"{"system":"24-system","rank":3,"dc":15}"#.into() };
        assert!(words(&whole).starts_with("24-System: ") && words(&whole).contains("DC 15"), "{}", words(&whole));
    }
}
