//! # 24-System (J. Weaver)
//!
//! A skill rank gives two dice and a flat bonus (rank 0: 2d12 ... rank 6: 2d6 + 12); Leverage adds one bonus die
//! (d4 to d12). The result is the two highest dice plus the flat bonus, read against a DC raised by Pressure,
//! status conditions and Crushing Pressure (which forbids Leverage). 24 or more is Legendary whatever the DC;
//! meeting the DC is a Success; anything else a Miss. A die showing its maximum is a Partial Critical, on hits and
//! misses alike. Attacks that hit land on the Head (Legendary), a limb (Partial Critical) or the Core, unless a
//! called shot says where. A Miss can be pushed once (see [`push`]).
//!
//! ## dicetray's readings (where the text leaves a choice)
//! - Statuses do not stack: only the highest status DC increase applies; every Pressure entry adds on top of it
//!   (project ruling, corrected 2026-11-23; an earlier version added every status).
//! - Crushing Pressure is `crushing: n` (1..=30 added to the DC); `leverage > 0` with it is an error on `leverage`.
//! - Two dice with the same face: the one showing its maximum is kept (matters only for the kept-only option).
//! - A Partial Critical hit with no `limb_choice` reports `limb` (the attacker picks); a called shot wins on any hit.
//! - A pushed roll's DC is max(effective DC - 2, min(effective DC, 6)): two lower, floored at 6, never above the
//!   DC being pushed (corrected 2026-11-23; an earlier version pushed DC 4 up to 6).
//! - Legendary on a pushed roll is still `legendary`, with the Minor complication.
//! - `push` is ignored on an unpushed request; a pushed request needs a non-empty `fiction`.
//! - Retry rule: two requests without a `skill` name count as the same skill.

mod odds;
mod outcome;
mod pool;
pub mod push;
mod request;
mod roll;

pub use outcome::{hit_location, Complication, HitLocation, Outcome, Severity, LEGENDARY};
pub use pool::{leverage_die, rank_dice};
pub use push::{
    can_push, declare_critical_failure, is_forbidden_retry, is_forbidden_retry_of, push_request, skill_key,
};
pub use request::*;
pub use roll::{TwentyFourRoll, PARTIAL_CRITICAL};

use crate::dist::Dist;
use crate::rng::RollRng;
use crate::systems::Choice;
use crate::systems::{Chance, Odds, RequestError, RuleSystem, Summary};

/// The 24-System.
pub struct TwentyFour;

impl RuleSystem for TwentyFour {
    const ID: &'static str = "24-system";
    const NAME: &'static str = "24-System";
    const OUTCOMES: &'static [&'static str] = &["legendary", "success", "miss"];
    const CHOICES: &'static [Choice] = &[
        Choice { field: "leverage", name: "Leverage", lo: 0.0, hi: 5.0, step: 1.0 },
        Choice { field: "dc", name: "Base DC", lo: 6.0, hi: 30.0, step: 1.0 },
        Choice { field: "rank", name: "Rank", lo: 0.0, hi: 6.0, step: 1.0 },
    ];
    const WORDS: &'static [(&'static str, &'static str)] = &[
        ("legendary", "Legendary Success"),
        ("success", "Success"),
        ("miss", "Miss"),
        (PARTIAL_CRITICAL, "Partial Critical"),
        ("critical_failure", "Critical Failure"),
    ];
    type Request = TwentyFourRequest;
    type Roll = TwentyFourRoll;

    fn validate(request: &TwentyFourRequest) -> Result<(), RequestError> {
        request.validate()
    }

    fn roll(request: &TwentyFourRequest, rng: &mut RollRng) -> Result<TwentyFourRoll, RequestError> {
        request.validate()?;
        Ok(roll::roll_pool(request, rng))
    }

    fn odds(request: &TwentyFourRequest) -> Result<Odds, RequestError> {
        request.validate()?;
        Ok(odds::pool_odds(request))
    }

    /// The result: two highest dice + flat bonus.
    fn total_dist(request: &TwentyFourRequest) -> Result<Dist, RequestError> {
        request.validate()?;
        Ok(odds::result_dist(request))
    }

    fn can_push(roll: &TwentyFourRoll) -> bool {
        push::can_push(roll)
    }

    /// `Climb, rank 3: d8+d10+6, Leverage d6 vs DC 17 (pushed)`.
    fn describe(r: &TwentyFourRequest) -> String {
        let ([a, b], flat) = pool::rank_dice(r.rank);
        let dice = if a == b { format!("2d{a}") } else { format!("d{a}+d{b}") };
        let flat = if flat > 0 { format!("+{flat}") } else { String::new() };
        let skill = r.skill.as_deref().map(|s| format!("{s}, ")).unwrap_or_default();
        let lev = pool::leverage_die(r.leverage).map(|d| format!(", Leverage d{d}")).unwrap_or_default();
        let push = if r.pushed { " (pushed)" } else { "" };
        format!("{skill}rank {}: {dice}{flat}{lev} vs DC {}{push}", r.rank, r.target_dc())
    }

    fn summary(roll: &TwentyFourRoll) -> Summary {
        Summary {
            system: Self::ID.to_string(),
            outcome: roll.outcome.as_str().to_string(),
            events: roll.events.clone(),
            total: roll.total as f64,
            dice: roll.dice.clone(),
        }
    }
}

/// For an attack request: the exact probability of each hit location (they add up to P(hit)); empty otherwise.
pub fn location_odds(request: &TwentyFourRequest) -> Result<Vec<Chance>, RequestError> {
    request.validate()?;
    Ok(if request.attack { odds::location_odds(request) } else { Vec::new() })
}

#[cfg(test)]
mod tests;
