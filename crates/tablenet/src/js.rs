//! Small bridges to the browser: the clock, random bytes, sleeping, and JS errors as text.

use js_sys::{Function, Promise};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// Whether the browser has WebRTC (`RTCPeerConnection`): WebKitGTK has none, and neither has an iPhone in Lockdown
/// Mode. Without it a phone reaches the table through the relays only.
pub fn has_webrtc() -> bool {
    js_sys::Reflect::has(&js_sys::global(), &JsValue::from_str("RTCPeerConnection")).unwrap_or(false)
}

/// A JS exception or rejection as text (its `message` when it is an Error).
pub fn describe(e: &JsValue) -> String {
    if let Some(err) = e.dyn_ref::<js_sys::Error>() {
        return String::from(err.message());
    }
    e.as_string().unwrap_or_else(|| format!("{e:?}"))
}

pub fn window() -> Result<web_sys::Window, String> {
    web_sys::window().ok_or_else(|| "no window (table mode runs in a browser page)".to_string())
}

/// `N` bytes from `crypto.getRandomValues`.
pub fn random<const N: usize>() -> Result<[u8; N], String> {
    let mut out = [0u8; N];
    window()?
        .crypto()
        .map_err(|e| format!("no crypto: {}", describe(&e)))?
        .get_random_values_with_u8_array(&mut out)
        .map_err(|e| format!("crypto.getRandomValues failed: {}", describe(&e)))?;
    Ok(out)
}

/// A promise that resolves after `ms` (its callback is the promise's own resolve function: no Rust closure).
pub fn sleep_promise(ms: i32) -> Promise {
    Promise::new(&mut |resolve: Function, _reject: Function| {
        if let Some(w) = web_sys::window() {
            // If the timer cannot be set, resolve at once rather than never.
            if w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms).is_err() {
                let _ = resolve.call0(&JsValue::NULL);
            }
        }
    })
}

/// Awaits a promise, its rejection as text.
pub async fn wait(p: Promise) -> Result<JsValue, String> {
    JsFuture::from(p).await.map_err(|e| describe(&e))
}
