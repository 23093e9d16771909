//! A device's side of a table: its identity, its [`Table`], the secrets of its own rolls still to reveal, the
//! dedupe of messages that arrive on two paths, and the table log. Pure like the table (the caller passes
//! milliseconds and random bytes, and broadcasts the bytes it gets back), so the browser app only carries bytes.
//!
//! `now_ms` must be a wall clock (`Date.now()`), not a page-local one: a restored member replays its log with the
//! times it logged, and compares them with the times it is given after the reload.

mod actions;
mod classify;
mod hold;
mod saved;

pub use saved::{OwnRoll, Saved, SAVED_VERSION};

use crate::body::{Body, RollRequest};
use crate::check::reveal_body;
use crate::error::Rejected;
use crate::events::Event;
use crate::key::{Bytes32, PeerKey};
use crate::limits::MAX_NAME_CHARS;
use crate::log::{LoggedMessage, TableLog};
use crate::roll::Status;
use crate::seed::seed;
use crate::table::Table;
use crate::wire::{open, Identity, Signed};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, BTreeSet};

/// What one incoming message or tick did: the table's events (those of this device's own answers included, in
/// order) and the messages to broadcast.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Step {
    pub events: Vec<Event>,
    pub outgoing: Vec<Vec<u8>>,
    /// Own automatic answers (a contribution, a reveal, a hello) that this device's table refused, so they were not
    /// sent: a limit was hit (say, a reveal over `MAX_MESSAGE_BYTES`) or this device has not said hello.
    pub problems: Vec<String>,
    /// Held-back messages (see [`Member::receive`]) applied in this step that the table refused, each classified
    /// like a refusal [`Member::receive`] returns (show only those that [`Rejected::is_problem`]).
    pub refused: Vec<Rejected>,
}

/// Own sequence numbers start at the clock in milliseconds times this, so a restored member's numbers are above any
/// it sent before, saved or not (no device sends 1000 messages a millisecond).
pub const SEQ_PER_MS: u64 = 1000;

pub struct Member {
    table_id: String,
    hash: Bytes32,
    /// Kept (the identity does not give it back) so the member can be saved.
    secret: Bytes32,
    identity: Identity,
    me: PeerKey,
    name: String,
    character: Option<String>,
    /// Own sequence numbers are counted here, not in `identity`; they start at `SEQ_PER_MS` times the clock.
    next_seq: u64,
    table: Table,
    own: Vec<OwnRoll>,
    /// sha256 of every message taken, own ones included: a copy arriving on a second path is ignored.
    taken: BTreeSet<[u8; 32]>,
    /// sha256 of messages refused: a copy is tried again (it may fit now) but never reported twice.
    refused: BTreeSet<[u8; 32]>,
    /// The seed of every verified roll, for the local history.
    seeds: BTreeMap<(PeerKey, String), u64>,
    log: TableLog,
    /// Messages that arrived ahead of their sender's sequence (`hold.rs`).
    hold: hold::Hold,
    /// What messages released while handling a refused one did: returned by the next [`Member::tick`].
    pending: Step,
}

impl Member {
    /// A member of table `table_id` (the id from the link) with the device's identity secret, at `now_ms` (the wall
    /// clock): its sequence numbers start at `now_ms * SEQ_PER_MS`, above those of any earlier member of this device
    /// at this table. Nothing is sent until [`Member::hello`].
    pub fn new(
        table_id: &str,
        identity_secret: [u8; 32],
        name: String,
        character: Option<String>,
        now_ms: u64,
    ) -> Result<Member, String> {
        if table_id.is_empty() {
            return Err("the table id is empty".into());
        }
        check_name("name", &name)?;
        if let Some(c) = &character {
            check_name("character", c)?;
        }
        let identity = Identity::from_secret(identity_secret)?;
        let me = identity.public();
        let hash = crate::table_hash(table_id);
        Ok(Member {
            table_id: table_id.to_string(),
            hash,
            secret: Bytes32(identity_secret),
            identity,
            me,
            name,
            character,
            next_seq: now_ms.saturating_mul(SEQ_PER_MS).max(1),
            table: Table::new(hash, Some(me)),
            own: Vec::new(),
            taken: BTreeSet::new(),
            refused: BTreeSet::new(),
            seeds: BTreeMap::new(),
            log: TableLog::new(hash),
            hold: hold::Hold::default(),
            pending: Step::default(),
        })
    }

    /// Take one message from the network. A copy of a message already taken, or held, is ignored (`Ok` with an
    /// empty step); so is a copy of one already refused that is still refused (the first refusal was reported).
    /// Answers a roll announced by another peer with a contribution (32 bytes from `fresh`), and a peer that was not
    /// present with this device's hello, so a newcomer learns who is here.
    ///
    /// A message from a known peer that arrives ahead of its sequence (the one before it is still on the other path)
    /// is held back: `Ok` with an empty step now, and applied once the gap fills (the step of the message that fills
    /// it has the events of all of them) or by [`Member::tick`] after `HOLD_MS` (gap accepted). See `hold.rs`.
    pub fn receive(
        &mut self,
        bytes: &[u8],
        now_ms: u64,
        fresh: &mut impl FnMut() -> [u8; 32],
    ) -> Result<Step, Rejected> {
        let hash: [u8; 32] = Sha256::digest(bytes).into();
        if self.taken.contains(&hash) || self.hold.holds(&hash) {
            return Ok(Step::default());
        }
        // Unreadable, forged or for another table: straight to the table, which says what is wrong.
        let signed = open(bytes).ok().filter(|m| m.table == self.hash);
        let mut step = Step::default();
        if let Some(m) = &signed {
            match self.route(m) {
                hold::Route::Hold => {
                    self.hold_back(m, bytes, hash, now_ms, fresh, &mut step);
                    return Ok(step);
                }
                hold::Route::Restart => self.release(m.from, m.seq - 1, now_ms, fresh, &mut step),
                hold::Route::Take => {}
            }
            self.note_arrived(m.from, m.seq);
        }
        if let Err(e) = self.take_and_answer(bytes, now_ms, now_ms, fresh, &mut step) {
            // Only a restart's hello releases messages before being taken; if it is refused, they still count.
            self.pending.merge(step);
            return match self.refused.insert(hash) {
                true => Err(self.classify(bytes, e)),
                false => Ok(Step::default()),
            };
        }
        self.refused.remove(&hash);
        if let Some(m) = &signed {
            self.release_ready(m.from, now_ms, fresh, &mut step);
        }
        Ok(step)
    }

    /// Into the table (as arrived at `at_ms`), then this device's answers (sent at `now_ms`) into `step`.
    fn take_and_answer(
        &mut self,
        bytes: &[u8],
        at_ms: u64,
        now_ms: u64,
        fresh: &mut impl FnMut() -> [u8; 32],
        step: &mut Step,
    ) -> Result<(), Rejected> {
        let present: BTreeSet<PeerKey> =
            self.table.peers().iter().filter(|(_, p)| p.present).map(|(k, _)| *k).collect();
        let events = self.take(bytes, at_ms)?;
        for event in events {
            let answer = match &event {
                Event::ContributeTo { roller, roll } if self.present() => {
                    Some(Body::Contribution { roll: roll.clone(), roller: *roller, bytes: Bytes32(fresh()) })
                }
                // Only for a peer new here (or back): one already present got this device's hello before, so two
                // present peers never answer each other's hellos.
                Event::Joined { peer, .. } if *peer != self.me && !present.contains(peer) && self.present() => {
                    Some(Body::Hello { name: self.name.clone(), character: self.character.clone() })
                }
                _ => None,
            };
            step.events.push(event);
            if let Some(body) = answer {
                self.emit(body, now_ms, step);
            }
        }
        Ok(())
    }

    /// Let time pass: apply held-back messages whose gap filled or whose `HOLD_MS` is over (answering them as
    /// [`Member::receive`] does, with bytes from `fresh`), reveal own open rolls that are due (honestly, with every
    /// contribution that arrived), and mark others' rolls not revealed in time.
    pub fn tick(&mut self, now_ms: u64, fresh: &mut impl FnMut() -> [u8; 32]) -> Step {
        let mut step = std::mem::take(&mut self.pending);
        self.release_due(now_ms, fresh, &mut step);
        for event in self.table.tick(now_ms) {
            let due = match &event {
                Event::RevealDue { roll } => Some(roll.clone()),
                _ => None,
            };
            step.events.push(event);
            let Some(roll) = due else { continue };
            let Some(i) = self.own.iter().position(|r| r.roll == roll && !r.sealed) else {
                // Only a save older than the intent loses a secret; the others will see the roll not revealed.
                step.problems.push(format!("roll `{roll}` cannot be revealed: its secret is not kept on this device"));
                continue;
            };
            match reveal_body(&self.table, &self.me, &roll, self.own[i].secret) {
                Ok(body) => {
                    if self.emit(body, now_ms, &mut step) {
                        self.own.remove(i);
                    }
                }
                Err(e) => step.problems.push(format!("roll `{roll}` cannot be revealed: {e}")),
            }
        }
        step
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    pub fn table_id(&self) -> &str {
        &self.table_id
    }

    /// This device's peer key.
    pub fn me(&self) -> PeerKey {
        self.me
    }

    /// Every message taken, own ones included, with when: the transcript `dicetray verify` reads.
    pub fn log(&self) -> &TableLog {
        &self.log
    }

    /// The seed of a verified roll (recomputed here from its reveal), for the local history.
    pub fn seed_of(&self, roller: &PeerKey, roll: &str) -> Option<u64> {
        self.seeds.get(&(*roller, roll.to_string())).copied()
    }

    /// What a roll rolls, as far as this device knows: the request of an open or revealed roll, and of an own
    /// hidden roll before its reveal.
    pub fn request_of(&self, roller: &PeerKey, roll: &str) -> Option<&RollRequest> {
        let known = self.table.roll(roller, roll).and_then(|r| r.request.as_ref());
        known.or_else(|| if *roller == self.me { self.hidden_request(roll) } else { None })
    }

    /// The request of an own hidden roll not yet revealed.
    pub fn hidden_request(&self, roll: &str) -> Option<&RollRequest> {
        self.own.iter().find(|r| r.roll == roll && r.sealed).map(|r| &r.request)
    }

    /// How many messages are held back waiting for a gap in their sender's sequence to fill.
    pub fn held(&self) -> usize {
        self.hold.len()
    }

    /// Own rolls whose secret is kept for their reveal.
    pub fn own_rolls(&self) -> &[OwnRoll] {
        &self.own
    }

    /// This device said hello and has not left.
    fn present(&self) -> bool {
        self.table.peers().get(&self.me).is_some_and(|p| p.present)
    }

    /// The one way out for own messages: sign with the next sequence number, take it into the own table (which must
    /// accept it; otherwise nothing is sent and the number is not used), log it. The bytes to broadcast.
    fn send(&mut self, body: Body, now_ms: u64) -> Result<(Vec<u8>, Vec<Event>), String> {
        let bytes = self.identity.seal_with_seq(self.hash, self.next_seq, body);
        let events = self.take(&bytes, now_ms).map_err(|e| e.problem)?;
        // Only a clock some 500,000 years ahead gets here; refuse rather than wrap.
        self.next_seq = self.next_seq.checked_add(1).ok_or("this device's sequence numbers are used up")?;
        Ok((bytes, events))
    }

    /// [`Member::send`] for automatic answers: into `step`. Whether it was sent.
    fn emit(&mut self, body: Body, now_ms: u64, step: &mut Step) -> bool {
        let what = body_name(&body);
        match self.send(body, now_ms) {
            Ok((bytes, events)) => {
                step.outgoing.push(bytes);
                step.events.extend(events);
                true
            }
            Err(e) => {
                step.problems.push(format!("this device's {what} was not sent: {e}"));
                false
            }
        }
    }

    /// `e`, the table's refusal of `bytes`, with its kind (`classify.rs`).
    fn classify(&self, bytes: &[u8], e: Rejected) -> Rejected {
        classify::classify(&self.table, self.hash, bytes, e, &self.hold.first_seq)
    }

    /// Into the table; when accepted, logged, remembered for dedupe, and the seed kept if it verified a roll.
    fn take(&mut self, bytes: &[u8], now_ms: u64) -> Result<Vec<Event>, Rejected> {
        let events = self.table.receive(bytes, now_ms)?;
        for event in &events {
            if let Event::Joined { peer, .. } = event {
                let seq = self.table.peers().get(peer).map_or(0, |p| p.last_seq());
                self.hold.first_seq.entry(*peer).or_insert(seq);
            }
        }
        self.taken.insert(Sha256::digest(bytes).into());
        let message = String::from_utf8_lossy(bytes).into_owned();
        self.log.messages.push(LoggedMessage { at_ms: now_ms, message });
        for event in &events {
            if let Event::Checked { roller, roll, status: Status::Verified } = event {
                if let Some(s) = self.seed_from_reveal(bytes, roller, roll) {
                    self.seeds.insert((*roller, roll.clone()), s);
                }
            }
        }
        Ok(events)
    }

    /// The seed a reveal the table just verified rolls with (the same formula the check used).
    fn seed_from_reveal(&self, bytes: &[u8], roller: &PeerKey, id: &str) -> Option<u64> {
        let (secret, contributions, request) = match read_signed(bytes.to_vec())?.body {
            Body::Reveal { secret, contributions, .. } => {
                (secret, contributions, self.table.roll(roller, id)?.request.clone()?)
            }
            Body::SealedReveal { secret, contributions, request, .. } => (secret, contributions, request),
            _ => return None,
        };
        let mut used = Vec::new();
        for c in contributions {
            let c = read_signed(c.into_bytes())?;
            let Body::Contribution { bytes, .. } = c.body else { return None };
            used.push((c.from, bytes));
        }
        Some(seed(&secret, &used, id, &request))
    }
}

impl Step {
    fn merge(&mut self, other: Step) {
        self.events.extend(other.events);
        self.outgoing.extend(other.outgoing);
        self.problems.extend(other.problems);
        self.refused.extend(other.refused);
    }
}

/// The signed part of a message the table already checked (its signature is not checked again).
fn read_signed(bytes: Vec<u8>) -> Option<Signed> {
    let wire: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
    serde_json::from_str(wire.get("signed")?.as_str()?).ok()
}

fn body_name(body: &Body) -> &'static str {
    match body {
        Body::Hello { .. } => "hello",
        Body::Contribution { .. } => "contribution",
        Body::Reveal { .. } | Body::SealedReveal { .. } => "reveal",
        _ => "message",
    }
}

/// The same rule the table applies to hellos, checked up front so a member always can say hello.
fn check_name(what: &str, s: &str) -> Result<(), String> {
    let n = s.chars().count();
    if n == 0 || n > MAX_NAME_CHARS {
        return Err(format!("{what} has {n} characters (MAX_NAME_CHARS: 1 to {MAX_NAME_CHARS})"));
    }
    Ok(())
}
