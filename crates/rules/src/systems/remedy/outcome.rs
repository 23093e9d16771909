//! Reading a Remedy check's result.
//!
//! Against a DC:
//! - a natural in the triumph range: `triumph` (a success whatever the total);
//! - a natural in the disaster range: `disaster` (a failure whatever the total);
//! - otherwise total > DC: `success`; total <= DC: `failure` (ties go to the DC).
//!
//! In a contest, named from the acting side's point of view:
//! - triumph on both sides, or disaster on both sides, cancel: both are ignored and the totals decide;
//! - the acting side's own triumph that applies (not cancelled, including triumph against the opponent's
//!   disaster): `triumph`;
//! - its own disaster that applies (including disaster against the opponent's triumph): `disaster`;
//! - the opponent's triumph alone: the acting side fails, `failure`;
//! - the opponent's disaster alone: the opponent fails, so the acting side wins, `success`;
//! - otherwise the higher total wins (`success` / `failure`) and a tie goes to the reactive side.

use super::request::Reactive;
use serde::{Deserialize, Serialize};

/// Event: an attack's applying triumph, a critical hit.
pub const EVENT_CRITICAL_HIT: &str = "critical_hit";
/// Event: in a contest, both sides' triumphs (or both disasters) cancelled.
pub const EVENT_CANCELLED: &str = "cancelled";

/// The four Remedy results, best first (names are part of the saved-data format).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Triumph,
    Success,
    Failure,
    Disaster,
}

impl Outcome {
    /// Every outcome, best first.
    pub const ALL: [Outcome; 4] = [Outcome::Triumph, Outcome::Success, Outcome::Failure, Outcome::Disaster];

    /// The saved-data name.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Triumph => "triumph",
            Outcome::Success => "success",
            Outcome::Failure => "failure",
            Outcome::Disaster => "disaster",
        }
    }

    /// Position in [`Outcome::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// What a natural triggers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Natural {
    Triumph,
    Disaster,
    Plain,
}

impl Natural {
    /// All three, for iterating.
    pub const ALL: [Natural; 3] = [Natural::Triumph, Natural::Disaster, Natural::Plain];

    /// Classify a natural against the side's ranges.
    pub fn of(natural: i64, triumph_from: i64, disaster_to: i64) -> Natural {
        if natural >= triumph_from {
            Natural::Triumph
        } else if natural <= disaster_to {
            Natural::Disaster
        } else {
            Natural::Plain
        }
    }
}

/// The result of a check against a DC.
pub fn against_dc(natural: Natural, total: i64, dc: i64) -> Outcome {
    match natural {
        Natural::Triumph => Outcome::Triumph,
        Natural::Disaster => Outcome::Disaster,
        Natural::Plain if total > dc => Outcome::Success,
        Natural::Plain => Outcome::Failure,
    }
}

/// The result a contest's naturals decide on their own, if they do (None: the totals decide).
/// The flag says whether the two sides' triumphs or disasters cancelled.
pub fn contest_by_naturals(own: Natural, opp: Natural) -> (Option<Outcome>, bool) {
    match (own, opp) {
        (Natural::Triumph, Natural::Triumph) | (Natural::Disaster, Natural::Disaster) => (None, true),
        (Natural::Triumph, _) => (Some(Outcome::Triumph), false),
        (Natural::Disaster, _) => (Some(Outcome::Disaster), false),
        (Natural::Plain, Natural::Triumph) => (Some(Outcome::Failure), false),
        (Natural::Plain, Natural::Disaster) => (Some(Outcome::Success), false),
        (Natural::Plain, Natural::Plain) => (None, false),
    }
}

/// The result of a contest decided by totals.
pub fn contest_by_totals(own: i64, opp: i64, reactive: Reactive) -> Outcome {
    if own > opp || (own == opp && reactive == Reactive::Myself) {
        Outcome::Success
    } else {
        Outcome::Failure
    }
}

/// The result of a contest.
pub fn contest(own: (Natural, i64), opp: (Natural, i64), reactive: Reactive) -> (Outcome, bool) {
    let (decided, cancelled) = contest_by_naturals(own.0, opp.0);
    (decided.unwrap_or_else(|| contest_by_totals(own.1, opp.1, reactive)), cancelled)
}
