//! Odds of unique dice (`u`, `uo`): a die repeating an earlier die's value is rerolled with a plain throw.
//!
//! - Plain `u` on fair dice, no more dice than faces: the values are a sample without replacement, every set
//!   of `n` faces equally likely. Walking the faces (best first when keeping), each is in the sample with
//!   probability (faces still needed) / (faces left): state (faces taken, statistic of the kept ones).
//! - Plain `u` with more dice than faces: every face once, the rest plain throws (no face could be new).
//! - Anything else (`uo`, a compare point, rerolls, `min`/`max`): the dice one by one, with the set of values
//!   taken so far as a bit mask and the running statistic: 2^values states, so only for dice with few values
//!   (the work limit says when), and without keep/drop.

use super::super::ast::{DiceGroup, Unique};
use super::super::error::NotationError;
use super::budget::{check_support, Budget};
use super::die::first_throw_dist;
use crate::die::DieKind;
use crate::dist::Dist;
use std::collections::HashMap;

pub(crate) fn unique_odds(g: &DiceGroup, u: Unique, budget: &mut Budget) -> Result<Dist, NotationError> {
    let col = g.pos.0;
    let faces: Vec<i64> = g.faces().collect();
    let stat = |v: i64| g.success.map_or(v, |s| s.score(v));
    let fair = !matches!(g.die, DieKind::FudgeOne);
    let plain = u.on.is_none()
        && !u.once
        && g.reroll.is_none()
        && g.min.is_none()
        && g.max.is_none()
        && g.explode.is_none()
        && fair;
    let n = g.count as usize;
    // (from the highest?, dice passed over, dice kept), or None: all
    let run = if g.order.legacy() {
        g.kept().map(|(high, k)| (high, 0, k as usize))
    } else {
        match g.kept_span(g.count) {
            (0, hi) if hi == g.count => None,
            (lo, hi) if g.count - lo <= hi => Some((true, (g.count - hi) as usize, (hi - lo) as usize)),
            (lo, hi) => Some((false, lo as usize, (hi - lo) as usize)),
        }
    };
    // Over an explosion's separate throws a keep or drop chooses among more items than the group's dice, and
    // `run` (over the dice) would miss it.
    if g.throws_apart() && (g.keep.is_some() || g.drop.is_some()) {
        return Err(NotationError::new(
            col,
            "no exact odds for unique dice with keep/drop over an explosion's separate throws",
        )
        .allowing("keep/drop with plain `u` on fair dice, at most as many dice as faces (it can still be rolled)"));
    }
    if plain && n <= faces.len() {
        return sample(&faces, n, run, &stat, budget, col);
    }
    if run.is_some() {
        return Err(NotationError::new(col, "no exact odds for unique dice with keep/drop here").allowing(
            "keep/drop with plain `u` on fair dice, at most as many dice as faces (it can still be rolled)",
        ));
    }
    if plain {
        // every face once (the first `faces` dice), then plain throws
        let once: i64 = faces.iter().map(|&f| stat(f)).sum();
        let one = Dist::from_pairs(faces.iter().map(|&f| (stat(f), 1.0 / faces.len() as f64)));
        budget.charge((faces.len() * faces.len() * (n - faces.len())) as f64, col)?;
        let rest = one.repeat_sum((n - faces.len()) as u32);
        return Ok(rest.add(&Dist::point(once)));
    }
    masks(g, u, &stat, budget, col)
}

/// Plain `u` on a fair die, `n` <= faces: a uniformly random set of `n` faces.
fn sample(
    faces: &[i64],
    n: usize,
    run: Option<(bool, usize, usize)>,
    stat: &dyn Fn(i64) -> i64,
    budget: &mut Budget,
    col: usize,
) -> Result<Dist, NotationError> {
    let (high, skip, k) = run.unwrap_or((true, 0, n));
    let mut order: Vec<i64> = faces.to_vec();
    if high {
        order.reverse();
    }
    let stats: Vec<i64> = order.iter().map(|&v| stat(v)).collect();
    let (smin, smax) = (*stats.iter().min().unwrap_or(&0), *stats.iter().max().unwrap_or(&0));
    let lo = smin.min(0) * k as i64;
    let hi = smax.max(0) * k as i64;
    check_support(lo as i128, hi as i128, col)?;
    let width = (hi - lo + 1) as usize;
    budget.charge(order.len() as f64 * (n + 1) as f64 * width as f64, col)?;
    // dp[j][s]: j faces taken so far, statistic of the kept ones s (offset by lo)
    let mut dp = vec![vec![0.0f64; width]; n + 1];
    dp[0][(-lo) as usize] = 1.0;
    let f = order.len();
    for (i, &st) in stats.iter().enumerate() {
        let left = (f - i) as f64;
        for j in (0..n).rev() {
            let take = (n - j) as f64 / left;
            if take <= 0.0 {
                continue;
            }
            let add = if (skip..skip + k).contains(&j) { st } else { 0 };
            #[cfg(feature = "opcount")]
            crate::opcount::add(width);
            for s in 0..width {
                let p = dp[j][s];
                if p == 0.0 {
                    continue;
                }
                dp[j][s] = p * (1.0 - take);
                dp[j + 1][(s as i64 + add) as usize] += p * take;
            }
        }
    }
    Ok(Dist::from_dense(lo, std::mem::take(&mut dp[n]), 0.0))
}

/// The general case: dice one by one, the values taken so far as a bit mask.
fn masks(
    g: &DiceGroup,
    u: Unique,
    stat: &dyn Fn(i64) -> i64,
    budget: &mut Budget,
    col: usize,
) -> Result<Dist, NotationError> {
    if g.throws_apart() {
        return masks_apart(g, u, stat, budget, col);
    }
    let (first, cut) = if g.order.legacy() { (first_throw_dist(g), 0.0) } else { super::rpg::item_value(g, budget)? };
    let raw_faces: Vec<i64> = g.faces().collect();
    let raw: Vec<(i64, f64)> = raw_faces.iter().map(|&f| (f, g.die.weight(f))).collect();
    let first: Vec<(i64, f64)> =
        (first.min..).zip(first.p.iter().copied()).filter(|&(_, p)| p > 0.0).collect::<Vec<_>>();
    let values: Vec<i64> = first.iter().map(|v| v.0).chain(raw_faces.iter().copied()).collect();
    let values = value_set(values, col)?;
    let bit = |v: i64| 1u64 << values.binary_search(&v).unwrap_or(0);
    let n = g.count as usize;
    let stats: Vec<i64> = values.iter().map(|&v| stat(v)).collect();
    let sums = (stats.iter().max().unwrap_or(&0) - stats.iter().min().unwrap_or(&0)) as f64 * n as f64 + 1.0;
    // masks of at most n values out of V, each with up to `sums` statistics, each die trying V values
    let (mut masks, mut c) = (0.0f64, 1.0f64);
    for j in 0..=n.min(values.len()) {
        masks += c;
        c = c * (values.len() - j) as f64 / (j + 1) as f64;
    }
    budget.charge(n as f64 * masks.min(sums * 1e6) * sums.min(masks) * values.len() as f64, col)?;
    let mut dp: HashMap<(u64, i64), f64> = HashMap::from([((0, 0), 1.0)]);
    for _ in 0..n {
        #[cfg(feature = "opcount")]
        crate::opcount::add(dp.len() * (first.len() + raw.len()) * 8);
        let mut next: HashMap<(u64, i64), f64> = HashMap::with_capacity(dp.len() * 2);
        for (&(mask, s), &p) in &dp {
            let blocked = |v: i64| u.on.is_none_or(|c| c.matches(v)) && mask & bit(v) != 0;
            let b: f64 = first.iter().filter(|v| blocked(v.0)).map(|v| v.1).sum();
            let stops: f64 = raw.iter().filter(|v| !blocked(v.0)).map(|v| v.1).sum();
            let mut die: Vec<(i64, f64)> = first.iter().filter(|v| !blocked(v.0)).copied().collect();
            if b > 0.0 {
                for &(v, w) in &raw {
                    let q = replacement_weight(u, stops, blocked(v), w);
                    if q > 0.0 {
                        die.push((v, b * q));
                    }
                }
            }
            for (v, q) in die {
                *next.entry((mask | bit(v), s + stat(v))).or_insert(0.0) += p * q;
            }
        }
        budget.charge(next.len() as f64, col)?;
        dp = next;
    }
    let mut out: HashMap<i64, f64> = HashMap::new();
    for ((_, s), p) in dp {
        *out.entry(s).or_insert(0.0) += p;
    }
    let d = Dist::from_pairs(out);
    Ok(if cut > 0.0 { d.with_truncated_mass(1.0 - (1.0 - cut).powi(g.count as i32)) } else { d })
}

/// Unique dice over the separate throws of `!`/`!p` (version 3): the throws one by one, in the order thrown,
/// with (dice still to throw, whether the next throw is an explosion's, the values taken so far as a bit
/// mask, the statistic): a throw that explodes is followed by an explosion throw of the same die. Followed
/// until less than [`ODDS_TAIL`](super::super::limits::ODDS_TAIL) of the mass is still throwing.
fn masks_apart(
    g: &DiceGroup,
    u: Unique,
    stat: &dyn Fn(i64) -> i64,
    budget: &mut Budget,
    col: usize,
) -> Result<Dist, NotationError> {
    let t = super::rpg::throws(g);
    let kinds = [&t.first.0, &t.first.1, &t.next.0, &t.next.1];
    let raw: Vec<(i64, f64)> = g.faces().map(|f| (f, g.die.weight(f))).collect();
    let pairs = |d: &super::die::Dense| -> Vec<(i64, f64)> {
        (d.min..).zip(d.p.iter().copied()).filter(|&(_, p)| p > 0.0).collect()
    };
    let [ha, ma, hb, mb] = kinds.map(pairs);
    let values: Vec<i64> =
        [&ha, &ma, &hb, &mb].iter().flat_map(|d| d.iter().map(|v| v.0)).chain(raw.iter().map(|v| v.0)).collect();
    let values = value_set(values, col)?;
    let bit = |v: i64| 1u64 << values.binary_search(&v).unwrap_or(0);
    // Before starting: at least n throws, each over states (dice left, sets of values, statistics).
    let n = g.count as f64;
    let stats: Vec<i64> = values.iter().map(|&v| stat(v)).collect();
    let spread = (stats.iter().max().unwrap_or(&0) - stats.iter().min().unwrap_or(&0)) as f64;
    let sets = 2f64.powi(values.len() as i32);
    budget.charge(n * n * sets * (spread * (n + 8.0) + 1.0) * values.len() as f64, col)?;
    type Key = (u32, bool, u64, i64);
    let mut dp: HashMap<Key, f64> = HashMap::from([((g.count, false, 0, 0), 1.0)]);
    let mut out: HashMap<i64, f64> = HashMap::new();
    let mut steps = 0u32;
    loop {
        let running: f64 = dp.values().sum();
        if dp.is_empty() || running < super::super::limits::ODDS_TAIL || steps > 100_000 {
            let d = Dist::from_pairs(out);
            return Ok(if running > 0.0 { d.with_truncated_mass(running) } else { d });
        }
        steps += 1;
        budget.charge(dp.len() as f64 * (values.len() * values.len()) as f64, col)?;
        #[cfg(feature = "opcount")]
        crate::opcount::add(dp.len() * values.len() * 8);
        let mut next: HashMap<Key, f64> = HashMap::with_capacity(dp.len() * 2);
        for (&(r, b, mask, s), &p) in &dp {
            let blocked = |v: i64| u.on.is_none_or(|c| c.matches(v)) && mask & bit(v) != 0;
            let stops: f64 = raw.iter().filter(|v| !blocked(v.0)).map(|v| v.1).sum();
            let (hit, miss) = if b { (&hb, &mb) } else { (&ha, &ma) };
            for (explodes, kind) in [(true, hit), (false, miss)] {
                let to = if explodes { r } else { r - 1 };
                let mut land = |v: i64, q: f64| {
                    let key = (to, explodes, mask | bit(v), s + stat(v));
                    if to == 0 {
                        *out.entry(key.3).or_insert(0.0) += p * q;
                    } else {
                        *next.entry(key).or_insert(0.0) += p * q;
                    }
                };
                for &(v, q) in kind {
                    if !blocked(v) {
                        land(v, q);
                        continue;
                    }
                    for &(f, w) in &raw {
                        let w = replacement_weight(u, stops, blocked(f), w);
                        if w > 0.0 {
                            land(f, q * w);
                        }
                    }
                }
            }
        }
        dp = next;
    }
}

/// The chance that a die whose value was taken already ends up on face `f` (weight `w` among plain throws): `uo`
/// rerolls once and the new face stands; `u` rerolls until the face is new (`stops`: the weight of the faces that
/// are), or, when none could be, the first reroll stands.
fn replacement_weight(u: Unique, stops: f64, taken: bool, w: f64) -> f64 {
    if u.once || stops == 0.0 {
        w
    } else if taken {
        0.0
    } else {
        w / stops
    }
}

/// The values a die can show, sorted and each once, for odds that follow every set of them (a 64-bit mask): more
/// than 64 is refused, naming the work limit.
fn value_set(mut values: Vec<i64>, col: usize) -> Result<Vec<i64>, NotationError> {
    crate::sorted::sort(&mut values);
    values.dedup();
    if values.len() > 64 {
        return Err(NotationError::new(
            col,
            format!("exact odds here would follow every set of the {} values a die can show", values.len()),
        )
        .allowing(format!(
            "at most {} steps, the exact-odds work limit (plain `u` on a fair die has no such bound)",
            crate::decimal::scientific(super::super::limits::MAX_ODDS_WORK as f64, 0)
        )));
    }
    Ok(values)
}
