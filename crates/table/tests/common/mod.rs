//! A seeded table of honest devices, each with its own `Table`, passing messages by hand.
#![allow(dead_code)]

use dicetray_table::*;

pub const NOW: u64 = 1_000;

/// 32 bytes from a test seed (splitmix64), so every run draws the same values.
pub fn bytes(seed: u64) -> Bytes32 {
    let mut s = seed;
    let mut out = [0u8; 32];
    for chunk in out.chunks_mut(8) {
        s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        chunk.copy_from_slice(&(z ^ (z >> 31)).to_le_bytes());
    }
    Bytes32(out)
}

pub struct Device {
    pub id: Identity,
    pub table: Table,
}

pub struct Sim {
    pub hash: Bytes32,
    pub devices: Vec<Device>,
    /// Every message accepted, as the transcript holds it.
    pub log: TableLog,
}

impl Sim {
    /// `n` devices that have all said hello.
    pub fn new(n: usize, seed: u64) -> Sim {
        let hash = table_hash("test table");
        let devices = (0..n)
            .map(|i| {
                let id = Identity::from_secret(bytes(seed * 100 + i as u64).0).unwrap();
                let table = Table::new(hash, Some(id.public()), Some(Rules::HERE));
                Device { id, table }
            })
            .collect();
        let mut sim = Sim { hash, devices, log: TableLog::new(hash) };
        for i in 0..n {
            let hello = Body::Hello { name: format!("player{i}"), character: None };
            sim.send(i, hello, NOW);
        }
        sim
    }

    pub fn key(&self, i: usize) -> PeerKey {
        self.devices[i].id.public()
    }

    pub fn seal(&mut self, from: usize, body: Body) -> Vec<u8> {
        let hash = self.hash;
        self.devices[from].id.seal(hash, body)
    }

    /// Deliver bytes to every device; each must accept them (panics in the test otherwise).
    pub fn deliver(&mut self, msg: &[u8], now: u64) -> Vec<Vec<Event>> {
        self.log
            .messages
            .push(dicetray_table::log::LoggedMessage { at_ms: now, message: String::from_utf8(msg.to_vec()).unwrap() });
        self.devices.iter_mut().map(|d| d.table.receive(msg, now).unwrap()).collect()
    }

    pub fn send(&mut self, from: usize, body: Body, now: u64) -> Vec<Vec<Event>> {
        let msg = self.seal(from, body);
        self.deliver(&msg, now)
    }

    /// Roller `i` announces notation `text` with secret `secret`.
    pub fn intent(&mut self, i: usize, roll: &str, text: &str, secret: Bytes32) -> Vec<u8> {
        let request = RollRequest::Notation { text: text.into(), version: 2 };
        self.seal(i, Body::Intent { roll: roll.into(), request, commitment: commitment(&secret) })
    }

    /// Roller `i` announces notation `text` to everyone at `NOW`.
    pub fn announce(&mut self, i: usize, roll: &str, text: &str, secret: Bytes32) {
        let intent = self.intent(i, roll, text, secret);
        self.deliver(&intent, NOW);
    }

    /// Roller `i` announces a hidden roll of notation `text` to everyone at `NOW`; the request it is sealed over.
    pub fn announce_sealed(&mut self, i: usize, roll: &str, text: &str, secret: Bytes32) -> RollRequest {
        let request = RollRequest::Notation { text: text.into(), version: 2 };
        let commitment = seal_commitment_of(&request, &secret);
        let sealed = self.seal(i, Body::SealedIntent { roll: roll.into(), commitment });
        self.deliver(&sealed, NOW);
        request
    }

    /// Roller `i`'s sealed reveal of `request`, built from its own table.
    pub fn sealed_reveal(&mut self, i: usize, roll: &str, request: RollRequest, secret: Bytes32) -> Vec<u8> {
        let me = self.key(i);
        let body = sealed_reveal_body(&self.devices[i].table, &me, roll, request, secret).unwrap();
        self.seal(i, body)
    }

    pub fn contribution(&mut self, from: usize, roller: usize, roll: &str, seed: u64) -> Vec<u8> {
        let roller = self.key(roller);
        self.seal(from, Body::Contribution { roll: roll.into(), roller, bytes: bytes(seed) })
    }

    /// The honest reveal of roller `i`'s roll, built from its own table.
    pub fn reveal(&mut self, i: usize, roll: &str, secret: Bytes32) -> Vec<u8> {
        let me = self.key(i);
        let body = reveal_body(&self.devices[i].table, &me, roll, secret).unwrap();
        self.seal(i, body)
    }

    /// An honest open roll by `i`: intent, everyone else contributes, reveal.
    pub fn honest_roll(&mut self, i: usize, roll: &str, text: &str, seed: u64) {
        let secret = bytes(seed);
        let intent = self.intent(i, roll, text, secret);
        self.deliver(&intent, NOW);
        for j in 0..self.devices.len() {
            if j != i {
                let c = self.contribution(j, i, roll, seed.wrapping_mul(10).wrapping_add(j as u64));
                self.deliver(&c, NOW + 100);
            }
        }
        let reveal = self.reveal(i, roll, secret);
        self.deliver(&reveal, NOW + 200);
    }

    /// The status of roller `i`'s roll on every device.
    pub fn statuses(&self, i: usize, roll: &str) -> Vec<Status> {
        let key = self.key(i);
        self.devices.iter().map(|d| d.table.roll(&key, roll).unwrap().status.clone()).collect()
    }
}
