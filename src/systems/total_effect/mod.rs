//! Total//Effect in the app: the character sheet (and, beside it, its editor and roll panel).

mod sheet;
pub use sheet::*;

mod sheet_editor;
pub use sheet_editor::*;
