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
use super::fastmap::{FastMap, Key, ValueMap};
use crate::sorted;

/// Steps the guard counts per state of the general (hashed) programme: each is a hash-map entry over a
/// fraction, several times a dense one.
#[cfg(feature = "opcount")]
const HASHED: usize = 8;

/// One item: its value distribution (ascending, probabilities summing to 1 less any truncated mass).
pub(crate) struct Item {
    pub values: Vec<(Value, f64)>,
}

/// Every value the items can take, ascending, each once.
fn levels(items: &[Item]) -> Vec<Value> {
    let mut levels: Vec<Value> = items.iter().flat_map(|i| i.values.iter().map(|v| v.0)).collect();
    sorted::sort(&mut levels);
    levels.dedup();
    levels
}

/// Estimated steps of [`keep_top`].
pub(crate) fn work(items: &[Item], k: usize, sums: usize) -> f64 {
    let levels = levels(items);
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
) -> Result<ValueMap, NotationError> {
    let overflow = || {
        NotationError::new(col, "a possible result does not fit in a 64-bit integer").allowing(format!(
            "{} to {}",
            i64::MIN,
            i64::MAX
        ))
    };
    let k = k.min(items.len());
    if let Some(out) = keep_top_whole(items, k, stat, budget, col)? {
        return Ok(out);
    }
    let mut out = ValueMap::default();
    if k == 0 {
        out.insert(Key(value::int(0)), 1.0);
        return Ok(out);
    }
    let levels = levels(items);
    for &t in &levels {
        // (above, equal) -> statistic so far -> probability
        let mut states: FastMap<(usize, usize, Key), f64> = FastMap::from_iter([((0, 0, Key(value::int(0))), 1.0)]);
        for item in items {
            let below: f64 = item.values.iter().filter(|v| v.0 < t).map(|v| v.1).sum();
            let equal: f64 = item.values.iter().filter(|v| v.0 == t).map(|v| v.1).sum();
            let above: Vec<(Value, f64)> = item.values.iter().filter(|v| v.0 > t).map(|&(v, p)| (stat(v), p)).collect();
            let mut next: FastMap<(usize, usize, Key), f64> =
                FastMap::with_capacity_and_hasher(states.len() * 2, Default::default());
            for (&(a, e, s), &p) in &states {
                if below > 0.0 {
                    *next.entry((a, e, s)).or_insert(0.0) += p * below;
                }
                if equal > 0.0 {
                    *next.entry((a, (e + 1).min(k), s)).or_insert(0.0) += p * equal;
                }
                if a + 1 < k {
                    for &(sv, q) in &above {
                        let s2 = value::add(s.0, sv).ok_or_else(overflow)?;
                        *next.entry((a + 1, e, Key(s2))).or_insert(0.0) += p * q;
                    }
                }
            }
            states = next;
            budget.charge(states.len() as f64 * (above.len() + 2) as f64, col)?;
            #[cfg(feature = "opcount")]
            crate::opcount::add(states.len() * (above.len() + 2) * HASHED);
            if states.len() as u64 > MAX_ODDS_SUPPORT * k as u64 * (k as u64 + 1) {
                return Err(too_many(col));
            }
        }
        let st = stat(t);
        for ((a, e, s), p) in states {
            if a + e >= k {
                let extra = value::mul(st, value::int((k - a) as i64)).ok_or_else(overflow)?;
                let total = value::add(s.0, extra).ok_or_else(overflow)?;
                *out.entry(Key(total)).or_insert(0.0) += p;
                if out.len() as u64 > MAX_ODDS_SUPPORT {
                    return Err(too_many(col));
                }
            }
        }
    }
    Ok(out)
}

/// [`keep_top`] over whole values and statistics (dice): the same programme, states, budget charges and
/// checks, with a state's statistic an index into a dense vector instead of a fraction hashed into a map (a
/// state is counted once it is reached, as an entry once it is made). None when something is not whole, or the
/// numbers are too large for the vectors: the general programme then runs.
fn keep_top_whole(
    items: &[Item],
    k: usize,
    stat: &dyn Fn(Value) -> Value,
    budget: &mut Budget,
    col: usize,
) -> Result<Option<ValueMap>, NotationError> {
    const LIMIT: i64 = 1 << 20;
    let whole = |v: Value| (v.is_integer() && v.numer().abs() <= LIMIT).then(|| *v.numer());
    if k == 0 || k > 64 {
        return Ok(None);
    }
    let (mut smin, mut smax) = (0i64, 0i64);
    let mut levels = Vec::new();
    for &(v, _) in items.iter().flat_map(|i| &i.values) {
        let (Some(x), Some(sx)) = (whole(v), whole(stat(v))) else { return Ok(None) };
        levels.push(x);
        (smin, smax) = (smin.min(sx), smax.max(sx));
    }
    sorted::sort(&mut levels);
    levels.dedup();
    // a state's statistic sums at most k - 1 values above t
    let (lo, width) = (smin * (k as i64 - 1), ((smax - smin) * (k as i64 - 1) + 1) as usize);
    let slots = k * (k + 1) * width;
    if slots > 1 << 16 {
        return Ok(None);
    }
    let at = |a: usize, e: usize, s: i64| ((a * (k + 1) + e) * width) + (s - lo) as usize;
    // totals: a statistic so far plus up to k times t's
    let (tlo, thi) = (lo + smin.min(0) * k as i64, lo + width as i64 - 1 + smax.max(0) * k as i64);
    let mut out = vec![0.0f64; (thi - tlo + 1) as usize];
    let mut out_made = vec![false; out.len()];
    let mut out_len = 0usize;
    let (mut states, mut made) = (vec![0.0f64; slots], vec![false; slots]);
    let (mut next, mut next_made) = (vec![0.0f64; slots], vec![false; slots]);
    for &t in &levels {
        let tv = value::int(t);
        states.iter_mut().for_each(|x| *x = 0.0);
        made.iter_mut().for_each(|x| *x = false);
        states[at(0, 0, 0)] = 1.0;
        made[at(0, 0, 0)] = true;
        for item in items {
            let below: f64 = item.values.iter().filter(|v| v.0 < tv).map(|v| v.1).sum();
            let equal: f64 = item.values.iter().filter(|v| v.0 == tv).map(|v| v.1).sum();
            let above: Vec<(i64, f64)> =
                item.values.iter().filter(|v| v.0 > tv).map(|&(v, p)| (*stat(v).numer(), p)).collect();
            next.iter_mut().for_each(|x| *x = 0.0);
            next_made.iter_mut().for_each(|x| *x = false);
            let mut count = 0usize;
            let mut put = |next: &mut [f64], i: usize, p: f64| {
                if !next_made[i] {
                    next_made[i] = true;
                    count += 1;
                }
                next[i] += p;
            };
            for a in 0..k {
                for e in 0..=k {
                    for s in lo..lo + width as i64 {
                        let i = at(a, e, s);
                        if !made[i] {
                            continue;
                        }
                        let p = states[i];
                        if below > 0.0 {
                            put(&mut next, i, p * below);
                        }
                        if equal > 0.0 {
                            put(&mut next, at(a, (e + 1).min(k), s), p * equal);
                        }
                        if a + 1 < k {
                            for &(sv, q) in &above {
                                put(&mut next, at(a + 1, e, s + sv), p * q);
                            }
                        }
                    }
                }
            }
            std::mem::swap(&mut states, &mut next);
            std::mem::swap(&mut made, &mut next_made);
            budget.charge(count as f64 * (above.len() + 2) as f64, col)?;
            #[cfg(feature = "opcount")]
            crate::opcount::add(count * (above.len() + 2));
            if count as u64 > MAX_ODDS_SUPPORT * k as u64 * (k as u64 + 1) {
                return Err(too_many(col));
            }
        }
        let st = *stat(tv).numer();
        for a in 0..k {
            for e in 0..=k {
                if a + e < k {
                    continue;
                }
                for s in lo..lo + width as i64 {
                    let i = at(a, e, s);
                    if !made[i] {
                        continue;
                    }
                    let total = (s + st * (k - a) as i64 - tlo) as usize;
                    if !out_made[total] {
                        out_made[total] = true;
                        out_len += 1;
                    }
                    out[total] += states[i];
                    if out_len as u64 > MAX_ODDS_SUPPORT {
                        return Err(too_many(col));
                    }
                }
            }
        }
    }
    let pairs =
        (tlo..).zip(out.iter().zip(&out_made)).filter(|(_, (_, &m))| m).map(|(v, (&p, _))| (Key(value::int(v)), p));
    Ok(Some(pairs.collect()))
}

fn too_many(col: usize) -> NotationError {
    NotationError::new(col, format!("the exact odds here would have more than {MAX_ODDS_SUPPORT} possible totals"))
        .allowing(format!("at most {MAX_ODDS_SUPPORT} possible totals, the exact-odds size limit"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::value::int;
    use std::collections::HashMap;

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
                let got = got[&Key(v)];
                assert!((got - p).abs() < 1e-14, "{sides:?} kh{k}: P({v}) = {got} not {p}");
            }
        }
    }
}
