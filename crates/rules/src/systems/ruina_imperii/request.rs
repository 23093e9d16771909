//! What a Ruina Imperii roll needs, and the checks it must pass.
//!
//! ```json
//! {"system":"ruina-imperii","skill":3,"risk":1,"explode":null,"difficulty":1,"fortune":false}
//! {"system":"ruina-imperii","skill":3,"risk":1,"explode":null,"opponent":{"skill":2,"risk":0,"explode":null},"fortune":false}
//! ```
//! The `system` tag belongs to the dispatcher; this struct ignores it.

use super::fortune::Fortune;
use crate::systems::RequestError;
use serde::{Deserialize, Serialize};

/// Highest skill a request may carry.
pub const MAX_SKILL: i32 = 30;
/// Highest Risk a request may carry (the character's Risk Limit, when given, may lower it).
pub const MAX_RISK: i32 = 10;
/// Highest static difficulty.
pub const MAX_DIFFICULTY: i32 = 30;

/// One Ruina Imperii roll: a skill pool, the Risk taken, Explode from elsewhere, and what it is against.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RuinaImperiiRequest {
    /// Skill dice (0..=30).
    pub skill: i32,
    /// Risk taken: that many extra dice, and Explode 6 (or Explode 6 -> 5). 0..=10, and at most `risk_limit`.
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub risk: i32,
    /// Explode granted by something other than Risk: `null`, 4, 5 or 6.
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub explode: Option<i32>,
    /// Static difficulty D (0..=30). Give either this or `opponent`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<i32>,
    /// Opposed roll: D is this opponent's hits. Give either this or `difficulty`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<Opponent>,
    /// Fortune covering this roll's Harsh Failure: `false`, `true` (= `"roll"`), `"roll"` or `"scene"`.
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub fortune: Fortune,
    /// The character's Risk Limit, if the caller knows it; `risk` must not exceed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub risk_limit: Option<i32>,
}

/// The other side of an opposed roll; its dice follow the same rules (Risk, Explode, zero dice).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Opponent {
    pub skill: i32,
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub risk: i32,
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub explode: Option<i32>,
}

impl RuinaImperiiRequest {
    /// A roll against a static difficulty, no Explode from elsewhere, no Fortune.
    pub fn against(skill: i32, risk: i32, difficulty: i32) -> Self {
        RuinaImperiiRequest {
            skill,
            risk,
            explode: None,
            difficulty: Some(difficulty),
            opponent: None,
            fortune: Fortune::None,
            risk_limit: None,
        }
    }

    /// An opposed roll.
    pub fn opposed(skill: i32, risk: i32, opponent: Opponent) -> Self {
        RuinaImperiiRequest { difficulty: None, opponent: Some(opponent), ..Self::against(skill, risk, 0) }
    }

    /// Check every field; the error names the field and what is allowed.
    pub fn validate(&self) -> Result<(), RequestError> {
        check_range("skill", self.skill, 0, MAX_SKILL)?;
        check_range("risk", self.risk, 0, MAX_RISK)?;
        if let Some(limit) = self.risk_limit {
            check_range("risk_limit", limit, 0, MAX_RISK)?;
            if self.risk > limit {
                return Err(RequestError::new(
                    "risk",
                    format!("Risk {} is above the Risk Limit {limit}", self.risk),
                    format!("0 to {limit} (the Risk Limit)"),
                ));
            }
        }
        check_explode("explode", self.explode)?;
        match (&self.difficulty, &self.opponent) {
            (Some(d), None) => check_range("difficulty", *d, 0, MAX_DIFFICULTY),
            (None, Some(o)) => o.validate(),
            (Some(_), Some(_)) => Err(RequestError::new(
                "difficulty",
                "both `difficulty` and `opponent` are given",
                "either a static `difficulty` (0 to 30) or an `opponent`, not both",
            )),
            (None, None) => Err(RequestError::new(
                "difficulty",
                "missing: neither `difficulty` nor `opponent` is given",
                "a static `difficulty` (0 to 30) or an `opponent`",
            )),
        }
    }
}

impl Opponent {
    /// Check the opponent's fields (paths `opponent.*`).
    pub fn validate(&self) -> Result<(), RequestError> {
        check_range("opponent.skill", self.skill, 0, MAX_SKILL)?;
        check_range("opponent.risk", self.risk, 0, MAX_RISK)?;
        check_explode("opponent.explode", self.explode)
    }
}

fn check_range(field: &str, v: i32, lo: i32, hi: i32) -> Result<(), RequestError> {
    if (lo..=hi).contains(&v) {
        Ok(())
    } else {
        Err(RequestError::new(field, format!("{v} is out of range"), format!("{lo} to {hi}")))
    }
}

fn check_explode(field: &str, e: Option<i32>) -> Result<(), RequestError> {
    match e {
        None | Some(4..=6) => Ok(()),
        Some(n) => Err(RequestError::new(field, format!("Explode {n} does not exist"), "null (no Explode), 4, 5 or 6")),
    }
}
