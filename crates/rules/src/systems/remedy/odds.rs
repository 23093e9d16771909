//! Exact Remedy odds.
//!
//! Per side: the kept d20's value distribution ([`super::kept`]), split by what its natural triggers
//! (triumph, disaster, neither), each part shifted by ability + bonus and convolved with the net dominance
//! (or negated threat) d6 sum. Against a DC that gives the outcomes directly; in a contest every pair of the
//! two sides' parts is either decided by the naturals or compared total against total.
//! Explosion chains are followed until less than 1e-12 of the mass is left over all d20s together.

use super::check_dice::CheckDice;
use super::kept::kept_value;
use super::outcome::{contest_by_naturals, Natural, Outcome, EVENT_CANCELLED, EVENT_CRITICAL_HIT};
use super::policy::RerollPolicy;
use super::request::{Against, Reactive, Side};
use super::reroll::{best_kept_value, Aim};
use super::totals::{budget, compare};
pub use super::totals::{d6_dist, modifier_dist, side_totals, side_totals_from, SideTotals, TRUNCATE_BELOW};
use crate::dist::Dist;
use crate::systems::RequestError;
use crate::systems::{Chance, Odds};

/// The odds of a validated request whose ♻ always rerolls.
pub fn odds(own: &Side, against: &Against, attack: bool) -> Odds {
    odds_with(own, against, attack, RerollPolicy::Always).expect("always needs no walk")
}

/// The acting side's kept d20 value with its ♻ under `policy`, explosions followed until less than `budget` per
/// d20 is left. Errors only for `best` past [`super::reroll::MAX_BEST_FACE_SETS`].
fn own_kept_value(own: &Side, against: &Against, policy: RerollPolicy, budget: f64) -> Result<Dist, RequestError> {
    Ok(match policy {
        RerollPolicy::Always => kept_value(&own.dice, budget),
        RerollPolicy::Never => kept_value(&CheckDice { reroll_up_to: 0, ..own.dice }, budget),
        RerollPolicy::Best => best_kept_value(&Aim::new(own, against, budget), &own.dice, budget)?,
    })
}

/// The exact distribution of the acting side's total (kept d20 + ability + net dominance or threat d6s + bonus)
/// of a validated request with its ♻ under `policy`; what the naturals trigger does not change the total.
pub fn total_dist(own: &Side, against: &Against, policy: RerollPolicy) -> Result<Dist, RequestError> {
    Ok(own_kept_value(own, against, policy, budget(own, against))?.add(&modifier_dist(own)))
}

/// The odds of a validated request with the acting side's ♻ under `policy` (the opponent's ♻ always
/// rerolls). Errors only for `best` odds past [`super::reroll::MAX_BEST_FACE_SETS`].
pub fn odds_with(own: &Side, against: &Against, attack: bool, policy: RerollPolicy) -> Result<Odds, RequestError> {
    let budget = budget(own, against);
    let mine = side_totals_from(own, own_kept_value(own, against, policy, budget)?);
    let mut out = [0.0f64; 4];
    let mut cancelled = 0.0;
    let truncated_mass = match *against {
        Against::Dc(dc) => {
            out[Outcome::Triumph.index()] = mine.parts[0].total_mass();
            out[Outcome::Disaster.index()] = mine.parts[1].total_mass();
            out[Outcome::Success.index()] = mine.parts[2].p_where(|t| t > dc);
            out[Outcome::Failure.index()] = mine.parts[2].p_where(|t| t <= dc);
            mine.truncated_mass
        }
        Against::Contest { opponent, reactive } => {
            let theirs = side_totals(&opponent, budget);
            for (a, pa) in Natural::ALL.iter().zip(&mine.parts) {
                for (b, pb) in Natural::ALL.iter().zip(&theirs.parts) {
                    let mass = pa.total_mass() * pb.total_mass();
                    if mass == 0.0 {
                        continue;
                    }
                    let (decided, cancel) = contest_by_naturals(*a, *b);
                    if cancel {
                        cancelled += mass;
                    }
                    match decided {
                        Some(o) => out[o.index()] += mass,
                        None => {
                            let (gt, eq, lt) = compare(pa, pb);
                            let (win, lose) = match reactive {
                                Reactive::Myself => (gt + eq, lt),
                                Reactive::Opponent => (gt, eq + lt),
                            };
                            out[Outcome::Success.index()] += win;
                            out[Outcome::Failure.index()] += lose;
                        }
                    }
                }
            }
            1.0 - (1.0 - mine.truncated_mass) * (1.0 - theirs.truncated_mass)
        }
    };
    let critical = if attack { out[Outcome::Triumph.index()] } else { 0.0 };
    Ok(Odds {
        outcomes: Outcome::ALL.iter().map(|o| Chance::new(o.as_str(), out[o.index()])).collect(),
        events: vec![Chance::new(EVENT_CRITICAL_HIT, critical), Chance::new(EVENT_CANCELLED, cancelled)],
        truncated_mass,
    })
}
