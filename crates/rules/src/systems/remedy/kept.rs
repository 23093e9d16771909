//! The kept d20's value distribution: ▲ keeps the highest of N, ▼ the lowest.
//!
//! The N dice are independent and alike, so with F(v) = P(one die <= v) and S(v) = P(one die >= v):
//! P(highest <= v) = F(v)^N and P(lowest >= v) = S(v)^N. Since a die's natural is a function of its value
//! (see [`super::d20`]), this one distribution also gives the kept die's natural.

use super::check_dice::{CheckDice, Keep};
use super::d20::value_probs;
use crate::dist::Dist;

/// The kept die's value (explosions followed until less than `budget` mass per die is left).
pub fn kept_value(dice: &CheckDice, budget: f64) -> Dist {
    let (probs, cut) = value_probs(dice, budget);
    let n = dice.count as i32;
    let len = probs.len();
    match dice.keep {
        Keep::Single => Dist::from_dense(1, probs, cut),
        Keep::Highest => {
            let mut out = vec![0.0; len];
            let mut below = 0.0f64; // F(v - 1)
            for (i, p) in probs.iter().enumerate() {
                let upto = below + p;
                out[i] = upto.powi(n) - below.powi(n);
                below = upto;
            }
            let cut_kept = 1.0 - below.powi(n);
            Dist::from_dense(1, out, cut_kept.max(0.0))
        }
        Keep::Lowest => {
            let mut out = vec![0.0; len];
            let mut above = cut; // S(v + 1), the cut mass counted as above everything
            for i in (0..len).rev() {
                let from = above + probs[i];
                out[i] = from.powi(n) - above.powi(n);
                above = from;
            }
            Dist::from_dense(1, out, cut.powi(n))
        }
    }
}
