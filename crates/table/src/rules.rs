//! What the table needs of the rules crate (`dicetray_rules`): reading a roll request, rolling it, and reading a
//! GM's request and whether a roll answers it. A value of function pointers that a [`crate::Table`] is given, so
//! that the browser app can fetch that code after the phone sits down (the app's `src/table/rules.rs`). A table
//! without it takes every other message and keeps those that need it waiting ([`crate::Missing::Rules`]), never
//! refusing them for its absence; they are taken, in the order they came, once it is given.

use crate::ask::AskFor;
use crate::request::RollRequest;

#[derive(Clone, Copy)]
pub struct Rules {
    /// Read and validate a request (an intent that cannot be rolled is refused when it arrives).
    pub check: fn(&RollRequest) -> Result<(), String>,
    /// The roll with a seed, as JSON (what a reveal's `result` holds).
    pub roll: fn(&RollRequest, u64) -> Result<serde_json::Value, String>,
    /// Read a GM's request ([`AskFor::check`]).
    pub check_ask: fn(&AskFor) -> Result<(), String>,
    /// Whether a roll answers a GM's request as asked ([`AskFor::honoured_by`]).
    pub honoured: fn(&AskFor, &RollRequest) -> Result<(), String>,
}

impl Rules {
    /// The rules crate's functions. Named only where their code is wanted (the app's `table_rules` chunk, the CLI,
    /// tests), so a build that names nothing else keeps that code out.
    pub const HERE: Rules = Rules {
        check: RollRequest::check,
        roll: RollRequest::roll,
        check_ask: AskFor::check,
        honoured: AskFor::honoured_by,
    };
}
