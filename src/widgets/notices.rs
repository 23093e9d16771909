//! The notice area: every notice in `AppState::notices`, announced politely (errors assertively), each with a
//! dismiss button. The level is said in words as well as colour.

use crate::state::{use_app_state, NoticeLevel};
use leptos::prelude::*;

fn level_words(level: NoticeLevel) -> (&'static str, &'static str) {
    match level {
        NoticeLevel::Info => ("info", "Note"),
        NoticeLevel::Warning => ("warning", "Warning"),
        NoticeLevel::Error => ("error", "Problem"),
    }
}

#[component]
pub fn Notices() -> impl IntoView {
    let state = use_app_state();
    view! {
        <section class="notices" aria-live="polite" aria-label="Notices">
            <For each=move || state.notices.get() key=|n| n.id let:notice>
                {
                    let (class, word) = level_words(notice.level);
                    let id = notice.id;
                    let role = (notice.level != NoticeLevel::Info).then_some("alert");
                    view! {
                        <div class=format!("notice notice-{class}") data-level=class data-notice-id=id role=role>
                            <p class="notice-text">
                                <strong class="notice-level">{word} ": "</strong>
                                {notice.text.clone()}
                            </p>
                            <button
                                type="button"
                                class="notice-dismiss"
                                aria-label=format!("Dismiss: {}", notice.text)
                                on:click=move |_| state.dismiss(id)
                            >
                                "Dismiss"
                            </button>
                        </div>
                    }
                }
            </For>
        </section>
    }
}
