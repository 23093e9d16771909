//! The 24-System's outcome levels and hit locations.

use super::request::{CalledShot, Limb, Track};
use serde::{Deserialize, Serialize};

/// A result of 24 or more is Legendary whatever the DC.
pub const LEGENDARY: i64 = 24;

/// How a 24-System roll came out (names are part of the saved-data format).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Result 24+: an extraordinary success, whatever the DC.
    Legendary,
    /// Result meets or beats the DC.
    Success,
    /// Result below the DC.
    Miss,
}

impl Outcome {
    /// The saved-data name.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Legendary => "legendary",
            Outcome::Success => "success",
            Outcome::Miss => "miss",
        }
    }
    /// Legendary and Success both hit.
    pub fn is_hit(self) -> bool {
        self != Outcome::Miss
    }
    /// Read a result against the DC it must meet.
    pub fn of(result: i64, dc: i64) -> Outcome {
        if result >= LEGENDARY {
            Outcome::Legendary
        } else if result >= dc {
            Outcome::Success
        } else {
            Outcome::Miss
        }
    }
}

/// Where an attack that hits lands. `Limb` means "a limb, the attacker picks left arm, right arm or legs".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HitLocation {
    Head,
    Core,
    Limb,
    LeftArm,
    RightArm,
    Legs,
}

impl HitLocation {
    pub fn as_str(self) -> &'static str {
        match self {
            HitLocation::Head => "head",
            HitLocation::Core => "core",
            HitLocation::Limb => "limb",
            HitLocation::LeftArm => "left_arm",
            HitLocation::RightArm => "right_arm",
            HitLocation::Legs => "legs",
        }
    }
}

impl From<CalledShot> for HitLocation {
    fn from(c: CalledShot) -> Self {
        match c {
            CalledShot::Head => HitLocation::Head,
            CalledShot::Core => HitLocation::Core,
            CalledShot::LeftArm => HitLocation::LeftArm,
            CalledShot::RightArm => HitLocation::RightArm,
            CalledShot::Legs => HitLocation::Legs,
        }
    }
}

impl From<Limb> for HitLocation {
    fn from(l: Limb) -> Self {
        match l {
            Limb::LeftArm => HitLocation::LeftArm,
            Limb::RightArm => HitLocation::RightArm,
            Limb::Legs => HitLocation::Legs,
        }
    }
}

/// Hit location of an attack, by the 24-System's mapping: no location on a Miss; a called shot wins; else
/// Legendary -> Head, Partial Critical -> a limb (the picked one, or `Limb` if none was picked), else Core.
pub fn hit_location(
    outcome: Outcome,
    partial_critical: bool,
    called_shot: Option<CalledShot>,
    limb_choice: Option<Limb>,
) -> Option<HitLocation> {
    if !outcome.is_hit() {
        return None;
    }
    Some(match (called_shot, outcome, partial_critical) {
        (Some(c), _, _) => c.into(),
        (None, Outcome::Legendary, _) => HitLocation::Head,
        (None, _, true) => limb_choice.map_or(HitLocation::Limb, HitLocation::from),
        (None, _, false) => HitLocation::Core,
    })
}

/// How bad a push's complication is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    Minor,
    Major,
}

/// A complication on one of the five tracks, from Push Your Luck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Complication {
    pub track: Track,
    pub severity: Severity,
    pub fiction: String,
}
