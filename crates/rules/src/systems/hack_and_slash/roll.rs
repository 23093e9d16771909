//! Rolling Hack & Slash: the action's success die against the failure die (single action) or every opposer's die.

use super::half::{from_halves, Halves};
use super::level::{Interference, Outcome, INTERFERENCE_FULL, INTERFERENCE_PARTIAL};
use super::request::{Against, Checked, HackAndSlashRequest};
use crate::die::{DieKind, DieRoll};
use crate::rng::{face, RollRng};
use serde::{Deserialize, Serialize};

/// One side's throw: a d6 plus its bonus (or difficulty).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Side {
    pub die: i64,
    pub bonus: f64,
    /// die + bonus.
    pub roll: f64,
}

/// One opposer's throw and how much it interferes.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Opposer {
    pub die: i64,
    pub bonus: f64,
    pub roll: f64,
    /// The opposer's roll less the action's (positive: the opposer is ahead).
    pub ahead_by: f64,
    pub interference: Interference,
}

/// One Hack & Slash roll, fully broken down.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HackAndSlashRoll {
    pub outcome: Outcome,
    /// `interference_full` / `interference_partial` when any opposer interfered so.
    pub events: Vec<String>,
    /// The success level (x.5 for a half step).
    pub total: f64,
    /// The success die (role `success`), then the failure die (role `failure`) or each opposer's die (role `opponent`).
    pub dice: Vec<DieRoll>,
    /// The seed that produced this roll (0 when rolled outside [`crate::systems::Request::roll`]).
    #[serde(default)]
    pub seed: u64,
    /// The success level: the action's roll less the failure roll or the highest opposing roll.
    pub success_level: f64,
    /// The acting side.
    pub action: Side,
    /// Single action: the failure die plus the difficulty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<Side>,
    /// Opposed action: every opposer, in request order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opponents: Vec<Opposer>,
    /// The request this roll answered.
    pub request: HackAndSlashRequest,
}

fn side(die: i64, bonus: Halves) -> Side {
    Side { die, bonus: from_halves(bonus), roll: from_halves(2 * die + bonus) }
}

/// Roll a checked request.
pub(crate) fn roll_dice(request: &HackAndSlashRequest, checked: &Checked, rng: &mut RollRng) -> HackAndSlashRoll {
    let d6 = |rng: &mut RollRng| face(rng, 6) as i64;
    let action_die = d6(rng);
    let action = 2 * action_die + checked.bonus;
    let mut dice = vec![DieRoll::new(DieKind::Standard(6), action_die).with_role("success")];
    let (level, difficulty, opponents) = match &checked.against {
        Against::Difficulty(d) => {
            let die = d6(rng);
            dice.push(DieRoll::new(DieKind::Standard(6), die).with_role("failure"));
            (action - (2 * die + d), Some(side(die, *d)), Vec::new())
        }
        Against::Opponents(bonuses) => {
            let opposers: Vec<Opposer> = bonuses
                .iter()
                .map(|&b| {
                    let die = d6(rng);
                    dice.push(DieRoll::new(DieKind::Standard(6), die).with_role("opponent"));
                    let roll = 2 * die + b;
                    Opposer {
                        die,
                        bonus: from_halves(b),
                        roll: from_halves(roll),
                        ahead_by: from_halves(roll - action),
                        interference: Interference::of(roll - action),
                    }
                })
                .collect();
            let highest =
                bonuses.iter().zip(&opposers).map(|(&b, o)| 2 * o.die + b).max().expect("at least one opponent");
            (action - highest, None, opposers)
        }
    };
    let mut events = Vec::new();
    if opponents.iter().any(|o| o.interference == Interference::Full) {
        events.push(INTERFERENCE_FULL.to_string());
    }
    if opponents.iter().any(|o| o.interference == Interference::Partial) {
        events.push(INTERFERENCE_PARTIAL.to_string());
    }
    HackAndSlashRoll {
        outcome: Outcome::of(level),
        events,
        total: from_halves(level),
        dice,
        seed: 0,
        success_level: from_halves(level),
        action: side(action_die, checked.bonus),
        difficulty,
        opponents,
        request: request.clone(),
    }
}
