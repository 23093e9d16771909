//! The Help screen.

use leptos::prelude::*;

#[component]
pub fn HelpScreen() -> impl IntoView {
    view! {
        <section class="screen" aria-labelledby="screen-title">
            <h1 id="screen-title">"Help"</h1>
            <p class="lede">"Each system's rules in our own words, the project's rulings, and the notation reference."</p>
        </section>
    }
}
