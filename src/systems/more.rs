//! "More": a panel's rarely used inputs (the 24-System's Crushing Pressure and table option, Total//Effect's
//! table options for Escalation, Ruina Imperii's Explode from elsewhere; the 24-System's Pressure examples fold in
//! their own list, `twenty_four::inputs`), folded so that on a phone the usual inputs,
//! the odds and Roll fit the screen. It starts open when one of its inputs is in use (a remembered situation), and
//! while one is, its summary says so (style/roll.css: a ticked box or a pick other than the first, by `:has()`), so
//! nothing that changes the roll is ever out of sight unannounced.

use leptos::prelude::*;

/// `body` behind a "More" disclosure; `in_use` tells whether one of its inputs is set away from its default. The
/// body is built first (it is an argument): each input restores its remembered value as it is built, which decides
/// whether to start open.
pub fn more_inputs(in_use: impl Fn() -> bool, body: impl IntoView) -> impl IntoView {
    let open = in_use();
    view! {
        <details class="more-inputs" open=open>
            <summary>"More"</summary>
            <div class="more-body">{body}</div>
        </details>
    }
}
