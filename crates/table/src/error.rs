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
    /// Whether this is worth showing. [`crate::Table`] always says `Problem`; [`crate::member::Member`], which knows
    /// when its device joined, marks the refusals a newcomer or a slow network must expect.
    pub kind: RejectKind,
}

/// What kind of refusal this is, so the app shows only real problems without reading the text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RejectKind {
    /// Something is wrong with the message or its sender: show it.
    #[default]
    Problem,
    /// About something this device never saw: a roll announced (or a GM request made, or a peer who joined) before
    /// it joined or whose announcement is still on its way, or a sender whose hello has not arrived here. Expected
    /// for a newcomer; nothing to show.
    BeforeJoin,
    /// Arrived after it stopped mattering: a contribution to a roll already revealed here (it took longer than the
    /// roller's wait), or a hello overtaken by a later message of its peer. Nothing to show.
    Late,
}

impl Rejected {
    pub fn new(peer: Option<String>, problem: impl Into<String>) -> Rejected {
        Rejected { peer, from: None, roll: None, problem: problem.into(), kind: RejectKind::Problem }
    }

    pub fn by(mut self, from: crate::key::PeerKey) -> Rejected {
        self.from = Some(from);
        self
    }

    pub fn about(mut self, roll: &str) -> Rejected {
        self.roll = Some(roll.to_string());
        self
    }

    pub fn kind(mut self, kind: RejectKind) -> Rejected {
        self.kind = kind;
        self
    }

    /// A real problem (a bad, forged, replayed or cheating message), as opposed to one a newcomer or a slow network
    /// must expect.
    pub fn is_problem(&self) -> bool {
        self.kind == RejectKind::Problem
    }

    /// About a roll, GM request or peer this device never saw, because it joined later (or the announcement is
    /// still on its way).
    pub fn is_before_join(&self) -> bool {
        self.kind == RejectKind::BeforeJoin
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
