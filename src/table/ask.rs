//! GM requests: the GM asks one player (or everyone) for a roll; the player's phone shows it with its exact odds
//! and a Roll button, and the result, a table roll like any other, comes back to the whole table.

use super::seat::{Ask, Seated};
use crate::state::roll::Rolled;
use crate::state::{use_app_state, RollSource};
use crate::widgets::odds_chart::percent;
use dicetray_rules::dice::{parse, parse_versioned, NOTATION_VERSION};
use dicetray_table::{PeerKey, RollRequest};
use leptos::prelude::*;

/// The GM's form: what to roll (notation) and who rolls it.
#[component]
pub fn AskForm(seat: Seated) -> impl IntoView {
    let text = RwSignal::new("1d20".to_string());
    let to = RwSignal::new(String::new());
    let said = RwSignal::new(None::<Result<String, String>>);
    let changed = seat.view().changed;
    let me = seat.me();
    let reader = seat.clone();
    let options = move || {
        changed.track();
        reader.with_member(|m| {
            m.table()
                .peers()
                .iter()
                .filter(|(k, p)| **k != me && p.present)
                .map(|(k, p)| (k.to_string(), p.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    let send = move |_| {
        let t = text.get_untracked().trim().to_string();
        let who = to.get_untracked();
        let result = parse(&t).map_err(|e| format!("`{t}`: {}", e.message)).and_then(|_| {
            let to = (!who.is_empty())
                .then(|| serde_json::from_value::<PeerKey>(serde_json::Value::String(who)))
                .transpose()
                .map_err(|e| format!("not a peer: {e}"))?;
            seat.ask(to, RollRequest::Notation { text: t.clone(), version: NOTATION_VERSION })?;
            Ok(format!("Asked for {t}."))
        });
        said.set(Some(result));
    };
    view! {
        <section class="table-part gm-tools" aria-labelledby="table-ask-title">
            <h2 id="table-ask-title">"Ask for a roll"</h2>
            <NotationField id="table-ask-request" text />
            <div class="field">
                <label for="table-ask-to">"Who rolls"</label>
                <select id="table-ask-to" on:change=move |ev| to.set(event_target_value(&ev))>
                    <option value="">"Everyone"</option>
                    <For each=options key=|o| o.clone() let:o>
                        <option value=o.0.clone()>{o.1.clone()}</option>
                    </For>
                </select>
            </div>
            <button type="button" id="table-ask" on:click=send>"Ask"</button>
            <p class="hint" role="status">
                {move || match said.get() { Some(Ok(s)) => s, Some(Err(e)) => format!("Not sent: {e}"), None => String::new() }}
            </p>
        </section>
    }
}

/// A GM's notation to roll, typed (the request and the hidden roll share it).
#[component]
pub fn NotationField(id: &'static str, text: RwSignal<String>) -> impl IntoView {
    view! {
        <div class="field">
            <label for=id>"Roll (notation)"</label>
            <input id=id type="text" autocomplete="off" spellcheck="false" prop:value=move || text.get() on:input=move |ev| text.set(event_target_value(&ev)) />
        </div>
    }
}

/// The odds of a notation request in one line: its average and its most likely total with that total's chance.
pub fn ask_odds(request: &RollRequest) -> String {
    let RollRequest::Notation { text, version } = request else { return String::new() };
    let Ok(expr) = parse_versioned(text, *version) else { return String::new() };
    match expr.odds() {
        Ok(o) => {
            let (mut mean, mut best) = (0.0, None::<(String, f64)>);
            for (v, p) in o.iter() {
                mean += dicetray_rules::dice::value::to_f64(v) * p;
                if best.as_ref().is_none_or(|(_, bp)| p > *bp) {
                    best = Some((v.to_string(), p));
                }
            }
            let (v, p) = best.unwrap_or_default();
            format!("Average {mean:.2}; most likely {v} ({})", percent(p))
        }
        Err(e) => format!("No exact odds: {}", e.message),
    }
}

/// Requests addressed to this phone (or to everyone) not yet answered by it.
#[component]
pub fn AskedList(seat: Seated) -> impl IntoView {
    let asks = seat.view().asks;
    let me = seat.me();
    let mine = move || {
        asks.get()
            .into_iter()
            .filter(|a| a.gm != me && a.to.is_none_or(|t| t == me) && a.answered.as_ref().is_none_or(|(r, _)| *r != me))
            .collect::<Vec<_>>()
    };
    view! {
        <For each=mine key=|a| (a.gm, a.id.clone()) let:ask>
            <Asked seat=seat.clone() ask />
        </For>
    }
}

#[component]
fn Asked(seat: Seated, ask: Ask) -> impl IntoView {
    let state = use_app_state();
    let gm = seat.with_member(|m| m.table().name_of(&ask.gm));
    let words = super::row::request_words(&ask.request);
    let odds = ask_odds(&ask.request);
    let Ask { gm: gm_key, id, request, .. } = ask.clone();
    let roll = move |_| {
        let RollRequest::Notation { text, version } = request.clone() else { return };
        let Ok(expr) = parse_versioned(&text, version) else { return };
        seat.answer_next(gm_key, id.clone());
        let source = RollSource::Notation { expr: text, version };
        let roll = move |seed| {
            expr.roll(seed).map(|r| {
                let rolled = Rolled::notation(&r);
                ((), rolled)
            })
        };
        state.roll(None, source, roll, |_| ());
    };
    view! {
        <section class="table-asked" data-ask=ask.id.clone() aria-label="A roll the GM asked for">
            <p><strong>{gm}</strong>" asks you to roll "<strong class="ask-request">{words}</strong></p>
            <p class="hint ask-odds">{odds}</p>
            <button type="button" class="ask-roll roll-button" on:click=roll>"Roll"</button>
        </section>
    }
}
