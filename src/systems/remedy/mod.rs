//! Remedy in the app: its roll panel and sheet editor (the sheet's data is
//! `dicetray_saved::sheets::remedy`).

mod panel;
mod reroll;
pub mod words;
pub use panel::*;

mod sheet_editor;
pub use sheet_editor::*;
