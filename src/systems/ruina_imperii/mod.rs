//! Ruina Imperii in the app: its roll panel and sheet editor, over the sheet's data in `dicetray_saved`.

mod fortune;
mod panel;
pub use panel::*;
pub use dicetray_saved::sheets::ruina_imperii::*;

mod sheet_editor;
pub use sheet_editor::*;
