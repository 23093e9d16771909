//! What one Total//Effect roll needs: Advantage and Disadvantage, Escalation and how it applies, a flat modifier
//! and the ability bands to check.

use super::band::{Band, BAND_FORMS};
use crate::systems::check::{at_most, in_range, shown};
use crate::systems::RequestError;
use serde::{Deserialize, Serialize};

/// Most Advantage (or Disadvantage) a request may name before netting; the net is clamped to ±3.
pub const ADVANTAGE_MAX: i64 = 10;
/// Net Advantage is clamped to -NET_MAX..=NET_MAX (at most 3 extra dice).
pub const NET_MAX: i64 = 3;
/// Escalation runs 0..=6.
pub const ESCALATION_MAX: i64 = 6;
/// The flat modifier's range.
pub const MODIFIER_MAX: i64 = 20;
/// Most bands in one request.
pub const BANDS_MAX: usize = 20;

/// Table option: how Escalation meets the roll.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EscalationMode {
    /// Escalation adds to the Total; the Effect dice stay as rolled (the default).
    #[default]
    Add,
    /// Each Effect die is raised to at least Escalation; Escalation is not added.
    Floor,
    /// Each Effect die is lowered to at most Escalation; Escalation is not added.
    Ceiling,
}

/// One Total//Effect roll.
///
/// JSON: `{"system":"total-effect","advantage":2,"disadvantage":0,"escalation":1,"modifier":0,"bands":["9+","13+","6-8"]}`;
/// every field may be left out (plain 3d6).
///
/// Reading also accepts `"tier"` and `"task_tier"` (0..=4, both or neither): acting below your tier adds 1 to
/// `advantage`, above it 1 to `disadvantage`, before Advantage and Disadvantage cancel and the net is capped, so
/// the request holds the counts that decide the roll and writes them (`{"tier":2,"task_tier":1}` reads as, and
/// writes back as, `{"advantage":1}`). Folding them in at reading keeps this struct's fields as they were, so
/// code that builds it field by field still compiles, and saved requests (which never had tiers) read unchanged.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "TieredRequest")]
pub struct TotalEffectRequest {
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub advantage: i64,
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub disadvantage: i64,
    /// Escalation 0..=6 (0 when it does not apply to this roll).
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub escalation: i64,
    /// Flat modifiers added to the Total, -20..=20.
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub modifier: i64,
    /// Ability bands to check, each reported under its text exactly as given.
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub bands: Vec<String>,
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub escalation_mode: EscalationMode,
}

/// Most tiers: the optional Level 10 is tier 4 (see [`super::tier_of_level`]).
pub const TIER_MAX: i64 = 4;

/// A Total//Effect request as JSON may write it: the fields of [`TotalEffectRequest`] and the two tiers.
#[derive(Deserialize)]
struct TieredRequest {
    #[serde(default)]
    advantage: i64,
    #[serde(default)]
    disadvantage: i64,
    #[serde(default)]
    escalation: i64,
    #[serde(default)]
    modifier: i64,
    #[serde(default)]
    bands: Vec<String>,
    #[serde(default)]
    escalation_mode: EscalationMode,
    #[serde(default)]
    tier: Option<i64>,
    #[serde(default)]
    task_tier: Option<i64>,
}

impl TryFrom<TieredRequest> for TotalEffectRequest {
    type Error = String;

    fn try_from(w: TieredRequest) -> Result<Self, String> {
        let (advantage, disadvantage) = match (w.tier, w.task_tier) {
            (None, None) => (0, 0),
            (Some(t), Some(task)) => {
                for (field, v) in [("tier", t), ("task_tier", task)] {
                    if !(0..=TIER_MAX).contains(&v) {
                        return Err(format!("`{field}` {v} is out of range, expected 0 to {TIER_MAX}"));
                    }
                }
                let (a, d) = super::tier_advantage(t as u32, task as u32);
                (a as i64, d as i64)
            }
            _ => return Err("`tier` and `task_tier` go together, expected both (0 to 4) or neither".into()),
        };
        Ok(TotalEffectRequest {
            advantage: w.advantage.saturating_add(advantage),
            disadvantage: w.disadvantage.saturating_add(disadvantage),
            escalation: w.escalation,
            modifier: w.modifier,
            bands: w.bands,
            escalation_mode: w.escalation_mode,
        })
    }
}

impl TotalEffectRequest {
    /// Net Advantage: all Advantage less all Disadvantage (they cancel first), then clamped to -3..=3 (negative
    /// means Disadvantage).
    pub fn net_advantage(&self) -> i64 {
        (self.advantage - self.disadvantage).clamp(-NET_MAX, NET_MAX)
    }

    /// How many d6 are thrown: 3 plus one per net Advantage or Disadvantage.
    pub fn dice_count(&self) -> usize {
        3 + self.net_advantage().unsigned_abs() as usize
    }

    /// The parsed bands, in request order (validate first).
    pub fn parsed_bands(&self) -> Vec<Band> {
        self.bands.iter().map(|b| Band::parse(b).expect("validated band")).collect()
    }

    /// Check every field; the error names the field and what is allowed.
    pub fn validate(&self) -> Result<(), RequestError> {
        in_range("advantage", self.advantage, 0, ADVANTAGE_MAX)?;
        in_range("disadvantage", self.disadvantage, 0, ADVANTAGE_MAX)?;
        in_range("escalation", self.escalation, 0, ESCALATION_MAX)?;
        in_range("modifier", self.modifier, -MODIFIER_MAX, MODIFIER_MAX)?;
        at_most("bands", &self.bands, BANDS_MAX)?;
        for (i, text) in self.bands.iter().enumerate() {
            let field = format!("bands[{i}]");
            if Band::parse(text).is_none() {
                return Err(RequestError::new(field, format!("`{}` is not a band", shown(text)), BAND_FORMS));
            }
            if self.bands[..i].contains(text) {
                return Err(RequestError::new(field, format!("`{}` is listed twice", shown(text)), "each band once"));
            }
        }
        Ok(())
    }
}
