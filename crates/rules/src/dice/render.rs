//! Plain-text rendering of rolled dice groups.
//!
//! Format: `notation [die, die, ...]`, where each die shows its face and:
//! - `!` after a throw that exploded, the throws of one die joined by `+` (`6!+6!+2`; compounding `6!!+6!!+2`);
//!   in notation version 3 each throw of `!` and `!p` is a die of its own (`6!, 6!, 2`), with its own suffixes;
//! - `5-1` for a penetrating throw (face 5 counting 4);
//! - `1→1→4` for a face (4) that replaced rerolled ones (1, then 1), oldest first (also `u`'s rerolls);
//! - `1↑2` / `6↓4` for a first throw that `min` raised / `max` lowered (face, then the value it counts);
//! - ` critical` / ` fumble` after a die `cs` / `cf` marked;
//! - ` dropped` after a die a keep/drop rule removed;
//! - ` ✓` / ` ✗` after a die counted as a success / failure, and `(N successes)` after the group;
//! - Fudge faces as `+`, `0`, `-`.
//!
//! A whole roll reads `4d6kh3 [6, 5, 3, 1 dropped] + 2 "bonus" = 16  # comment` (labels in double quotes).

use super::ast::DiceGroup;
use super::digits::{push_ascii_prefix, push_comma_digit, push_comma_int, push_if, push_int, Ascii};
use super::group_roll::GroupRoll;
use super::limits::MAX_EXPLOSIONS_PER_DIE;
use crate::die::{DieKind, DieRoll};
use std::fmt::Write;

/// A Fudge face (-1, 0, 1) after `, `, at its face plus one.
const FUDGE_FACES: [Ascii<3>; 3] = [Ascii::new(*b", -"), Ascii::new(*b", 0"), Ascii::new(*b", +")];

#[inline(always)]
fn push_face(s: &mut String, kind: DieKind, f: i64) {
    push_sep_face(s, false, kind, f);
}

/// [`push_face`] after `, ` if `sep`, in one push (a face below 100, or a Fudge face).
#[inline(always)]
fn push_sep_face(s: &mut String, sep: bool, kind: DieKind, f: i64) {
    match kind {
        DieKind::Standard(_) if sep => push_comma_int(s, f),
        DieKind::Standard(_) => push_int(s, f),
        // `+`, `0` or `-` from a table: a branch on the face was mispredicted about twice a `4dF` roll
        _ if (-1..=1).contains(&f) => {
            let faces = &FUDGE_FACES[(f + 1) as usize];
            if sep {
                push_ascii_prefix(s, faces, 3);
            } else {
                s.push(char::from(faces.last()));
            }
        }
        _ => {
            if sep {
                s.push_str(", ");
            }
            push_int(s, f);
        }
    }
}

/// ` dropped`, for a die a keep/drop rule removed.
const DROPPED: Ascii<8> = Ascii::new(*b" dropped");

/// One throw as its text shows it. Most show only their face and maybe `!`: written here, where it is inlined
/// (`10d10!>=8`: about 30 instructions a die), and the rest through a call.
#[inline(always)]
fn push_throw(s: &mut String, sep: bool, d: &DieRoll) {
    if d.rerolled.is_empty() && !d.clamped && !d.penetrated && d.compounded.is_empty() {
        push_sep_face(s, sep, d.kind, d.face);
        if d.exploded {
            s.push('!');
        }
    } else {
        if sep {
            s.push_str(", ");
        }
        push_marked_throw(s, d);
    }
}

/// A throw with rerolls, a clamp, penetration or compounded faces: [`push_throw`]'s rest.
#[inline(never)]
fn push_marked_throw(s: &mut String, d: &DieRoll) {
    for &r in &d.rerolled {
        push_face(s, d.kind, r);
        s.push('→');
    }
    push_face(s, d.kind, d.face);
    if d.clamped {
        s.push(if d.value > d.face { '↑' } else { '↓' });
        push_face(s, d.kind, d.value);
    }
    if d.penetrated {
        s.push_str("-1");
    }
    if !d.compounded.is_empty() {
        for &f in &d.compounded {
            s.push_str("!!+");
            push_face(s, d.kind, f);
        }
    } else if d.exploded {
        s.push('!');
    }
}

/// Suffixes of a die (its first throw carries them for the whole die).
#[inline(always)]
fn push_suffix(s: &mut String, first: &DieRoll) {
    if !first.kept {
        s.push_str(" dropped");
    }
    match first.count {
        1 => s.push_str(" ✓"),
        -1 => s.push_str(" ✗"),
        _ => {}
    }
    push_critical(s, first);
}

/// ` critical` or ` fumble`, if `cs`/`cf` marked the die.
#[inline(always)]
fn push_critical(s: &mut String, d: &DieRoll) {
    match d.critical {
        1 => s.push_str(" critical"),
        -1 => s.push_str(" fumble"),
        _ => {}
    }
}

/// About how long a rolled group's text is, from its rules, so the text is allocated once and not grown as it
/// is written (`20d20kh3`'s 17 ` dropped` dice grew it twice a roll), nor allocated much longer than it needs:
/// a face and its `, ` a die, ` dropped` for each die the keep/drop rule drops, a few bytes a die for the marks
/// other rules can add (they mark some dice, not all), and the success count.
pub(crate) fn text_len_estimate(g: &DiceGroup) -> usize {
    let count = g.count as usize;
    let (lo, hi) = g.kept_span(g.count);
    let dropped = count - (hi - lo) as usize;
    let marks = [
        (g.success.is_some(), 2),
        (g.crit_success.is_some() || g.crit_failure.is_some(), 2),
        (g.reroll.is_some() || g.unique.is_some(), 1),
        (g.explode.is_some(), 3),
        (g.min.is_some() || g.max.is_some(), 2),
    ];
    let per_die = 4 + marks.iter().filter(|m| m.0).map(|m| m.1).sum::<usize>();
    let successes = if g.success.is_some() { " (10 successes)".len() } else { 0 };
    24 + count * per_die + dropped * " dropped".len() + successes
}

/// The text of one rolled group, e.g. `4d6kh3 [6, 5, 3, 1 dropped]`.
pub fn group_text(g: &GroupRoll) -> String {
    let mut s = String::with_capacity(g.notation.len() + 4 + g.dice.len() * 4);
    push_group_text(&mut s, g);
    s
}

/// [`group_text`], appended to `s`.
pub(crate) fn push_group_text(s: &mut String, g: &GroupRoll) {
    push_group_text_of(s, g, Known::Nothing);
}

/// What the caller knows of a group's dice from its rules, so the dice need not be looked over for it first.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Known {
    /// Nothing.
    Nothing,
    /// Every die is one throw (no explosion, reroll or clamp rule).
    OneThrow,
    /// Every die is one throw of a numbered die, and the only mark a die can carry is ` dropped` (no success or
    /// critical rule): the text is faces, commas and ` dropped`, without reading each die's other marks or its kind
    /// (about 40 instructions a die become about 20). `drops`: a keep/drop rule can drop some; `one_digit`: every
    /// face is below 10.
    Faces { drops: bool, one_digit: bool },
}

/// [`push_group_text`], knowing `known` of its dice.
pub(crate) fn push_group_text_of(s: &mut String, g: &GroupRoll, known: Known) {
    s.reserve(g.notation.len() + 4 + g.dice.len() * 4);
    s.push_str(&g.notation);
    s.push_str(" [");
    if let (Known::Faces { drops, one_digit }, false) = (known, g.throws_apart) {
        for (i, d) in g.dice.iter().enumerate() {
            if i == 0 {
                push_int(s, d.face);
            } else if one_digit {
                push_comma_digit(s, d.face);
            } else {
                push_comma_int(s, d.face);
            }
            if drops {
                // no branch on whether the die was dropped: which dice are is random (`20d20kh3` drops 17 of 20)
                push_ascii_prefix(s, &DROPPED, DROPPED.len() * usize::from(!d.kept));
            }
        }
        s.push(']');
        return;
    }
    let single = known != Known::Nothing;
    // One throw per die (no explosions, no rerolls): each die is its face and suffixes.
    let one = |d: &DieRoll| !d.from_explosion && !d.exploded && d.rerolled.is_empty() && !d.penetrated && !d.clamped;
    if single || g.throws_apart || g.dice.iter().all(one) {
        for (i, d) in g.dice.iter().enumerate() {
            if g.throws_apart {
                push_throw(s, i > 0, d);
            } else {
                push_sep_face(s, i > 0, d.kind, d.face);
            }
            if g.successes {
                // which dice are dropped or counted is random (`8d6>=4f1`): the marks are copied and cut, not guessed
                push_if(s, " dropped", !d.kept);
                push_if(s, " ✓", d.count == 1);
                push_if(s, " ✗", d.count == -1);
                if d.critical != 0 {
                    push_critical(s, d);
                }
            } else if !d.kept || d.count != 0 || d.critical != 0 {
                push_suffix(s, d);
            }
        }
    } else {
        let mut first: Option<&DieRoll> = None;
        for d in &g.dice {
            if d.from_explosion && first.is_some() {
                s.push('+');
            } else {
                if let Some(f) = first {
                    push_suffix(s, f);
                    s.push_str(", ");
                }
                first = Some(d);
            }
            push_throw(s, false, d);
        }
        if let Some(f) = first {
            push_suffix(s, f);
        }
    }
    s.push(']');
    if g.successes {
        let n = g.subtotal;
        s.push_str(" (");
        push_int(s, n);
        s.push_str(if n.abs() == 1 { " success)" } else { " successes)" });
    }
    if g.explosion_capped {
        let _ = write!(s, " (a die stopped at the limit of {MAX_EXPLOSIONS_PER_DIE} explosions)");
    }
}
