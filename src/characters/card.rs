//! One character in the list: name, system, a one-line summary, and its actions.

use super::ui::CharactersUi;
use crate::systems::system_name;
use leptos::prelude::*;

#[component]
pub fn CharacterCard(id: String) -> impl IntoView {
    let ui = CharactersUi::get();
    let data_id = id.clone();
    let id = StoredValue::new(id);
    // (name, system name, summary): the card follows its character's edits.
    let shown = Memo::new(move |_| {
        id.with_value(|id| {
            ui.state.characters.with(|cs| {
                cs.iter()
                    .find(|c| &c.id == id)
                    .map(|c| (c.name.clone(), system_name(c.sheet.system_id()).to_string(), c.sheet.summary()))
            })
        })
        .unwrap_or_default()
    });
    let name = move || shown.with(|s| s.0.clone());
    let is_active = move || id.with_value(|id| ui.state.active_character.with(|a| a.as_deref() == Some(id)));
    let is_open = move || id.with_value(|id| ui.open.with(|o| o.as_deref() == Some(id)));
    let label = move |verb: &'static str| move || format!("{verb} {}", name());
    view! {
        <li class="character-card" data-id=data_id class:is-open=is_open class:is-active=is_active>
            <div class="card-head">
                <h3 class="character-name">{name}</h3>
                <span class="character-system">{move || shown.with(|s| s.1.clone())}</span>
                <Show when=is_active>
                    <span class="badge-active">"★ Rolling as this character"</span>
                </Show>
            </div>
            <p class="character-summary">{move || shown.with(|s| s.2.clone())}</p>
            <div class="card-actions">
                <button
                    type="button"
                    class="open-character"
                    aria-label=label("Edit")
                    aria-pressed=move || if is_open() { "true" } else { "false" }
                    on:click=move |_| id.with_value(|id| ui.open(id))
                >
                    "Edit"
                </button>
                <button
                    type="button"
                    class="use-character"
                    aria-label=label("Roll as")
                    aria-pressed=move || if is_active() { "true" } else { "false" }
                    on:click=move |_| id.with_value(|id| ui.toggle_active(id))
                >
                    <Show when=is_active>
                        <span aria-hidden="true">"✓ "</span>
                    </Show>
                    "Roll as"
                </button>
                <button
                    type="button"
                    class="duplicate-character"
                    aria-label=label("Duplicate")
                    on:click=move |_| id.with_value(|id| ui.duplicate(id))
                >
                    "Duplicate"
                </button>
                <button
                    type="button"
                    class="export-character"
                    aria-label=label("Export")
                    on:click=move |_| ui.export.set(Some(id.get_value()))
                >
                    "Export"
                </button>
                <button
                    type="button"
                    class="delete-character danger"
                    aria-label=label("Delete")
                    on:click=move |_| id.with_value(|id| ui.delete(id))
                >
                    "Delete"
                </button>
            </div>
        </li>
    }
}
