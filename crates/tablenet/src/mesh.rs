//! Who is at the table and how each peer is reached: the mesh's decisions, pure (milliseconds in, decisions out),
//! so they are tested natively. The web glue (`net.rs`) acts on them.

use crate::seen::Seen;
use dicetray_table::limits::MAX_PEERS;
use dicetray_table::PeerKey;
use std::collections::BTreeMap;

/// A peer whose data channel is not open this long after it was learnt counts as "via relays".
pub const CONNECT_WAIT_MS: f64 = 8_000.0;
/// After a channel closed or failed, the offerer tries once more after this long.
pub const RETRY_AFTER_MS: f64 = 5_000.0;
/// Relay events and table messages remembered for dropping copies.
const SEEN_CAP: usize = 4096;

/// How a peer is reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    /// Learnt less than [`CONNECT_WAIT_MS`] ago, no data channel open yet.
    Connecting,
    /// Its data channel is open.
    Direct,
    /// Messages go through the Nostr relays.
    Relays,
}

/// What [`Mesh::learn`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Learnt {
    New,
    Known,
    /// The table already has [`MAX_PEERS`] peers with me: this one is not taken in.
    Full,
}

struct PeerState {
    path: Path,
    learnt_ms: f64,
    retry_at: Option<f64>,
    retried: bool,
}

pub struct Mesh {
    me: PeerKey,
    direct: bool,
    peers: BTreeMap<PeerKey, PeerState>,
    events: Seen<String>,
    messages: Seen<[u8; 32]>,
}

impl Mesh {
    pub fn new(me: PeerKey, direct: bool) -> Mesh {
        Mesh { me, direct, peers: BTreeMap::new(), events: Seen::new(SEEN_CAP), messages: Seen::new(SEEN_CAP) }
    }

    /// The peer with the smaller key (hex, which orders as the bytes do) offers and opens the data channel.
    pub fn i_offer_to(&self, peer: &PeerKey) -> bool {
        self.me < *peer
    }

    fn first_path(&self) -> Path {
        if self.direct {
            Path::Connecting
        } else {
            Path::Relays
        }
    }

    pub fn learn(&mut self, peer: PeerKey, now: f64) -> Learnt {
        if self.peers.contains_key(&peer) {
            return Learnt::Known;
        }
        if self.peers.len() + 1 >= MAX_PEERS {
            return Learnt::Full;
        }
        let path = self.first_path();
        self.peers.insert(peer, PeerState { path, learnt_ms: now, retry_at: None, retried: false });
        Learnt::New
    }

    pub fn knows(&self, peer: &PeerKey) -> bool {
        self.peers.contains_key(peer)
    }

    /// The peer announced a (re)start: its old connection is gone; it connects afresh. Returns its new path if that
    /// changed.
    pub fn restarted(&mut self, peer: &PeerKey, now: f64) -> Option<Path> {
        let path = self.first_path();
        let p = self.peers.get_mut(peer)?;
        let changed = (p.path != path).then_some(path);
        *p = PeerState { path, learnt_ms: now, retry_at: None, retried: false };
        changed
    }

    /// Its data channel opened. Returns the new path if it changed.
    pub fn opened(&mut self, peer: &PeerKey) -> Option<Path> {
        let p = self.peers.get_mut(peer)?;
        p.retried = false;
        p.retry_at = None;
        let changed = (p.path != Path::Direct).then_some(Path::Direct);
        p.path = Path::Direct;
        changed
    }

    /// Its data channel closed or its connection failed: via relays now, and the offerer retries once.
    pub fn closed(&mut self, peer: &PeerKey, now: f64) -> Option<Path> {
        let offerer = self.i_offer_to(peer);
        let p = self.peers.get_mut(peer)?;
        if offerer && !p.retried && p.retry_at.is_none() {
            p.retry_at = Some(now + RETRY_AFTER_MS);
        }
        let changed = (p.path != Path::Relays).then_some(Path::Relays);
        p.path = Path::Relays;
        changed
    }

    /// Called about once a second: peers whose wait ran out (path changes), and peers to offer to again.
    pub fn tick(&mut self, now: f64) -> (Vec<(PeerKey, Path)>, Vec<PeerKey>) {
        let mut changes = Vec::new();
        let mut retries = Vec::new();
        for (key, p) in &mut self.peers {
            if p.path == Path::Connecting && now - p.learnt_ms >= CONNECT_WAIT_MS {
                p.path = Path::Relays;
                changes.push((*key, Path::Relays));
            }
            if p.retry_at.is_some_and(|at| now >= at) {
                p.retry_at = None;
                p.retried = true;
                retries.push(*key);
            }
        }
        (changes, retries)
    }

    /// Whether a message must also go through the relays: some peer has no open channel, or none is known yet
    /// (a peer whose `hi` has not arrived still reads the relays).
    pub fn needs_relay(&self) -> bool {
        self.peers.is_empty() || self.peers.values().any(|p| p.path != Path::Direct)
    }

    pub fn paths(&self) -> Vec<(PeerKey, Path)> {
        self.peers.iter().map(|(k, p)| (*k, p.path)).collect()
    }

    /// True the first time a relay event id is seen.
    pub fn first_event(&mut self, id: &str) -> bool {
        self.events.insert(id.to_string())
    }

    pub fn event_seen(&self, id: &str) -> bool {
        self.events.contains(&id.to_string())
    }

    /// True the first time these table message bytes arrive (by either path).
    pub fn first_message(&mut self, bytes: &[u8]) -> bool {
        use sha2::{Digest, Sha256};
        self.messages.insert(Sha256::digest(bytes).into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dicetray_table::Bytes32;

    const A: PeerKey = Bytes32([1; 32]);
    const B: PeerKey = Bytes32([2; 32]);

    #[test]
    fn the_smaller_key_offers() {
        assert!(Mesh::new(A, true).i_offer_to(&B));
        assert!(!Mesh::new(B, true).i_offer_to(&A));
    }

    #[test]
    fn a_peer_is_connecting_then_via_relays_after_the_wait_then_direct_when_its_channel_opens() {
        let mut m = Mesh::new(A, true);
        assert!(m.needs_relay(), "nobody known yet: the relays carry messages");
        assert_eq!(m.learn(B, 1000.0), Learnt::New);
        assert_eq!(m.learn(B, 1000.0), Learnt::Known);
        assert_eq!(m.paths(), vec![(B, Path::Connecting)]);
        assert_eq!(m.tick(8999.0), (vec![], vec![]));
        assert_eq!(m.tick(9000.0), (vec![(B, Path::Relays)], vec![]));
        assert!(m.needs_relay());
        assert_eq!(m.opened(&B), Some(Path::Direct));
        assert_eq!(m.opened(&B), None);
        assert!(!m.needs_relay());
        assert_eq!(m.tick(20_000.0), (vec![], vec![]));
    }

    #[test]
    fn a_closed_channel_demotes_and_the_offerer_retries_once_after_five_seconds() {
        let mut m = Mesh::new(A, true);
        m.learn(B, 0.0);
        m.opened(&B);
        assert_eq!(m.closed(&B, 10_000.0), Some(Path::Relays));
        assert_eq!(m.tick(14_999.0), (vec![], vec![]));
        assert_eq!(m.tick(15_000.0), (vec![], vec![B]));
        // The retry failed too: no second retry.
        assert_eq!(m.closed(&B, 16_000.0), None);
        assert_eq!(m.tick(30_000.0), (vec![], vec![]));
        // Once a channel opens again, a later failure is retried again.
        m.opened(&B);
        m.closed(&B, 40_000.0);
        assert_eq!(m.tick(45_000.0), (vec![], vec![B]));

        let mut answerer = Mesh::new(B, true);
        answerer.learn(A, 0.0);
        answerer.opened(&A);
        answerer.closed(&A, 1.0);
        assert_eq!(answerer.tick(60_000.0), (vec![], vec![]), "only the offerer offers again");
    }

    #[test]
    fn relays_only_starts_every_peer_via_relays() {
        let mut m = Mesh::new(A, false);
        m.learn(B, 0.0);
        assert_eq!(m.paths(), vec![(B, Path::Relays)]);
        assert_eq!(m.restarted(&B, 5.0), None);
    }

    #[test]
    fn a_restart_makes_a_direct_peer_connecting_again() {
        let mut m = Mesh::new(A, true);
        m.learn(B, 0.0);
        m.opened(&B);
        assert_eq!(m.restarted(&B, 100.0), Some(Path::Connecting));
        assert_eq!(m.tick(8100.0), (vec![(B, Path::Relays)], vec![]));
    }

    #[test]
    fn the_table_takes_at_most_max_peers_with_me() {
        let mut m = Mesh::new(Bytes32([0; 32]), true);
        for i in 1..MAX_PEERS as u8 {
            assert_eq!(m.learn(Bytes32([i; 32]), 0.0), Learnt::New);
        }
        assert_eq!(m.learn(Bytes32([99; 32]), 0.0), Learnt::Full);
        assert_eq!(m.learn(Bytes32([1; 32]), 0.0), Learnt::Known);
    }

    #[test]
    fn copies_of_events_and_messages_are_dropped() {
        let mut m = Mesh::new(A, true);
        assert!(m.first_event("ab"));
        assert!(m.event_seen("ab"));
        assert!(!m.first_event("ab"));
        assert!(m.first_message(b"{\"signed\":\"x\"}"));
        assert!(!m.first_message(b"{\"signed\":\"x\"}"));
        assert!(m.first_message(b"{\"signed\":\"y\"}"));
    }
}
