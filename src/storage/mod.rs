//! Persistence: the app state's characters and history in localStorage, versioned, migrated, merged across
//! tabs, and never silently lost. The format and its reading are `dicetray_saved` (`schema`, `migrate`,
//! `compact`, `merge`); this module is where the bytes go: the browser's storage, start-up reading (`restore.rs`,
//! a chunk of its own), keeping aside what cannot be read, and the live link to the app's signals (`sync.rs`).

mod backend;
mod keyed;
mod load;
mod perf;
mod quarantine;
mod restore;
mod sync;

pub use restore::read_seating;
pub use sync::{read, start, Saved};
