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
    /// count as one, unless the throws are dice of their own ([`throws_apart`](Self::throws_apart)).
    pub(crate) fn dice_spans(&self) -> Vec<(usize, usize, i64)> {
        if self.throws_apart {
            self.dice.iter().enumerate().map(|(i, d)| (i, i + 1, d.value)).collect()
        } else {
            chains(&self.dice)
        }
    }
}

/// Each die of a rolled group as (first throw, one past its last throw, value): a die and the throws its
/// explosions added count as one.
pub(crate) fn chains(dice: &[DieRoll]) -> Vec<(usize, usize, i64)> {
    let mut out: Vec<(usize, usize, i64)> = Vec::new();
    for (i, d) in dice.iter().enumerate() {
        match out.last_mut() {
            Some(c) if d.from_explosion => {
                c.1 = i + 1;
                c.2 += d.value;
            }
            _ => out.push((i, i + 1, d.value)),
        }
    }
    out
}
