//! One d20 of a Remedy check: ♻ reroll, then ! explosion.
//!
//! - ♻ (k marks): if the first face is 1..k the die is rerolled once and the new face stands, even if low.
//! - !: if the (possibly rerolled) face is 20, another d20 is thrown and added; a 20 on that throw adds
//!   another, and so on. The added throws are not subject to ♻ (the reroll happens before the explosion).
//! - Both are the generic notation's `1d20ro<=k!` ([`as_group`]): the tray and a check share one implementation.
//! - The die's value is the sum of its chain; its natural is its face after ♻, i.e. the first face of the chain.
//!   Only a 20 explodes, so an exploded die is worth 21 or more and its natural is 20: natural = min(value, 20).

use super::check_dice::CheckDice;
use crate::dice::limits::MAX_EXPLOSIONS_PER_DIE;
use crate::dice::{one_die_value, Compare, DiceGroup, Explode, ExplodeKind, Reroll};
use crate::die::{DieKind, DieRoll};
use crate::rng::RollRng;

/// Most throws an explosion adds to one d20 when rolling; a longer chain stops and the roll says so.
pub const EXPLOSION_CAP: u32 = MAX_EXPLOSIONS_PER_DIE;

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

/// The check's d20 as a group of the generic notation (`1d20ro<=k!`): the tray and a check read ♻ and ! through
/// this one group, for rolling ([`DiceGroup::roll_die`]) and for the odds ([`one_die_value`]).
pub fn as_group(dice: &CheckDice) -> DiceGroup {
    let mut g = DiceGroup::new(1, DieKind::Standard(20));
    if dice.reroll_up_to > 0 {
        g.reroll = Some(Reroll { on: Compare::Le(dice.reroll_up_to as i64), once: true });
    }
    if dice.explode {
        g.explode = Some(Explode { kind: ExplodeKind::Standard, on: Compare::Eq(20) });
    }
    g
}

/// Throw one d20 by the check's marks.
pub fn throw(dice: &CheckDice, role: &str, rng: &mut RollRng) -> ThrownD20 {
    let mut throws = Vec::with_capacity(1);
    let (value, capped) = as_group(dice).roll_die(rng, &mut throws);
    for t in &mut throws {
        t.role = Some(role.to_string());
    }
    ThrownD20 { throws, value, capped }
}

/// One die's value distribution as dense probabilities for values 1..=len (index 0 is value 1), and the mass
/// cut off above it: explosion chains are followed until less than `budget` of the mass is left.
pub fn value_probs(dice: &CheckDice, budget: f64) -> (Vec<f64>, f64) {
    let (min, probs, cut) = one_die_value(&as_group(dice), budget).expect("a d20 group is within every limit");
    let mut out = vec![0.0; (min - 1) as usize];
    out.extend(probs);
    (out, cut)
}
