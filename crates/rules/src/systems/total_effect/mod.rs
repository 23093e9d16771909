//! # Total//Effect
//!
//! Three d6: their sum is the Total, the dice themselves the Effect dice (High, Mid, Low). Each net Advantage
//! adds a die and keeps the highest three, each net Disadvantage adds one and keeps the lowest three (at most 3
//! either way). Escalation (0..=6) adds to the Total, or by table option sets a floor or ceiling on each Effect
//! die instead. A Total of 8 or less is a hard choice, 9-12 a success with a twist, 13+ a clean success; ability
//! bands (`9+`, `8-`, `9-12`) each trigger when the Total falls in them.
//!
//! ## dicetray's readings
//! - Advantage and Disadvantage are each 0..=10 in a request; they cancel, then the net is clamped to ±3.
//! - In `floor`/`ceiling` mode the Effect dice and the Total use the adjusted values (a die's `face` keeps what was
//!   rolled, its `value` the adjusted number); Escalation is then not added. Escalation 0 is no Escalation in
//!   every mode (a ceiling of 0 leaves the dice as rolled; corrected 2026-11-23).
//! - A request's JSON may give `tier` and `task_tier` (both or neither, 0..=4): acting below your tier is 1
//!   Advantage, above it 1 Disadvantage, added to the request's other Advantage before cancelling and capping.
//! - Bands are whole numbers 0..=999 without spaces; the same band twice is an error; events keep the text.
//! - Stepping a flat value has no floor (only stepping an Effect die down stops at 0).

mod band;
mod effect;
mod odds;
mod read;
mod request;
mod resolve;
mod roll;

pub use band::{Band, BAND_FORMS};
pub use effect::{halve, landing, step_flat, tier_advantage, tier_of_level, Effect, EffectDie, Landing};
pub use odds::total_dist;
pub use read::{EffectRead, FLAT_MAX, STEPS_MAX};
pub use request::*;
pub use resolve::{kept_indices, Outcome};
pub use roll::TotalEffectRoll;

use crate::dist::Dist;
use crate::rng::RollRng;
use crate::systems::Choice;
use crate::systems::{Odds, RequestError, RuleSystem, Summary};

/// Total//Effect.
pub struct TotalEffect;

impl RuleSystem for TotalEffect {
    const ID: &'static str = "total-effect";
    const NAME: &'static str = "Total//Effect";
    const OUTCOMES: &'static [&'static str] = &["clean_success", "success_with_twist", "hard_choice"];
    const CHOICES: &'static [Choice] = &[
        Choice { field: "escalation", name: "Escalation", lo: 0.0, hi: 6.0, step: 1.0 },
        Choice { field: "advantage", name: "Advantage", lo: 0.0, hi: 5.0, step: 1.0 },
        Choice { field: "disadvantage", name: "Disadvantage", lo: 0.0, hi: 5.0, step: 1.0 },
        Choice { field: "modifier", name: "Modifier", lo: -5.0, hi: 5.0, step: 1.0 },
    ];
    const WORDS: &'static [(&'static str, &'static str)] = &[
        ("clean_success", "Clean success"),
        ("success_with_twist", "Success with a twist"),
        ("hard_choice", "Hard choice"),
    ];
    type Request = TotalEffectRequest;
    type Roll = TotalEffectRoll;

    fn validate(request: &TotalEffectRequest) -> Result<(), RequestError> {
        request.validate()
    }

    fn roll(request: &TotalEffectRequest, rng: &mut RollRng) -> Result<TotalEffectRoll, RequestError> {
        request.validate()?;
        Ok(roll::roll_dice(request, rng))
    }

    fn odds(request: &TotalEffectRequest) -> Result<Odds, RequestError> {
        request.validate()?;
        Ok(odds::effect_odds(request))
    }

    /// The Total: kept dice + Escalation (in `add` mode) + modifier.
    fn total_dist(request: &TotalEffectRequest) -> Result<Dist, RequestError> {
        request.validate()?;
        Ok(odds::total_dist(request))
    }

    /// An outcome in words; any other name is one of the ability's bands, which the player named
    /// (`9+` reads "Band 9+").
    fn words(name: &str) -> String {
        crate::systems::listed_words(Self::WORDS, name).map_or_else(|| format!("Band {name}"), str::to_string)
    }

    /// `4d6 keep highest 3, Escalation 2, +1`.
    fn describe(r: &TotalEffectRequest) -> String {
        format!(
            "{}d6 keep {}{}{}",
            r.dice_count(),
            if r.net_advantage() >= 0 { "highest 3" } else { "lowest 3" },
            if r.escalation > 0 { format!(", Escalation {}", r.escalation) } else { String::new() },
            if r.modifier != 0 { format!(", {:+}", r.modifier) } else { String::new() },
        )
    }

    fn summary(roll: &TotalEffectRoll) -> Summary {
        Summary {
            system: Self::ID.to_string(),
            outcome: roll.outcome.as_str().to_string(),
            events: roll.events.clone(),
            total: roll.total as f64,
            dice: roll.dice.clone(),
        }
    }
}

#[cfg(test)]
mod tests;
