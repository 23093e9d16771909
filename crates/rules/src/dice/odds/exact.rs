//! [`Odds`]: the exact distribution of an expression's total, over whole numbers or fractions.
//!
//! Whole-number totals (every dice group, and arithmetic without `/`) keep the dense [`Dist`] and its fast
//! convolutions; once a fraction can appear the values are kept sparse, as exact rationals, each with its
//! probability. A sparse result whose values are all whole goes back to dense, so `floor(3d6/2) + 1d4` convolves.

use super::super::limits::MAX_ODDS_SUPPORT;
use super::super::value::{self, Value};
use super::fastmap::ValueMap;
use crate::dist::{add_up, Dist};
use crate::luck::TotalDist;

/// Sort (value, probability) pairs by value. Values are reduced with a positive denominator, so a/b < c/d
/// exactly when a*d < c*b (in 128 bits: no overflow), without `Ratio`'s comparison by continued fractions.
pub(crate) fn sort_values(v: &mut [(Value, f64)]) {
    v.sort_unstable_by(|x, y| {
        let (a, b) = (*x.0.numer() as i128, *x.0.denom() as i128);
        let (c, d) = (*y.0.numer() as i128, *y.0.denom() as i128);
        (a * d).cmp(&(c * b))
    });
}

/// The exact distribution of a total.
#[derive(Clone, Debug, PartialEq)]
pub struct Odds {
    pub(crate) inner: Inner,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Inner {
    /// Whole values, dense.
    Whole(Dist),
    /// Any values, ascending, each with a probability > 0.
    Sparse { pairs: Vec<(Value, f64)>, truncated: f64 },
}

impl From<Dist> for Odds {
    fn from(d: Dist) -> Self {
        Odds { inner: Inner::Whole(d) }
    }
}

impl Odds {
    /// From (value, probability) pairs in any order (equal values add up); whole values that fit the dense
    /// size limit become a [`Dist`].
    pub(crate) fn from_pairs(pairs: ValueMap, truncated: f64) -> Odds {
        let mut v: Vec<(Value, f64)> = pairs.into_iter().filter(|&(_, p)| p > 0.0).map(|(k, p)| (k.0, p)).collect();
        sort_values(&mut v);
        Odds::from_sorted(v, truncated)
    }

    fn from_sorted(v: Vec<(Value, f64)>, truncated: f64) -> Odds {
        let dense = match (v.first(), v.last()) {
            (Some(lo), Some(hi)) => {
                v.iter().all(|(x, _)| x.is_integer())
                    && (*hi.0.numer() as i128 - *lo.0.numer() as i128) < MAX_ODDS_SUPPORT as i128
            }
            _ => true,
        };
        if dense {
            let d = Dist::from_pairs(v.iter().map(|&(x, p)| (*x.numer(), p))).with_truncated_mass(truncated);
            return Odds { inner: Inner::Whole(d) };
        }
        Odds { inner: Inner::Sparse { pairs: v, truncated } }
    }

    /// The whole-number distribution, if every value is whole (and it is held densely).
    pub fn whole(&self) -> Option<&Dist> {
        match &self.inner {
            Inner::Whole(d) => Some(d),
            Inner::Sparse { .. } => None,
        }
    }

    /// Every value with a non-zero probability, ascending.
    pub fn iter(&self) -> Box<dyn Iterator<Item = (Value, f64)> + '_> {
        match &self.inner {
            Inner::Whole(d) => Box::new(d.iter().map(|(v, p)| (value::int(v), p))),
            Inner::Sparse { pairs, .. } => Box::new(pairs.iter().copied()),
        }
    }
    /// The number of values with a non-zero probability.
    pub fn len(&self) -> usize {
        match &self.inner {
            Inner::Whole(d) => d.iter().count(),
            Inner::Sparse { pairs, .. } => pairs.len(),
        }
    }
    /// True if no value has a probability (only when everything was truncated).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// P(total = v).
    pub fn p(&self, v: impl Into<Value>) -> f64 {
        let v = v.into();
        match &self.inner {
            Inner::Whole(d) => {
                if v.is_integer() {
                    d.p(*v.numer())
                } else {
                    0.0
                }
            }
            Inner::Sparse { pairs, .. } => pairs.binary_search_by(|(x, _)| x.cmp(&v)).map_or(0.0, |i| pairs[i].1),
        }
    }
    /// Probability of the values for which `pred` holds.
    pub fn p_where(&self, mut pred: impl FnMut(Value) -> bool) -> f64 {
        add_up(self.iter().filter(|&(v, _)| pred(v)).map(|(_, p)| p))
    }
    /// The least value with a non-zero probability.
    pub fn min(&self) -> Option<Value> {
        self.iter().next().map(|(v, _)| v)
    }
    /// The greatest value with a non-zero probability.
    pub fn max(&self) -> Option<Value> {
        match &self.inner {
            Inner::Whole(d) => d.max().map(value::int),
            Inner::Sparse { pairs, .. } => pairs.last().map(|&(v, _)| v),
        }
    }
    /// The distribution of the total as a roll reports it (each exact value as its nearest f64, as the roll's JSON
    /// and History write it): what the roll's luck is read from ([`crate::luck`]).
    pub fn total_dist(&self) -> TotalDist {
        TotalDist {
            values: self.iter().map(|(v, p)| (value::to_f64(v), p)).collect(),
            truncated_mass: self.truncated_mass(),
        }
    }

    /// Probability mass cut off while expanding unbounded processes (explosions).
    pub fn truncated_mass(&self) -> f64 {
        match &self.inner {
            Inner::Whole(d) => d.truncated_mass(),
            Inner::Sparse { truncated, .. } => *truncated,
        }
    }
    /// The mass held (1 - truncated mass, up to rounding).
    pub fn total_mass(&self) -> f64 {
        add_up(self.iter().map(|(_, p)| p))
    }
    /// Mean over the mass held.
    pub fn mean(&self) -> f64 {
        let m = self.total_mass();
        if m == 0.0 {
            return 0.0;
        }
        add_up(self.iter().map(|(v, p)| value::to_f64(v) * p)) / m
    }
    /// Standard deviation over the mass held.
    pub fn stddev(&self) -> f64 {
        let m = self.total_mass();
        if m == 0.0 {
            return 0.0;
        }
        let mean = self.mean();
        (add_up(self.iter().map(|(v, p)| (value::to_f64(v) - mean).powi(2) * p)) / m).sqrt()
    }
}
