//! Odds in notation version 3's order (rpg-dice-roller's): `min`/`max`, explode, reroll, unique, keep, drop,
//! success counting ([`ModifierOrder::RpgDiceRoller`]).
//!
//! - Without `!`/`!p` every die is one item: its first throw clamped, compounded (`!!`, the chain expanded as
//!   for the legacy order), then rerolled ([`item_value`]); keep/drop/counting then work on i.i.d. items as
//!   before, a middle run (`kh3dh1`) by the same dynamic programme skipping the first placed dice.
//! - With `!`/`!p` each throw is an item. A throw is a die's first (clamped) or an explosion's (raw, `!p` one
//!   less); whether it explodes is decided before its reroll, so each kind of throw is a pair of
//!   sub-distributions of its value after the reroll: exploding (`hit`) and not (`miss`). A die is a chain:
//!   first throw, then explosion throws while they explode, expanded until the mass still exploding is below
//!   [`ODDS_TAIL`] (as the legacy order expands a die). Sums and success counts add up over a chain
//!   ([`chain_sum`]). Keeping or dropping `S` throws at one end ([`select_odds`]): for each value `t`, the event
//!   "the S-th throw from that end shows t" is split off; a state (throws beyond t (< S), throws at t (capped
//!   at S), statistic so far) is followed through each die's chain, and then over the dice by repeated
//!   squaring. Events for different t are disjoint, so their distributions add up.
//!
//! [`ODDS_TAIL`]: super::super::limits::ODDS_TAIL

use super::super::ast::{DiceGroup, ExplodeKind, Keep, Reroll};
use super::super::error::NotationError;
use super::super::limits::ODDS_TAIL;
use super::budget::{check_support, Budget};
use super::die::{die_value, first_throw_dist, trim, Dense};
use crate::dist::Dist;

/// P(face) of a plain throw.
pub(crate) fn raw(g: &DiceGroup) -> Dense {
    let faces: Vec<i64> = g.faces().collect();
    Dense { min: faces[0], p: faces.iter().map(|&f| g.die.weight(f)).collect() }
}

/// The value distribution `d` after version 3's reroll: a value matching is replaced by a plain throw (`ro`),
/// or by plain throws until one does not match (`r`). Linear, so it applies to sub-distributions too.
pub(crate) fn reroll_map(g: &DiceGroup, d: &Dense) -> Dense {
    let Some(Reroll { on, once }) = g.reroll else { return d.clone() };
    let r = raw(g);
    let mut replace = r.clone();
    if !once {
        let stays = crate::dist::add_up((r.min..).zip(&r.p).filter(|(f, _)| !on.matches(*f)).map(|(_, &p)| p));
        for (f, p) in (r.min..).zip(replace.p.iter_mut()) {
            *p = if on.matches(f) || stays == 0.0 { 0.0 } else { *p / stays };
        }
    }
    let hit = crate::dist::add_up((d.min..).zip(&d.p).filter(|(v, _)| on.matches(*v)).map(|(_, &p)| p));
    if d.p.is_empty() {
        return d.clone();
    }
    let lo = d.min.min(r.min);
    let hi = (d.min + d.p.len() as i64 - 1).max(r.min + r.p.len() as i64 - 1);
    let mut out = Dense { min: lo, p: vec![0.0; (hi - lo + 1) as usize] };
    for (v, &p) in (d.min..).zip(&d.p) {
        if !on.matches(v) {
            out.p[(v - lo) as usize] += p;
        }
    }
    if hit > 0.0 {
        for (f, &p) in (replace.min..).zip(&replace.p) {
            out.p[(f - lo) as usize] += hit * p;
        }
    }
    trim(&mut out);
    out
}

/// One die of a group without `!`/`!p` as an item: its value distribution and the mass cut off (`!!` chains).
pub(crate) fn item_value(g: &DiceGroup, budget: &mut Budget) -> Result<(Dense, f64), NotationError> {
    let mut plain = g.clone();
    plain.reroll = None;
    let (d, cut) = match g.explode {
        Some(_) => die_value(&plain, budget)?,
        None => (first_throw_dist(&plain), 0.0),
    };
    Ok((reroll_map(g, &d), cut))
}

/// The two kinds of throw of a die with `!`/`!p`: (hit, miss) of its first throw, then of an explosion's.
pub(crate) struct Throws {
    pub first: (Dense, Dense),
    pub next: (Dense, Dense),
}

pub(crate) fn throws(g: &DiceGroup) -> Throws {
    let e = g.explode.expect("a group with an explosion");
    let pen = if e.kind == ExplodeKind::Penetrate { -1 } else { 0 };
    let split = |t: &Dense, shift: i64| {
        let (hit, miss) = super::die::split_on_explosion(t, shift, e.on);
        let (mut hit, mut miss) = (reroll_map(g, &hit), reroll_map(g, &miss));
        trim(&mut hit);
        trim(&mut miss);
        (hit, miss)
    };
    let mut plain = g.clone();
    plain.reroll = None;
    Throws { first: split(&first_throw_dist(&plain), 0), next: split(&raw(g), pen) }
}

impl Throws {
    /// How many explosion throws a chain is followed for, and the mass of chains longer than that.
    fn steps(&self) -> (usize, f64) {
        let pm = self.next.0.mass();
        let mut cm = self.first.0.mass();
        let mut k = 0;
        while cm >= ODDS_TAIL && k < 100_000 {
            cm *= pm;
            k += 1;
        }
        (k, cm)
    }
}

/// `d` with each value replaced by `stat(value)`.
fn map_stat(d: &Dense, stat: &dyn Fn(i64) -> i64) -> Dense {
    let pairs: Vec<(i64, f64)> = (d.min..).zip(&d.p).filter(|(_, &p)| p > 0.0).map(|(v, &p)| (stat(v), p)).collect();
    let (Some(lo), Some(hi)) = (pairs.iter().map(|x| x.0).min(), pairs.iter().map(|x| x.0).max()) else {
        return Dense { min: 0, p: Vec::new() };
    };
    let mut out = Dense { min: lo, p: vec![0.0; (hi - lo + 1) as usize] };
    for (v, p) in pairs {
        out.p[(v - lo) as usize] += p;
    }
    out
}

fn add_into(dst: &mut Dense, src: &Dense) {
    if src.p.is_empty() {
        return;
    }
    if dst.p.is_empty() {
        *dst = src.clone();
        return;
    }
    let lo = dst.min.min(src.min);
    let hi = (dst.min + dst.p.len() as i64).max(src.min + src.p.len() as i64);
    if lo < dst.min || hi > dst.min + dst.p.len() as i64 {
        let mut p = vec![0.0; (hi - lo) as usize];
        p[(dst.min - lo) as usize..(dst.min - lo) as usize + dst.p.len()].copy_from_slice(&dst.p);
        *dst = Dense { min: lo, p };
    }
    for (i, &x) in src.p.iter().enumerate() {
        dst.p[(src.min - dst.min) as usize + i] += x;
    }
}

/// The summed statistic of one die's chain of throws (a sub-distribution), and the mass cut off.
pub(crate) fn chain_sum(
    g: &DiceGroup,
    stat: &dyn Fn(i64) -> i64,
    budget: &mut Budget,
) -> Result<(Dense, f64), NotationError> {
    let t = throws(g);
    let (steps, cut) = t.steps();
    let [ha, ma, hb, mb] = [&t.first.0, &t.first.1, &t.next.0, &t.next.1].map(|d| map_stat(d, stat));
    let width = (hb.p.len() + mb.p.len()).max(1) as f64;
    let lo = [&ha, &ma, &hb, &mb].iter().filter(|d| !d.p.is_empty()).map(|d| d.min).min().unwrap_or(0).min(0);
    let hi = [&ha, &ma, &hb, &mb].iter().map(|d| d.min + d.p.len() as i64).max().unwrap_or(0).max(0);
    check_support(lo as i128 * (steps as i128 + 2), hi as i128 * (steps as i128 + 2), g.pos.0)?;
    let s = steps as f64;
    budget.charge(s * s * width * width / 2.0 + s * width, g.pos.0)?;
    let mut out = ma;
    let mut acc = ha;
    for _ in 0..steps {
        add_into(&mut out, &acc.conv(&mb));
        acc = acc.conv(&hb);
        trim(&mut acc);
        if acc.p.is_empty() {
            break;
        }
    }
    trim(&mut out);
    Ok((out, cut))
}

/// Which throws a keep/drop over throws chooses, as `S` throws at one end: (from the highest end?, S, keep
/// them (true) or drop them). None when it keeps a middle run, whose odds are not computed over throws.
pub(crate) fn one_end(g: &DiceGroup) -> Option<(bool, u32, bool)> {
    let n = g.count;
    let (mut top_keep, mut bottom_keep, mut top_drop, mut bottom_drop) = (None, None, None, None);
    for k in [g.keep, g.drop].into_iter().flatten() {
        match k {
            Keep::Highest(q) => top_keep = Some(q),
            Keep::Lowest(q) => bottom_keep = Some(q),
            Keep::DropHighest(d) => top_drop = Some(d),
            Keep::DropLowest(d) => bottom_drop = Some(d),
        }
    }
    // a drop at the other end of a keep that can never reach past the kept ones is no change (m >= n)
    if let (Some(q), Some(d)) = (top_keep, bottom_drop) {
        if d <= n - q {
            bottom_drop = None;
        }
    }
    if let (Some(q), Some(d)) = (bottom_keep, top_drop) {
        if d <= n - q {
            top_drop = None;
        }
    }
    match (top_keep, bottom_keep, top_drop, bottom_drop) {
        (Some(q), None, None, None) => Some((true, q, true)),
        (None, Some(q), None, None) => Some((false, q, true)),
        (None, None, Some(d), None) => Some((true, d, false)),
        (None, None, None, Some(d)) => Some((false, d, false)),
        _ => None,
    }
}

/// A state vector: for each (throws beyond t, throws at t), the distribution of the statistic so far.
type States = Vec<Dense>;

/// What one throw does to a state: (beyond t?, at t?, distribution of the statistic it adds).
type Step = Vec<(u32, u32, Dense)>;

struct Select {
    s: u32,
}

impl Select {
    fn idx(&self, a: u32, e: u32) -> usize {
        (a * (self.s + 1) + e) as usize
    }
    fn empty(&self) -> States {
        vec![Dense { min: 0, p: Vec::new() }; (self.s * (self.s + 1)) as usize]
    }
    fn apply(&self, states: &States, step: &Step) -> States {
        let mut out = self.empty();
        for a in 0..self.s {
            for e in 0..=self.s {
                let d = &states[self.idx(a, e)];
                if d.p.is_empty() {
                    continue;
                }
                for (da, de, add) in step {
                    if a + da >= self.s || add.p.is_empty() {
                        continue;
                    }
                    let to = self.idx(a + da, (e + de).min(self.s));
                    add_into(&mut out[to], &d.conv(add));
                }
            }
        }
        out
    }
    fn combine(&self, x: &States, y: &States) -> States {
        let mut out = self.empty();
        for a1 in 0..self.s {
            for e1 in 0..=self.s {
                let d1 = &x[self.idx(a1, e1)];
                if d1.p.is_empty() {
                    continue;
                }
                for a2 in 0..self.s - a1 {
                    for e2 in 0..=self.s {
                        let d2 = &y[self.idx(a2, e2)];
                        if d2.p.is_empty() {
                            continue;
                        }
                        let mut c = d1.conv(d2);
                        c.p.iter_mut().filter(|x| **x < f64::MIN_POSITIVE).for_each(|x| *x = 0.0);
                        trim(&mut c);
                        add_into(&mut out[self.idx(a1 + a2, (e1 + e2).min(self.s))], &c);
                    }
                }
            }
        }
        out
    }
}

/// Keep or drop `s` throws at one end of every throw of a group with `!`/`!p` (see the module notes).
pub(crate) fn select_odds(
    g: &DiceGroup,
    (high, s, keep): (bool, u32, bool),
    budget: &mut Budget,
) -> Result<Dist, NotationError> {
    let col = g.pos.0;
    let stat = |v: i64| g.success.map_or(v, |sc| sc.score(v));
    let t = throws(g);
    let (steps, cut) = t.steps();
    let held = 1.0 - cut;
    let n = g.count;
    if s == 0 {
        // keep none: 0; drop none: the sum
        return if keep { Ok(Dist::point(0)) } else { sum_odds(g, budget) };
    }
    let kinds = [&t.first.0, &t.first.1, &t.next.0, &t.next.1];
    let mut levels: Vec<i64> =
        kinds.iter().flat_map(|d| (d.min..).zip(&d.p).filter(|(_, &p)| p > 0.0).map(|(v, _)| v)).collect();
    crate::sorted::sort(&mut levels);
    levels.dedup();
    if high {
        levels.reverse();
    }
    let better = |v: i64, t: i64| if high { v > t } else { v < t };
    // bounds of the statistic: kept throws beyond t (keep), or every throw not beyond t (drop)
    let stats: Vec<i64> = levels.iter().map(|&v| stat(v)).collect();
    let (smin, smax) = (*stats.iter().min().unwrap_or(&0), *stats.iter().max().unwrap_or(&0));
    let per_die = if keep { s as i128 } else { steps as i128 + 1 };
    let total = if keep { s as i128 } else { per_die * n as i128 };
    check_support(smin.min(0) as i128 * total, smax.max(0) as i128 * total, col)?;
    let sel = Select { s };
    let states = (s * (s + 1)) as f64;
    let w_die = ((smax - smin) as f64 * per_die as f64 + 1.0).max(1.0);
    let w_all = ((smax - smin) as f64 * total as f64 + 1.0).max(1.0);
    let squarings = (32 - n.leading_zeros()) as f64 * 2.0;
    let per_level = steps as f64 * states * 3.0 * w_die * levels.len() as f64
        + squarings * states * states * w_all * w_all.min(w_die * n as f64);
    budget.charge(per_level * levels.len() as f64, col)?;
    let point = |v: i64, p: f64| Dense { min: v, p: vec![p] };
    let mut out = Dense { min: 0, p: Vec::new() };
    for &lt in &levels {
        let st = stat(lt);
        let step = |d: &Dense| -> Step {
            let (mut above, mut equal, mut below) =
                (Dense { min: 0, p: Vec::new() }, 0.0, Dense { min: 0, p: Vec::new() });
            for (v, &p) in (d.min..).zip(&d.p).filter(|(_, &p)| p > 0.0) {
                if better(v, lt) {
                    add_into(&mut above, &point(if keep { stat(v) } else { 0 }, p));
                } else if v == lt {
                    equal += p;
                } else {
                    add_into(&mut below, &point(if keep { 0 } else { stat(v) }, p));
                }
            }
            let mut step = vec![(1, 0, above), (0, 0, below)];
            if equal > 0.0 {
                step.push((0, 1, point(if keep { 0 } else { st }, equal)));
            }
            step
        };
        let [ha, ma, hb, mb] = kinds.map(step);
        let mut init = sel.empty();
        init[0] = point(0, 1.0);
        let mut chain = sel.apply(&init, &ma);
        let mut acc = sel.apply(&init, &ha);
        for _ in 0..steps {
            let ended = sel.apply(&acc, &mb);
            for (c, e) in chain.iter_mut().zip(&ended) {
                add_into(c, e);
            }
            acc = sel.apply(&acc, &hb);
            if acc.iter().all(|d| d.p.iter().all(|&x| x == 0.0)) {
                break;
            }
        }
        // over the dice: chain^n by repeated squaring
        let mut result: Option<States> = None;
        let mut base = chain;
        let mut k = n;
        while k > 0 {
            if k & 1 == 1 {
                result = Some(match result {
                    None => base.clone(),
                    Some(r) => sel.combine(&r, &base),
                });
            }
            k >>= 1;
            if k > 0 {
                base = sel.combine(&base, &base);
            }
        }
        let result = result.unwrap_or_else(|| sel.empty());
        for a in 0..s {
            for e in 0..=s {
                if a + e < s {
                    continue;
                }
                let d = &result[sel.idx(a, e)];
                if d.p.is_empty() {
                    continue;
                }
                let shift = (s - a) as i64 * st;
                let shifted = Dense { min: if keep { d.min + shift } else { d.min - shift }, p: d.p.clone() };
                add_into(&mut out, &shifted);
            }
        }
    }
    trim(&mut out);
    let kept_mass = held.powi(n as i32);
    Ok(Dist::from_dense(out.min, out.p, if cut > 0.0 { 1.0 - kept_mass } else { 0.0 }))
}

/// The sum (or success count) of every throw of a group with `!`/`!p`.
pub(crate) fn sum_odds(g: &DiceGroup, budget: &mut Budget) -> Result<Dist, NotationError> {
    let stat = |v: i64| g.success.map_or(v, |sc| sc.score(v));
    let (chain, cut) = chain_sum(g, &stat, budget)?;
    let held = 1.0 - cut;
    let mut one = Dense { min: chain.min, p: chain.p.iter().map(|p| p / held).collect() };
    trim(&mut one);
    let mut out = super::repeat_sum(&one, g.count, g.pos.0, budget)?;
    let kept_mass = held.powi(g.count as i32);
    if cut > 0.0 {
        out.p.iter_mut().for_each(|p| *p *= kept_mass);
    }
    Ok(Dist::from_dense(out.min, out.p, if cut > 0.0 { 1.0 - kept_mass } else { 0.0 }))
}

/// Odds of a group with `!`/`!p` in version 3 (each throw a die), other than unique dice.
pub(crate) fn apart_odds(g: &DiceGroup, budget: &mut Budget) -> Result<Dist, NotationError> {
    if g.keep.is_none() && g.drop.is_none() {
        return sum_odds(g, budget);
    }
    let Some(sel) = one_end(g) else {
        return Err(NotationError::new(
            g.pos.0,
            "no exact odds for a keep and a drop together over an explosion's separate throws",
        )
        .allowing("one keep or one drop with `!` or `!p` (kh, kl, dh, dl), or `!!` (it can still be rolled)"));
    };
    select_odds(g, sel, budget)
}
