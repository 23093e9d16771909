//! Operation counts for the engine's regression guard (`tests/engine_guard.rs`, cargo feature `opcount`): the
//! odds' arithmetic steps (multiply-adds of the dense kernels, pairs and states of the sparse ones), counted once
//! per kernel call from its sizes, so the counts are exact, deterministic and cost nothing without the feature
//! (every call site is behind `#[cfg(feature = "opcount")]`).

use std::cell::Cell;

thread_local! {
    static STEPS: Cell<u64> = const { Cell::new(0) };
}

/// Count `n` arithmetic steps on this thread.
pub fn add(n: usize) {
    STEPS.with(|s| s.set(s.get().saturating_add(n as u64)));
}

/// The steps counted on this thread since the last call (and start again from 0).
pub fn take() -> u64 {
    STEPS.with(|s| s.replace(0))
}
