//! The Help screen: a table of contents, the five systems' rules and rulings, the notation reference and a note
//! on the odds (content in `crate::help`).
//!
//! In-page navigation keeps the screen routing intact: sections are addressed as `#/help/<slug>` (the router only
//! reads the first segment, so those stay on Help). On opening, and whenever the fragment changes, the screen
//! scrolls to the element `help-<slug>`. Contents links do the same on click without a `hashchange`, recording the
//! fragment with `history.pushState` so the address can be copied and Back still works.

use crate::help::{self, notation::NotationHelp, OddsHelp};
use crate::route::{current_hash, use_hash};
use crate::state::erased;
use leptos::ev::MouseEvent;
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

/// Scroll to the Help anchor `slug` (element `help-<slug>`) and move keyboard focus there; false if there is none.
fn scroll_to(slug: &str) -> bool {
    let Some(el) = document().get_element_by_id(&help::anchor_id(slug)) else {
        return false;
    };
    el.scroll_into_view_with_bool(true);
    if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
        let _ = el.focus();
    }
    true
}

/// Scroll to the anchor the current URL fragment names, if any.
fn scroll_to_hash() {
    if let Some(slug) = help::slug_from_hash(&current_hash()) {
        scroll_to(slug);
    }
}

/// A contents link: a real `#/help/<slug>` link (copyable, opens in a new tab) that scrolls in place on a plain click.
fn contents_link(slug: &'static str, label: &'static str) -> impl IntoView {
    let href = help::help_href(slug);
    let on_click = move |ev: MouseEvent| {
        if ev.button() != 0 || ev.ctrl_key() || ev.meta_key() || ev.shift_key() || ev.alt_key() {
            return;
        }
        ev.prevent_default();
        if scroll_to(slug) {
            if let Ok(history) = window().history() {
                let _ = history.push_state_with_url(&JsValue::NULL, "", Some(help::help_href(slug).as_str()));
            }
        }
    };
    view! {
        <a class="help-toc-link" href=href data-section=slug on:click=on_click>
            {label}
        </a>
    }
}

#[component]
pub fn HelpScreen() -> impl IntoView {
    // After the first render, go to the section the address names (`#/help/remedy`), and again whenever it changes.
    let hash = use_hash();
    erased::effect(move |_| {
        hash.track();
        request_animation_frame(scroll_to_hash);
    });

    view! {
        <section class="screen help-screen" aria-labelledby="screen-title">
            <h1 id="screen-title">"Help"</h1>
            <p class="lede">"Each system's rules in our own words, the project's rulings, and the notation reference."</p>
            <div class="help-layout">
                <nav id=help::anchor_id("contents") class="help-toc" aria-label="Help contents" tabindex="-1">
                    <h2 class="help-toc-title">"Contents"</h2>
                    <ul>
                        {help::sections()
                            .map(|(slug, label)| view! { <li>{contents_link(slug, label)}</li> })
                            .collect_view()}
                    </ul>
                </nav>
                <div class="help-body">
                    {help::system_sections()}
                    <NotationHelp />
                    <OddsHelp />
                    <p class="help-back">{contents_link("contents", "↑ Back to contents")}</p>
                </div>
            </div>
        </section>
    }
}
