//! The Roll screen.

use leptos::prelude::*;

#[component]
pub fn RollScreen() -> impl IntoView {
    view! {
        <section class="screen" aria-labelledby="screen-title">
            <h1 id="screen-title">"Roll"</h1>
            <p class="lede">"Pick a character and a skill, see the exact odds of every outcome before you roll, then roll."</p>
        </section>
    }
}
