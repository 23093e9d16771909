//! Reading a Ruina Imperii result from hits.
//!
//! With D the static difficulty (or, opposed, the opponent's hits):
//! - more than 2D hits: Critical Success. Read literally, so with D = 0 a single hit is already a
//!   Critical Success (1 > 2·0), and every Success against D = 0 is critical;
//! - more than D hits: Success;
//! - otherwise, fewer hits than the roll's Risk: Harsh Failure, unless Fortune covers it;
//! - otherwise: Failure.

use serde::{Deserialize, Serialize};

/// The four Ruina Imperii results, best first (names are part of the saved-data format).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    CriticalSuccess,
    Success,
    Failure,
    HarshFailure,
}

impl Outcome {
    /// Every outcome, best first.
    pub const ALL: [Outcome; 4] = [Outcome::CriticalSuccess, Outcome::Success, Outcome::Failure, Outcome::HarshFailure];

    /// The saved-data name.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::CriticalSuccess => "critical_success",
            Outcome::Success => "success",
            Outcome::Failure => "failure",
            Outcome::HarshFailure => "harsh_failure",
        }
    }

    /// Position in [`Outcome::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The result before Fortune: what `hits` against `d` gives for a roll with Risk `risk`.
/// Returns the outcome and whether a Harsh Failure was avoided only because Fortune covered it.
pub fn judge(hits: u64, d: u64, risk: u32, fortune_covers: bool) -> (Outcome, bool) {
    if hits > 2 * d {
        (Outcome::CriticalSuccess, false)
    } else if hits > d {
        (Outcome::Success, false)
    } else if hits < risk as u64 {
        if fortune_covers {
            (Outcome::Failure, true)
        } else {
            (Outcome::HarshFailure, false)
        }
    } else {
        (Outcome::Failure, false)
    }
}
