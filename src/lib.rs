//! dicetray, the browser app: Leptos components over `dicetray-rules`. See ARCHITECTURE.md for the map.
//!
//! The package is a library plus a thin binary (`src/main.rs`, which Trunk builds via `data-bin="dicetray-app"`)
//! so that native tools can reach the app's pure parts: the fuzz targets in `fuzz/` feed hostile text to the
//! history and character import decoders and the storage decoders. Only those modules are public.

mod app;
pub mod characters;
mod help;
pub mod history;
mod pwa;
mod route;
mod screens;
pub mod state;
pub mod storage;
mod systems;
mod tray;
mod widgets;

/// Start the app: install the panic hook, take down the start-up placeholder (`#boot` in index.html) and mount
/// [`app::App`] on `<body>`.
pub fn start() {
    console_error_panic_hook::set_once();
    if let Some(boot) = leptos::prelude::document().get_element_by_id("boot") {
        boot.remove();
    }
    leptos::mount::mount_to_body(app::App);
}
