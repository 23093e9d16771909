//! What a Remedy check needs, and the checks it must pass.
//!
//! ```json
//! {"system":"remedy","dice":"2d20▲","ability":3,"dominance":1,"threat":0,"bonus":0,"dc":12}
//! {"system":"remedy","dice":"1d20","ability":3,"opponent":{"dice":"1d20","ability":2,"dominance":0,"threat":0,"bonus":0},"reactive":"opponent"}
//! ```
//! Optional on both sides: `triumph_from` (default 20) and `disaster_to` (default 1) widen the triumph and
//! disaster ranges; on the acting side `attack: true` makes a triumph a critical hit.

use super::check_dice::CheckDice;
use super::policy::RerollPolicy;
use crate::systems::RequestError;
use serde::{Deserialize, Serialize};

/// One side's check: its d20s and what is added to the kept one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Check {
    /// The d20s in Remedy notation (see [`CheckDice`]).
    pub dice: String,
    /// Ability score added (-10..=30).
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub ability: i32,
    /// Dominance d6s (0..=10); they cancel threat one for one.
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub dominance: i32,
    /// Threat d6s (0..=10), subtracted.
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub threat: i32,
    /// Any other bonus or penalty (-50..=50).
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub bonus: i32,
    /// Naturals from this up to 20 trigger triumph (2..=20, default 20).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub triumph_from: Option<i32>,
    /// Naturals from 1 up to this trigger disaster (1..=19, default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disaster_to: Option<i32>,
}

/// Who makes the reactive check in a contest (ties go to them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reactive {
    /// The acting side is reacting (e.g. a dodge).
    #[serde(rename = "self")]
    Myself,
    /// The opponent is reacting (the default: the acting side initiates).
    #[default]
    Opponent,
}

/// One Remedy check against a DC or in a contest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RemedyRequest {
    /// The d20s in Remedy notation: `1d20`, `2d20▲`, `3d20▼`, `1d20♻`, `2d20^!` ...
    pub dice: String,
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub ability: i32,
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub dominance: i32,
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub threat: i32,
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub bonus: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub triumph_from: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disaster_to: Option<i32>,
    /// Difficulty class (-10..=100). Give either this or `opponent`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dc: Option<i32>,
    /// Contest: the opposing check. Give either this or `dc`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<Check>,
    /// Contest only: who is reactive, `"self"` or `"opponent"` (default). Ignored against a DC.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reactive: Option<Reactive>,
    /// The check is an attack: an applying triumph is a critical hit.
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub attack: bool,
    /// Who decides the acting side's ♻: `"always"`, `"never"` or `"best"` (see [`super::reroll`]).
    ///
    /// Left out, it reads as `always`: every roll saved before the policy existed (2026-11-23) was rolled that
    /// way, and a saved request carries no version, so only this reading replays them exactly. The CLI gives
    /// `best` to a request that leaves it out, as the project's rulings ask for new rolls; a written request
    /// keeps exactly the policy it has (an absent one stays absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reroll: Option<RerollPolicy>,
    /// The acting side's d20s (0-based, in throw order) the player chose to reroll after seeing them; only with
    /// `reroll: "never"`, each in the ♻ range (see [`super::with_chosen_rerolls`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rerolled: Vec<usize>,
}

/// A side's validated numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Side {
    pub dice: CheckDice,
    pub ability: i64,
    /// Dominance minus threat: d6s added (positive) or subtracted (negative).
    pub net_d6: i64,
    pub bonus: i64,
    pub triumph_from: i64,
    pub disaster_to: i64,
}

impl Check {
    /// A plain check with these dice and ability.
    pub fn new(dice: &str, ability: i32) -> Self {
        Check {
            dice: dice.to_string(),
            ability,
            dominance: 0,
            threat: 0,
            bonus: 0,
            triumph_from: None,
            disaster_to: None,
        }
    }

    /// Validate with field paths prefixed by `prefix` (`""` or `"opponent."`) and return the numbers.
    pub fn side(&self, prefix: &str) -> Result<Side, RequestError> {
        let field = |f: &str| format!("{prefix}{f}");
        let dice: CheckDice =
            self.dice.parse().map_err(|e: RequestError| RequestError { field: field("dice"), ..e })?;
        range(&field("ability"), self.ability, -10, 30)?;
        range(&field("dominance"), self.dominance, 0, 10)?;
        range(&field("threat"), self.threat, 0, 10)?;
        range(&field("bonus"), self.bonus, -50, 50)?;
        let tf = self.triumph_from.unwrap_or(20);
        let dt = self.disaster_to.unwrap_or(1);
        range(&field("triumph_from"), tf, 2, 20)?;
        range(&field("disaster_to"), dt, 1, 19)?;
        if dt >= tf {
            return Err(RequestError::new(
                field("disaster_to"),
                format!("the disaster range 1-{dt} overlaps the triumph range {tf}-20"),
                format!("1 to {} (below `triumph_from`)", tf - 1),
            ));
        }
        Ok(Side {
            dice,
            ability: self.ability as i64,
            net_d6: (self.dominance - self.threat) as i64,
            bonus: self.bonus as i64,
            triumph_from: tf as i64,
            disaster_to: dt as i64,
        })
    }
}

/// What a validated request resolves against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Against {
    Dc(i64),
    Contest { opponent: Side, reactive: Reactive },
}

impl RemedyRequest {
    /// A check against a DC.
    pub fn against_dc(dice: &str, ability: i32, dc: i32) -> Self {
        RemedyRequest {
            dice: dice.to_string(),
            ability,
            dominance: 0,
            threat: 0,
            bonus: 0,
            triumph_from: None,
            disaster_to: None,
            dc: Some(dc),
            opponent: None,
            reactive: None,
            attack: false,
            reroll: None,
            rerolled: Vec::new(),
        }
    }

    /// The acting side's ♻ policy (`always` when the request leaves it out).
    pub fn reroll_policy(&self) -> RerollPolicy {
        self.reroll.unwrap_or_default()
    }

    /// A contest.
    pub fn contest(dice: &str, ability: i32, opponent: Check, reactive: Reactive) -> Self {
        RemedyRequest {
            dc: None,
            opponent: Some(opponent),
            reactive: Some(reactive),
            ..Self::against_dc(dice, ability, 0)
        }
    }

    /// The acting side as a [`Check`].
    pub fn own(&self) -> Check {
        Check {
            dice: self.dice.clone(),
            ability: self.ability,
            dominance: self.dominance,
            threat: self.threat,
            bonus: self.bonus,
            triumph_from: self.triumph_from,
            disaster_to: self.disaster_to,
        }
    }

    /// Validate every field and return the acting side and what it is against.
    pub fn resolve(&self) -> Result<(Side, Against), RequestError> {
        let own = self.own().side("")?;
        let against = match (&self.dc, &self.opponent) {
            (Some(dc), None) => {
                range("dc", *dc, -10, 100)?;
                Against::Dc(*dc as i64)
            }
            (None, Some(o)) => {
                Against::Contest { opponent: o.side("opponent.")?, reactive: self.reactive.unwrap_or_default() }
            }
            (Some(_), Some(_)) => {
                return Err(RequestError::new(
                    "dc",
                    "both `dc` and `opponent` are given",
                    "either a `dc` (-10 to 100) or an `opponent`, not both",
                ))
            }
            (None, None) => {
                return Err(RequestError::new(
                    "dc",
                    "missing: neither `dc` nor `opponent` is given",
                    "a `dc` (-10 to 100) or an `opponent`",
                ))
            }
        };
        if !self.rerolled.is_empty() {
            if self.reroll_policy() != RerollPolicy::Never {
                return Err(RequestError::new(
                    "rerolled",
                    format!("the player's rerolls are listed, but `reroll` is \"{}\"", self.reroll_policy().as_str()),
                    "`rerolled` only with `\"reroll\": \"never\"` (the player chose after seeing the dice)",
                ));
            }
            for (i, &d) in self.rerolled.iter().enumerate() {
                let field = format!("rerolled[{i}]");
                if d >= own.dice.count as usize {
                    return Err(RequestError::new(
                        field,
                        format!("there is no d20 {d}: the check rolls {}", own.dice.count),
                        format!("0 to {} (d20s are counted from 0 in throw order)", own.dice.count - 1),
                    ));
                }
                if self.rerolled[..i].contains(&d) {
                    return Err(RequestError::new(
                        field,
                        format!("d20 {d} is listed twice"),
                        "each d20 once (♻ rerolls once)",
                    ));
                }
            }
            if own.dice.reroll_up_to == 0 {
                return Err(RequestError::new(
                    "rerolled",
                    format!("`{}` has no ♻, so no d20 can be rerolled", own.dice),
                    "an empty list, or dice with ♻",
                ));
            }
        }
        Ok((own, against))
    }
}

fn range(field: &str, v: i32, lo: i32, hi: i32) -> Result<(), RequestError> {
    if (lo..=hi).contains(&v) {
        Ok(())
    } else {
        Err(RequestError::new(field, format!("{v} is out of range"), format!("{lo} to {hi}")))
    }
}
