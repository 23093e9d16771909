//! The notation box and what it says about the text as it is typed: nothing while empty, the engine's error
//! with a caret under the offending column while invalid.

use dicetray_rules::dice::NotationError;
use leptos::ev::KeyboardEvent;
use leptos::prelude::*;

/// The error's message as a sentence, with what is allowed if the engine says.
pub fn error_message(e: &NotationError) -> String {
    match &e.allowed {
        Some(a) => format!("Column {}: {} (allowed: {a}).", e.column, e.message),
        None => format!("Column {}: {}.", e.column, e.message),
    }
}

/// The notation input. `invalid` sets `aria-invalid`; `compare_words` adds the compare points' words
/// (`#tray-compare`) to its description while there are any; keys other than typing go to `on_key` (recall arrows).
#[component]
pub fn NotationInput(
    text: RwSignal<String>,
    #[prop(into)] invalid: Signal<bool>,
    #[prop(into)] compare_words: Signal<bool>,
    #[prop(into)] on_input: Callback<()>,
    #[prop(into)] on_key: Callback<KeyboardEvent>,
    node_ref: NodeRef<leptos::html::Input>,
) -> impl IntoView {
    view! {
        <label for="tray-expr" class="tray-label">"Dice notation"</label>
        <input
            id="tray-expr"
            class="tray-input"
            type="text"
            inputmode="text"
            autocomplete="off"
            autocapitalize="off"
            spellcheck="false"
            enterkeyhint="go"
            placeholder="e.g. 4d6kh3 or d20+5"
            aria-describedby=move || if compare_words.get() { "tray-feedback tray-compare" } else { "tray-feedback" }
            aria-invalid=move || if invalid.get() { "true" } else { "false" }
            node_ref=node_ref
            prop:value=move || text.get()
            on:input=move |ev| {
                text.set(event_target_value(&ev));
                on_input.run(());
            }
            on:keydown=move |ev| on_key.run(ev)
        />
    }
}

/// The expression with a caret under the bad column, and the message; `None` shows nothing. The region is
/// `aria-live="polite"` rather than an alert: the error changes with every keystroke while typing, and an
/// assertive announcement would interrupt the player each time.
#[component]
pub fn NotationFeedback(#[prop(into)] error: Signal<Option<(String, NotationError)>>) -> impl IntoView {
    view! {
        <div id="tray-feedback" class="tray-feedback" aria-live="polite">
            {move || {
                error
                    .get()
                    .map(|(source, e)| {
                        view! {
                            <div class="tray-error" data-column=e.column.to_string()>
                                <pre class="tray-caret">{e.caret_display(&source)}</pre>
                                <p class="tray-message">{error_message(&e)}</p>
                            </div>
                        }
                    })
            }}
        </div>
    }
}

/// Why an expression that rolls has no exact odds (a limit of the odds' work), if it has none.
#[component]
pub fn OddsError(#[prop(into)] error: Signal<Option<NotationError>>) -> impl IntoView {
    move || {
        error.get().map(|e| {
            view! {
                <p class="tray-odds-error" data-column=e.column.to_string()>
                    "No exact odds for this one: "
                    {error_message(&e)}
                    " You can still roll it."
                </p>
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dicetray_rules::dice::parse;

    #[test]
    fn messages_name_the_column_and_what_is_allowed() {
        let e = parse("2d6+").unwrap_err();
        assert!(error_message(&e).starts_with(&format!("Column {}:", e.column)));
        let e = parse("1000000d6").unwrap_err();
        assert!(e.allowed.is_some(), "{e}");
        assert!(error_message(&e).contains("allowed"));
    }
}
