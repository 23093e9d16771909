//! The browser entry point Trunk builds (`data-bin="dicetray-app"`); everything else is in the library
//! (`src/lib.rs`).

fn main() {
    dicetray_app::start();
}
