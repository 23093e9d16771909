//! The canonical printed form of an expression: it re-parses to an equal [`Expr`].
//!
//! Canonical choices: the dice count is always written (`1d6`), `d%` prints as `d100`, `k` as `kh1`, Remedy
//! marks as their generic equivalents (`▲▲` as `kh2`, `♻` as `ro<=1`), a bare compare number as `=N`,
//! modifiers in application order (reroll, explode, keep, success), spaces around binary operators, and only
//! the parentheses precedence needs.

use super::ast::*;
use std::fmt::{self, Display, Formatter};

impl Display for Compare {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Compare::Eq(n) => write!(f, "={n}"),
            Compare::Lt(n) => write!(f, "<{n}"),
            Compare::Le(n) => write!(f, "<={n}"),
            Compare::Gt(n) => write!(f, ">{n}"),
            Compare::Ge(n) => write!(f, ">={n}"),
        }
    }
}

impl Display for DiceGroup {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.count, self.die.name())?;
        if let Some(r) = self.reroll {
            write!(f, "{}{}", if r.once { "ro" } else { "r" }, r.on)?;
        }
        if let Some(e) = self.explode {
            f.write_str(match e.kind {
                ExplodeKind::Standard => "!",
                ExplodeKind::Compound => "!!",
                ExplodeKind::Penetrate => "!p",
            })?;
            // A bare `!` right before a success compare point would swallow it: spell the default out there.
            let bare_ok = self.success.is_none() || self.keep.is_some();
            if e.on != Compare::Eq(self.die.max_face()) || !bare_ok {
                write!(f, "{}", e.on)?;
            }
        }
        match self.keep {
            Some(Keep::Highest(n)) => write!(f, "kh{n}")?,
            Some(Keep::Lowest(n)) => write!(f, "kl{n}")?,
            Some(Keep::DropHighest(n)) => write!(f, "dh{n}")?,
            Some(Keep::DropLowest(n)) => write!(f, "dl{n}")?,
            None => {}
        }
        if let Some(s) = self.success {
            write!(f, "{}", s.success)?;
            if let Some(fail) = s.failure {
                write!(f, "f{fail}")?;
            }
        }
        Ok(())
    }
}

impl Display for Node {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Node::Num(n) => write!(f, "{n}"),
            Node::Dice(g) => write!(f, "{g}"),
            Node::Neg(x) => match **x {
                Node::Bin { .. } => write!(f, "-({x})"),
                _ => write!(f, "-{x}"),
            },
            Node::Label(x, l) => match **x {
                Node::Bin { .. } | Node::Neg(_) => write!(f, "({x}) [{l}]"),
                _ => write!(f, "{x} [{l}]"),
            },
            Node::Bin { op, lhs, rhs, .. } => {
                let prec = |n: &Node| match n {
                    Node::Bin { op, .. } => op.precedence(),
                    _ => u8::MAX,
                };
                if prec(lhs) < op.precedence() {
                    write!(f, "({lhs})")?;
                } else {
                    write!(f, "{lhs}")?;
                }
                write!(f, " {} ", op.symbol())?;
                if prec(rhs) <= op.precedence() {
                    write!(f, "({rhs})")
                } else {
                    write!(f, "{rhs}")
                }
            }
        }
    }
}

impl Display for Expr {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.root)?;
        if let Some(c) = &self.comment {
            write!(f, " # {c}")?;
        }
        Ok(())
    }
}
