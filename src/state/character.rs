//! A character: a name, notes and one system's sheet.

use crate::systems::Sheet;
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

/// The current time in milliseconds since the Unix epoch (0 outside a browser).
pub fn now_ms() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys_now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0.0, |d| d.as_millis() as f64)
    }
}

#[cfg(target_arch = "wasm32")]
fn js_sys_now() -> f64 {
    #[wasm_bindgen::prelude::wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(js_namespace = Date, js_name = now)]
        fn date_now() -> f64;
    }
    date_now()
}

/// A fresh random id (16 hex digits), for characters and history entries.
pub fn new_id() -> String {
    let n = dicetray_rules::rng::fresh_seed().unwrap_or_else(|_| now_ms() as u64 ^ 0x9E37_79B9_7F4A_7C15);
    format!("{n:016x}")
}
