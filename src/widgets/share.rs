//! Sharing a roll: the phone's share sheet (the Web Share API) where the browser has one, else the words and the
//! link on the clipboard, else a field to copy them from. History's rows and the Tray's result use it.

use crate::state::erased;
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::{JsCast, JsValue};

/// The page's URL with `hash` as its fragment.
pub fn absolute_url(hash: &str) -> String {
    let href = window().location().href().unwrap_or_default();
    let base = href.split('#').next().unwrap_or_default();
    format!("{base}{hash}")
}

/// Put `text` on the clipboard; false if the browser has no Clipboard API or refused.
pub async fn copy_text(text: &str) -> bool {
    let navigator = window().navigator();
    let clipboard = js_sys::Reflect::get(&navigator, &JsValue::from_str("clipboard")).ok();
    let Some(clipboard) = clipboard.filter(|c| !c.is_undefined() && !c.is_null()) else { return false };
    let clipboard: web_sys::Clipboard = clipboard.unchecked_into();
    wasm_bindgen_futures::JsFuture::from(clipboard.write_text(text)).await.is_ok()
}

/// Share `text` and `url` through the system's share sheet (the Web Share API); false where the browser has none
/// or the player closed it.
async fn share_natively(text: &str, url: &str) -> bool {
    let navigator = window().navigator();
    let Ok(share) = js_sys::Reflect::get(&navigator, &JsValue::from_str("share")) else { return false };
    let Ok(share) = share.dyn_into::<js_sys::Function>() else { return false };
    let data = js_sys::Object::new();
    for (key, value) in [("title", "dicetray roll"), ("text", text), ("url", url)] {
        let _ = js_sys::Reflect::set(&data, &JsValue::from_str(key), &JsValue::from_str(value));
    }
    let Ok(promise) = share.call1(&navigator, &data) else { return false };
    let Ok(promise) = promise.dyn_into::<js_sys::Promise>() else { return false };
    wasm_bindgen_futures::JsFuture::from(promise).await.is_ok()
}

/// What became of sharing a roll.
pub enum Shared {
    /// Through the system's share sheet.
    Natively,
    /// The words and the link are on the clipboard.
    Copied,
    /// Neither could be used: the text for the player to copy by hand.
    ByHand(String),
}

impl Shared {
    /// What the page says of a share that went through; None for one left to copy by hand (the page shows the text).
    pub fn said(&self) -> Option<&'static str> {
        match self {
            Shared::Natively => Some("Shared"),
            Shared::Copied => Some("Copied: the roll in words and its link"),
            Shared::ByHand(_) => None,
        }
    }
}

/// Share `words` and `url`: the share sheet where there is one, else both on the clipboard.
pub async fn share_roll(words: &str, url: &str) -> Shared {
    if share_natively(words, url).await {
        Shared::Natively
    } else if copy_text(&format!("{words}\n{url}")).await {
        Shared::Copied
    } else {
        Shared::ByHand(format!("{words} {url}"))
    }
}

/// A Share button for `what`: (the roll in words, its replay link), or nothing while there is no roll.
#[component]
pub fn ShareRoll(#[prop(into)] what: Signal<Option<(String, String)>>) -> impl IntoView {
    let said = RwSignal::new(None::<&'static str>);
    let fallback = RwSignal::new(None::<String>);
    let share = move |_| {
        let Some((words, url)) = what.get_untracked() else { return };
        spawn_local(async move {
            match share_roll(&words, &url).await {
                Shared::ByHand(text) => fallback.set(Some(text)),
                done => said.set(done.said()),
            }
        });
    };
    // A new roll: nothing said yet.
    erased::effect(move |_| {
        what.track();
        said.set(None);
        fallback.set(None);
    });
    view! {
        <Show when=move || what.with(Option::is_some)>
            <div class="share-roll-line">
                <button type="button" class="button share-roll" on:click=share>
                    "Share"
                </button>
                <span class="share-said" role="status">{move || said.get()}</span>
                {move || {
                    fallback
                        .get()
                        .map(|text| {
                            view! {
                                <label class="copy-fallback">
                                    <span>"Copying is not allowed here; select and copy:"</span>
                                    <input type="text" readonly class="copy-fallback-input" value=text />
                                </label>
                            }
                        })
                }}
            </div>
        </Show>
    }
}
