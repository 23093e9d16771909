//! Requests the GM addressed to this phone (or to everyone), not yet answered by it: each with what it asks for in
//! words, its exact odds and a Roll button. A request a sheet completes picks the character and row first
//! (`answer.rs`).

use super::answer::{RequestAnswer, SheetAnswer};
use super::odds::{OddsKit, TableOdds};
use super::seat::{Ask, Seated};
use crate::state::roll::Rolled;
use crate::state::{use_app_state, RollSource};
use crate::widgets::odds_chart::percent;
use dicetray_rules::decimal::fixed;
use dicetray_rules::dice::parse_versioned;
use dicetray_rules::systems::Request;
use dicetray_table::AskFor;
use leptos::prelude::*;

/// What `ask` asks for, in words (`dicetray_saved::ask_words::words`).
pub fn ask_words(ask: &AskFor) -> String {
    dicetray_saved::ask_words::words(ask)
}

/// The odds of a notation request in one line: its average and its most likely total with that total's chance.
pub fn ask_odds(kit: &OddsKit, text: &str, version: u32) -> String {
    let Ok(expr) = parse_versioned(text, version) else { return String::new() };
    match (kit.notation)(&expr) {
        Ok(o) => {
            let (mut mean, mut best) = (0.0, None::<(String, f64)>);
            for (v, p) in o.iter() {
                mean += dicetray_rules::dice::value::to_f64(v) * p;
                if best.as_ref().is_none_or(|(_, bp)| p > *bp) {
                    best = Some((v.to_string(), p));
                }
            }
            let (v, p) = best.unwrap_or_default();
            format!("Average {}; most likely {v} ({})", fixed(mean, 2), percent(p))
        }
        Err(e) => format!("No exact odds: {}", e.message),
    }
}

/// Requests addressed to this phone (or to everyone) not yet answered by it (tracked).
pub fn asked_of_me(seat: &Seated) -> Vec<Ask> {
    seat.view().changed.track();
    let me = seat.me();
    let asks = seat.asks().into_iter();
    asks.filter(|a| a.gm != me && a.to.is_none_or(|t| t == me) && !a.answered.iter().any(|(r, _)| *r == me)).collect()
}

/// Requests addressed to this phone (or to everyone) not yet answered by it.
#[component]
pub fn AskedList(seat: Seated, odds: TableOdds) -> impl IntoView {
    let reader = seat.clone();
    let mine = move || asked_of_me(&reader);
    view! {
        <For each=mine key=|a| (a.gm, a.id.clone()) let:ask>
            <Asked seat=seat.clone() ask odds />
        </For>
    }
}

#[component]
fn Asked(seat: Seated, ask: Ask, odds: TableOdds) -> impl IntoView {
    let gm = seat.with_member(|m| m.table().name_of(&ask.gm));
    let words = ask_words(&ask.request);
    let body = match &ask.request {
        AskFor::Sheet { row, json } => {
            view! { <SheetAnswer seat ask=ask.clone() row=row.clone() json=json.clone() odds /> }.into_any()
        }
        AskFor::Notation { text, version } => {
            view! { <NotationAnswer seat ask=ask.clone() text=text.clone() version=*version odds /> }.into_any()
        }
        AskFor::System { json } => {
            let request = Signal::stored(Request::from_json(json).map_err(|e| e.to_string()));
            view! { <RequestAnswer seat ask=ask.clone() request character=Signal::stored(String::new()) odds /> }
                .into_any()
        }
    };
    view! {
        <section class="table-asked" data-ask=ask.id.clone() aria-label="A roll the GM asked for">
            <p><strong>{gm}</strong>" asks you to roll "<strong class="ask-request">{words}</strong></p>
            {body}
        </section>
    }
}

/// A notation request: its odds in one line and a Roll button.
#[component]
fn NotationAnswer(seat: Seated, ask: Ask, text: String, version: u32, odds: TableOdds) -> impl IntoView {
    let state = use_app_state();
    let shown = text.clone();
    let odds_line = move || odds.line(|kit| ask_odds(kit, &shown, version));
    let roll = move |_| {
        let Ok(expr) = parse_versioned(&text, version) else { return };
        seat.answer_next(ask.gm, ask.id.clone());
        let source = RollSource::Notation { expr: text.clone(), version };
        let roll = move |seed| expr.roll(seed).map(|r| ((), Rolled::notation(&r)));
        state.roll(None, source, roll, |_| ());
    };
    view! {
        <p class="hint ask-odds">{odds_line}</p>
        <button type="button" class="ask-roll button roll-button" on:click=roll>"Roll"</button>
    }
}
