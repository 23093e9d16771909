//! Why an incoming message was refused: always the peer (when known) and what was wrong.

use std::fmt;

/// A refused message. `peer` is the sender's short key (with its name once it said hello), `roll` the roll it was
/// about when that could be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejected {
    pub peer: Option<String>,
    /// The sender's key, when the message could be read that far.
    pub from: Option<crate::key::PeerKey>,
    pub roll: Option<String>,
    pub problem: String,
}

impl Rejected {
    pub fn new(peer: Option<String>, problem: impl Into<String>) -> Rejected {
        Rejected { peer, from: None, roll: None, problem: problem.into() }
    }

    pub fn by(mut self, from: crate::key::PeerKey) -> Rejected {
        self.from = Some(from);
        self
    }

    pub fn about(mut self, roll: &str) -> Rejected {
        self.roll = Some(roll.to_string());
        self
    }
}

impl fmt::Display for Rejected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.peer {
            Some(p) => write!(f, "message from {p} refused")?,
            None => write!(f, "message from an unknown peer refused")?,
        }
        if let Some(r) = &self.roll {
            write!(f, " (roll `{r}`)")?;
        }
        write!(f, ": {}", self.problem)
    }
}

impl std::error::Error for Rejected {}
