//! A Hack & Slash character: abilities with their levels in half steps.

use super::fields_of;
use crate::ask::{number, AskInput, AskShape, Row};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Sheet {
    pub abilities: Vec<Ability>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ability {
    pub name: String,
    /// The ability's bonus in half steps: 3 means 1½.
    pub halves: i32,
}

/// Hack & Slash bonuses run from -10 to 20: -20 to 40 half steps.
pub const HALVES_MIN: i32 = -20;
pub const HALVES_MAX: i32 = 40;

/// A half-step count as players write it: `0`, `½`, `1`, `1½`, `−½` (the rules crate's words for a success level).
pub fn halves_text(halves: i32) -> String {
    use dicetray_rules::systems::{hack_and_slash::HackAndSlash, RuleSystem};
    HackAndSlash::total_words(f64::from(halves) / 2.0)
}

impl super::SystemSheet for Sheet {
    fn summary(&self) -> String {
        if self.abilities.is_empty() {
            return "No abilities yet".to_string();
        }
        let shown: Vec<String> =
            self.abilities.iter().take(3).map(|a| format!("{} {}", a.name, halves_text(a.halves))).collect();
        match self.abilities.len().saturating_sub(3) {
            0 => shown.join(", "),
            more => format!("{} and {more} more", shown.join(", ")),
        }
    }

    fn out_of_range(&self) -> Option<(String, String)> {
        let (i, ability) =
            self.abilities.iter().enumerate().find(|(_, a)| !(HALVES_MIN..=HALVES_MAX).contains(&a.halves))?;
        Some((format!("abilities[{i}].halves"), super::out_of_range(ability.halves, "-20 to 40 half steps")))
    }

    fn rolls(&self) -> Vec<String> {
        self.abilities
            .iter()
            .enumerate()
            .map(|(i, a)| format!("{} ({})", super::row_name(&a.name, "Ability", i), halves_text(a.halves)))
            .collect()
    }

    /// The GM sets the difficulty; the ability gives its bonus.
    const ASK: AskShape = AskShape {
        row: "ability",
        gm: &[AskInput::whole("difficulty", "Difficulty", -10.0, 20.0, 0.0).halves()],
        player: &[],
        by_hand: &[AskInput::whole("bonus", "Bonus", -10.0, 20.0, 0.0).halves()],
        base: "{}",
    };

    fn rows(&self) -> Vec<Row> {
        let row = |a: &Ability| {
            let fields = fields_of([("bonus", number(f64::from(a.halves) / 2.0))]);
            Row { name: a.name.clone(), fields, said: halves_text(a.halves) }
        };
        self.abilities.iter().map(row).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_steps_read_as_players_write_them() {
        assert_eq!(halves_text(0), "0");
        assert_eq!(halves_text(1), "½");
        assert_eq!(halves_text(3), "1½");
        assert_eq!(halves_text(4), "2");
        assert_eq!(halves_text(-1), "−½", "a true minus sign, as results say it");
        assert_eq!(halves_text(-5), "−2½");
    }
}
