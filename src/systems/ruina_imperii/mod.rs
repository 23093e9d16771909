//! Ruina Imperii in the app: its roll panel and sheet editor (the sheet's data is
//! `dicetray_saved::sheets::ruina_imperii`).

use dicetray_rules::systems::{ruina_imperii::RuinaImperii, RuleSystem};
use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};

mod fortune;
mod fortune_after;
mod panel;
mod result;
pub use panel::*;

mod sheet_editor;
pub use sheet_editor::*;

// The system's parts, under the names every system uses (the app's dispatch is made from the rules crate's list
// of systems, `dicetray_rules::for_each_system!`, and calls these).

const ID: &str = <RuinaImperii as RuleSystem>::ID;

/// The roll panel for `character` (None: ad hoc), in its frame (`kit::framed`) once its chunk, a lazily
/// loaded chunk of its own, has arrived (ARCHITECTURE.md, "Code splitting").
pub fn panel(character: Option<String>) -> AnyView {
    super::kit::lazy_panel(ID, chunk_preload, chunk, character)
}

/// The panel, built inside its chunk; `chunk_preload` (generated) only fetches the chunk and reports a failed
/// fetch as `Err` (`fallible`: without it a failed fetch would panic).
#[wasm_split(panel_ruina_imperii, wasm_split_path = ::leptos::wasm_split, preload(chunk_preload), fallible)]
pub fn chunk(character: Option<String>) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <RuinaImperiiPanel character /> }.into_any())
}

/// The sheet editor of the character `id`.
pub fn sheet_editor(id: String) -> AnyView {
    view! { <RuinaImperiiSheetEditor id /> }.into_any()
}
