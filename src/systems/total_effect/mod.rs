//! Total//Effect in the app: its roll panel (its parts: the bands, reading the Effect dice, the roll's result)
//! and sheet editor (the sheet's data is `dicetray_saved::sheets::total_effect`).

mod bands;
mod panel;
mod reads;
mod result;
pub use panel::*;
#[cfg(test)]
pub use result::label;

mod sheet_editor;
pub use sheet_editor::*;
