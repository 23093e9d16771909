//! Each system's character sheet, and [`Sheet`], the one a character has. One file per system, named as in the rules
//! crate (`crates/rules/src/systems/<same name>/`).

use serde::{Deserialize, Serialize};

pub mod hack_and_slash;
pub mod remedy;
pub mod ruina_imperii;
pub mod total_effect;
pub mod twenty_four;

/// A character sheet for one of the five systems; serialised with `"system": "<id>"` like the rules' requests,
/// and read like them through `dicetray_rules::tagged` (serde's derived reading doubles every sheet type's code).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "system")]
pub enum Sheet {
    #[serde(rename = "24-system")]
    TwentyFour(twenty_four::Sheet),
    #[serde(rename = "remedy")]
    Remedy(remedy::Sheet),
    #[serde(rename = "total-effect")]
    TotalEffect(total_effect::Sheet),
    #[serde(rename = "ruina-imperii")]
    RuinaImperii(ruina_imperii::Sheet),
    #[serde(rename = "hack-and-slash")]
    HackAndSlash(hack_and_slash::Sheet),
}

impl<'de> Deserialize<'de> for Sheet {
    fn deserialize<D: serde::Deserializer<'de>>(input: D) -> Result<Self, D::Error> {
        use serde_json::from_value;
        let ids = &dicetray_rules::systems::SYSTEM_IDS;
        dicetray_rules::tagged::deserialize(input, "system", ids, "internally tagged enum Sheet", |id, fields| {
            Some(match id {
                "24-system" => from_value(fields).map(Sheet::TwentyFour),
                "remedy" => from_value(fields).map(Sheet::Remedy),
                "total-effect" => from_value(fields).map(Sheet::TotalEffect),
                "ruina-imperii" => from_value(fields).map(Sheet::RuinaImperii),
                "hack-and-slash" => from_value(fields).map(Sheet::HackAndSlash),
                _ => return None,
            })
        })
    }
}

impl Sheet {
    /// A fresh sheet for the system `id`, or None for an unknown id.
    pub fn new(id: &str) -> Option<Sheet> {
        Some(match id {
            "24-system" => Sheet::TwentyFour(Default::default()),
            "remedy" => Sheet::Remedy(Default::default()),
            "total-effect" => Sheet::TotalEffect(Default::default()),
            "ruina-imperii" => Sheet::RuinaImperii(Default::default()),
            "hack-and-slash" => Sheet::HackAndSlash(Default::default()),
            _ => return None,
        })
    }

    /// The system's id.
    pub fn system_id(&self) -> &'static str {
        match self {
            Sheet::TwentyFour(_) => "24-system",
            Sheet::Remedy(_) => "remedy",
            Sheet::TotalEffect(_) => "total-effect",
            Sheet::RuinaImperii(_) => "ruina-imperii",
            Sheet::HackAndSlash(_) => "hack-and-slash",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use dicetray_rules::systems::SYSTEM_IDS;

    #[test]
    fn every_system_has_a_sheet_that_round_trips_with_its_id() {
        for id in SYSTEM_IDS {
            let sheet = Sheet::new(id).unwrap();
            assert_eq!(sheet.system_id(), id);
            let json = serde_json::to_value(&sheet).unwrap();
            assert_eq!(json["system"], id);
            assert_eq!(serde_json::from_value::<Sheet>(json).unwrap(), sheet);
        }
        assert_eq!(Sheet::new("chess"), None);
    }

    /// What serde derives for the same enum (named alike, as messages name it): the reference for every message.
    mod derived {
        use super::super::*;

        #[derive(Debug, Serialize, Deserialize)]
        #[serde(tag = "system")]
        pub enum Sheet {
            #[serde(rename = "24-system")]
            TwentyFour(twenty_four::Sheet),
            #[serde(rename = "remedy")]
            Remedy(remedy::Sheet),
            #[serde(rename = "total-effect")]
            TotalEffect(total_effect::Sheet),
            #[serde(rename = "ruina-imperii")]
            RuinaImperii(ruina_imperii::Sheet),
            #[serde(rename = "hack-and-slash")]
            HackAndSlash(hack_and_slash::Sheet),
        }
    }

    #[test]
    fn a_sheet_reads_and_fails_as_serdes_derived_reading_does() {
        use serde_json::{json, Value};
        let outcome = |r: Result<Value, serde_json::Error>| r.map_err(|e| e.to_string());
        let mut inputs: Vec<Value> =
            SYSTEM_IDS.iter().map(|id| serde_json::to_value(Sheet::new(id)).unwrap()).collect();
        let mut broken = inputs[0].clone();
        broken["skills"] = json!([{"name": "Stealth", "rank": "two"}]);
        assert!(Sheet::deserialize(&broken).is_err(), "a rank must be a number: {broken}");
        inputs.extend([
            broken,
            json!({"system": "remedy", "abilities": 3}),
            json!({"system": "chess"}),
            json!({"system": 7}),
            json!({"skills": []}),
            json!("remedy"),
            Value::Null,
        ]);
        for input in inputs {
            let ours = outcome(Sheet::deserialize(&input).map(|s| serde_json::to_value(s).unwrap()));
            let serdes = outcome(derived::Sheet::deserialize(&input).map(|s| serde_json::to_value(s).unwrap()));
            assert_eq!(ours, serdes, "from a Value: {input}");
            let text = serde_json::to_string_pretty(&input).unwrap();
            let ours = outcome(serde_json::from_str::<Sheet>(&text).map(|s| serde_json::to_value(s).unwrap()));
            let serdes =
                outcome(serde_json::from_str::<derived::Sheet>(&text).map(|s| serde_json::to_value(s).unwrap()));
            assert_eq!(ours, serdes, "from text: {text}");
        }
    }
}
