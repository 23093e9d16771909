//! An ability's reading of the Effect dice, as a request can name it: one Effect die (or a flat value),
//! stepped up or down, then optionally halved, by the helpers in [`super::effect`].

use super::effect::{halve, landing, step_flat, Effect, EffectDie, Landing};
use crate::systems::check::in_range;
use crate::systems::RequestError;
use serde::{Deserialize, Serialize};

/// Most steps one reading may take either way.
pub const STEPS_MAX: i64 = 10;
/// The largest flat value a reading may start from.
pub const FLAT_MAX: i64 = 99;

/// `{"die": "mid", "steps": 1}` (Mid stepped up once: the High die), `{"die": "high", "halve": true}`,
/// `{"flat": 3, "steps": -1}` (2). Steps first, then halving.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectRead {
    /// The Effect die read; give this or `flat`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub die: Option<EffectDie>,
    /// A flat value read instead of a die (0..=99).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flat: Option<i64>,
    /// Steps up (positive) or down (negative), -10..=10.
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub steps: i64,
    /// Halve after stepping (round down, at least 1).
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub halve: bool,
}

impl EffectRead {
    /// Check the reading; `field` names it in the error (e.g. `effect_reads[0]`).
    pub fn validate(&self, field: &str) -> Result<(), RequestError> {
        in_range(&format!("{field}.steps"), self.steps, -STEPS_MAX, STEPS_MAX)?;
        match (self.die, self.flat) {
            (Some(_), None) => Ok(()),
            (None, Some(v)) => in_range(&format!("{field}.flat"), v, 0, FLAT_MAX),
            _ => Err(RequestError::new(
                field,
                "give exactly one of `die` and `flat`",
                r#"{"die": "low|mid|high"} or {"flat": 0 to 99}, with optional "steps" and "halve""#,
            )),
        }
    }

    /// The value this reading gives for a roll's Effect dice (validate first).
    pub fn value(&self, effect: &Effect) -> i64 {
        let stepped = match self.die {
            Some(die) => effect.step(die, self.steps),
            None => step_flat(self.flat.unwrap_or(0), self.steps),
        };
        if self.halve {
            halve(stepped)
        } else {
            stepped
        }
    }

    /// The reading in the game's words, before the dice are known (validate first): "Mid die", "Mid die, stepped
    /// up 1: the High die", "High die, stepped up 2: the High die + 2", "Mid die, stepped down 3: the Low die − 2
    /// (at least 0)", "Flat value 3, stepped down 1" (its value is [`Self::value`]), each ending ", then halved"
    /// when it halves.
    pub fn words(&self) -> String {
        let mut out = match self.die {
            Some(d) => format!("{} die", d.name()),
            None => format!("Flat value {}", self.flat.unwrap_or(0)),
        };
        if self.steps != 0 {
            let way = if self.steps > 0 { "up" } else { "down" };
            out.push_str(&format!(", stepped {way} {}", self.steps.abs()));
            if let Some(d) = self.die {
                out.push_str(&match landing(d, self.steps) {
                    Landing::Die(to) => format!(": the {} die", to.name()),
                    Landing::AboveHigh(n) => format!(": the High die + {n}"),
                    Landing::BelowLow(n) => format!(": the Low die − {n} (at least 0)"),
                });
            }
        }
        if self.halve {
            out.push_str(", then halved");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reading_steps_then_halves_by_the_rulings() {
        let e = Effect { high: 6, mid: 4, low: 1 };
        let read = |json: &str| serde_json::from_str::<EffectRead>(json).unwrap();
        assert_eq!(read(r#"{"die":"mid","steps":1}"#).value(&e), 6, "Mid up one: High");
        assert_eq!(read(r#"{"die":"high","steps":2}"#).value(&e), 8, "past High: +1 a step");
        assert_eq!(read(r#"{"die":"mid","steps":-3}"#).value(&e), 0, "Mid, Low, then -1: 0 at least");
        assert_eq!(read(r#"{"die":"high","halve":true}"#).value(&e), 3);
        assert_eq!(read(r#"{"die":"low","halve":true}"#).value(&e), 1, "halving never goes below 1");
        assert_eq!(read(r#"{"flat":3,"steps":-1,"halve":true}"#).value(&e), 1);
        assert_eq!(read(r#"{"die":"mid"}"#).words(), "Mid die");
        assert_eq!(read(r#"{"die":"mid","steps":1}"#).words(), "Mid die, stepped up 1: the High die");
        assert_eq!(read(r#"{"die":"high","steps":2}"#).words(), "High die, stepped up 2: the High die + 2");
        assert_eq!(
            read(r#"{"die":"mid","steps":-3,"halve":true}"#).words(),
            "Mid die, stepped down 3: the Low die − 2 (at least 0), then halved"
        );
        assert_eq!(read(r#"{"die":"low","steps":2}"#).words(), "Low die, stepped up 2: the High die");
        assert_eq!(read(r#"{"flat":3,"steps":-1}"#).words(), "Flat value 3, stepped down 1");
        assert_eq!(read(r#"{"flat":4,"halve":true}"#).words(), "Flat value 4, then halved");
        assert_eq!(read(r#"{"die":"low","flat":2}"#).validate("effect_reads[0]").unwrap_err().field, "effect_reads[0]");
        assert_eq!(read(r#"{"die":"low","steps":11}"#).validate("r").unwrap_err().field, "r.steps");
    }
}
