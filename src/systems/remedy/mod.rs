//! Remedy in the app: its roll panel and sheet editor, over the sheet's data in `dicetray_saved`.

mod panel;
mod reroll;
pub use panel::*;
pub use dicetray_saved::sheets::remedy::*;

mod sheet_editor;
pub use sheet_editor::*;
