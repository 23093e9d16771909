//! A member as saved (a page reload must not lose the table): the identity, the secrets of own rolls still to
//! reveal, the sequence number to continue from and the table log. Restoring replays the log through a table seen
//! by this device, the way `dicetray verify` does, so the table comes back exactly as it was.

use super::Member;
use crate::body::RollRequest;
use crate::error::Rejected;
use crate::key::Bytes32;
use crate::log::{TableLog, LOG_FORMAT, LOG_VERSION};
use crate::rules::Rules;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

pub const SAVED_VERSION: u32 = 1;

/// An own roll whose secret is kept until its reveal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OwnRoll {
    pub roll: String,
    /// 64 hex digits.
    pub secret: Bytes32,
    pub request: RollRequest,
    /// A hidden roll: the request is known only here until the reveal.
    pub sealed: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saved {
    /// [`SAVED_VERSION`].
    pub version: u32,
    pub table_id: String,
    /// 64 hex digits.
    pub identity_secret: Bytes32,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub character: Option<String>,
    /// The sequence number of the next own message (at least: [`Member::restore`] jumps ahead of it).
    pub next_seq: u64,
    pub own_rolls: Vec<OwnRoll>,
    pub log: TableLog,
}

impl Member {
    pub fn save(&self) -> Saved {
        Saved {
            version: SAVED_VERSION,
            table_id: self.table_id.clone(),
            identity_secret: self.secret,
            name: self.name.clone(),
            character: self.character.clone(),
            next_seq: self.next_seq,
            own_rolls: self.own.clone(),
            log: self.log.clone(),
        }
    }

    /// Rebuild a member by replaying its log with the rules' code (`rules`: its rolls are checked again), at `now_ms`
    /// (the wall clock); with the messages the replay refused (left out of the new log), which only an edited or
    /// damaged save has. Nothing is sent: call [`Member::hello`] to rejoin, then [`Member::tick`], which reveals the
    /// own open rolls that fell due meanwhile.
    ///
    /// The app saves at most once a second and broadcasts before saving, so after a crash the save can be older than
    /// the last messages sent, whose sequence numbers the peers saw. The restored member's numbers therefore start at
    /// `now_ms * SEQ_PER_MS` (if above the saved ones): above every number sent before, saved or not, as long as the
    /// clock did not go back. Messages waiting for what they are about (`park.rs`) are not saved: catch-up brings them again.
    pub fn restore(saved: Saved, rules: Rules, now_ms: u64) -> Result<(Member, Vec<Rejected>), String> {
        if saved.version != SAVED_VERSION {
            return Err(format!(
                "saved table member `version` is {}; this dicetray reads version {SAVED_VERSION}",
                saved.version
            ));
        }
        let log = saved.log;
        if log.format != LOG_FORMAT || log.version != LOG_VERSION {
            return Err(format!(
                "the saved table log is {:?} version {}, not \"{LOG_FORMAT}\" version {LOG_VERSION}",
                log.format, log.version
            ));
        }
        let (name, character) = (saved.name, saved.character);
        let mut member = Member::new(&saved.table_id, saved.identity_secret.0, name, character, Some(rules), now_ms)?;
        if log.table != member.hash {
            return Err(format!(
                "the saved table log is for table {}, not this table ({})",
                log.table.short(),
                member.hash.short()
            ));
        }
        let mut rejected = Vec::new();
        let mut last_own = 0;
        for m in &log.messages {
            let bytes = m.message.as_bytes();
            if member.taken.contains(&<[u8; 32]>::from(Sha256::digest(bytes))) {
                continue;
            }
            let taken = crate::wire::open(bytes).and_then(|signed| {
                member.take(&signed, bytes, m.at_ms)?;
                Ok(signed)
            });
            match taken {
                Ok(signed) if signed.from == member.me => last_own = last_own.max(signed.seq),
                Ok(_) => {}
                Err(e) => rejected.push(e),
            }
        }
        // Peers refuse a sequence number they saw: never go below one already used in the log or saved, nor below the
        // clock's (set by `new`), which covers those sent after the save.
        member.next_seq = member.next_seq.max(saved.next_seq).max(last_own.saturating_add(1));
        member.last_own = (last_own > 0).then_some(last_own);
        for own in saved.own_rolls {
            let Some(r) = member.table.roll(&member.me, &own.roll) else {
                return Err(format!("saved own roll `{}` is not in the saved table log", own.roll));
            };
            // Revealed already (the save raced the reveal): nothing left to keep.
            if r.status.is_open() {
                member.own.push(own);
            }
        }
        Ok((member, rejected))
    }
}
