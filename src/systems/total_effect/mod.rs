//! Total//Effect in the app: the character sheet, its roll panel (its parts: the bands, reading the Effect dice,
//! the roll's result) and, beside them, its editor.

mod bands;
mod panel;
mod reads;
mod result;
mod sheet;
pub use panel::*;
#[cfg(test)]
pub use result::label;
pub use sheet::*;

mod sheet_editor;
pub use sheet_editor::*;
