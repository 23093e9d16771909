//! A simulated network of members: every broadcast goes to each connected member in a seeded random order, keeping
//! each sender's order per receiver unless `swaps` says otherwise, and some messages arrive a second time later (the
//! other path: relays or data channel), as the app's transport does. Time moves only when a test says so; members also tick at random moments
//! while messages are in flight.
// Shared by tests/member.rs and tests/hold.rs, which each use part of it.
#![allow(dead_code)]

use dicetray_table::*;
use std::collections::{BTreeMap, VecDeque};

pub const NOW: u64 = 1_000_000;

/// splitmix64: seeded, so every run draws the same values.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn bytes(&mut self) -> [u8; 32] {
        let mut out = [0u8; 32];
        for chunk in out.chunks_mut(8) {
            chunk.copy_from_slice(&self.next().to_le_bytes());
        }
        out
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// One sender-receiver link: the in-order path, and copies that arrive again after their original.
#[derive(Default)]
struct Link {
    direct: VecDeque<(usize, Vec<u8>)>,
    again: Vec<(usize, Vec<u8>)>,
    delivered: usize,
    sent: usize,
}

pub struct Net {
    pub rng: Rng,
    /// None: the device is gone (closed without a word).
    pub members: Vec<Option<Member>>,
    links: BTreeMap<(usize, usize), Link>,
    pub now: u64,
    /// Every broadcast, by sender.
    pub sent: Vec<(usize, Vec<u8>)>,
    /// Every refusal, by receiver.
    pub refused: Vec<(usize, Rejected)>,
    pub problems: Vec<String>,
    /// Copies arriving twice, per thousand messages.
    pub duplicates: u64,
    /// Messages that overtake the one sent before them on their link (took the other path), per thousand.
    pub swaps: u64,
    /// Messages that overtook another.
    pub overtaken: usize,
    /// Second copies delivered.
    pub copies: usize,
    /// Members the network does not tick (a test reveals for them by hand).
    pub frozen: Vec<usize>,
    /// Sync frames in flight: (from, to, text), delivered in random order among the messages.
    syncs: Vec<(usize, usize, String)>,
    /// Sync frames sent.
    pub sync_sent: usize,
}

impl Net {
    /// `n` members of one table who said hello and learned each other.
    pub fn new(n: usize, seed: u64) -> Net {
        Net::with_swaps(n, seed, 0)
    }

    /// The same, on a network where `swaps` per thousand messages overtake the one sent before them on their link
    /// (from the start: hellos too).
    pub fn with_swaps(n: usize, seed: u64, swaps: u64) -> Net {
        let mut net = Net {
            rng: Rng(seed),
            members: Vec::new(),
            links: BTreeMap::new(),
            now: NOW,
            sent: Vec::new(),
            refused: Vec::new(),
            problems: Vec::new(),
            duplicates: 300,
            swaps,
            overtaken: 0,
            frozen: Vec::new(),
            copies: 0,
            syncs: Vec::new(),
            sync_sent: 0,
        };
        for i in 0..n {
            net.join(&format!("player{i}"));
        }
        net.run();
        net
    }

    /// A new device connects and says hello (delivered by the next [`Net::run`]).
    pub fn join(&mut self, name: &str) -> usize {
        let secret = self.rng.bytes();
        let mut m = Member::new("test table", secret, name.into(), None, Some(Rules::HERE), self.now).unwrap();
        let hello = m.hello(self.now).unwrap();
        self.members.push(Some(m));
        let i = self.members.len() - 1;
        self.broadcast(i, hello);
        i
    }

    pub fn member(&self, i: usize) -> &Member {
        self.members[i].as_ref().unwrap()
    }

    pub fn key(&self, i: usize) -> PeerKey {
        self.member(i).me()
    }

    /// Member `i` does something that sends one message, which is broadcast.
    pub fn act<T>(&mut self, i: usize, f: impl FnOnce(&mut Member, u64) -> Result<(T, Vec<u8>), String>) -> T {
        let now = self.now;
        let (out, bytes) = f(self.members[i].as_mut().unwrap(), now).unwrap();
        self.broadcast(i, bytes);
        out
    }

    pub fn broadcast(&mut self, from: usize, bytes: Vec<u8>) {
        self.sent.push((from, bytes.clone()));
        for to in 0..self.members.len() {
            if to == from || self.members[to].is_none() {
                continue;
            }
            let twice = self.rng.next() % 1000 < self.duplicates;
            let swap = self.rng.next() % 1000 < self.swaps;
            let link = self.links.entry((from, to)).or_default();
            let n = link.sent;
            link.sent += 1;
            if twice {
                link.again.push((n, bytes.clone()));
            }
            if swap && !link.direct.is_empty() {
                self.overtaken += 1;
                link.direct.insert(link.direct.len() - 1, (n, bytes.clone()));
            } else {
                link.direct.push_back((n, bytes.clone()));
            }
        }
    }

    /// Deliver until nothing is in flight and no tick sends anything, at the current time.
    pub fn run(&mut self) {
        // A table that never goes quiet (members answering each other forever) fails here instead of hanging.
        let mut budget = 5_000;
        loop {
            while self.deliver_one() {
                budget -= 1;
                assert!(budget > 0, "the network never went quiet: {} messages sent", self.sent.len());
            }
            let mut quiet = true;
            for i in 0..self.members.len() {
                quiet &= !self.tick(i);
            }
            if quiet && !self.in_flight() {
                return;
            }
        }
    }

    /// Move the clock and let everyone catch up.
    pub fn advance(&mut self, ms: u64) {
        self.now += ms;
        self.run();
    }

    /// Deliver one message (or none, when nothing is in flight); whether one was delivered.
    pub fn step(&mut self) -> bool {
        self.deliver_one()
    }

    /// Device `i` is back as `member` (restored from its save): it says hello again, and 3 s pass in ticks, long
    /// enough for its catch-up (answers to one peer are paced by `MIN_GIVE_GAP_MS`).
    pub fn rejoin(&mut self, i: usize, member: Member) {
        self.members[i] = Some(member);
        self.act(i, |m, now| m.hello(now).map(|b| ((), b)));
        for _ in 0..30 {
            self.advance(100);
        }
    }

    /// Take device `i` off the network without a word (a closed tab).
    pub fn vanish(&mut self, i: usize) {
        self.members[i] = None;
        self.syncs.retain(|(_, to, _)| *to != i);
        for ((_, to), link) in &mut self.links {
            if *to == i {
                link.delivered += link.direct.len();
                link.direct.clear();
                link.again.clear();
            }
        }
    }

    fn in_flight(&self) -> bool {
        self.links.values().any(|l| !l.direct.is_empty() || !l.again.is_empty()) || !self.syncs.is_empty()
    }

    /// Queue the sync frames of member `from`'s step: to one member, or to every other one here.
    fn send_syncs(&mut self, from: usize, out: Vec<SyncOut>) {
        for o in out {
            self.sync_sent += 1;
            for to in 0..self.members.len() {
                let Some(m) = &self.members[to] else { continue };
                if to != from && o.to.is_none_or(|k| k == m.me()) {
                    self.syncs.push((from, to, o.text.clone()));
                }
            }
        }
    }

    /// Everything a member's step asks to send, and its problems.
    fn take_step(&mut self, i: usize, step: Step) -> bool {
        self.problems.extend(step.problems);
        self.refused.extend(step.refused.into_iter().map(|e| (i, e)));
        let any = !step.outgoing.is_empty() || !step.sync.is_empty();
        for bytes in step.outgoing {
            self.broadcast(i, bytes);
        }
        self.send_syncs(i, step.sync);
        any
    }

    /// Tick member `i`; whether it sent anything.
    fn tick(&mut self, i: usize) -> bool {
        if self.frozen.contains(&i) {
            return false;
        }
        let Some(m) = self.members[i].as_mut() else { return false };
        let rng = &mut self.rng;
        let step = m.tick(self.now, &mut || rng.bytes());
        self.take_step(i, step)
    }

    /// One random delivery (or, sometimes, a random member's tick); false when nothing can be delivered.
    fn deliver_one(&mut self) -> bool {
        if self.rng.next().is_multiple_of(8) {
            let i = self.rng.below(self.members.len());
            self.tick(i);
        }
        // (link, true for a second copy) of everything deliverable now.
        let mut ready = Vec::new();
        for (k, l) in &self.links {
            if !l.direct.is_empty() {
                ready.push((*k, None));
            }
            for (j, (n, _)) in l.again.iter().enumerate() {
                if *n < l.delivered {
                    ready.push((*k, Some(j)));
                }
            }
        }
        if ready.is_empty() && self.syncs.is_empty() {
            return false;
        }
        let pick = self.rng.below(ready.len() + self.syncs.len());
        if pick >= ready.len() {
            let (from, to, text) = self.syncs.remove(pick - ready.len());
            let key = self.key(from);
            let Some(m) = self.members[to].as_mut() else { return true };
            let rng = &mut self.rng;
            match m.on_sync(key, &text, self.now, &mut || rng.bytes()) {
                Ok(step) => {
                    self.take_step(to, step);
                }
                Err(e) => self.problems.push(format!("at {to}: sync frame refused: {e}")),
            }
            return true;
        }
        let ((from, to), copy) = ready[pick];
        let link = self.links.get_mut(&(from, to)).unwrap();
        let bytes = match copy {
            None => {
                link.delivered += 1;
                link.direct.pop_front().unwrap().1
            }
            Some(j) => {
                self.copies += 1;
                link.again.remove(j).1
            }
        };
        let Some(m) = self.members[to].as_mut() else { return true };
        let rng = &mut self.rng;
        match m.receive(&bytes, self.now, &mut || rng.bytes()) {
            Ok(step) => {
                self.take_step(to, step);
            }
            Err(e) => self.refused.push((to, e)),
        }
        true
    }

    /// The refusals that are real problems (none at an honest table).
    pub fn real_problems(&self) -> Vec<String> {
        let refused = self.refused.iter().filter(|(_, e)| e.is_problem()).map(|(i, e)| format!("at {i}: {e}"));
        refused.chain(self.problems.iter().cloned()).collect()
    }

    /// The status of `roller`'s roll `roll` on every member still here.
    pub fn statuses(&self, roller: usize, roll: &str) -> Vec<Status> {
        let key = self.key(roller);
        let here = self.members.iter().flatten();
        here.map(|m| m.table().roll(&key, roll).map(|r| r.status.clone()).expect("the roll is known")).collect()
    }

    /// Every member still here verified it with the same seed and the same dice; the seed.
    pub fn verified_alike(&self, roller: usize, roll: &str) -> u64 {
        let n = self.members.iter().flatten().count();
        assert_eq!(self.statuses(roller, roll), vec![Status::Verified; n], "roll {roll}: {:?}", self.real_problems());
        let key = self.key(roller);
        let seeds: Vec<_> = self.members.iter().flatten().map(|m| m.seed_of(&key, roll)).collect();
        let results: Vec<_> =
            self.members.iter().flatten().map(|m| m.table().roll(&key, roll).unwrap().result.clone()).collect();
        assert!(seeds[0].is_some() && seeds.iter().all(|s| s == &seeds[0]), "{seeds:?}");
        assert!(results[0].is_some() && results.iter().all(|r| r == &results[0]));
        seeds[0].unwrap()
    }

    /// How many hellos were broadcast since the `from`th message.
    pub fn hellos_since(&self, from: usize) -> usize {
        self.sent[from..].iter().filter(|(_, b)| matches!(signed_of(b).body, Body::Hello { .. })).count()
    }
}

/// The signed part of a message (tests read what was sent).
pub fn signed_of(bytes: &[u8]) -> wire::Signed {
    open(bytes).unwrap()
}

pub fn notation(text: &str) -> RollRequest {
    RollRequest::Notation { text: text.into(), version: 2 }
}
