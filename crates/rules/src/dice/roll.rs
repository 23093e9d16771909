//! Rolling: a dice group into its dice, an expression into a full breakdown. Every roll is made from a
//! [`RollRng`]; [`Expr::roll`] seeds one from a recorded `u64` so (seed, notation) always replays the same roll.

use super::ast::*;
use super::error::NotationError;
use super::limits::{MAX_EXPLOSIONS_PER_DIE, MAX_REROLLS_PER_DIE};
use super::render;
use crate::die::{DieKind, DieRoll};
use crate::rng::{face, seeded, RollRng};
use serde::{Deserialize, Serialize};
use std::fmt::Write;

/// One dice group rolled.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GroupRoll {
    /// The group in canonical notation (`4d6kh3`).
    pub notation: String,
    /// Every throw, in order; the throws an explosion added follow the die that exploded (`from_explosion`).
    pub dice: Vec<DieRoll>,
    /// The group's value: the sum of kept dice, or with a success compare point, successes less failures.
    pub subtotal: i64,
    /// True if the group counts successes (so `subtotal` is a count).
    pub successes: bool,
    /// True if some die reached [`MAX_EXPLOSIONS_PER_DIE`] and stopped exploding.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub explosion_capped: bool,
}

/// The value of a `[label]`led part of the expression.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LabelRoll {
    pub label: String,
    pub value: i64,
}

/// One expression rolled: everything needed to show and replay it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExprRoll {
    /// The expression in canonical notation.
    pub expr: String,
    /// The seed the roll was made from (None if made from a caller's generator).
    pub seed: Option<u64>,
    pub total: i64,
    /// Every dice group, in reading order.
    pub groups: Vec<GroupRoll>,
    /// Every labelled part with its value, in reading order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub labels: Vec<LabelRoll>,
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
#[inline]
fn draw(kind: DieKind, rng: &mut RollRng) -> i64 {
    match kind {
        DieKind::Standard(s) => face(rng, s) as i64,
        DieKind::Fudge => face(rng, 3) as i64 - 2,
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
            if depth > 0 {
                d.from_explosion = true;
                if matches!(self.explode, Some(Explode { kind: ExplodeKind::Penetrate, .. })) {
                    d.penetrated = true;
                    d.value = f - 1;
                }
            }
            value += d.value;
            let explodes = self.explode.is_some_and(|e| e.on.matches(f));
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

    /// Roll the group: reroll, explode, keep/drop, count successes, in that order. A die and the throws its
    /// explosions added count as one die (worth their sum) for keeping and for success counting.
    pub fn roll(&self, rng: &mut RollRng) -> GroupRoll {
        let n = self.count as usize;
        let mut dice: Vec<DieRoll> = Vec::with_capacity(n);
        let mut capped = false;
        // (first throw, one past the last throw, value) of each die; only built when a die can have several throws
        let mut chains: Vec<(usize, usize, i64)> = Vec::new();
        if self.reroll.is_none() && self.explode.is_none() {
            dice.extend((0..n).map(|_| DieRoll::new(self.die, draw(self.die, rng))));
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
        // the value and first-throw index of die i
        let value = |dice: &[DieRoll], i: usize| if single { dice[i].value } else { chains[i].2 };
        let first = |i: usize| if single { i } else { chains[i].0 };
        if let Some(k) = self.keep {
            let (high, kept) = k.kept(self.count);
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
        let mut notation = String::with_capacity(16);
        self.push_canonical(&mut notation);
        GroupRoll { notation, dice, subtotal, successes: self.success.is_some(), explosion_capped: capped }
    }
}

struct Eval<'a> {
    rng: &'a mut RollRng,
    groups: Vec<GroupRoll>,
    labels: Vec<LabelRoll>,
}

fn overflow(pos: Pos) -> NotationError {
    NotationError::new(pos.0, "the result does not fit in a 64-bit integer").allowing(format!(
        "{} to {}",
        i64::MIN,
        i64::MAX
    ))
}

impl Eval<'_> {
    /// The value of a node; its text is appended to `out`.
    fn eval(&mut self, node: &Node, out: &mut String) -> Result<i64, NotationError> {
        Ok(match node {
            Node::Num(n) => {
                render::push_int(out, *n);
                *n
            }
            Node::Dice(g) => {
                let r = g.roll(self.rng);
                render::push_group_text(out, &r);
                let v = r.subtotal;
                self.groups.push(r);
                v
            }
            Node::Neg(x) => {
                let paren = matches!(**x, Node::Bin { .. });
                out.push_str(if paren { "-(" } else { "-" });
                let v = self.eval(x, out)?;
                if paren {
                    out.push(')');
                }
                v.checked_neg().ok_or_else(|| overflow(Pos(1)))?
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
            Node::Bin { op, lhs, rhs, pos } => {
                let prec = |n: &Node| match n {
                    Node::Bin { op, .. } => op.precedence(),
                    _ => u8::MAX,
                };
                let (pl, pr) = (prec(lhs) < op.precedence(), prec(rhs) <= op.precedence());
                out.push_str(if pl { "(" } else { "" });
                let a = self.eval(lhs, out)?;
                let _ = write!(out, "{} {} {}", if pl { ")" } else { "" }, op.symbol(), if pr { "(" } else { "" });
                let b = self.eval(rhs, out)?;
                out.push_str(if pr { ")" } else { "" });
                match op {
                    BinOp::Add => a.checked_add(b),
                    BinOp::Sub => a.checked_sub(b),
                    BinOp::Mul => a.checked_mul(b),
                    BinOp::Div => {
                        if b == 0 {
                            let why = if matches!(**rhs, Node::Num(_)) {
                                "dividing by 0".to_string()
                            } else {
                                format!("`{rhs}` rolled 0")
                            };
                            return Err(NotationError::new(pos.0, format!("division by zero: {why}"))
                                .allowing("a divisor that is not 0"));
                        }
                        a.checked_div(b)
                    }
                }
                .ok_or_else(|| overflow(*pos))?
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
        let mut ev = Eval { rng, groups: Vec::new(), labels: Vec::new() };
        let mut expr = String::with_capacity(32);
        self.push_canonical(&mut expr);
        let mut text = String::with_capacity(64);
        let total = ev.eval(&self.root, &mut text)?;
        let _ = write!(text, " = {total}");
        if let Some(c) = &self.comment {
            let _ = write!(text, "  # {c}");
        }
        Ok(ExprRoll {
            expr,
            seed: None,
            total,
            groups: ev.groups,
            labels: ev.labels,
            comment: self.comment.clone(),
            text,
        })
    }
}
