//! The phone beyond the page, for the table settings on the desk (`Desk::vibrate`, `Desk::keep_awake`), both off
//! until the player turns them on: a short buzz on each roll (the Vibration API) and a screen that does not sleep
//! mid-scene (the Screen Wake Lock API). Where a browser has neither, nothing happens and the settings say so.

use crate::state::erased;
use crate::state::AppState;
use leptos::prelude::*;

/// How long the buzz on a roll lasts.
const BUZZ_MS: u32 = 35;

/// Buzz once if the player asked for it (`Desk::vibrate`): called where a roll is shown.
pub fn buzz_for_roll(state: &AppState) {
    if state.desk.try_with_untracked(|d| d.vibrate) == Some(true) {
        vibrate();
    }
}

#[cfg(target_arch = "wasm32")]
fn vibrate() {
    let _ = window().navigator().vibrate_with_duration(BUZZ_MS);
}

#[cfg(not(target_arch = "wasm32"))]
fn vibrate() {
    let _ = BUZZ_MS;
}

/// Whether this browser can vibrate.
pub fn can_vibrate() -> bool {
    has_navigator_property("vibrate")
}

/// Whether this browser can keep the screen awake.
pub fn can_keep_awake() -> bool {
    has_navigator_property("wakeLock")
}

#[cfg(target_arch = "wasm32")]
fn has_navigator_property(name: &str) -> bool {
    js_sys::Reflect::has(&window().navigator(), &name.into()).unwrap_or(false)
}

#[cfg(not(target_arch = "wasm32"))]
fn has_navigator_property(_: &str) -> bool {
    false
}

/// Keep the screen awake while `Desk::keep_awake` is on and the page is visible (a wake lock ends when the page is
/// hidden, so it is asked for again when the page comes back). Set up once, by the app root.
pub fn keep_screen_awake(state: AppState) {
    let lock = wake::Lock::default();
    let wanted = move || state.desk.with(|d| d.keep_awake);
    let l = lock.clone();
    erased::effect(move |_| l.set(wanted()));
    wake::on_visible(move || lock.set(state.desk.with_untracked(|d| d.keep_awake)));
}

#[cfg(target_arch = "wasm32")]
mod wake {
    use leptos::prelude::*;
    use std::cell::RefCell;
    use std::rc::Rc;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;

    /// The wake lock held, if any (`WakeLockSentinel`).
    #[derive(Clone, Default)]
    pub struct Lock(Rc<RefCell<Option<JsValue>>>);

    impl Lock {
        /// Hold a lock (`on`) or let it go.
        pub fn set(&self, on: bool) {
            if !on {
                if let Some(sentinel) = self.0.borrow_mut().take() {
                    call(&sentinel, "release", None);
                }
                return;
            }
            let held = self.0.borrow().as_ref().is_some_and(|s| {
                !js_sys::Reflect::get(s, &"released".into()).ok().and_then(|r| r.as_bool()).unwrap_or(true)
            });
            if held || document().visibility_state() != web_sys::VisibilityState::Visible {
                return;
            }
            let Ok(wake_lock) = js_sys::Reflect::get(&window().navigator(), &"wakeLock".into()) else { return };
            if wake_lock.is_undefined() {
                return;
            }
            let Some(promise) = call(&wake_lock, "request", Some("screen".into())) else { return };
            let Ok(promise) = promise.dyn_into::<js_sys::Promise>() else { return };
            let slot = Rc::clone(&self.0);
            leptos::task::spawn_local(async move {
                // Refused (battery saver, a page not in front): the setting stays on and is tried again next time.
                if let Ok(sentinel) = wasm_bindgen_futures::JsFuture::from(promise).await {
                    *slot.borrow_mut() = Some(sentinel);
                }
            });
        }
    }

    fn call(target: &JsValue, method: &str, arg: Option<JsValue>) -> Option<JsValue> {
        let f = js_sys::Reflect::get(target, &method.into()).ok()?.dyn_into::<js_sys::Function>().ok()?;
        match arg {
            Some(a) => f.call1(target, &a).ok(),
            None => f.call0(target).ok(),
        }
    }

    /// Run `f` each time the page becomes visible again.
    pub fn on_visible(f: impl Fn() + 'static) {
        let handle = window_event_listener_untyped("visibilitychange", move |_| {
            if document().visibility_state() == web_sys::VisibilityState::Visible {
                f();
            }
        });
        on_cleanup(move || handle.remove());
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod wake {
    /// Outside a browser there is no screen to keep awake.
    #[derive(Clone, Default)]
    pub struct Lock {
        _none: (),
    }

    impl Lock {
        pub fn set(&self, _on: bool) {}
    }

    pub fn on_visible(_: impl Fn() + 'static) {}
}
