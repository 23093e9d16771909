//! What the table tells its caller after a message or a tick.

use crate::ask::AskFor;
use crate::key::PeerKey;
use crate::roll::Status;

#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    Joined {
        peer: PeerKey,
        name: String,
        character: Option<String>,
    },
    Left {
        peer: PeerKey,
    },
    /// A peer stopped answering (nothing heard for `AWAY_MS`, or it said its page is hidden): no roll waits for
    /// it. Only a device's [`crate::Member`] says this; the table itself has no clock.
    Away {
        peer: PeerKey,
    },
    /// An away peer was heard again.
    Back {
        peer: PeerKey,
    },
    /// A roll was announced (open or hidden).
    Announced {
        roller: PeerKey,
        roll: String,
        sealed: bool,
    },
    /// This device should send a contribution (fresh random bytes) to this roll.
    ContributeTo {
        roller: PeerKey,
        roll: String,
    },
    /// This device's own roll has its contributions (or its wait is over): send the reveal now.
    RevealDue {
        roll: String,
    },
    /// A roll's check changed state.
    Checked {
        roller: PeerKey,
        roll: String,
        status: Status,
    },
    GmRequested {
        gm: PeerKey,
        id: String,
        to: Option<PeerKey>,
        request: AskFor,
    },
    Answered {
        gm: PeerKey,
        id: String,
        roller: PeerKey,
        roll: String,
    },
}
