//! One folder per rule system, named as in the rules crate (`crates/rules/src/systems/<same name>/`):
//! each system's roll panel and sheet editor (the sheet's data is `dicetray_saved::sheets::<same name>`); `kit.rs`,
//! the parts every panel shares.

pub use dicetray_saved::Sheet;

pub mod hack_and_slash;
pub mod kit;
pub mod remedy;
pub mod ruina_imperii;
pub mod total_effect;
pub mod twenty_four;

/// The five systems, in the order the app lists them: (id, display name).
pub const SYSTEMS: [(&str, &str); 5] = [
    ("24-system", "24-System"),
    ("remedy", "Remedy"),
    ("total-effect", "Total//Effect"),
    ("ruina-imperii", "Ruina Imperii"),
    ("hack-and-slash", "Hack & Slash"),
];

/// The display name of a system id (the id itself if unknown).
pub fn system_name(id: &str) -> &str {
    SYSTEMS.iter().find(|(i, _)| *i == id).map_or(id, |(_, name)| name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dicetray_rules::systems::{Request, SYSTEM_IDS};

    #[test]
    fn every_system_has_a_name_and_a_sheet() {
        for (id, _) in SYSTEMS {
            assert_eq!(Sheet::new(id).map(|s| s.system_id()), Some(id));
        }
        assert_eq!(system_name("total-effect"), "Total//Effect");
        assert_eq!(system_name("chess"), "chess");
    }

    #[test]
    fn every_outcome_and_event_of_every_system_has_words() {
        let labels: [fn(&str) -> String; 5] = [
            twenty_four::label,
            remedy::words::label,
            total_effect::label,
            ruina_imperii::label,
            hack_and_slash::label,
        ];
        let requests = [
            r#"{"system":"24-system","rank":3,"dc":15}"#,
            r#"{"system":"remedy","dice":"1d20","dc":10,"opponent":null}"#,
            r#"{"system":"total-effect"}"#,
            r#"{"system":"ruina-imperii","skill":3,"difficulty":1}"#,
            r#"{"system":"hack-and-slash","opponents":[1]}"#,
        ];
        for ((id, label), json) in SYSTEM_IDS.iter().zip(labels).zip(requests) {
            let request = Request::from_json(json).unwrap();
            assert_eq!(request.system_id(), *id);
            let odds = request.odds().unwrap();
            for c in odds.outcomes.iter().chain(&odds.events) {
                let words = label(&c.name);
                assert!(!words.contains('_') && words != c.name, "{id}: `{}` has no words ({words})", c.name);
            }
        }
    }
}
