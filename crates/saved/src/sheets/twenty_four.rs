//! A 24-System character: skills with ranks 0-6, and the complications logged on the five tracks.

use super::fields_of;
use crate::ask::{number, AskInput, AskShape, Row};
use dicetray_rules::systems::twenty_four::{Severity, Track};
use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Sheet {
    pub skills: Vec<Skill>,
    /// Complications from Push Your Luck (or entered by hand), oldest first.
    #[serde(default)]
    pub complications: Vec<LoggedComplication>,
}

/// A skill and its rank (0-6: the rank sets the two skill dice and the flat bonus).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Skill {
    pub name: String,
    pub rank: u8,
}

/// One complication on a track.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LoggedComplication {
    pub track: Track,
    pub severity: Severity,
    pub fiction: String,
    /// When it was logged (milliseconds since the Unix epoch).
    pub at: f64,
    /// Cleared in play (kept for the record).
    #[serde(default)]
    pub cleared: bool,
}

impl Sheet {
    /// Log a complication on its track (from Push Your Luck, or entered by hand) at time `at` (ms), not yet cleared.
    pub fn log_complication(&mut self, track: Track, severity: Severity, fiction: String, at: f64) {
        self.complications.push(LoggedComplication { track, severity, fiction, at, cleared: false });
    }
}

/// The five tracks in the order the rules list them.
pub const TRACKS: [Track; 5] = [Track::Position, Track::Resource, Track::Exposure, Track::Strain, Track::Objective];

/// A track's id, as saved data and the app's forms name it (`position`).
pub fn track_id(track: Track) -> &'static str {
    match track {
        Track::Position => "position",
        Track::Resource => "resource",
        Track::Exposure => "exposure",
        Track::Strain => "strain",
        Track::Objective => "objective",
    }
}

/// A track's display name.
pub fn track_name(track: Track) -> &'static str {
    match track {
        Track::Position => "Position",
        Track::Resource => "Resource",
        Track::Exposure => "Exposure",
        Track::Strain => "Strain",
        Track::Objective => "Objective",
    }
}

impl super::SystemSheet for Sheet {
    fn summary(&self) -> String {
        let open = self.complications.iter().filter(|c| !c.cleared).count();
        let mut parts = vec![super::count(self.skills.len(), "skill", "skills")];
        if let Some(best) = self.skills.iter().map(|k| k.rank).max() {
            parts.push(format!("best Rank {best}"));
        }
        parts.push(super::count(open, "open complication", "open complications"));
        parts.join(" · ")
    }

    fn out_of_range(&self) -> Option<(String, String)> {
        let (i, skill) = self.skills.iter().enumerate().find(|(_, skill)| skill.rank > 6)?;
        Some((format!("skills[{i}].rank"), super::out_of_range(skill.rank, "0 to 6")))
    }

    fn rolls(&self) -> Vec<String> {
        self.skills
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{} (rank {})", super::row_name(&s.name, "Skill", i), s.rank))
            .collect()
    }

    /// The GM sets the DC; the skill gives its rank (and its name, for the retry rule); the player adds Leverage.
    const ASK: AskShape = AskShape {
        row: "skill",
        gm: &[AskInput::whole("dc", "DC", 0.0, 60.0, 15.0)],
        player: &[AskInput::whole("leverage", "Leverage", 0.0, 5.0, 0.0)],
        by_hand: &[AskInput::whole("rank", "Rank", 0.0, 6.0, 2.0)],
        base: "{}",
    };

    fn rows(&self) -> Vec<Row> {
        let row = |s: &Skill| {
            let fields = [("rank", number(f64::from(s.rank))), ("skill", Value::from(s.name.trim()))];
            Row { name: s.name.clone(), fields: fields_of(fields), said: format!("rank {}", s.rank) }
        };
        self.skills.iter().map(row).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn track_ids_are_the_saved_names() {
        for t in TRACKS {
            assert_eq!(serde_json::to_value(t).unwrap(), track_id(t));
        }
    }
}
