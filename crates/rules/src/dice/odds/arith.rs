//! Odds of the arithmetic tree: `+ -` by convolution, `* /` and every other operator and function by the
//! distribution over both operands' values, all bounds checked (support, work, 64-bit overflow, a possible
//! division by zero or fractional exponent) before or while computing, never after a long wait.

use super::super::ast::{BinOp, Func, Node};
use super::super::error::NotationError;
use super::super::limits::MAX_ODDS_SUPPORT;
use super::super::value::{self, PowError, Value};
use super::budget::{check_support, Budget};
use super::exact::{Inner, Odds};
use super::fastmap::{Key, ValueMap};
use super::group_odds;
use crate::decimal::scientific;
use crate::dist::Dist;
use num_traits::Signed;

/// Steps charged per pair of values combined through a hash map (several times a dense multiply-add).
const SPARSE_PAIR_COST: f64 = 8.0;

fn overflow(col: usize) -> NotationError {
    NotationError::new(col, "a possible result does not fit in a 64-bit integer").allowing(format!(
        "{} to {}",
        i64::MIN,
        i64::MAX
    ))
}

fn division_by_zero(col: usize, rhs: &Node, pz: f64) -> NotationError {
    NotationError::new(col, format!("division by zero: `{rhs}` can be 0 (probability {})", scientific(pz, 3)))
        .allowing("a divisor that can never be 0")
}

pub(crate) fn node_odds(node: &Node, budget: &mut Budget) -> Result<Odds, NotationError> {
    match node {
        Node::Num(n) => Ok(Dist::point(*n).into()),
        Node::Decimal(v) => Ok(Odds::from_pairs(ValueMap::from_iter([(Key(*v), 1.0)]), 0.0)),
        Node::Dice(g) => {
            g.validate()?;
            Ok(group_odds(g, budget)?.into())
        }
        Node::Label(x, _) => node_odds(x, budget),
        Node::Group(g) => super::roll_group::roll_group_odds(g, budget, node_odds),
        Node::Neg(x) => {
            let d = node_odds(x, budget)?;
            match d.inner {
                Inner::Whole(d) => {
                    if d.min() == Some(i64::MIN) {
                        return Err(overflow(1));
                    }
                    Ok(d.neg().into())
                }
                _ => map(&d, budget, 1, |v| value::sub(value::int(0), v).ok_or(PowError::Overflow), node),
            }
        }
        Node::Call { func: func @ (Func::Floor | Func::Ceil | Func::Round), args, pos } if is_quotient(&args[0]) => {
            let Node::Bin { lhs, rhs, pos: div, .. } = &args[0] else { unreachable!("a quotient") };
            let a = node_odds(lhs, budget)?;
            let b = node_odds(rhs, budget)?;
            let f = |v: Value| match func {
                Func::Floor => v.floor(),
                Func::Ceil => v.ceil(),
                _ => v.round(),
            };
            if let Some(d) = rounded_quotient(&a, &b, budget, pos.0, f)? {
                return Ok(d.into());
            }
            let q = binary(BinOp::Div, &a, &b, budget, div.0, rhs)?;
            map(&q, budget, pos.0, |v| Ok(f(v)), node)
        }
        Node::Call { func, args, pos } => {
            let col = pos.0;
            let mut odds = Vec::with_capacity(args.len());
            for a in args {
                odds.push(node_odds(a, budget)?);
            }
            let x = odds.remove(0);
            match func {
                Func::Floor => map(&x, budget, col, |v| Ok(v.floor()), node),
                Func::Ceil => map(&x, budget, col, |v| Ok(v.ceil()), node),
                Func::Round => map(&x, budget, col, |v| Ok(v.round()), node),
                Func::Sign => map(&x, budget, col, |v| Ok(value::int(v.numer().signum())), node),
                Func::Abs => map(
                    &x,
                    budget,
                    col,
                    |v| if *v.numer() == i64::MIN { Err(PowError::Overflow) } else { Ok(v.abs()) },
                    node,
                ),
                Func::Min | Func::Max => {
                    let max = *func == Func::Max;
                    odds.into_iter().try_fold(x, |acc, y| {
                        let f = |a: i64, b: i64| if max { a.max(b) } else { a.min(b) };
                        let bounds = |(a0, a1): (i64, i64), (b0, b1): (i64, i64)| Some((a0.min(b0), a1.max(b1)));
                        if let Some(d) = whole_pairs(&acc, &y, budget, col, bounds, f)? {
                            return Ok(d.into());
                        }
                        combine(&acc, &y, budget, col, |a, b| Ok(if max { a.max(b) } else { a.min(b) }), &args[1])
                    })
                }
                Func::Pow => binary(BinOp::Pow, &x, &odds[0], budget, col, &args[1]),
            }
        }
        Node::Bin { op, lhs, rhs, pos } => {
            let a = node_odds(lhs, budget)?;
            let b = node_odds(rhs, budget)?;
            binary(*op, &a, &b, budget, pos.0, rhs)
        }
    }
}

/// `a op b` for independent operands.
fn binary(op: BinOp, a: &Odds, b: &Odds, budget: &mut Budget, col: usize, rhs: &Node) -> Result<Odds, NotationError> {
    if matches!(op, BinOp::Div | BinOp::IntDiv) {
        let pz = b.p(0);
        if pz > 0.0 {
            return Err(division_by_zero(col, rhs, pz));
        }
    }
    if let (Inner::Whole(x), Inner::Whole(y)) = (&a.inner, &b.inner) {
        if matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::IntDiv) {
            if let Some(d) = whole_binary(op, x, y, budget, col)? {
                return Ok(d.into());
            }
        }
    }
    if op == BinOp::Rem {
        // the remainder lies between 0 and the divisor, or is the dividend where the divisor is 0
        let bounds = |(a0, a1): (i64, i64), (b0, b1): (i64, i64)| {
            let zero = b0 <= 0 && 0 <= b1;
            let lo = 0.min(if b0 < 0 { b0 + 1 } else { 0 }).min(if zero { a0 } else { 0 });
            let hi = 0.max(if b1 > 0 { b1 - 1 } else { 0 }).max(if zero { a1 } else { 0 });
            Some((lo, hi))
        };
        if let Some(d) = whole_pairs(a, b, budget, col, bounds, rem_whole)? {
            return Ok(d.into());
        }
    }
    combine(
        a,
        b,
        budget,
        col,
        |x, y| match op {
            BinOp::Add => value::add(x, y).ok_or(PowError::Overflow),
            BinOp::Sub => value::sub(x, y).ok_or(PowError::Overflow),
            BinOp::Mul => value::mul(x, y).ok_or(PowError::Overflow),
            BinOp::Div => value::div(x, y).ok_or(PowError::Overflow),
            BinOp::IntDiv => value::int_div(x, y).ok_or(PowError::Overflow),
            BinOp::Rem => value::rem(x, y).ok_or(PowError::Overflow),
            BinOp::Pow => value::pow(x, y),
        },
        rhs,
    )
}

/// Whole operands, dense: `+ -` convolve, `* /` over the dense range of the result. None when that range is
/// over the size limit (the sparse path may still fit: `1d6 * 100000` has 6 values).
fn whole_binary(op: BinOp, a: &Dist, b: &Dist, budget: &mut Budget, col: usize) -> Result<Option<Dist>, NotationError> {
    let (Some(a0), Some(a1), Some(b0), Some(b1)) = (a.min(), a.max(), b.min(), b.max()) else {
        return Ok(Some(Dist::from_pairs([])));
    };
    let (a0, a1, b0, b1) = (a0 as i128, a1 as i128, b0 as i128, b1 as i128);
    let (lo, hi) = match op {
        BinOp::Add => (a0 + b0, a1 + b1),
        BinOp::Sub => (a0 - b1, a1 - b0),
        BinOp::Mul => {
            let c = [a0 * b0, a0 * b1, a1 * b0, a1 * b1];
            (*c.iter().min().unwrap(), *c.iter().max().unwrap())
        }
        _ => {
            if a0 == i64::MIN as i128 && b.p(-1) > 0.0 {
                return Err(overflow(col));
            }
            let m = a0.abs().max(a1.abs());
            (-m, m)
        }
    };
    if lo < i64::MIN as i128 || hi > i64::MAX as i128 {
        return Err(overflow(col));
    }
    match op {
        BinOp::Add | BinOp::Sub => {
            budget.charge((a.support_len() * b.support_len()) as f64, col)?;
            check_support(lo, hi, col)?;
            Ok(Some(if op == BinOp::Add { a.add(b) } else { a.add(&b.neg()) }))
        }
        BinOp::Mul => {
            if hi - lo >= MAX_ODDS_SUPPORT as i128 {
                return Ok(None);
            }
            budget.charge((a.support_len() * b.support_len()) as f64, col)?;
            Ok(Some(product(a, b, lo as i64, hi as i64, |x, y| x * y)))
        }
        _ => {
            budget.charge((a.support_len() * b.support_len()) as f64, col)?;
            // The quotient's true range can be much narrower than the bound: compute it exactly.
            let (mut qlo, mut qhi) = (i64::MAX, i64::MIN);
            for x in [a0 as i64, a1 as i64] {
                for (y, _) in b.iter() {
                    qlo = qlo.min(x / y);
                    qhi = qhi.max(x / y);
                }
            }
            if (qhi as i128 - qlo as i128) >= MAX_ODDS_SUPPORT as i128 {
                return Ok(None);
            }
            Ok(Some(product(a, b, qlo, qhi, |x, y| x / y)))
        }
    }
}

/// `x / y` with notation version 2's exact division.
fn is_quotient(node: &Node) -> bool {
    matches!(node, Node::Bin { op: BinOp::Div, .. })
}

/// `floor`, `ceil` or `round` (`f`) of X / c for a whole X and a whole constant c other than 0 (halving a roll,
/// `floor(3d6/2)`), straight into whole numbers: the same values, probabilities, budget charges and checks as
/// the division into fractions and the function over them, without the fractions in between. None (nothing
/// charged) for any other operands: the caller then divides and maps.
fn rounded_quotient(
    a: &Odds,
    b: &Odds,
    budget: &mut Budget,
    col: usize,
    f: impl Fn(Value) -> Value,
) -> Result<Option<Dist>, NotationError> {
    let (Some(x), Some(y)) = (a.whole(), b.whole()) else { return Ok(None) };
    let (Some(c), Some(c1), Some(x0), Some(x1)) = (y.min(), y.max(), x.min(), x.max()) else { return Ok(None) };
    const SMALL: i64 = 1 << 62;
    if c != c1 || c == 0 || c.abs() > SMALL || x0 < -SMALL || x1 > SMALL {
        return Ok(None);
    }
    // as `combine` (every pair) and `map` (every quotient: as many as values of X, c being one number) charge
    let n = a.len() as f64;
    budget.charge(n * SPARSE_PAIR_COST, col)?;
    budget.charge(n * SPARSE_PAIR_COST, col)?;
    #[cfg(feature = "opcount")]
    crate::opcount::add(a.len());
    let q = |v: i64| *f(Value::new(v, c)).numer();
    let (lo, hi) = if c > 0 { (q(x0), q(x1)) } else { (q(x1), q(x0)) };
    let mut p = vec![0.0; (hi - lo + 1) as usize];
    for (v, pv) in x.iter() {
        p[(q(v) - lo) as usize] += pv * y.p(c);
    }
    let t = 1.0 - (1.0 - x.truncated_mass()) * (1.0 - y.truncated_mass());
    Ok(Some(Dist::from_dense(lo, p, t)))
}

/// The remainder of whole numbers as [`value::rem`] takes it (the sign of the divisor; `a % 0` is `a`), for
/// operands within ±2^31 (where nothing overflows).
pub(crate) fn rem_whole(a: i64, b: i64) -> i64 {
    if b == 0 {
        return a;
    }
    let q = a / b - i64::from(a % b != 0 && (a < 0) != (b < 0));
    a - b * q
}

/// f(X, Y) of whole operands straight into a dense vector, for an f that cannot fail on operands within ±2^31
/// and stays within `bounds((lo X, hi X), (lo Y, hi Y))`. The same budget is charged as for [`combine`], so a
/// refusal reads the same. None (nothing charged) when an operand is not whole, is beyond ±2^31, or the range
/// is over the size limit: [`combine`] then takes it.
fn whole_pairs(
    a: &Odds,
    b: &Odds,
    budget: &mut Budget,
    col: usize,
    bounds: impl Fn((i64, i64), (i64, i64)) -> Option<(i64, i64)>,
    f: impl Fn(i64, i64) -> i64,
) -> Result<Option<Dist>, NotationError> {
    let (Some(x), Some(y)) = (a.whole(), b.whole()) else { return Ok(None) };
    let (Some(a0), Some(a1), Some(b0), Some(b1)) = (x.min(), x.max(), y.min(), y.max()) else { return Ok(None) };
    const SMALL: i64 = 1 << 31;
    if [a0, a1, b0, b1].iter().any(|v| !(-SMALL..=SMALL).contains(v)) {
        return Ok(None);
    }
    let Some((lo, hi)) = bounds((a0, a1), (b0, b1)) else { return Ok(None) };
    if hi - lo >= MAX_ODDS_SUPPORT as i64 {
        return Ok(None);
    }
    budget.charge(a.len() as f64 * b.len() as f64 * SPARSE_PAIR_COST, col)?;
    Ok(Some(product(x, y, lo, hi, f)))
}

/// The distribution of f(X, Y) for independent X, Y, into a dense vector over `lo..=hi` (f must stay there).
fn product(a: &Dist, b: &Dist, lo: i64, hi: i64, f: impl Fn(i64, i64) -> i64) -> Dist {
    #[cfg(feature = "opcount")]
    crate::opcount::add(a.support_len() * b.support_len());
    let mut p = vec![0.0; (hi - lo + 1) as usize];
    for (x, px) in a.iter() {
        for (y, py) in b.iter() {
            p[(f(x, y) - lo) as usize] += px * py;
        }
    }
    let t = 1.0 - (1.0 - a.truncated_mass()) * (1.0 - b.truncated_mass());
    Dist::from_dense(lo, p, t)
}

/// Adds `p` to `v`'s probability in `m`, failing when the result would have more values than the size limit.
fn put(m: &mut ValueMap, v: Value, p: f64, col: usize) -> Result<(), NotationError> {
    *m.entry(Key(v)).or_insert(0.0) += p;
    if m.len() as u64 > MAX_ODDS_SUPPORT {
        return Err(NotationError::new(
            col,
            format!("the exact odds here would have more than {MAX_ODDS_SUPPORT} possible totals"),
        )
        .allowing(format!("at most {MAX_ODDS_SUPPORT} possible totals, the exact-odds size limit")));
    }
    Ok(())
}

/// The error for a value `f` cannot take (`arg` is the operand it came from, shown by its notation).
fn value_error(e: PowError, col: usize, arg: &Node, v: Value, p: f64) -> NotationError {
    match e {
        PowError::Overflow => overflow(col),
        PowError::ZeroDivision => NotationError::new(
            col,
            format!(
                "division by zero: 0 to a negative power (`{arg}` can be {}, probability {})",
                value::value_text(v),
                scientific(p, 3)
            ),
        )
        .allowing("a base that can never be 0, or an exponent of 0 or more"),
        PowError::Fraction => NotationError::new(
            col,
            format!(
                "`{arg}` can be {} (probability {}): a power's exponent must be a whole number",
                value::value_text(v),
                scientific(p, 3)
            ),
        )
        .allowing("a whole-number exponent (floor(), ceil() or round() make one)"),
    }
}

/// f(X) over every value.
fn map(
    x: &Odds,
    budget: &mut Budget,
    col: usize,
    f: impl Fn(Value) -> Result<Value, PowError>,
    node: &Node,
) -> Result<Odds, NotationError> {
    budget.charge(x.len() as f64 * SPARSE_PAIR_COST, col)?;
    #[cfg(feature = "opcount")]
    crate::opcount::add(x.len() * SPARSE_PAIR_COST as usize);
    let mut m = ValueMap::with_capacity_and_hasher(x.len(), Default::default());
    for (v, p) in x.iter() {
        let y = f(v).map_err(|e| value_error(e, col, node, v, p))?;
        put(&mut m, y, p, col)?;
    }
    Ok(Odds::from_pairs(m, x.truncated_mass()))
}

/// f(X, Y) over every pair of values of independent X and Y; an error of f names `rhs` and the value of Y.
fn combine(
    a: &Odds,
    b: &Odds,
    budget: &mut Budget,
    col: usize,
    f: impl Fn(Value, Value) -> Result<Value, PowError>,
    rhs: &Node,
) -> Result<Odds, NotationError> {
    budget.charge(a.len() as f64 * b.len() as f64 * SPARSE_PAIR_COST, col)?;
    #[cfg(feature = "opcount")]
    crate::opcount::add(a.len() * b.len() * SPARSE_PAIR_COST as usize);
    let bs: Vec<(Value, f64)> = b.iter().collect();
    let mut m = ValueMap::default();
    for (x, px) in a.iter() {
        for &(y, py) in &bs {
            let v = f(x, y).map_err(|e| value_error(e, col, rhs, y, py))?;
            put(&mut m, v, px * py, col)?;
        }
    }
    let t = 1.0 - (1.0 - a.truncated_mass()) * (1.0 - b.truncated_mass());
    Ok(Odds::from_pairs(m, t))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_remainder_is_the_exact_one() {
        for a in -40..=40 {
            for b in -13..=13 {
                assert_eq!(value::int(rem_whole(a, b)), value::rem(value::int(a), value::int(b)).unwrap(), "{a} % {b}");
            }
        }
    }
}
