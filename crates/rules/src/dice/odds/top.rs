//! Keep the highest K of independent items that need not be alike (a `{...}` group's sub-roll totals, or the
//! dice of several groups inside one `{...}`), summing a statistic of each kept value (the value itself, or a
//! success score).
//!
//! For each value t, the event "the K-th highest value is t" is split off: a dynamic programme over the items
//! counts, for each one, whether it is above t (adding its statistic), equal to t, or below, with the state
//! (number above < K, number equal, capped at K, statistic so far). Where at least K items are at t or above,
//! the kept sum is the statistic above plus (K - number above) times t's statistic. The events for different t
//! are disjoint, so their distributions add up. Ties do not matter: equal values have equal statistics.

use super::super::error::NotationError;
use super::super::limits::MAX_ODDS_SUPPORT;
use super::super::value::{self, Value};
use super::budget::Budget;
use std::collections::{BTreeSet, HashMap};

/// One item: its value distribution (ascending, probabilities summing to 1 less any truncated mass).
pub(crate) struct Item {
    pub values: Vec<(Value, f64)>,
}

/// Estimated steps of [`keep_top`].
pub(crate) fn work(items: &[Item], k: usize, sums: usize) -> f64 {
    let levels: BTreeSet<Value> = items.iter().flat_map(|i| i.values.iter().map(|v| v.0)).collect();
    let width: usize = items.iter().map(|i| i.values.len()).max().unwrap_or(1);
    levels.len() as f64 * items.len() as f64 * (k * (k + 1)) as f64 * sums.max(1) as f64 * width as f64
}

/// The distribution of the sum of `stat(v)` over the `k` highest values of `items` (all of them if there are
/// `k` or fewer), as (value, probability) pairs. `col` is where errors point.
pub(crate) fn keep_top(
    items: &[Item],
    k: usize,
    stat: &dyn Fn(Value) -> Value,
    budget: &mut Budget,
    col: usize,
) -> Result<HashMap<Value, f64>, NotationError> {
    let overflow = || {
        NotationError::new(col, "a possible result does not fit in a 64-bit integer").allowing(format!(
            "{} to {}",
            i64::MIN,
            i64::MAX
        ))
    };
    let k = k.min(items.len());
    let mut out: HashMap<Value, f64> = HashMap::new();
    if k == 0 {
        out.insert(value::int(0), 1.0);
        return Ok(out);
    }
    let levels: BTreeSet<Value> = items.iter().flat_map(|i| i.values.iter().map(|v| v.0)).collect();
    for &t in &levels {
        // (above, equal) -> statistic so far -> probability
        let mut states: HashMap<(usize, usize, Value), f64> = HashMap::from([((0, 0, value::int(0)), 1.0)]);
        for item in items {
            let below: f64 = item.values.iter().filter(|v| v.0 < t).map(|v| v.1).sum();
            let equal: f64 = item.values.iter().filter(|v| v.0 == t).map(|v| v.1).sum();
            let above: Vec<(Value, f64)> = item.values.iter().filter(|v| v.0 > t).map(|&(v, p)| (stat(v), p)).collect();
            let mut next: HashMap<(usize, usize, Value), f64> = HashMap::with_capacity(states.len() * 2);
            for (&(a, e, s), &p) in &states {
                if below > 0.0 {
                    *next.entry((a, e, s)).or_insert(0.0) += p * below;
                }
                if equal > 0.0 {
                    *next.entry((a, (e + 1).min(k), s)).or_insert(0.0) += p * equal;
                }
                if a + 1 < k {
                    for &(sv, q) in &above {
                        let s2 = value::add(s, sv).ok_or_else(overflow)?;
                        *next.entry((a + 1, e, s2)).or_insert(0.0) += p * q;
                    }
                }
            }
            states = next;
            budget.charge(states.len() as f64 * (above.len() + 2) as f64, col)?;
            if states.len() as u64 > MAX_ODDS_SUPPORT * k as u64 * (k as u64 + 1) {
                return Err(too_many(col));
            }
        }
        let st = stat(t);
        for ((a, e, s), p) in states {
            if a + e >= k {
                let extra = value::mul(st, value::int((k - a) as i64)).ok_or_else(overflow)?;
                let total = value::add(s, extra).ok_or_else(overflow)?;
                *out.entry(total).or_insert(0.0) += p;
                if out.len() as u64 > MAX_ODDS_SUPPORT {
                    return Err(too_many(col));
                }
            }
        }
    }
    Ok(out)
}

fn too_many(col: usize) -> NotationError {
    NotationError::new(col, format!("the exact odds here would have more than {MAX_ODDS_SUPPORT} possible totals"))
        .allowing(format!("at most {MAX_ODDS_SUPPORT} possible totals, the exact-odds size limit"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::value::int;

    fn die(n: i64) -> Item {
        Item { values: (1..=n).map(|v| (int(v), 1.0 / n as f64)).collect() }
    }

    /// Brute force over every outcome of the items (uniform dice here).
    fn brute(sides: &[i64], k: usize) -> HashMap<Value, f64> {
        let total: i64 = sides.iter().product();
        let mut out = HashMap::new();
        for mut i in 0..total {
            let mut vals: Vec<i64> = sides
                .iter()
                .map(|&s| {
                    let v = i % s + 1;
                    i /= s;
                    v
                })
                .collect();
            vals.sort_unstable_by(|a, b| b.cmp(a));
            let sum: i64 = vals.iter().take(k).sum();
            *out.entry(int(sum)).or_insert(0.0) += 1.0 / total as f64;
        }
        out
    }

    #[test]
    fn matches_brute_force_over_mixed_dice() {
        for (sides, k) in
            [(vec![6, 6, 6, 8, 8], 2), (vec![4, 10, 6], 1), (vec![6, 8], 2), (vec![3, 5, 7, 2], 3), (vec![6], 4)]
        {
            let items: Vec<Item> = sides.iter().map(|&s| die(s)).collect();
            let got = keep_top(&items, k, &|v| v, &mut Budget::default(), 1).unwrap();
            let want = brute(&sides, k);
            assert_eq!(got.len(), want.len(), "{sides:?} kh{k}");
            for (v, p) in want {
                assert!((got[&v] - p).abs() < 1e-14, "{sides:?} kh{k}: P({v}) = {} not {p}", got[&v]);
            }
        }
    }
}
