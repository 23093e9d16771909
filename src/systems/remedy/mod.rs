//! Remedy in the app: the character sheet, its roll panel (and, beside them, its editor).

mod panel;
mod reroll;
mod sheet;
pub use panel::*;
pub use sheet::*;

mod sheet_editor;
pub use sheet_editor::*;
