//! What a signed message says (its body). Bodies are JSON objects tagged by `type`; unknown fields are refused.

use crate::ask::AskFor;
use crate::key::{Bytes32, PeerKey};
pub use crate::request::RollRequest;

crate::tagged_enum! {
    /// What a signed message says; `type` names the variant.
    #[derive(Clone, Debug, PartialEq)]
    pub enum Body by "type" {
        /// Joining the table.
        Hello = "hello" {
            name: String,
            #[serde(default, skip_serializing_if = "Option::is_none")]
            character: Option<String>,
        },
        /// Leaving it; the peer's open rolls no longer wait for its contributions.
        Leave = "leave" {},
        /// An open roll: the request, and `sha256(tag || secret)`.
        Intent = "intent" { roll: String, request: RollRequest, commitment: Bytes32 },
        /// A hidden roll: `sha256(tag || request bytes || secret)`; the request stays hidden until the sealed reveal.
        SealedIntent = "sealed_intent" { roll: String, commitment: Bytes32 },
        /// Another peer's fresh random bytes for `roller`'s roll `roll`.
        Contribution = "contribution" { roll: String, roller: PeerKey, bytes: Bytes32 },
        /// The roller's secret, every contribution used (each as the signed message it arrived as) and the result the
        /// roller got (the rules crate's roll as JSON), which every peer recomputes.
        Reveal = "reveal" { roll: String, secret: Bytes32, contributions: Vec<String>, result: serde_json::Value },
        /// A hidden roll's reveal: the request too.
        SealedReveal = "sealed_reveal" {
            roll: String,
            request: RollRequest,
            secret: Bytes32,
            contributions: Vec<String>,
            result: serde_json::Value,
        },
        /// The GM asks one peer (`to`) or everyone (`to` absent) for a roll.
        GmRequest = "gm_request" {
            id: String,
            #[serde(default, skip_serializing_if = "Option::is_none")]
            to: Option<PeerKey>,
            request: AskFor,
        },
        /// Links the sender's roll `roll` to the GM request `id` from `gm`.
        Answer = "answer" { id: String, gm: PeerKey, roll: String },
    }
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
