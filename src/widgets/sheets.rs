//! The stylesheets of the lazily loaded screens. index.html keeps their links inert in `<template id="screen-sheets">`
//! (the build gives each a content-hashed name and its integrity: crates/xtask/src/sheets.rs); [`add`] copies a
//! screen's links into `<head>` the first time it opens, and resolves once they have loaded, so the screen never
//! shows unstyled. The first load carries only the Roll screen's styles.

use std::future::Future;

/// Adds the sheets `names` (their `data-sheet` names) to the page, once per page load. The future is `Ok` when all
/// have loaded (at once if they already had) and `Err` if one failed to, whose link is then taken out again so
/// that trying again fetches it anew. Links start fetching when this is called, not when the future is first
/// polled, so they download alongside the screen's code.
pub fn add(names: &'static [&'static str]) -> impl Future<Output = Result<(), ()>> {
    let pending: Vec<_> = names.iter().filter_map(|name| web::start(name)).collect();
    async move {
        let mut ok = true;
        for load in pending {
            ok &= web::finished(load).await;
        }
        if ok {
            Ok(())
        } else {
            Err(())
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod web {
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{Element, HtmlTemplateElement};

    /// Set on a link once it has loaded.
    const LOADED: &str = "data-loaded";

    /// Puts the link of sheet `name` in `<head>` (copied from the template if it was not there yet); a promise of
    /// whether it loads, or `None` if it has loaded already, or if the page lists no such sheet (a build without
    /// screen sheets: nothing to wait for).
    pub fn start(name: &str) -> Option<js_sys::Promise> {
        let document = web_sys::window()?.document()?;
        let head = document.head()?;
        let selector = format!("link[data-sheet=\"{name}\"]");
        let link: Element = match head.query_selector(&selector).ok()? {
            Some(link) => link,
            None => {
                let template: HtmlTemplateElement = document.get_element_by_id("screen-sheets")?.dyn_into().ok()?;
                let link = template.content().query_selector(&selector).ok()??.clone_node().ok()?;
                head.append_child(&link).ok()?.dyn_into().ok()?
            }
        };
        if link.has_attribute(LOADED) {
            return None;
        }
        // The listeners mark the link themselves, so a second caller never waits for a load that already fired.
        let promise = js_sys::Promise::new(&mut |resolve, _| {
            for (event, loaded) in [("load", true), ("error", false)] {
                let (resolve, this) = (resolve.clone(), link.clone());
                let done = Closure::once_into_js(move || {
                    if loaded {
                        let _ = this.set_attribute(LOADED, "");
                    } else {
                        this.remove();
                    }
                    let _ = resolve.call1(&JsValue::NULL, &JsValue::from_bool(loaded));
                });
                let _ = link.add_event_listener_with_callback(event, done.unchecked_ref());
            }
        });
        Some(promise)
    }

    /// Whether the link loaded; one that failed has left the page.
    pub async fn finished(promise: js_sys::Promise) -> bool {
        wasm_bindgen_futures::JsFuture::from(promise).await.ok().and_then(|v| v.as_bool()) == Some(true)
    }
}

/// Natively (unit tests) there is no page, so no sheet to wait for.
#[cfg(not(target_arch = "wasm32"))]
mod web {
    pub fn start(_: &str) -> Option<()> {
        None
    }

    pub async fn finished(_: ()) -> bool {
        true
    }
}
