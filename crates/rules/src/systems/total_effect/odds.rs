//! Exact Total//Effect odds. The kept dice depend only on which faces came up, not their order, so the
//! 6^n throws (n = 3..=6) are walked as sorted multisets (at most 462), each weighted by its number of orderings
//! n! / (m1! ... m6!). Counts stay integers until the final division.

use super::request::TotalEffectRequest;
use super::resolve::{effect_and_total, Outcome};
use crate::dist::Dist;
use crate::multiset::each_multiset;
use crate::systems::{Chance, Odds};

/// The exact distribution of the Total for a validated request (as integer counts over 6^n).
fn total_counts(request: &TotalEffectRequest) -> (Vec<(i64, u64)>, u64) {
    let n = request.dice_count();
    let net = request.net_advantage();
    let mut counts: Vec<(i64, u64)> = Vec::new();
    each_multiset(n, 6, |sorted, w| {
        let kept =
            if net >= 0 { [sorted[n - 1], sorted[n - 2], sorted[n - 3]] } else { [sorted[0], sorted[1], sorted[2]] };
        let (_, total) = effect_and_total(kept, request);
        match counts.iter_mut().find(|(t, _)| *t == total) {
            Some((_, c)) => *c += w,
            None => counts.push((total, w)),
        }
    });
    (counts, 6u64.pow(n as u32))
}

/// The exact distribution of the Total (validate first).
pub fn total_dist(request: &TotalEffectRequest) -> Dist {
    let (counts, all) = total_counts(request);
    Dist::from_pairs(counts.into_iter().map(|(t, c)| (t, c as f64 / all as f64)))
}

/// Odds of a validated request: the three outcomes and one event per band.
pub(crate) fn effect_odds(request: &TotalEffectRequest) -> Odds {
    let (counts, all) = total_counts(request);
    let p = |pred: &dyn Fn(i64) -> bool| {
        counts.iter().filter(|(t, _)| pred(*t)).map(|(_, c)| c).sum::<u64>() as f64 / all as f64
    };
    let outcomes = [Outcome::CleanSuccess, Outcome::SuccessWithTwist, Outcome::HardChoice]
        .iter()
        .map(|&o| Chance::new(o.as_str(), p(&|t| Outcome::of(t) == o)))
        .collect();
    let events = request
        .bands
        .iter()
        .zip(request.parsed_bands())
        .map(|(text, band)| Chance::new(text, p(&|t| band.matches(t))))
        .collect();
    Odds { outcomes, events, truncated_mass: 0.0 }
}
