//! The app frame: header with navigation, the current screen (Roll built in, the others loaded on demand), footer.

use crate::route::{use_screen, Screen};
use crate::screens::{self, split};
use crate::state::provide_app_state;
use crate::widgets::lazy_screen::lazy_screen;
use crate::widgets::notices::Notices;
use leptos::prelude::*;

/// The app, over what start-up read from storage: the state, kept saved by storage from now on.
#[component]
pub fn App(saved: crate::storage::Saved) -> impl IntoView {
    let state = provide_app_state();
    crate::storage::start(state, saved);
    crate::widgets::device::keep_screen_awake(state);
    resume_table(state);
    let screen = use_screen();
    view! {
        // Moves focus without touching the URL fragment, which names the screen.
        <a
            class="skip-link"
            href="#main"
            on:click=|ev| {
                ev.prevent_default();
                if let Some(main) = document().get_element_by_id("main") {
                    use leptos::wasm_bindgen::JsCast;
                    if let Ok(main) = main.dyn_into::<leptos::web_sys::HtmlElement>() {
                        let _ = main.focus();
                    }
                }
            }
        >
            "Skip to content"
        </a>
        <header class="app-header">
            <a class="brand" href="#/roll" aria-label="dicetray home">
                <span class="brand-mark" aria-hidden="true">"⚄"</span>
                <span class="brand-name">"dicetray"</span>
            </a>
            <nav class="app-nav" aria-label="Screens">
                <ul>
                    {Screen::ALL
                        .into_iter()
                        .map(|s| {
                            view! {
                                <li>
                                    <a
                                        href=s.href()
                                        class="nav-link"
                                        data-screen=s.slug()
                                        aria-current=move || (screen.get() == s).then_some("page")
                                    >
                                        {s.label()}
                                    </a>
                                </li>
                            }
                        })
                        .collect_view()}
                </ul>
            </nav>
        </header>
        <Notices />
        <main id="main" class="app-main" tabindex="-1">
            {move || match screen.get() {
                Screen::Roll => screens::roll::RollScreen().into_any(),
                // The other screens are lazily loaded wasm chunks (screens::split).
                Screen::Tray => lazy_screen("Tray", &["tray"], split::tray_preload, split::screen_tray),
                Screen::Characters => {
                    lazy_screen("Characters", &["characters"], split::characters_preload, split::screen_characters)
                }
                Screen::History => lazy_screen("History", &["history"], split::history_preload, split::screen_history),
                Screen::Table => lazy_screen("Table", &["table"], split::table_preload, split::screen_table),
                Screen::Help => lazy_screen("Help", &["help", "tray"], split::help_preload, split::screen_help),
                Screen::Replay => lazy_screen("Replay", &["history"], split::replay_preload, split::screen_replay),
            }}
        </main>
        <footer class="app-footer">
            <span>"dicetray " <span class="version">{concat!("v", env!("CARGO_PKG_VERSION"))}</span></span>
            <span class="footer-note">"Runs entirely in your browser. Nothing leaves this device."</span>
        </footer>
        {crate::pwa::UpdateBanner()}
    }
}

/// Sit back down at the table this device was seated at before the reload (its code is the Table screen's chunk,
/// fetched only when there is a saved seat).
fn resume_table(state: crate::state::AppState) {
    if state.seating.with_untracked(|s| s.is_empty()) {
        return;
    }
    leptos::task::spawn_local(async move {
        if split::resume_table(state).await.is_err() {
            state.notify(
                crate::state::NoticeLevel::Warning,
                "Your table could not be rejoined: its code could not be downloaded. Open the Table screen to try again.",
            );
        }
    });
}
