//! The Tray's favourites: expressions saved under a name (`Desk::add_favourite`), kept across visits; a tap puts
//! one in the box. Saving asks for a name in place; removing offers Undo for a while.

use crate::state::use_app_state;
use dicetray_saved::desk::{Favourite, MAX_FAVOURITE_NAME};
use leptos::prelude::*;
use std::time::Duration;

/// How long Undo is offered after a favourite is removed.
const UNDO_FOR: Duration = Duration::from_secs(10);

/// The favourites, with Save for `text` (enabled while `can_save`) and `on_pick` for a tapped favourite.
#[component]
pub fn Favourites(
    text: RwSignal<String>,
    #[prop(into)] can_save: Signal<bool>,
    #[prop(into)] on_pick: Callback<String>,
) -> impl IntoView {
    let state = use_app_state();
    let list = Memo::new(move |_| state.desk.with(|d| d.favourites.clone()));
    let naming = RwSignal::new(false);
    let name = RwSignal::new(String::new());
    let problem = RwSignal::new(None::<String>);
    let removed = RwSignal::new(None::<(usize, Favourite)>);
    let removals = StoredValue::new(0u64);
    let name_ref = NodeRef::<leptos::html::Input>::new();

    let start_naming = move |_| {
        let notation = text.get_untracked();
        // A favourite of the same expression offers its name, to rename or keep.
        let same = list.with_untracked(|l| l.iter().find(|f| f.notation == notation.trim()).map(|f| f.name.clone()));
        name.set(same.unwrap_or_default());
        problem.set(None);
        naming.set(true);
        request_animation_frame(move || {
            if let Some(input) = name_ref.get_untracked() {
                let _ = input.focus();
            }
        });
    };
    let save = move || {
        let (n, notation) = (name.get_untracked(), text.get_untracked());
        let mut result = Ok(());
        state.desk.update(|d| result = d.add_favourite(&n, &notation));
        match result {
            Ok(()) => {
                naming.set(false);
                problem.set(None);
            }
            Err(e) => problem.set(Some(e.to_string())),
        }
    };
    let remove = move |index: usize| {
        let mut gone = None;
        state.desk.update(|d| gone = d.remove_favourite(index));
        removed.set(gone);
        removals.update_value(|n| *n += 1);
        let this = removals.get_value();
        set_timeout(
            move || {
                if removals.try_get_value() == Some(this) {
                    removed.try_set(None);
                }
            },
            UNDO_FOR,
        );
    };
    let undo = move |_| {
        if let Some(f) = removed.get_untracked() {
            state.desk.update(|d| {
                d.restore_favourite(f);
            });
            removed.set(None);
        }
    };

    view! {
        <section class="tray-favourites" aria-labelledby="tray-favourites-title">
            <div class="favourites-head">
                <h2 id="tray-favourites-title">"Favourites"</h2>
                <button type="button" class="button favourite-save" disabled=move || !can_save.get() on:click=start_naming>
                    "☆ Save as favourite"
                </button>
            </div>
            <Show when=move || naming.get()>
                <NameForm text name problem name_ref on_save=move || save() on_cancel=move || naming.set(false) />
            </Show>
            {move || {
                removed
                    .get()
                    .map(|(_, f)| {
                        view! {
                            <p class="favourite-removed" role="status">
                                {format!("Removed “{}”. ", f.name)}
                                <button type="button" class="button favourite-undo" on:click=undo>
                                    "Undo"
                                </button>
                            </p>
                        }
                    })
            }}
            <FavouriteChips list on_pick on_remove=remove />
        </section>
    }
}

/// The name asked for when saving: the field, Save and Cancel, and what is wrong with the name.
#[component]
fn NameForm(
    text: RwSignal<String>,
    name: RwSignal<String>,
    problem: RwSignal<Option<String>>,
    name_ref: NodeRef<leptos::html::Input>,
    on_save: impl Fn() + 'static,
    on_cancel: impl Fn() + 'static,
) -> impl IntoView {
    view! {
        <form
            class="favourite-form"
            on:submit=move |ev| {
                ev.prevent_default();
                on_save();
            }
        >
            <label for="favourite-name">{move || format!("Name for {}", text.get().trim())}</label>
            <input
                id="favourite-name"
                type="text"
                maxlength=MAX_FAVOURITE_NAME
                placeholder="e.g. Fireball"
                autocomplete="off"
                aria-invalid=move || if problem.with(Option::is_some) { "true" } else { "false" }
                aria-describedby="favourite-problem"
                node_ref=name_ref
                bind:value=name
            />
            <button type="submit" class="button">"Save"</button>
            <button type="button" class="button" on:click=move |_| on_cancel()>
                "Cancel"
            </button>
            <p class="field-error" id="favourite-problem">{move || problem.get()}</p>
        </form>
    }
}

/// The favourites as chips (a tap picks one), each with its Remove button.
#[component]
fn FavouriteChips(
    list: Memo<Vec<Favourite>>,
    on_pick: Callback<String>,
    on_remove: impl Fn(usize) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <Show
            when=move || !list.with(Vec::is_empty)
            fallback=|| view! { <p class="tray-hint">"Save an expression you roll often, with a name, to find it here next time."</p> }
        >
            <ul class="tray-chips favourite-chips">
                {move || {
                    list.get()
                        .into_iter()
                        .enumerate()
                        .map(|(i, f)| {
                            let notation = f.notation.clone();
                            view! {
                                <li class="favourite">
                                    <button
                                        type="button"
                                        class="favourite-chip"
                                        data-expr=f.notation.clone()
                                        on:click=move |_| on_pick.run(notation.clone())
                                    >
                                        <span class="favourite-name">{f.name.clone()}</span>
                                        " "
                                        <code>{f.notation.clone()}</code>
                                    </button>
                                    <button
                                        type="button"
                                        class="favourite-remove"
                                        aria-label=format!("Remove favourite {}", f.name)
                                        on:click=move |_| on_remove(i)
                                    >
                                        "✕"
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
