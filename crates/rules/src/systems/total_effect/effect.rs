//! Total//Effect's Effect dice (High, Mid, Low) and what abilities do with them: halve a die, step a die up or
//! down, and the Tier-against-Tier Advantage.

use serde::{Deserialize, Serialize};

/// The three kept dice, highest first, after any Escalation floor or ceiling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effect {
    pub high: i64,
    pub mid: i64,
    pub low: i64,
}

/// Which Effect die an ability reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EffectDie {
    Low,
    Mid,
    High,
}

impl Effect {
    /// From three values in any order: ranked by comparisons alone, since the odds rank the kept dice of every
    /// throw they walk (up to 462 per request) and a sort would allocate there.
    pub fn from_values([a, b, c]: [i64; 3]) -> Effect {
        let (lo, hi) = (a.min(b), a.max(b));
        Effect { high: hi.max(c), mid: lo.max(hi.min(c)), low: lo.min(c) }
    }

    /// The value of one Effect die.
    pub fn die(&self, which: EffectDie) -> i64 {
        match which {
            EffectDie::Low => self.low,
            EffectDie::Mid => self.mid,
            EffectDie::High => self.high,
        }
    }

    /// Step the die an ability reads by `steps` (positive up, negative down). Up: Low -> Mid -> High, then +1 per
    /// further step. Down: High -> Mid -> Low, then -1 per further step, never below 0.
    pub fn step(&self, from: EffectDie, steps: i64) -> i64 {
        match landing(from, steps) {
            Landing::Die(d) => self.die(d),
            Landing::AboveHigh(n) => self.high + n,
            Landing::BelowLow(n) => (self.low - n).max(0),
        }
    }
}

impl EffectDie {
    /// The die's name as the text writes it: "High", "Mid", "Low".
    pub fn name(self) -> &'static str {
        match self {
            EffectDie::Low => "Low",
            EffectDie::Mid => "Mid",
            EffectDie::High => "High",
        }
    }
}

/// Where stepping an Effect die lands, before any dice are known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Landing {
    /// On one of the three dice.
    Die(EffectDie),
    /// Past High: the High die plus this many (one per step beyond High).
    AboveHigh(i64),
    /// Past Low: the Low die less this many (one per step beyond Low), never below 0.
    BelowLow(i64),
}

/// Where `steps` steps (positive up, negative down) from the die `from` land: Low -> Mid -> High, then past them.
pub fn landing(from: EffectDie, steps: i64) -> Landing {
    match from as i64 + steps {
        r if r > 2 => Landing::AboveHigh(r - 2),
        2 => Landing::Die(EffectDie::High),
        1 => Landing::Die(EffectDie::Mid),
        0 => Landing::Die(EffectDie::Low),
        r => Landing::BelowLow(-r),
    }
}

/// Halve a die's value: round down, at least 1 (1-3 -> 1, 4-5 -> 2, 6 -> 3).
pub fn halve(value: i64) -> i64 {
    value.div_euclid(2).max(1)
}

/// Steps on a flat value: each step up adds 1, each step down takes 1 (no floor is stated for flat values).
pub fn step_flat(value: i64, steps: i64) -> i64 {
    value + steps
}

/// The Tier of a character Level: 1-3 -> 1, 4-6 -> 2, 7-9 -> 3; the optional Level 0 -> Tier 0 and Level 10 ->
/// Tier 4; anything above 10 has no Tier.
pub fn tier_of_level(level: u32) -> Option<u32> {
    match level {
        0 => Some(0),
        1..=9 => Some(level.div_ceil(3)),
        10 => Some(4),
        _ => None,
    }
}

/// Tier against Tier: acting on something below the character's Tier gives 1 Advantage, above it 1 Disadvantage,
/// the same Tier neither. Returns (advantage, disadvantage) to add to a request.
pub fn tier_advantage(character_tier: u32, situation_tier: u32) -> (u32, u32) {
    match situation_tier.cmp(&character_tier) {
        std::cmp::Ordering::Less => (1, 0),
        std::cmp::Ordering::Greater => (0, 1),
        std::cmp::Ordering::Equal => (0, 0),
    }
}
