//! A character: a name, notes and one system's sheet.

use crate::clock::{new_id, now_ms};
use crate::sheets::Sheet;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Character {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub notes: String,
    pub sheet: Sheet,
    /// Milliseconds since the Unix epoch.
    pub created: f64,
    pub updated: f64,
}

impl Character {
    /// A new character for the system `system_id` (None for an unknown id).
    pub fn new(name: &str, system_id: &str) -> Option<Character> {
        let now = now_ms();
        Some(Character {
            id: new_id(),
            name: name.to_string(),
            notes: String::new(),
            sheet: Sheet::new(system_id)?,
            created: now,
            updated: now,
        })
    }
}
