//! dicetray, the browser app: Leptos components over `dicetray-rules`. See ARCHITECTURE.md for the map.

mod app;
mod history;
mod route;
mod screens;
mod state;
mod storage;
// The sheets' helpers are used by the Characters and Roll screens, built on other branches.
#[allow(dead_code)]
mod systems;
mod widgets;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
