//! Who is answering: a peer not heard from for `AWAY_MS` (it sends its `have` every `HEARTBEAT_MS`, and a phone
//! being hidden says so at once) is away, and no roll waits for its contribution; anything from it makes it back.
//! Heard means a message or sync frame that came from it live, not one another phone passed on.

use crate::events::Event;
use crate::key::PeerKey;
use crate::limits::AWAY_MS;
use crate::peer_set::{PeerMap, PeerSet};

#[derive(Default)]
pub(super) struct Presence {
    heard: PeerMap<u64>,
    away: PeerSet,
}

impl Presence {
    /// `peer` was heard at `now_ms`: `Back` if it was away.
    pub fn heard(&mut self, peer: PeerKey, now_ms: u64) -> Option<Event> {
        let last = self.heard.entry(peer).or_insert(now_ms);
        *last = (*last).max(now_ms);
        self.away.remove(&peer).then_some(Event::Back { peer })
    }

    /// `peer` said it is going away (its page is being hidden).
    pub fn gone(&mut self, peer: PeerKey) -> Option<Event> {
        self.away.insert(peer).then_some(Event::Away { peer })
    }

    /// Of `present` (the table's present peers but this device), those silent for `AWAY_MS` become away. A peer
    /// never heard counts from the first time it is asked about.
    pub fn tick(&mut self, present: &[PeerKey], now_ms: u64) -> Vec<Event> {
        let mut events = Vec::new();
        for peer in present {
            let last = *self.heard.entry(*peer).or_insert(now_ms);
            if now_ms.saturating_sub(last) >= AWAY_MS && self.away.insert(*peer) {
                events.push(Event::Away { peer: *peer });
            }
        }
        events
    }

    pub fn is_away(&self, peer: &PeerKey) -> bool {
        self.away.contains(peer)
    }
}
