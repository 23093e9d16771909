//! dicetray, the browser app: Leptos components over `dicetray-rules`. See ARCHITECTURE.md for the map.

mod app;
mod help;
mod route;
mod screens;
mod state;
mod systems;
mod tray;
mod widgets;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
