//! Times as the player reads them.

/// A time (milliseconds since the Unix epoch) in the browser's locale, e.g. `22/11/2026, 03:57:09`.
pub fn format_time(ms: f64) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
        String::from(date.to_locale_string("default", &wasm_bindgen::JsValue::UNDEFINED))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        format!("{:.0} s", ms / 1000.0)
    }
}
