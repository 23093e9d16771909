//! Catch-up: the frames members exchange so that a phone that slept, reloaded or joined late gets every message it
//! missed from the phones that have it (any phone may pass on another's messages: they are signed). Relays store
//! nothing of ours (ephemeral events), so the table's log lives on the phones.
//!
//! - `have`: what this phone has, per sender the highest number up to which it has every message and how many of
//!   that sender's messages it has ([`Held`]: a phone missing a message no later one points to, such as one its own
//!   sender lost in a crash before saving, has as high a head but fewer messages, and asks for them all);
//!   sent every `HEARTBEAT_MS` to everyone, so it is also the heartbeat that shows a phone present, and with `away`
//!   set when the phone is being hidden (locked, switched away).
//! - `want`: sent to one peer whose `have` is ahead: the asker's own heads, "send what I lack".
//! - `give`: the answer, the messages the asker lacks, oldest first, at most `SYNC_GIVE_BYTES`; `more` when there
//!   are more, and the asker then asks again. One request at a time, answered at most every `MIN_GIVE_GAP_MS`: a
//!   catch-up of thousands of messages is paced by round trips, not sent at once.
//!
//! Sync frames are not table messages: they are not signed, not logged and change nothing on a table by
//! themselves; the messages a `give` carries are checked like any other.

use crate::key::{Bytes32, PeerKey};
use crate::limits::MAX_SYNC_SENDERS;
use crate::peer_set::PeerMap;
use crate::signal::MAX_SYNC_BYTES;
use dicetray_rules::sorted;
use litemap::LiteMap;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

crate::tagged_enum! {
    /// A sync frame; `t` names the kind.
    #[derive(Clone, Debug, PartialEq)]
    pub enum SyncFrame by "t" {
        Have = "have" {
            table: Bytes32,
            heads: Heads,
            #[serde(default, skip_serializing_if = "is_false")]
            away: bool,
        },
        Want = "want" {
            table: Bytes32,
            heads: Heads,
        },
        Give = "give" {
            table: Bytes32,
            messages: Vec<String>,
            #[serde(default, skip_serializing_if = "is_false")]
            more: bool,
        },
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl SyncFrame {
    pub fn to_json(&self) -> String {
        // Strings, numbers and maps of them: nothing can fail; the fallback keeps this panic-free.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Read a sync frame; the error says what is wrong (size, shape, too many senders).
    pub fn parse(text: &str) -> Result<SyncFrame, String> {
        if text.len() > MAX_SYNC_BYTES {
            return Err(format!("a sync frame of {} bytes (MAX_SYNC_BYTES, at most {MAX_SYNC_BYTES})", text.len()));
        }
        let frame: SyncFrame = serde_json::from_str(text).map_err(|e| format!("not a sync frame: {e}"))?;
        let senders = match &frame {
            SyncFrame::Have { heads, .. } | SyncFrame::Want { heads, .. } => heads.len(),
            SyncFrame::Give { messages, .. } => messages.len(),
        };
        if senders > MAX_SYNC_SENDERS && !matches!(frame, SyncFrame::Give { .. }) {
            return Err(format!(
                "a sync frame listing {senders} senders (MAX_SYNC_SENDERS, at most {MAX_SYNC_SENDERS})"
            ));
        }
        Ok(frame)
    }

    pub fn table(&self) -> Bytes32 {
        match self {
            SyncFrame::Have { table, .. } | SyncFrame::Want { table, .. } | SyncFrame::Give { table, .. } => *table,
        }
    }
}

/// Per sender, what a phone has of its messages.
pub type Heads = BTreeMap<PeerKey, Held>;

/// What a phone has of one sender's messages: `[head, count]` in JSON. The head is the highest number up to which it
/// has every message (following `prev`); the count, how many it has in all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Held(pub u64, pub u64);

/// A sync frame to send: to one peer, or to everyone (`to` None).
#[derive(Clone, Debug, PartialEq)]
pub struct SyncOut {
    pub to: Option<PeerKey>,
    pub text: String,
}

/// The messages here from each sender, by sequence number: each one's `prev` and where it is in the log (None
/// while it waits for what it is about: it counts as here, so its own `prev` is asked for, but is not passed on).
#[derive(Clone, Debug, Default)]
pub struct Chains {
    by_sender: PeerMap<Chain>,
}

/// One sender's messages: number -> (`prev`, index in the log once taken). A sender numbers its messages by its
/// clock, so they mostly arrive in order and append.
type Chain = LiteMap<u64, (Option<u64>, Option<usize>)>;

impl Chains {
    pub fn insert(&mut self, from: PeerKey, seq: u64, prev: Option<u64>, log_index: Option<usize>) {
        self.by_sender.entry(from).or_default().insert(seq, (prev, log_index));
    }

    /// Forget a message that waited and was refused.
    pub fn forget_waiting(&mut self, from: &PeerKey, seq: u64) {
        if let Some(chain) = self.by_sender.get_mut(from) {
            if chain.get(&seq).is_some_and(|(_, i)| i.is_none()) {
                chain.remove(&seq);
            }
        }
    }

    /// Per sender, the highest number up to which every message is here (below the first message whose chain of
    /// `prev`s reaches one that is not here, or the highest number when none does; a message without `prev` starts
    /// a chain: a sender's first, or one written before catch-up existed), and how many are here.
    pub fn heads(&self) -> Heads {
        sorted::gather(self.by_sender.iter().map(|(k, chain)| (*k, Held(head(chain), chain.len() as u64))))
    }

    /// The log indexes of the messages another member lacks, by its `heads`, oldest (by number) first: those above
    /// its head, or all of a sender's when it has as high a head but fewer of them (a message off every chain).
    pub fn lacking(&self, heads: &Heads) -> Vec<(u64, usize)> {
        let mut out: Vec<(u64, usize)> = Vec::new();
        for (k, chain) in &self.by_sender {
            let Held(have, count) = heads.get(k).copied().unwrap_or_default();
            let from = if have >= head(chain) && count < chain.len() as u64 { 0 } else { have.saturating_add(1) };
            let start = chain.find_index(&from).unwrap_or_else(|at| at);
            let above = chain.get_indexed_range(start..chain.len()).unwrap_or_default();
            out.extend(above.iter().filter_map(|(seq, (_, i))| Some((*seq, (*i)?))));
        }
        sorted::sort(&mut out);
        out
    }
}

fn head(chain: &Chain) -> u64 {
    // Ascending, and every message below this one is complete (else this has returned), so its chain is complete
    // when its `prev` is one of them: no set of complete numbers to keep.
    for (seq, (prev, _)) in chain {
        let ok = prev.is_none_or(|p| p < *seq && chain.contains_key(&p));
        if !ok {
            // Every message below this one is complete, so its `prev` is the first one missing.
            return prev.unwrap_or(*seq).saturating_sub(1);
        }
    }
    chain.last().map_or(0, |(seq, _)| *seq)
}

/// Whether `theirs` has, for some sender, more than `mine`: a higher head, or as high a one and more messages.
pub fn ahead(theirs: &Heads, mine: &Heads) -> bool {
    theirs.iter().any(|(k, Held(h, n))| {
        let Held(mh, mn) = mine.get(k).copied().unwrap_or_default();
        *h > mh || (*h == mh && *n > mn)
    })
}
