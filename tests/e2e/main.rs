//! Browser end-to-end tests: the release build in `dist/` served on loopback, driven in headless Chromium
//! through chromedriver. `make test` builds `dist/` first; to run one test:
//! `cargo test --features e2e --test e2e -- shell::navigation_switches_screens`.

mod a11y;
mod browsers;
mod characters;
mod contest;
mod desk;
mod dice;
mod fixtures;
// The harness is the shared API for every suite; not every suite uses every helper.
#[allow(dead_code)]
mod harness;
mod help;
mod history;
mod journeys;
mod lazy;
mod pwa;
mod rare_inputs;
mod rehearsal;
mod roll;
mod security;
mod shell;
mod storage;
mod stylesheets;
mod table;
mod table_faults;
mod tray;
