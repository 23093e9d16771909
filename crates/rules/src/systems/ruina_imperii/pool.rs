//! The dice a Ruina Imperii roll actually throws, after Risk and the zero-dice rule.
//!
//! - The pool is the skill dice plus one die per point of Risk.
//! - Risk above 0 gives the roll Explode 6; if the roll already had Explode 6 it becomes Explode 5;
//!   an Explode 5 or 4 from elsewhere is better already and stays.
//! - Zero dice (skill 0 and Risk 0): the roll is made as a Risk 1 roll of one die instead, so it explodes
//!   on 6 (or 5, if it had Explode 6 from elsewhere) and can Harsh-Fail. Skill 0 with Risk above 0 already
//!   has dice and is an ordinary roll of `risk` dice. The Risk 1 the rule imposes is not checked against the
//!   request's Risk Limit: the rules impose it, the player did not choose it.

use serde::{Deserialize, Serialize};

/// The dice one side of a Ruina Imperii roll throws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pool {
    /// Skill dice thrown.
    pub skill_dice: u32,
    /// Risk dice thrown (the roll's Risk, for Harsh Failure).
    pub risk: u32,
    /// The roll's Explode after Risk (None: no die explodes).
    pub explode: Option<u32>,
    /// True if the zero-dice rule turned this into a one-die Risk 1 roll.
    pub zero_dice: bool,
}

impl Pool {
    /// The pool for `skill`, `risk` and Explode from elsewhere (already validated).
    pub fn new(skill: i32, risk: i32, explode: Option<i32>) -> Self {
        let zero_dice = skill == 0 && risk == 0;
        let risk = if zero_dice { 1 } else { risk as u32 };
        Pool {
            skill_dice: skill.max(0) as u32,
            risk,
            explode: explode_with_risk(explode.map(|e| e as u32), risk),
            zero_dice,
        }
    }

    /// Number of dice thrown before any explosion.
    pub fn size(&self) -> u32 {
        self.skill_dice + self.risk
    }

    /// Probability that one throw adds another die (0 without Explode).
    pub fn explode_chance(&self) -> f64 {
        self.explode.map_or(0.0, |n| (7 - n) as f64 / 6.0)
    }
}

/// Risk's effect on Explode: gain Explode 6, or upgrade Explode 6 to Explode 5; Explode 5 and 4 stay.
pub fn explode_with_risk(explode: Option<u32>, risk: u32) -> Option<u32> {
    if risk == 0 {
        return explode;
    }
    match explode {
        None => Some(6),
        Some(6) => Some(5),
        Some(n) => Some(n),
    }
}

/// A die showing 4, 5 or 6 is a hit.
pub fn is_hit(face: u32) -> bool {
    face >= 4
}
