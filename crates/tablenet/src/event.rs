//! What the link reports to the app ([`LinkEvent`]): the link's handlers (`net.rs`) make them, and
//! [`crate::Link::start`]'s caller takes them.

use crate::mesh::Path;
use dicetray_table::PeerKey;

/// What the link reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkEvent {
    /// A table message from `from` (by either path; copies already dropped). Give it to `Table::receive`.
    /// On the relay path `from` is what the frame claims; the message's own signature is what proves the sender.
    Message { from: PeerKey, bytes: Vec<u8> },
    /// A peer was seen for the first time.
    PeerSeen { peer: PeerKey },
    /// How a peer is reached changed.
    PeerPath { peer: PeerKey, path: Path },
    /// A relay connected (`up`) or not, with what went wrong, if anything.
    Relay { url: String, up: bool, problem: Option<String> },
    /// A sync text from `from` for me (sent to everyone or to me; never my own), by either path. A copy may come by
    /// each path: the protocol drops copies. On the relay path `from` is what the frame claims.
    Sync { from: PeerKey, text: String },
    /// Something else went wrong (a refused event, a failed connection); the link goes on.
    Problem(String),
}
