//! The Tray screen: type any dice notation and see, as you type, whether it is valid (the engine's error with
//! a caret under the bad column), which faces its compare points count (in words) and its exact odds; tap dice
//! to build an expression; roll it (Roll or Enter) and read the breakdown; recall recent expressions with the
//! chips or ArrowUp / ArrowDown.
//!
//! Parsing and the odds are memos of the typed text, so each keystroke parses once and computes the odds at
//! most once (and not at all when the expression did not change, e.g. a space was added). The engine bounds
//! the work of the odds (`dicetray_rules::dice::limits`), so no expression can freeze the tab.

use crate::help::syntax::SyntaxHelp;
use crate::history::entry_row::share_words;
use crate::history::replay::replay_hash;
use crate::state::erased;
use crate::state::roll::Rolled;
use crate::state::{use_app_state, AppState, RollSource};
use crate::tray::breakdown::{rehearse_breakdown, Breakdown};
use crate::tray::buttons::DiceButtons;
use crate::tray::compare::CompareWords;
use crate::tray::favourites::Favourites;
use crate::tray::histogram::{histogram, Histogram, OddsHistogram};
use crate::tray::input::OddsError;
use crate::tray::input::{NotationFeedback, NotationInput};
use crate::tray::recall::{recent_expressions, Recall, RecallChips, RECALL_LEN};
use crate::tray::suggest::Suggestion;
use crate::widgets::share::{absolute_url, ShareRoll};
use dicetray_rules::dice::value::Value;
use dicetray_rules::dice::{compare_points, parse, Expr, ExprRoll, NotationError};
use leptos::ev::KeyboardEvent;
use leptos::prelude::*;

#[component]
pub fn TrayScreen() -> impl IntoView {
    let state = use_app_state();
    let text = kept_text(state);
    // None while the box is blank.
    let parsed: Memo<Option<Result<Expr, NotationError>>> =
        Memo::new(move |_| text.with(|t| (!t.trim().is_empty()).then(|| parse(t))));
    let odds = Memo::new(move |_| {
        parsed.with(|p| match p {
            Some(Ok(e)) => Some(e.odds()),
            _ => None,
        })
    });
    // What each compare point counts, explodes on or rerolls, in words.
    let points = Memo::new(move |_| {
        parsed.with(|p| match p {
            Some(Ok(e)) => compare_points(&e.root),
            _ => Vec::new(),
        })
    });
    let hist = Memo::new(move |_| odds.with(|o| o.as_ref().and_then(|o| o.as_ref().ok()).and_then(histogram)));
    let last = RwSignal::new(None::<ExprRoll>);
    // The latest roll's History entry, for Share.
    let last_entry = RwSignal::new(None::<String>);
    let rolls = RwSignal::new(0u32);
    rehearse_breakdown(text, last);
    // An error rolling (division by zero, overflow): shown until the text changes.
    let roll_error = RwSignal::new(None::<(String, NotationError)>);
    let can_roll = erased::derive(move || parsed.with(|p| matches!(p, Some(Ok(_)))));
    let invalid = erased::derive(move || parsed.with(|p| matches!(p, Some(Err(_)))));
    // A result must not stay on screen under text that no longer reads as what was rolled.
    erased::effect(move |_| {
        if invalid.get() {
            last.set(None);
        }
    });

    let feedback = erased::derive(move || {
        let source = text.get();
        match parsed.get() {
            Some(Err(e)) => Some((source, e)),
            _ => roll_error.get(),
        }
    });
    let odds_error = erased::derive(move || match odds.get() {
        Some(Err(e)) => Some(e),
        _ => None,
    });
    let rolled = erased::derive(move || {
        let total = last.with(|r| r.as_ref().map(|r| (r.expr.clone(), r.total)))?;
        parsed.with(|p| matches!(p, Some(Ok(e)) if e.to_string() == total.0)).then_some(total.1)
    });

    let recent = Memo::new(move |_| state.history.with(|h| recent_expressions(h, RECALL_LEN)));
    let recall = Recall::new(recent);
    let input_ref = NodeRef::<leptos::html::Input>::new();

    let edited = move || {
        recall.stop();
        roll_error.set(None);
    };
    let roll = move || {
        let Some(Ok(expr)) = parsed.get_untracked() else { return };
        let source = text.get_untracked().trim().to_string();
        let asked = RollSource::Notation { expr: source.clone(), version: expr.version };
        let roll = move |seed| {
            expr.roll(seed).map(|r| {
                let rolled = Rolled::notation(&r);
                (r, rolled)
            })
        };
        state.roll(None, asked, roll, move |recorded| match recorded {
            Ok((r, id)) => {
                crate::widgets::device::buzz_for_roll(&state);
                last_entry.set(Some(id));
                roll_error.set(None);
                recall.stop();
                rolls.update(|n| *n += 1);
                last.set(Some(r));
            }
            Err(e) => {
                // The previous result must not pass for this roll's.
                last.set(None);
                last_entry.set(None);
                roll_error.set(Some((source, e)));
            }
        });
    };
    let on_key = move |ev: KeyboardEvent| {
        if recall.step(&ev, text) {
            roll_error.set(None);
        }
    };

    let pick = move |expr: String| {
        text.set(expr);
        edited();
        if let Some(input) = input_ref.get_untracked() {
            let _ = input.focus();
        }
    };

    view! {
        <section class="screen tray" aria-labelledby="screen-title">
            <h1 id="screen-title">"Tray"</h1>
            <p class="lede">"Type any dice notation (4d6kh3, d20+5, 8d6>=4, {2d6, 1d12}kh1, floor(3d6/2)) and see its exact odds as you type."</p>
            <div class="tray-layout">
                <div class="tray-main">
                    <form
                        class="tray-form"
                        on:submit=move |ev| {
                            ev.prevent_default();
                            roll();
                        }
                    >
                        <NotationInput
                            text=text
                            invalid=invalid
                            compare_words=erased::derive(move || points.with(|p| !p.is_empty()))
                            on_input=move |_| edited()
                            on_key=on_key
                            node_ref=input_ref
                        />
                        <button type="submit" class="tray-roll" disabled=move || !can_roll.get()>
                            "Roll"
                        </button>
                    </form>
                    <NotationFeedback error=feedback />
                    <Suggestion text=text invalid=invalid on_use=move |e: String| pick(e) />
                    <CompareWords points=points text=text />
                    <Breakdown roll=last count=rolls />
                    <ShareRoll what=erased::derive(move || shared(state, last_entry.get().filter(|_| last.with(Option::is_some)))) />
                    <DiceButtons text=text on_edit=move |_| edited() />
                    <Favourites text=text can_save=can_roll on_pick=pick />
                    <RecallChips recent=recent on_pick=pick />
                    <SyntaxHelp on_pick=move |e: String| pick(e) />
                </div>
                <TraySide error=odds_error hist=hist rolled=rolled blank=erased::derive(move || parsed.with(Option::is_none)) />
            </div>
            <p class="tray-sr" aria-live="polite" id="tray-announce">
                {move || last.with(|r| r.as_ref().map(|r| format!("Rolled {}", r.text)))}
            </p>
        </section>
    }
}

/// The Tray's side: the exact odds of what is typed (`hist`, the bar of the roll's total `rolled` marked), why
/// there are none (`error`), or, while the box is `blank`, where they will be.
#[component]
fn TraySide(
    #[prop(into)] error: Signal<Option<NotationError>>,
    #[prop(into)] hist: Signal<Option<Histogram>>,
    #[prop(into)] rolled: Signal<Option<Value>>,
    #[prop(into)] blank: Signal<bool>,
) -> impl IntoView {
    view! {
        <div class="tray-side">
            <OddsError error=error />
            <OddsHistogram hist=hist rolled=rolled />
            <Show when=move || blank.get()>
                <p class="tray-hint">"The exact odds of what you type appear here."</p>
            </Show>
        </div>
    }
}

/// The Tray's text, as the player left it (the desk), kept there as it changes.
fn kept_text(state: AppState) -> RwSignal<String> {
    let text = RwSignal::new(state.desk.with_untracked(|d| d.tray_text.clone()));
    erased::effect(move |first_done: Option<()>| {
        let typed = text.get();
        if first_done.is_some() {
            state.desk.update(|d| d.set_tray_text(&typed));
        }
    });
    text
}

/// What Share says of History entry `id`: the roll in words and its replay link.
fn shared(state: AppState, id: Option<String>) -> Option<(String, String)> {
    let id = id?;
    state.history.with(|h| h.iter().rev().find(|e| e.id == id).map(|e| (share_words(e), absolute_url(&replay_hash(e)))))
}
