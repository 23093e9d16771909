//! Which entries the History screen shows: by character, by system and by day, newest first.

use super::text::day_of;
use crate::state::HistoryEntry;
use dicetray_rules::sorted;

/// Whose rolls to show.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Who {
    #[default]
    All,
    /// Rolls made for no character.
    AdHoc,
    Character(String),
}

impl Who {
    /// The `<select>` value.
    pub fn value(&self) -> String {
        match self {
            Who::All => "all".into(),
            Who::AdHoc => "ad-hoc".into(),
            Who::Character(id) => format!("id:{id}"),
        }
    }

    pub fn from_value(v: &str) -> Who {
        match v {
            "ad-hoc" => Who::AdHoc,
            _ => v.strip_prefix("id:").map_or(Who::All, |id| Who::Character(id.to_string())),
        }
    }

    fn matches(&self, e: &HistoryEntry) -> bool {
        match self {
            Who::All => true,
            Who::AdHoc => e.character.is_none(),
            Who::Character(id) => e.character.as_ref().is_some_and(|c| &c.id == id),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    pub who: Who,
    /// A system id (`notation` for Tray rolls); None: every system.
    pub system: Option<String>,
    /// A day, `2026-11-27` in local time (`text::day_of`); None: every day.
    pub day: Option<String>,
}

impl Filter {
    pub fn matches(&self, e: &HistoryEntry) -> bool {
        self.who.matches(e)
            && self.system.as_deref().is_none_or(|s| e.system_id() == s)
            && self.day.as_deref().is_none_or(|d| day_of(e.at) == d)
    }
}

/// Indices (into the oldest-first history) of the entries `filter` keeps, newest first.
pub fn matching(entries: &[HistoryEntry], filter: &Filter) -> Vec<usize> {
    (0..entries.len()).rev().filter(|&i| filter.matches(&entries[i])).collect()
}

/// Every character that has rolls: (id, latest name), by name.
pub fn characters_in(entries: &[HistoryEntry]) -> Vec<(String, String)> {
    let mut latest: std::collections::HashMap<&str, &str> = Default::default();
    for e in entries {
        if let Some(c) = &e.character {
            latest.insert(&c.id, &c.name);
        }
    }
    let mut out: Vec<(String, String)> = latest.into_iter().map(|(i, n)| (i.to_string(), n.to_string())).collect();
    sorted::sort_by(&mut out, |a, b| a.1.to_lowercase().cmp(&b.1.to_lowercase()).then_with(|| a.0.cmp(&b.0)));
    out
}

/// Whether any roll was made for no character.
pub fn has_ad_hoc(entries: &[HistoryEntry]) -> bool {
    entries.iter().any(|e| e.character.is_none())
}

/// The days that have rolls (`text::day_of`), newest first.
pub fn days_in(entries: &[HistoryEntry]) -> Vec<String> {
    let mut out: Vec<String> = entries.iter().map(|e| day_of(e.at)).collect();
    sorted::sort_by(&mut out, |a, b| b.cmp(a));
    out.dedup();
    out
}

/// The system ids that have rolls, in the app's system order, `notation` last.
pub fn systems_in(entries: &[HistoryEntry]) -> Vec<&'static str> {
    let present: std::collections::HashSet<&str> = entries.iter().map(|e| e.system_id()).collect();
    let mut out: Vec<&'static str> =
        dicetray_rules::systems::SYSTEM_IDS.into_iter().filter(|id| present.contains(id)).collect();
    if present.contains("notation") {
        out.push("notation");
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::state::{CharacterRef, RollSource};
    use dicetray_rules::systems::Request;

    pub fn entry(id: &str, who: Option<(&str, &str)>, system: bool, outcome: &str) -> HistoryEntry {
        let source = if system {
            RollSource::System {
                request: Request::from_json(r#"{"system":"hack-and-slash","bonus":1.5,"difficulty":2}"#)
                    .unwrap_or_else(|e| panic!("{e}")),
            }
        } else {
            RollSource::Notation { expr: "2d6".into(), version: 2 }
        };
        HistoryEntry {
            id: id.into(),
            at: id.len() as f64,
            character: who.map(|(i, n)| CharacterRef { id: i.into(), name: n.into() }),
            source,
            seed: 1,
            outcome: outcome.into(),
            events: vec![],
            total: 1.0,
            dice: vec![],
            text: String::new(),
            saving: Default::default(),
        }
    }

    #[test]
    fn filters_by_character_and_system_newest_first() {
        let h = vec![
            entry("1", Some(("a", "Ada")), true, "success"),
            entry("2", None, false, "total"),
            entry("3", Some(("a", "Ada")), false, "total"),
            entry("4", Some(("b", "Bo")), true, "failure"),
        ];
        assert_eq!(matching(&h, &Filter::default()), [3, 2, 1, 0]);
        let ada = Filter { who: Who::Character("a".into()), ..Filter::default() };
        assert_eq!(matching(&h, &ada), [2, 0]);
        let ada_hs = Filter { system: Some("hack-and-slash".into()), ..ada };
        assert_eq!(matching(&h, &ada_hs), [0]);
        assert_eq!(matching(&h, &Filter { who: Who::AdHoc, ..Filter::default() }), [1]);
        // Entry `at` is its id's length in milliseconds: all on the first day of 1970; a day later, another.
        let mut later = h.clone();
        later[3].at = 86_400_000.0;
        assert_eq!(days_in(&later), ["1970-01-02", "1970-01-01"]);
        let first_day = Filter { day: Some("1970-01-01".into()), ..Filter::default() };
        assert_eq!(matching(&later, &first_day), [2, 1, 0]);
        assert_eq!(characters_in(&h), [("a".to_string(), "Ada".to_string()), ("b".into(), "Bo".into())]);
        assert_eq!(systems_in(&h), ["hack-and-slash", "notation"]);
        for who in [Who::All, Who::AdHoc, Who::Character("x:y".into())] {
            assert_eq!(Who::from_value(&who.value()), who);
        }
    }
}
