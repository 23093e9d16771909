//! One character in the list: name, system, a one-line summary, and its actions.

use super::ui::CharactersUi;
use crate::state::erased;
use crate::systems::system_name;
use leptos::prelude::*;

#[component]
pub fn CharacterCard(id: String) -> impl IntoView {
    let ui = CharactersUi::get();
    let data_id = id.clone();
    let id = StoredValue::new(id);
    // (name, system name, summary, what the sheet rolls): the card follows its character's edits.
    let shown = Memo::new(move |_| {
        id.with_value(|id| {
            ui.state.characters.with(|cs| {
                cs.iter().find(|c| &c.id == id).map(|c| {
                    (c.name.clone(), system_name(c.sheet.system_id()).to_string(), c.sheet.summary(), c.sheet.rolls())
                })
            })
        })
        .unwrap_or_default()
    });
    let name = move || shown.with(|s| s.0.clone());
    let is_active = move || id.with_value(|id| ui.state.desk.with(|d| d.roller() == Some(id.as_str())));
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
            <SheetRolls id=id rolls=erased::derive(move || shown.with(|s| s.3.clone())) name=erased::derive(name) />
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

/// One Roll button per skill or ability on the sheet: it opens the Roll screen as this character, with that row
/// picked, and rolls.
#[component]
fn SheetRolls(id: StoredValue<String>, rolls: Signal<Vec<String>>, name: Signal<String>) -> impl IntoView {
    let ui = CharactersUi::get();
    view! {
        <Show when=move || !rolls.with(Vec::is_empty)>
            <ul class="sheet-rolls" aria-label=move || format!("Roll for {}", name.get())>
                {move || {
                    rolls
                        .get()
                        .into_iter()
                        .enumerate()
                        .map(|(row, label)| {
                            let aria = format!("Roll {label} as {}", name.get_untracked());
                            view! {
                                <li>
                                    <button
                                        type="button"
                                        class="sheet-roll"
                                        data-row=row
                                        aria-label=aria
                                        on:click=move |_| id.with_value(|id| ui.roll_row(id, row))
                                    >
                                        <span aria-hidden="true">"⚄ "</span>
                                        {label}
                                    </button>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
        </Show>
    }
}
