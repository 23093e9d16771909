//! Exact odds: the probability distribution of an expression's total, computed without enumerating outcomes.
//!
//! - one die: its throw distribution after rerolls (rerolling until = conditioning on the faces that stop it,
//!   exact), then explosions expanded until the mass still exploding is below [`ODDS_TAIL`] (reported as
//!   `truncated_mass`);
//! - a group without keep/drop: convolution by repeated squaring ([`Dist::repeat_sum`]);
//! - keep/drop: multiset dynamic programming ([`keep`]);
//! - success counting: the same, over each die's score (+1/0/-1) instead of its value;
//! - `+ -`: convolution; `* / % **` and functions: the distribution over both operands' values, exact
//!   rationals ([`Odds`]).
//!
//! Every step checks [`MAX_ODDS_SUPPORT`] and charges its estimated work against [`MAX_ODDS_WORK`] before it runs.
//!
//! [`ODDS_TAIL`]: super::limits::ODDS_TAIL
//! [`MAX_ODDS_SUPPORT`]: super::limits::MAX_ODDS_SUPPORT
//! [`MAX_ODDS_WORK`]: super::limits::MAX_ODDS_WORK

mod arith;
mod budget;
mod die;
mod exact;
mod fastmap;
mod keep;
mod roll_group;
mod rpg;
mod top;
mod unique;

use super::ast::{DiceGroup, Expr};
use super::error::NotationError;
use crate::dist::Dist;
use budget::{check_support, Budget};
pub use die::one_die_value;
use die::{die_value, trim, Dense};
pub use exact::Odds;

impl DiceGroup {
    /// The exact distribution of the group's value (sum of kept dice, or successes less failures).
    pub fn odds(&self) -> Result<Dist, NotationError> {
        self.validate()?;
        group_odds(self, &mut Budget::default())
    }
}

impl Expr {
    /// The exact distribution of the total (over fractions once `/` can make one). Errors name the limit an
    /// exact answer would exceed, or a division by zero that can happen.
    pub fn odds(&self) -> Result<Odds, NotationError> {
        arith::node_odds(&self.root, &mut Budget::default())
    }
}

/// Sum of `n` copies of `d`: D^n = (D^(n/2))^2, times D when n is odd (squaring uses symmetry, so this costs
/// about a third of the binary method), charging the work first.
fn repeat_sum(d: &Dense, n: u32, col: usize, budget: &mut Budget) -> Result<Dense, NotationError> {
    let w = d.p.len().max(1) as f64;
    check_support(0, (w as i128 - 1) * n as i128, col)?;
    fn work(w: f64, n: u32) -> f64 {
        match n {
            0 | 1 => 0.0,
            _ => {
                let half = (w - 1.0) * (n / 2) as f64 + 1.0;
                let odd = if n % 2 == 1 { (2.0 * half - 1.0) * w } else { 0.0 };
                work(w, n / 2) + half * half / 2.0 + odd
            }
        }
    }
    budget.charge(work(w, n), col)?;
    // A symmetric die (any fair die) has symmetric sums: each squaring then computes half and mirrors it.
    // Flushing sub-normal tails keeps symmetry: both tails are flushed alike.
    fn go(d: &Dense, n: u32, sym: bool) -> Dense {
        match n {
            0 => Dense { min: 0, p: vec![1.0] },
            1 => d.clone(),
            _ => {
                let half = go(d, n / 2, sym);
                let sq = if sym { half.square_symmetric() } else { half.square() };
                let mut r = if n % 2 == 1 { sq.conv(d) } else { sq };
                // Probabilities below f64's smallest normal number (far-tail values of many dice) are as good as
                // zero to f64 and make every later multiplication slow: drop them and trim the ends.
                r.p.iter_mut().filter(|x| **x < f64::MIN_POSITIVE).for_each(|x| *x = 0.0);
                trim(&mut r);
                r
            }
        }
    }
    Ok(go(d, n, d.is_symmetric()))
}

pub(crate) fn group_odds(g: &DiceGroup, budget: &mut Budget) -> Result<Dist, NotationError> {
    let col = g.pos.0;
    if let Some(u) = g.unique {
        return unique::unique_odds(g, u, budget);
    }
    if g.throws_apart() {
        return rpg::apart_odds(g, budget);
    }
    let (value, cut) = if g.order.legacy() { die_value(g, budget)? } else { rpg::item_value(g, budget)? };
    let held = 1.0 - cut;
    // (value of one die, probability) pairs, ascending, normalised over the mass held.
    let pairs: Vec<(i64, f64)> =
        value.p.iter().enumerate().filter(|(_, &p)| p > 0.0).map(|(i, &p)| (value.min + i as i64, p / held)).collect();
    let stat = |v: i64| g.success.map_or(v, |s| s.score(v));
    let n = g.count;
    // (from the highest?, dice passed over, dice kept) at one end, or None: all of them
    let run = if g.order.legacy() {
        g.kept().map(|(high, kept)| (high, 0, kept))
    } else {
        match g.kept_span(n) {
            (0, hi) if hi == n => None,
            (lo, hi) if n - lo <= hi => Some((true, n - hi, hi - lo)),
            (lo, hi) => Some((false, lo, hi - lo)),
        }
    };
    let mut out = match run {
        Some((high, skip, kept)) => {
            let mut levels: Vec<(f64, i64)> = pairs.iter().map(|&(v, p)| (p, stat(v))).collect();
            if high {
                levels.reverse();
            }
            let smin = levels.iter().map(|l| l.1).min().unwrap_or(0) as i128;
            let smax = levels.iter().map(|l| l.1).max().unwrap_or(0) as i128;
            check_support(smin * kept as i128, smax * kept as i128, col)?;
            budget.charge(keep::keep_work(levels.len(), n, skip + kept, (smax - smin) as u64), col)?;
            keep::keep_run(&levels, n, skip, kept)
        }
        None => {
            let one = if g.success.is_some() {
                let mut d = Dense { min: -1, p: vec![0.0; 3] };
                for &(v, p) in &pairs {
                    d.p[(stat(v) + 1) as usize] += p;
                }
                d
            } else {
                let mut d = Dense { min: value.min, p: value.p.iter().map(|p| p / held).collect() };
                trim(&mut d);
                d
            };
            repeat_sum(&one, n, col, budget)?
        }
    };
    // Scale back to the mass actually held: each die keeps `held`, so the group keeps held^n.
    let kept_mass = held.powi(n as i32);
    if cut > 0.0 {
        out.p.iter_mut().for_each(|p| *p *= kept_mass);
    }
    Ok(Dist::from_dense(out.min, out.p, if cut > 0.0 { 1.0 - kept_mass } else { 0.0 }))
}
