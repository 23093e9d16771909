//! Hack & Slash success levels and interference.

use super::half::Halves;
use serde::{Deserialize, Serialize};

/// How an action came out (names are part of the saved-data format).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Success level 1 or more.
    FullSuccess,
    /// Success level 0 or 1/2.
    HalfSuccess,
    /// Success level below 0.
    Failure,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::FullSuccess => "full_success",
            Outcome::HalfSuccess => "half_success",
            Outcome::Failure => "failure",
        }
    }
    /// Read a success level given in half steps.
    pub fn of(level: Halves) -> Outcome {
        match level {
            l if l >= 2 => Outcome::FullSuccess,
            0 | 1 => Outcome::HalfSuccess,
            _ => Outcome::Failure,
        }
    }
}

/// How much one opposer gets in the action's way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Interference {
    /// The opposer rolled below the action.
    None,
    /// The opposer tied the action or beat it by 1/2: half effect.
    Partial,
    /// The opposer beat the action by 1 or more.
    Full,
}

/// Event: at least one opposer interferes fully.
pub const INTERFERENCE_FULL: &str = "interference_full";
/// Event: at least one opposer interferes partially.
pub const INTERFERENCE_PARTIAL: &str = "interference_partial";

impl Interference {
    /// From how far (in half steps) the opposer's roll is ahead of the action's.
    pub fn of(ahead_by: Halves) -> Interference {
        match ahead_by {
            a if a >= 2 => Interference::Full,
            0 | 1 => Interference::Partial,
            _ => Interference::None,
        }
    }
}
