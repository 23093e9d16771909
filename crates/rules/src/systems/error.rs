//! The one error every system's request validation returns.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A request field that breaks the rules: which field, what was wrong, and what is allowed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RequestError {
    /// The field's path in the request JSON, e.g. `rank`, `opponent.skill`, `bands[1]`.
    pub field: String,
    /// What was wrong, e.g. `9 is out of range`.
    pub problem: String,
    /// What is allowed, e.g. `0 to 6`.
    pub allowed: String,
}

impl RequestError {
    pub fn new(field: impl Into<String>, problem: impl Into<String>, allowed: impl Into<String>) -> Self {
        RequestError { field: field.into(), problem: problem.into(), allowed: allowed.into() }
    }
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            // The whole request (not JSON, or not an object): there is no field to name.
            write!(f, "{} (allowed: {})", self.problem, self.allowed)
        } else {
            write!(f, "`{}`: {} (allowed: {})", self.field, self.problem, self.allowed)
        }
    }
}

impl std::error::Error for RequestError {}
