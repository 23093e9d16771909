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
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
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

impl TotalEffectRequest {
    /// Net Advantage: Advantage less Disadvantage, clamped to -3..=3 (negative means Disadvantage).
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
