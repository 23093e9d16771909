//! What one 24-System roll needs: skill rank, Leverage, the DC and everything that raises it, attack details
//! and a Push Your Luck declaration.

use crate::systems::check::{at_most, in_range};
use crate::systems::RequestError;
use serde::{Deserialize, Serialize};

/// Highest skill rank in the 24-System's rank table.
pub const RANK_MAX: i64 = 6;
/// Highest Leverage (5 points give a d12 bonus die).
pub const LEVERAGE_MAX: i64 = 5;
/// The base DC a request may name (dicetray's limit, wide enough for any table).
pub const DC_MIN: i64 = 0;
/// See [`DC_MIN`].
pub const DC_MAX: i64 = 60;
/// Largest single Pressure or status DC increase.
pub const INCREASE_MAX: i64 = 10;
/// Most Pressure entries (and, separately, most status entries) in one request.
pub const INCREASES_MAX: usize = 20;
/// Crushing Pressure raises the DC by 1 to this much.
pub const CRUSHING_MAX: i64 = 30;
/// Pushing lowers the DC by 2 but not below this (unless the DC being pushed is already lower).
pub const PUSHED_DC_MIN: i64 = 6;

/// The DC a push faces: two lower than the DC being pushed, floored at [`PUSHED_DC_MIN`], and never above the DC
/// being pushed: max(dc - 2, min(dc, 6)).
pub fn pushed_dc(dc: i64) -> i64 {
    (dc - 2).max(dc.min(PUSHED_DC_MIN))
}

/// One roll in the 24-System.
///
/// JSON: `{"system":"24-system","rank":3,"leverage":2,"dc":15,"pressure":[2,1],"crushing":null,
/// "attack":false,"called_shot":null,"pushed":false}`; every field but `rank` and `dc` may be left out, and is
/// left out when written at its default (`{"system":"24-system","rank":3,"leverage":2,"dc":15,"pressure":[2,1]}`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TwentyFourRequest {
    /// Skill rank 0..=6: picks the two skill dice and the flat bonus.
    pub rank: i64,
    /// Leverage 0..=5: one bonus die, d4 to d12.
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub leverage: i64,
    /// The base DC, 0..=60.
    pub dc: i64,
    /// Pressure: each entry raises the DC (a number, or `{"label": "darkness", "dc": 2}`).
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub pressure: Vec<DcIncrease>,
    /// Status conditions' DC increases, same shapes as Pressure; only the highest applies (statuses do not
    /// stack), on top of every Pressure entry.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub status: Vec<DcIncrease>,
    /// Crushing Pressure: the DC increase the Guide declared (1..=30); no Leverage may be used with it.
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub crushing: Option<i64>,
    /// The roll is an attack: a hit reports its hit location.
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub attack: bool,
    /// A called shot: a hit lands there whatever the dice say.
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub called_shot: Option<CalledShot>,
    /// The limb the attacker picks when a Partial Critical sends the hit to a limb (else the roll reports `limb`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limb_choice: Option<Limb>,
    /// This roll is a Push Your Luck reroll of a Miss (`push` says on which track and why).
    #[serde(default, skip_serializing_if = "crate::systems::is_default")]
    pub pushed: bool,
    /// The push declaration; required when `pushed` is true, ignored otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub push: Option<PushDeclaration>,
    /// The skill's name, used only by the retry rule to tell "the same skill again".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skill: Option<String>,
    /// Table option: Partial Critical counts kept dice only (default: any rolled die).
    #[serde(default, skip_serializing_if = "is_false")]
    pub partial_critical_kept_only: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// One DC increase: a plain number or a labelled entry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged, expecting = "not a DC increase, expected a whole number or {\"label\": \"...\", \"dc\": n}")]
pub enum DcIncrease {
    /// `2`
    Plain(i64),
    /// `{"label": "darkness", "dc": 2}`
    Labelled {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        label: Option<String>,
        dc: i64,
    },
}

impl DcIncrease {
    /// How much this entry raises the DC.
    pub fn amount(&self) -> i64 {
        match self {
            DcIncrease::Plain(n) => *n,
            DcIncrease::Labelled { dc, .. } => *dc,
        }
    }
}

/// Where a called shot aims.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CalledShot {
    Head,
    Core,
    LeftArm,
    RightArm,
    Legs,
}

/// The limbs an attacker may pick on a Partial Critical hit ("L, R or Legs").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Limb {
    LeftArm,
    RightArm,
    Legs,
}

/// The five complication tracks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Track {
    Position,
    Resource,
    Exposure,
    Strain,
    Objective,
}

/// Push Your Luck: the track risked and the fiction of that risk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushDeclaration {
    pub track: Track,
    pub fiction: String,
}

impl TwentyFourRequest {
    /// A plain skill roll: rank against a DC, nothing else.
    pub fn new(rank: i64, dc: i64) -> Self {
        TwentyFourRequest {
            rank,
            leverage: 0,
            dc,
            pressure: Vec::new(),
            status: Vec::new(),
            crushing: None,
            attack: false,
            called_shot: None,
            limb_choice: None,
            pushed: false,
            push: None,
            skill: None,
            partial_critical_kept_only: false,
        }
    }

    /// Effective DC: the base DC plus every Pressure entry, the highest status increase (statuses do not stack)
    /// and Crushing Pressure.
    pub fn effective_dc(&self) -> i64 {
        let pressure = self.pressure.iter().map(DcIncrease::amount).sum::<i64>();
        let status = self.status.iter().map(DcIncrease::amount).max().unwrap_or(0);
        self.dc + pressure + status + self.crushing.unwrap_or(0)
    }

    /// The DC this roll must meet: the effective DC, or for a pushed roll [`pushed_dc`] of it.
    pub fn target_dc(&self) -> i64 {
        if self.pushed {
            pushed_dc(self.effective_dc())
        } else {
            self.effective_dc()
        }
    }

    /// Check every field; the error names the field and what is allowed.
    pub fn validate(&self) -> Result<(), RequestError> {
        in_range("rank", self.rank, 0, RANK_MAX)?;
        in_range("leverage", self.leverage, 0, LEVERAGE_MAX)?;
        in_range("dc", self.dc, DC_MIN, DC_MAX)?;
        validate_increases("pressure", &self.pressure)?;
        validate_increases("status", &self.status)?;
        if let Some(c) = self.crushing {
            in_range("crushing", c, 1, CRUSHING_MAX)?;
            if self.leverage > 0 {
                return Err(RequestError::new(
                    "leverage",
                    format!("Leverage {} cannot be used under Crushing Pressure (`crushing` is set)", self.leverage),
                    "leverage 0 when crushing is set, or crushing null to use Leverage",
                ));
            }
        }
        if self.pushed {
            let Some(push) = &self.push else {
                return Err(RequestError::new(
                    "push",
                    "a pushed roll needs a push declaration",
                    r#"{"track": "position|resource|exposure|strain|objective", "fiction": "..."}"#,
                ));
            };
            if push.fiction.trim().is_empty() {
                return Err(RequestError::new(
                    "push.fiction",
                    "the fiction of the push is empty",
                    "a non-empty description of the risk taken",
                ));
            }
        }
        Ok(())
    }
}

fn validate_increases(field: &str, list: &[DcIncrease]) -> Result<(), RequestError> {
    at_most(field, list, INCREASES_MAX)?;
    for (i, entry) in list.iter().enumerate() {
        in_range(&format!("{field}[{i}]"), entry.amount(), 0, INCREASE_MAX)?;
    }
    Ok(())
}
