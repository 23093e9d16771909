//! The rehearsal: a panel's first result, built once where nobody sees it, before the player's first tap.
//!
//! A page's first roll costs far more than the ones after it: V8 compiles each wasm function the first time it
//! runs, and Blink lays a result out for the first time (bench/README.md, "The page's first tap, traced"). So once
//! a panel has settled, [`rehearse`] rolls its request with a fixed seed in the page's idle moments, and builds
//! the roll bar's latest roll and the panel's result for it, detached from the page; then it puts them in the
//! panel, hidden (`.rehearsal`, style/roll.css), lays the page out and takes them away again, all in one task.
//! No frame ever shows them, no screen reader or script between tasks meets them, and nothing is recorded,
//! announced or drawn from the player's randomness: the roll never reaches History, and the real roll takes a
//! fresh seed as always.

use super::roll_bar::{latest_view, Latest, LatestRoll};
use dicetray_rules::systems::{roll_seeded, RequestError, Roll, Summary, Variant};
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

/// The seed of every rehearsal: any would do, since its dice are never shown.
const SEED: u64 = 0x5eed;

/// How long after the panel is built the rehearsal waits: start-up's work is done by then, and Lighthouse has
/// measured the page's blocking time (bench/README.md, "the first roll rehearsed", twenty-fourth session).
const SETTLED: Duration = Duration::from_secs(3);

thread_local! {
    /// The systems rehearsed on this page: once each is enough, as compiled code and Blink's caches stay.
    static REHEARSED: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
}

/// Rehearse system `S`'s roll of `request` (as it is when the page is first idle) in the panel being built:
/// `result` builds the panel's result for the request and its roll, as the panel shows it. Nothing happens when the
/// inputs cannot roll, when this page has rehearsed `S` already or has shown a roll of it, or when the panel is gone
/// by then.
pub fn rehearse<S: Variant>(
    request: impl Fn() -> Result<S::Request, RequestError> + 'static,
    result: impl FnOnce(S::Request, Roll) -> AnyView + 'static,
) where
    S::Request: 'static,
{
    // Only the roll is the system's own: the rest is one copy for all five panels.
    rehearse_roll(
        S::ID,
        Box::new(move || {
            let request = request().ok()?;
            let roll = roll_seeded::<S>(&request, SEED).ok()?;
            Some((roll.summary(), Box::new(move || result(request, roll)) as Box<dyn FnOnce() -> AnyView>))
        }),
    );
}

/// What a rehearsal rolls: the roll's summary, and how to build the panel's result for it.
type Rolled = Option<(Summary, Box<dyn FnOnce() -> AnyView>)>;

/// [`rehearse`] for `system`, whose roll `roll` makes (None when the inputs cannot roll).
fn rehearse_roll(system: &'static str, roll: Box<dyn FnOnce() -> Rolled>) {
    if REHEARSED.with_borrow(|done| done.contains(&system)) {
        return;
    }
    let Some(owner) = Owner::current() else { return };
    let latest = use_context::<LatestRoll>();
    let alive = Arc::new(AtomicBool::new(true));
    on_cleanup({
        let alive = alive.clone();
        move || alive.store(false, Ordering::Relaxed)
    });
    let live = move || {
        let rolled = |l: &Option<Latest>| l.as_ref().is_some_and(|l| l.system == system);
        alive.load(Ordering::Relaxed) && latest.is_none_or(|l| l.0.try_with_untracked(rolled) == Some(false))
    };
    // Once start-up has long settled (a player reads the odds and sets the inputs before the first tap), in four
    // idle moments, so that none of them holds the page for long (the first compiles are most of the work): the
    // roll; the bar's part; the result; the layout. Each step goes on only while the panel is there and has not
    // rolled (and the panel's request is never read once it is gone: a disposed signal panics).
    let roll_step = move || {
        let Some((summary, result)) = live().then(roll).flatten() else { return };
        // An owner of its own under the panel's (whose contexts the parts read), disposed with the parts.
        let stage = owner.with(Owner::new);
        when_idle(move || {
            if !live() {
                return stage.cleanup();
            }
            let bar = stage.with(|| latest_view(Latest::of(0, &summary, "")).build());
            when_idle(move || {
                if !live() {
                    drop(bar);
                    return stage.cleanup();
                }
                let output = stage.with(|| result().build());
                when_idle(move || {
                    let selector = format!(".roll-panel[data-system=\"{system}\"]");
                    match document().query_selector(&selector).ok().flatten().filter(|_| live()) {
                        Some(panel) => {
                            lay_out(&panel, bar, output);
                            REHEARSED.with_borrow_mut(|done| done.push(system));
                        }
                        None => drop((bar, output)),
                    }
                    stage.cleanup();
                });
            });
        });
    };
    set_timeout(move || when_idle(roll_step), SETTLED);
}

/// Put the bar's part and the result in `panel`, hidden, as the panel holds them (`.panel-roll`, `.panel-output`);
/// lay the page out; take them away.
fn lay_out(panel: &Element, mut bar: AnyViewState, mut output: AnyViewState) {
    let document = document();
    let div = |class: &str| {
        let div = document.create_element("div").ok()?;
        div.set_class_name(class);
        Some(div)
    };
    let (Some(rehearsal), Some(bar_box), Some(output_box)) = (div("rehearsal"), div("panel-roll"), div("panel-output"))
    else {
        return;
    };
    let _ = rehearsal.set_attribute("aria-hidden", "true");
    let _ = rehearsal.set_attribute("inert", "");
    bar.mount(&bar_box, None);
    output.mount(&output_box, None);
    let _ = rehearsal.append_child(&bar_box);
    let _ = rehearsal.append_child(&output_box);
    let _ = panel.append_child(&rehearsal);
    // Reading a height lays the page out now, with the rehearsal in it.
    rehearsal.unchecked_ref::<HtmlElement>().offset_height();
    rehearsal.remove();
    bar.unmount();
    output.unmount();
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
