//! Rolling: a dice group into its dice, an expression into a full breakdown. Every roll is made from a
//! [`RollRng`]; [`Expr::roll`] seeds one from a recorded `u64` so (seed, notation) always replays the same roll.

use super::ast::*;
use super::error::NotationError;
pub use super::group_roll::GroupRoll;
use super::limits::{MAX_EXPLOSIONS_PER_DIE, MAX_REROLLS_PER_DIE};
use super::value::{self, PowError, Value};
use super::{digits, render};
use crate::die::{DieKind, DieRoll};
use crate::rng::{face, seeded, RollRng};
use crate::sorted;
use num_traits::Signed;
use serde::{Deserialize, Serialize};
use std::fmt::Write;

/// The value of a `[label]`led part of the expression.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LabelRoll {
    pub label: String,
    #[serde(with = "super::value")]
    pub value: Value,
}

/// One sub-roll of a `{...}` group: its total, and whether the group kept it (and counted it a success).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SubRoll {
    /// Which `{...}` group, 0-based in reading order.
    pub group: usize,
    #[serde(with = "super::value")]
    pub value: Value,
    pub kept: bool,
    /// +1 success, -1 failure, 0 neither (or the group does not count successes).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub count: i8,
}

fn is_zero(n: &i8) -> bool {
    *n == 0
}

/// One expression rolled: everything needed to show and replay it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExprRoll {
    /// The expression in canonical notation.
    pub expr: String,
    /// The seed the roll was made from (None if made from a caller's generator).
    pub seed: Option<u64>,
    /// The exact total (a fraction after `/`): a JSON number, whole or not.
    #[serde(with = "super::value")]
    pub total: Value,
    /// Every dice group, in reading order.
    pub groups: Vec<GroupRoll>,
    /// Every labelled part with its value, in reading order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub labels: Vec<LabelRoll>,
    /// Every sub-roll of every `{...}` group, in reading order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub subrolls: Vec<SubRoll>,
    pub comment: Option<String>,
    /// Plain-text rendering, e.g. `4d6kh3 [6, 5, 3, 1 dropped] + 2 = 16`.
    pub text: String,
}

impl ExprRoll {
    /// Every die of every group, in order.
    pub fn dice(&self) -> Vec<DieRoll> {
        self.groups.iter().flat_map(|g| g.dice.iter().cloned()).collect()
    }
}

/// One throw of the bare die (no rules applied).
#[inline(always)]
fn draw(kind: DieKind, rng: &mut RollRng) -> i64 {
    match kind {
        DieKind::Standard(s) => face(rng, s) as i64,
        DieKind::Fudge => face(rng, 3) as i64 - 2,
        DieKind::FudgeOne => match face(rng, 6) {
            1 => -1,
            6 => 1,
            _ => 0,
        },
    }
}

impl DiceGroup {
    /// One throw with the reroll rule applied: (face, faces it replaced). A reroll-once rule (`ro`, Remedy's ♻)
    /// applies to a die's first throw only, never to a throw an explosion added; reroll-until (`r`) to every throw.
    fn throw(&self, rng: &mut RollRng, first: bool) -> (i64, Vec<i64>) {
        let mut f = draw(self.die, rng);
        let mut replaced = Vec::new();
        match self.reroll {
            None => {}
            Some(Reroll { once: true, .. }) if !first => {}
            Some(Reroll { on, once: true }) if on.matches(f) => {
                replaced.push(f);
                f = draw(self.die, rng);
            }
            Some(Reroll { once: true, .. }) => {}
            Some(Reroll { on, once: false }) => {
                while on.matches(f) {
                    if replaced.len() as u32 == MAX_REROLLS_PER_DIE {
                        // Drawing uniformly among the faces that stop the reroll has exactly the distribution
                        // of rerolling on; the parser guaranteed there is at least one.
                        let allowed: Vec<i64> = self.faces().filter(|&x| !on.matches(x)).collect();
                        if !allowed.is_empty() {
                            f = allowed[face(rng, allowed.len() as u32) as usize - 1];
                        } // (else a hand-built group rerolling every face: the last face stands)
                        break;
                    }
                    replaced.push(f);
                    f = draw(self.die, rng);
                }
            }
        }
        (f, replaced)
    }

    /// One die: its throws (several if it exploded, one if compounded) appended to `out`; returns its value and
    /// whether it reached the explosion limit. This is the one implementation of "♻ then !" that the tray and
    /// a Remedy check share: the first throw may be rerolled once, then the standing face explodes, and the
    /// throws an explosion adds are never rerolled by a reroll-once rule.
    pub fn roll_die(&self, rng: &mut RollRng, out: &mut Vec<DieRoll>) -> (i64, bool) {
        let start = out.len();
        let mut capped = false;
        let mut value = 0;
        loop {
            let depth = out.len() - start;
            let (f, rerolled) = self.throw(rng, depth == 0);
            let mut d = DieRoll::new(self.die, f);
            d.rerolled = rerolled;
            if depth == 0 && (self.min.is_some() || self.max.is_some()) {
                d.value = self.clamp(f);
                d.clamped = d.value != f;
            }
            if depth > 0 {
                d.from_explosion = true;
                if matches!(self.explode, Some(Explode { kind: ExplodeKind::Penetrate, .. })) {
                    d.penetrated = true;
                    d.value = f - 1;
                }
            }
            value += d.value;
            // the first throw explodes on its value after min/max, as rpg-dice-roller checks it
            let explodes = self.explode.is_some_and(|e| e.on.matches(if depth == 0 { d.value } else { f }));
            if explodes && depth as u32 >= MAX_EXPLOSIONS_PER_DIE {
                capped = true;
            }
            d.exploded = explodes && !capped;
            out.push(d);
            if !explodes || capped {
                break;
            }
        }
        if matches!(self.explode, Some(Explode { kind: ExplodeKind::Compound, .. })) && out.len() - start > 1 {
            let rest: Vec<DieRoll> = out.drain(start + 1..).collect();
            let first = &mut out[start];
            for t in rest {
                first.compounded.push(t.face);
                first.rerolled.extend(t.rerolled);
            }
            first.value = value;
            first.exploded = true;
        }
        (value, capped)
    }

    /// `n` plain throws, one die each, appended to `dice`. The generator is copied into a local for the loop and
    /// back after it (the same draws): through `&mut`, its 128-bit state was stored to memory after every draw.
    fn throw_plain(&self, n: usize, rng: &mut RollRng, dice: &mut Vec<DieRoll>) {
        let mut local = rng.clone();
        dice.extend((0..n).map(|_| DieRoll::new(self.die, draw(self.die, &mut local))));
        *rng = local;
    }

    /// No die of the group is marked in its text but as dropped (no success or failure, critical or fumble),
    /// and its faces are numbers (not Fudge's `+` and `-`).
    fn marks_at_most_dropped(&self) -> bool {
        matches!(self.die, DieKind::Standard(_))
            && self.success.is_none()
            && self.crit_success.is_none()
            && self.crit_failure.is_none()
    }

    /// Room for the group's throws: twice its dice when they explode (`10d10!>=8` adds about 4 throws to its 10;
    /// a list sized for the dice alone was grown, copied and freed on most rolls), else its dice.
    fn throws_capacity(&self) -> usize {
        let n = self.count as usize;
        if self.explode.is_some() {
            2 * n
        } else {
            n
        }
    }

    /// Each die is one throw, its face as drawn: no reroll, explosion or `min`/`max` clamp. (`unique` can still
    /// throw a die again after the others.)
    fn one_throw_per_die(&self) -> bool {
        self.reroll.is_none() && self.explode.is_none() && self.min.is_none() && self.max.is_none()
    }

    /// Roll the group, its modifiers in [`ModifierOrder`]. In the legacy order: reroll, explode, keep/drop,
    /// count successes, and a die and the throws its explosions added count as one die (worth their sum) for
    /// keeping and for success counting.
    pub fn roll(&self, rng: &mut RollRng) -> GroupRoll {
        if !self.order.legacy() {
            return self.roll_rpg(rng);
        }
        let n = self.count as usize;
        let mut dice: Vec<DieRoll> = Vec::with_capacity(self.throws_capacity());
        let mut capped = false;
        // (first throw, one past the last throw, value) of each die; only built when a die can have several throws
        let mut chains: Vec<(usize, usize, i64)> = Vec::new();
        if self.one_throw_per_die() {
            self.throw_plain(n, rng, &mut dice);
        } else {
            chains.reserve(n);
            for _ in 0..n {
                let start = dice.len();
                let (value, c) = self.roll_die(rng, &mut dice);
                capped |= c;
                chains.push((start, dice.len(), value));
            }
        }
        let single = chains.is_empty();
        if let Some(u) = self.unique {
            // explosions are refused with `u`, so each die is one throw here
            self.make_unique(u, &mut dice, rng);
            for (i, c) in chains.iter_mut().enumerate() {
                c.2 = dice[i].value;
            }
        }
        // the value and first-throw index of die i
        let value = |dice: &[DieRoll], i: usize| if single { dice[i].value } else { chains[i].2 };
        let first = |i: usize| if single { i } else { chains[i].0 };
        if let Some((high, kept)) = self.kept() {
            let kept = kept as usize;
            if kept < n {
                // Sort keys packed in a u64: the value (flipped for keep-highest) above the die's index, so
                // ties go to the die rolled first. Values stay far inside ±2^31 (faces <= 10^4, <= 101 throws).
                let mut order: Vec<u64> = (0..n)
                    .map(|i| {
                        let v = value(&dice, i).clamp(-(1 << 30), 1 << 30);
                        let v = if high { -v } else { v };
                        (((v + (1 << 31)) as u64) << 32) | i as u64
                    })
                    .collect();
                // Partition (O(n)) so the first `kept` are the kept dice.
                order.select_nth_unstable(kept);
                for i in order[kept..].iter().map(|&k| (k & 0xFFFF_FFFF) as usize) {
                    if single {
                        dice[i].kept = false;
                    } else {
                        let (a, b, _) = chains[i];
                        dice[a..b].iter_mut().for_each(|d| d.kept = false);
                    }
                }
            }
        }
        let mut subtotal = 0;
        for i in 0..n {
            let f = first(i);
            if !dice[f].kept {
                continue;
            }
            let v = value(&dice, i);
            match self.success {
                Some(s) => {
                    let score = s.score(v);
                    dice[f].count = score as i8;
                    subtotal += score;
                }
                None => subtotal += v,
            }
        }
        if self.crit_success.is_some() || self.crit_failure.is_some() {
            for i in 0..n {
                let v = value(&dice, i);
                dice[first(i)].critical = if self.crit_success.is_some_and(|c| c.matches(v)) {
                    1
                } else if self.crit_failure.is_some_and(|c| c.matches(v)) {
                    -1
                } else {
                    0
                };
            }
        }
        self.finish(dice, &chains, subtotal, capped)
    }

    /// Version 3's order (rpg-dice-roller's): `min`/`max`, explode, reroll, unique, keep, drop, count, critical
    /// markers, sort; with `!` and `!p` each throw is a die of its own. The dice are thrown one by one (each
    /// die's throws, then its rerolls), so a group whose order does not matter draws as the legacy order does.
    fn roll_rpg(&self, rng: &mut RollRng) -> GroupRoll {
        let n = self.count as usize;
        let mut dice: Vec<DieRoll> = Vec::with_capacity(self.throws_capacity());
        let mut capped = false;
        let clamps = self.min.is_some() || self.max.is_some();
        if self.one_throw_per_die() {
            // plain throws, one per die (the same draws as the loop below)
            self.throw_plain(n, rng, &mut dice);
        }
        for _ in 0..if dice.is_empty() { n } else { 0 } {
            let start = dice.len();
            let f = draw(self.die, rng);
            let mut d = DieRoll::new(self.die, f);
            if clamps {
                d.value = self.clamp(f);
                d.clamped = d.value != f;
            }
            let mut compare = d.value;
            dice.push(d);
            if let Some(e) = self.explode {
                let mut depth = 0;
                while e.on.matches(compare) {
                    if depth >= MAX_EXPLOSIONS_PER_DIE {
                        capped = true;
                        break;
                    }
                    if let Some(last) = dice.last_mut() {
                        last.exploded = true;
                    }
                    let f = draw(self.die, rng);
                    let mut t = DieRoll::new(self.die, f);
                    t.from_explosion = true;
                    if e.kind == ExplodeKind::Penetrate {
                        t.penetrated = true;
                        t.value = f - 1;
                    }
                    compare = f;
                    dice.push(t);
                    depth += 1;
                }
                if e.kind == ExplodeKind::Compound && dice.len() - start > 1 {
                    let rest: Vec<DieRoll> = dice.drain(start + 1..).collect();
                    let first = &mut dice[start];
                    for t in rest {
                        first.compounded.push(t.face);
                        first.value += t.value;
                    }
                    first.exploded = true;
                }
            }
            if let Some(r) = self.reroll {
                for d in &mut dice[start..] {
                    self.reroll_value(r, d, rng);
                }
            }
        }
        if let Some(u) = self.unique {
            self.make_unique(u, &mut dice, rng);
        }
        let m = dice.len();
        let (lo, hi) = self.kept_span(m as u32);
        if (lo, hi) != (0, m as u32) {
            // every value a plain face (a reroll or `u` shows a plain throw too): keep/drop can count the faces
            let plain = (self.explode.is_none() && !clamps).then_some(self.die);
            keep_positions(&mut dice, lo as usize, hi as usize, plain);
        }
        // the rule is matched once, not for every die (its jump was about 10 instructions a die of `100d6`)
        let subtotal = match self.success {
            Some(s) => dice.iter_mut().filter(|d| d.kept).fold(0i64, |sum, d| {
                d.count = s.score(d.value) as i8;
                sum + d.count as i64
            }),
            None => dice.iter().filter(|d| d.kept).map(|d| d.value).sum(),
        };
        if self.crit_success.is_some() || self.crit_failure.is_some() {
            for d in &mut dice {
                d.critical = if self.crit_success.is_some_and(|c| c.matches(d.value)) {
                    1
                } else if self.crit_failure.is_some_and(|c| c.matches(d.value)) {
                    -1
                } else {
                    0
                };
            }
        }
        self.finish(dice, &[], subtotal, capped)
    }

    /// Version 3's reroll of one die (or throw): while its value matches (once for `ro`), a plain throw
    /// replaces it; the values replaced are kept in `rerolled`, oldest first.
    fn reroll_value(&self, r: Reroll, d: &mut DieRoll, rng: &mut RollRng) {
        if !r.on.matches(d.value) {
            return;
        }
        let mut f = d.value;
        loop {
            d.rerolled.push(f);
            f = draw(self.die, rng);
            if r.once || !r.on.matches(f) {
                break;
            }
            if d.rerolled.len() as u32 == MAX_REROLLS_PER_DIE {
                // as in `throw`: a face drawn among those that stop the reroll has the same distribution
                let allowed: Vec<i64> = self.faces().filter(|&x| !r.on.matches(x)).collect();
                if !allowed.is_empty() {
                    f = allowed[face(rng, allowed.len() as u32) as usize - 1];
                }
                break;
            }
        }
        self.show_plain_throw(d, f);
    }

    /// Die `d` now shows the plain throw `f` (a reroll's): not clamped, not penetrated, its compounded throws gone.
    fn show_plain_throw(&self, d: &mut DieRoll, f: i64) {
        d.face = f;
        d.value = f;
        d.clamped = false;
        d.penetrated = false;
        if !d.compounded.is_empty() {
            d.compounded.clear();
            d.exploded = false;
        }
        d.maxed = f == self.die.max_face();
    }

    /// The group's roll from its dice (`chains`: which dice are one die's explosion throws, legacy order), sorted
    /// for display as the group asks.
    fn finish(&self, dice: Vec<DieRoll>, chains: &[(usize, usize, i64)], subtotal: i64, capped: bool) -> GroupRoll {
        let dice = match self.sort {
            Some(order) => sorted(dice, chains, order),
            None => dice,
        };
        let mut notation = String::with_capacity(16);
        self.push_canonical(&mut notation);
        GroupRoll {
            notation,
            dice,
            subtotal,
            successes: self.success.is_some(),
            explosion_capped: capped,
            throws_apart: self.throws_apart(),
        }
    }

    /// `u`/`uo`: each die after the first whose value repeats an earlier die's (and matches the compare point,
    /// if any) is rerolled with a plain throw, until its value is new (`u`) or once (`uo`). When no face could be
    /// new, the first reroll stands (rpg-dice-roller gives up after 1000 rerolls, which has the same odds).
    fn make_unique(&self, u: Unique, dice: &mut [DieRoll], rng: &mut RollRng) {
        let min = self.die.min_face();
        let faces = (self.die.max_face() - min + 1) as usize;
        // The values of the dice so far as bits, when every value is one of at most 128 faces (no `min`/`max`
        // clamp, no explosion: a penetrating throw counts one less than its face): a value is looked up in one
        // step, not searched for among the earlier dice (where a repeat is found is random, and the search's exit
        // was mispredicted about once a die of `10d100u`).
        let bits = faces <= 128 && self.min.is_none() && self.max.is_none() && self.explode.is_none();
        let bit = |v: i64| if bits { 1u128 << (v - min) as u32 } else { 0 };
        let mut seen = dice.first().map_or(0, |d| bit(d.value));
        for i in 1..dice.len() {
            let blocked = |v: i64, earlier: &[DieRoll]| {
                u.on.is_none_or(|c| c.matches(v))
                    && if bits { seen & bit(v) != 0 } else { earlier.iter().any(|d| d.value == v) }
            };
            let (earlier, rest) = dice.split_at_mut(i);
            let d = &mut rest[0];
            if !blocked(d.value, earlier) {
                seen |= bit(d.value);
                continue;
            }
            // The faces that would stop the rerolls, listed only when needed: some face is new whenever there
            // are fewer earlier dice than faces.
            let stops = || -> Vec<i64> { self.faces().filter(|&f| !blocked(f, earlier)).collect() };
            let some_stop = earlier.len() < faces || !stops().is_empty();
            d.rerolled.push(d.value);
            let mut replaced = 1;
            let mut f = draw(self.die, rng);
            if !u.once && some_stop {
                while blocked(f, earlier) {
                    if replaced >= MAX_REROLLS_PER_DIE {
                        let stops = stops();
                        f = stops[face(rng, stops.len() as u32) as usize - 1];
                        break;
                    }
                    d.rerolled.push(f);
                    replaced += 1;
                    f = draw(self.die, rng);
                }
            }
            self.show_plain_throw(d, f);
            seen |= bit(f);
        }
    }
}

/// Version 3's keep/drop: the dice kept are those at positions `lo..hi` of the dice in ascending value order
/// (`lo < hi <= dice.len()`, or none kept when `lo >= hi`). Keeping (or dropping) at one end (`hi` is every die),
/// ties keep the die thrown first, as in the legacy order; a middle run orders ties as thrown (rpg-dice-roller's
/// stable sort). Two partial selections (O(n)) on (value, tie-break) keys find the run: no full sort.
///
/// `plain`: the die, if every value is one of its faces.
fn keep_positions(dice: &mut [DieRoll], lo: usize, hi: usize, plain: Option<DieKind>) {
    let m = dice.len();
    if lo >= hi {
        dice.iter_mut().for_each(|d| d.kept = false);
        return;
    }
    let tie = |i: usize| if hi == m { u32::MAX - i as u32 } else { i as u32 };
    let key = |(i, d): (usize, &DieRoll)| (d.value, tie(i));
    let index = |t: u32| if hi == m { (u32::MAX - t) as usize } else { t as usize };
    // A few dice at one end (`20d20kh3`, `4d6kh3`'s one dropped, `100d20kl10`): found in one pass over the dice,
    // no keys stored; of the two ways to find the run (the dice kept, or those dropped), the one finding fewer.
    // (whether it applies, how many to find, the largest?, are they the kept dice?)
    let ends = [
        (hi == m, m - lo, true, true),
        (hi == m, lo, false, false),
        (lo == 0, hi, false, true),
        (lo == 0, m - hi, true, false),
    ];
    let end = ends.iter().filter(|e| e.0).min_by_key(|e| e.1);
    // A few faces among more dice (`20d20kh3`, `100d20kl10`), kept at one end: the dice of each value counted.
    // (One or two dice at an end are found quicker by `extremes`.)
    if let Some(die) = plain.filter(|_| end.is_some_and(|e| e.1 > 2)) {
        let n = (die.max_face() - die.min_face() + 1) as usize;
        if n <= COUNTED_FACES && n <= 2 * m {
            keep_counted(dice, lo, hi, die.min_face(), n);
            return;
        }
    }
    if let Some(&(_, count, largest, kept)) = end.filter(|e| e.1 <= FEW) {
        dice.iter_mut().for_each(|d| d.kept = !kept);
        let (found, n) = extremes(dice.iter().enumerate().map(key), count, largest);
        for &(_, t) in &found[..n] {
            dice[index(t)].kept = kept;
        }
        return;
    }
    dice.iter_mut().for_each(|d| d.kept = false);
    let mut small = [(0i64, 0u32); 64];
    let mut large = Vec::new();
    let keys: &mut [(i64, u32)] = if m <= small.len() {
        for (slot, k) in small.iter_mut().zip(dice.iter().enumerate().map(key)) {
            *slot = k;
        }
        &mut small[..m]
    } else {
        large.extend(dice.iter().enumerate().map(key));
        &mut large
    };
    if lo > 0 {
        keys.select_nth_unstable(lo);
    }
    let run = &mut keys[lo..];
    if hi - lo < run.len() {
        run.select_nth_unstable(hi - lo);
    }
    for &(_, t) in &run[..hi - lo] {
        dice[index(t)].kept = true;
    }
}

/// At most this many dice at one end of a keep/drop are found by [`extremes`] instead of a selection.
const FEW: usize = 16;

/// Most faces (highest - lowest + 1) [`keep_counted`] counts.
const COUNTED_FACES: usize = 128;
// [`keep_counted`] counts a group's dice in `u16`s.
const _: () = assert!(super::limits::MAX_DICE_PER_GROUP <= u16::MAX as u32);

/// [`keep_positions`] at one end (`hi` is every die, or `lo` is 0) by counting (`n` <= [`COUNTED_FACES`] values
/// from `min`, at most 65,535 dice): the counts of each value say the last value kept and how many of the dice
/// showing it are kept, the first thrown (ties keep the die thrown first, as [`keep_positions`] orders them). About
/// 10 instructions a die and a few a face, against [`extremes`]' 50 a die (`20d20kh3`) and more.
fn keep_counted(dice: &mut [DieRoll], lo: usize, hi: usize, min: i64, n: usize) {
    let mut counts = [0u16; COUNTED_FACES];
    let counts = &mut counts[..n];
    for d in dice.iter() {
        counts[(d.value - min) as usize] += 1;
    }
    // the highest `m - lo` kept, or the lowest `hi`
    let m = dice.len();
    let (highest, kept) = if hi == m { (true, m - lo) } else { (false, hi) };
    let mut seen = 0;
    let mut at = 0;
    for k in 0..n {
        at = if highest { n - 1 - k } else { k };
        let c = counts[at] as usize;
        if seen + c >= kept {
            break;
        }
        seen += c;
    }
    let last = min + at as i64;
    let mut ties = kept - seen;
    // without a branch on the die's value (random): a die of the last value kept while ties are left
    for d in dice.iter_mut() {
        let tie = d.value == last;
        let keep_tie = tie & (ties > 0);
        ties -= usize::from(keep_tie);
        d.kept = keep_tie | (!tie & ((d.value > last) == highest));
    }
}

/// The `count` (<= [`FEW`]) largest or smallest keys (all different), by insertion into a short sorted list:
/// the first `n` of the array returned, with `n`.
fn extremes(keys: impl Iterator<Item = (i64, u32)>, count: usize, largest: bool) -> ([(i64, u32); FEW], usize) {
    let mut best: [(i64, u32); FEW] = [(0, 0); FEW];
    let mut n = 0;
    let before = |a: &(i64, u32), b: &(i64, u32)| if largest { a > b } else { a < b };
    for k in keys {
        if n == count && (count == 0 || !before(&k, &best[n - 1])) {
            continue;
        }
        let mut j = if n < count { n } else { n - 1 };
        while j > 0 && before(&k, &best[j - 1]) {
            best[j] = best[j - 1];
            j -= 1;
        }
        best[j] = k;
        n = (n + 1).min(count);
    }
    (best, n)
}

/// The dice in value order (`order`), each die with the throws its explosions added; ties keep their order.
fn sorted(dice: Vec<DieRoll>, chains: &[(usize, usize, i64)], order: Sort) -> Vec<DieRoll> {
    let spans: Vec<(usize, usize, i64)> = if chains.is_empty() {
        dice.iter().enumerate().map(|(i, d)| (i, i + 1, d.value)).collect()
    } else {
        chains.to_vec()
    };
    let mut idx: Vec<usize> = (0..spans.len()).collect();
    match order {
        Sort::Ascending => sorted::sort_indices(&mut idx, &|a, b| spans[a].2.cmp(&spans[b].2)),
        Sort::Descending => sorted::sort_indices(&mut idx, &|a, b| spans[b].2.cmp(&spans[a].2)),
    }
    idx.into_iter().flat_map(|i| dice[spans[i].0..spans[i].1].iter().cloned()).collect()
}

struct Eval<'a> {
    rng: &'a mut RollRng,
    groups: Vec<GroupRoll>,
    labels: Vec<LabelRoll>,
    subrolls: Vec<SubRoll>,
    /// `{...}` groups met so far.
    roll_groups: usize,
    /// Dice groups rolled ahead (a one-expression `{...}` group keeping among its dice), the next one last.
    /// (A `Vec`, not a `VecDeque`: dropping the always-empty deque of a roll without `{...}` was a call.)
    prerolled: Vec<GroupRoll>,
}

/// The dice groups of `node` in the order evaluation rolls them.
fn dice_nodes<'n>(node: &'n Node, out: &mut Vec<&'n DiceGroup>) {
    match node {
        Node::Dice(g) => out.push(g),
        Node::Num(_) | Node::Decimal(_) => {}
        Node::Neg(x) | Node::Label(x, _) => dice_nodes(x, out),
        Node::Bin { lhs, rhs, .. } => {
            dice_nodes(lhs, out);
            dice_nodes(rhs, out);
        }
        Node::Call { args, .. } => args.iter().for_each(|a| dice_nodes(a, out)),
        Node::Group(g) => g.exprs.iter().for_each(|e| dice_nodes(e, out)),
    }
}

/// Keep/drop of a one-expression group over every (still kept) die of its dice groups; each group's subtotal
/// is counted again. Among equal dice, those rolled first are kept.
fn keep_across(g: &RollGroup, nodes: &[&DiceGroup], rolled: &mut [GroupRoll]) {
    // (value, order, group, first throw, end)
    // (sized for every throw: grown from empty it was two or three allocations a roll)
    let mut items: Vec<(i64, usize, usize, usize, usize)> =
        Vec::with_capacity(rolled.iter().map(|r| r.dice.len()).sum());
    for (gi, r) in rolled.iter().enumerate() {
        for (a, b, v) in r.dice_spans() {
            if r.dice[a].kept {
                items.push((v, items.len(), gi, a, b));
            }
        }
    }
    let n = items.len() as u32;
    let Some((high, kept)) = g.kept(n) else { return };
    let kept = kept.min(n) as usize;
    // Each item's order `o` is unique, so an unstable sort gives the one order a stable sort would, without
    // `sorted`'s index buffers: two allocations per roll the engine guard counts.
    if high {
        // drop the lowest n - kept; among equals the later ones go first
        items.sort_unstable_by_key(|&(v, o, ..)| (v, std::cmp::Reverse(o)));
        items.truncate(items.len() - kept);
    } else {
        items.sort_unstable_by_key(|&(v, o, ..)| (v, o));
        items.drain(..kept);
    }
    for &(_, _, gi, a, b) in &items {
        let dice = &mut rolled[gi].dice;
        dice[a..b].iter_mut().for_each(|d| d.kept = false);
        dice[a].count = 0;
    }
    for (r, node) in rolled.iter_mut().zip(nodes) {
        r.subtotal = r
            .dice_spans()
            .filter(|&(a, _, _)| r.dice[a].kept)
            .map(|(_, _, v)| node.success.map_or(v, |s| s.score(v)))
            .sum();
    }
}

fn overflow(pos: Pos) -> NotationError {
    NotationError::new(pos.0, "the result does not fit in a 64-bit integer").allowing(format!(
        "{} to {} (fractions too: each part of one)",
        i64::MIN,
        i64::MAX
    ))
}

/// The roll-time error of a division (`/`, or `%`'s and `**`'s own) by zero: what rolled 0.
fn division_by_zero(pos: Pos, divisor: &Node) -> NotationError {
    let why =
        if matches!(divisor, Node::Num(_)) { "dividing by 0".to_string() } else { format!("`{divisor}` rolled 0") };
    NotationError::new(pos.0, format!("division by zero: {why}")).allowing("a divisor that is not 0")
}

/// `a op b` exactly, or the error that names what went wrong at `pos`.
pub(crate) fn apply(op: BinOp, a: Value, b: Value, pos: Pos, rhs: &Node) -> Result<Value, NotationError> {
    match op {
        BinOp::Add => value::add(a, b),
        BinOp::Sub => value::sub(a, b),
        BinOp::Mul => value::mul(a, b),
        BinOp::Div | BinOp::IntDiv if b == value::int(0) => return Err(division_by_zero(pos, rhs)),
        BinOp::Div => value::div(a, b),
        BinOp::IntDiv => value::int_div(a, b),
        BinOp::Rem => value::rem(a, b),
        BinOp::Pow => {
            return value::pow(a, b).map_err(|e| match e {
                PowError::Overflow => overflow(pos),
                PowError::ZeroDivision => NotationError::new(pos.0, "division by zero: 0 to a negative power")
                    .allowing("a base that is not 0, or an exponent of 0 or more"),
                PowError::Fraction => NotationError::new(
                    pos.0,
                    format!("`{rhs}` rolled {}: a power's exponent must be a whole number", value::value_text(b)),
                )
                .allowing("a whole-number exponent (floor(), ceil() or round() make one)"),
            })
        }
    }
    .ok_or_else(|| overflow(pos))
}

/// A function applied to its arguments' values.
pub(crate) fn call(func: Func, args: &[Value], pos: Pos, nodes: &[Node]) -> Result<Value, NotationError> {
    let x = args[0];
    Ok(match func {
        Func::Floor => x.floor(),
        Func::Ceil => x.ceil(),
        Func::Round => x.round(),
        Func::Abs => {
            if *x.numer() == i64::MIN {
                return Err(overflow(pos));
            }
            x.abs()
        }
        Func::Sign => value::int(x.numer().signum()),
        Func::Min => args.iter().copied().min().unwrap_or(x),
        Func::Max => args.iter().copied().max().unwrap_or(x),
        Func::Pow => apply(BinOp::Pow, x, args[1], pos, &nodes[1])?,
    })
}

impl Eval<'_> {
    /// A `{...}` group's value; its text (`{2d6 [3, 4] (7), 1d8 [2] (2, dropped)}kh1`) is appended to `out`.
    fn group(&mut self, g: &RollGroup, out: &mut String) -> Result<Value, NotationError> {
        let index = self.roll_groups;
        self.roll_groups += 1;
        if g.keeps_dice() && (g.keep.is_some() || g.drop.is_some()) {
            let mut nodes = Vec::new();
            dice_nodes(&g.exprs[0], &mut nodes);
            let mut rolled: Vec<GroupRoll> = nodes.iter().map(|d| d.roll(self.rng)).collect();
            keep_across(g, &nodes, &mut rolled);
            rolled.reverse();
            self.prerolled = rolled;
        }
        out.push('{');
        if g.keeps_dice() {
            // One sub-roll, always kept and shown alone (keep/drop chose among its dice): written straight into
            // `out`, with no list of sub-rolls, of which are kept or of the order they are shown in.
            let v = self.eval(&g.exprs[0], out)?;
            let total = self.push_subroll_end(g, index, v, true, false, out)?;
            out.push('}');
            g.push_modifiers(out);
            return Ok(total);
        }
        // The sub-rolls' texts one after the other in one string: each sub-roll's value and where its text ends.
        let mut texts = String::with_capacity(32 * g.exprs.len());
        let mut items: Vec<(Value, usize)> = Vec::with_capacity(g.exprs.len());
        for e in &g.exprs {
            let v = self.eval(e, &mut texts)?;
            items.push((v, texts.len()));
        }
        // Which sub-rolls are kept.
        let n = items.len();
        let mut kept = vec![true; n];
        if let Some((high, k)) = g.kept(n as u32).filter(|_| g.keep.is_some() || g.drop.is_some()) {
            let mut order: Vec<usize> = (0..n).collect();
            sorted::sort_indices(&mut order, &|a, b| (items[a].0, a).cmp(&(items[b].0, b)));
            let dropped = if high { &order[..n - k as usize] } else { &order[k as usize..] };
            dropped.iter().for_each(|&i| kept[i] = false);
        }
        let mut shown: Vec<usize> = (0..n).collect();
        match g.sort {
            Some(Sort::Ascending) => sorted::sort_indices(&mut shown, &|a, b| items[a].0.cmp(&items[b].0)),
            Some(Sort::Descending) => sorted::sort_indices(&mut shown, &|a, b| items[b].0.cmp(&items[a].0)),
            None => {}
        }
        let mut total = value::int(0);
        for (j, &i) in shown.iter().enumerate() {
            let (v, end) = items[i];
            let start = if i == 0 { 0 } else { items[i - 1].1 };
            if j > 0 {
                out.push_str(", ");
            }
            out.push_str(&texts[start..end]);
            let add = self.push_subroll_end(g, index, v, kept[i], n > 1, out)?;
            total = value::add(total, add).ok_or_else(|| overflow(g.pos))?;
        }
        out.push('}');
        g.push_modifiers(out);
        Ok(total)
    }

    /// After a sub-roll's text: its value and marks (` (7, dropped)`, ` (3 ✓)`) if there are several or the group
    /// counts successes; records the sub-roll. Returns what it adds to the group's total.
    fn push_subroll_end(
        &mut self,
        g: &RollGroup,
        index: usize,
        v: Value,
        kept: bool,
        several: bool,
        out: &mut String,
    ) -> Result<Value, NotationError> {
        let count = g.success.map_or(0, |s| s.score_value(v)) as i8;
        if several || g.success.is_some() {
            out.push_str(" (");
            value::push_value(out, v);
            out.push_str(match (kept, count) {
                (false, _) => ", dropped",
                (true, 1) => " ✓",
                (true, -1) => " ✗",
                _ => "",
            });
            out.push(')');
        }
        self.subrolls.push(SubRoll { group: index, value: v, kept, count: if kept { count } else { 0 } });
        Ok(match (kept, g.success.is_some()) {
            (false, _) => value::int(0),
            (true, true) => value::int(count as i64),
            (true, false) => v,
        })
    }

    /// The value of a node; its text is appended to `out`.
    fn eval(&mut self, node: &Node, out: &mut String) -> Result<Value, NotationError> {
        Ok(match node {
            Node::Num(n) => {
                digits::push_int(out, *n);
                value::int(*n)
            }
            Node::Decimal(v) => {
                value::push_value(out, *v);
                *v
            }
            Node::Dice(g) => {
                let r = match self.prerolled.pop() {
                    Some(r) => r,
                    None => g.roll(self.rng),
                };
                // no die thrown again (`unique` rerolls repeated faces) and none clamped: its text need not look
                let known = if !g.one_throw_per_die() || g.unique.is_some() {
                    render::Known::Nothing
                } else if g.marks_at_most_dropped() {
                    render::Known::Faces {
                        drops: g.keep.is_some() || g.drop.is_some(),
                        one_digit: matches!(g.die, DieKind::Standard(sides) if sides < 10),
                    }
                } else {
                    render::Known::OneThrow
                };
                render::push_group_text_of(out, &r, known);
                let v = r.subtotal;
                self.groups.push(r);
                value::int(v)
            }
            Node::Neg(x) => {
                let paren = matches!(**x, Node::Bin { .. });
                out.push_str(if paren { "-(" } else { "-" });
                let v = self.eval(x, out)?;
                if paren {
                    out.push(')');
                }
                value::sub(value::int(0), v).ok_or_else(|| overflow(Pos(1)))?
            }
            Node::Label(x, l) => {
                let paren = matches!(**x, Node::Bin { .. } | Node::Neg(_));
                if paren {
                    out.push('(');
                }
                let v = self.eval(x, out)?;
                let _ = write!(out, "{} \"{l}\"", if paren { ")" } else { "" });
                self.labels.push(LabelRoll { label: l.clone(), value: v });
                v
            }
            Node::Group(g) => self.group(g, out)?,
            Node::Call { func, args, pos } => {
                out.push_str(func.name());
                out.push('(');
                let mut vals = Vec::with_capacity(args.len());
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    vals.push(self.eval(a, out)?);
                }
                out.push(')');
                call(*func, &vals, *pos, args)?
            }
            Node::Bin { op, lhs, rhs, pos } => {
                let (pl, pr) = (Node::needs_parens(*op, lhs, true), Node::needs_parens(*op, rhs, false));
                out.push_str(if pl { "(" } else { "" });
                let a = self.eval(lhs, out)?;
                out.push_str(if pl { ") " } else { " " });
                out.push_str(op.text());
                out.push_str(if pr { " (" } else { " " });
                let b = self.eval(rhs, out)?;
                out.push_str(if pr { ")" } else { "" });
                apply(*op, a, b, *pos, rhs)?
            }
        })
    }
}

impl Expr {
    /// Roll from a recorded seed (`rng::seeded(seed)`): the same (seed, expression) always gives the same roll.
    pub fn roll(&self, seed: u64) -> Result<ExprRoll, NotationError> {
        let mut rng = seeded(seed);
        let mut r = self.roll_with(&mut rng)?;
        r.seed = Some(seed);
        Ok(r)
    }

    /// Roll with the caller's generator (the result's `seed` is None).
    pub fn roll_with(&self, rng: &mut RollRng) -> Result<ExprRoll, NotationError> {
        let mut ev = Eval {
            rng,
            // a lone group's one group allocated at its size: pushed onto an empty `Vec`, it went through the
            // vector's growth path (about 70 instructions of a `3d6` roll); counting the groups of a longer
            // expression cost more than its growth saved
            groups: Vec::with_capacity(usize::from(matches!(self.root, Node::Dice(_)))),
            labels: Vec::new(),
            subrolls: Vec::new(),
            roll_groups: 0,
            prerolled: Vec::new(),
        };
        // A lone group's text sized for its dice and their marks: it is not grown while written.
        let cap = match &self.root {
            Node::Dice(g) => render::text_len_estimate(g),
            _ => 64,
        };
        let mut text = String::with_capacity(cap);
        let total = ev.eval(&self.root, &mut text)?;
        // A lone dice group's canonical text is its group's notation, already written.
        let expr = match (&self.root, &self.comment, ev.groups.first()) {
            (Node::Dice(_), None, Some(g)) => g.notation.clone(),
            _ => {
                let mut expr = String::with_capacity(32);
                self.push_canonical(&mut expr);
                expr
            }
        };
        text.push_str(" = ");
        value::push_value(&mut text, total);
        if let Some(c) = &self.comment {
            let _ = write!(text, "  # {c}");
        }
        Ok(ExprRoll {
            expr,
            seed: None,
            total,
            groups: ev.groups,
            labels: ev.labels,
            subrolls: ev.subrolls,
            comment: self.comment.clone(),
            text,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keep/drop by counting keeps the same dice as the selection on (value, tie-break) keys, at either end, ties
    /// included.
    #[test]
    fn counting_keeps_what_the_selection_keeps() {
        let mut rng = seeded(7);
        for _ in 0..3000 {
            let sides = face(&mut rng, 12);
            let m = face(&mut rng, 40) as usize;
            let kind = if sides == 12 { DieKind::Fudge } else { DieKind::Standard(sides) };
            let dice: Vec<DieRoll> = (0..m).map(|_| DieRoll::new(kind, draw(kind, &mut rng))).collect();
            // kept at one end: the lowest `hi`, or the highest from `lo` on
            let k = face(&mut rng, m as u32 + 1) as usize - 1;
            let (lo, hi) = if face(&mut rng, 2) == 1 { (0, k) } else { (k, m) };
            if lo >= hi {
                continue;
            }
            let mut counted = dice.clone();
            let n = (kind.max_face() - kind.min_face() + 1) as usize;
            keep_counted(&mut counted, lo, hi, kind.min_face(), n);
            let mut selected = dice.clone();
            keep_positions(&mut selected, lo, hi, None);
            let kept = |d: &[DieRoll]| d.iter().map(|d| d.kept).collect::<Vec<_>>();
            assert_eq!(kept(&counted), kept(&selected), "{m} dice, {lo}..{hi}");
        }
    }
}
