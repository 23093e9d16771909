//! The canonical printed form of an expression: it re-parses to an equal [`Expr`].
//!
//! Canonical choices: the dice count is always written (`1d6`), `d%` prints as `d100`, `k` as `kh1`, Remedy
//! marks as their generic equivalents (`▲▲` as `kh2`, `♻` as `ro<=1`) in notation versions 1 and 2, a bare
//! compare number as `=N`, modifiers in application order (legacy: reroll, min, max, explode, unique, keep,
//! drop, success; version 3: min, max, explode, reroll, unique, keep, drop, success), spaces around binary
//! operators, and only the parentheses precedence needs. In version 3 a group written with Remedy's marks
//! keeps their order, so it prints its ♻ reroll as `~` marks (or its ▲/▼ keep as `^`/`v`), which re-parse to it.

use super::ast::*;
use super::digits::push_int;
use super::value;
use crate::die::DieKind;
use std::fmt::{self, Display, Formatter};

impl Compare {
    /// Append the canonical text (`>=4`) to `s`.
    pub fn push_canonical(&self, s: &mut String) {
        let (op, n) = match *self {
            Compare::Eq(n) => ("=", n),
            Compare::Ne(n) => ("<>", n),
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
            DieKind::FudgeOne => s.push_str("dF.1"),
        }
        // A group in Remedy's marks prints one of them as a mark, so it re-parses to their order.
        let (reroll_marks, keep_marks) = self.marks_printed();
        let rpg = self.order == ModifierOrder::RpgDiceRoller;
        if !rpg {
            self.push_reroll(s, reroll_marks);
        }
        if let Some(m) = self.min {
            s.push_str("min");
            push_int(s, m);
        }
        if let Some(m) = self.max {
            s.push_str("max");
            push_int(s, m);
        }
        if let Some(e) = self.explode {
            s.push_str(match e.kind {
                ExplodeKind::Standard => "!",
                ExplodeKind::Compound => "!!",
                ExplodeKind::Penetrate => "!p",
            });
            // A bare `!` right before a success compare point would swallow it: spell the default out there.
            // (a keep, a unique rule printed before the success point, or version 3's reroll come between)
            let unique_last = self.unique.is_some_and(|u| u.on.is_none()) && self.keep.is_none() && self.drop.is_none();
            let bare_ok = self.success.is_none()
                || self.keep.is_some()
                || (self.unique.is_some() && !unique_last)
                || (rpg && self.reroll.is_some());
            if e.on != Compare::Eq(self.die.max_face()) || !bare_ok {
                e.on.push_canonical(s);
            }
        }
        if rpg {
            self.push_reroll(s, None);
        }
        // A unique rule without a compare point right before a success point would take it as its own
        // (`4d6u>3`): then it is written after the success point.
        let unique_last = self.unique.is_some_and(|u| u.on.is_none())
            && self.success.is_some()
            && self.keep.is_none()
            && self.drop.is_none();
        if !unique_last {
            self.push_unique(s);
        }
        match (self.keep, keep_marks) {
            (Some(Keep::Highest(n) | Keep::Lowest(n)), Some(mark)) => (0..n).for_each(|_| s.push(mark)),
            (Some(k), _) => push_keep(s, k),
            (None, _) => {}
        }
        if let Some(d) = self.drop {
            push_keep(s, d);
        }
        if let Some(sc) = self.success {
            push_success(s, sc);
        }
        if unique_last {
            self.push_unique(s);
        }
        if let Some(c) = self.crit_success {
            s.push_str("cs");
            c.push_canonical(s);
        }
        if let Some(c) = self.crit_failure {
            s.push_str("cf");
            c.push_canonical(s);
        }
        if let Some(o) = self.sort {
            s.push_str(if o == Sort::Descending { "sd" } else { "sa" });
        }
    }
}

/// Append `kh3`, `dl1`, ... for a keep/drop rule.
pub(crate) fn push_keep(s: &mut String, k: Keep) {
    let (t, n) = match k {
        Keep::Highest(n) => ("kh", n),
        Keep::Lowest(n) => ("kl", n),
        Keep::DropHighest(n) => ("dh", n),
        Keep::DropLowest(n) => ("dl", n),
    };
    s.push_str(t);
    push_int(s, n as i64);
}

/// Append a success compare point and its failure point (`>=4f=1`).
pub(crate) fn push_success(s: &mut String, sc: Success) {
    sc.success.push_canonical(s);
    if let Some(fail) = sc.failure {
        s.push('f');
        fail.push_canonical(s);
    }
}

impl RollGroup {
    /// Append the group's modifiers in the order they apply (`kh1dl1>=7sd`).
    pub fn push_modifiers(&self, s: &mut String) {
        if let Some(k) = self.keep {
            push_keep(s, k);
        }
        if let Some(d) = self.drop {
            push_keep(s, d);
        }
        if let Some(sc) = self.success {
            push_success(s, sc);
        }
        if let Some(o) = self.sort {
            s.push_str(if o == Sort::Descending { "sd" } else { "sa" });
        }
    }
    /// Append the canonical text (`{4d6 + 2d8, 3d20}kh1`).
    pub fn push_canonical(&self, s: &mut String) {
        s.push('{');
        for (i, e) in self.exprs.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            e.push_canonical(s);
        }
        s.push('}');
        self.push_modifiers(s);
    }
}

impl DiceGroup {
    /// For a group in Remedy's marks ([`ModifierOrder::RemedyMarks`]): the reroll printed as `~` marks
    /// (Some(count)) and/or the keep as `^` or `v` marks (Some(mark)); at least one when either can be.
    fn marks_printed(&self) -> (Option<i64>, Option<char>) {
        if self.order != ModifierOrder::RemedyMarks {
            return (None, None);
        }
        let r = match self.reroll {
            Some(Reroll { on: Compare::Le(k), once: true }) if k >= 1 => Some(k),
            _ => None,
        };
        let k = match self.keep {
            Some(Keep::Highest(n)) => Some((n as i64, '^')),
            Some(Keep::Lowest(n)) if n >= 1 => Some((n as i64, 'v')),
            _ => None,
        };
        let k = k.filter(|&(n, _)| n >= 1);
        let use_r = r.is_some_and(|r| r <= 32 || k.is_none_or(|(n, _)| r <= n));
        let use_k = k.is_some_and(|(n, _)| !use_r || n <= 32);
        (r.filter(|_| use_r), k.filter(|_| use_k).map(|(_, m)| m))
    }

    fn push_reroll(&self, s: &mut String, marks: Option<i64>) {
        if let Some(k) = marks {
            (0..k).for_each(|_| s.push('~'));
        } else if let Some(r) = self.reroll {
            s.push_str(if r.once { "ro" } else { "r" });
            r.on.push_canonical(s);
        }
    }

    fn push_unique(&self, s: &mut String) {
        if let Some(u) = self.unique {
            s.push_str(if u.once { "uo" } else { "u" });
            if let Some(on) = u.on {
                on.push_canonical(s);
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

impl Node {
    /// Append the canonical text to `s` (the [`Display`] form, without going through `fmt`).
    pub fn push_canonical(&self, s: &mut String) {
        match self {
            Node::Num(n) => push_int(s, *n),
            Node::Dice(g) => g.push_canonical(s),
            Node::Neg(x) => {
                let paren = matches!(**x, Node::Bin { .. });
                s.push_str(if paren { "-(" } else { "-" });
                x.push_canonical(s);
                if paren {
                    s.push(')');
                }
            }
            Node::Label(x, l) => {
                let paren = matches!(**x, Node::Bin { .. } | Node::Neg(_));
                if paren {
                    s.push('(');
                }
                x.push_canonical(s);
                s.push_str(if paren { ") [" } else { " [" });
                s.push_str(l);
                s.push(']');
            }
            Node::Bin { op, lhs, rhs, .. } => {
                let (pl, pr) = (Node::needs_parens(*op, lhs, true), Node::needs_parens(*op, rhs, false));
                if pl {
                    s.push('(');
                }
                lhs.push_canonical(s);
                s.push_str(if pl { ") " } else { " " });
                s.push_str(op.text());
                s.push_str(if pr { " (" } else { " " });
                rhs.push_canonical(s);
                if pr {
                    s.push(')');
                }
            }
            Node::Decimal(v) => s.push_str(&value::decimal_within(*v, 18).unwrap_or_else(|| value::value_text(*v))),
            Node::Group(g) => g.push_canonical(s),
            Node::Call { func, args, .. } => {
                s.push_str(func.name());
                s.push('(');
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    a.push_canonical(s);
                }
                s.push(')');
            }
        }
    }
}

impl Display for Node {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let mut s = String::with_capacity(32);
        self.push_canonical(&mut s);
        f.write_str(&s)
    }
}

impl Expr {
    /// Append the canonical text to `s` (the [`Display`] form, without going through `fmt`).
    pub fn push_canonical(&self, s: &mut String) {
        self.root.push_canonical(s);
        if let Some(c) = &self.comment {
            s.push_str(" # ");
            s.push_str(c);
        }
    }
}

impl Display for Expr {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let mut s = String::with_capacity(32);
        self.push_canonical(&mut s);
        f.write_str(&s)
    }
}
