//! Hack & Slash in the app: its roll panel and sheet editor, over the sheet's data in `dicetray_saved`.

mod panel;
pub use panel::*;
pub use dicetray_saved::sheets::hack_and_slash::*;

mod sheet_editor;
pub use sheet_editor::*;
