//! ♻ as the roller's choice: which d20s in the ♻ range are rerolled, by the request's `reroll` policy.
//!
//! - `always`: every d20 whose first face is in the ♻ range is rerolled (how every roll read before 2026-11-23,
//!   and what a request without `reroll` still means, so saved rolls replay exactly; the tray always rerolls).
//! - `never`: none is, except the d20s the player picked afterwards (`rerolled`, see
//!   [`super::with_chosen_rerolls`]).
//! - `best`: given every first face, the set of d20s in range whose reroll most raises the chance of succeeding
//!   (success or triumph) against the DC or opponent; a tie keeps the dice (the smaller set).
//!
//! Every policy draws the same numbers: each d20's first face, then, if that face is in range, its reroll (with
//! its explosion chain), whether or not the reroll is then taken. So a roll made with `never` and a later choice
//! give exactly the faces the same seed gives under `always` for the dice picked.
//!
//! How `best` is found. The chance of succeeding is non-decreasing in the kept d20's value (a higher value never
//! moves the natural from triumph to plain or plain to disaster, and never lowers the total), so among sets of
//! the same size, rerolling the lowest faces is best: ▲ keeps the highest die left, ▼ the lowest, and either is
//! at least as high with the lowest faces gone. Only the size `s` of the set is left to choose, by the exact
//! expectation over the rerolled dice ([`option_chance`]). The exact odds walk the first faces the decision
//! depends on: with ▲ (or one d20) the number in range and the highest value; with ▼ the sorted faces in range
//! and the lowest value out of range.

use super::check_dice::{CheckDice, Keep};
use super::d20::{natural_of, value_probs};
use super::outcome::{contest_by_naturals, Natural, Outcome};
pub use super::policy::RerollPolicy;
use super::request::{Against, Reactive, Side};
use super::totals::{compare, modifier_dist, SideTotals};
use crate::dist::{add_up, Dist};
use crate::multiset::each_multiset;
use crate::sorted;
use crate::systems::RequestError;

/// Most combinations of faces in the ♻ range the exact odds of `best` with ▼ may walk.
pub const MAX_BEST_FACE_SETS: u64 = 200_000;

/// Two chances closer than this are a tie (and a tie keeps the dice).
const TIE: f64 = 1e-12;

/// The chance of the acting side succeeding (success or triumph) for each value of its kept d20.
pub struct Aim {
    own: Side,
    modifier: Dist,
    against: Against,
    /// The opponent's totals by natural, in a contest.
    opponent: Option<SideTotals>,
    /// The chance for values 1..=table.len().
    table: Vec<f64>,
}

impl Aim {
    /// For `own` against `against`, tabulated over the values a d20 of `own` reaches before the explosion tail.
    pub fn new(own: &Side, against: &Against, budget: f64) -> Aim {
        let opponent = match against {
            Against::Contest { opponent, .. } => Some(super::totals::side_totals(opponent, budget)),
            Against::Dc(_) => None,
        };
        let modifier = modifier_dist(own);
        let mut aim = Aim { own: *own, modifier, against: *against, opponent, table: Vec::new() };
        let len = fresh(&own.dice, budget).0.len();
        aim.table = (1..=len as i64).map(|v| aim.compute(v)).collect();
        aim
    }

    /// The chance of succeeding when the kept d20 is worth `value`.
    pub fn chance(&self, value: i64) -> f64 {
        match usize::try_from(value - 1).ok().and_then(|i| self.table.get(i)) {
            Some(&p) => p,
            None => self.compute(value),
        }
    }

    fn compute(&self, value: i64) -> f64 {
        let class = Natural::of(natural_of(value), self.own.triumph_from, self.own.disaster_to);
        let total = self.modifier.add(&Dist::point(value));
        match (&self.against, &self.opponent) {
            (Against::Dc(dc), _) => match class {
                Natural::Triumph => 1.0,
                Natural::Disaster => 0.0,
                Natural::Plain => total.p_where(|t| t > *dc),
            },
            (Against::Contest { reactive, .. }, Some(theirs)) => {
                add_up(Natural::ALL.iter().zip(&theirs.parts).map(|(b, part)| match contest_by_naturals(class, *b).0 {
                    Some(o) => {
                        if matches!(o, Outcome::Success | Outcome::Triumph) {
                            part.total_mass()
                        } else {
                            0.0
                        }
                    }
                    None => {
                        let (gt, eq, _) = compare(&total, part);
                        if *reactive == Reactive::Myself {
                            gt + eq
                        } else {
                            gt
                        }
                    }
                }))
            }
            (Against::Contest { .. }, None) => 0.0,
        }
    }
}

/// A fresh d20 of these dice: no ♻ (a reroll is never rerolled), ! as the dice say. Probabilities of values
/// 1..=len and the mass cut off.
fn fresh(dice: &CheckDice, budget: f64) -> (Vec<f64>, f64) {
    value_probs(&CheckDice { reroll_up_to: 0, ..*dice }, budget)
}

/// The distribution of the kept value when the dice not rerolled keep `fixed` (the highest of them for ▲ or a
/// single d20, the lowest for ▼; None if every die is rerolled) and `s` fresh d20s are thrown.
fn option_dist(keep: Keep, fresh: &[f64], fixed: Option<i64>, s: u32) -> Vec<(i64, f64)> {
    if s == 0 {
        return fixed.map(|m| vec![(m, 1.0)]).unwrap_or_default();
    }
    let n = s as i32;
    let value = |i: usize| i as i64 + 1;
    match keep {
        Keep::Highest | Keep::Single => {
            // kept = max(fixed, highest fresh): P(highest fresh <= v) = F(v)^s.
            let m = fixed.unwrap_or(0);
            let at_or_below_m = add_up(fresh.iter().enumerate().filter(|&(i, _)| value(i) <= m).map(|(_, &p)| p));
            let mut out = if fixed.is_some() { vec![(m, at_or_below_m.powi(n))] } else { Vec::new() };
            let mut below = at_or_below_m;
            for (i, p) in fresh.iter().enumerate().filter(|&(i, _)| value(i) > m) {
                let upto = below + p;
                out.push((value(i), upto.powi(n) - below.powi(n)));
                below = upto;
            }
            out
        }
        Keep::Lowest => {
            // kept = min(fixed, lowest fresh): P(lowest fresh >= v) = S(v)^s.
            let m = fixed.unwrap_or(i64::MAX);
            let at_or_above_m = add_up(fresh.iter().enumerate().filter(|&(i, _)| value(i) >= m).map(|(_, &p)| p));
            let mut out = if fixed.is_some() { vec![(m, at_or_above_m.powi(n))] } else { Vec::new() };
            let mut above = at_or_above_m;
            for (i, p) in fresh.iter().enumerate().rev().filter(|&(i, _)| value(i) < m) {
                let from = above + p;
                out.push((value(i), from.powi(n) - above.powi(n)));
                above = from;
            }
            out
        }
    }
}

/// The chance of succeeding when the dice not rerolled keep `fixed` and `s` fresh d20s are thrown.
pub fn option_chance(aim: &Aim, keep: Keep, fresh: &[f64], fixed: Option<i64>, s: u32) -> f64 {
    if s == 0 {
        return fixed.map_or(0.0, |v| aim.chance(v));
    }
    add_up(option_dist(keep, fresh, fixed, s).into_iter().map(|(v, p)| p * aim.chance(v)))
}

/// What the dice not rerolled keep, when the lowest `s` of the faces in range (`in_range`, ascending) are
/// rerolled and `out_of_range` summarises the others (their highest for ▲, lowest for ▼).
fn fixed_after(keep: Keep, in_range: &[i64], out_of_range: Option<i64>, s: usize) -> Option<i64> {
    let left = &in_range[s..];
    match keep {
        Keep::Highest | Keep::Single => out_of_range.max(left.last().copied()),
        Keep::Lowest => left.first().copied().or(out_of_range),
    }
}

/// The best number of d20s to reroll (the lowest faces in range first): the smallest with the highest chance.
fn best_count(aim: &Aim, keep: Keep, fresh: &[f64], in_range: &[i64], out_of_range: Option<i64>) -> usize {
    let mut best = (0, f64::NEG_INFINITY);
    for s in 0..=in_range.len() {
        let fixed = fixed_after(keep, in_range, out_of_range, s);
        let p = option_chance(aim, keep, fresh, fixed, s as u32);
        if p > best.1 + TIE {
            best = (s, p);
        }
    }
    best.0
}

/// For a roll: which d20s (indices) to reroll under `best`, given each d20's first value (its first face, or
/// its whole chain's value when that face is out of range) and whether it is in the ♻ range.
pub fn best_rerolls(aim: &Aim, dice: &CheckDice, budget: f64, first: &[(i64, bool)]) -> Vec<usize> {
    let (fresh, _) = fresh(dice, budget);
    let mut in_range: Vec<usize> = (0..first.len()).filter(|&i| first[i].1).collect();
    sorted::sort_indices(&mut in_range, &|a, b| (first[a].0, a).cmp(&(first[b].0, b)));
    let faces: Vec<i64> = in_range.iter().map(|&i| first[i].0).collect();
    let others = first.iter().filter(|d| !d.1).map(|d| d.0);
    let out_of_range = match dice.keep {
        Keep::Lowest => others.min(),
        _ => others.max(),
    };
    let s = best_count(aim, dice.keep, &fresh, &faces, out_of_range);
    let mut chosen = in_range[..s].to_vec();
    sorted::sort(&mut chosen);
    chosen
}

fn binomial(n: u32, r: u32) -> f64 {
    (0..r).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// The kept d20's value under `best`, exactly: the first faces the decision depends on are walked, and each
/// decision's kept value is added with its probability. Errors if ▼ would need more than
/// [`MAX_BEST_FACE_SETS`] combinations of faces in range.
pub fn best_kept_value(aim: &Aim, dice: &CheckDice, budget: f64) -> Result<Dist, RequestError> {
    let (fresh, cut) = fresh(dice, budget);
    let n = dice.count;
    let k = dice.reroll_up_to as i64;
    // One die's chance of each value with its first face out of range (values above k).
    let out: Vec<(i64, f64)> =
        fresh.iter().enumerate().map(|(i, &p)| (i as i64 + 1, p)).filter(|&(v, p)| v > k && p > 0.0).collect();
    let mut pairs: Vec<(i64, f64)> = Vec::new();
    let mut add = |weight: f64, keep: Keep, fixed: Option<i64>, s: usize| {
        if weight > 0.0 {
            pairs.extend(option_dist(keep, &fresh, fixed, s as u32).into_iter().map(|(v, p)| (v, p * weight)));
        }
    };
    match dice.keep {
        Keep::Highest | Keep::Single => {
            // The decision depends on how many are in range (r) and the highest value (m).
            for r in 0..=n {
                let ways = binomial(n, r) * (1.0 / 20.0f64).powi(r as i32);
                if r == n {
                    // Every first face in range: the highest face decides.
                    for m in 1..=k {
                        let count = (m as f64).powi(n as i32) - ((m - 1) as f64).powi(n as i32);
                        let faces: Vec<i64> =
                            (0..n as usize).map(|i| if i + 1 == n as usize { m } else { 1 }).collect();
                        let s = best_count(aim, dice.keep, &fresh, &faces, None);
                        add(ways * count, dice.keep, fixed_after(dice.keep, &faces, None, s), s);
                    }
                } else {
                    let mut below = 0.0f64;
                    for &(m, p) in &out {
                        let upto = below + p;
                        let w = upto.powi((n - r) as i32) - below.powi((n - r) as i32);
                        below = upto;
                        let faces = vec![1; r as usize];
                        let s = best_count(aim, dice.keep, &fresh, &faces, Some(m));
                        add(ways * (k as f64).powi(r as i32) * w, dice.keep, Some(m), s);
                    }
                }
            }
        }
        Keep::Lowest => {
            let sets: f64 = (0..=n).map(|r| binomial(k as u32 + r - 1, r)).sum();
            if sets > MAX_BEST_FACE_SETS as f64 {
                return Err(RequestError::new(
                    "reroll",
                    format!(
                        "the exact odds of \"best\" for {} walk about {} sets of faces in the ♻ range",
                        dice,
                        crate::decimal::fixed(sets, 0)
                    ),
                    format!(
                        "at most {MAX_BEST_FACE_SETS} (fewer d20s or ♻ marks), or \"always\" or \"never\", whose odds \
                         need no walk"
                    ),
                ));
            }
            // The chance of each option, computed once: rerolling the lowest s of the faces in range leaves the
            // (s+1)-th lowest face c (s < r), or, with every face in range rerolled, the lowest value o out of range.
            let kept_face: Vec<Vec<f64>> = (0..=n)
                .map(|s| (1..=k).map(|c| option_chance(aim, Keep::Lowest, &fresh, Some(c), s)).collect())
                .collect();
            // Weight of each decision (dice rerolled, what the others keep), expanded into values at the end.
            let mut decisions: std::collections::BTreeMap<(u32, Option<i64>), f64> = Default::default();
            for r in 0..=n {
                let ways = binomial(n, r) * (1.0 / 20.0f64).powi(r as i32);
                // The lowest value out of range, its probability and the chance when all r are rerolled.
                let mut lowest: Vec<(Option<i64>, f64, f64)> = Vec::new();
                if r == n {
                    lowest.push((None, 1.0, option_chance(aim, Keep::Lowest, &fresh, None, r)));
                } else {
                    let mut above = 0.0f64;
                    for &(m, p) in out.iter().rev() {
                        let from = above + p;
                        let w = from.powi((n - r) as i32) - above.powi((n - r) as i32);
                        lowest.push((Some(m), w, option_chance(aim, Keep::Lowest, &fresh, Some(m), r)));
                        above = from;
                    }
                }
                each_multiset(r as usize, k, |faces, orderings| {
                    let orderings = orderings as f64;
                    // The best option keeping at least one face in range (the smallest s on a tie).
                    let mut keep_some: Option<(u32, f64)> = None;
                    for (s, &c) in faces.iter().enumerate() {
                        let p = kept_face[s][c as usize - 1];
                        if keep_some.is_none_or(|(_, best)| p > best + TIE) {
                            keep_some = Some((s as u32, p));
                        }
                    }
                    for &(o, w, all) in &lowest {
                        let decision = match keep_some {
                            Some((s, p)) if all <= p + TIE => (s, Some(faces[s as usize])),
                            _ => (r, o),
                        };
                        *decisions.entry(decision).or_insert(0.0) += ways * orderings * w;
                    }
                });
            }
            for ((s, fixed), w) in decisions {
                add(w, Keep::Lowest, fixed, s as usize);
            }
        }
    }
    let d = Dist::from_pairs(pairs);
    // What the explosion tail cut off (each fresh die's cut, spread over the decisions).
    let lost = if dice.explode && cut > 0.0 { (1.0 - d.total_mass()).max(0.0) } else { 0.0 };
    Ok(d.with_truncated_mass(lost))
}
