//! The parts every sheet editor shares (as `kit.rs` is for the roll panels): a list of rows with its Add button, a
//! row's name field and its Remove button. Every change goes through the editor's `SheetAccess`, which marks the
//! character updated.

use leptos::prelude::*;

/// A part of a sheet that is a list of rows: its title, a hint, `count` rows (each `row(index)`), and an Add
/// button when rows can be added (`add`: the button's class and text, and what it does).
#[component]
pub fn RowsPart<R, V>(
    title: &'static str,
    #[prop(optional)] hint: &'static str,
    /// The list's class besides `sheet-rows` (`skills`, `abilities`).
    list_class: &'static str,
    #[prop(into)] count: Signal<Option<usize>>,
    row: R,
    #[prop(optional)] add: Option<(&'static str, &'static str, Callback<()>)>,
) -> impl IntoView
where
    R: Fn(usize) -> V + Clone + Send + Sync + 'static,
    V: IntoView + 'static,
{
    view! {
        <section class="sheet-part">
            <h3>{title}</h3>
            {(!hint.is_empty()).then(|| view! { <p class="hint">{hint}</p> })}
            <ul class=format!("sheet-rows {list_class}")>
                <For each=move || 0..count.get().unwrap_or(0) key=|i| *i children=row />
            </ul>
            {add.map(|(class, text, on_add)| {
                view! {
                    <button
                        type="button"
                        class=class
                        on:click=move |_| {
                            on_add.run(());
                            focus_new_row(list_class);
                        }
                    >
                        {text}
                    </button>
                }
            })}
        </section>
    }
}

/// After an Add: put the cursor in the first text field of the list's last row (the new one, which starts empty),
/// once it is drawn. `list_class` is the list's class besides `sheet-rows`, or the whole class of a list of its own.
pub fn focus_new_row(list_class: &'static str) {
    request_animation_frame(move || {
        let css = format!("ul.{list_class} > li:last-child input[type=text]");
        if let Some(input) = document().query_selector(&css).ok().flatten() {
            use leptos::wasm_bindgen::JsCast;
            if let Ok(input) = input.dyn_into::<leptos::web_sys::HtmlElement>() {
                let _ = input.focus();
            }
        }
    });
}

/// A row's name: a labelled text field (`class` on the input) that writes every keystroke through `on_input`; a new
/// row's is empty, with `placeholder` saying what goes there.
#[component]
pub fn NameField(
    id: String,
    label: &'static str,
    class: &'static str,
    #[prop(into)] value: Signal<String>,
    #[prop(into)] on_input: Callback<String>,
    #[prop(optional)] placeholder: &'static str,
) -> impl IntoView {
    view! {
        <div class="field grow">
            <label for=id.clone()>{label}</label>
            <input
                id=id
                class=class
                type="text"
                placeholder=(!placeholder.is_empty()).then_some(placeholder)
                prop:value=value
                on:input=move |ev| on_input.run(event_target_value(&ev))
            />
        </div>
    }
}

/// A row's Remove button, named for the row for screen readers (`Remove skill Climb`).
#[component]
pub fn RemoveButton(
    class: &'static str,
    /// What the row is (`skill`, `ability`).
    what: &'static str,
    #[prop(into)] name: Signal<String>,
    #[prop(into)] on_remove: Callback<()>,
) -> impl IntoView {
    view! {
        <button
            type="button"
            class=class
            aria-label=move || format!("Remove {what} {}", name.get())
            on:click=move |_| on_remove.run(())
        >
            "Remove"
        </button>
    }
}
