//! The clock and fresh ids, the only things saved data takes from the platform: natively the system clock, in
//! the browser `Date.now()` (the crate's one call into JavaScript; ids come from the rules crate's seeds).

/// The current time in milliseconds since the Unix epoch.
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
