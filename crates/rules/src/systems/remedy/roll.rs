//! Rolling a Remedy check: the d20s, the kept one, the dominance or threat d6s, the total and the result.

use super::check_dice::{CheckDice, Keep};
use super::d20::{natural_of, throw, ThrownD20, EXPLOSION_CAP};
use super::outcome::{against_dc, contest, Natural, Outcome};
pub use super::outcome::{EVENT_CANCELLED, EVENT_CRITICAL_HIT};
use super::policy::RerollPolicy;
use super::request::{Against, Reactive, Side};
use super::reroll::{best_rerolls, Aim};
use crate::die::{DieKind, DieRoll};
use crate::rng::{face, RollRng};
use crate::sorted;
use crate::systems::RequestError;
use serde::{Deserialize, Serialize};

/// One side's check, fully broken down.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CheckRoll {
    /// The d20s in canonical Remedy notation (`2d20▲`).
    pub notation: String,
    /// Every die: the d20 throws (each followed by its explosion throws; only the kept chain is `kept`), then
    /// the net dominance (`value` = +face) or threat (`value` = -face) d6s. Empty in [`RemedyRoll::check`],
    /// whose dice are the roll's own `dice`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<DieRoll>,
    /// The kept d20's face after ♻ (the first face of its chain).
    pub natural: i64,
    /// The kept d20's value (its chain's sum with !).
    pub kept: i64,
    pub ability: i64,
    /// Net dominance d6s added (positive) or threat d6s subtracted (negative).
    pub d6: i64,
    pub bonus: i64,
    /// kept + ability + d6 + bonus.
    pub total: i64,
    /// The natural is in this side's triumph range.
    pub triumph: bool,
    /// The natural is in this side's disaster range.
    pub disaster: bool,
    /// A d20's explosion chain reached the cap.
    pub explosion_capped: bool,
    /// The d20s (0-based, in throw order) that ♻ rerolled: their first throw lists the face it replaced.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rerolled: Vec<usize>,
    /// The d20s in the ♻ range that were not rerolled: what a "Reroll (♻)" button may still offer
    /// (see [`super::with_chosen_rerolls`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rerollable: Vec<usize>,
}

/// A Remedy roll's full breakdown.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RemedyRoll {
    pub outcome: Outcome,
    /// Events that happened: `critical_hit`, `cancelled`.
    pub events: Vec<String>,
    /// The acting side's total.
    pub total: i64,
    /// The acting side's dice (the opponent's are under `opponent.dice`).
    pub dice: Vec<DieRoll>,
    /// The seed the roll was made from (the dispatcher or [`super::Remedy::roll_seeded`] sets it).
    pub seed: u64,
    /// The acting side in detail (its dice are `dice` above).
    pub check: CheckRoll,
    /// The DC, against a DC.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dc: Option<i64>,
    /// The opponent's check, in a contest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<CheckRoll>,
    /// Who was reactive, in a contest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reactive: Option<Reactive>,
    /// The check was an attack and its triumph applies.
    pub critical_hit: bool,
    /// Per-d20 explosion cap used for rolling.
    pub explosion_cap: u32,
}

/// Roll one side, every d20 in the ♻ range rerolled.
pub fn roll_side(side: &Side, rng: &mut RollRng) -> CheckRoll {
    roll_side_choosing(side, rng, |first| Ok(in_range(first))).expect("always rerolls only dice in range")
}

/// The d20s whose first face is in the ♻ range.
fn in_range(first: &[(i64, bool)]) -> Vec<usize> {
    (0..first.len()).filter(|&i| first[i].1).collect()
}

/// Roll one side; `choose` gets each d20's first value (its first face when in the ♻ range, else its chain's
/// value) and whether it is in range, and says which to reroll. Every d20's reroll is drawn from `rng` whether
/// or not it is taken (see [`super::reroll`]), so the choice never moves the numbers that follow. Errors if
/// `choose` picks a d20 outside the range.
pub fn roll_side_choosing(
    side: &Side,
    rng: &mut RollRng,
    choose: impl FnOnce(&[(i64, bool)]) -> Result<Vec<usize>, RequestError>,
) -> Result<CheckRoll, RequestError> {
    let mut thrown: Vec<_> = (0..side.dice.count).map(|_| throw(&side.dice, "d20", rng)).collect();
    let first: Vec<(i64, bool)> = thrown
        .iter()
        .map(|t| match t.throws[0].rerolled.first() {
            Some(&f) => (f, true),
            None => (t.value, false),
        })
        .collect();
    let chosen = choose(&first)?;
    for (i, &d) in chosen.iter().enumerate() {
        if !first.get(d).is_some_and(|f| f.1) {
            let face = first.get(d).map_or("no face".to_string(), |f| format!("a {}", f.0));
            return Err(RequestError::new(
                format!("rerolled[{i}]"),
                format!("d20 {d} showed {face}, outside the ♻ range 1-{}", side.dice.reroll_up_to),
                format!("d20s whose first face is 1 to {}", side.dice.reroll_up_to),
            ));
        }
    }
    let mut rerollable = Vec::new();
    for (i, t) in thrown.iter_mut().enumerate() {
        if first[i].1 && !chosen.contains(&i) {
            // The reroll stays unused: the first face stands (a face in range is below 20, so it never explodes).
            let role = t.throws[0].role.clone();
            let mut die = DieRoll::new(DieKind::Standard(20), first[i].0);
            die.role = role;
            *t = ThrownD20 { throws: vec![die], value: first[i].0, capped: false };
            rerollable.push(i);
        }
    }
    let mut rerolled = chosen;
    sorted::sort(&mut rerolled);
    let kept_index = pick(&side.dice, thrown.iter().map(|t| t.value));
    let kept = thrown[kept_index].value;
    let explosion_capped = thrown.iter().any(|t| t.capped);
    let mut dice: Vec<DieRoll> = Vec::new();
    for (i, t) in thrown.into_iter().enumerate() {
        dice.extend(t.throws.into_iter().map(|mut d| {
            d.kept = i == kept_index;
            d
        }));
    }
    let mut d6 = 0;
    let role = if side.net_d6 > 0 { "dominance" } else { "threat" };
    for _ in 0..side.net_d6.unsigned_abs() {
        let f = face(rng, 6) as i64;
        let mut die = DieRoll::new(DieKind::Standard(6), f).with_role(role);
        die.value = side.net_d6.signum() * f;
        d6 += die.value;
        dice.push(die);
    }
    let natural = natural_of(kept);
    let class = Natural::of(natural, side.triumph_from, side.disaster_to);
    Ok(CheckRoll {
        notation: side.dice.to_string(),
        dice,
        natural,
        kept,
        ability: side.ability,
        d6,
        bonus: side.bonus,
        total: kept + side.ability + d6 + side.bonus,
        triumph: class == Natural::Triumph,
        disaster: class == Natural::Disaster,
        explosion_capped,
        rerolled,
        rerollable,
    })
}

/// Which die is kept: the first highest (▲) or first lowest (▼) value.
fn pick(dice: &CheckDice, values: impl Iterator<Item = i64>) -> usize {
    let mut best: Option<(usize, i64)> = None;
    for (i, v) in values.enumerate() {
        let better = match (best, dice.keep) {
            (None, _) => true,
            (Some((_, b)), Keep::Highest) => v > b,
            (Some((_, b)), Keep::Lowest) => v < b,
            (Some(_), Keep::Single) => false,
        };
        if better {
            best = Some((i, v));
        }
    }
    best.map_or(0, |(i, _)| i)
}

fn class(c: &CheckRoll) -> Natural {
    if c.triumph {
        Natural::Triumph
    } else if c.disaster {
        Natural::Disaster
    } else {
        Natural::Plain
    }
}

/// Roll a validated request, every d20 in the ♻ range rerolled.
pub fn roll(own: &Side, against: &Against, attack: bool, rng: &mut RollRng) -> RemedyRoll {
    roll_with(own, against, attack, RerollChoice::Policy(RerollPolicy::Always), rng).expect("always is valid")
}

/// How the acting side's ♻ is decided for one roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RerollChoice {
    Policy(RerollPolicy),
    /// The player's own pick (0-based d20 indices).
    Player(Vec<usize>),
}

/// Roll a validated request with the acting side's ♻ decided by `choice` (the opponent's always rerolls).
pub fn roll_with(
    own: &Side,
    against: &Against,
    attack: bool,
    choice: RerollChoice,
    rng: &mut RollRng,
) -> Result<RemedyRoll, RequestError> {
    let mut check = roll_side_choosing(own, rng, |first| {
        Ok(match choice {
            RerollChoice::Policy(RerollPolicy::Always) => in_range(first),
            RerollChoice::Policy(RerollPolicy::Never) => Vec::new(),
            RerollChoice::Policy(RerollPolicy::Best) => {
                let budget = super::totals::budget(own, against);
                best_rerolls(&Aim::new(own, against, budget), &own.dice, budget, first)
            }
            RerollChoice::Player(list) => list,
        })
    })?;
    let (outcome, cancelled, dc, opponent, reactive) = match *against {
        Against::Dc(dc) => {
            let o = against_dc(class(&check), check.total, dc);
            (o, false, Some(dc), None, None)
        }
        Against::Contest { opponent, reactive } => {
            let opp = roll_side(&opponent, rng);
            let (o, c) = contest((class(&check), check.total), (class(&opp), opp.total), reactive);
            (o, c, None, Some(opp), Some(reactive))
        }
    };
    let critical_hit = attack && outcome == Outcome::Triumph;
    let mut events = Vec::new();
    if critical_hit {
        events.push(EVENT_CRITICAL_HIT.to_string());
    }
    if cancelled {
        events.push(EVENT_CANCELLED.to_string());
    }
    let dice = std::mem::take(&mut check.dice);
    Ok(RemedyRoll {
        outcome,
        events,
        total: check.total,
        dice,
        seed: 0,
        check,
        dc,
        opponent,
        reactive,
        critical_hit,
        explosion_cap: EXPLOSION_CAP,
    })
}
