//! Total//Effect in the app: its roll panel and sheet editor (the sheet's data is
//! `dicetray_saved::sheets::total_effect`).

mod panel;
pub use panel::*;

mod sheet_editor;
pub use sheet_editor::*;
