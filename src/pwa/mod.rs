//! The installable, offline app: registers the service worker (`public/sw.js`, completed at build time by
//! `crates/xtask/src/precache.rs`) and, when a new deploy's worker has installed and waits, shows "A new version is
//! available" with a Reload button. The page reloads only when the player clicks it, never on its own: the click
//! tells the waiting worker to take over (`SKIP_WAITING`), and the `controllerchange` that follows reloads.
//!
//! "A new version" means a worker that installed while an older one is the registration's active worker, not one that
//! installed while the page has a controller: WebKit sets `navigator.serviceWorker.controller` as soon as a worker
//! claims the page and only queues the worker's own `statechange` events, so on a first visit with a busy page the
//! first worker's "installed" event can run after it already controls the page (issue #32: a false banner in about
//! one first visit of 16). A banner whose worker no longer waits (it took over: that false banner, or another tab's
//! Reload) reloads at once, since no `controllerchange` will follow.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ServiceWorker, ServiceWorkerContainer, ServiceWorkerRegistration, ServiceWorkerState, VisibilityState};

/// The service worker script, relative to the page so the app works under any sub-path (GitHub Pages).
const SCRIPT: &str = "./sw.js";

/// The browser's service worker container; `None` where there is none (plain http off localhost, some private modes).
fn container() -> Option<ServiceWorkerContainer> {
    let navigator = window().navigator();
    js_sys::Reflect::has(&navigator, &JsValue::from_str("serviceWorker"))
        .unwrap_or(false)
        .then(|| navigator.service_worker())
}

/// Calls `f` whenever `target` fires `event`, for as long as the page lives.
fn listen(target: &web_sys::EventTarget, event: &str, f: impl FnMut() + 'static) {
    let closure = Closure::<dyn FnMut()>::new(f);
    let _ = target.add_event_listener_with_callback(event, closure.as_ref().unchecked_ref());
    closure.forget();
}

/// Whether `worker`, installed, is a new version: another worker is the registration's active one (the first worker
/// of a first visit has none, or is that active worker itself by the time its "installed" event runs).
fn is_update(registration: &ServiceWorkerRegistration, worker: &ServiceWorker) -> bool {
    registration.active().is_some_and(|active| !js_sys::Object::is(&active, worker))
}

/// Registers the worker and wires the update flow: a worker that finishes installing while an older one is active is
/// a new version, and goes into `waiting`.
fn register(waiting: RwSignal<Option<ServiceWorker>, LocalStorage>, reload_requested: RwSignal<bool>) {
    let Some(workers) = container() else { return };
    let on_controller_change = move || {
        if reload_requested.get_untracked() {
            let _ = window().location().reload();
        }
    };
    listen(&workers, "controllerchange", on_controller_change);
    let promise = workers.register(SCRIPT);
    leptos::task::spawn_local(async move {
        let registration: ServiceWorkerRegistration = match wasm_bindgen_futures::JsFuture::from(promise).await {
            Ok(registration) => registration.unchecked_into(),
            Err(error) => {
                leptos::logging::warn!("dicetray: service worker registration failed: {error:?}");
                return;
            }
        };
        if let Some(worker) = registration.waiting() {
            if is_update(&registration, &worker) {
                waiting.set(Some(worker));
            }
        }
        let watched = registration.clone();
        listen(&registration, "updatefound", move || {
            let Some(worker) = watched.installing() else { return };
            let (observed, registration) = (worker.clone(), watched.clone());
            listen(&worker, "statechange", move || {
                if observed.state() == ServiceWorkerState::Installed && is_update(&registration, &observed) {
                    waiting.set(Some(observed.clone()));
                }
            });
        });
        // A tab left open for a whole session looks for a new deploy whenever the player comes back to it.
        let document = document();
        let visible = document.clone();
        listen(&document, "visibilitychange", move || {
            if visible.visibility_state() == VisibilityState::Visible {
                let _ = registration.update();
            }
        });
    });
}

/// "A new version is available" with a Reload button; registers the service worker in a task of its own after it
/// mounts (at start-up, after the Roll screen's panel: registering is not part of showing the app).
#[component]
pub fn UpdateBanner() -> impl IntoView {
    let waiting = RwSignal::new_local(None::<ServiceWorker>);
    let reload_requested = RwSignal::new(false);
    set_timeout(move || register(waiting, reload_requested), std::time::Duration::ZERO);
    let reload = move |_| {
        reload_requested.set(true);
        match waiting.get_untracked() {
            // Only a worker that still waits takes over on SKIP_WAITING and fires the `controllerchange` that reloads.
            Some(worker) if worker.state() == ServiceWorkerState::Installed => {
                let message = js_sys::Object::new();
                let _ = js_sys::Reflect::set(&message, &"type".into(), &"SKIP_WAITING".into());
                if worker.post_message(&message).is_err() {
                    let _ = window().location().reload();
                }
            }
            _ => {
                let _ = window().location().reload();
            }
        }
    };
    view! {
        <div class="pwa-update" role="status" aria-live="polite" data-shown=move || waiting.with(Option::is_some).then_some("")>
            <Show when=move || waiting.with(Option::is_some)>
                <p class="pwa-update-text">"A new version is available."</p>
                <button type="button" class="pwa-update-button" data-pwa-reload="" on:click=reload>
                    "Reload"
                </button>
            </Show>
        </div>
    }
}
