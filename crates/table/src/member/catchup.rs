//! A member's side of catch-up (`crate::sync`): its heartbeat (`have`), asking a peer that has more (`want`), and
//! answering such a request (`give`), paced and bounded (docs/limits.md).

use super::{Member, Step};
use crate::key::PeerKey;
use crate::limits::{HEARTBEAT_MS, MIN_GIVE_GAP_MS, SYNC_GIVE_BYTES, WANT_TIMEOUT_MS};
use crate::sync::{ahead, SyncFrame, SyncOut};
use std::collections::BTreeMap;

#[derive(Default)]
pub(super) struct Catchup {
    /// When the last `have` went out (None: never).
    last_have: Option<u64>,
    /// Send a `have` at the next tick (a newcomer arrived, the page came back).
    pub have_due: bool,
    /// The request for missed messages waiting for its answer: to whom, since when.
    asked: Option<(PeerKey, u64)>,
    /// Per peer, when its last request was answered (pacing).
    gave: BTreeMap<PeerKey, u64>,
    /// Per peer, the heads of its last `have`.
    heads: BTreeMap<PeerKey, BTreeMap<PeerKey, u64>>,
    /// Per peer, heads it listed that its complete answer did not bring this device up to (it lists a message it
    /// cannot pass on, say one its own sender lost): not asked for again until it lists more.
    stuck: BTreeMap<PeerKey, BTreeMap<PeerKey, u64>>,
}

impl Member {
    /// What this device has, for everyone: the heartbeat (`away`: its page is being hidden, so the others stop
    /// waiting for it at once).
    pub fn have(&mut self, away: bool, now_ms: u64) -> SyncOut {
        self.catchup.last_have = Some(now_ms);
        self.catchup.have_due = false;
        let frame = SyncFrame::Have { table: self.hash, heads: self.chains.heads(), away };
        SyncOut { to: None, text: frame.to_json() }
    }

    /// This device is back (its page visible again, its network back): say what it has at once, so peers that are
    /// ahead are asked for what it missed, and forget a request that may have been lost meanwhile.
    pub fn wake(&mut self, now_ms: u64) -> Step {
        self.catchup.asked = None;
        self.catchup.stuck.clear();
        Step { sync: vec![self.have(false, now_ms)], ..Step::default() }
    }

    /// Take a sync frame from `from` (the transport's word for who sent it). Taking the messages of a `give` can
    /// do everything [`Member::receive`] does; their refusals are in `refused`. `Err` says what is wrong with the
    /// frame itself; nothing changed then.
    pub fn on_sync(
        &mut self,
        from: PeerKey,
        text: &str,
        now_ms: u64,
        fresh: &mut impl FnMut() -> [u8; 32],
    ) -> Result<Step, String> {
        if from == self.me {
            return Ok(Step::default());
        }
        let frame = SyncFrame::parse(text)?;
        if frame.table() != self.hash {
            return Err(format!("a sync frame for another table ({})", frame.table().short()));
        }
        let mut step = Step::default();
        match frame {
            SyncFrame::Have { heads, away, .. } => {
                let event = if away { self.presence.gone(from) } else { self.presence.heard(from, now_ms) };
                step.events.extend(event);
                if away {
                    self.table.stop_expecting(&from);
                }
                self.maybe_ask(from, heads, now_ms, &mut step);
            }
            SyncFrame::Want { heads, .. } => {
                step.events.extend(self.presence.heard(from, now_ms));
                self.give(from, &heads, now_ms, &mut step);
            }
            SyncFrame::Give { messages, more, .. } => {
                step.events.extend(self.presence.heard(from, now_ms));
                if self.catchup.asked.is_some_and(|(to, _)| to == from) {
                    self.catchup.asked = None;
                }
                for m in &messages {
                    match self.arrive(m.as_bytes(), now_ms, false, fresh) {
                        Ok(s) => step.merge(s),
                        Err(e) => step.refused.push(e),
                    }
                }
                if more {
                    self.want_from(from, now_ms, &mut step);
                } else {
                    let listed = self.catchup.heads.get(&from).cloned().unwrap_or_default();
                    if ahead(&listed, &self.chains.heads()) {
                        self.catchup.stuck.insert(from, listed);
                    } else {
                        self.catchup.stuck.remove(&from);
                    }
                }
            }
        }
        Ok(step)
    }

    /// `from` has `heads`: ask it for what this device lacks, unless a request is already waiting or it was asked
    /// for exactly that before without result.
    fn maybe_ask(&mut self, from: PeerKey, heads: BTreeMap<PeerKey, u64>, now_ms: u64, step: &mut Step) {
        let behind = ahead(&heads, &self.chains.heads());
        let stuck = self.catchup.stuck.get(&from).is_some_and(|s| !ahead(&heads, s));
        let waiting = self.catchup.asked.is_some_and(|(_, at)| now_ms.saturating_sub(at) < WANT_TIMEOUT_MS);
        self.catchup.heads.insert(from, heads);
        if behind && !stuck && !waiting {
            self.want_from(from, now_ms, step);
        }
    }

    fn want_from(&mut self, to: PeerKey, now_ms: u64, step: &mut Step) {
        self.catchup.asked = Some((to, now_ms));
        let frame = SyncFrame::Want { table: self.hash, heads: self.chains.heads() };
        step.sync.push(SyncOut { to: Some(to), text: frame.to_json() });
    }

    /// Answer `to`'s request: the messages its `heads` lack, oldest first, within `SYNC_GIVE_BYTES`.
    fn give(&mut self, to: PeerKey, heads: &BTreeMap<PeerKey, u64>, now_ms: u64, step: &mut Step) {
        if self.catchup.gave.get(&to).is_some_and(|at| now_ms.saturating_sub(*at) < MIN_GIVE_GAP_MS) {
            return;
        }
        self.catchup.gave.insert(to, now_ms);
        let mut messages = Vec::new();
        let mut bytes = 0;
        let mut more = false;
        for (_, i) in self.chains.lacking(heads) {
            let text = &self.log.messages[i].message;
            // As it will travel: escaped once more inside the frame's JSON.
            let size = serde_json::to_string(text).map_or(text.len(), |s| s.len()) + 1;
            if !messages.is_empty() && bytes + size > SYNC_GIVE_BYTES {
                more = true;
                break;
            }
            bytes += size;
            messages.push(text.clone());
        }
        let frame = SyncFrame::Give { table: self.hash, messages, more };
        step.sync.push(SyncOut { to: Some(to), text: frame.to_json() });
    }

    /// For [`Member::tick`]: the heartbeat every `HEARTBEAT_MS` (or at once when due), and forgetting a request
    /// nobody answered within `WANT_TIMEOUT_MS`.
    pub(super) fn catchup_tick(&mut self, now_ms: u64, step: &mut Step) {
        if self.catchup.asked.is_some_and(|(_, at)| now_ms.saturating_sub(at) >= WANT_TIMEOUT_MS) {
            self.catchup.asked = None;
        }
        let due = self.catchup.last_have.is_none_or(|at| now_ms.saturating_sub(at) >= HEARTBEAT_MS);
        if (due || self.catchup.have_due) && self.present() {
            step.sync.push(self.have(false, now_ms));
        }
    }
}
