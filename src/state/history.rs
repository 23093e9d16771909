//! One roll in the session history: what was rolled, by whom, when, with which seed, and what came of it.

use dicetray_rules::die::DieRoll;
use dicetray_rules::systems::{Request, Summary};
use serde::{Deserialize, Serialize};

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
}

/// The character a roll was made for (its name as it was at the time).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CharacterRef {
    pub id: String,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RollSource {
    /// A rule system's roll.
    System { request: Request },
    /// A dice-notation roll from the Tray.
    Notation { expr: String },
}

impl HistoryEntry {
    /// A rule system's roll of `request` with `seed`, whose `summary` the caller has from rolling (or replaying) it.
    pub fn system_roll(
        id: String,
        at: f64,
        character: Option<CharacterRef>,
        request: Request,
        seed: u64,
        summary: Summary,
        text: String,
    ) -> HistoryEntry {
        HistoryEntry {
            id,
            at,
            character,
            source: RollSource::System { request },
            seed,
            outcome: summary.outcome,
            events: summary.events,
            total: summary.total,
            dice: summary.dice,
            text,
        }
    }

    /// The system id (`notation` for Tray rolls).
    pub fn system_id(&self) -> &str {
        match &self.source {
            RollSource::System { request } => request.system_id(),
            RollSource::Notation { .. } => "notation",
        }
    }
}
