//! "Show": the latest roll's result over the whole screen, huge, for turning the phone around to the table.
//!
//! Built on the browser's popover (`popovertarget`), with no code of ours: the browser puts it above everything,
//! closes it on Escape and gives the focus back to the Show button. The whole view is one button that closes it,
//! so a tap anywhere does.

use leptos::prelude::*;

/// What the full-screen view says: the outcome's mark, words and tone (`good`, `mixed`, `bad`; `none` for a roll
/// without an outcome, as the Tray's, whose words are then the expression), and the number it was read from with
/// its name (`Total`, `Hits`).
#[derive(Clone, Debug, PartialEq)]
pub struct BigText {
    pub mark: &'static str,
    pub outcome: String,
    pub tone: &'static str,
    pub label: &'static str,
    pub total: String,
}

/// The Show button and its full-screen view, `id` (one per screen).
#[component]
pub fn ShowBig(id: &'static str, text: BigText) -> impl IntoView {
    let BigText { mark, outcome, tone, label, total } = text;
    view! {
        <button
            type="button"
            class="show-big"
            popovertarget=id
            title="Show the result full screen, to turn the phone to the table"
        >
            "Show"
        </button>
        <div class="big-result" id=id popover="auto" data-tone=tone>
            <button type="button" class="big-close" popovertarget=id popovertargetaction="hide">
                <span class="big-outcome">
                    <span aria-hidden="true">{mark}</span>
                    " "
                    {outcome}
                </span>
                <span class="big-label">{label}</span>
                <span class="big-total">{total}</span>
                <span class="big-hint">"Tap to close"</span>
            </button>
        </div>
    }
}
