//! Exact Total//Effect odds. The kept dice depend only on which faces came up, not their order, so the
//! 6^n throws (n = 3..=6) are walked as sorted multisets (at most 462), each weighted by its number of orderings
//! n! / (m1! ... m6!). Counts stay integers until the final division.

use super::request::TotalEffectRequest;
use super::resolve::{effect_and_total, Outcome};
use crate::dist::Dist;
use crate::systems::{Chance, Odds};

fn factorial(n: usize) -> u64 {
    (1..=n as u64).product()
}

/// Visit every sorted throw of `n` d6 with its number of orderings.
fn each_multiset(n: usize, mut visit: impl FnMut(&[i64], u64)) {
    let mut faces = vec![1i64; n];
    let n_fact = factorial(n);
    loop {
        let mut orderings = n_fact;
        let mut run = 1;
        for i in 1..=n {
            if i < n && faces[i] == faces[i - 1] {
                run += 1;
            } else {
                orderings /= factorial(run);
                run = 1;
            }
        }
        visit(&faces, orderings);
        // Next non-decreasing sequence.
        let Some(i) = (0..n).rev().find(|&i| faces[i] < 6) else {
            return;
        };
        let v = faces[i] + 1;
        faces[i..].iter_mut().for_each(|f| *f = v);
    }
}

/// The exact distribution of the Total for a validated request (as integer counts over 6^n).
fn total_counts(request: &TotalEffectRequest) -> (Vec<(i64, u64)>, u64) {
    let n = request.dice_count();
    let net = request.net_advantage();
    let mut counts: Vec<(i64, u64)> = Vec::new();
    each_multiset(n, |sorted, w| {
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
