//! The Characters screen.

use leptos::prelude::*;

#[component]
pub fn CharactersScreen() -> impl IntoView {
    view! {
        <section class="screen" aria-labelledby="screen-title">
            <h1 id="screen-title">"Characters"</h1>
            <p class="lede">"One sheet per character, for whichever of the five systems that character plays, kept in this browser."</p>
        </section>
    }
}
