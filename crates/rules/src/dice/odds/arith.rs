//! Odds of the arithmetic tree: `+ -` by convolution, `* /` by the product distribution, all bounds checked
//! (support, work, 64-bit overflow, possible division by zero) before computing.

use super::super::ast::{BinOp, Node};
use super::super::error::NotationError;
use super::budget::{check_support, Budget};
use super::group_odds;
use crate::dist::Dist;

fn overflow(col: usize) -> NotationError {
    NotationError::new(col, "a possible result does not fit in a 64-bit integer").allowing(format!(
        "{} to {}",
        i64::MIN,
        i64::MAX
    ))
}

pub(crate) fn node_odds(node: &Node, budget: &mut Budget) -> Result<Dist, NotationError> {
    match node {
        Node::Num(n) => Ok(Dist::point(*n)),
        Node::Dice(g) => {
            g.validate()?;
            group_odds(g, budget)
        }
        Node::Label(x, _) => node_odds(x, budget),
        Node::Neg(x) => {
            let d = node_odds(x, budget)?;
            if d.min() == Some(i64::MIN) {
                return Err(overflow(1));
            }
            Ok(d.neg())
        }
        Node::Bin { op, lhs, rhs, pos } => {
            let a = node_odds(lhs, budget)?;
            let b = node_odds(rhs, budget)?;
            let col = pos.0;
            let (Some(a0), Some(a1), Some(b0), Some(b1)) = (a.min(), a.max(), b.min(), b.max()) else {
                return Ok(Dist::from_pairs([]));
            };
            let (a0, a1, b0, b1) = (a0 as i128, a1 as i128, b0 as i128, b1 as i128);
            let (lo, hi) = match op {
                BinOp::Add => (a0 + b0, a1 + b1),
                BinOp::Sub => (a0 - b1, a1 - b0),
                BinOp::Mul => {
                    let c = [a0 * b0, a0 * b1, a1 * b0, a1 * b1];
                    (*c.iter().min().unwrap(), *c.iter().max().unwrap())
                }
                BinOp::Div => {
                    let pz = b.p(0);
                    if pz > 0.0 {
                        return Err(NotationError::new(
                            col,
                            format!("division by zero: `{rhs}` can be 0 (probability {pz:.3e})"),
                        )
                        .allowing("a divisor that can never be 0"));
                    }
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
            let work = (a.support_len() * b.support_len()) as f64;
            budget.charge(work, col)?;
            match op {
                BinOp::Add => {
                    check_support(lo, hi, col)?;
                    Ok(a.add(&b))
                }
                BinOp::Sub => {
                    check_support(lo, hi, col)?;
                    Ok(a.add(&b.neg()))
                }
                BinOp::Mul => {
                    check_support(lo, hi, col)?;
                    Ok(product(&a, &b, lo as i64, hi as i64, |x, y| x * y))
                }
                BinOp::Div => {
                    // The quotient's true range can be much narrower than the bound: compute it exactly.
                    let (mut qlo, mut qhi) = (i64::MAX, i64::MIN);
                    for x in [a0 as i64, a1 as i64] {
                        for (y, _) in b.iter() {
                            qlo = qlo.min(x / y);
                            qhi = qhi.max(x / y);
                        }
                    }
                    check_support(qlo as i128, qhi as i128, col)?;
                    Ok(product(&a, &b, qlo, qhi, |x, y| x / y))
                }
            }
        }
    }
}

/// The distribution of f(X, Y) for independent X, Y, into a dense vector over `lo..=hi` (f must stay there).
fn product(a: &Dist, b: &Dist, lo: i64, hi: i64, f: impl Fn(i64, i64) -> i64) -> Dist {
    let mut p = vec![0.0; (hi - lo + 1) as usize];
    for (x, px) in a.iter() {
        for (y, py) in b.iter() {
            p[(f(x, y) - lo) as usize] += px * py;
        }
    }
    let t = 1.0 - (1.0 - a.truncated_mass()) * (1.0 - b.truncated_mass());
    Dist::from_dense(lo, p, t)
}
