//! A Remedy character: six ability scores, and skills (each under one ability) with their check dice.

use super::fields_of;
use crate::ask::{number, AskInput, AskShape, Row};
use serde::{Deserialize, Serialize};
use serde_json::Value;

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

    /// The GM sets the DC and the threat dice; a skill gives its check dice and its ability's score, an ability
    /// its score on 1d20; the player adds dominance dice and any other bonus. ♻ rerolls whichever d20s most raise
    /// the chance of success at once (`reroll: best`), so every phone can check the roll.
    const ASK: AskShape = AskShape {
        row: "skill or ability",
        gm: &[
            AskInput::whole("dc", "DC", -10.0, 100.0, 14.0),
            AskInput::whole("threat", "Threat dice", 0.0, 10.0, 0.0),
        ],
        player: &[
            AskInput::whole("dominance", "Dominance dice", 0.0, 10.0, 0.0),
            AskInput::whole("bonus", "Other bonus", -50.0, 50.0, 0.0),
        ],
        by_hand: &[AskInput::whole("ability", "Ability score", -10.0, 30.0, 0.0)],
        base: r#"{"dice":"1d20","reroll":"best"}"#,
    };

    fn rows(&self) -> Vec<Row> {
        let score = |i: usize| self.abilities.get(i).map_or(0, |a| a.score);
        let skills = self.skills.iter().map(|k| {
            let a = self.abilities.get(k.ability);
            let said = a.map_or(k.dice.clone(), |a| format!("{}, {} {:+}", k.dice, a.name, a.score));
            let fields =
                fields_of([("dice", Value::from(k.dice.as_str())), ("ability", number(score(k.ability).into()))]);
            Row { name: k.name.clone(), fields, said }
        });
        let abilities = self.abilities.iter().map(|a| {
            let fields = fields_of([("dice", Value::from("1d20")), ("ability", number(a.score.into()))]);
            Row { name: a.name.clone(), fields, said: format!("1d20 {:+}", a.score) }
        });
        skills.chain(abilities).collect()
    }
}
