//! The GM's hidden roll: the table sees that a sealed roll happened and when, not what; the GM reveals it later
//! from the roll list, and every phone then checks that nothing changed after the fact.

use super::ask::NotationField;
use super::seat::Seated;
use dicetray_rules::dice::{parse, NOTATION_VERSION};
use dicetray_table::RollRequest;
use leptos::prelude::*;

#[component]
pub fn SecretRoll(seat: Seated) -> impl IntoView {
    let text = RwSignal::new("1d20".to_string());
    let said = RwSignal::new(None::<Result<String, String>>);
    let roll = move |_| {
        let t = text.get_untracked().trim().to_string();
        let result = parse(&t)
            .map_err(|e| format!("`{t}`: {}", e.message))
            .and_then(|_| seat.roll_hidden(RollRequest::Notation { text: t.clone(), version: NOTATION_VERSION }))
            .map(|_| format!("Rolled {t} in secret: the table sees a sealed roll."));
        said.set(Some(result));
    };
    view! {
        <section class="table-part gm-tools" aria-labelledby="table-secret-title">
            <h2 id="table-secret-title">"Roll in secret"</h2>
            <NotationField id="table-secret-notation" text />
            <button type="button" id="table-secret-roll" class="button" on:click=roll>"Roll in secret"</button>
            <p class="hint" role="status">
                {move || match said.get() { Some(Ok(s)) => s, Some(Err(e)) => format!("Not rolled: {e}"), None => String::new() }}
            </p>
        </section>
    }
}
