//! Messages about something this device has not seen yet: a contribution whose intent is still on its way, a
//! reveal using a contribution from a peer whose hello has not arrived, a message from a peer whose hello is missing
//! (a phone catching up gets messages in any order). Each waits, keyed by what it misses (`Table::missing`), until
//! that is taken (then it is tried again) or `PARK_MS` passes (then the table refuses it, saying why). At most
//! `MAX_PARKED` wait; past that the oldest is refused (catch-up fetches it again later if a peer has it).

use crate::limits::{MAX_PARKED, PARK_MS};
use crate::table::Missing;
use crate::wire::Signed;
use std::collections::{BTreeMap, BTreeSet};

pub(super) struct Parked {
    pub signed: Signed,
    pub bytes: Vec<u8>,
    pub hash: [u8; 32],
    /// When it arrived here: a parked contribution is taken with this time.
    pub at_ms: u64,
    /// It came from its sender live, not passed on in a catch-up.
    pub live: bool,
}

#[derive(Default)]
pub(super) struct Park {
    /// By arrival order (a counter), so the oldest goes first.
    waiting: BTreeMap<u64, (Missing, Parked)>,
    /// The ids waiting for each missing thing, ascending (parked in counter order).
    by_missing: BTreeMap<Missing, Vec<u64>>,
    hashes: BTreeSet<[u8; 32]>,
    counter: u64,
}

impl Park {
    pub fn holds(&self, hash: &[u8; 32]) -> bool {
        self.hashes.contains(hash)
    }

    pub fn len(&self) -> usize {
        self.waiting.len()
    }

    /// Keep `p` until `missing` arrives; the one pushed out past `MAX_PARKED`, if any.
    pub fn park(&mut self, missing: Missing, p: Parked) -> Option<Parked> {
        self.counter += 1;
        self.hashes.insert(p.hash);
        self.by_missing.entry(missing).or_default().push(self.counter);
        self.waiting.insert(self.counter, (missing, p));
        if self.waiting.len() > MAX_PARKED {
            let oldest = *self.waiting.keys().next()?;
            return self.remove(oldest);
        }
        None
    }

    /// Everything waiting for `missing`, oldest first.
    pub fn release(&mut self, missing: &Missing) -> Vec<Parked> {
        let ids = self.by_missing.remove(missing).unwrap_or_default();
        ids.into_iter().filter_map(|id| self.remove(id)).collect()
    }

    /// Everything that has waited `PARK_MS` by `now_ms`, oldest first.
    pub fn expired(&mut self, now_ms: u64) -> Vec<Parked> {
        let due: Vec<u64> = self
            .waiting
            .iter()
            .filter(|(_, (_, p))| p.at_ms.saturating_add(PARK_MS) <= now_ms)
            .map(|(id, _)| *id)
            .collect();
        due.into_iter().filter_map(|id| self.remove(id)).collect()
    }

    fn remove(&mut self, id: u64) -> Option<Parked> {
        let (missing, p) = self.waiting.remove(&id)?;
        if let Some(ids) = self.by_missing.get_mut(&missing) {
            if let Ok(at) = ids.binary_search(&id) {
                ids.remove(at);
            }
            if ids.is_empty() {
                self.by_missing.remove(&missing);
            }
        }
        self.hashes.remove(&p.hash);
        Some(p)
    }
}
