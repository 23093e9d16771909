//! The Characters screen: create, list, edit, duplicate, delete (with undo), choose the character the Roll screen
//! rolls for, and import/export characters as JSON.

use crate::characters::card::CharacterCard;
use crate::characters::create::CreateCharacter;
use crate::characters::editor::CharacterEditor;
use crate::characters::transfer::TransferPanel;
use crate::characters::ui::CharactersUi;
use crate::route::use_hash;
use crate::state::erased;
use leptos::prelude::*;

/// The Undo offer after a delete.
#[component]
fn UndoBar() -> impl IntoView {
    let ui = CharactersUi::get();
    view! {
        <div class="undo-area" role="status">
            {move || {
                ui.removed
                    .get()
                    .map(|r| {
                        view! {
                            <div class="undo-bar">
                                <span>"Deleted " <strong class="undo-name">{r.character.name}</strong> "."</span>
                                <button type="button" class="undo-delete primary" on:click=move |_| ui.undo_delete()>
                                    "Undo"
                                </button>
                            </div>
                        }
                    })
            }}
            <span class="characters-status">{move || ui.status.get()}</span>
        </div>
    }
}

#[component]
fn CharacterList() -> impl IntoView {
    let ui = CharactersUi::get();
    let empty = move || ui.state.characters.with(Vec::is_empty);
    view! {
        <section class="character-list-section" aria-labelledby="list-title">
            <h2 id="list-title">"Your characters"</h2>
            <Show when=empty>
                <p class="empty-list">"No characters yet. Create one above, or import one below."</p>
            </Show>
            <ul class="character-list">
                <For
                    each=move || ui.state.characters.with(|cs| cs.iter().map(|c| c.id.clone()).collect::<Vec<_>>())
                    key=|id| id.clone()
                    children=|id| view! { <CharacterCard id /> }
                />
            </ul>
        </section>
    }
}

/// The character a link names: `#/characters/<id>`.
fn linked_character(hash: &str) -> Option<String> {
    let id = hash.trim_start_matches('#').trim_start_matches('/').strip_prefix("characters/")?;
    (!id.is_empty()).then(|| id.to_string())
}

#[component]
pub fn CharactersScreen() -> impl IntoView {
    let ui = CharactersUi::provide();
    // `#/characters/<id>` opens that character, once it is loaded, and again whenever the address changes.
    let hash = use_hash();
    let wanted = RwSignal::new(None::<String>);
    erased::effect(move |_| wanted.set(linked_character(&hash.get())));
    erased::effect(move |_| {
        if let Some(id) = wanted.get() {
            if ui.state.characters.with(|cs| cs.iter().any(|c| c.id == id)) {
                ui.open(&id);
                wanted.set(None);
            }
        }
    });
    view! {
        <section class="screen characters" aria-labelledby="screen-title">
            <h1 id="screen-title">"Characters"</h1>
            <p class="lede">"One sheet per character, for whichever of the five systems that character plays, kept in this browser."</p>
            <UndoBar />
            <div class="characters-layout">
                <div class="characters-side">
                    <CreateCharacter />
                    <CharacterList />
                </div>
                <div class="characters-main">
                    {move || ui.open.get().map(|id| view! { <CharacterEditor id /> })}
                    <TransferPanel />
                </div>
            </div>
        </section>
    }
}
