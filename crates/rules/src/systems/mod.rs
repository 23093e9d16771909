//! The five rule systems, each behind one shared shape.
//!
//! Every system is a module with a unit type implementing [`RuleSystem`]:
//! a typed serde `Request` -> [`RuleSystem::validate`] -> [`RuleSystem::roll`] (a full breakdown and an outcome)
//! and request -> [`RuleSystem::odds`] (the exact probability of every outcome and extra event).
//! [`Request`] is the tagged union the CLI and saved history read (`{"system": "24-system", ...}`);
//! [`Roll`] is the tagged union of every system's breakdown.
//!
//! Outcome names are part of the saved-data format: they are the ones in the table at the end of
//! `shared/rules/README.md`.

use crate::die::DieRoll;
use crate::rng::RollRng;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;

mod error;
pub use error::RequestError;

/// The shape every rule system has.
pub trait RuleSystem {
    /// The id in requests, saved data and the CLI (`"24-system"`, `"remedy"`, ...).
    const ID: &'static str;
    /// Outcome names, in the order the app and the CLI list them (best first).
    const OUTCOMES: &'static [&'static str];
    /// Everything needed to make (and replay) one roll.
    type Request: Serialize + DeserializeOwned + Clone + PartialEq + fmt::Debug;
    /// A roll's full breakdown: every die, every step, the outcome and the events.
    type Roll: Serialize + DeserializeOwned + Clone + PartialEq + fmt::Debug;

    /// Check every field against the rules; the error names the field and the allowed values.
    fn validate(request: &Self::Request) -> Result<(), RequestError>;
    /// Validate, then roll with `rng`.
    fn roll(request: &Self::Request, rng: &mut RollRng) -> Result<Self::Roll, RequestError>;
    /// Validate, then compute the exact odds of every outcome and event.
    fn odds(request: &Self::Request) -> Result<Odds, RequestError>;
    /// What every system reports alike: outcome, events, total, dice.
    fn summary(roll: &Self::Roll) -> Summary;
}

/// The exact odds of one request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Odds {
    /// Every outcome of the system with its probability, in [`RuleSystem::OUTCOMES`] order; they sum to 1
    /// (less `truncated_mass`).
    pub outcomes: Vec<Chance>,
    /// Extra events (Partial Critical, Total//Effect bands, ...), each with its own probability.
    pub events: Vec<Chance>,
    /// Probability mass not accounted for because an unbounded process (explosions) was cut off below 1e-12.
    pub truncated_mass: f64,
}

impl Odds {
    /// The probability of the outcome or event called `name` (0 if there is none).
    pub fn get(&self, name: &str) -> f64 {
        self.outcomes
            .iter()
            .chain(&self.events)
            .find(|c| c.name == name)
            .map_or(0.0, |c| c.p)
    }
}

/// One named probability.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Chance {
    pub name: String,
    pub p: f64,
}

impl Chance {
    pub fn new(name: impl Into<String>, p: f64) -> Self {
        Chance {
            name: name.into(),
            p,
        }
    }
}

/// What every system's roll reports alike (the CLI's roll JSON and the history list read this).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub system: String,
    pub outcome: String,
    /// Names of the extra events that happened.
    pub events: Vec<String>,
    /// The final number the outcome was read from (Hack & Slash: the success level, in halves shown as x.5).
    pub total: f64,
    pub dice: Vec<DieRoll>,
}
