//! One rolled die, as every breakdown (generic notation and the five systems) reports it.
//!
//! The app draws each [`DieRoll`] as a die; the CLI prints it; history stores it.

use serde::{Deserialize, Serialize};

/// What kind of die was rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "sides")]
pub enum DieKind {
    /// A die numbered 1..=sides (`d6`, `d20`, `d%` is 100 sides).
    Standard(u32),
    /// A Fudge/Fate die: -1, 0 or +1 (`dF`, `dF.2`).
    Fudge,
    /// rpg-dice-roller's `dF.1`: a d6 read as -1 on a 1, +1 on a 6, else 0.
    FudgeOne,
}

impl DieKind {
    /// The lowest face.
    pub fn min_face(self) -> i64 {
        match self {
            DieKind::Standard(_) => 1,
            DieKind::Fudge | DieKind::FudgeOne => -1,
        }
    }
    /// The highest face.
    pub fn max_face(self) -> i64 {
        match self {
            DieKind::Standard(s) => s as i64,
            DieKind::Fudge | DieKind::FudgeOne => 1,
        }
    }
    /// Short name: `d6`, `d100`, `dF`.
    pub fn name(self) -> String {
        match self {
            DieKind::Standard(s) => format!("d{s}"),
            DieKind::Fudge => "dF".to_string(),
            DieKind::FudgeOne => "dF.1".to_string(),
        }
    }
    /// The chance of each face on one throw (1/sides, except `dF.1`'s 1/6, 4/6, 1/6).
    pub fn weight(self, face: i64) -> f64 {
        match self {
            DieKind::Standard(s) => 1.0 / s as f64,
            DieKind::Fudge => 1.0 / 3.0,
            DieKind::FudgeOne => {
                if face == 0 {
                    4.0 / 6.0
                } else {
                    1.0 / 6.0
                }
            }
        }
    }
}

/// One physical die thrown (an explosion or a reroll is another throw and gets its own `DieRoll`,
/// except compounding, whose throws are summed into one die and listed in `compounded`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieRoll {
    pub kind: DieKind,
    /// The face shown (for a compounded die, the first throw; see `compounded`).
    pub face: i64,
    /// What this die adds to its group (penetration subtracts 1; compounded dice sum all throws).
    pub value: i64,
    /// False if a keep/drop rule dropped it.
    pub kept: bool,
    /// This die exploded (it triggered another throw).
    #[serde(default, skip_serializing_if = "is_false")]
    pub exploded: bool,
    /// This die was added by an explosion of an earlier one.
    #[serde(default, skip_serializing_if = "is_false")]
    pub from_explosion: bool,
    /// Penetrating explosion: this added die had 1 taken off.
    #[serde(default, skip_serializing_if = "is_false")]
    pub penetrated: bool,
    /// Faces of later throws compounded into this die (`!!`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub compounded: Vec<i64>,
    /// Faces this die replaced through rerolls, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rerolled: Vec<i64>,
    /// Success/failure counting: +1 success, -1 failure, 0 neither (or not counting).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub count: i8,
    /// `cs`/`cf` in the notation: +1 a critical success, -1 a critical failure (a marker; the value is unchanged).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub critical: i8,
    /// `min`/`max` in the notation raised or lowered this throw's value to the bound (`face` is what it showed).
    #[serde(default, skip_serializing_if = "is_false")]
    pub clamped: bool,
    /// The die shows its maximum face (used by Partial Critical and shown as "maxed").
    #[serde(default, skip_serializing_if = "is_false")]
    pub maxed: bool,
    /// What the die is for in a system's roll: "skill", "leverage", "dominance", "threat", "risk", "effect", ...
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
}

fn is_false(b: &bool) -> bool {
    !*b
}
fn is_zero(n: &i8) -> bool {
    *n == 0
}

impl DieRoll {
    /// A plain kept die showing `face`.
    pub fn new(kind: DieKind, face: i64) -> Self {
        DieRoll {
            kind,
            face,
            value: face,
            kept: true,
            exploded: false,
            from_explosion: false,
            penetrated: false,
            compounded: Vec::new(),
            rerolled: Vec::new(),
            count: 0,
            critical: 0,
            clamped: false,
            maxed: face == kind.max_face(),
            role: None,
        }
    }
    /// The same die tagged with its role in a system's roll.
    pub fn with_role(mut self, role: &str) -> Self {
        self.role = Some(role.to_string());
        self
    }
}
