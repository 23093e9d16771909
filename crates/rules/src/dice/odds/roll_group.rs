//! Odds of a `{...}` roll group: keep/drop over sub-roll totals (several sub-expressions) or over the dice inside
//! (one sub-expression), with [`keep_top`]; success counting over kept sub-rolls, or on the one total.

use super::super::ast::{BinOp, DiceGroup, Node, RollGroup};
use super::super::error::NotationError;
use super::super::value::{self, Value};
use super::budget::{check_support, Budget};
use super::die::die_value;
use super::exact::Odds;
use super::fastmap::{Key, ValueMap};
use super::top::{keep_top, work, Item};
use crate::dist::Dist;

fn items_of(odds: &[Odds], negate: bool) -> Vec<Item> {
    odds.iter()
        .map(|o| {
            let mut values: Vec<(Value, f64)> = o.iter().map(|(v, p)| (if negate { -v } else { v }, p)).collect();
            super::exact::sort_values(&mut values);
            Item { values }
        })
        .collect()
}

/// Everything an item loses to truncation, combined.
fn truncated(odds: &[Odds]) -> f64 {
    1.0 - odds.iter().map(|o| 1.0 - o.truncated_mass()).product::<f64>()
}

/// How the odds of a sub-expression are read: the expression walker's `node_odds`, which calls
/// [`roll_group_odds`] for a `{...}` group and is handed back to it, so the group's code does not import the walker.
pub(crate) type NodeOdds = fn(&Node, &mut Budget) -> Result<Odds, NotationError>;

/// The odds of a `{...}` group, its sub-expressions read with `node_odds`.
pub(crate) fn roll_group_odds(g: &RollGroup, budget: &mut Budget, node_odds: NodeOdds) -> Result<Odds, NotationError> {
    let col = g.pos.0;
    if g.keeps_dice() {
        let total = if g.keep.is_none() && g.drop.is_none() {
            node_odds(&g.exprs[0], budget)?
        } else {
            keep_dice_odds(g, budget, node_odds)?
        };
        return match g.success {
            None => Ok(total),
            Some(s) => {
                let mut m = ValueMap::default();
                for (v, p) in total.iter() {
                    *m.entry(Key(value::int(s.score_value(v)))).or_insert(0.0) += p;
                }
                Ok(Odds::from_pairs(m, total.truncated_mass()))
            }
        };
    }
    let subs: Vec<Odds> = g.exprs.iter().map(|e| node_odds(e, budget)).collect::<Result<_, _>>()?;
    let n = subs.len() as u32;
    let (high, k) = g.kept(n).unwrap_or((true, n));
    if k == 1 && g.success.is_none() {
        let whole: Option<Vec<&Dist>> = subs.iter().map(Odds::whole).collect();
        if let Some(whole) = whole {
            return Ok(extreme(&whole, high, budget, col)?.into());
        }
    }
    let score = |v: Value| g.success.map_or(v, |s| value::int(s.score_value(v)));
    let items = items_of(&subs, !high);
    let stat = |u: Value| if high { score(u) } else { score(-u) };
    budget.charge(work(&items, k as usize, 64), col)?;
    let m = keep_top(&items, k as usize, &stat, budget, col)?;
    Ok(Odds::from_pairs(m, truncated(&subs)))
}

/// The highest (or lowest) of independent whole-valued totals, from the product of their distribution
/// functions: P(max <= x) = P(X1 <= x) P(X2 <= x) ...
fn extreme(subs: &[&Dist], high: bool, budget: &mut Budget, col: usize) -> Result<Dist, NotationError> {
    let lo = subs.iter().filter_map(|d| d.min()).min().unwrap_or(0);
    let hi = subs.iter().filter_map(|d| d.max()).max().unwrap_or(0);
    check_support(lo as i128, hi as i128, col)?;
    let width = (hi - lo + 1) as usize;
    budget.charge((width * subs.len()) as f64, col)?;
    #[cfg(feature = "opcount")]
    crate::opcount::add(width * subs.len());
    // at[i]: P(X <= lo + i) for the highest, P(X >= lo + i) for the lowest, multiplied over the totals
    let mut at = vec![1.0f64; width];
    for d in subs {
        let mut run = 0.0;
        let mut cum = vec![0.0f64; width];
        if high {
            for (i, c) in cum.iter_mut().enumerate() {
                run += d.p(lo + i as i64);
                *c = run;
            }
        } else {
            for (i, c) in cum.iter_mut().enumerate().rev() {
                run += d.p(lo + i as i64);
                *c = run;
            }
        }
        at.iter_mut().zip(cum).for_each(|(a, c)| *a *= c);
    }
    let p: Vec<f64> = (0..width)
        .map(|i| {
            let next =
                if high { i.checked_sub(1).map_or(0.0, |j| at[j]) } else { at.get(i + 1).copied().unwrap_or(0.0) };
            (at[i] - next).max(0.0)
        })
        .collect();
    let held: f64 = subs.iter().map(|d| 1.0 - d.truncated_mass()).product();
    Ok(Dist::from_dense(lo, p, 1.0 - held))
}

/// The terms of a sum of dice groups and numbers (`3d6 + 2d8 + 1`), or None for anything else.
fn terms<'n>(node: &'n Node, dice: &mut Vec<&'n DiceGroup>, constant: &mut Value) -> Option<()> {
    match node {
        Node::Dice(g) => dice.push(g),
        Node::Num(n) => *constant = value::add(*constant, value::int(*n))?,
        Node::Decimal(v) => *constant = value::add(*constant, *v)?,
        Node::Label(x, _) => terms(x, dice, constant)?,
        Node::Bin { op: BinOp::Add, lhs, rhs, .. } => {
            terms(lhs, dice, constant)?;
            terms(rhs, dice, constant)?;
        }
        _ => return None,
    }
    Some(())
}

/// `{3d6 + 2d8}kh2`: keep among every die of the dice groups inside.
fn keep_dice_odds(g: &RollGroup, budget: &mut Budget, node_odds: NodeOdds) -> Result<Odds, NotationError> {
    let col = g.pos.0;
    let refuse = |why: &str| {
        NotationError::new(col, format!("no exact odds for this group: {why}")).allowing(
            "a group keeping dice that adds dice groups and numbers, e.g. {3d6 + 2d8}kh2 (it can still be rolled)",
        )
    };
    let mut dice = Vec::new();
    let mut constant = value::int(0);
    terms(&g.exprs[0], &mut dice, &mut constant)
        .ok_or_else(|| refuse("keeping dice across a group is computed only when the group adds its dice with `+`"))?;
    let success = dice.first().and_then(|d| d.success);
    if dice.iter().any(|d| d.success != success) {
        return Err(refuse("its dice groups count in different ways (successes and sums)"));
    }
    if dice.iter().any(|d| d.keep.is_some()) {
        return Err(refuse("a dice group inside keeps or drops dice of its own"));
    }
    if dice.iter().any(|d| d.throws_apart()) {
        return Err(refuse("an explosion's throws are dice of their own (`!` or `!p`), their number unknown"));
    }
    // Unique dice are not independent of each other: one group of them keeps as the group itself would
    // (`{4d6u}kh1` is `4d6ukh1`, plus any numbers); among several groups they are not computed.
    if dice.iter().any(|d| d.unique.is_some()) {
        let [only] = dice.as_slice() else {
            return Err(refuse("a dice group inside rolls unique dice (`u`), so its dice are not independent"));
        };
        let mut inner = (*only).clone();
        (inner.keep, inner.drop) = (g.keep, g.drop);
        let odds = node_odds(&Node::Dice(Box::new(inner)), budget)?;
        let m: Option<ValueMap> = odds.iter().map(|(v, p)| value::add(v, constant).map(|v| (Key(v), p))).collect();
        return m.map(|m| Odds::from_pairs(m, odds.truncated_mass())).ok_or_else(|| too_big(col));
    }
    let mut items = Vec::new();
    let mut held = 1.0;
    let (high, k) = g.kept(dice.iter().map(|d| d.count).sum()).unwrap_or((true, 0));
    for d in &dice {
        d.validate()?;
        let (dense, cut) = if d.order.legacy() { die_value(d, budget)? } else { super::rpg::item_value(d, budget)? };
        let mut values: Vec<(Value, f64)> = dense
            .p
            .iter()
            .enumerate()
            .filter(|(_, &p)| p > 0.0)
            .map(|(i, &p)| {
                let v = value::int(dense.min + i as i64);
                (if high { v } else { -v }, p)
            })
            .collect();
        super::exact::sort_values(&mut values); // each value once: the same order as a stable sort
        held *= (1.0 - cut).powi(d.count as i32);
        for _ in 0..d.count {
            items.push(Item { values: values.clone() });
        }
    }
    let stat = |u: Value| {
        let v = if high { u } else { -u };
        match success {
            Some(s) if v.is_integer() => value::int(s.score(*v.numer())),
            _ => v,
        }
    };
    budget.charge(work(&items, k as usize, 64), col)?;
    let m = keep_top(&items, k as usize, &stat, budget, col)?;
    let m: ValueMap = m
        .into_iter()
        .map(|(v, p)| value::add(v.0, constant).map(|v| (Key(v), p)))
        .collect::<Option<_>>()
        .ok_or_else(|| too_big(col))?;
    Ok(Odds::from_pairs(m, 1.0 - held))
}

fn too_big(col: usize) -> NotationError {
    NotationError::new(col, "a possible result does not fit in a 64-bit integer").allowing(format!(
        "{} to {}",
        i64::MIN,
        i64::MAX
    ))
}
