//! A device's side of a table: its identity, its [`Table`], the secrets of its own rolls still to reveal, the
//! dedupe of messages that arrive on two paths, and the table log. Pure like the table (the caller passes
//! milliseconds and random bytes, and broadcasts the bytes it gets back), so the browser app only carries bytes.
//!
//! `now_ms` must be a wall clock (`Date.now()`), not a page-local one: a restored member replays its log with the
//! times it logged, and compares them with the times it is given after the reload.

mod actions;
mod catchup;
mod classify;
mod park;
mod presence;
mod saved;

pub use saved::{OwnRoll, Saved, SAVED_VERSION};

use crate::body::{Body, RollRequest};
use crate::error::Rejected;
use crate::events::Event;
use crate::key::{Bytes32, PeerKey};
use crate::limits::{MAX_NAME_CHARS, MAX_PARKED, PARK_MS};
use crate::log::{LoggedMessage, TableLog};
use crate::peer_set::PeerSet;
use crate::reveal::reveal_body;
use crate::roll::Status;
use crate::rules::Rules;
use crate::seed::seed;
use crate::sync::{Chains, SyncOut};
use crate::table::{Missing, Table};
use crate::wire::{open, Identity, Signed, SEQ_PER_MS};
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
    /// Messages taken later than they arrived (they waited for what they are about, or came in a catch-up) that
    /// the table refused, each classified like a refusal [`Member::receive`] returns (show only those that
    /// [`Rejected::is_problem`]).
    pub refused: Vec<Rejected>,
    /// Sync frames to send (`sync.rs`): the heartbeat, catch-up requests and answers.
    pub sync: Vec<SyncOut>,
}

pub struct Member {
    table_id: String,
    hash: Bytes32,
    /// Kept (the identity does not give it back) so the member can be saved.
    secret: Bytes32,
    identity: Identity,
    me: PeerKey,
    name: String,
    character: Option<String>,
    /// The lowest number the next own message may carry (it also carries at least `SEQ_PER_MS` times the clock).
    next_seq: u64,
    /// The number of the last own message, which the next one names as its `prev`.
    last_own: Option<u64>,
    table: Table,
    own: Vec<OwnRoll>,
    /// sha256 of every message taken, own ones included: a copy arriving on a second path is ignored.
    taken: BTreeSet<[u8; 32]>,
    /// sha256 of messages refused: a copy is tried again (it may fit now) but never reported twice.
    refused: BTreeSet<[u8; 32]>,
    /// The seed of every verified roll, for the local history.
    seeds: BTreeMap<(PeerKey, String), u64>,
    log: TableLog,
    /// Messages waiting for what they are about (`park.rs`).
    park: park::Park,
    /// Who is answering (`presence.rs`).
    presence: presence::Presence,
    /// The messages taken, per sender, for catch-up (`sync.rs`, `catchup.rs`).
    chains: Chains,
    catchup: catchup::Catchup,
    /// Whether this device's transport reaches the table (`Member::set_connected`).
    connected: bool,
    /// What messages released while handling a refused one did: returned by the next [`Member::tick`].
    pending: Step,
}

impl Member {
    /// A member of table `table_id` (the id from the link) with the device's identity secret, at `now_ms` (the wall
    /// clock): its sequence numbers start at `now_ms * SEQ_PER_MS`, above those of any earlier member of this device
    /// at this table. Nothing is sent until [`Member::hello`]. `rules`: the rules' code, if it is here yet; without
    /// it the member takes every message that does not need it, keeps the others waiting (they do not expire
    /// meanwhile), and cannot roll, until [`Member::give_rules`].
    pub fn new(
        table_id: &str,
        identity_secret: [u8; 32],
        name: String,
        character: Option<String>,
        rules: Option<Rules>,
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
            last_own: None,
            table: Table::new(hash, Some(me), rules),
            own: Vec::new(),
            taken: BTreeSet::new(),
            refused: BTreeSet::new(),
            seeds: BTreeMap::new(),
            log: TableLog::new(hash),
            park: park::Park::default(),
            presence: presence::Presence::default(),
            chains: Chains::default(),
            catchup: catchup::Catchup::default(),
            connected: true,
            pending: Step::default(),
        })
    }

    /// Take one message from the network, as it came from its sender (live; one passed on in a catch-up goes
    /// through [`Member::on_sync`]). A copy of a message already taken, or waiting, is ignored (`Ok` with an empty
    /// step); so is a copy of one already refused that is still refused (the first refusal was reported). Answers a
    /// roll announced by another peer with a contribution (32 bytes from `fresh`), and a peer that was not present
    /// with this device's hello, so a newcomer learns who is here.
    ///
    /// Messages may come in any order. One about something not seen here yet (a contribution before its intent, a
    /// message before its sender's hello) waits (`Ok` with an empty step now) until that arrives, and is then taken
    /// in the step of the message that completed it, or refused by [`Member::tick`] after `PARK_MS`.
    pub fn receive(
        &mut self,
        bytes: &[u8],
        now_ms: u64,
        fresh: &mut impl FnMut() -> [u8; 32],
    ) -> Result<Step, Rejected> {
        self.arrive(bytes, now_ms, true, fresh)
    }

    /// [`Member::receive`], for a message live or passed on (`live`: only a live one shows its sender present).
    fn arrive(
        &mut self,
        bytes: &[u8],
        now_ms: u64,
        live: bool,
        fresh: &mut impl FnMut() -> [u8; 32],
    ) -> Result<Step, Rejected> {
        let hash: [u8; 32] = Sha256::digest(bytes).into();
        if self.taken.contains(&hash) || self.park.holds(&hash) {
            return Ok(Step::default());
        }
        let mut step = Step::default();
        let signed = match open(bytes) {
            Ok(m) => m,
            Err(e) => return self.refuse(hash, bytes, e),
        };
        if live && signed.table == self.hash && signed.from != self.me {
            step.events.extend(self.presence.heard(signed.from, now_ms));
        }
        if let Some(missing) = self.table.missing(&signed) {
            if signed.table == self.hash {
                self.chains.insert(signed.from, signed.seq, signed.prev, None);
            }
            let pushed =
                self.park.park(missing, park::Parked { signed, bytes: bytes.to_vec(), hash, at_ms: now_ms, live });
            if let Some(p) = pushed {
                self.settle_parked(p, Gave::Full, now_ms, fresh, &mut step);
            }
            return Ok(step);
        }
        match self.take_and_answer(&signed, bytes, now_ms, now_ms, live, fresh, &mut step) {
            Ok(()) => {
                self.refused.remove(&hash);
                self.unpark(&signed, now_ms, fresh, &mut step);
                Ok(step)
            }
            Err(e) => {
                self.pending.merge(step);
                self.refuse(hash, bytes, e)
            }
        }
    }

    /// A refusal, reported once per message.
    fn refuse(&mut self, hash: [u8; 32], bytes: &[u8], e: Rejected) -> Result<Step, Rejected> {
        match self.refused.insert(hash) {
            true => Err(self.classify(bytes, e)),
            false => Ok(Step::default()),
        }
    }

    /// Give the rules' code to a member made without it ([`Member::new`]): the messages that waited for it are
    /// taken, in the order they came (and what waited for those); the step holds what that did, as a
    /// [`Member::receive`] of them would have. A roll among them gets this device's contribution as one that came in
    /// a catch-up does: once all are taken, if it is still open (its reveal may have waited among them).
    pub fn give_rules(&mut self, rules: Rules, now_ms: u64, fresh: &mut impl FnMut() -> [u8; 32]) -> Step {
        let mut step = std::mem::take(&mut self.pending);
        if self.has_rules() {
            return step;
        }
        self.table.give_rules(rules);
        self.release(vec![Missing::Rules], true, now_ms, fresh, &mut step);
        self.contribute_to_caught_up(&mut step, now_ms, fresh);
        step
    }

    /// Whether this member has the rules' code ([`Member::give_rules`]).
    pub fn has_rules(&self) -> bool {
        self.table.rules().is_some()
    }

    /// Take what waited for `taken` (and what waited for those), each as arrived.
    fn unpark(&mut self, taken: &Signed, now_ms: u64, fresh: &mut impl FnMut() -> [u8; 32], step: &mut Step) {
        self.release(Table::provides(taken).into_iter().collect(), false, now_ms, fresh, step);
    }

    /// Take what waited for each of `work` (and what waited for those), each as arrived; `late`: as if passed on
    /// in a catch-up (no contribution from inside the step: `contribute_to_caught_up`).
    fn release(
        &mut self,
        mut work: Vec<Missing>,
        late: bool,
        now_ms: u64,
        fresh: &mut impl FnMut() -> [u8; 32],
        step: &mut Step,
    ) {
        while let Some(missing) = work.pop() {
            for p in self.park.release(&missing) {
                let p = park::Parked { live: p.live && !late, ..p };
                if let Some(still) = self.table.missing(&p.signed) {
                    if let Some(out) = self.park.park(still, p) {
                        self.settle_parked(out, Gave::Full, now_ms, fresh, step);
                    }
                    continue;
                }
                if self.take_parked(&p, now_ms, fresh, step) {
                    work.extend(Table::provides(&p.signed));
                }
            }
        }
    }

    /// A message that waited long enough, or was pushed out: to the table now, taken or refused for good.
    /// A refusal then says why it stopped waiting (`why`), naming the limit.
    fn settle_parked(
        &mut self,
        p: park::Parked,
        why: Gave,
        now_ms: u64,
        fresh: &mut impl FnMut() -> [u8; 32],
        step: &mut Step,
    ) {
        let refused = step.refused.len();
        if self.take_parked(&p, now_ms, fresh, step) {
            self.unpark(&p.signed, now_ms, fresh, step);
            return;
        }
        if let Some(r) = step.refused.get_mut(refused) {
            r.problem = match why {
                Gave::Time => format!("{}; it waited for that {PARK_MS} ms (PARK_MS)", r.problem),
                Gave::Full => {
                    format!("{}; too many messages waited at once (MAX_PARKED, at most {MAX_PARKED})", r.problem)
                }
            };
        }
    }

    /// Into the table as it arrived; a refusal goes into `step.refused`. Whether it was taken.
    fn take_parked(
        &mut self,
        p: &park::Parked,
        now_ms: u64,
        fresh: &mut impl FnMut() -> [u8; 32],
        step: &mut Step,
    ) -> bool {
        match self.take_and_answer(&p.signed, &p.bytes, p.at_ms, now_ms, p.live, fresh, step) {
            Ok(()) => {
                self.refused.remove(&p.hash);
                true
            }
            Err(e) => {
                self.chains.forget_waiting(&p.signed.from, p.signed.seq);
                if self.refused.insert(p.hash) {
                    step.refused.push(self.classify(&p.bytes, e));
                }
                false
            }
        }
    }

    /// Into the table (as arrived at `at_ms`), then this device's answers (sent at `now_ms`) into `step`: a
    /// contribution to a roll whose intent came in a catch-up (`live` false) waits until the whole answer is taken
    /// (`catchup.rs`).
    #[allow(clippy::too_many_arguments)]
    fn take_and_answer(
        &mut self,
        signed: &Signed,
        bytes: &[u8],
        at_ms: u64,
        now_ms: u64,
        live: bool,
        fresh: &mut impl FnMut() -> [u8; 32],
        step: &mut Step,
    ) -> Result<(), Rejected> {
        let present: PeerSet = self.table.peers().iter().filter(|(_, p)| p.present).map(|(k, _)| *k).collect();
        let events = self.take(signed, bytes, at_ms)?;
        for event in events {
            let answer = match &event {
                Event::ContributeTo { roller, roll } if live && self.present() && self.contributes_to(roller, roll) => {
                    Some(Body::Contribution { roll: roll.clone(), roller: *roller, bytes: Bytes32(fresh()) })
                }
                // Only for a peer new here (or back): one already present got this device's hello before, so two
                // present peers never answer each other's hellos.
                Event::Joined { peer, .. } if *peer != self.me && !present.contains(peer) && self.present() => {
                    Some(Body::Hello { name: self.name.clone(), character: self.character.clone() })
                }
                _ => None,
            };
            if let Event::Joined { peer, .. } = &event {
                if *peer != self.me && !present.contains(peer) {
                    // A newcomer (or a peer back after leaving): tell it at once what this device has.
                    self.catchup.have_due = true;
                }
            }
            step.events.push(event);
            if let Some(body) = answer {
                self.emit(body, now_ms, step);
            }
        }
        Ok(())
    }

    /// Whether to send a contribution to this roll: not once it was revealed (a device catching up on an old roll
    /// takes its intent after its reveal was made, and its randomness could not count any more).
    fn contributes_to(&self, roller: &PeerKey, roll: &str) -> bool {
        self.table.roll(roller, roll).is_some_and(|r| r.status.is_open())
    }

    /// Let time pass: refuse messages that waited `PARK_MS` for what they are about, mark peers silent for
    /// `AWAY_MS` away, reveal own open rolls that are due (honestly, with every contribution that arrived), mark
    /// others' rolls not revealed in time, and send the heartbeat (`have`) every `HEARTBEAT_MS`.
    pub fn tick(&mut self, now_ms: u64, fresh: &mut impl FnMut() -> [u8; 32]) -> Step {
        let mut step = std::mem::take(&mut self.pending);
        // Nothing stops waiting while the rules' code is on its way: a contribution waits for an intent that waits
        // for the rules, and neither may be refused for a download.
        let expired = if self.has_rules() { self.park.expired(now_ms) } else { Vec::new() };
        for p in expired {
            self.settle_parked(p, Gave::Time, now_ms, fresh, &mut step);
        }
        let others: Vec<PeerKey> =
            self.table.peers().iter().filter(|(k, p)| p.present && **k != self.me).map(|(k, _)| *k).collect();
        step.events.extend(self.presence.tick(&others, now_ms));
        for peer in others.iter().filter(|k| self.presence.is_away(k)) {
            self.table.stop_expecting(peer);
        }
        if !self.connected {
            // Nobody can answer a roll this device announces now: its wait starts once it reaches the table.
            self.table.restart_own_waits(now_ms);
        }
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
        self.catchup_tick(now_ms, &mut step);
        step
    }

    /// Whether this device's transport reaches the table now (a relay or a data channel is open). While it does
    /// not, its own open rolls do not count their wait for contributions (`Table::restart_own_waits`): a roll
    /// made offline waits, and counts its 2 s once its intent can reach the others.
    pub fn set_connected(&mut self, connected: bool) {
        self.connected = connected;
    }

    pub fn connected(&self) -> bool {
        self.connected
    }

    /// Whether `peer` is away (not heard for `AWAY_MS`, or its page said it is hidden).
    pub fn is_away(&self, peer: &PeerKey) -> bool {
        self.presence.is_away(peer)
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

    /// How many messages wait for what they are about (`park.rs`).
    pub fn held(&self) -> usize {
        self.park.len()
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
        let seq = self.seq_at(now_ms);
        let signed = Signed { table: self.hash, from: self.me, seq, prev: self.last_own, body: body.clone() };
        let bytes = self.identity.seal_chained(self.hash, seq, self.last_own, body);
        let events = self.take(&signed, &bytes, now_ms).map_err(|e| e.problem)?;
        // Only a clock some 500,000 years ahead gets here; refuse rather than wrap.
        self.next_seq = seq.checked_add(1).ok_or("this device's sequence numbers are used up")?;
        self.last_own = Some(seq);
        Ok((bytes, events))
    }

    /// The sequence number the next own message will carry at `now_ms` (roll ids are made from it).
    fn seq_at(&self, now_ms: u64) -> u64 {
        self.next_seq.max(now_ms.saturating_mul(SEQ_PER_MS))
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
        classify::classify(&self.table, self.hash, bytes, e)
    }

    /// Into the table; when accepted, logged, indexed for catch-up, remembered for dedupe, and the seed kept if it
    /// verified a roll.
    fn take(&mut self, signed: &Signed, bytes: &[u8], now_ms: u64) -> Result<Vec<Event>, Rejected> {
        let events = self.table.receive_opened(signed, bytes, now_ms)?;
        self.taken.insert(Sha256::digest(bytes).into());
        let message = String::from_utf8_lossy(bytes).into_owned();
        self.chains.insert(signed.from, signed.seq, signed.prev, Some(self.log.messages.len()));
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

/// Why a waiting message was given to the table before what it waits for arrived.
#[derive(Clone, Copy)]
enum Gave {
    Time,
    Full,
}

impl Step {
    /// Add what `other` did after what this step did.
    pub fn merge(&mut self, other: Step) {
        self.events.extend(other.events);
        self.outgoing.extend(other.outgoing);
        self.problems.extend(other.problems);
        self.refused.extend(other.refused);
        self.sync.extend(other.sync);
    }
}

/// The signed part of a message the table already checked (its signature is not checked again).
fn read_signed(bytes: Vec<u8>) -> Option<Signed> {
    let wire: serde_json::Value = crate::wire::read_json(&bytes).ok()?;
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
