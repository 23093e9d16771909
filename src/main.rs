//! The browser entry point Trunk builds (`data-bin="dicetray-app"`); everything else is in the library
//! (`src/lib.rs`).

// The allocator: talc's, which is smaller than the standard library's dlmalloc in the first load (bench/README.md,
// "talc as the allocator"). Only on wasm32 without threads, the one target the site builds.
#[cfg(all(target_arch = "wasm32", target_os = "unknown", not(target_feature = "atomics")))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    dicetray_app::start();
}
