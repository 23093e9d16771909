//! The Tray screen.

use leptos::prelude::*;

#[component]
pub fn TrayScreen() -> impl IntoView {
    view! {
        <section class="screen" aria-labelledby="screen-title">
            <h1 id="screen-title">"Tray"</h1>
            <p class="lede">"Type any dice notation (4d6kh3, d20+5, 8d6>=4, 3d6!) and see its exact odds as you type."</p>
        </section>
    }
}
