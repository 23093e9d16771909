//! 24-System in the app: its roll panel and sheet editor (the sheet's data is
//! `dicetray_saved::sheets::twenty_four`).

mod locations;
mod panel;
mod retry;
pub use panel::*;

mod sheet_editor;
pub use sheet_editor::*;
