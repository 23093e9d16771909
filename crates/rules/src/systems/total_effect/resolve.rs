//! Reading a Total//Effect throw: which dice are kept, how Escalation applies, the Total and the general outcome.

use super::effect::Effect;
use super::request::{EscalationMode, TotalEffectRequest};
use crate::sorted;
use serde::{Deserialize, Serialize};

/// General resolution of a Total (names are part of the saved-data format).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Total 13+: success without consequence.
    CleanSuccess,
    /// Total 9..=12: success with a minor consequence or twist.
    SuccessWithTwist,
    /// Total 8 or less: the player picks failure with a minor twist or success with a major one.
    HardChoice,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::CleanSuccess => "clean_success",
            Outcome::SuccessWithTwist => "success_with_twist",
            Outcome::HardChoice => "hard_choice",
        }
    }
    /// The general resolution of a Total.
    pub fn of(total: i64) -> Outcome {
        match total {
            t if t >= 13 => Outcome::CleanSuccess,
            t if t >= 9 => Outcome::SuccessWithTwist,
            _ => Outcome::HardChoice,
        }
    }
}

/// Indices of the three kept dice: the highest three with net Advantage, the lowest three with net
/// Disadvantage (ties keep the earlier die), all three otherwise.
pub fn kept_indices(faces: &[i64], net_advantage: i64) -> [usize; 3] {
    let mut order: Vec<usize> = (0..faces.len()).collect();
    if net_advantage >= 0 {
        sorted::sort_indices(&mut order, &|a, b| faces[b].cmp(&faces[a]).then(a.cmp(&b)));
    } else {
        sorted::sort_indices(&mut order, &|a, b| faces[a].cmp(&faces[b]).then(a.cmp(&b)));
    }
    [order[0], order[1], order[2]]
}

/// A kept die's value after the Escalation table option (floor raises to Escalation, ceiling lowers to it).
/// Escalation 0 is no Escalation, in every mode: the face stands.
pub fn effect_value(face: i64, escalation: i64, mode: EscalationMode) -> i64 {
    if escalation == 0 {
        return face;
    }
    match mode {
        EscalationMode::Add => face,
        EscalationMode::Floor => face.max(escalation),
        EscalationMode::Ceiling => face.min(escalation),
    }
}

/// Effect dice and Total from the three kept faces.
pub fn effect_and_total(kept_faces: [i64; 3], request: &TotalEffectRequest) -> (Effect, i64) {
    let v = kept_faces.map(|f| effect_value(f, request.escalation, request.escalation_mode));
    let added = if request.escalation_mode == EscalationMode::Add { request.escalation } else { 0 };
    (Effect::from_values(v), v.iter().sum::<i64>() + added + request.modifier)
}
