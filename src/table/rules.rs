//! The rules' code the Table screen needs once seated comes from a wasm chunk of its own, `table_rules`, fetched
//! as soon as the phone sits down (bench/README.md, "Room to grow", twenty-eighth session): reading and rolling a
//! request, to check every roll (`dicetray_table::Rules`), and the dice and words of a roll in the list. A phone
//! joining a table needs the protocol and the network first: it is seated, says hello and connects while this
//! arrives. Until then its member keeps the messages that need it (they never expire or fail meanwhile) and it
//! cannot roll; the code is shared with the Roll panels and the Tray, so a phone that rolled before has it.

use super::listed::Words;
use super::row::{request_words, shown, Shown};
use dicetray_table::{RollRequest, Rules};
use leptos::wasm_split::{wasm_split, SplitLoaderError};

/// What the seated Table screen does with the rules' code.
#[derive(Clone, Copy)]
pub struct RulesKit {
    /// Checking requests and reveals ([`dicetray_table::Member::give_rules`]).
    pub protocol: Rules,
    /// A roll's dice, outcome and what its odds are of, from its request and seed.
    pub shown: fn(&RollRequest, u64) -> Result<Shown, String>,
    /// What a request rolls and what a GM asked for, in words.
    pub words: Words,
}

impl RulesKit {
    /// The functions themselves. Named only by `load` (in the `table_rules` chunk), a seat restored after a reload
    /// (which waits for the chunk) and tests, so their code stays out of the Table screen's own download.
    pub const HERE: RulesKit = RulesKit {
        protocol: Rules::HERE,
        shown,
        words: Words { request: request_words, ask: dicetray_saved::ask_words::words },
    };
}

/// Fetch the rules' code (at once if a screen already brought it).
pub async fn fetch() -> Result<RulesKit, SplitLoaderError> {
    load().await
}

#[wasm_split(table_rules, wasm_split_path = ::leptos::wasm_split, fallible)]
fn load() -> Result<RulesKit, SplitLoaderError> {
    Ok(RulesKit::HERE)
}
