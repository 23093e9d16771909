//! Exact 24-System odds: every face combination of the pool (at most 12 x 12 x 12 = 1,728) is read once and
//! counted in integers, so each probability is one exact count divided by the number of combinations.

use super::outcome::{hit_location, HitLocation, Outcome};
use super::pool::{pool_sides, rank_dice, read};
use super::request::TwentyFourRequest;
use super::roll::PARTIAL_CRITICAL;
use crate::dist::Dist;
use crate::systems::{Chance, Odds};

/// Integer counts of everything a request can produce, over all face combinations.
struct Tally {
    combinations: u64,
    legendary: u64,
    success: u64,
    miss: u64,
    partial_critical: u64,
    /// Hits by location (only filled for attacks).
    locations: Vec<(HitLocation, u64)>,
}

/// Call `visit` with every combination of faces of dice with these sides, odometer style.
fn each_throw(sides: &[u32], mut visit: impl FnMut(&[i64])) {
    let mut faces = vec![1i64; sides.len()];
    loop {
        visit(&faces);
        let mut i = 0;
        loop {
            if i == faces.len() {
                return;
            }
            if faces[i] < sides[i] as i64 {
                faces[i] += 1;
                break;
            }
            faces[i] = 1;
            i += 1;
        }
    }
}

fn tally(request: &TwentyFourRequest) -> Tally {
    let sides = pool_sides(request.rank, request.leverage);
    let (_, flat) = rank_dice(request.rank);
    let dc = request.target_dc();
    let mut t =
        Tally { combinations: 0, legendary: 0, success: 0, miss: 0, partial_critical: 0, locations: Vec::new() };
    each_throw(&sides, |faces| {
        let r = read(&sides, faces, flat, request.partial_critical_kept_only);
        let outcome = Outcome::of(r.result, dc);
        t.combinations += 1;
        match outcome {
            Outcome::Legendary => t.legendary += 1,
            Outcome::Success => t.success += 1,
            Outcome::Miss => t.miss += 1,
        }
        t.partial_critical += r.partial_critical as u64;
        if request.attack {
            if let Some(loc) = hit_location(outcome, r.partial_critical, request.called_shot, request.limb_choice) {
                match t.locations.iter_mut().find(|(l, _)| *l == loc) {
                    Some((_, n)) => *n += 1,
                    None => t.locations.push((loc, 1)),
                }
            }
        }
    });
    t
}

/// The exact distribution of a validated request's result (two highest dice + flat bonus; the DC, Pressure and a
/// push change what it is read against, not the result), counted over every face combination.
pub(crate) fn result_dist(request: &TwentyFourRequest) -> Dist {
    let sides = pool_sides(request.rank, request.leverage);
    let (_, flat) = rank_dice(request.rank);
    let mut counts: Vec<(i64, u64)> = Vec::new();
    let mut all = 0u64;
    each_throw(&sides, |faces| {
        let result = read(&sides, faces, flat, false).result;
        all += 1;
        match counts.iter_mut().find(|(r, _)| *r == result) {
            Some((_, n)) => *n += 1,
            None => counts.push((result, 1)),
        }
    });
    Dist::from_pairs(counts.into_iter().map(|(r, n)| (r, n as f64 / all as f64)))
}

/// Odds of a validated request: `legendary`, `success`, `miss` and the event `partial_critical`.
pub(crate) fn pool_odds(request: &TwentyFourRequest) -> Odds {
    let t = tally(request);
    let p = |n: u64| n as f64 / t.combinations as f64;
    Odds {
        outcomes: vec![
            Chance::new(Outcome::Legendary.as_str(), p(t.legendary)),
            Chance::new(Outcome::Success.as_str(), p(t.success)),
            Chance::new(Outcome::Miss.as_str(), p(t.miss)),
        ],
        events: vec![Chance::new(PARTIAL_CRITICAL, p(t.partial_critical))],
        truncated_mass: 0.0,
    }
}

/// For an attack: the probability of hitting each location (`head`, `core`, `limb` or the picked limb, or the
/// called shot), in the order head, core, limb, left_arm, right_arm, legs, only those possible. A Miss has no
/// location, so these add up to P(hit). Empty for a request that is not an attack.
pub(crate) fn location_odds(request: &TwentyFourRequest) -> Vec<Chance> {
    let t = tally(request);
    let order = [
        HitLocation::Head,
        HitLocation::Core,
        HitLocation::Limb,
        HitLocation::LeftArm,
        HitLocation::RightArm,
        HitLocation::Legs,
    ];
    order
        .iter()
        .filter_map(|loc| {
            t.locations
                .iter()
                .find(|(l, _)| l == loc)
                .map(|(l, n)| Chance::new(l.as_str(), *n as f64 / t.combinations as f64))
        })
        .collect()
}
