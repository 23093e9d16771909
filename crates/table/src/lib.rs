//! dicetray's table protocol (docs/table-protocol.md): every message signed by its device (BIP-340 Schnorr),
//! rolls by commit-reveal with every peer's entropy, recomputed and checked by every peer with the rules crate.
//!
//! Pure Rust with no web types, no clock, no randomness and no I/O: bytes and milliseconds in, events out. The
//! browser carries the bytes; `dicetray verify` replays a transcript through the same [`Table`].
//! [`Member`] is one device's side of a table (its identity, own secrets, dedupe, log), which the app wraps.

pub mod ask;
pub mod body;
mod check;
pub mod error;
pub mod events;
pub mod key;
pub mod limits;
pub mod log;
pub mod member;
pub mod peer_set;
pub mod request;
mod reveal;
pub mod roll;
pub mod rules;
pub mod seed;
pub mod signal;
pub mod sync;
pub mod table;
mod tagged;
pub mod wire;

pub use ask::AskFor;
pub use body::{Body, RollRequest};
pub use error::{RejectKind, Rejected};
pub use events::Event;
pub use key::{Bytes32, PeerKey};
pub use log::{replay, Replay, TableLog};
pub use member::{Member, OwnRoll, Saved, Step};
pub use reveal::{reveal_body, sealed_reveal_body};
pub use roll::{Status, TableRoll};
pub use rules::Rules;
pub use seed::{commitment, seal_commitment_of, seed};
pub use sync::{SyncFrame, SyncOut};
pub use table::{Missing, Peer, Table};
pub use wire::{open, Identity, Signed};

/// The table id's hash, which every message carries (the id itself stays in the link's fragment).
pub fn table_hash(table_id: &str) -> Bytes32 {
    use sha2::{Digest, Sha256};
    Bytes32(Sha256::digest([b"dicetray-table-id-v1\0".as_slice(), table_id.as_bytes()].concat()).into())
}
