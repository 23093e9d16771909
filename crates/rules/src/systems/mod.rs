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

mod check;
mod error;
mod json_error;
pub use error::RequestError;

pub mod hack_and_slash;
pub mod remedy;
pub mod ruina_imperii;
pub mod total_effect;
pub mod twenty_four;

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

/// A system as one variant of the unions [`Request`] and [`Roll`].
pub trait Variant: RuleSystem {
    /// `request` as a [`Request`].
    fn request(request: Self::Request) -> Request;
    /// `roll`, made with a generator seeded from `seed`, as a [`Roll`] that records the seed.
    fn seeded_roll(roll: Self::Roll, seed: u64) -> Roll;
}

/// [`Request::roll`] for a caller that knows the system: validate, then roll with a generator seeded from `seed`.
/// Only this system's roll code is compiled in (the app's Roll panels for other systems are in separate wasm
/// chunks; `Request::roll`'s match would bring all five into the main module).
pub fn roll_seeded<S: Variant>(request: &S::Request, seed: u64) -> Result<Roll, RequestError> {
    let mut rng = crate::rng::seeded(seed);
    Ok(S::seeded_roll(S::roll(request, &mut rng)?, seed))
}

impl Variant for twenty_four::TwentyFour {
    fn request(request: Self::Request) -> Request {
        Request::TwentyFour(request)
    }
    fn seeded_roll(roll: Self::Roll, seed: u64) -> Roll {
        Roll::TwentyFour(twenty_four::TwentyFourRoll { seed, ..roll })
    }
}

impl Variant for remedy::Remedy {
    fn request(request: Self::Request) -> Request {
        Request::Remedy(request)
    }
    fn seeded_roll(roll: Self::Roll, seed: u64) -> Roll {
        Roll::Remedy(remedy::RemedyRoll { seed, ..roll })
    }
}

impl Variant for total_effect::TotalEffect {
    fn request(request: Self::Request) -> Request {
        Request::TotalEffect(request)
    }
    fn seeded_roll(roll: Self::Roll, seed: u64) -> Roll {
        Roll::TotalEffect(total_effect::TotalEffectRoll { seed, ..roll })
    }
}

impl Variant for ruina_imperii::RuinaImperii {
    fn request(request: Self::Request) -> Request {
        Request::RuinaImperii(request)
    }
    fn seeded_roll(roll: Self::Roll, seed: u64) -> Roll {
        Roll::RuinaImperii(ruina_imperii::RuinaImperiiRoll { seed, ..roll })
    }
}

impl Variant for hack_and_slash::HackAndSlash {
    fn request(request: Self::Request) -> Request {
        Request::HackAndSlash(request)
    }
    fn seeded_roll(roll: Self::Roll, seed: u64) -> Roll {
        Roll::HackAndSlash(hack_and_slash::HackAndSlashRoll { seed, ..roll })
    }
}

/// Whether `value` is its type's default: such a request field is left out when saved, and reads back as the
/// default (`#[serde(default)]`), so a saved request is no longer than it needs to be.
pub(crate) fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
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
        self.outcomes.iter().chain(&self.events).find(|c| c.name == name).map_or(0.0, |c| c.p)
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
        Chance { name: name.into(), p }
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

// ---------------------------------------------------------------------------------------------------------------
// Dispatch over every system. To add a system: one variant in `Request` and `Roll`, and one arm in each `match`
// below (each arm is marked by the system's id).
// ---------------------------------------------------------------------------------------------------------------

/// The ids of the five systems, as requests, saved data and the CLI name them.
pub const SYSTEM_IDS: [&str; 5] = ["24-system", "remedy", "total-effect", "ruina-imperii", "hack-and-slash"];

/// A request for any system: `{"system": "<id>", ...the system's fields}`. Read by hand through
/// [`crate::tagged`] (serde's derived reading of a tagged enum doubles the code of every request type).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "system")]
pub enum Request {
    #[serde(rename = "24-system")]
    TwentyFour(twenty_four::TwentyFourRequest),
    #[serde(rename = "remedy")]
    Remedy(remedy::RemedyRequest),
    #[serde(rename = "total-effect")]
    TotalEffect(total_effect::TotalEffectRequest),
    #[serde(rename = "ruina-imperii")]
    RuinaImperii(ruina_imperii::RuinaImperiiRequest),
    #[serde(rename = "hack-and-slash")]
    HackAndSlash(hack_and_slash::HackAndSlashRequest),
}

impl<'de> Deserialize<'de> for Request {
    fn deserialize<D: serde::Deserializer<'de>>(input: D) -> Result<Self, D::Error> {
        use serde_json::from_value;
        crate::tagged::deserialize(input, "system", &SYSTEM_IDS, "internally tagged enum Request", |id, fields| {
            Some(match id {
                twenty_four::TwentyFour::ID => from_value(fields).map(Request::TwentyFour),
                remedy::Remedy::ID => from_value(fields).map(Request::Remedy),
                total_effect::TotalEffect::ID => from_value(fields).map(Request::TotalEffect),
                ruina_imperii::RuinaImperii::ID => from_value(fields).map(Request::RuinaImperii),
                hack_and_slash::HackAndSlash::ID => from_value(fields).map(Request::HackAndSlash),
                _ => return None,
            })
        })
    }
}

/// A roll of any system, tagged like [`Request`]. Its JSON always has `system`, `outcome`, `events`, `total`,
/// `dice` and `seed`, plus the system's own breakdown.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "system")]
pub enum Roll {
    #[serde(rename = "24-system")]
    TwentyFour(twenty_four::TwentyFourRoll),
    #[serde(rename = "remedy")]
    Remedy(remedy::RemedyRoll),
    #[serde(rename = "total-effect")]
    TotalEffect(total_effect::TotalEffectRoll),
    #[serde(rename = "ruina-imperii")]
    RuinaImperii(ruina_imperii::RuinaImperiiRoll),
    #[serde(rename = "hack-and-slash")]
    HackAndSlash(hack_and_slash::HackAndSlashRoll),
}

impl Request {
    /// Parse a request from JSON. The error names the field: `system` for an unknown or missing system (listing
    /// the five ids), else the missing or ill-typed field. Does not validate ranges (see [`Request::validate`]).
    pub fn from_json(json: &str) -> Result<Request, RequestError> {
        let value: serde_json::Value = serde_json::from_str(json).map_err(|e| {
            if e.to_string().starts_with("number out of range") {
                // e.g. 1e309: no f64 holds it, so serde_json stops before any field is read.
                RequestError::new(
                    "",
                    format!("a number too large to read ({e})"),
                    "numbers within each field's range (see the request format)",
                )
            } else {
                RequestError::new("", format!("not valid JSON: {e}"), "a JSON object with a `system` field")
            }
        })?;
        let ids = SYSTEM_IDS.join(", ");
        let system = match value.get("system") {
            None => return Err(RequestError::new("system", "missing", ids)),
            Some(serde_json::Value::String(s)) => s.clone(),
            Some(other) => return Err(RequestError::new("system", format!("{other} is not a system id"), ids)),
        };
        if !SYSTEM_IDS.contains(&system.as_str()) {
            return Err(RequestError::new("system", format!("unknown system `{system}`"), ids));
        }
        json_error::from_object(&value)
    }

    /// The system's id.
    pub fn system_id(&self) -> &'static str {
        match self {
            Request::TwentyFour(_) => twenty_four::TwentyFour::ID,
            Request::TotalEffect(_) => total_effect::TotalEffect::ID,
            Request::HackAndSlash(_) => hack_and_slash::HackAndSlash::ID,
            Request::Remedy(_) => remedy::Remedy::ID,
            Request::RuinaImperii(_) => ruina_imperii::RuinaImperii::ID,
        }
    }

    /// Check every field against the system's rules.
    pub fn validate(&self) -> Result<(), RequestError> {
        match self {
            Request::TwentyFour(r) => twenty_four::TwentyFour::validate(r),
            Request::TotalEffect(r) => total_effect::TotalEffect::validate(r),
            Request::HackAndSlash(r) => hack_and_slash::HackAndSlash::validate(r),
            Request::Remedy(r) => remedy::Remedy::validate(r),
            Request::RuinaImperii(r) => ruina_imperii::RuinaImperii::validate(r),
        }
    }

    /// Validate, then roll with a generator seeded from `seed`; the roll records the seed.
    pub fn roll(&self, seed: u64) -> Result<Roll, RequestError> {
        match self {
            Request::TwentyFour(r) => roll_seeded::<twenty_four::TwentyFour>(r, seed),
            Request::TotalEffect(r) => roll_seeded::<total_effect::TotalEffect>(r, seed),
            Request::HackAndSlash(r) => roll_seeded::<hack_and_slash::HackAndSlash>(r, seed),
            Request::Remedy(r) => roll_seeded::<remedy::Remedy>(r, seed),
            Request::RuinaImperii(r) => roll_seeded::<ruina_imperii::RuinaImperii>(r, seed),
        }
    }

    /// Validate, then compute the exact odds of every outcome and event.
    pub fn odds(&self) -> Result<Odds, RequestError> {
        match self {
            Request::TwentyFour(r) => twenty_four::TwentyFour::odds(r),
            Request::TotalEffect(r) => total_effect::TotalEffect::odds(r),
            Request::HackAndSlash(r) => hack_and_slash::HackAndSlash::odds(r),
            Request::Remedy(r) => remedy::Remedy::odds(r),
            Request::RuinaImperii(r) => ruina_imperii::RuinaImperii::odds(r),
        }
    }

    /// The outcome names of this request's system, best first.
    pub fn outcomes(&self) -> &'static [&'static str] {
        match self {
            Request::TwentyFour(_) => twenty_four::TwentyFour::OUTCOMES,
            Request::TotalEffect(_) => total_effect::TotalEffect::OUTCOMES,
            Request::HackAndSlash(_) => hack_and_slash::HackAndSlash::OUTCOMES,
            Request::Remedy(_) => remedy::Remedy::OUTCOMES,
            Request::RuinaImperii(_) => ruina_imperii::RuinaImperii::OUTCOMES,
        }
    }
}

impl Roll {
    /// What every system reports alike.
    pub fn summary(&self) -> Summary {
        match self {
            Roll::TwentyFour(r) => twenty_four::TwentyFour::summary(r),
            Roll::TotalEffect(r) => total_effect::TotalEffect::summary(r),
            Roll::HackAndSlash(r) => hack_and_slash::HackAndSlash::summary(r),
            Roll::Remedy(r) => remedy::Remedy::summary(r),
            Roll::RuinaImperii(r) => ruina_imperii::RuinaImperii::summary(r),
        }
    }

    /// The seed that produced this roll.
    pub fn seed(&self) -> u64 {
        match self {
            Roll::TwentyFour(r) => r.seed,
            Roll::TotalEffect(r) => r.seed,
            Roll::HackAndSlash(r) => r.seed,
            Roll::Remedy(r) => r.seed,
            Roll::RuinaImperii(r) => r.seed,
        }
    }

    /// The system's id.
    pub fn system_id(&self) -> &'static str {
        match self {
            Roll::TwentyFour(_) => twenty_four::TwentyFour::ID,
            Roll::TotalEffect(_) => total_effect::TotalEffect::ID,
            Roll::HackAndSlash(_) => hack_and_slash::HackAndSlash::ID,
            Roll::Remedy(_) => remedy::Remedy::ID,
            Roll::RuinaImperii(_) => ruina_imperii::RuinaImperii::ID,
        }
    }

    /// Whether this roll may be pushed (24-System Push Your Luck: only an unpushed Miss; no other system pushes).
    pub fn can_push(&self) -> bool {
        match self {
            Roll::TwentyFour(r) => twenty_four::can_push(r),
            _ => false,
        }
    }
}
