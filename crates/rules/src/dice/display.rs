//! The canonical printed form of an expression: it re-parses to an equal [`Expr`].
//!
//! Canonical choices: the dice count is always written (`1d6`), `d%` prints as `d100`, `k` as `kh1`, Remedy
//! marks as their generic equivalents (`▲▲` as `kh2`, `♻` as `ro<=1`), a bare compare number as `=N`,
//! modifiers in application order (reroll, explode, keep, success), spaces around binary operators, and only
//! the parentheses precedence needs.

use super::ast::*;
use super::render::push_int;
use crate::die::DieKind;
use std::fmt::{self, Display, Formatter};

impl Compare {
    /// Append the canonical text (`>=4`) to `s`.
    pub fn push_canonical(&self, s: &mut String) {
        let (op, n) = match *self {
            Compare::Eq(n) => ("=", n),
            Compare::Lt(n) => ("<", n),
            Compare::Le(n) => ("<=", n),
            Compare::Gt(n) => (">", n),
            Compare::Ge(n) => (">=", n),
        };
        s.push_str(op);
        push_int(s, n);
    }
}

impl Display for Compare {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.push_canonical(&mut s);
        f.write_str(&s)
    }
}

impl DiceGroup {
    /// Append the canonical text (`4d6kh3`) to `s` (the [`Display`] form, without going through `fmt`).
    pub fn push_canonical(&self, s: &mut String) {
        push_int(s, self.count as i64);
        match self.die {
            DieKind::Standard(n) => {
                s.push('d');
                push_int(s, n as i64);
            }
            DieKind::Fudge => s.push_str("dF"),
        }
        if let Some(r) = self.reroll {
            s.push_str(if r.once { "ro" } else { "r" });
            r.on.push_canonical(s);
        }
        if let Some(e) = self.explode {
            s.push_str(match e.kind {
                ExplodeKind::Standard => "!",
                ExplodeKind::Compound => "!!",
                ExplodeKind::Penetrate => "!p",
            });
            // A bare `!` right before a success compare point would swallow it: spell the default out there.
            let bare_ok = self.success.is_none() || self.keep.is_some();
            if e.on != Compare::Eq(self.die.max_face()) || !bare_ok {
                e.on.push_canonical(s);
            }
        }
        let keep = match self.keep {
            Some(Keep::Highest(n)) => Some(("kh", n)),
            Some(Keep::Lowest(n)) => Some(("kl", n)),
            Some(Keep::DropHighest(n)) => Some(("dh", n)),
            Some(Keep::DropLowest(n)) => Some(("dl", n)),
            None => None,
        };
        if let Some((k, n)) = keep {
            s.push_str(k);
            push_int(s, n as i64);
        }
        if let Some(sc) = self.success {
            sc.success.push_canonical(s);
            if let Some(fail) = sc.failure {
                s.push('f');
                fail.push_canonical(s);
            }
        }
    }
}

impl Display for DiceGroup {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let mut s = String::with_capacity(16);
        self.push_canonical(&mut s);
        f.write_str(&s)
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
