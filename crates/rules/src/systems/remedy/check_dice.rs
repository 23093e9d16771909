//! The d20s of a Remedy check, in Remedy's own notation: `1d20`, `2d20▲`, `3d20▼♻`, `2d20▲!`.
//!
//! A Remedy check keeps exactly one d20, so only this restricted form is accepted: `Nd20` (N 1 to 10, `d20` alone
//! means `1d20`) followed by marks, read through [`crate::dice::marks::remedy_mark`] (▲ `^`, ▼ `v`, ! `!`,
//! ♻ `~`), in any order, whitespace ignored:
//! - with more than one d20, exactly one ▲ (keep the highest) or one ▼ (keep the lowest);
//! - with one d20, no ▲ or ▼ (there is nothing to choose from);
//! - ▲ and ▼ never together;
//! - ♻ repeated k times (1..=19): a die first showing 1..k is rerolled once, and the new face stands;
//! - at most one `!`: a die showing 20 adds another d20, repeatedly (`!!` would be the generic engine's
//!   compounding, which Remedy does not use).
//!
//! Marks apply in Remedy's fixed order whatever order they were typed in: ♻, then !, then ▲/▼. [`Display`](fmt::Display)
//! writes them in that order, with the Remedy symbols.

use crate::dice::marks::{remedy_mark, RemedyMark};
use crate::systems::RequestError;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Most d20s a check may roll.
pub const MAX_COUNT: u32 = 10;
/// Most ♻ marks (with 20 every face would be rerolled).
pub const MAX_REROLL: u32 = 19;
/// The longest dice text read (the longest valid one, `10d20` with 19 ♻, `!` and `▲`, is 26 characters).
pub const MAX_TEXT: usize = 64;

/// What [`CheckDice`] accepts, as error messages say it.
pub const ALLOWED: &str = "`Nd20` with N 1 to 10, then marks: exactly one ▲ (^) or ▼ (v) when N > 1 and none \
                           when N = 1 (a check keeps one d20); optionally ♻ (~) 1 to 19 times and one !";

/// Which d20 a check keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Keep {
    /// One d20 was rolled; it is kept.
    Single,
    /// ▲: the highest is kept.
    Highest,
    /// ▼: the lowest is kept.
    Lowest,
}

/// A check's d20s: how many, the ♻ range, whether they explode, which one is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CheckDice {
    /// d20s rolled (1..=10).
    pub count: u32,
    /// ♻: faces 1..=reroll_up_to are rerolled once (0: no reroll).
    pub reroll_up_to: u32,
    /// !: a 20 adds another d20, repeatedly.
    pub explode: bool,
    /// Which die is kept.
    pub keep: Keep,
}

impl CheckDice {
    /// A plain `1d20`.
    pub const PLAIN: CheckDice = CheckDice { count: 1, reroll_up_to: 0, explode: false, keep: Keep::Single };

    /// The notation with ASCII marks (`2d20~!^`).
    pub fn to_ascii(&self) -> String {
        self.write(|m| m.ascii())
    }

    fn write(&self, sym: impl Fn(RemedyMark) -> char) -> String {
        let mut s = format!("{}d20", self.count);
        for _ in 0..self.reroll_up_to {
            s.push(sym(RemedyMark::Reroll));
        }
        if self.explode {
            s.push(sym(RemedyMark::Explode));
        }
        match self.keep {
            Keep::Single => {}
            Keep::Highest => s.push(sym(RemedyMark::Advantage)),
            Keep::Lowest => s.push(sym(RemedyMark::Disadvantage)),
        }
        s
    }
}

impl fmt::Display for CheckDice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.write(|m| m.symbol()))
    }
}

fn bad(problem: impl Into<String>) -> RequestError {
    RequestError::new("dice", problem, ALLOWED)
}

impl FromStr for CheckDice {
    type Err = RequestError;

    /// Parse a check's dice; the error names the field `dice` and says what is allowed.
    fn from_str(text: &str) -> Result<Self, RequestError> {
        let n = text.chars().count();
        if n > MAX_TEXT {
            return Err(RequestError::new(
                "dice",
                format!("`{}` is {n} characters long", crate::systems::check::shown(text)),
                format!("at most {MAX_TEXT} characters: {ALLOWED}"),
            ));
        }
        let s: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let mut chars = s.chars().peekable();
        let mut count_text = String::new();
        while let Some(c) = chars.peek().copied().filter(char::is_ascii_digit) {
            count_text.push(c);
            chars.next();
        }
        if !matches!(chars.next(), Some('d' | 'D')) {
            return Err(bad(format!("`{text}` is not a number of d20s")));
        }
        let mut sides = String::new();
        while let Some(c) = chars.peek().copied().filter(char::is_ascii_digit) {
            sides.push(c);
            chars.next();
        }
        if sides != "20" {
            return Err(bad(format!("`{text}`: a Remedy check rolls d20s, not d{sides}")));
        }
        let count: u32 = if count_text.is_empty() { 1 } else { count_text.parse().unwrap_or(u32::MAX) };
        if !(1..=MAX_COUNT).contains(&count) {
            return Err(bad(format!("`{text}`: {count_text} d20s is out of range")));
        }
        let (mut up, mut down, mut bang, mut reroll) = (0u32, 0u32, 0u32, 0u32);
        for c in chars {
            match remedy_mark(c) {
                Some(RemedyMark::Advantage) => up += 1,
                Some(RemedyMark::Disadvantage) => down += 1,
                Some(RemedyMark::Explode) => bang += 1,
                Some(RemedyMark::Reroll) => reroll += 1,
                None => return Err(bad(format!("`{text}`: `{c}` is not a Remedy mark"))),
            }
        }
        if up > 0 && down > 0 {
            return Err(bad(format!("`{text}`: ▲ and ▼ cannot be used together")));
        }
        let keep_marks = up + down;
        let keep = match (count, up, down) {
            (1, 0, 0) => Keep::Single,
            (1, _, _) => {
                return Err(bad(format!("`{text}`: one d20 takes no ▲ or ▼ (there is nothing to choose from)")))
            }
            (_, 1, 0) => Keep::Highest,
            (_, 0, 1) => Keep::Lowest,
            (_, 0, 0) => {
                return Err(bad(format!("`{text}`: {count} d20s need a ▲ or ▼ to say which one the check keeps")))
            }
            _ => {
                return Err(bad(format!(
                    "`{text}`: {keep_marks} keep marks would keep {keep_marks} dice; a check keeps one d20"
                )))
            }
        };
        if bang > 1 {
            return Err(bad(format!("`{text}`: more than one !")));
        }
        if reroll > MAX_REROLL {
            return Err(bad(format!("`{text}`: {reroll} ♻ marks is too many")));
        }
        Ok(CheckDice { count, reroll_up_to: reroll, explode: bang == 1, keep })
    }
}
