//! The open character: name, notes and its system's sheet editor.

use super::ui::CharactersUi;
use crate::state::edit::CharacterAccess;
use crate::state::erased;
use crate::systems::{self, system_name};
use leptos::prelude::*;

/// Called by `dicetray_rules::for_each_system!` with the list of systems: the dispatch to each system's sheet
/// editor (`systems::<module>::sheet_editor`).
macro_rules! sheet_editors {
    ($($variant:ident($module:ident) $id:tt),* $(,)?) => {
        /// The sheet editor of the character `id`, who plays `system` (None: the character is gone).
        fn sheet_editor(system: Option<&str>, id: String) -> AnyView {
            match system {
                $(Some($id) => systems::$module::sheet_editor(id),)*
                _ => view! { <p>"This character no longer exists."</p> }.into_any(),
            }
        }
    };
}

dicetray_rules::for_each_system!(sheet_editors);

#[component]
pub fn CharacterEditor(id: String) -> impl IntoView {
    let ui = CharactersUi::get();
    let character = CharacterAccess::new(id.clone());
    let name = Memo::new(move |_| character.with(|c| c.name.clone()).unwrap_or_default());
    let notes = Memo::new(move |_| character.with(|c| c.notes.clone()).unwrap_or_default());
    let system = Memo::new(move |_| character.with(|c| c.sheet.system_id()));
    let heading = NodeRef::<leptos::html::H2>::new();
    // Opening a character takes focus to it (and, on a phone, scrolls down to it).
    erased::effect(move |_| {
        if let Some(h) = heading.get() {
            let _ = h.focus();
            h.scroll_into_view();
        }
    });
    let sheet = move || sheet_editor(system.get(), id.clone());
    view! {
        <section class="character-editor" aria-labelledby="editor-title">
            <div class="editor-head">
                <h2 id="editor-title" tabindex="-1" node_ref=heading>
                    <span class="editor-kicker">{move || system.get().map(system_name).unwrap_or_default()}</span>
                    <span class="editor-name">{move || name.get()}</span>
                </h2>
                <button type="button" class="close-editor" on:click=move |_| ui.open.set(None)>
                    "Close"
                </button>
            </div>
            <div class="field">
                <label for="character-name">"Name"</label>
                <input
                    id="character-name"
                    class="character-name-input"
                    type="text"
                    maxlength="200"
                    autocomplete="off"
                    prop:value=move || name.get()
                    on:input=move |ev| character.update(|c| c.name = event_target_value(&ev))
                />
            </div>
            {sheet}
            <div class="field">
                <label for="character-notes">"Notes"</label>
                <textarea
                    id="character-notes"
                    class="character-notes"
                    rows="3"
                    prop:value=move || notes.get()
                    on:input=move |ev| character.update(|c| c.notes = event_target_value(&ev))
                ></textarea>
            </div>
        </section>
    }
}
