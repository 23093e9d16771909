//! A screen, or a Roll panel, whose code is in a lazily loaded wasm chunk (`screens::split`): a short loading state
//! while the chunk is fetched, then the view; if the fetch fails (offline before the service worker cached the
//! chunk, say) an alert that says so, with a Try again button. A chunk is fetched once per page load: opening its
//! screen or panel again builds it at once, without a loading frame.

use super::sheets;
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos::wasm_split::SplitLoaderError;
use std::future::Future;
use std::pin::{pin, Pin};
use std::sync::Arc;
use std::task::{Context, Poll, Waker};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Status {
    Loading,
    Ready,
    Failed,
}

/// The screen `label` (its name in the navigation), styled by the stylesheets `sheets` (`widgets::sheets`):
/// `preload` fetches its chunk, `screen` builds it once the chunk and the sheets are in.
pub fn lazy_screen<P, PF, S, SF>(label: &'static str, sheets: &'static [&'static str], preload: P, screen: S) -> AnyView
where
    P: Fn() -> PF + Send + Sync + 'static,
    PF: Future<Output = Result<(), SplitLoaderError>> + 'static,
    S: Fn() -> SF + Send + Sync + 'static,
    SF: Future<Output = Result<AnyView, SplitLoaderError>> + 'static,
{
    lazy_part(label, "screen", sheets, preload, screen)
}

/// A part of a screen, `label` `kind` ("Remedy", "panel"), whose code is in a chunk: `preload` fetches it, `build`
/// builds the view. The loading state and the error are a screen's, worded for the part.
pub fn lazy_view<P, PF, S, SF>(label: &'static str, kind: &'static str, preload: P, build: S) -> AnyView
where
    P: Fn() -> PF + Send + Sync + 'static,
    PF: Future<Output = Result<(), SplitLoaderError>> + 'static,
    S: Fn() -> SF + Send + Sync + 'static,
    SF: Future<Output = Result<AnyView, SplitLoaderError>> + 'static,
{
    lazy_part(label, kind, &[], preload, build)
}

/// [`lazy_view`] for a part styled by sheets of its own, `sheets` (`widgets::sheets`): the luck report, which
/// History and Table share.
pub fn lazy_part<P, PF, S, SF>(
    label: &'static str,
    kind: &'static str,
    sheets: &'static [&'static str],
    preload: P,
    build: S,
) -> AnyView
where
    P: Fn() -> PF + Send + Sync + 'static,
    PF: Future<Output = Result<(), SplitLoaderError>> + 'static,
    S: Fn() -> SF + Send + Sync + 'static,
    SF: Future<Output = Result<AnyView, SplitLoaderError>> + 'static,
{
    lazy(
        label,
        kind,
        sheets,
        Arc::new(move || Box::pin(preload()) as Load<()>),
        Arc::new(move || Box::pin(build()) as Load<AnyView>),
    )
}

/// A chunk's load or a view built from one, boxed: one copy of [`lazy`] serves every screen and panel (a generic
/// one was compiled once for each of them, 10 KB of the main module).
type Load<T> = Pin<Box<dyn Future<Output = Result<T, SplitLoaderError>>>>;

/// Whether the chunk `code` and the stylesheets `sheets` have loaded. The sheets start downloading now, alongside
/// the chunk.
fn loaded(sheets: &'static [&'static str], code: Load<()>) -> Pin<Box<dyn Future<Output = bool>>> {
    let styled = sheets::add(sheets);
    Box::pin(async move {
        let code = code.await;
        code.is_ok() && styled.await.is_ok()
    })
}

fn lazy(
    label: &'static str,
    kind: &'static str,
    sheets: &'static [&'static str],
    preload: Arc<dyn Fn() -> Load<()> + Send + Sync>,
    build: Arc<dyn Fn() -> Load<AnyView> + Send + Sync>,
) -> AnyView {
    let status = RwSignal::new(Status::Loading);
    let fetch: Arc<dyn Fn() + Send + Sync> = Arc::new(move || start(status, sheets, preload.clone(), true));
    fetch();
    (move || match status.get() {
        Status::Loading => view! {
            <p class="screen-loading" role="status">{format!("Loading {label}…")}</p>
        }
        .into_any(),
        // The chunk is loaded, so the split function completes on its first poll.
        Status::Ready => match ready_now(build()) {
            Some(Ok(view)) => view,
            _ => failed(label, kind, fetch.clone()),
        },
        Status::Failed => failed(label, kind, fetch.clone()),
    })
    .into_any()
}

/// A failed fetch is tried once more this long after, quietly (the loading state stays), before the alert: a fetch
/// that fails in passing (a phone busy fetching many files at once, a connection that drops for a moment) is not
/// worth an alert. The browser tests met one: "Failed to fetch" for a Table chunk on loopback, under load.
const QUIET_RETRY_AFTER: std::time::Duration = std::time::Duration::from_millis(800);

/// Fetch the chunk (and sheets) into `status`; `quiet_retry`: a failure is tried once more before it shows.
fn start(
    status: RwSignal<Status>,
    sheets: &'static [&'static str],
    preload: Arc<dyn Fn() -> Load<()> + Send + Sync>,
    quiet_retry: bool,
) {
    let mut load = loaded(sheets, preload());
    let settle = move |ok: bool, preload: Arc<dyn Fn() -> Load<()> + Send + Sync>| {
        if !ok && quiet_retry {
            set_timeout(move || start(status, sheets, preload, false), QUIET_RETRY_AFTER);
        } else {
            status.set(if ok { Status::Ready } else { Status::Failed });
        }
    };
    // Already loaded: ready on the first poll, so no loading frame.
    match load.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(ok) => settle(ok, preload),
        Poll::Pending => {
            status.set(Status::Loading);
            spawn_local(async move { settle(load.await, preload) });
        }
    }
}

fn failed(label: &'static str, kind: &'static str, retry: Arc<dyn Fn() + Send + Sync>) -> AnyView {
    view! {
        <div class="screen-error" role="alert">
            <p>
                {format!(
                    "The {label} {kind} could not be loaded: its code did not download. Check your connection, then try again.",
                )}
            </p>
            <button type="button" class="screen-retry" on:click=move |_| retry()>
                "Try again"
            </button>
        </div>
    }
    .into_any()
}

fn ready_now<T>(future: impl Future<Output = T>) -> Option<T> {
    match pin!(future).poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(value) => Some(value),
        Poll::Pending => None,
    }
}
