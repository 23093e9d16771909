//! One side's total in a Remedy check, as distributions: the kept d20 split by what its natural triggers, plus
//! ability, bonus and the net dominance (or threat) d6s; and how two such totals compare. The odds ([`super::odds`])
//! and the best choice of ♻ rerolls ([`super::reroll`]) are both built on these.

use super::d20::natural_of;
use super::kept::kept_value;
use super::outcome::Natural;
use super::request::{Against, Side};
use crate::dist::Dist;

/// Mass an explosion expansion may leave unaccounted (per request).
pub const TRUNCATE_BELOW: f64 = 1e-12;

/// One side's total, split by what the natural triggers ([`Natural::ALL`] order).
#[derive(Clone, Debug)]
pub struct SideTotals {
    pub parts: [Dist; 3],
    pub truncated_mass: f64,
}

/// Sum of the net dominance d6s (positive) or minus the sum of the net threat d6s.
pub fn d6_dist(net: i64) -> Dist {
    let sum = Dist::uniform(1, 6).repeat_sum(net.unsigned_abs() as u32);
    if net < 0 {
        sum.neg()
    } else {
        sum
    }
}

/// A side's totals, explosions followed until less than `budget` per d20 is left.
pub fn side_totals(side: &Side, budget: f64) -> SideTotals {
    side_totals_from(side, kept_value(&side.dice, budget))
}

/// What is added to a side's kept d20: ability + bonus + the net dominance d6s (or minus the net threat d6s).
pub fn modifier_dist(side: &Side) -> Dist {
    d6_dist(side.net_d6).add(&Dist::point(side.ability + side.bonus))
}

/// A side's totals from its kept d20's value distribution.
pub fn side_totals_from(side: &Side, kept: Dist) -> SideTotals {
    let modifier = modifier_dist(side);
    let parts = Natural::ALL.map(|class| {
        let part = Dist::from_pairs(
            kept.iter().filter(|&(v, _)| Natural::of(natural_of(v), side.triumph_from, side.disaster_to) == class),
        );
        part.add(&modifier)
    });
    SideTotals { parts, truncated_mass: kept.truncated_mass() }
}

/// (P(A > B), P(A = B), P(A < B)) over the mass the two parts hold.
pub(crate) fn compare(a: &Dist, b: &Dist) -> (f64, f64, f64) {
    let (Some(bmin), Some(bmax)) = (b.min(), b.max()) else {
        return (0.0, 0.0, 0.0);
    };
    let probs: Vec<f64> = (bmin..=bmax).map(|v| b.p(v)).collect();
    let mut below = Vec::with_capacity(probs.len() + 1);
    let mut acc = 0.0;
    below.push(0.0);
    for p in &probs {
        acc += p;
        below.push(acc);
    }
    let total_b = acc;
    let (mut gt, mut eq, mut lt) = (0.0, 0.0, 0.0);
    for (x, px) in a.iter() {
        let i = (x - bmin).clamp(0, probs.len() as i64) as usize;
        let under = below[i];
        let at = if (bmin..=bmax).contains(&x) { probs[i] } else { 0.0 };
        gt += px * under;
        eq += px * at;
        lt += px * (total_b - under - at).max(0.0);
    }
    (gt, eq, lt)
}

/// Mass an explosion expansion may leave per d20 of the request.
pub(crate) fn budget(own: &Side, against: &Against) -> f64 {
    let d20s = own.dice.count
        + match against {
            Against::Contest { opponent, .. } => opponent.dice.count,
            Against::Dc(_) => 0,
        };
    TRUNCATE_BELOW / d20s as f64
}
