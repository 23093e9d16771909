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
use crate::dist::Dist;
use crate::luck::{Luck, NotComputed, TotalDist};
use crate::rng::RollRng;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;

mod check;
mod choice;
mod contest;
mod error;
mod json_error;
#[macro_use]
mod registry;
pub use choice::{needed, number_json, Choice, ChoiceRows, Need};
pub use contest::{Contest, Favourite};
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
    /// The system's name as players know it (`"24-System"`, `"Total//Effect"`, ...).
    const NAME: &'static str;
    /// Outcome names, in the order the app and the CLI list them (best first).
    const OUTCOMES: &'static [&'static str];
    /// The words of every outcome and event name the system reports, `(name, words)`: the one vocabulary every
    /// screen, History, the exports and the CLI show (`("legendary", "Legendary Success")`).
    const WORDS: &'static [(&'static str, &'static str)];
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
    /// Validate, then compute the exact distribution of the number the outcome is read from ([`Summary::total`]),
    /// in steps of [`RuleSystem::TOTAL_STEP`]: what a roll's luck is read from ([`crate::luck`]). An error is an
    /// invalid request, or one whose distribution is not computed, saying why (a limit, or a roll with no
    /// distribution fixed before it).
    fn total_dist(request: &Self::Request) -> Result<Dist, RequestError>;
    /// What one step of [`RuleSystem::total_dist`] is worth in [`Summary::total`]: 1, or Hack & Slash's half level.
    const TOTAL_STEP: f64 = 1.0;
    /// What every system reports alike: outcome, events, total, dice.
    fn summary(roll: &Self::Roll) -> Summary;
    /// The request in the system's words, as History and the roll's line say it (`Climb, rank 3: d8+d10+6,
    /// Leverage d6 vs DC 17`): no field names, no JSON.
    fn describe(request: &Self::Request) -> String;
    /// Whether the roll may be pushed (only the 24-System's Push Your Luck pushes: an unpushed Miss).
    fn can_push(_roll: &Self::Roll) -> bool {
        false
    }
    /// An outcome or event name in words, from [`RuleSystem::WORDS`]; a name not listed there reads as itself,
    /// spaced and capitalised ([`plain_words`]).
    fn words(name: &str) -> String {
        listed_words(Self::WORDS, name).map_or_else(|| plain_words(name), str::to_string)
    }
    /// What the number an outcome is read from is called: a total unless the system says otherwise (Ruina
    /// Imperii counts hits, Hack & Slash reads a success level).
    const TOTAL: &'static str = "Total";
    /// The numbers a player chooses before rolling (Leverage, a DC, Risk), with the values worth showing for each:
    /// the odds of every choice ([`Request::every_choice`]).
    const CHOICES: &'static [Choice] = &[];
    /// Who is the favourite, and by how much, when `request` is a contest (Remedy's contest, an opposed roll);
    /// `None` when it is not one.
    fn contest(_request: &Self::Request) -> Option<Result<Contest, RequestError>> {
        None
    }
    /// [`RuleSystem::contest`] read from the request's odds already computed (`odds` is `Self::odds(request)`), so
    /// a panel that shows both computes the odds once; a system whose contest does not follow from its outcomes
    /// (Hack & Slash's margin) computes its own.
    fn contest_given(request: &Self::Request, _odds: &Odds) -> Option<Result<Contest, RequestError>> {
        Self::contest(request)
    }
    /// That number in words: whole numbers without a decimal point.
    fn total_words(total: f64) -> String {
        number_words(total)
    }
}

/// A number as every screen writes it: whole numbers without a decimal point (`17`, `2.5`), a true minus sign.
pub fn number_words(x: f64) -> String {
    crate::decimal::shortest(x).replace('-', "−")
}

/// `name`'s words in `words`, if it is listed.
pub fn listed_words(words: &[(&str, &'static str)], name: &str) -> Option<&'static str> {
    words.iter().find(|(n, _)| *n == name).map(|(_, w)| *w)
}

/// A name no system lists, in words: `full_success` -> `Full success`. Names are ASCII, so only ASCII letters are
/// capitalised (Unicode's case tables would add kilobytes to the app's first load for nothing).
pub fn plain_words(name: &str) -> String {
    let mut spaced = name.replace(['_', '-'], " ");
    if let Some(first) = spaced.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    spaced
}

/// One system as every list shows it (the elements of [`SYSTEMS`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct System {
    /// [`RuleSystem::ID`].
    pub id: &'static str,
    /// [`RuleSystem::NAME`].
    pub name: &'static str,
    /// [`RuleSystem::OUTCOMES`].
    pub outcomes: &'static [&'static str],
    /// [`RuleSystem::WORDS`].
    pub words: &'static [(&'static str, &'static str)],
    /// [`RuleSystem::CHOICES`].
    pub choices: &'static [Choice],
}

/// The [`System`] with `id`, if there is one.
pub fn system(id: &str) -> Option<&'static System> {
    SYSTEMS.iter().find(|s| s.id == id)
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
// The systems, declared once. To add one: its module above (`pub mod`), implementing `RuleSystem`, and its row
// here; `SYSTEM_IDS`, `SYSTEMS`, `Request`, `Roll`, their reading and every dispatch over them (`registry.rs`), and
// the saved data's `Sheet` and the app's lists (through `for_each_system!`) follow from the row.
// ---------------------------------------------------------------------------------------------------------------

/// Calls the macro `$then` with the list of systems, one row `Variant(module) "id"` each (the system is
/// `module::Variant`, its `RuleSystem::ID` is `"id"`), in the order every list shows them. The one place a system
/// is listed: this crate's unions and dispatch, the saved data's `Sheet` and the app's registry are all made from
/// it.
#[macro_export]
macro_rules! for_each_system {
    ($then:ident) => {
        $then! {
            TwentyFour(twenty_four) "24-system",
            Remedy(remedy) "remedy",
            TotalEffect(total_effect) "total-effect",
            RuinaImperii(ruina_imperii) "ruina-imperii",
            HackAndSlash(hack_and_slash) "hack-and-slash",
        }
    };
}

crate::for_each_system!(declare_systems);

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
}
