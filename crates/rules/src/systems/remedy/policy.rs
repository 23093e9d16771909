//! Who chooses which ♻ d20s a Remedy check rerolls: part of the request, read by the roll and the odds.

use serde::{Deserialize, Serialize};

/// Who decides which d20s in the ♻ range are rerolled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RerollPolicy {
    /// Every d20 in range is rerolled.
    #[default]
    Always,
    /// None is (the player may pick some afterwards: the request's `rerolled`).
    Never,
    /// The set that most raises the chance of succeeding; ties keep.
    Best,
}

impl RerollPolicy {
    /// The name in requests.
    pub fn as_str(self) -> &'static str {
        match self {
            RerollPolicy::Always => "always",
            RerollPolicy::Never => "never",
            RerollPolicy::Best => "best",
        }
    }
}
