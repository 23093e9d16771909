//! dicetray, the browser app: Leptos components over `dicetray-rules`. See ARCHITECTURE.md for the map.
//!
//! The package is a library plus a thin binary (`src/main.rs`, which Trunk builds via `data-bin="dicetray-app"`).
//! Saved data (characters, history, their storage format and files) is the `dicetray-saved` crate, which the fuzz
//! targets and tools use without the app.

mod app;
mod characters;
mod help;
mod history;
mod pwa;
mod route;
mod screens;
mod startup;
mod state;
mod storage;
mod systems;
mod table;
mod tray;
mod widgets;

/// Start the app: install the panic hook, then, in a task of its own, read what is saved (`storage::read`; a first
/// visit has nothing, and a later one fetches the code that reads it from the service worker's cache), take down
/// the start-up placeholder (`#boot` in index.html) and mount [`app::App`] on `<body>`.
///
/// The mount waits for a zero-delay timer so that the browser's work to compile and instantiate the wasm and the
/// app's first render are two tasks rather than one long one: a tap on the start-up frame's navigation in between
/// is answered sooner (ARCHITECTURE.md, "Start-up").
pub fn start() {
    console_error_panic_hook::set_once();
    leptos::prelude::set_timeout(
        // (wasm-bindgen-futures' spawn_local: Leptos's executor is set up by the mount, later). Reading and the
        // first render are two tasks too.
        || {
            wasm_bindgen_futures::spawn_local(async {
                let saved = storage::read().await;
                leptos::prelude::set_timeout(move || mount(saved), std::time::Duration::ZERO);
            })
        },
        std::time::Duration::ZERO,
    );
}

fn mount(saved: storage::Saved) {
    if let Some(boot) = leptos::prelude::document().get_element_by_id("boot") {
        boot.remove();
    }
    startup::first_render(|| leptos::mount::mount_to_body(move || leptos::prelude::view! { <app::App saved /> }));
}
