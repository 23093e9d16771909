//! Performance marks and measures for the browser tests' figures (nothing outside a browser).

/// Set the performance mark `name`.
#[cfg(target_arch = "wasm32")]
pub fn mark(name: &str) {
    if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
        let _ = p.mark(name);
    }
}

#[cfg(not(target_arch = "wasm32"))]
pub fn mark(_: &str) {}

/// Record the time since mark `start` as performance measure `name` (only the latest is kept); the browser
/// tests read the save time of 10,000 rolls from it.
#[cfg(target_arch = "wasm32")]
pub fn measure_since(name: &str, start: &str) {
    if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
        p.clear_measures_with_measure_name(name);
        let _ = p.measure_with_start_mark(name, start);
    }
}

#[cfg(not(target_arch = "wasm32"))]
pub fn measure_since(_: &str, _: &str) {}

/// Run `f` and record its duration as the performance measure `name`.
pub fn timed<T>(name: &str, f: impl FnOnce() -> T) -> T {
    let start = format!("{name}-start");
    mark(&start);
    let out = f();
    measure_since(name, &start);
    out
}
