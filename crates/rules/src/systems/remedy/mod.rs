//! Remedy (`remedy`): d20 checks with ▲ ▼ ! ♻ marks, plus dominance and threat d6s.
//!
//! In the project's reading of Remedy (see `shared/rules/README.md`):
//! - a check rolls its d20s by their marks in a fixed order — ♻ reroll (faces 1..k for k marks, once, the
//!   new face stands), then ! explode (a 20 adds another d20, repeatedly), then ▲/▼ keep — and keeps one d20;
//! - total = kept d20 + ability score + net dominance d6s (added) or net threat d6s (subtracted; dominance and
//!   threat cancel one for one) + other bonuses;
//! - against a DC, only total > DC succeeds (ties go to the DC); in a contest the higher total wins and a tie
//!   goes to the reactive side;
//! - the natural result (the kept d20's face after ♻, before anything is added) triggers triumph
//!   (default 20; success whatever the total; an attack's triumph is a critical hit) or disaster
//!   (default 1; failure whatever the total); in a contest triumph on both sides or disaster on both sides
//!   cancel, and triumph against disaster both apply.
//!
//! Choices this module makes where the text leaves room:
//! - With !, the kept die is ordered and totalled by its exploded sum; its natural is the first face of its
//!   chain, which is 20 for any exploded die ([`d20`]). Explosion throws are not rerolled by ♻.
//! - How contest results are named from the acting side's point of view: see [`outcome`].
//! - `reactive` defaults to `"opponent"` (the acting side initiates); it is ignored against a DC.
//! - Extra events: `critical_hit` (an attack whose triumph applies; always `triumph` outcome) and
//!   `cancelled` (in a contest, both triumphs or both disasters cancelled).
//! - Rolling stops a d20's explosion chain after [`d20::EXPLOSION_CAP`] added throws; odds follow chains until
//!   less than 1e-12 of the mass is left ([`odds`]).

pub mod check_dice;
pub mod d20;
pub mod kept;
pub mod odds;
pub mod outcome;
pub mod request;
pub mod roll;

pub use check_dice::{CheckDice, Keep};
pub use outcome::{Natural, Outcome};
pub use request::{Check, Reactive, RemedyRequest};
pub use roll::{CheckRoll, RemedyRoll};

use crate::rng::{seeded, RollRng};
use crate::systems::{Odds, RequestError, RuleSystem, Summary};

/// The Remedy rule system.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Remedy;

impl Remedy {
    /// Validate, then roll with a generator seeded from `seed`, recording the seed in the roll.
    pub fn roll_seeded(request: &RemedyRequest, seed: u64) -> Result<RemedyRoll, RequestError> {
        let mut rng = seeded(seed);
        let mut r = Self::roll(request, &mut rng)?;
        r.seed = seed;
        Ok(r)
    }
}

impl RuleSystem for Remedy {
    const ID: &'static str = "remedy";
    const OUTCOMES: &'static [&'static str] = &["triumph", "success", "failure", "disaster"];
    type Request = RemedyRequest;
    type Roll = RemedyRoll;

    fn validate(request: &Self::Request) -> Result<(), RequestError> {
        request.resolve().map(|_| ())
    }

    /// The roll's `seed` is 0; the caller records the seed it used (see [`Remedy::roll_seeded`]).
    fn roll(request: &Self::Request, rng: &mut RollRng) -> Result<Self::Roll, RequestError> {
        let (own, against) = request.resolve()?;
        Ok(roll::roll(&own, &against, request.attack, rng))
    }

    fn odds(request: &Self::Request) -> Result<Odds, RequestError> {
        let (own, against) = request.resolve()?;
        Ok(odds::odds(&own, &against, request.attack))
    }

    /// Own dice first, then the opponent's (their roles prefixed `opponent_`).
    fn summary(roll: &Self::Roll) -> Summary {
        let mut dice = roll.dice.clone();
        if let Some(o) = &roll.opponent {
            dice.extend(o.dice.iter().cloned().map(|mut d| {
                d.role = d.role.map(|r| format!("opponent_{r}"));
                d
            }));
        }
        Summary {
            system: Self::ID.to_string(),
            outcome: roll.outcome.as_str().to_string(),
            events: roll.events.clone(),
            total: roll.total as f64,
            dice,
        }
    }
}
