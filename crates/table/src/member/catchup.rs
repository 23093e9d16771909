//! A member's side of catch-up (`crate::sync`): its heartbeat (`have`), asking a peer that has more (`want`), and
//! answering such a request (`give`), paced and bounded (docs/limits.md).

use super::{Member, Step};
use crate::body::Body;
use crate::events::Event;
use crate::key::Bytes32;
use crate::key::PeerKey;
use crate::limits::{HEARTBEAT_MS, MIN_GIVE_GAP_MS, REVEAL_LIMIT_MS, SYNC_GIVE_BYTES, WANT_TIMEOUT_MS};
use crate::peer_set::PeerMap;
use crate::sync::{ahead, Heads, SyncFrame, SyncOut};

#[derive(Default)]
pub(super) struct Catchup {
    /// When the last `have` went out (None: never).
    last_have: Option<u64>,
    /// Send a `have` at the next tick (a newcomer arrived, the page came back).
    pub have_due: bool,
    /// The request for missed messages waiting for its answer: to whom, since when.
    asked: Option<(PeerKey, u64)>,
    /// The heads that request sent (what this device had then).
    asked_with: Heads,
    /// Per peer, when its last request was answered (pacing).
    gave: PeerMap<u64>,
    /// Requests that came sooner than `MIN_GIVE_GAP_MS` after the last answer to the same peer: answered by a later
    /// tick (the newest request of each peer).
    deferred: PeerMap<Heads>,
    /// Per peer, its heads when this device last told it what it has because it was behind (told again only once
    /// its heads change).
    told: PeerMap<Heads>,
    /// Per peer, the heads of its last `have`.
    heads: PeerMap<Heads>,
    /// Per peer, heads it listed that its complete answer did not bring this device up to (it lists a message it
    /// cannot pass on, say one its own sender lost): not asked for again until it lists more.
    stuck: PeerMap<Heads>,
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
                self.tell_if_behind(from, &heads, &mut step);
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
                self.contribute_to_caught_up(&mut step, now_ms, fresh);
                let listed = self.catchup.heads.get(&from).cloned().unwrap_or_default();
                let mine = self.chains.heads();
                if more {
                    self.want_from(from, now_ms, &mut step);
                } else if !ahead(&listed, &mine) {
                    self.catchup.stuck.remove(&from);
                } else if mine != self.catchup.asked_with {
                    // Still behind, but what it gave moved this device's heads (or showed a gap further back, in a
                    // message that waits for an older one): ask again, from where it is now.
                    self.want_from(from, now_ms, &mut step);
                } else {
                    self.catchup.stuck.insert(from, listed);
                }
            }
        }
        Ok(step)
    }

    /// A roll whose intent came in this catch-up (its live copy lost or still on its way) gets this device's
    /// contribution if it is still open once the whole answer is taken and was announced within `REVEAL_LIMIT_MS`
    /// (by its roller's clock): an old roll revealed long ago gets none (its reveal usually follows in the same
    /// answer), so no phone shows it "without" this device's randomness.
    pub(super) fn contribute_to_caught_up(
        &mut self,
        step: &mut Step,
        now_ms: u64,
        fresh: &mut impl FnMut() -> [u8; 32],
    ) {
        let recent = now_ms.saturating_sub(REVEAL_LIMIT_MS).saturating_mul(crate::wire::SEQ_PER_MS);
        let asked: Vec<(PeerKey, String)> = step
            .events
            .iter()
            .filter_map(|e| match e {
                Event::ContributeTo { roller, roll } => Some((*roller, roll.clone())),
                _ => None,
            })
            .collect();
        for (roller, roll) in asked {
            let open = self.table.roll(&roller, &roll).filter(|r| r.status.is_open() && r.seq >= recent);
            let mine = open.is_some_and(|r| r.seen.contains_key(&self.me));
            if open.is_some() && !mine && self.present() {
                let body = Body::Contribution { roll, roller, bytes: Bytes32(fresh()) };
                self.emit(body, now_ms, step);
            }
        }
    }

    /// `from` has `heads`: ask it for what this device lacks, unless a request is already waiting or it was asked
    /// for exactly that before without result.
    fn maybe_ask(&mut self, from: PeerKey, heads: Heads, now_ms: u64, step: &mut Step) {
        let behind = ahead(&heads, &self.chains.heads());
        let stuck = self.catchup.stuck.get(&from).is_some_and(|s| !ahead(&heads, s));
        let waiting = self.catchup.asked.is_some_and(|(_, at)| now_ms.saturating_sub(at) < WANT_TIMEOUT_MS);
        self.catchup.heads.insert(from, heads);
        if behind && !stuck && !waiting {
            self.want_from(from, now_ms, step);
        }
    }

    /// A peer whose `have` is behind this device's (a phone back from sleep, a newcomer) is told at once what this
    /// device has, so it asks now rather than at the next heartbeat.
    fn tell_if_behind(&mut self, to: PeerKey, heads: &Heads, step: &mut Step) {
        let mine = self.chains.heads();
        let again = self.catchup.told.get(&to).is_some_and(|told| told == heads);
        if ahead(&mine, heads) && !again {
            self.catchup.told.insert(to, heads.clone());
            let frame = SyncFrame::Have { table: self.hash, heads: mine, away: false };
            step.sync.push(SyncOut { to: Some(to), text: frame.to_json() });
        }
    }

    fn want_from(&mut self, to: PeerKey, now_ms: u64, step: &mut Step) {
        self.catchup.asked = Some((to, now_ms));
        self.catchup.asked_with = self.chains.heads();
        let frame = SyncFrame::Want { table: self.hash, heads: self.catchup.asked_with.clone() };
        step.sync.push(SyncOut { to: Some(to), text: frame.to_json() });
    }

    /// Answer `to`'s request: the messages its `heads` lack, oldest first, within `SYNC_GIVE_BYTES`.
    fn give(&mut self, to: PeerKey, heads: &Heads, now_ms: u64, step: &mut Step) {
        if self.catchup.gave.get(&to).is_some_and(|at| now_ms.saturating_sub(*at) < MIN_GIVE_GAP_MS) {
            self.catchup.deferred.insert(to, heads.clone());
            return;
        }
        self.catchup.deferred.remove(&to);
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
        let deferred: Vec<_> = std::mem::take(&mut self.catchup.deferred).into_iter().collect();
        for (to, heads) in deferred {
            self.give(to, &heads, now_ms, step);
        }
        if self.catchup.asked.is_some_and(|(_, at)| now_ms.saturating_sub(at) >= WANT_TIMEOUT_MS) {
            self.catchup.asked = None;
        }
        let due = self.catchup.last_have.is_none_or(|at| now_ms.saturating_sub(at) >= HEARTBEAT_MS);
        if (due || self.catchup.have_due) && self.present() {
            step.sync.push(self.have(false, now_ms));
        }
    }
}
