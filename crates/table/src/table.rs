//! The table as a state machine: signed bytes in, events out. No clock (the caller passes milliseconds), no
//! randomness, no I/O; the same machine runs in the browser, in tests and in `dicetray verify`.

use crate::ask::AskFor;
use crate::body::{Body, RollRequest};
use crate::error::Rejected;
use crate::events::Event;
use crate::key::{Bytes32, PeerKey};
use crate::limits::*;
use crate::roll::{Seen, Status, TableRoll};
use crate::wire::{open, Signed};
use std::collections::{BTreeMap, BTreeSet};

/// A peer as this device knows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Peer {
    pub name: String,
    pub character: Option<String>,
    pub present: bool,
    last_seq: u64,
}

impl Peer {
    /// The sequence number of the last message taken from this peer.
    pub fn last_seq(&self) -> u64 {
        self.last_seq
    }
}

/// A GM's request for a roll.
#[derive(Clone, Debug, PartialEq)]
pub struct GmRequest {
    pub to: Option<PeerKey>,
    pub request: AskFor,
    /// When it arrived here (the caller's clock, milliseconds).
    pub at_ms: u64,
}

pub struct Table {
    table: Bytes32,
    me: Option<PeerKey>,
    peers: BTreeMap<PeerKey, Peer>,
    rolls: Vec<TableRoll>,
    gm_requests: BTreeMap<(PeerKey, String), GmRequest>,
}

impl Table {
    /// A table seen by `me` (None: an offline verifier). `table` is the hash of the table id.
    pub fn new(table: Bytes32, me: Option<PeerKey>) -> Table {
        Table { table, me, peers: BTreeMap::new(), rolls: Vec::new(), gm_requests: BTreeMap::new() }
    }

    pub fn peers(&self) -> &BTreeMap<PeerKey, Peer> {
        &self.peers
    }

    pub fn rolls(&self) -> &[TableRoll] {
        &self.rolls
    }

    /// The GM request `id` made by `gm`, if it was seen here.
    pub fn gm_request(&self, gm: &PeerKey, id: &str) -> Option<&GmRequest> {
        self.gm_requests.get(&(*gm, id.to_string()))
    }

    /// Every GM request seen here, in the order they arrived: (GM, request id, the request).
    pub fn gm_requests(&self) -> Vec<(&PeerKey, &str, &GmRequest)> {
        let mut all: Vec<_> = self.gm_requests.iter().map(|((gm, id), q)| (gm, id.as_str(), q)).collect();
        all.sort_by_key(|(_, _, q)| q.at_ms);
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
        let last = self.peers.get(&signed.from).map(|p| p.last_seq);
        if let Some(last) = last {
            if signed.seq <= last {
                return Err(fail(format!("replayed or out of order: sequence {} after {last}", signed.seq)));
            }
        } else if !matches!(signed.body, Body::Hello { .. }) {
            return Err(fail("sent before saying hello (join the table first)".into()));
        }
        let events = self.apply(&signed, text, now_ms).map_err(fail)?;
        if let Some(p) = self.peers.get_mut(&signed.from) {
            p.last_seq = signed.seq;
        }
        Ok(events)
    }

    fn apply(&mut self, m: &Signed, text: String, now: u64) -> Result<Vec<Event>, String> {
        let from = m.from;
        match &m.body {
            Body::Hello { name, character } => {
                check_name("name", name)?;
                if let Some(c) = character {
                    check_name("character", c)?;
                }
                let present = self.peers.values().filter(|p| p.present).count();
                if !self.peers.get(&from).is_some_and(|p| p.present) && present >= MAX_PEERS {
                    return Err(format!("the table is full (MAX_PEERS, at most {MAX_PEERS})"));
                }
                let last_seq = self.peers.get(&from).map_or(0, |p| p.last_seq);
                let peer = Peer { name: name.clone(), character: character.clone(), present: true, last_seq };
                self.peers.insert(from, peer);
                Ok(vec![Event::Joined { peer: from, name: name.clone(), character: character.clone() }])
            }
            Body::Leave => {
                if let Some(p) = self.peers.get_mut(&from) {
                    p.present = false;
                }
                for r in self.rolls.iter_mut().filter(|r| r.status.is_open()) {
                    r.expected.remove(&from);
                }
                Ok(vec![Event::Left { peer: from }])
            }
            Body::Intent { roll, request, commitment } => {
                self.announce(from, roll, Some(request.clone()), *commitment, now)
            }
            Body::SealedIntent { roll, commitment } => self.announce(from, roll, None, *commitment, now),
            Body::Contribution { roll, roller, bytes } => {
                // Who was present when the intent arrived is not asked: that depends on the order messages reached
                // this device (a newcomer's hello can arrive after an intent its roller sent knowing the newcomer),
                // so it would fail honest rolls, and it bought nothing against a roller's own throwaway peers, which
                // must say hello like anyone (docs/table-protocol.md, "Who can cheat what").
                let present = self.peers.get(&from).is_some_and(|p| p.present);
                let r = self.open_roll(roller, roll)?;
                if from == r.roller {
                    return Err("a roller cannot contribute to its own roll".into());
                }
                if r.seen.contains_key(&from) {
                    return Err("a second contribution to the same roll".into());
                }
                if !present {
                    return Err("contributes after leaving the table".into());
                }
                r.seen.insert(from, Seen { bytes: *bytes, at_ms: now, message: text });
                Ok(vec![])
            }
            Body::Reveal { roll, secret, contributions, result } => {
                let status = crate::check::check_reveal(self, from, roll, None, secret, contributions, result)?;
                Ok(self.settle(from, roll, status, result.clone(), None))
            }
            Body::SealedReveal { roll, request, secret, contributions, result } => {
                let req = Some(request);
                let status = crate::check::check_reveal(self, from, roll, req, secret, contributions, result)?;
                Ok(self.settle(from, roll, status, result.clone(), Some(request.clone())))
            }
            Body::GmRequest { id, to, request } => {
                check_name("GM request id", id)?;
                request.check()?;
                if let Some(to) = to {
                    if !self.peers.contains_key(to) {
                        return Err(format!("asks {} for a roll, who is not at the table", to.short()));
                    }
                }
                if self.gm_requests.contains_key(&(from, id.clone())) {
                    return Err(format!("GM request id `{id}` was already used"));
                }
                let gm = GmRequest { to: *to, request: request.clone(), at_ms: now };
                self.gm_requests.insert((from, id.clone()), gm);
                Ok(vec![Event::GmRequested { gm: from, id: id.clone(), to: *to, request: request.clone() }])
            }
            Body::Answer { id, gm, roll } => {
                let asked = self.gm_requests.get(&(*gm, id.clone()));
                let asked = asked
                    .ok_or_else(|| format!("answers GM request `{id}` from {}, which was never made", gm.short()))?;
                if asked.to.is_some_and(|to| to != from) {
                    return Err(format!("answers GM request `{id}`, which asked someone else"));
                }
                let r = self.rolls.iter_mut().find(|r| r.roller == from && &r.id == roll);
                let r = r.ok_or_else(|| format!("answers with roll `{roll}`, which this peer never announced"))?;
                let rolled = r.request.as_ref().ok_or_else(|| format!("answers with roll `{roll}`, a hidden roll"))?;
                asked.request.honoured_by(rolled).map_err(|e| format!("answers GM request `{id}` but {e}"))?;
                r.answers = Some((*gm, id.clone()));
                Ok(vec![Event::Answered { gm: *gm, id: id.clone(), roller: from, roll: roll.clone() }])
            }
        }
    }

    fn announce(
        &mut self,
        from: PeerKey,
        roll: &str,
        request: Option<RollRequest>,
        commitment: Bytes32,
        now: u64,
    ) -> Result<Vec<Event>, String> {
        check_name("roll id", roll)?;
        if let Some(req) = &request {
            req.check()?;
        }
        if self.roll(&from, roll).is_some() {
            return Err(format!("roll id `{roll}` was already used by this peer"));
        }
        let open = self.rolls.iter().filter(|r| r.roller == from && matches!(r.status, Status::Pending)).count();
        if open >= MAX_OPEN_ROLLS_PER_PEER {
            return Err(format!(
                "too many rolls awaiting reveal (MAX_OPEN_ROLLS_PER_PEER, at most {MAX_OPEN_ROLLS_PER_PEER})"
            ));
        }
        let sealed = request.is_none();
        let expected: BTreeSet<PeerKey> =
            self.peers.iter().filter(|(k, p)| p.present && **k != from).map(|(k, _)| *k).collect();
        self.rolls.push(TableRoll {
            roller: from,
            id: roll.to_string(),
            request,
            commitment,
            sealed,
            announced_ms: now,
            expected,
            seen: BTreeMap::new(),
            status: if sealed { Status::Sealed } else { Status::Pending },
            result: None,
            answers: None,
            reveal_due_sent: false,
        });
        let mut events = vec![Event::Announced { roller: from, roll: roll.to_string(), sealed }];
        if self.me.is_some_and(|me| me != from) {
            events.push(Event::ContributeTo { roller: from, roll: roll.to_string() });
        }
        Ok(events)
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
        result: serde_json::Value,
        request: Option<RollRequest>,
    ) -> Vec<Event> {
        let Some(r) = self.rolls.iter_mut().find(|r| r.roller == roller && r.id == id) else {
            return vec![];
        };
        r.status = status.clone();
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
            if mine
                && r.status.is_open()
                && !r.sealed
                && !r.reveal_due_sent
                && (waited >= CONTRIBUTION_WAIT_MS || r.all_contributed())
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

fn check_name(what: &str, s: &str) -> Result<(), String> {
    let n = s.chars().count();
    if n == 0 || n > MAX_NAME_CHARS {
        return Err(format!("{what} has {n} characters (MAX_NAME_CHARS: 1 to {MAX_NAME_CHARS})"));
    }
    Ok(())
}
