//! dicetray, the browser app: Leptos components over `dicetray-rules`. See ARCHITECTURE.md for the map.

mod app;
mod characters;
mod help;
mod history;
mod pwa;
mod route;
mod screens;
mod state;
mod storage;
mod systems;
mod tray;
mod widgets;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
