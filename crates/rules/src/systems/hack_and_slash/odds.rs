//! Exact Hack & Slash odds without enumerating opposers: for each face of the action's die, the chance that the
//! highest opposing roll is at most x is the product of every opposer's P(roll <= x) (opposers with the same
//! bonus share one factor raised to their count). A single action is the same sum with the failure die as the
//! only "opposer".

use super::half::Halves;
use super::level::{INTERFERENCE_FULL, INTERFERENCE_PARTIAL};
use super::request::{Against, Checked};
use crate::dist::Dist;
use crate::systems::{Chance, Odds};
use std::collections::BTreeMap;

/// P(2 * d6 + bonus <= x), all in half steps.
fn cdf(bonus: Halves, x: Halves) -> f64 {
    ((x - bonus).div_euclid(2).clamp(0, 6)) as f64 / 6.0
}

/// The opposing side's bonuses with how many roll with each (a difficulty is one "opposer"), and whether the
/// action is opposed.
fn opposer_groups(checked: &Checked) -> (BTreeMap<Halves, i32>, bool) {
    let mut groups: BTreeMap<Halves, i32> = BTreeMap::new();
    match &checked.against {
        Against::Difficulty(d) => {
            groups.insert(*d, 1);
            (groups, false)
        }
        Against::Opponents(list) => {
            for &b in list {
                *groups.entry(b).or_insert(0) += 1;
            }
            (groups, true)
        }
    }
}

/// P(highest opposing roll <= x), in half steps.
fn all_at_most(groups: &BTreeMap<Halves, i32>, x: Halves) -> f64 {
    groups.iter().map(|(&b, &n)| cdf(b, x).powi(n)).product::<f64>()
}

/// The exact distribution of a checked request's success level, in half steps: the action's roll (2 x d6 +
/// bonus, in halves) less the highest opposing roll, whose chance of each value is
/// P(highest <= m) - P(highest <= m - 1).
pub(crate) fn level_dist(checked: &Checked) -> Dist {
    let (groups, _) = opposer_groups(checked);
    let lowest = groups.keys().next().copied().unwrap_or(0) + 2;
    let highest = groups.keys().next_back().copied().unwrap_or(0) + 12;
    let opposing = Dist::from_pairs(
        (lowest..=highest).map(|m| (m, (all_at_most(&groups, m) - all_at_most(&groups, m - 1)).max(0.0))),
    );
    let action = Dist::from_pairs((1..=6).map(|die| (2 * die + checked.bonus, 1.0 / 6.0)));
    action.add(&opposing.neg())
}

/// Odds of a checked request. Opposed requests also get the events `interference_full` (at least one opposer
/// beats the action by 1 or more) and `interference_partial` (at least one ties it or beats it by 1/2).
pub(crate) fn level_odds(checked: &Checked) -> Odds {
    let (groups, opposed) = opposer_groups(checked);
    let all_at_most = |x: Halves| all_at_most(&groups, x);
    let none_within = |lo: Halves, hi: Halves| {
        groups.iter().map(|(&b, &n)| (1.0 - (cdf(b, hi) - cdf(b, lo - 1))).powi(n)).product::<f64>()
    };
    let (mut full, mut half, mut fail, mut i_full, mut i_partial) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for die in 1..=6 {
        let a = 2 * die + checked.bonus;
        let below_full = all_at_most(a - 2); // level >= 1
        let at_most_tie = all_at_most(a); // level >= 0
        full += below_full / 6.0;
        half += (at_most_tie - below_full) / 6.0;
        fail += (1.0 - at_most_tie) / 6.0;
        i_full += (1.0 - all_at_most(a + 1)) / 6.0;
        i_partial += (1.0 - none_within(a, a + 1)) / 6.0;
    }
    let events = if opposed {
        vec![Chance::new(INTERFERENCE_FULL, i_full), Chance::new(INTERFERENCE_PARTIAL, i_partial)]
    } else {
        Vec::new()
    };
    Odds {
        outcomes: vec![
            Chance::new("full_success", full),
            Chance::new("half_success", half),
            Chance::new("failure", fail),
        ],
        events,
        truncated_mass: 0.0,
    }
}
