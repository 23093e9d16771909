//! The History screen's logic, kept out of the components so it is unit-tested natively: filtering, stats,
//! words for outcomes and requests, replay links (the export file is
//! `dicetray_saved::history_file`).

pub mod filter;
pub mod replay;
pub mod stats;
pub mod text;

/// Run `f` and record its duration as the performance measure `name` (read by the browser tests' figures).
pub fn timed<T>(name: &str, f: impl FnOnce() -> T) -> T {
    #[cfg(target_arch = "wasm32")]
    {
        let perf = web_sys::window().and_then(|w| w.performance());
        let start = format!("{name}-start");
        if let Some(p) = &perf {
            let _ = p.mark(&start);
        }
        let out = f();
        if let Some(p) = &perf {
            p.clear_measures_with_measure_name(name);
            let _ = p.measure_with_start_mark(name, &start);
        }
        out
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = name;
        f()
    }
}
