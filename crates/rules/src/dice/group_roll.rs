//! A dice group once rolled ([`GroupRoll`]): its dice, in throw order, and what they add up to. The roller
//! (`roll.rs`) makes it and the renderer (`render.rs`) writes it out; both take it from here.

use crate::die::DieRoll;
use serde::{Deserialize, Serialize};

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
    /// True if some die reached [`MAX_EXPLOSIONS_PER_DIE`](super::limits::MAX_EXPLOSIONS_PER_DIE) and stopped exploding.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub explosion_capped: bool,
    /// True if every throw is a die of its own, explosion throws included (notation version 3's `!` and `!p`):
    /// keep, drop and counting chose among throws, and the breakdown lists them apart.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub throws_apart: bool,
}

impl GroupRoll {
    /// Each die as (first throw, one past its last throw, value): a die and the throws its explosions added
    /// count as one, unless the throws are dice of their own ([`throws_apart`](Self::throws_apart)). Read as
    /// the dice are walked: no list is built (keep/drop across a `{...}` group reads them twice a group).
    pub(crate) fn dice_spans(&self) -> Spans<'_> {
        Spans { dice: &self.dice, next: 0, apart: self.throws_apart }
    }
}

/// The iterator of [`GroupRoll::dice_spans`].
pub(crate) struct Spans<'a> {
    dice: &'a [DieRoll],
    next: usize,
    apart: bool,
}

impl Iterator for Spans<'_> {
    type Item = (usize, usize, i64);

    fn next(&mut self) -> Option<(usize, usize, i64)> {
        let a = self.next;
        let mut value = self.dice.get(a)?.value;
        let mut b = a + 1;
        // a die and the throws its explosions added (the first throw is never counted as added)
        while !self.apart && b < self.dice.len() && self.dice[b].from_explosion {
            value += self.dice[b].value;
            b += 1;
        }
        self.next = b;
        Some((a, b, value))
    }
}
