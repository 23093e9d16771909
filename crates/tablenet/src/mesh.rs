//! Who is at the table and how each peer is reached: the mesh's decisions, pure (milliseconds in, decisions out),
//! so they are tested natively. The web glue (`net.rs`) acts on them.

use crate::seen::Seen;
use dicetray_table::limits::MAX_PEERS;
use dicetray_table::peer_set::PeerMap;
use dicetray_table::PeerKey;

/// A peer whose data channel is not open this long after it was learnt counts as "via relays".
pub const CONNECT_WAIT_MS: f64 = 8_000.0;
/// An offer whose data channel has not opened this long after it went out has failed: its offer or answer was lost
/// (a relay that dropped the event, restarted, or refused it for its rate limit) or its connection never got
/// through. Longer than both sides' ICE gathering ([`crate::rtc::GATHER_WAIT_MS`], 5 s each) and two relay trips.
pub const OPEN_WAIT_MS: f64 = 20_000.0;
/// After a channel closed or failed, or an offer went unanswered ([`OPEN_WAIT_MS`]), the offerer offers again after
/// these waits: 1 s after the first failure in a row, then 5, 15, 30 and 60 s; then it waits for the peer's `hi` or a
/// wake ([`Mesh::wake`]), so a peer that left is not offered to for ever.
pub const RETRY_AFTER_MS: [f64; 5] = [1_000.0, 5_000.0, 15_000.0, 30_000.0, 60_000.0];
/// On a wake, a peer offered to less than this long ago is left to that attempt.
pub const FRESH_OFFER_MS: f64 = 2_000.0;
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
    /// Channel failures in a row (since it last opened).
    failures: usize,
    /// When I last offered to it.
    offered_ms: Option<f64>,
    /// When my offer's data channel, not open yet, counts as failed ([`OPEN_WAIT_MS`] after the offer).
    open_by: Option<f64>,
}

impl PeerState {
    fn new(path: Path, now: f64) -> PeerState {
        PeerState { path, learnt_ms: now, retry_at: None, failures: 0, offered_ms: None, open_by: None }
    }

    /// My attempt to connect to it failed at `now`: another after the next wait of [`RETRY_AFTER_MS`], if any is left.
    fn failed(&mut self, now: f64) {
        self.failures += 1;
        self.retry_at = channel_retry_after_ms(self.failures).map(|wait| now + wait);
    }
}

/// What [`Mesh::wake`] decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wake {
    /// Peers to offer to now.
    pub offer: Vec<PeerKey>,
    /// Whether to announce me (`hi` to everyone): some peer has no open channel, or none is known.
    pub announce: bool,
}

/// The offerer's wait before offering again after `failures` channel failures in a row (at least one); `None`:
/// no more retries until the peer says `hi` again or this device wakes.
pub fn channel_retry_after_ms(failures: usize) -> Option<f64> {
    RETRY_AFTER_MS.get(failures.max(1) - 1).copied()
}

pub struct Mesh {
    me: PeerKey,
    direct: bool,
    peers: PeerMap<PeerState>,
    events: Seen<String>,
    messages: Seen<[u8; 32]>,
}

impl Mesh {
    pub fn new(me: PeerKey, direct: bool) -> Mesh {
        Mesh { me, direct, peers: PeerMap::new(), events: Seen::new(SEEN_CAP), messages: Seen::new(SEEN_CAP) }
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
        self.peers.insert(peer, PeerState::new(path, now));
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
        *p = PeerState::new(path, now);
        changed
    }

    /// Its data channel opened. Returns the new path if it changed.
    pub fn opened(&mut self, peer: &PeerKey) -> Option<Path> {
        let p = self.peers.get_mut(peer)?;
        p.failures = 0;
        p.retry_at = None;
        p.open_by = None;
        let changed = (p.path != Path::Direct).then_some(Path::Direct);
        p.path = Path::Direct;
        changed
    }

    /// Its data channel closed or its connection failed: via relays now, and the offerer offers again soon
    /// ([`RETRY_AFTER_MS`]).
    pub fn closed(&mut self, peer: &PeerKey, now: f64) -> Option<Path> {
        let offerer = self.i_offer_to(peer);
        let p = self.peers.get_mut(peer)?;
        p.open_by = None;
        if offerer && p.retry_at.is_none() {
            p.failed(now);
        }
        let changed = (p.path != Path::Relays).then_some(Path::Relays);
        p.path = Path::Relays;
        changed
    }

    /// Called about once a second: peers whose wait ran out (path changes), and peers to offer to again (after a
    /// failure's wait, which an offer unanswered for [`OPEN_WAIT_MS`] starts too).
    pub fn tick(&mut self, now: f64) -> (Vec<(PeerKey, Path)>, Vec<PeerKey>) {
        let mut changes = Vec::new();
        let mut retries = Vec::new();
        for (key, p) in &mut self.peers {
            if p.path == Path::Connecting && now - p.learnt_ms >= CONNECT_WAIT_MS {
                p.path = Path::Relays;
                changes.push((*key, Path::Relays));
            }
            if p.open_by.is_some_and(|at| now >= at) {
                p.open_by = None;
                // A retry already pending (its channel closed meanwhile) is the answer to this failure too.
                if p.retry_at.is_none() {
                    p.failed(now);
                }
            }
            if p.retry_at.is_some_and(|at| now >= at) {
                p.retry_at = None;
                retries.push(*key);
            }
        }
        (changes, retries)
    }

    /// I am offering to `peer` now (a first offer, a retry, after its `hi`, on a wake).
    pub fn offering(&mut self, peer: &PeerKey, now: f64) {
        if let Some(p) = self.peers.get_mut(peer) {
            p.offered_ms = Some(now);
            p.open_by = Some(now + OPEN_WAIT_MS);
        }
    }

    /// This device woke (network back, page visible): offer now to every peer I offer to whose channel is not open
    /// (unless an offer went out less than [`FRESH_OFFER_MS`] ago), its retries afresh; and announce me if any
    /// peer has no open channel, or none is known, so peers that lost or forgot me reconnect. When every known
    /// peer's channel is open there is nothing to announce: a `hi` to everyone makes every peer drop its channel to
    /// me and connect afresh (that is how a restart is met), which a working mesh need not go through.
    pub fn wake(&mut self, now: f64) -> Wake {
        let announce = self.needs_relay();
        let mut offer = Vec::new();
        if self.direct {
            let me = self.me;
            for (key, p) in self.peers.iter_mut().filter(|(k, _)| me < **k) {
                if p.path != Path::Direct && p.offered_ms.is_none_or(|at| now - at >= FRESH_OFFER_MS) {
                    p.failures = 0;
                    p.retry_at = None;
                    offer.push(*key);
                }
            }
        }
        Wake { offer, announce }
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
    fn retries_after_a_channel_failure_come_after_one_five_fifteen_thirty_and_sixty_seconds_then_stop() {
        let waits: Vec<Option<f64>> = (1..=6).map(channel_retry_after_ms).collect();
        assert_eq!(waits, [Some(1_000.0), Some(5_000.0), Some(15_000.0), Some(30_000.0), Some(60_000.0), None]);
        assert_eq!(channel_retry_after_ms(0), Some(1_000.0));
    }

    /// Fails the offerer's channel to `B` at `now` and returns when it offers again (None: it stopped).
    fn retry_after_close(m: &mut Mesh, now: f64) -> Option<f64> {
        m.closed(&B, now);
        let wait = (1..=120).map(|s| s as f64 * 1_000.0).find(|w| !m.tick(now + w).1.is_empty());
        wait.map(|w| now + w)
    }

    #[test]
    fn a_closed_channel_demotes_and_the_offerer_offers_again_after_a_second() {
        let mut m = Mesh::new(A, true);
        m.learn(B, 0.0);
        m.opened(&B);
        assert_eq!(m.closed(&B, 10_000.0), Some(Path::Relays));
        assert_eq!(m.tick(10_999.0), (vec![], vec![]));
        assert_eq!(m.tick(11_000.0), (vec![], vec![B]));
        // The retry failed too: a second retry 5 s later, then 15, 30 and 60 s, then no more.
        assert_eq!(m.closed(&B, 12_000.0), None);
        assert_eq!(m.tick(16_999.0), (vec![], vec![]));
        assert_eq!(m.tick(17_000.0), (vec![], vec![B]));
        assert_eq!(retry_after_close(&mut m, 20_000.0), Some(35_000.0));
        assert_eq!(retry_after_close(&mut m, 40_000.0), Some(70_000.0));
        assert_eq!(retry_after_close(&mut m, 80_000.0), Some(140_000.0));
        assert_eq!(retry_after_close(&mut m, 150_000.0), None);
        assert_eq!(m.tick(1e9), (vec![], vec![]));
        // Once a channel opens again, a later failure is retried again.
        m.opened(&B);
        m.closed(&B, 2e9);
        assert_eq!(m.tick(2e9 + 1_000.0), (vec![], vec![B]));

        let mut answerer = Mesh::new(B, true);
        answerer.learn(A, 0.0);
        answerer.opened(&A);
        answerer.closed(&A, 1.0);
        assert_eq!(answerer.tick(60_000.0), (vec![], vec![]), "only the offerer offers again");
    }

    #[test]
    fn an_offer_whose_channel_does_not_open_in_time_has_failed_and_is_made_again() {
        let mut m = Mesh::new(A, true);
        m.learn(B, 0.0);
        m.offering(&B, 0.0);
        // Its answer never came (a relay lost it): via relays after the usual wait, then a new offer once the
        // channel's wait ran out, after the first failure's second.
        assert_eq!(m.tick(8_000.0), (vec![(B, Path::Relays)], vec![]));
        assert_eq!(m.tick(OPEN_WAIT_MS - 1.0), (vec![], vec![]));
        assert_eq!(m.tick(OPEN_WAIT_MS), (vec![], vec![]));
        assert_eq!(m.tick(OPEN_WAIT_MS + 1_000.0), (vec![], vec![B]));
        // That offer is lost too: the second failure's 5 s.
        m.offering(&B, 30_000.0);
        assert_eq!(m.tick(30_000.0 + OPEN_WAIT_MS), (vec![], vec![]));
        assert_eq!(m.tick(30_000.0 + OPEN_WAIT_MS + 4_999.0), (vec![], vec![]));
        assert_eq!(m.tick(30_000.0 + OPEN_WAIT_MS + 5_000.0), (vec![], vec![B]));
        // The third opens in time: no failure, no retry, and a failure later starts the waits afresh.
        m.offering(&B, 60_000.0);
        assert_eq!(m.opened(&B), Some(Path::Direct));
        assert_eq!(m.tick(1e9), (vec![], vec![]));
        m.closed(&B, 2e9);
        assert_eq!(m.tick(2e9 + 1_000.0), (vec![], vec![B]));

        // A channel that closes before the wait ran out is one failure, not two.
        let mut m = Mesh::new(A, true);
        m.learn(B, 0.0);
        m.offering(&B, 0.0);
        m.closed(&B, 3_000.0);
        assert_eq!(m.tick(4_000.0), (vec![], vec![B]));
        m.offering(&B, 4_000.0);
        assert_eq!(m.tick(4_000.0 + OPEN_WAIT_MS), (vec![], vec![]));
        assert_eq!(m.tick(4_000.0 + OPEN_WAIT_MS + 4_999.0), (vec![], vec![]), "the second failure waits 5 s");
        assert_eq!(m.tick(4_000.0 + OPEN_WAIT_MS + 5_000.0), (vec![], vec![B]));

        // The answerer never times out an offer: it does not make them.
        let mut answerer = Mesh::new(B, true);
        answerer.learn(A, 0.0);
        answerer.offering(&A, 0.0);
        assert_eq!(answerer.tick(1e9), (vec![(A, Path::Relays)], vec![]));
    }

    #[test]
    fn a_peer_back_with_a_new_hi_after_its_channel_closed_is_offered_to_at_once_with_its_retries_afresh() {
        let mut m = Mesh::new(A, true);
        m.learn(B, 0.0);
        m.opened(&B);
        // Its channel closed and every retry failed while it was away.
        let mut now = 1_000.0;
        while let Some(at) = retry_after_close(&mut m, now) {
            now = at + 1_000.0;
        }
        assert_eq!(m.tick(1e9), (vec![], vec![]));
        // Its `hi`: connecting again (`net.rs` offers at once, as the offerer), and a failure is retried again.
        assert_eq!(m.restarted(&B, 1e9), Some(Path::Connecting));
        m.closed(&B, 1e9 + 1_000.0);
        assert_eq!(m.tick(1e9 + 2_000.0), (vec![], vec![B]));
    }

    #[test]
    fn a_wake_offers_to_the_peers_i_offer_to_without_an_open_channel_and_announces_me() {
        const C: PeerKey = Bytes32([3; 32]);
        const D: PeerKey = Bytes32([4; 32]);
        let mut m = Mesh::new(B, true);
        assert_eq!(m.wake(0.0), Wake { offer: vec![], announce: true }, "nobody known: announce");
        for p in [A, C, D] {
            m.learn(p, 0.0);
        }
        m.opened(&A);
        m.opened(&C);
        m.opened(&D);
        assert_eq!(m.wake(1.0), Wake { offer: vec![], announce: false }, "every channel open: nothing to do");

        // C's channel closed (its retries are pending or spent); A (which offers to me) and D's too.
        m.closed(&A, 10.0);
        m.closed(&C, 10.0);
        m.closed(&D, 10.0);
        m.offering(&D, 5_000.0);
        // I offer to C and D (bigger keys); A offers to me (my `hi` tells it to); D was offered to just now.
        assert_eq!(m.wake(6_000.0), Wake { offer: vec![C], announce: true });
        assert_eq!(m.tick(1e9), (vec![], vec![D]), "the pending retry of C was replaced by the wake's offer");
        assert_eq!(m.wake(7_000.0), Wake { offer: vec![C, D], announce: true });

        // Relays only: nothing to offer, always announce.
        let mut r = Mesh::new(B, false);
        r.learn(C, 0.0);
        assert_eq!(r.wake(0.0), Wake { offer: vec![], announce: true });
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
