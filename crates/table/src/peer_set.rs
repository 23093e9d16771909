//! Maps and sets keyed by peer, kept as one sorted `Vec` (`litemap`). A table has at most `MAX_PEERS` present and
//! a few more known, so a binary search over a short slice is as quick as a B-tree, and its code is a fraction of
//! one's: `BTreeMap` is compiled again for every key and value type, which made the B-trees the largest part of the
//! standard library in the Table screen's download. Collections that grow with the session (message hashes,
//! sequence numbers, parked messages) stay B-trees: a sorted `Vec` would move half of itself on every insert.

use crate::key::PeerKey;
use litemap::LiteMap;

/// A map keyed by peer, iterated in key order.
pub type PeerMap<V> = LiteMap<PeerKey, V>;

/// A set of peers, iterated in key order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PeerSet(LiteMap<PeerKey, ()>);

impl PeerSet {
    pub fn new() -> PeerSet {
        PeerSet::default()
    }

    /// Adds `peer`; whether it was not there yet.
    pub fn insert(&mut self, peer: PeerKey) -> bool {
        self.0.insert(peer, ()).is_none()
    }

    /// Removes `peer`; whether it was there.
    pub fn remove(&mut self, peer: &PeerKey) -> bool {
        self.0.remove(peer).is_some()
    }

    pub fn contains(&self, peer: &PeerKey) -> bool {
        self.0.contains_key(peer)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The peers in key order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &PeerKey> {
        self.0.keys()
    }
}

impl FromIterator<PeerKey> for PeerSet {
    /// Inserts one by one: `LiteMap`'s own `collect` sorts a buffer first, one more sort compiled per type.
    fn from_iter<I: IntoIterator<Item = PeerKey>>(peers: I) -> PeerSet {
        let mut set = PeerSet::new();
        for peer in peers {
            set.insert(peer);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(b: u8) -> PeerKey {
        crate::key::Bytes32([b; 32])
    }

    #[test]
    fn a_peer_set_keeps_each_peer_once_in_key_order() {
        let mut set: PeerSet = [key(3), key(1), key(2), key(1)].into_iter().collect();
        assert_eq!(set.iter().copied().collect::<Vec<_>>(), vec![key(1), key(2), key(3)]);
        assert!(!set.insert(key(2)), "already there");
        assert!(set.insert(key(0)));
        assert!(set.remove(&key(3)));
        assert!(!set.remove(&key(3)), "gone already");
        assert!(set.contains(&key(0)) && !set.contains(&key(3)));
        assert_eq!(set.len(), 3);
    }
}
