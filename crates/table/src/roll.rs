//! One roll at the table as every peer tracks it, and its verification state.

use crate::body::RollRequest;
use crate::key::{Bytes32, PeerKey};
use crate::peer_set::{PeerMap, PeerSet};

/// Where a roll's check stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Announced, waiting for contributions and the reveal.
    Pending,
    /// A hidden roll: committed, not yet revealed (the table sees only that it happened).
    Sealed,
    /// Recomputed here from the secret and the contributions: the same dice.
    Verified,
    /// The check failed; the reason says how.
    Failed(String),
    /// The roller did not reveal within `REVEAL_LIMIT_MS`.
    NotRevealed,
}

impl Status {
    /// Still open to contributions and a reveal.
    pub fn is_open(&self) -> bool {
        matches!(self, Status::Pending | Status::Sealed | Status::NotRevealed)
    }
}

/// A roll: who rolled, what (once known), the commitment, the contributions seen here and the check.
#[derive(Clone, Debug, PartialEq)]
pub struct TableRoll {
    pub roller: PeerKey,
    pub id: String,
    /// Its intent's sequence number (the roller's clock), which orders rolls alike on every device.
    pub seq: u64,
    /// None for a hidden roll until its reveal.
    pub request: Option<RollRequest>,
    pub commitment: Bytes32,
    pub sealed: bool,
    /// When the intent arrived here (the caller's clock, milliseconds).
    pub announced_ms: u64,
    /// Own rolls: when the wait for contributions began (the intent, or later if this device could not reach the
    /// table then: `Table::restart_own_waits`).
    pub wait_from_ms: u64,
    /// Peers present (here) when the intent arrived, whom the roller's wait is for; one that leaves is dropped.
    /// Only the wait: any peer present when its contribution arrives may contribute.
    pub expected: PeerSet,
    /// Contributions that arrived here, before or after the reveal.
    pub seen: PeerMap<Seen>,
    /// Peers that signed a second, different contribution to this roll.
    pub doubled: PeerSet,
    /// The contributions the reveal used (contributor, bytes), once revealed.
    pub used: Option<Vec<(PeerKey, Bytes32)>>,
    pub status: Status,
    /// The revealed roll (the rules crate's JSON), once revealed.
    pub result: Option<serde_json::Value>,
    /// The GM request this roll answers: (GM, request id).
    pub answers: Option<(PeerKey, String)>,
    /// The roller has been told to reveal (own rolls only).
    pub reveal_due_sent: bool,
}

/// A contribution as it arrived: its bytes, when, and the signed message itself (a reveal carries it).
#[derive(Clone, Debug, PartialEq)]
pub struct Seen {
    pub bytes: Bytes32,
    pub at_ms: u64,
    pub message: String,
}

impl TableRoll {
    /// Every expected peer still present has contributed.
    pub fn all_contributed(&self) -> bool {
        self.expected.iter().all(|k| self.seen.contains_key(k))
    }

    /// Peers whose contribution arrived here but the verified reveal did not use (it reached the roller too late,
    /// or not at all): the roll is still verified, without their randomness. Empty unless verified.
    pub fn unused(&self) -> Vec<PeerKey> {
        let Some(used) = self.used.as_ref().filter(|_| self.status == Status::Verified) else { return Vec::new() };
        self.seen.keys().filter(|k| !used.iter().any(|(u, _)| u == *k)).copied().collect()
    }

    /// When a hidden roll may be revealed (the caller's clock): `CONTRIBUTION_WAIT_MS` after the intent, once
    /// every contribution sent in time has had its chance to arrive (an earlier reveal could leave out one that
    /// reaches the others within the wait, which they would flag).
    pub fn revealable_at(&self) -> u64 {
        self.announced_ms.saturating_add(crate::limits::CONTRIBUTION_WAIT_MS)
    }
}
