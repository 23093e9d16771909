//! Which refusals a member must expect: the table refuses a message about a roll this device never saw the same
//! way as a forged one, but a newcomer sees the first kind all the time. The kind is read from the message and the
//! table's state, following the table's own order of checks (`Table::receive`, `Table::apply`), never from the text
//! of the refusal.

use crate::body::Body;
use crate::error::{RejectKind, Rejected};
use crate::key::{Bytes32, PeerKey};
use crate::limits::MAX_NAME_CHARS;
use crate::table::Table;
use crate::wire::open;
use std::collections::BTreeMap;

/// `rejected` (the table's refusal of `bytes`, which changed nothing) with its kind set. `first_seq`: per peer, the
/// sequence number of the first message taken from it here (the hello that introduced it).
pub(super) fn classify(
    table: &Table,
    hash: Bytes32,
    bytes: &[u8],
    rejected: Rejected,
    first_seq: &BTreeMap<PeerKey, u64>,
) -> Rejected {
    let kind = kind_of(table, hash, bytes, first_seq);
    rejected.kind(kind)
}

fn kind_of(table: &Table, hash: Bytes32, bytes: &[u8], first_seq: &BTreeMap<PeerKey, u64>) -> RejectKind {
    use RejectKind::*;
    // Unreadable, forged or for another table: always a problem.
    let Ok(m) = open(bytes) else { return Problem };
    if m.table != hash {
        return Problem;
    }
    let Some(peer) = table.peers().get(&m.from) else {
        // Refused only as "sent before saying hello" (or a bad hello, which is a problem).
        return if matches!(m.body, Body::Hello { .. }) { Problem } else { BeforeJoin };
    };
    if m.seq <= peer.last_seq() {
        // A hello overtaken by a later message of the same peer (say, its answer to another newcomer's hello, on the
        // other path, before this device knew it) would change nothing now: expected, nothing to show. Anything
        // else out of order after the member's hold-back (`hold.rs`) is a replay or a message held past its wait.
        // A message numbered below the hello that introduced its peer here was sent before that peer knew this
        // device (it overtook nothing this device could have waited for: the peer was unknown when it arrived).
        return if matches!(m.body, Body::Hello { .. }) {
            Late
        } else if first_seq.get(&m.from).is_some_and(|first| m.seq < *first) {
            BeforeJoin
        } else {
            Problem
        };
    }
    let unseen = |known: bool| if known { Problem } else { BeforeJoin };
    match &m.body {
        Body::Contribution { roll, roller, .. } => match table.roll(roller, roll) {
            None => BeforeJoin,
            Some(r) if !r.status.is_open() => Late,
            // Its own roll, a second contribution, or sent after its sender left.
            Some(_) => Problem,
        },
        Body::Reveal { roll, .. } | Body::SealedReveal { roll, .. } => unseen(table.roll(&m.from, roll).is_some()),
        Body::Answer { id, gm, roll } => {
            let asked = table.gm_request(gm, id);
            match asked {
                None => BeforeJoin,
                Some(q) if q.to.is_some_and(|to| to != m.from) => Problem,
                Some(_) => unseen(table.roll(&m.from, roll).is_some()),
            }
        }
        Body::GmRequest { id, to: Some(to), request } => {
            let well_formed = (1..=MAX_NAME_CHARS).contains(&id.chars().count()) && request.check().is_ok();
            if well_formed && !table.peers().contains_key(to) {
                BeforeJoin
            } else {
                Problem
            }
        }
        _ => Problem,
    }
}
