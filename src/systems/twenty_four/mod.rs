//! 24-System in the app: its roll panel and sheet editor (the sheet's data is
//! `dicetray_saved::sheets::twenty_four`).

use dicetray_rules::systems::{twenty_four::TwentyFour, RuleSystem};
use leptos::prelude::*;

mod inputs;
mod last_roll;
mod locations;
mod panel;
mod push;
mod result;
mod retry;
pub use panel::*;

mod sheet_editor;
pub use sheet_editor::*;

// The system's parts, under the names every system uses (the app's dispatch is made from the rules crate's list
// of systems, `dicetray_rules::for_each_system!`, and calls these).

const ID: &str = <TwentyFour as RuleSystem>::ID;

/// The roll panel for `character` (None: ad hoc), in its frame (`kit::framed`). The 24-System's is in the main
/// module: a first visit rolls ad hoc with it.
pub fn panel(character: Option<String>) -> AnyView {
    super::kit::framed(ID, view! { <TwentyFourPanel character /> }.into_any())
}

/// The sheet editor of the character `id`.
pub fn sheet_editor(id: String) -> AnyView {
    view! { <TwentyFourSheetEditor id /> }.into_any()
}
