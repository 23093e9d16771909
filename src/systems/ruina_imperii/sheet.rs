//! A Ruina Imperii character: skills (dice in the pool), Risk Limit and Fortune.

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

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Skill {
    pub name: String,
    /// Dice rolled for this skill (0 is allowed: the zero-dice rule applies).
    pub dice: u8,
}
