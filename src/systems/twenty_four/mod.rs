//! 24-System in the app: its roll panel and sheet editor, over the sheet's data in `dicetray_saved`.

mod locations;
mod panel;
mod retry;
pub use panel::*;
pub use dicetray_saved::sheets::twenty_four::*;

mod sheet_editor;
pub use sheet_editor::*;
