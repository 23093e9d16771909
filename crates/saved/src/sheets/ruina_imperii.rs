//! A Ruina Imperii character: skills (dice in the pool), Risk Limit and Fortune.

use super::fields_of;
use crate::ask::{number, AskInput, AskShape, Row};
use dicetray_rules::systems::ruina_imperii::request::{MAX_RISK, MAX_SKILL};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sheet {
    pub skills: Vec<Skill>,
    /// The most Risk this character may take on one roll.
    pub risk_limit: u8,
    /// Fortune points left.
    pub fortune: u8,
}

impl Default for Sheet {
    fn default() -> Self {
        Sheet { skills: Vec::new(), risk_limit: 2, fortune: 3 }
    }
}

/// What Fortune is spent on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FortuneSpend {
    /// One point: ignore the Harsh Failure of one roll.
    Roll,
    /// All of it (at least 1): ignore Harsh Failures for the rest of the scene.
    Scene,
    /// All of it (at least 1): avoid death, dismemberment or another permanent consequence.
    PermanentConsequence,
}

impl Sheet {
    /// Spend Fortune on `what`: one point for a roll, all that is left otherwise. Returns how many points were
    /// spent; 0 (and nothing changes) when there is none left, since every spend needs at least 1.
    pub fn spend_fortune(&mut self, what: FortuneSpend) -> u8 {
        let spent = match what {
            FortuneSpend::Roll => self.fortune.min(1),
            FortuneSpend::Scene | FortuneSpend::PermanentConsequence => self.fortune,
        };
        self.fortune -= spent;
        spent
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Skill {
    pub name: String,
    /// Dice rolled for this skill (0 is allowed: the zero-dice rule applies).
    pub dice: u8,
}

impl super::SystemSheet for Sheet {
    fn summary(&self) -> String {
        let skills = super::count(self.skills.len(), "skill", "skills");
        format!("{skills} · Risk Limit {} · Fortune {}", self.risk_limit, self.fortune)
    }

    fn out_of_range(&self) -> Option<(String, String)> {
        if i32::from(self.risk_limit) > MAX_RISK {
            return Some(("risk_limit".into(), super::out_of_range(self.risk_limit, &format!("0 to {MAX_RISK}"))));
        }
        let (i, skill) = self.skills.iter().enumerate().find(|(_, skill)| i32::from(skill.dice) > MAX_SKILL)?;
        Some((format!("skills[{i}].dice"), super::out_of_range(skill.dice, &format!("0 to {MAX_SKILL}"))))
    }

    fn rolls(&self) -> Vec<String> {
        self.skills
            .iter()
            .enumerate()
            .map(|(i, k)| format!("{} ({} dice)", super::row_name(&k.name, "Skill", i), k.dice))
            .collect()
    }

    /// The GM sets the difficulty; the skill gives its dice and the sheet its Risk Limit; the player takes Risk.
    const ASK: AskShape = AskShape {
        row: "skill",
        gm: &[AskInput::whole("difficulty", "Difficulty", 0.0, 30.0, 1.0)],
        player: &[AskInput::whole("risk", "Risk", 0.0, 10.0, 0.0)],
        by_hand: &[AskInput::whole("skill", "Skill dice", 0.0, 30.0, 3.0)],
        base: "{}",
    };

    fn rows(&self) -> Vec<Row> {
        let limit = number(self.risk_limit.into());
        let row = |k: &Skill| {
            let fields = fields_of([("skill", number(k.dice.into())), ("risk_limit", limit.clone())]);
            let said = format!("{} dice, Risk Limit {}", k.dice, self.risk_limit);
            Row { name: k.name.clone(), fields, said }
        };
        self.skills.iter().map(row).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ruling_fortune_spends_one_for_a_roll_all_for_a_scene_or_a_permanent_consequence_at_least_one() {
        let mut s = Sheet { fortune: 3, ..Sheet::default() };
        assert_eq!(s.spend_fortune(FortuneSpend::Roll), 1);
        assert_eq!(s.fortune, 2);
        assert_eq!(s.spend_fortune(FortuneSpend::PermanentConsequence), 2);
        assert_eq!(s.fortune, 0);
        for what in [FortuneSpend::Roll, FortuneSpend::Scene, FortuneSpend::PermanentConsequence] {
            assert_eq!(s.spend_fortune(what), 0, "{what:?} with nothing left");
            assert_eq!(s.fortune, 0);
        }
        let mut s = Sheet { fortune: 1, ..Sheet::default() };
        assert_eq!(s.spend_fortune(FortuneSpend::Scene), 1);
        assert_eq!(s.fortune, 0);
    }
}
