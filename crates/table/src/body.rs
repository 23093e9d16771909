//! What a signed message says (its body). Bodies are JSON objects tagged by `type`; unknown fields are refused.

use crate::ask::AskFor;
use crate::key::{Bytes32, PeerKey};
use serde::{Deserialize, Serialize};

/// What is rolled: a system request (`dicetray_rules::systems::Request` JSON, kept as the exact text sent) or
/// notation text with the notation version it is read with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum RollRequest {
    System { json: String },
    Notation { text: String, version: u32 },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Body {
    /// Joining the table.
    Hello {
        name: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        character: Option<String>,
    },
    /// Leaving it; the peer's open rolls no longer wait for its contributions.
    Leave,
    /// An open roll: the request, and `sha256(tag || secret)`.
    Intent { roll: String, request: RollRequest, commitment: Bytes32 },
    /// A hidden roll: `sha256(tag || request bytes || secret)`; the request stays hidden until the sealed reveal.
    SealedIntent { roll: String, commitment: Bytes32 },
    /// Another peer's fresh random bytes for `roller`'s roll `roll`.
    Contribution { roll: String, roller: PeerKey, bytes: Bytes32 },
    /// The roller's secret, every contribution used (each as the signed message it arrived as) and the result the
    /// roller got (the rules crate's roll as JSON), which every peer recomputes.
    Reveal { roll: String, secret: Bytes32, contributions: Vec<String>, result: serde_json::Value },
    /// A hidden roll's reveal: the request too.
    SealedReveal {
        roll: String,
        request: RollRequest,
        secret: Bytes32,
        contributions: Vec<String>,
        result: serde_json::Value,
    },
    /// The GM asks one peer (`to`) or everyone (`to` absent) for a roll.
    GmRequest {
        id: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<PeerKey>,
        request: AskFor,
    },
    /// Links the sender's roll `roll` to the GM request `id` from `gm`.
    Answer { id: String, gm: PeerKey, roll: String },
}

impl Body {
    /// The roll a body is about, for notices.
    pub fn roll_id(&self) -> Option<&str> {
        match self {
            Body::Intent { roll, .. }
            | Body::SealedIntent { roll, .. }
            | Body::Contribution { roll, .. }
            | Body::Reveal { roll, .. }
            | Body::SealedReveal { roll, .. }
            | Body::Answer { roll, .. } => Some(roll),
            _ => None,
        }
    }
}
