//! dicetray's saved data, in one place for the app, the fuzz targets and the CLI: characters and their sheets,
//! history entries, the format they are stored in (`schema`, with `compact` for history entries), reading any
//! older version (`migrate`), merging two tabs' saves (`merge`), and the character and history export files.
//!
//! Pure Rust: no UI and no web types. Where the data lives (localStorage, signals) is the app's business; this
//! crate says what it is and how it is written and read. It is the only code that knows the stored JSON's keys.

pub mod ask;
pub mod ask_words;
pub mod character;
pub mod character_file;
pub mod character_list;
pub mod clock;
pub mod compact;
pub mod desk;
pub mod entry;
pub mod history;
pub mod history_file;
pub mod luck;
pub mod merge;
pub mod migrate;
pub mod schema;
pub mod seat;
pub mod sheets;

pub use character::Character;
pub use clock::{new_id, now_ms};
pub use desk::Desk;
pub use entry::{CharacterRef, HistoryEntry, RollSource};
pub use history::History;
pub use sheets::Sheet;
