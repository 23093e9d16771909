//! The table log as a file: `{"format": "dicetray-table-log", "version": 1, "table": <hash>, "messages": [...]}`,
//! every accepted signed message with the time it arrived, and its replay through the same [`Table`].

use crate::error::Rejected;
use crate::key::Bytes32;
use crate::table::Table;
use serde::{Deserialize, Serialize};

pub const LOG_FORMAT: &str = "dicetray-table-log";
pub const LOG_VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableLog {
    pub format: String,
    pub version: u32,
    /// The table id's hash.
    pub table: Bytes32,
    pub messages: Vec<LoggedMessage>,
}

/// One message exactly as it arrived (the signed envelope's text) and when (milliseconds on the logging device).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoggedMessage {
    pub at_ms: u64,
    pub message: String,
}

impl TableLog {
    pub fn new(table: Bytes32) -> TableLog {
        TableLog { format: LOG_FORMAT.into(), version: LOG_VERSION, table, messages: Vec::new() }
    }

    /// Read a log file; the error says what is wrong with it.
    pub fn read(text: &str) -> Result<TableLog, String> {
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("not a JSON table log: {e}"))?;
        match value.get("format").and_then(|f| f.as_str()) {
            Some(LOG_FORMAT) => {}
            other => return Err(format!("`format` is {other:?}, not \"{LOG_FORMAT}\"")),
        }
        match value.get("version").and_then(|v| v.as_u64()) {
            Some(v) if v == LOG_VERSION as u64 => {}
            other => return Err(format!("`version` is {other:?}; this dicetray reads version {LOG_VERSION}")),
        }
        serde_json::from_value(value).map_err(|e| format!("malformed table log: {e}"))
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a TableLog always serializes")
    }
}

/// The table after replaying a log, and every message it refused.
pub struct Replay {
    pub table: Table,
    pub rejected: Vec<Rejected>,
}

/// Replay a log offline. A refused message about a known roll fails that roll; rolls never revealed by the end of
/// the log are "not revealed".
pub fn replay(log: &TableLog) -> Replay {
    let mut table = Table::new(log.table, None, Some(crate::rules::Rules::HERE));
    let mut rejected = Vec::new();
    for m in &log.messages {
        if let Err(e) = table.receive(m.message.as_bytes(), m.at_ms) {
            if let (Some(from), Some(roll)) = (e.from, e.roll.as_deref()) {
                table.fail(&from, roll, format!("a message about it was refused: {}", e.problem));
            }
            rejected.push(e);
        }
    }
    table.tick(u64::MAX);
    Replay { table, rejected }
}
