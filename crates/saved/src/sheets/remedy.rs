//! A Remedy character: six ability scores, and skills (each under one ability) with their check dice.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sheet {
    /// Exactly six ability scores; their names are editable (a table may use its own).
    pub abilities: Vec<Ability>,
    pub skills: Vec<Skill>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ability {
    pub name: String,
    pub score: i32,
}

/// A skill: the ability it is listed under (index into `abilities`) and its check dice in Remedy notation
/// (`1d20`, `2d20▲`, ...; aptitude and mastery decide them).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Skill {
    pub name: String,
    pub ability: usize,
    pub dice: String,
}

/// Default names for the six abilities.
pub const ABILITY_NAMES: [&str; 6] = ["Strength", "Dexterity", "Constitution", "Intelligence", "Wisdom", "Charisma"];

impl Default for Sheet {
    fn default() -> Self {
        Sheet {
            abilities: ABILITY_NAMES.iter().map(|n| Ability { name: n.to_string(), score: 0 }).collect(),
            skills: Vec::new(),
        }
    }
}

impl super::SystemSheet for Sheet {
    fn summary(&self) -> String {
        let mut parts = vec![super::count(self.skills.len(), "skill", "skills")];
        if let Some(a) = self.abilities.iter().max_by_key(|a| a.score) {
            parts.push(format!("best ability {} {:+}", a.name, a.score));
        }
        parts.join(" · ")
    }

    fn out_of_range(&self) -> Option<(String, String)> {
        if self.abilities.len() != 6 {
            let problem = format!("has {} abilities; a Remedy sheet has exactly six", self.abilities.len());
            return Some(("abilities".into(), problem));
        }
        let (i, skill) = self.skills.iter().enumerate().find(|(_, skill)| skill.ability >= 6)?;
        Some((format!("skills[{i}].ability"), super::out_of_range(skill.ability, "0 to 5")))
    }

    fn rolls(&self) -> Vec<String> {
        self.skills
            .iter()
            .enumerate()
            .map(|(i, k)| {
                let ability =
                    self.abilities.get(k.ability).map_or(String::new(), |a| format!(", {} {:+}", a.name, a.score));
                format!("{} ({}{ability})", super::row_name(&k.name, "Skill", i), k.dice)
            })
            .collect()
    }
}
