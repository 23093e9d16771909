//! Import and export: the export as copyable text and a file download, the import from a file or pasted text.
//! Imported text is only ever shown as text.

use super::ui::CharactersUi;
use crate::widgets::download::download;
use dicetray_saved::character_file::{export_json, file_name, import_json, too_large, MAX_BYTES};
use leptos::prelude::*;

#[component]
fn ExportPanel(id: String) -> impl IntoView {
    let ui = CharactersUi::get();
    let character = Memo::new(move |_| ui.state.character(&id));
    let json = Memo::new(move |_| character.get().map(|c| export_json(&c)).unwrap_or_default());
    let file = Memo::new(move |_| character.get().map(|c| file_name(&c)).unwrap_or_default());
    let note = RwSignal::new(String::new());
    let save = move |_| match download(&file.get_untracked(), &json.get_untracked()) {
        Ok(()) => note.set(format!("Downloading {}.", file.get_untracked())),
        Err(_) => note.set("This browser refused the download; copy the text instead.".into()),
    };
    let copy = move |_| {
        let clipboard = window().navigator().clipboard();
        let promise = clipboard.write_text(&json.get_untracked());
        leptos::task::spawn_local(async move {
            let done = wasm_bindgen_futures::JsFuture::from(promise).await;
            note.set(if done.is_ok() { "Copied." } else { "Could not copy; select the text and copy it." }.into());
        });
    };
    view! {
        <div class="export-panel">
            <h3>"Export " <span class="export-name">{move || character.get().map(|c| c.name).unwrap_or_default()}</span></h3>
            <label for="export-json">"Character JSON (select it all and copy, or save it as a file)"</label>
            <textarea id="export-json" class="export-json" rows="8" readonly prop:value=move || json.get()></textarea>
            <div class="button-row">
                <button type="button" class="download-export primary" on:click=save>
                    "Download " {move || file.get()}
                </button>
                <button type="button" class="copy-export" on:click=copy>
                    "Copy"
                </button>
                <button type="button" class="close-export" on:click=move |_| ui.export.set(None)>
                    "Close export"
                </button>
            </div>
            <p class="export-note" role="status">
                {move || note.get()}
            </p>
        </div>
    }
}

#[component]
fn ImportPanel() -> impl IntoView {
    let ui = CharactersUi::get();
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(String::new());
    let done = RwSignal::new(String::new());
    let import = move |source: String| {
        let result = ui.state.characters.with_untracked(|cs| import_json(&source, cs));
        match result {
            Ok(imported) => {
                let character = imported.character;
                let (id, name) = (character.id.clone(), character.name.clone());
                ui.state.characters.update(|cs| cs.push(character));
                error.set(String::new());
                text.set(String::new());
                done.set(if imported.new_id {
                    format!("Imported {name} as a new character (a character with its id is already here).")
                } else {
                    format!("Imported {name}.")
                });
                ui.open(&id);
            }
            Err(e) => {
                done.set(String::new());
                error.set(format!("Not imported. {e}"));
            }
        }
    };
    let from_file = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let Some(file) = input.files().and_then(|files| files.get(0)) else { return };
        input.set_value("");
        if file.size() > MAX_BYTES as f64 {
            done.set(String::new());
            error.set(format!("Not imported. {}", too_large(file.size() as usize)));
            return;
        }
        leptos::task::spawn_local(async move {
            match wasm_bindgen_futures::JsFuture::from(file.text()).await {
                Ok(content) => import(content.as_string().unwrap_or_default()),
                Err(_) => error.set("Not imported. This file could not be read.".into()),
            }
        });
    };
    view! {
        <div class="import-panel">
            <h3>"Import"</h3>
            <div class="field">
                <label for="import-file">"From a file (a dicetray character, at most 256 KB)"</label>
                <input id="import-file" class="import-file" type="file" accept=".json,application/json" on:change=from_file />
            </div>
            <div class="field">
                <label for="import-text">"Or paste a character's JSON"</label>
                <textarea
                    id="import-text"
                    class="import-text"
                    rows="5"
                    spellcheck="false"
                    aria-describedby="import-error"
                    prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev))
                ></textarea>
            </div>
            <button type="button" class="import-button primary" on:click=move |_| import(text.get_untracked())>
                "Import pasted character"
            </button>
            <p id="import-error" class="import-error" role="alert" class:hidden=move || error.with(String::is_empty)>
                {move || error.get()}
            </p>
            <p class="import-done" role="status">
                {move || done.get()}
            </p>
        </div>
    }
}

/// The import/export section of the Characters screen.
#[component]
pub fn TransferPanel() -> impl IntoView {
    let ui = CharactersUi::get();
    view! {
        <section class="character-transfer" aria-labelledby="transfer-title">
            <h2 id="transfer-title">"Import and export"</h2>
            {move || ui.export.get().map(|id| view! { <ExportPanel id /> })}
            <ImportPanel />
        </section>
    }
}
