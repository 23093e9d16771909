//! A character: a name, notes and one system's sheet, and the changes a roll makes to it.

use crate::clock::{new_id, now_ms};
use crate::sheets::ruina_imperii::FortuneSpend;
use crate::sheets::Sheet;
use dicetray_rules::systems::twenty_four::Complication;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Character {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub notes: String,
    pub sheet: Sheet,
    /// Milliseconds since the Unix epoch.
    pub created: f64,
    pub updated: f64,
}

impl Character {
    /// A new character for the system `system_id` (None for an unknown id).
    pub fn new(name: &str, system_id: &str) -> Option<Character> {
        let now = now_ms();
        Some(Character {
            id: new_id(),
            name: name.to_string(),
            notes: String::new(),
            sheet: Sheet::new(system_id)?,
            created: now,
            updated: now,
        })
    }

    /// Log on the sheet the complication a 24-System roll brought (a failed Push Your Luck), at time `now` (ms),
    /// and mark the character updated. False, and nothing changes, for another system's character.
    pub fn log_complication(&mut self, complication: &Complication, now: f64) -> bool {
        let Sheet::TwentyFour(sheet) = &mut self.sheet else { return false };
        let Complication { track, severity, fiction } = complication.clone();
        sheet.log_complication(track, severity, fiction, now);
        self.updated = now.max(self.updated);
        true
    }

    /// Spend Ruina Imperii Fortune on `what` ([`crate::sheets::ruina_imperii::Sheet::spend_fortune`]) at time `now`
    /// (ms), marking the character updated when any was spent. Returns the points spent: 0 for another system's
    /// character or when none is left.
    pub fn spend_fortune(&mut self, what: FortuneSpend, now: f64) -> u8 {
        let Sheet::RuinaImperii(sheet) = &mut self.sheet else { return 0 };
        let spent = sheet.spend_fortune(what);
        if spent > 0 {
            self.updated = now.max(self.updated);
        }
        spent
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dicetray_rules::systems::twenty_four::{Severity, Track};

    #[test]
    fn a_complication_is_logged_on_a_24_system_sheet_only() {
        let mut c = Character::new("Mara", "24-system").unwrap();
        c.updated = 5.0;
        let complication = Complication { track: Track::Strain, severity: Severity::Major, fiction: "the rope".into() };
        assert!(c.log_complication(&complication, 9.0));
        let Sheet::TwentyFour(s) = &c.sheet else { unreachable!() };
        let logged = &s.complications[0];
        assert_eq!(
            (logged.track, logged.severity, logged.fiction.as_str()),
            (Track::Strain, Severity::Major, "the rope")
        );
        assert_eq!((logged.at, logged.cleared, c.updated), (9.0, false, 9.0));
        let mut other = Character::new("Ren", "remedy").unwrap();
        let before = other.clone();
        assert!(!other.log_complication(&complication, 9.0));
        assert_eq!(other, before);
    }

    #[test]
    fn fortune_spent_marks_the_character_updated_and_nothing_left_changes_nothing() {
        let mut c = Character::new("Ilse", "ruina-imperii").unwrap();
        c.updated = 5.0;
        assert_eq!(c.spend_fortune(FortuneSpend::Roll, 7.0), 1);
        assert_eq!(c.updated, 7.0);
        assert_eq!(c.spend_fortune(FortuneSpend::Scene, 8.0), 2);
        assert_eq!(c.spend_fortune(FortuneSpend::PermanentConsequence, 9.0), 0);
        assert_eq!(c.updated, 8.0, "nothing was left to spend");
        let mut other = Character::new("Mara", "24-system").unwrap();
        assert_eq!(other.spend_fortune(FortuneSpend::Roll, 9.0), 0);
    }
}
