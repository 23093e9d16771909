//! Table logs made by honest devices through the real table code, for the tests of `verify` and `luck`.
#![allow(dead_code)]

use dicetray_table::log::LoggedMessage;
use dicetray_table::*;

pub fn key(n: u8) -> Identity {
    Identity::from_secret([n; 32]).unwrap()
}

/// Three devices (`player0` to `player2`) at one table, and the log of every message they sent.
pub struct Transcript {
    pub hash: Bytes32,
    pub ids: [Identity; 3],
    pub log: TableLog,
    table: Table,
    rolls: u8,
}

impl Transcript {
    /// The three say hello.
    pub fn new(table_id: &str) -> Transcript {
        let hash = table_hash(table_id);
        let mut t = Transcript {
            hash,
            ids: [key(1), key(2), key(3)],
            log: TableLog::new(hash),
            table: Table::new(hash, None, Some(Rules::HERE)),
            rolls: 0,
        };
        for i in 0..3 {
            let msg = t.ids[i].seal(hash, Body::Hello { name: format!("player{i}"), character: None });
            t.push(msg, 0);
        }
        t
    }

    /// A message every device accepts, logged as it arrived.
    pub fn push(&mut self, msg: Vec<u8>, at_ms: u64) {
        self.table.receive(&msg, at_ms).unwrap();
        self.log.messages.push(LoggedMessage { at_ms, message: String::from_utf8(msg).unwrap() });
    }

    /// `roller` rolls `request` as `roll`: its intent, the other two's contributions and its honest reveal.
    pub fn honest_roll(&mut self, roller: usize, roll: &str, request: RollRequest) {
        let hash = self.hash;
        let secret = Bytes32([40 + self.rolls; 32]);
        self.rolls += 1;
        let intent =
            self.ids[roller].seal(hash, Body::Intent { roll: roll.into(), request, commitment: commitment(&secret) });
        self.push(intent, 10);
        let rk = self.ids[roller].public();
        for j in (0..3).filter(|j| *j != roller) {
            let c = self.ids[j]
                .seal(hash, Body::Contribution { roll: roll.into(), roller: rk, bytes: Bytes32([j as u8 + 7; 32]) });
            self.push(c, 20);
        }
        let body = reveal_body(&self.table, &rk, roll, secret).unwrap();
        let reveal = self.ids[roller].seal(hash, body);
        self.push(reveal, 30);
    }
}
