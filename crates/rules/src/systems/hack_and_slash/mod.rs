//! # Hack & Slash (Galbraith)
//!
//! One d6 for success plus the acting side's bonuses, against one d6 for failure plus the difficulty; bonuses and
//! difficulties come in half steps. The success level is the difference: 1 or more is a full success, 0 or 1/2 a
//! half success, below 0 a failure. When others oppose the action, each rolls d6 plus their own bonus instead and
//! the action's level is measured against the highest of them; every opposer ahead of the action by 1 or more
//! interferes fully, one level with it or ahead by 1/2 interferes partially (half effect).
//!
//! ## dicetray's readings
//! - Bonus, difficulty and each opposing bonus: multiples of 0.5 from -10 to 20; NaN, infinities and other
//!   fractions are errors naming the field. At most 10,000 opponents.
//! - `difficulty` and `opponents` together are an error; neither means difficulty 0.
//! - Odds events (opposed requests only): `interference_full` is the chance that at least one opposer interferes
//!   fully, `interference_partial` that at least one interferes partially (both can happen in one roll).
//! - One-on-one opposed rolls report the opponent's side through its interference: full = the opponent succeeds,
//!   partial = tie (both half) or the opponent half-succeeds.

mod half;
mod level;
mod odds;
mod request;
mod roll;

pub use half::{from_halves, to_halves, Halves, BONUS_ALLOWED, BONUS_MAX, BONUS_MIN};
pub use level::{Interference, Outcome, INTERFERENCE_FULL, INTERFERENCE_PARTIAL};
pub use request::*;
pub use roll::{HackAndSlashRoll, Opposer, Side};

use crate::dist::Dist;
use crate::rng::RollRng;
use crate::systems::{Choice, Contest};
use crate::systems::{Odds, RequestError, RuleSystem, Summary};

/// Hack & Slash.
pub struct HackAndSlash;

impl RuleSystem for HackAndSlash {
    const ID: &'static str = "hack-and-slash";
    const NAME: &'static str = "Hack & Slash";
    const OUTCOMES: &'static [&'static str] = &["full_success", "half_success", "failure"];
    const TOTAL: &'static str = "Success level";
    const CHOICES: &'static [Choice] = &[
        Choice { field: "bonus", name: "Bonus", lo: -1.0, hi: 5.0, step: 0.5 },
        Choice { field: "difficulty", name: "Difficulty", lo: -1.0, hi: 5.0, step: 0.5 },
    ];
    const WORDS: &'static [(&'static str, &'static str)] = &[
        ("full_success", "Full success"),
        ("half_success", "Half success"),
        ("failure", "Failure"),
        (INTERFERENCE_FULL, "An opposer interferes fully"),
        (INTERFERENCE_PARTIAL, "An opposer interferes partially"),
    ];
    type Request = HackAndSlashRequest;
    type Roll = HackAndSlashRoll;

    fn validate(request: &HackAndSlashRequest) -> Result<(), RequestError> {
        request.validate()
    }

    fn roll(request: &HackAndSlashRequest, rng: &mut RollRng) -> Result<HackAndSlashRoll, RequestError> {
        let checked = request.check()?;
        Ok(roll::roll_dice(request, &checked, rng))
    }

    fn odds(request: &HackAndSlashRequest) -> Result<Odds, RequestError> {
        Ok(odds::level_odds(&request.check()?))
    }

    /// The success level, in half steps ([`RuleSystem::TOTAL_STEP`] is 1/2).
    fn total_dist(request: &HackAndSlashRequest) -> Result<Dist, RequestError> {
        Ok(odds::level_dist(&request.check()?))
    }

    const TOTAL_STEP: f64 = 0.5;

    /// Opposed, from the success level against the best opposer: above 0 ahead, 0 even (both half succeed),
    /// below 0 behind.
    fn contest(request: &HackAndSlashRequest) -> Option<Result<Contest, RequestError>> {
        request.opponents.is_some().then(|| Self::total_dist(request).map(|d| Contest::from_margin(&d)))
    }

    /// A success level in half steps: `−1½`, `½`, `3`.
    fn total_words(level: f64) -> String {
        let sign = if level < 0.0 { "−" } else { "" };
        let (whole, half) = (level.abs().trunc() as i64, level.fract() != 0.0);
        match (whole, half) {
            (0, true) => format!("{sign}½"),
            (n, true) => format!("{sign}{n}½"),
            (n, false) => format!("{sign}{n}"),
        }
    }

    /// `d6 1½ against d6 2`, `d6 1 against 2 opposer(s) (½, 1)`.
    fn describe(r: &HackAndSlashRequest) -> String {
        match &r.opponents {
            Some(o) => format!(
                "d6 {} against {} opposer(s) ({})",
                Self::total_words(r.bonus),
                o.len(),
                o.iter().map(|b| Self::total_words(*b)).collect::<Vec<_>>().join(", ")
            ),
            None => format!(
                "d6 {} against d6 {}",
                Self::total_words(r.bonus),
                Self::total_words(r.difficulty.unwrap_or(0.0))
            ),
        }
    }

    fn summary(roll: &HackAndSlashRoll) -> Summary {
        Summary {
            system: Self::ID.to_string(),
            outcome: roll.outcome.as_str().to_string(),
            events: roll.events.clone(),
            total: roll.total,
            dice: roll.dice.clone(),
        }
    }
}

#[cfg(test)]
mod tests;
