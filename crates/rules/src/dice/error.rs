//! The one error of the notation engine: what went wrong, where (1-based column) and what is allowed.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A notation error: parse errors, broken limits, rules that can never stop, division by zero at roll time,
/// odds beyond their bounds. Columns count characters (not bytes) from 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NotationError {
    /// 1-based column (in characters) of the offending text.
    pub column: usize,
    /// What went wrong.
    pub message: String,
    /// What is allowed there, if there is a range or a set of choices.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allowed: Option<String>,
}

impl NotationError {
    /// An error at `column` (1-based).
    pub fn new(column: usize, message: impl Into<String>) -> Self {
        NotationError { column: column.max(1), message: message.into(), allowed: None }
    }
    /// The same error, stating what is allowed.
    pub fn allowing(mut self, allowed: impl Into<String>) -> Self {
        self.allowed = Some(allowed.into());
        self
    }

    /// The expression on one line and a `^` under the offending column, e.g.
    ///
    /// ```text
    /// 4d6kh9
    ///      ^
    /// ```
    ///
    /// Full-width characters count as two cells so the caret lines up in a terminal. Tabs and newlines in the
    /// source are shown as spaces.
    pub fn caret_display(&self, source: &str) -> String {
        let line: String = source.chars().map(|c| if c.is_whitespace() { ' ' } else { c }).collect();
        let pad: usize = source.chars().take(self.column - 1).map(cell_width).sum();
        let extra = self.column.saturating_sub(source.chars().count() + 1);
        format!("{line}\n{}^", " ".repeat(pad + extra))
    }
}

/// Terminal cells a character takes (2 for full-width and CJK forms, else 1).
fn cell_width(c: char) -> usize {
    match c as u32 {
        0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 => 2,
        _ => 1,
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)?;
        if let Some(a) = &self.allowed {
            write!(f, " (allowed: {a})")?;
        }
        Ok(())
    }
}

impl std::error::Error for NotationError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_under_column() {
        let e = NotationError::new(5, "bad");
        assert_eq!(e.caret_display("4d6kx"), "4d6kx\n    ^");
        assert_eq!(NotationError::new(1, "x").caret_display(""), "\n^");
        assert_eq!(NotationError::new(2, "x").caret_display("１d"), "１d\n  ^");
        assert_eq!(e.to_string(), "column 5: bad");
        assert_eq!(e.allowing("1 to 3").to_string(), "column 5: bad (allowed: 1 to 3)");
    }
}
