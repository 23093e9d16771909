//! The History screen: every roll, newest first, a page at a time; filters by character and system;
//! per-character stats; Clear (confirmed in the page, undoable); JSON export and import; replay links.

use crate::history::entry_row::EntryRow;
use crate::history::filter::{self, Filter, Who};
use crate::history::luck::{scope_words, shown_roll};
use crate::history::stats;
use crate::history::text::system_label;
use crate::state::erased;
use crate::state::{now_ms, use_app_state, AppState, HistoryEntry};
use crate::widgets::luck::{luck_preload, luck_report, LuckFold, Per, Rolls, Scope};
use crate::widgets::odds_chart::percent;
use dicetray_rules::decimal::fixed;
use dicetray_saved::history_file;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::sync::Arc;
use std::time::Duration;
use wasm_bindgen::{JsCast, JsValue};

/// Rows rendered at first and added by each "Show more".
const PAGE: usize = 50;
/// How long the Undo offer stays after a Clear.
const UNDO_FOR: Duration = Duration::from_secs(20);

#[component]
pub fn HistoryScreen() -> impl IntoView {
    let state = use_app_state();
    let who = RwSignal::new(Who::All);
    let system = RwSignal::new(None::<String>);
    let day = RwSignal::new(None::<String>);
    let shown = RwSignal::new(PAGE);
    let filter = Memo::new(move |_| Filter { who: who.get(), system: system.get(), day: day.get() });
    let matching = Memo::new(move |_| filter.with(|f| state.history.with(|h| filter::matching(h, f))));
    let page = Memo::new(move |_| {
        let n = shown.get();
        matching.with(|m| state.history.with(|h| m.iter().take(n).map(|&i| h[i].clone()).collect::<Vec<_>>()))
    });
    let total = Memo::new(move |_| state.history.with(|h| h.len()));

    view! {
        <section class="screen history-screen" aria-labelledby="screen-title">
            <h1 id="screen-title">"History"</h1>
            <p class="lede">"Every roll of the session: dice, outcome, character and time, kept across reloads."</p>
            <HistoryTools state />
            <Filters state who system day shown />
            <Stats state matching />
            <Luck state filter matching />
            <p class="history-count" aria-live="polite">
                {move || {
                    let (m, t) = (matching.with(Vec::len), total.get());
                    let showing = m.min(shown.get());
                    if t == 0 {
                        "No rolls yet. Rolls made on the Roll and Tray screens appear here.".to_string()
                    } else if m == 0 {
                        "No rolls match these filters.".to_string()
                    } else if m == t {
                        format!("Showing {showing} of {t} rolls, newest first.")
                    } else {
                        format!("Showing {showing} of {m} matching rolls ({t} in all), newest first.")
                    }
                }}
            </p>
            <ol class="history-list" aria-label="Rolls, newest first">
                <For each=move || page.get() key=|e| e.id.clone() let:entry>
                    <EntryRow entry />
                </For>
            </ol>
            <Show when=move || { matching.with(Vec::len) > shown.get() }>
                <button type="button" id="history-more" class="button" on:click=move |_| shown.update(|n| *n += PAGE)>
                    {move || format!("Show {} more", (matching.with(Vec::len) - shown.get()).min(PAGE))}
                </button>
            </Show>
        </section>
    }
}

#[component]
fn Filters(
    state: AppState,
    who: RwSignal<Who>,
    system: RwSignal<Option<String>>,
    day: RwSignal<Option<String>>,
    shown: RwSignal<usize>,
) -> impl IntoView {
    let characters = Memo::new(move |_| state.history.with(|h| filter::characters_in(h)));
    let ad_hoc = Memo::new(move |_| state.history.with(|h| filter::has_ad_hoc(h)));
    let systems = Memo::new(move |_| {
        let ids = state.history.with(|h| filter::systems_in(h));
        ids.into_iter().map(|id| (id.to_string(), system_label(id).to_string())).collect()
    });
    let days =
        Memo::new(move |_| state.history.with(|h| filter::days_in(h)).into_iter().map(|d| (d.clone(), d)).collect());
    view! {
        <div class="history-filters" role="group" aria-label="Filter rolls">
            <label class="field">
                <span>"Character"</span>
                <select
                    id="history-filter-character"
                    on:change=move |ev| {
                        who.set(Who::from_value(&event_target_value(&ev)));
                        shown.set(PAGE);
                    }
                >
                    <option value="all" selected=move || who.get() == Who::All>"All characters"</option>
                    <Show when=move || ad_hoc.get()>
                        <option value="ad-hoc" selected=move || who.get() == Who::AdHoc>"Ad hoc (no character)"</option>
                    </Show>
                    {move || {
                        characters
                            .get()
                            .into_iter()
                            .map(|(id, name)| {
                                let value = Who::Character(id);
                                let v = value.value();
                                view! { <option value=v selected=move || who.get() == value>{name}</option> }
                            })
                            .collect_view()
                    }}
                </select>
            </label>
            <OneOrAll id="history-filter-system" label="System" all="All systems" choice=system options=systems shown />
            <OneOrAll id="history-filter-day" label="Day" all="All days" choice=day options=days shown />
        </div>
    }
}

/// A filter on one value or on all (`all`): the System and Day selects. `options` are (value, name); a change
/// starts the list again at its first page.
#[component]
fn OneOrAll(
    id: &'static str,
    label: &'static str,
    all: &'static str,
    choice: RwSignal<Option<String>>,
    options: Memo<Vec<(String, String)>>,
    shown: RwSignal<usize>,
) -> impl IntoView {
    view! {
        <label class="field">
            <span>{label}</span>
            <select
                id=id
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    choice.set((v != "all").then_some(v));
                    shown.set(PAGE);
                }
            >
                <option value="all" selected=move || choice.with(Option::is_none)>{all}</option>
                {move || {
                    options
                        .get()
                        .into_iter()
                        .map(|(value, name)| {
                            let is = value.clone();
                            view! { <option value=value selected=move || choice.with(|c| c.as_deref() == Some(&*is))>{name}</option> }
                        })
                        .collect_view()
                }}
            </select>
        </label>
    }
}

/// The luck report over the rolls shown (`widgets::luck`, in the `beyond` chunk, fetched when unfolded).
#[component]
fn Luck(state: AppState, filter: Memo<Filter>, matching: Memo<Vec<usize>>) -> impl IntoView {
    let rolls: Rolls =
        Arc::new(move || matching.with(|m| state.history.with(|h| m.iter().map(|&i| shown_roll(&h[i])).collect())));
    let scope: Scope = Arc::new(move || {
        filter.with(|f| {
            let name = match &f.who {
                Who::Character(id) => {
                    state.history.with(|h| filter::characters_in(h).into_iter().find(|(i, _)| i == id).map(|(_, n)| n))
                }
                _ => None,
            };
            let system = f.system.as_deref().map(system_label);
            scope_words(f, name.as_deref(), system)
        })
    });
    let report = move || luck_report(rolls.clone(), Per::Shown, scope.clone(), "");
    view! { <LuckFold preload=luck_preload report /> }
}

#[component]
fn Stats(state: AppState, matching: Memo<Vec<usize>>) -> impl IntoView {
    let stats = Memo::new(move |_| matching.with(|m| state.history.with(|h| stats::per_character(h, m))));
    view! {
        <Show when=move || stats.with(|s| !s.is_empty())>
            <section class="history-stats" aria-labelledby="stats-title">
                <h2 id="stats-title">"Stats"</h2>
                <ul class="stats-list">
                    <For each=move || stats.get() key=|s| (s.id.clone(), s.count, s.outcomes.clone()) let:s>
                        <li class="stats-character" data-character=s.id.clone().unwrap_or_else(|| "ad-hoc".into())>
                            <h3 class="stats-name">{s.name.clone()}</h3>
                            <p class="stats-count">{format!("{} roll{}", s.count, if s.count == 1 { "" } else { "s" })}</p>
                            <ul class="stats-outcomes">
                                {s
                                    .outcomes
                                    .iter()
                                    .map(|(o, said, n)| {
                                        let share = s.share(*n);
                                        view! {
                                            <li class="stats-outcome" data-outcome=o.clone()>
                                                <span class="stats-outcome-name">{said.clone()}</span>
                                                <span class="stats-share">{percent(share)}</span>
                                                <span class="stats-n">{format!("({n})")}</span>
                                                <span
                                                    class="stats-bar"
                                                    aria-hidden="true"
                                                    style:width=format!("{}%", fixed(share * 100.0, 2))
                                                ></span>
                                            </li>
                                        }
                                    })
                                    .collect_view()}
                            </ul>
                        </li>
                    </For>
                </ul>
            </section>
        </Show>
    }
}

/// Export the whole history as a JSON file (a download, with a link in case it did not start).
fn export_history(state: AppState, link: RwSignal<Option<(String, String)>>, status: RwSignal<Option<(bool, String)>>) {
    let (json, count) = state.history.with_untracked(|h| (history_file::export_json(h), h.len()));
    let name = history_file::export_file_name(count);
    let Some(url) = blob_url(&json) else {
        status.set(Some((false, "Export failed: this browser could not make the file.".into())));
        return;
    };
    if let Some((old, _)) = link.get_untracked() {
        let _ = web_sys::Url::revoke_object_url(&old);
    }
    download(&url, &name);
    link.set(Some((url, name)));
}

/// Import the history file the player picked in `ev`'s file input, saying what happened in `status`.
fn import_history(ev: &leptos::ev::Event, state: AppState, status: RwSignal<Option<(bool, String)>>) {
    let input: web_sys::HtmlInputElement = event_target(ev);
    let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
    input.set_value("");
    if file.size() > history_file::IMPORT_LIMIT_BYTES as f64 {
        status.set(Some((
            false,
            format!(
                "Import failed: “{}” is {} MB; the limit is {} MB.",
                file.name(),
                fixed(file.size() / 1_048_576.0, 1),
                history_file::IMPORT_LIMIT_BYTES / 1_048_576
            ),
        )));
        return;
    }
    status.set(Some((true, format!("Reading “{}”…", file.name()))));
    spawn_local(async move {
        let text = wasm_bindgen_futures::JsFuture::from(file.text()).await.ok().and_then(|v| v.as_string());
        let Some(text) = text else {
            status.set(Some((false, format!("Import failed: “{}” could not be read.", file.name()))));
            return;
        };
        match history_file::parse_import(&text) {
            Ok(entries) => {
                let added = state.history.try_update(|h| h.add(&entries)).unwrap_or(0);
                let known = entries.len() - added;
                status.set(Some((
                    true,
                    format!(
                        "Imported {added} roll{} from “{}”{}.",
                        if added == 1 { "" } else { "s" },
                        file.name(),
                        if known > 0 { format!(" ({known} already in your history)") } else { String::new() }
                    ),
                )));
            }
            Err(e) => status.set(Some((false, format!("Import failed: {e}. Nothing was imported.")))),
        }
    });
}

/// Clear the history, keeping what was removed for Undo for a while (`UNDO_FOR`).
fn clear_history(state: AppState, undo: RwSignal<Option<Vec<HistoryEntry>>>, generation: StoredValue<u64>) {
    let removed = state.history.try_update(|h| h.clear(now_ms())).unwrap_or_default();
    undo.set(Some(removed));
    generation.update_value(|g| *g += 1);
    let this_clear = generation.get_value();
    set_timeout(
        move || {
            if generation.try_get_value() == Some(this_clear) {
                undo.try_set(None);
            }
        },
        UNDO_FOR,
    );
}

/// Export, import and clear.
#[component]
fn HistoryTools(state: AppState) -> impl IntoView {
    let export_link = RwSignal::new(None::<(String, String)>);
    let import_status = RwSignal::new(None::<(bool, String)>);
    let confirming = RwSignal::new(false);
    let undo = RwSignal::new(None::<Vec<HistoryEntry>>);
    let undo_generation = StoredValue::new(0u64);
    let cancel_ref = NodeRef::<leptos::html::Button>::new();
    let clear_ref = NodeRef::<leptos::html::Button>::new();
    let empty = Memo::new(move |_| state.history.with(|h| h.is_empty()));

    erased::effect(move |_| {
        if confirming.get() {
            if let Some(b) = cancel_ref.get() {
                let _ = b.focus();
            }
        }
    });

    let export = move |_| export_history(state, export_link, import_status);

    let import = move |ev: leptos::ev::Event| import_history(&ev, state, import_status);

    let confirm_clear = move |_| {
        confirming.set(false);
        clear_history(state, undo, undo_generation);
    };
    let cancel_clear = move || {
        confirming.set(false);
        if let Some(b) = clear_ref.get() {
            let _ = b.focus();
        }
    };

    view! {
        <div class="history-tools" role="group" aria-label="History file and clearing">
            <button type="button" id="history-export" class="button" on:click=export disabled=move || empty.get()>
                "Export JSON"
            </button>
            <label class="button file-button" for="history-import">
                "Import JSON"
                <input
                    type="file"
                    id="history-import"
                    class="visually-hidden-input"
                    accept="application/json,.json"
                    on:change=import
                />
            </label>
            <button
                type="button"
                id="history-clear"
                class="button danger"
                node_ref=clear_ref
                aria-expanded=move || confirming.get().to_string()
                disabled=move || empty.get()
                on:click=move |_| confirming.set(true)
            >
                "Clear history…"
            </button>
        </div>
        {move || {
            export_link
                .get()
                .map(|(url, name)| {
                    view! {
                        <p class="export-ready">
                            "Exported. If the download did not start: "
                            <a id="history-export-link" href=url download=name.clone()>
                                {format!("download {name}")}
                            </a>
                        </p>
                    }
                })
        }}
        {move || {
            import_status
                .get()
                .map(|(ok, msg)| {
                    view! {
                        <p
                            id="history-import-status"
                            class=if ok { "import-status ok" } else { "import-status failed" }
                            role=if ok { "status" } else { "alert" }
                        >
                            {msg}
                        </p>
                    }
                })
        }}
        <Show when=move || confirming.get()>
            <div
                class="confirm-panel"
                role="alertdialog"
                aria-labelledby="clear-title"
                aria-describedby="clear-desc"
                on:keydown=move |ev| {
                    if ev.key() == "Escape" {
                        cancel_clear();
                    }
                }
            >
                <h2 id="clear-title">"Clear the whole history?"</h2>
                <p id="clear-desc">
                    {move || format!(
                        "This removes all {} rolls from this browser (in every open tab). You can undo it for a little while.",
                        state.history.with(|h| h.len()),
                    )}
                </p>
                <div class="confirm-actions">
                    <button type="button" id="history-clear-confirm" class="button danger" on:click=confirm_clear>
                        "Yes, clear all rolls"
                    </button>
                    <button type="button" id="history-clear-cancel" class="button" node_ref=cancel_ref on:click=move |_| cancel_clear()>
                        "Keep them"
                    </button>
                </div>
            </div>
        </Show>
        {move || {
            undo.with(|u| u.as_ref().map(Vec::len))
                .map(|n| {
                    view! {
                        <div class="toast" role="status">
                            <span>{format!("Cleared {n} roll{}.", if n == 1 { "" } else { "s" })}</span>
                            <button
                                type="button"
                                id="history-undo"
                                class="button"
                                on:click=move |_| {
                                    if let Some(removed) = undo.try_update(Option::take).flatten() {
                                        state.history.update(|h| h.undo_clear(&removed));
                                    }
                                }
                            >
                                "Undo"
                            </button>
                        </div>
                    }
                })
        }}
    }
}

/// A Blob URL holding `json`.
fn blob_url(json: &str) -> Option<String> {
    let parts = js_sys::Array::of1(&JsValue::from_str(json));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).ok()?;
    web_sys::Url::create_object_url_with_blob(&blob).ok()
}

/// Start downloading `url` as `name`.
fn download(url: &str, name: &str) {
    let Ok(a) = document().create_element("a") else { return };
    let a: web_sys::HtmlAnchorElement = a.unchecked_into();
    a.set_href(url);
    a.set_download(name);
    a.click();
}
