//! The table as a state machine: signed bytes in, events out. No clock (the caller passes milliseconds), no
//! randomness, no I/O; the same machine runs in the browser, in tests and in `dicetray verify`.
//!
//! Messages may arrive in any order (two paths, a phone catching up on what it missed): a sender's numbers need only
//! be new, not increasing, and nothing a roll's check decides depends on the order or time messages arrived here,
//! so every device that took the same messages reads the same table (docs/table-protocol.md, "Order"). A message
//! about something not seen yet (a contribution before its intent) is refused here; [`Table::missing`] names what
//! it waits for, and the member keeps it until that arrives.

use crate::ask::AskFor;
use crate::body::{Body, RollRequest};
use crate::error::Rejected;
use crate::events::Event;
use crate::key::{Bytes32, PeerKey};
use crate::limits::*;
use crate::peer_set::{PeerMap, PeerSet};
use crate::roll::{Seen, Status, TableRoll};
use crate::rules::Rules;
use crate::wire::{open, Signed};
use dicetray_rules::sorted;
use litemap::LiteMap;
use std::collections::BTreeSet;

/// A peer as this device knows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Peer {
    pub name: String,
    pub character: Option<String>,
    pub present: bool,
    last_seq: u64,
    /// The number of the hello or leave that set `name` and `present`: a later one (by number) wins, whatever
    /// order they arrived in.
    said_seq: u64,
}

impl Peer {
    /// The highest sequence number taken from this peer.
    pub fn last_seq(&self) -> u64 {
        self.last_seq
    }
}

/// What a message refused for now waits for ([`Table::missing`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Missing {
    /// The hello of this peer.
    Peer(PeerKey),
    /// The intent of this roll: (roller, roll id hash).
    Roll(PeerKey, Bytes32),
    /// This GM request: (GM, request id hash).
    Ask(PeerKey, Bytes32),
    /// The rules' code ([`crate::rules`]), not given to this table yet: a message read with it (a roll request, a
    /// reveal, a GM's request, an answer) waits for it.
    Rules,
}

impl Missing {
    pub fn roll(roller: PeerKey, id: &str) -> Missing {
        Missing::Roll(roller, id_hash(id))
    }

    pub fn ask(gm: PeerKey, id: &str) -> Missing {
        Missing::Ask(gm, id_hash(id))
    }
}

fn id_hash(id: &str) -> Bytes32 {
    use sha2::{Digest, Sha256};
    Bytes32(Sha256::digest(id.as_bytes()).into())
}

/// A GM's request for a roll.
#[derive(Clone, Debug, PartialEq)]
pub struct GmRequest {
    pub to: Option<PeerKey>,
    pub request: AskFor,
    /// When it arrived here (the caller's clock, milliseconds).
    pub at_ms: u64,
    /// Its sequence number, which orders the requests alike on every device.
    pub seq: u64,
}

pub struct Table {
    table: Bytes32,
    me: Option<PeerKey>,
    peers: PeerMap<Peer>,
    /// In the order of their intents' sequence numbers (then roller): the same on every device.
    rolls: Vec<TableRoll>,
    gm_requests: LiteMap<(PeerKey, String), GmRequest>,
    /// Every (sender, sequence number) taken: a second message with the same pair is a replay.
    numbers: BTreeSet<(PeerKey, u64)>,
    /// The rules' code, once given ([`Table::give_rules`]).
    rules: Option<Rules>,
}

impl Table {
    /// A table seen by `me` (None: an offline verifier). `table` is the hash of the table id; `rules`, the rules'
    /// code, if it is here yet (else [`Table::give_rules`] later).
    pub fn new(table: Bytes32, me: Option<PeerKey>, rules: Option<Rules>) -> Table {
        let (peers, rolls, gm_requests, numbers) = Default::default();
        Table { table, me, peers, rolls, gm_requests, numbers, rules }
    }

    /// Give the rules' code to a table made without it: what waited for it ([`Missing::Rules`]) can be taken now.
    pub fn give_rules(&mut self, rules: Rules) {
        self.rules = Some(rules);
    }

    /// The rules' code, once given.
    pub fn rules(&self) -> Option<Rules> {
        self.rules
    }

    /// The rules' code, or why a message that needs it cannot be taken yet.
    pub(crate) fn rules_here(&self) -> Result<Rules, String> {
        self.rules.ok_or_else(|| "the rules' code is not here yet (it is still downloading)".to_string())
    }

    pub fn peers(&self) -> &PeerMap<Peer> {
        &self.peers
    }

    pub fn rolls(&self) -> &[TableRoll] {
        &self.rolls
    }

    /// The GM request `id` made by `gm`, if it was seen here.
    pub fn gm_request(&self, gm: &PeerKey, id: &str) -> Option<&GmRequest> {
        self.gm_requests.get(&(*gm, id.to_string()))
    }

    /// Every GM request seen here, in the order they were made (by sequence number, the same on every device):
    /// (GM, request id, the request).
    pub fn gm_requests(&self) -> Vec<(&PeerKey, &str, &GmRequest)> {
        let mut all: Vec<_> = self.gm_requests.iter().map(|((gm, id), q)| (gm, id.as_str(), q)).collect();
        sorted::sort_by_key(&mut all, |(gm, _, q)| (q.seq, **gm));
        all
    }

    /// The rolls that answered GM `gm`'s request `id`, in the order they were announced: (roller, roll id).
    pub fn answers_to(&self, gm: &PeerKey, id: &str) -> Vec<(PeerKey, String)> {
        let answers = |r: &&TableRoll| r.answers.as_ref().is_some_and(|(g, i)| g == gm && i == id);
        self.rolls.iter().filter(answers).map(|r| (r.roller, r.id.clone())).collect()
    }

    pub fn roll(&self, roller: &PeerKey, id: &str) -> Option<&TableRoll> {
        self.rolls.iter().find(|r| &r.roller == roller && r.id == id)
    }

    /// How notices name a peer: its short key, and its name once it said hello.
    pub fn name_of(&self, key: &PeerKey) -> String {
        match self.peers.get(key) {
            Some(p) => format!("{} ({})", p.name, key.short()),
            None => key.short(),
        }
    }

    /// Take one incoming message. A refused message changes nothing.
    pub fn receive(&mut self, bytes: &[u8], now_ms: u64) -> Result<Vec<Event>, Rejected> {
        let signed = open(bytes)?;
        self.receive_opened(&signed, bytes, now_ms)
    }

    /// [`Table::receive`] for a message whose envelope and signature [`open`] already checked (`signed` is what it
    /// gave for `bytes`), so a member that read it first does not check the signature twice.
    pub fn receive_opened(&mut self, signed: &Signed, bytes: &[u8], now_ms: u64) -> Result<Vec<Event>, Rejected> {
        let text = std::str::from_utf8(bytes).unwrap_or_default().to_string();
        let who = Some(self.name_of(&signed.from));
        let fail = |p: String| {
            let r = Rejected::new(who.clone(), p).by(signed.from);
            match signed.body.roll_id() {
                Some(id) => r.about(id),
                None => r,
            }
        };
        if signed.table != self.table {
            return Err(fail(format!(
                "for another table ({}), not this one ({})",
                signed.table.short(),
                self.table.short()
            )));
        }
        if self.numbers.contains(&(signed.from, signed.seq)) {
            return Err(fail(format!("replayed: a message with sequence number {} was already taken", signed.seq)));
        }
        if !self.peers.contains_key(&signed.from) && !matches!(signed.body, Body::Hello { .. }) {
            return Err(fail("sent before saying hello (join the table first)".into()));
        }
        let events = self.apply(signed, text, now_ms).map_err(fail)?;
        self.numbers.insert((signed.from, signed.seq));
        if let Some(p) = self.peers.get_mut(&signed.from) {
            p.last_seq = p.last_seq.max(signed.seq);
        }
        Ok(events)
    }

    /// What `m` needs that this table has not seen, if anything: its sender's hello, the roll it is about, the GM
    /// request it answers, the peer a GM request names, a contributor a reveal uses, or (last) the rules' code. Such
    /// a message is refused now and may be taken once that arrives; anything else is taken or refused for good.
    pub fn missing(&self, m: &Signed) -> Option<Missing> {
        if m.table != self.table || self.numbers.contains(&(m.from, m.seq)) {
            return None;
        }
        let hello = matches!(m.body, Body::Hello { .. });
        if !hello && !self.peers.contains_key(&m.from) {
            return Some(Missing::Peer(m.from));
        }
        let roll = |roller: &PeerKey, id: &str| self.roll(roller, id).is_none().then(|| Missing::roll(*roller, id));
        let peer = |k: &PeerKey| (!self.peers.contains_key(k)).then_some(Missing::Peer(*k));
        let seen = match &m.body {
            Body::Contribution { roll: id, roller, .. } => roll(roller, id),
            Body::Reveal { roll: id, contributions, .. } | Body::SealedReveal { roll: id, contributions, .. } => {
                roll(&m.from, id).or_else(|| contributions.iter().filter_map(|c| signer_of(c)).find_map(|k| peer(&k)))
            }
            Body::GmRequest { to: Some(to), .. } => peer(to),
            Body::Answer { id, gm, roll: r } => match self.gm_requests.contains_key(&(*gm, id.clone())) {
                false => Some(Missing::ask(*gm, id)),
                true => roll(&m.from, r),
            },
            _ => None,
        };
        seen.or_else(|| (self.rules.is_none() && needs_rules(&m.body)).then_some(Missing::Rules))
    }

    /// What taking `m` can unblock ([`Table::missing`]).
    pub fn provides(m: &Signed) -> Option<Missing> {
        match &m.body {
            Body::Hello { .. } => Some(Missing::Peer(m.from)),
            Body::Intent { roll, .. } | Body::SealedIntent { roll, .. } => Some(Missing::roll(m.from, roll)),
            Body::GmRequest { id, .. } => Some(Missing::ask(m.from, id)),
            _ => None,
        }
    }

    fn apply(&mut self, m: &Signed, text: String, now: u64) -> Result<Vec<Event>, String> {
        let from = m.from;
        match &m.body {
            Body::Hello { name, character } => {
                check_name("name", name)?;
                if let Some(c) = character {
                    check_name("character", c)?;
                }
                if self.peers.get(&from).is_some_and(|p| p.said_seq > m.seq) {
                    // An older hello than the one (or the leave) already taken: it changes nothing now.
                    return Ok(vec![]);
                }
                let present = self.peers.values().filter(|p| p.present).count();
                if !self.peers.get(&from).is_some_and(|p| p.present) && present >= MAX_PEERS {
                    return Err(format!("the table is full (MAX_PEERS, at most {MAX_PEERS})"));
                }
                let last_seq = self.peers.get(&from).map_or(0, |p| p.last_seq);
                let said_seq = m.seq;
                let peer = Peer { name: name.clone(), character: character.clone(), present: true, last_seq, said_seq };
                self.peers.insert(from, peer);
                Ok(vec![Event::Joined { peer: from, name: name.clone(), character: character.clone() }])
            }
            Body::Leave {} => {
                let Some(p) = self.peers.get_mut(&from).filter(|p| p.said_seq < m.seq) else {
                    // A leave older than the hello already taken (the peer came back since): nothing changes.
                    return Ok(vec![]);
                };
                p.present = false;
                p.said_seq = m.seq;
                self.stop_expecting(&from);
                Ok(vec![Event::Left { peer: from }])
            }
            Body::Intent { roll, request, commitment } => {
                self.announce(m, roll, Some(request.clone()), *commitment, now)
            }
            Body::SealedIntent { roll, commitment } => self.announce(m, roll, None, *commitment, now),
            Body::Contribution { roll, roller, bytes } => {
                // Neither who was present when the intent arrived nor whether the sender has left since is asked:
                // both depend on the order messages reached this device, so they would fail honest rolls
                // (docs/table-protocol.md, "Who can cheat what").
                let r = self.roll_mut(roller, roll)?;
                if from == r.roller {
                    return Err("a roller cannot contribute to its own roll".into());
                }
                match r.seen.get(&from) {
                    Some(seen) if seen.bytes == *bytes => return Err("a second contribution to the same roll".into()),
                    // Two different contributions signed by one peer: whichever the reveal uses, that peer could
                    // have chosen between them, so a roll that uses either fails, naming it, in any arrival order.
                    Some(_) => {
                        r.doubled.insert(from);
                    }
                    None => {
                        r.seen.insert(from, Seen { bytes: *bytes, at_ms: now, message: text });
                    }
                }
                let used = r.used.as_ref().is_some_and(|u| u.iter().any(|(k, _)| *k == from));
                if used && r.doubled.contains(&from) {
                    let status =
                        Status::Failed(format!("{} signed two different contributions to it", self.name_of(&from)));
                    let r = self.roll_mut(roller, roll)?;
                    r.status = status.clone();
                    return Ok(vec![Event::Checked { roller: *roller, roll: roll.clone(), status }]);
                }
                Ok(vec![])
            }
            Body::Reveal { roll, secret, contributions, result } => {
                let rules = self.rules_here()?;
                let (status, used) = self.check_reveal(&rules, from, roll, None, secret, contributions, result)?;
                Ok(self.settle(from, roll, status, used, result.clone(), None))
            }
            Body::SealedReveal { roll, request, secret, contributions, result } => {
                let rules = self.rules_here()?;
                let (status, used) =
                    self.check_reveal(&rules, from, roll, Some(request), secret, contributions, result)?;
                Ok(self.settle(from, roll, status, used, result.clone(), Some(request.clone())))
            }
            Body::GmRequest { id, to, request } => {
                check_name("GM request id", id)?;
                (self.rules_here()?.check_ask)(request)?;
                if let Some(to) = to {
                    if !self.peers.contains_key(to) {
                        return Err(format!("asks {} for a roll, who is not at the table", to.short()));
                    }
                }
                if self.gm_requests.contains_key(&(from, id.clone())) {
                    return Err(format!("GM request id `{id}` was already used"));
                }
                let gm = GmRequest { to: *to, request: request.clone(), at_ms: now, seq: m.seq };
                self.gm_requests.insert((from, id.clone()), gm);
                Ok(vec![Event::GmRequested { gm: from, id: id.clone(), to: *to, request: request.clone() }])
            }
            Body::Answer { id, gm, roll } => {
                let rules = self.rules_here()?;
                let asked = self.gm_requests.get(&(*gm, id.clone()));
                let asked = asked
                    .ok_or_else(|| format!("answers GM request `{id}` from {}, which was never made", gm.short()))?;
                if asked.to.is_some_and(|to| to != from) {
                    return Err(format!("answers GM request `{id}`, which asked someone else"));
                }
                let r = self.rolls.iter_mut().find(|r| r.roller == from && &r.id == roll);
                let r = r.ok_or_else(|| format!("answers with roll `{roll}`, which this peer never announced"))?;
                let rolled = r.request.as_ref().ok_or_else(|| format!("answers with roll `{roll}`, a hidden roll"))?;
                (rules.honoured)(&asked.request, rolled).map_err(|e| format!("answers GM request `{id}` but {e}"))?;
                r.answers = Some((*gm, id.clone()));
                Ok(vec![Event::Answered { gm: *gm, id: id.clone(), roller: from, roll: roll.clone() }])
            }
        }
    }

    fn announce(
        &mut self,
        m: &Signed,
        roll: &str,
        request: Option<RollRequest>,
        commitment: Bytes32,
        now: u64,
    ) -> Result<Vec<Event>, String> {
        let from = m.from;
        check_name("roll id", roll)?;
        if let Some(req) = &request {
            (self.rules_here()?.check)(req)?;
        }
        if self.roll(&from, roll).is_some() {
            return Err(format!("roll id `{roll}` was already used by this peer"));
        }
        // Counted by the sender's own numbers (its clock), not by what was revealed here yet, so a device catching
        // up on many rolls at once counts the same as one that saw them live.
        let window = CONTRIBUTION_WAIT_MS * crate::wire::SEQ_PER_MS;
        let recent = |r: &&TableRoll| r.roller == from && r.seq < m.seq && m.seq - r.seq < window;
        if self.rolls.iter().filter(recent).count() >= MAX_OPEN_ROLLS_PER_PEER {
            return Err(format!(
                "too many rolls at once (MAX_OPEN_ROLLS_PER_PEER, at most {MAX_OPEN_ROLLS_PER_PEER} within \
                 {CONTRIBUTION_WAIT_MS} ms)"
            ));
        }
        let sealed = request.is_none();
        let expected: PeerSet = self.peers.iter().filter(|(k, p)| p.present && **k != from).map(|(k, _)| *k).collect();
        let at = self.rolls.partition_point(|r| (r.seq, r.roller) < (m.seq, from));
        self.rolls.insert(
            at,
            TableRoll {
                roller: from,
                id: roll.to_string(),
                seq: m.seq,
                request,
                commitment,
                sealed,
                announced_ms: now,
                wait_from_ms: now,
                expected,
                seen: PeerMap::new(),
                doubled: PeerSet::new(),
                used: None,
                status: if sealed { Status::Sealed } else { Status::Pending },
                result: None,
                answers: None,
                reveal_due_sent: false,
            },
        );
        let mut events = vec![Event::Announced { roller: from, roll: roll.to_string(), sealed }];
        if self.me.is_some_and(|me| me != from) {
            events.push(Event::ContributeTo { roller: from, roll: roll.to_string() });
        }
        Ok(events)
    }

    /// A roll seen here, open or settled, to change.
    fn roll_mut(&mut self, roller: &PeerKey, id: &str) -> Result<&mut TableRoll, String> {
        let r = self.rolls.iter_mut().find(|r| &r.roller == roller && r.id == id);
        r.ok_or_else(|| format!("roll `{id}` of {} was never announced here", roller.short()))
    }

    /// Open rolls stop waiting for `peer`'s contribution (it left, or its device stopped answering).
    pub fn stop_expecting(&mut self, peer: &PeerKey) {
        for r in self.rolls.iter_mut().filter(|r| r.status.is_open()) {
            r.expected.remove(peer);
        }
    }

    /// This device's own open rolls wait for contributions from `now_ms` on (its device could not reach the
    /// table until now, so nobody could have answered).
    pub fn restart_own_waits(&mut self, now_ms: u64) {
        let me = self.me;
        for r in self.rolls.iter_mut().filter(|r| Some(r.roller) == me && r.status.is_open() && !r.reveal_due_sent) {
            r.wait_from_ms = r.wait_from_ms.max(now_ms);
        }
    }

    /// [`crate::check::check_reveal`] of `from`'s reveal of its open roll `id`, with every peer that said hello here.
    #[allow(clippy::too_many_arguments)]
    fn check_reveal(
        &mut self,
        rules: &Rules,
        from: PeerKey,
        id: &str,
        sealed_request: Option<&RollRequest>,
        secret: &Bytes32,
        contributions: &[String],
        result: &serde_json::Value,
    ) -> Result<(Status, Vec<(PeerKey, Bytes32)>), String> {
        let names: Vec<(PeerKey, String)> = self.peers.keys().map(|k| (*k, self.name_of(k))).collect();
        let r = self.open_roll(&from, id)?;
        crate::check::check_reveal(rules, r, &names, sealed_request, secret, contributions, result)
    }

    pub(crate) fn open_roll(&mut self, roller: &PeerKey, id: &str) -> Result<&mut TableRoll, String> {
        let r = self.rolls.iter_mut().find(|r| &r.roller == roller && r.id == id);
        let r = r.ok_or_else(|| format!("roll `{id}` of {} was never announced here", roller.short()))?;
        if !r.status.is_open() {
            return Err(format!("roll `{id}` was already revealed"));
        }
        Ok(r)
    }

    fn settle(
        &mut self,
        roller: PeerKey,
        id: &str,
        status: Status,
        used: Vec<(PeerKey, Bytes32)>,
        result: serde_json::Value,
        request: Option<RollRequest>,
    ) -> Vec<Event> {
        let Some(r) = self.rolls.iter_mut().find(|r| r.roller == roller && r.id == id) else {
            return vec![];
        };
        r.status = status.clone();
        r.used = Some(used);
        r.result = Some(result);
        if request.is_some() {
            r.request = request;
        }
        vec![Event::Checked { roller, roll: id.to_string(), status }]
    }

    /// Let time pass: own rolls due for their reveal, others' open rolls past `REVEAL_LIMIT_MS`.
    pub fn tick(&mut self, now_ms: u64) -> Vec<Event> {
        let mut events = Vec::new();
        for r in &mut self.rolls {
            let mine = self.me == Some(r.roller);
            let waited = now_ms.saturating_sub(r.announced_ms);
            let own_wait = now_ms.saturating_sub(r.wait_from_ms);
            if mine
                && r.status.is_open()
                && !r.sealed
                && !r.reveal_due_sent
                && (own_wait >= CONTRIBUTION_WAIT_MS || r.all_contributed())
            {
                r.reveal_due_sent = true;
                events.push(Event::RevealDue { roll: r.id.clone() });
            }
            if r.status == Status::Pending && waited >= REVEAL_LIMIT_MS {
                r.status = Status::NotRevealed;
                events.push(Event::Checked { roller: r.roller, roll: r.id.clone(), status: Status::NotRevealed });
            }
        }
        events
    }

    /// Mark a roll failed from outside a reveal (a transcript whose reveal was refused).
    pub fn fail(&mut self, roller: &PeerKey, id: &str, reason: String) -> bool {
        let mut hit = false;
        for r in self.rolls.iter_mut().filter(|r| r.id == id && &r.roller == roller) {
            r.status = Status::Failed(reason.clone());
            hit = true;
        }
        hit
    }
}

/// The signer a contribution carried in a reveal claims (not checked here: the reveal's check does that).
fn signer_of(text: &str) -> Option<PeerKey> {
    let wire: serde_json::Value = serde_json::from_str(text).ok()?;
    let signed: serde_json::Value = serde_json::from_str(wire.get("signed")?.as_str()?).ok()?;
    serde_json::from_value(signed.get("from")?.clone()).ok()
}

fn check_name(what: &str, s: &str) -> Result<(), String> {
    let n = s.chars().count();
    if n == 0 || n > MAX_NAME_CHARS {
        return Err(format!("{what} has {n} characters (MAX_NAME_CHARS: 1 to {MAX_NAME_CHARS})"));
    }
    Ok(())
}

/// Whether taking a message with this body reads the rules' code ([`crate::rules`]): a roll request (an intent, a
/// hidden roll's reveal), a reveal's dice, a GM's request, an answer to one.
fn needs_rules(body: &Body) -> bool {
    matches!(
        body,
        Body::Intent { .. }
            | Body::Reveal { .. }
            | Body::SealedReveal { .. }
            | Body::GmRequest { .. }
            | Body::Answer { .. }
    )
}
