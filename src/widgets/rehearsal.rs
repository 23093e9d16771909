//! The rehearsal: a screen's first result, built once where nobody sees it, before the player's first tap.
//!
//! A page's first roll costs far more than the ones after it: V8 compiles each wasm function the first time it
//! runs, and Blink lays a result out for the first time (bench/README.md, "The page's first tap, traced"). So once
//! a screen has settled, [`rehearse`] rolls with a fixed seed in the page's idle moments and builds what the
//! screen shows for that roll, one part per idle moment, detached from the page; then it puts the parts in the
//! screen, hidden (`.rehearsal`, style/roll.css), lays the page out and takes them away again, all in one task.
//! No frame ever shows them, no screen reader or script between tasks meets them, and nothing is recorded,
//! announced or drawn from the player's randomness: the caller rolls with [`SEED`], never through History.
//!
//! The Roll panels rehearse through `systems::rehearsal` (the roll bar's latest roll and the panel's result), the
//! Tray through `tray::breakdown` (its breakdown).

use leptos::prelude::*;
use leptos::tachys::view::any_view::AnyViewState;
use leptos::tachys::view::{Mountable, Render};
use leptos::wasm_bindgen::JsCast;
use leptos::web_sys::{Element, HtmlElement};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The seed of every rehearsal's roll: any would do, since its dice are never shown.
pub const SEED: u64 = 0x5eed;

/// How long after the screen is built the rehearsal waits: start-up's work is done by then, and Lighthouse has
/// measured the page's blocking time (bench/README.md, "the first roll rehearsed", twenty-fourth session).
const SETTLED: Duration = Duration::from_secs(3);

thread_local! {
    /// What this page has rehearsed: once each is enough, as compiled code and Blink's caches stay.
    static REHEARSED: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
}

/// One part of what a roll shows: the class of the box that holds it on the screen (`""` for none), and how to
/// build it.
pub struct Part {
    class: &'static str,
    build: Box<dyn FnOnce() -> AnyView>,
}

impl Part {
    pub fn new(class: &'static str, build: impl FnOnce() -> AnyView + 'static) -> Self {
        Part { class, build: Box::new(build) }
    }
}

/// Rehearse `key`'s first roll (a system's id, or the Tray) inside the page's element `within` (a CSS selector),
/// for the screen being built. `roll` rolls with [`SEED`] and says what to build, or None when the inputs cannot
/// roll; `unrolled` says the screen has shown no roll of its own yet. Nothing happens when this page has
/// rehearsed `key` already, or has rolled by the time of a step, or when the screen is gone by then.
pub fn rehearse(
    key: &'static str,
    within: String,
    unrolled: impl Fn() -> bool + 'static,
    roll: impl FnOnce() -> Option<Vec<Part>> + 'static,
) {
    rehearse_boxed(key, within, Box::new(unrolled), Box::new(roll));
}

/// What a rehearsal needs at every step: whether to go on, and where the parts go.
struct Stage {
    key: &'static str,
    within: String,
    alive: Arc<AtomicBool>,
    unrolled: Box<dyn Fn() -> bool>,
    /// An owner of its own under the screen's (whose contexts the parts read), disposed with the parts.
    owner: Owner,
}

impl Stage {
    /// Whether the screen is still there and has not rolled (and it is never read once it is gone: a disposed
    /// signal panics).
    fn live(&self) -> bool {
        self.alive.load(Ordering::Relaxed) && (self.unrolled)()
    }
}

fn rehearse_boxed(
    key: &'static str,
    within: String,
    unrolled: Box<dyn Fn() -> bool>,
    roll: Box<dyn FnOnce() -> Option<Vec<Part>>>,
) {
    if REHEARSED.with_borrow(|done| done.contains(&key)) {
        return;
    }
    let Some(owner) = Owner::current() else { return };
    let alive = Arc::new(AtomicBool::new(true));
    on_cleanup({
        let alive = alive.clone();
        move || alive.store(false, Ordering::Relaxed)
    });
    let stage = Rc::new(Stage { key, within, alive, unrolled, owner: owner.with(Owner::new) });
    // Once start-up has long settled (a player reads the odds and sets the inputs before the first tap), in idle
    // moments, so that none of them holds the page for long (the first compiles are most of the work): the roll,
    // each part, then the layout.
    let first = move || {
        let parts = stage.live().then(roll).flatten().unwrap_or_default();
        if parts.is_empty() {
            return stage.owner.cleanup();
        }
        build_next(stage, parts.into_iter().rev().collect(), Vec::new());
    };
    set_timeout(move || when_idle(first), SETTLED);
}

/// Build the next of `left` (last first) in an idle moment, then the one after, then lay them all out.
fn build_next(stage: Rc<Stage>, mut left: Vec<Part>, mut built: Vec<(&'static str, AnyViewState)>) {
    when_idle(move || {
        if !stage.live() {
            drop(built);
            return stage.owner.cleanup();
        }
        match left.pop() {
            Some(part) => {
                built.push((part.class, stage.owner.with(|| (part.build)().build())));
                build_next(stage, left, built);
            }
            None => {
                if let Some(screen) = document().query_selector(&stage.within).ok().flatten() {
                    lay_out(&screen, built);
                    REHEARSED.with_borrow_mut(|done| done.push(stage.key));
                }
                stage.owner.cleanup();
            }
        }
    });
}

/// Put the parts in `screen`, hidden, each in a box of its class as the screen holds it; lay the page out; take
/// them away.
fn lay_out(screen: &Element, mut parts: Vec<(&'static str, AnyViewState)>) {
    let document = document();
    let div = |class: &str| {
        let div = document.create_element("div").ok()?;
        div.set_class_name(class);
        Some(div)
    };
    let Some(rehearsal) = div("rehearsal") else { return };
    let _ = rehearsal.set_attribute("aria-hidden", "true");
    let _ = rehearsal.set_attribute("inert", "");
    for (class, part) in &mut parts {
        match div(class) {
            Some(holder) => {
                part.mount(&holder, None);
                let _ = rehearsal.append_child(&holder);
            }
            None => return,
        }
    }
    let _ = screen.append_child(&rehearsal);
    // Reading a height lays the page out now, with the rehearsal in it.
    rehearsal.unchecked_ref::<HtmlElement>().offset_height();
    rehearsal.remove();
    for (_, part) in &mut parts {
        part.unmount();
    }
}

/// `step` in the page's next idle moment (`requestIdleCallback`), or in 300 ms in a browser without it (Safari).
fn when_idle(step: impl FnOnce() + 'static) {
    let step = Rc::new(Cell::new(Some(Box::new(step) as Box<dyn FnOnce()>)));
    let run = move || {
        if let Some(step) = step.take() {
            step()
        }
    };
    if request_idle_callback_with_handle(run.clone()).is_err() {
        set_timeout(run, Duration::from_millis(300));
    }
}
