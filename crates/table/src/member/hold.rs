//! The hold-back. A peer's messages reach this device over two paths (its data channel and the relays), so message
//! n+1 can arrive before n, and the table, which takes each peer's sequence numbers in increasing order only, would
//! refuse n. Every message is broadcast to everyone, so a peer's numbers seen here are contiguous after its first
//! hello taken here: a gap means a message still on its way. A message from a known peer above the next number is
//! held until the gap fills (then everything deliverable is applied in order) or `HOLD_MS` passes or more than
//! `MAX_HELD_PER_PEER` are held (then the held messages are applied in order, gaps accepted).
//!
//! A hello more than `MAX_HELD_PER_PEER` above the next number is a restart, not a rename overtaking a message: a
//! restored member's numbers jump ahead by about 1000 per millisecond it was away (`Member::restore`), and the
//! numbers in between were never used, so waiting for them would only delay the peer's return by `HOLD_MS`. It is
//! applied at once, after the messages held from before it. A hello with a small gap (a rename that overtook the
//! peer's previous message) waits like any message, so the message it overtook is not lost.
//!
//! Held messages are not saved: after a reload they are gone like messages in flight. A reloaded member has missed
//! what was sent while it was away, so each peer's first message after a reload waits `HOLD_MS` for a gap that
//! never fills, once.

use super::{Member, Step};
use crate::body::Body;
use crate::key::PeerKey;
use crate::limits::{HOLD_MS, MAX_HELD_PER_PEER};
use crate::wire::Signed;
use std::collections::{BTreeMap, BTreeSet};

/// Senders not (yet) at the table whose highest number is remembered: bounds what strangers can make it keep.
const MAX_ARRIVED_UNKNOWN: usize = 256;

struct Held {
    /// When it arrived here: the table takes it with this time, so a held contribution still counts as in time.
    at_ms: u64,
    bytes: Vec<u8>,
    hash: [u8; 32],
}

#[derive(Default)]
pub(super) struct Hold {
    by_peer: BTreeMap<PeerKey, BTreeMap<u64, Held>>,
    hashes: BTreeSet<[u8; 32]>,
    /// The highest sequence number per sender of a message that arrived here signed for this table, taken or
    /// refused: a message this table refused (say, a contribution to a roll announced before this device joined)
    /// still fills its place in the sequence.
    arrived: BTreeMap<PeerKey, u64>,
    /// Per peer, the number of the first message taken from it here (the hello that introduced it): what it sent
    /// before that is from before it knew this device (`classify.rs`).
    pub(super) first_seq: BTreeMap<PeerKey, u64>,
}

impl Hold {
    pub(super) fn holds(&self, hash: &[u8; 32]) -> bool {
        self.hashes.contains(hash)
    }

    /// How many messages are held (all peers).
    pub(super) fn len(&self) -> usize {
        self.hashes.len()
    }
}

/// What to do with a message signed for this table.
pub(super) enum Route {
    /// To the table now.
    Take,
    /// Hold it until the gap before it fills.
    Hold,
    /// A restarted peer's hello: apply what is held from before it, then it.
    Restart,
}

impl Member {
    /// The sequence number the next message from `peer` should carry.
    fn next_from(&self, peer: &PeerKey) -> u64 {
        let taken = self.table.peers().get(peer).map_or(0, |p| p.last_seq());
        taken.max(self.hold.arrived.get(peer).copied().unwrap_or(0)).saturating_add(1)
    }

    pub(super) fn route(&self, m: &Signed) -> Route {
        // Own messages are taken when sent; an unknown sender's have nothing to be contiguous with.
        if m.from == self.me || !self.table.peers().contains_key(&m.from) {
            return Route::Take;
        }
        let next = self.next_from(&m.from);
        if m.seq <= next {
            Route::Take
        } else if matches!(m.body, Body::Hello { .. }) && m.seq - next > MAX_HELD_PER_PEER as u64 {
            Route::Restart
        } else {
            Route::Hold
        }
    }

    /// Remember that `m` arrived (it is about to be taken or refused, not held).
    pub(super) fn note_arrived(&mut self, from: PeerKey, seq: u64) {
        let known = self.table.peers().contains_key(&from) || self.hold.arrived.contains_key(&from);
        if known || self.hold.arrived.len() < MAX_ARRIVED_UNKNOWN {
            let last = self.hold.arrived.entry(from).or_insert(0);
            *last = (*last).max(seq);
        }
    }

    /// Hold `bytes` (`m`); past `MAX_HELD_PER_PEER` for its sender, stop waiting and apply them all in order.
    pub(super) fn hold_back(
        &mut self,
        m: &Signed,
        bytes: &[u8],
        hash: [u8; 32],
        now_ms: u64,
        fresh: &mut impl FnMut() -> [u8; 32],
        step: &mut Step,
    ) {
        let held = self.hold.by_peer.entry(m.from).or_default();
        held.insert(m.seq, Held { at_ms: now_ms, bytes: bytes.to_vec(), hash });
        self.hold.hashes.insert(hash);
        if held.len() > MAX_HELD_PER_PEER {
            self.release(m.from, u64::MAX, now_ms, fresh, step);
        }
    }

    /// Apply `peer`'s held messages numbered up to `upto`, in order, gaps accepted.
    pub(super) fn release(
        &mut self,
        peer: PeerKey,
        upto: u64,
        now_ms: u64,
        fresh: &mut impl FnMut() -> [u8; 32],
        step: &mut Step,
    ) {
        loop {
            let Some(held) = self.hold.by_peer.get_mut(&peer) else { return };
            let Some(entry) = held.first_entry().filter(|e| *e.key() <= upto) else { return };
            let (seq, h) = entry.remove_entry();
            if held.is_empty() {
                self.hold.by_peer.remove(&peer);
            }
            self.hold.hashes.remove(&h.hash);
            self.note_arrived(peer, seq);
            match self.take_and_answer(&h.bytes, h.at_ms, now_ms, fresh, step) {
                Ok(()) => {
                    self.refused.remove(&h.hash);
                }
                Err(e) => {
                    if self.refused.insert(h.hash) {
                        step.refused.push(self.classify(&h.bytes, e));
                    }
                }
            }
        }
    }

    /// Apply `peer`'s held messages that are next in its sequence.
    pub(super) fn release_ready(
        &mut self,
        peer: PeerKey,
        now_ms: u64,
        fresh: &mut impl FnMut() -> [u8; 32],
        step: &mut Step,
    ) {
        loop {
            let first = self.hold.by_peer.get(&peer).and_then(|h| h.keys().next().copied());
            match first {
                Some(seq) if seq <= self.next_from(&peer) => self.release(peer, seq, now_ms, fresh, step),
                _ => return,
            }
        }
    }

    /// For [`Member::tick`]: apply what became deliverable, and stop waiting for gaps older than `HOLD_MS`.
    pub(super) fn release_due(&mut self, now_ms: u64, fresh: &mut impl FnMut() -> [u8; 32], step: &mut Step) {
        let peers: Vec<PeerKey> = self.hold.by_peer.keys().copied().collect();
        for peer in peers {
            let expired = self.hold.by_peer.get(&peer).and_then(|held| {
                held.iter().filter(|(_, h)| h.at_ms.saturating_add(HOLD_MS) <= now_ms).map(|(seq, _)| *seq).max()
            });
            if let Some(upto) = expired {
                self.release(peer, upto, now_ms, fresh, step);
            }
            self.release_ready(peer, now_ms, fresh, step);
        }
    }
}
