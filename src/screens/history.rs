//! The History screen.

use leptos::prelude::*;

#[component]
pub fn HistoryScreen() -> impl IntoView {
    view! {
        <section class="screen" aria-labelledby="screen-title">
            <h1 id="screen-title">"History"</h1>
            <p class="lede">"Every roll of the session: dice, outcome, character and time, kept across reloads."</p>
        </section>
    }
}
