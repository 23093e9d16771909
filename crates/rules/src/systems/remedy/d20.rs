//! One d20 of a Remedy check: ♻ reroll, then ! explosion.
//!
//! - ♻ (k marks): if the first face is 1..k the die is rerolled once and the new face stands, even if low.
//! - !: if the (possibly rerolled) face is 20, another d20 is thrown and added; a 20 on that throw adds
//!   another, and so on. The added throws are not subject to ♻ (the reroll happens before the explosion).
//! - The die's value is the sum of its chain; its natural is its face after ♻, i.e. the first face of the chain.
//!   Only a 20 explodes, so an exploded die is worth 21 or more and its natural is 20: natural = min(value, 20).

use super::check_dice::CheckDice;
use crate::die::{DieKind, DieRoll};
use crate::rng::{face, RollRng};

/// Most throws an explosion adds to one d20 when rolling; a longer chain stops and the roll says so.
pub const EXPLOSION_CAP: u32 = 100;

/// The natural of a die worth `value` (see the module notes).
pub fn natural_of(value: i64) -> i64 {
    value.min(20)
}

/// One thrown d20 with its chain.
#[derive(Clone, Debug, PartialEq)]
pub struct ThrownD20 {
    /// The throws: the die itself, then any explosion throws.
    pub throws: Vec<DieRoll>,
    /// Sum of the chain.
    pub value: i64,
    /// The chain reached [`EXPLOSION_CAP`].
    pub capped: bool,
}

/// Throw one d20 by the check's marks.
pub fn throw(dice: &CheckDice, role: &str, rng: &mut RollRng) -> ThrownD20 {
    let d20 = DieKind::Standard(20);
    let first = face(rng, 20) as i64;
    let mut die = DieRoll::new(d20, first).with_role(role);
    if first <= dice.reroll_up_to as i64 {
        let again = face(rng, 20) as i64;
        die = DieRoll::new(d20, again).with_role(role);
        die.rerolled = vec![first];
    }
    let mut value = die.face;
    let mut throws = vec![die];
    let mut capped = false;
    let mut added = 0;
    while dice.explode && throws.last().is_some_and(|d| d.face == 20) {
        if added >= EXPLOSION_CAP {
            capped = true;
            break;
        }
        throws.last_mut().expect("a throw").exploded = true;
        let f = face(rng, 20) as i64;
        let mut extra = DieRoll::new(d20, f).with_role(role);
        extra.from_explosion = true;
        value += f;
        throws.push(extra);
        added += 1;
    }
    ThrownD20 { throws, value, capped }
}

/// One die's value distribution as dense probabilities for values 1..=len (index 0 is value 1), and the mass
/// cut off above it: explosion chains are followed until less than `budget` of the mass is left.
pub fn value_probs(dice: &CheckDice, budget: f64) -> (Vec<f64>, f64) {
    let k = dice.reroll_up_to as f64;
    let mut probs: Vec<f64> = (1..=20)
        .map(|x| {
            let first_stands = if x as f64 > k { 1.0 / 20.0 } else { 0.0 };
            first_stands + (k / 20.0) / 20.0
        })
        .collect();
    if !dice.explode {
        return (probs, 0.0);
    }
    // The mass at 20 moves up the chain: 20 + 20j + y (y 1..19) with the remaining mass / 20 each.
    let mut remaining = probs[19];
    probs[19] = 0.0;
    let mut base = 20;
    while remaining >= budget {
        probs.resize(base + 20, 0.0);
        for y in 1..=19 {
            probs[base + y - 1] = remaining / 20.0;
        }
        remaining /= 20.0;
        base += 20;
    }
    (probs, remaining)
}
