//! One roll in the session history: what was rolled, by whom, when, with which seed, and what came of it; and
//! what this tab knows about saving it ([`Saving`]), which travels with the entry and is never saved.

use dicetray_rules::die::DieRoll;
use dicetray_rules::systems::{Request, Summary};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HistoryEntry {
    pub id: String,
    /// Milliseconds since the Unix epoch.
    pub at: f64,
    /// Who rolled (None: an ad-hoc roll).
    #[serde(default)]
    pub character: Option<CharacterRef>,
    /// What was rolled: a system request or a notation expression. With `seed` it replays the roll exactly.
    pub source: RollSource,
    pub seed: u64,
    /// The outcome name (a system's outcome, or `total` for notation).
    pub outcome: String,
    #[serde(default)]
    pub events: Vec<String>,
    pub total: f64,
    pub dice: Vec<DieRoll>,
    /// A plain-text rendering of the whole roll.
    pub text: String,
    /// How this tab saves the entry (never saved itself, and no part of the entry's equality).
    #[serde(skip)]
    pub saving: Saving,
}

/// What this tab knows about saving one entry. It lives on the entry, so nothing beside the entry decides what is
/// written: an entry built from its own roll (or replayed when read) is stored compactly, and the text it was last
/// stored as is reused until the entry changes ([`crate::history::History::amend`] starts it afresh).
#[derive(Clone, Debug, Default)]
pub struct Saving {
    /// Its source and seed give back exactly what it holds, so it may be stored without the dice (`compact.rs`).
    pub(crate) exact_replay: bool,
    /// Its stored text, once written.
    pub(crate) text: OnceLock<Arc<str>>,
}

impl Saving {
    /// An entry built from its own roll: it replays exactly.
    pub(crate) fn exact() -> Saving {
        Saving { exact_replay: true, text: OnceLock::new() }
    }
}

/// Knowledge about saving, not data: two entries that hold the same roll are equal whatever each tab knows.
impl PartialEq for Saving {
    fn eq(&self, _: &Saving) -> bool {
        true
    }
}

/// The character a roll was made for (its name as it was at the time).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CharacterRef {
    pub id: String,
    pub name: String,
}

/// Saved as `{"kind": "system", "request": {...}}` or `{"kind": "notation", "expr": "..."}`; read through
/// `dicetray_rules::tagged` like requests (serde's derived reading doubles the code of every request type).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RollSource {
    /// A rule system's roll.
    System { request: Request },
    /// A dice-notation roll from the Tray, with the notation version it was read with (`v`; entries saved before
    /// versions existed have none and read as 1, whole-number division), so it replays as it was rolled.
    Notation {
        expr: String,
        #[serde(rename = "v")]
        version: u32,
    },
}

/// The notation version of an entry saved without one: 1 (before exact division).
fn first_notation_version() -> u32 {
    1
}

impl<'de> Deserialize<'de> for RollSource {
    fn deserialize<D: serde::Deserializer<'de>>(input: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct System {
            request: Request,
        }
        #[derive(Deserialize)]
        struct Notation {
            expr: String,
            #[serde(default = "first_notation_version")]
            v: u32,
        }
        use serde_json::from_value;
        let ids = &["system", "notation"];
        dicetray_rules::tagged::deserialize(input, "kind", ids, "internally tagged enum RollSource", |id, fields| {
            Some(match id {
                "system" => from_value(fields).map(|s: System| RollSource::System { request: s.request }),
                "notation" => from_value(fields).map(|n: Notation| RollSource::Notation { expr: n.expr, version: n.v }),
                _ => return None,
            })
        })
    }
}

impl HistoryEntry {
    /// A roll of `source` with `seed`, whose `summary` the caller has from rolling (or replaying) exactly that, so
    /// the entry replays exactly (and is stored compactly when it is a system's roll). Every roll's entry is made
    /// here: a panel's and the Tray's (through the app's `AppState::roll`), and a compact entry's when it is read.
    pub fn rolled(
        id: String,
        at: f64,
        character: Option<CharacterRef>,
        source: RollSource,
        seed: u64,
        summary: Summary,
        text: String,
    ) -> HistoryEntry {
        HistoryEntry {
            id,
            at,
            character,
            source,
            seed,
            outcome: summary.outcome,
            events: summary.events,
            total: summary.total,
            dice: summary.dice,
            text,
            saving: Saving::exact(),
        }
    }

    /// A rule system's roll of `request` with `seed` ([`HistoryEntry::rolled`]).
    pub fn system_roll(
        id: String,
        at: f64,
        character: Option<CharacterRef>,
        request: Request,
        seed: u64,
        summary: Summary,
        text: String,
    ) -> HistoryEntry {
        HistoryEntry::rolled(id, at, character, RollSource::System { request }, seed, summary, text)
    }

    /// The Guide declared this failed 24-System push a Critical Failure: the event is added and the text says so.
    /// (A change for [`crate::history::History::amend`].)
    pub fn declare_critical_failure(&mut self) {
        self.events.push("critical_failure".into());
        self.text.push_str(" (the Guide declared a Critical Failure)");
    }

    /// The player rerolled a die of this roll after seeing it (Remedy's ♻): the entry now holds `request`, which
    /// gives the new roll from the entry's own seed, its `summary` and `text`; its id, time, character and seed
    /// stay. (A change for [`crate::history::History::amend`].)
    pub fn reroll(&mut self, request: Request, summary: Summary, text: String) {
        let (id, character) = (std::mem::take(&mut self.id), self.character.take());
        *self = HistoryEntry::system_roll(id, self.at, character, request, self.seed, summary, text);
    }

    /// The system id (`notation` for Tray rolls).
    pub fn system_id(&self) -> &str {
        match &self.source {
            RollSource::System { request } => request.system_id(),
            RollSource::Notation { .. } => "notation",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    /// What serde derives for the same enum (named alike, as messages name it): the reference for every message.
    mod derived {
        use super::*;

        #[derive(Debug, Serialize, Deserialize)]
        #[serde(tag = "kind", rename_all = "snake_case")]
        pub enum RollSource {
            System {
                request: Request,
            },
            Notation {
                expr: String,
                #[serde(default = "super::super::first_notation_version")]
                v: u32,
            },
        }
    }

    #[test]
    fn a_roll_source_reads_and_fails_as_serdes_derived_reading_does() {
        let outcome = |r: Result<Value, serde_json::Error>| r.map_err(|e| e.to_string());
        let inputs = [
            json!({"kind": "system", "request": {"system": "24-system", "rank": 3, "dc": 15}}),
            json!({"kind": "notation", "expr": "4d6kh3"}),
            json!({"kind": "notation", "expr": "7/2", "v": 2}),
            json!({"kind": "notation", "expr": "7/2", "v": "two"}),
            json!({"expr": "2d6", "kind": "notation", "note": "kept as before: unknown fields are ignored"}),
            json!({"kind": "system", "request": {"system": "24-system", "rank": "three"}}),
            json!({"kind": "system", "request": {"system": "chess"}}),
            json!({"kind": "system"}),
            json!({"kind": "notation", "expr": 5}),
            json!({"kind": "tray", "expr": "2d6"}),
            json!({"kind": 0, "expr": "2d6"}),
            json!({"expr": "2d6"}),
            json!("notation"),
            Value::Null,
        ];
        let mut read = 0;
        for input in inputs {
            let ours = outcome(RollSource::deserialize(&input).map(|s| serde_json::to_value(s).unwrap()));
            let serdes = outcome(derived::RollSource::deserialize(&input).map(|s| serde_json::to_value(s).unwrap()));
            assert_eq!(ours, serdes, "from a Value: {input}");
            read += usize::from(ours.is_ok());
            let text = serde_json::to_string_pretty(&input).unwrap();
            let ours = outcome(serde_json::from_str::<RollSource>(&text).map(|s| serde_json::to_value(s).unwrap()));
            let serdes =
                outcome(serde_json::from_str::<derived::RollSource>(&text).map(|s| serde_json::to_value(s).unwrap()));
            assert_eq!(ours, serdes, "from text: {text}");
        }
        assert_eq!(read, 4, "the four good sources read");
    }
}
