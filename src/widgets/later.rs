//! A part of a view built one task after the rest, while start-up builds the Roll screen's panel: the panel is then
//! a few short tasks rather than one long one, which would hold up the player's first taps (and is most of what
//! Lighthouse counts as blocking time). Anywhere else, and when the panel is built again later (another system or
//! character), the part is built at once with the rest. While a part waits, the page's footer waits with it
//! (style/roll.css), so nothing below the panel moves when the part arrives.

use leptos::prelude::*;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Provided by the Roll screen around the panel it builds: true while that is start-up's panel.
#[derive(Clone, Copy)]
pub struct Staged(pub bool);

/// `children`, built one task later when the view is start-up's panel ([`Staged`]), else at once. Parts nested in
/// the order the view is written are built in that order, one task each.
#[component]
pub fn Later(children: Children) -> impl IntoView {
    if !use_context::<Staged>().is_some_and(|s| s.0) {
        return children().into_any();
    }
    let shown = RwSignal::new(false);
    set_timeout(move || shown.set(true), Duration::ZERO);
    // Built once, when shown: the children are taken out on that first run.
    let children = Arc::new(Mutex::new(Some(children)));
    (move || {
        if !shown.get() {
            return view! { <div class="stage-pending"></div> }.into_any();
        }
        let built = children.lock().ok().and_then(|mut c| c.take());
        built.map(|c| c()).unwrap_or_else(|| ().into_any())
    })
    .into_any()
}
