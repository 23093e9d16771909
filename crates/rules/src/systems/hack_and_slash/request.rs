//! What one Hack & Slash roll needs: the acting side's bonus and either a difficulty (single action) or the
//! bonuses of everyone opposing it.

use super::half::{to_halves, to_halves_named, Halves};
use crate::systems::RequestError;
use serde::{Deserialize, Serialize};

/// Most opposers one action may face (each rolls its own d6; the odds stay exact and fast well past this).
pub const OPPONENTS_MAX: usize = 10_000;

/// One Hack & Slash roll.
///
/// JSON: `{"system":"hack-and-slash","bonus":1.5,"difficulty":2}` (single action) or
/// `{"system":"hack-and-slash","bonus":1.5,"opponents":[2.5]}` (opposed). Numbers are multiples of 0.5 in
/// -10..=20. Leaving out both `difficulty` and `opponents` means difficulty 0.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct HackAndSlashRequest {
    /// Bonuses on the acting side's success die.
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub bonus: f64,
    /// The difficulty added to the failure die (single action).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<f64>,
    /// Opposing bonuses, one per opposer (opposed action; replaces `difficulty`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponents: Option<Vec<f64>>,
}

/// The request in half steps, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    pub bonus: Halves,
    /// Against whom the action rolls: the difficulty alone, or each opposer.
    pub against: Against,
}

/// A single action's difficulty, or the opposers' bonuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Against {
    Difficulty(Halves),
    Opponents(Vec<Halves>),
}

impl HackAndSlashRequest {
    /// Check every field and convert to half steps; the error names the field and what is allowed.
    pub fn check(&self) -> Result<Checked, RequestError> {
        let bonus = to_halves("bonus", self.bonus)?;
        let against = match (&self.opponents, self.difficulty) {
            (Some(_), Some(_)) => {
                return Err(RequestError::new(
                    "difficulty",
                    "a roll has either a difficulty or opponents, not both",
                    "`difficulty` for a single action, or `opponents` for an opposed one",
                ))
            }
            (Some(list), None) => {
                if list.is_empty() {
                    return Err(RequestError::new(
                        "opponents",
                        "no opponents",
                        format!("1 to {OPPONENTS_MAX} opposing bonuses"),
                    ));
                }
                if list.len() > OPPONENTS_MAX {
                    return Err(RequestError::new(
                        "opponents",
                        format!("{} opponents is too many", list.len()),
                        format!("1 to {OPPONENTS_MAX} opposing bonuses"),
                    ));
                }
                let halves = list
                    .iter()
                    .enumerate()
                    .map(|(i, &x)| to_halves_named(x, || format!("opponents[{i}]")))
                    .collect::<Result<_, _>>()?;
                Against::Opponents(halves)
            }
            (None, d) => Against::Difficulty(to_halves("difficulty", d.unwrap_or(0.0))?),
        };
        Ok(Checked { bonus, against })
    }

    /// Check every field.
    pub fn validate(&self) -> Result<(), RequestError> {
        self.check().map(|_| ())
    }
}
