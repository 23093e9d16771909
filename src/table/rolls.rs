//! Every roll made at the table, newest first: who rolled what, the dice and outcome as this phone recomputed
//! them, the odds it had, and where its check stands (verified, checking, sealed, not revealed, failed).

use super::listed::{roll_rows, status_words, RollRow, Words, OFFLINE_WORDS};
use super::odds::TableOdds;
use super::seat::Seated;
use dicetray_table::Status;
use leptos::prelude::*;

#[component]
pub fn RollList(seat: Seated, odds: TableOdds) -> impl IntoView {
    let changed = seat.view().changed;
    let reader = seat.clone();
    let rows = move || {
        changed.track();
        let words = reader.rules().map_or(Words::WITHOUT_RULES, |kit| kit.words);
        reader.with_member(|m| roll_rows(m, words))
    };
    let reader = seat.clone();
    let none = move || {
        changed.track();
        reader.with_member(|m| m.table().rolls().is_empty())
    };
    view! {
        <section class="table-part table-roll-list" aria-labelledby="table-rolls-title">
            <h2 id="table-rolls-title">"Rolls at the table"</h2>
            <Show when=none>
                <p class="hint table-no-rolls">"No rolls yet. While you are at the table, every roll you make on the Roll screen or in the Tray is rolled here, for everyone to see."</p>
            </Show>
            <ol class="table-rolls" aria-live="polite">
                <For each=rows key=RollRow::key let:row>
                    <RollItem seat=seat.clone() row odds />
                </For>
            </ol>
        </section>
    }
}

#[component]
fn RollItem(seat: Seated, row: RollRow, odds: TableOdds) -> impl IntoView {
    let (status, mut status_text) = status_words(&row.status);
    if row.offline {
        status_text = OFFLINE_WORDS.to_string();
    }
    let request = seat.with_member(|m| m.request_of(&row.roller, &row.id).cloned());
    // A row with a seed waited for the rules' code (its check or its own roll needed it), so the kit is here.
    let result = match (row.seed.or(row.hidden_seed), request, seat.rules()) {
        (Some(seed), Some(req), Some(kit)) if row.status == Status::Verified || row.hidden_seed.is_some() => {
            Some((kit.shown)(&req, seed))
        }
        _ => None,
    };
    let private = row.hidden_seed.is_some().then(|| {
        view! { <p class="hint roll-private">"Only you see these dice until you reveal them."</p> }
    });
    let (dice, outcome, odds_of) = match result {
        Some(Ok(s)) => (s.dice, s.outcome, Some(s.odds)),
        Some(Err(e)) => (String::new(), format!("cannot be shown: {e}"), None),
        None => Default::default(),
    };
    let odds_line = move || odds_of.as_ref().map(|of| odds.line(|kit| of.line(kit)));
    let ready = row.hidden_seed.is_some();
    let reveal = row.mine_sealed.then(|| {
        let (seat, id) = (seat.clone(), row.id.clone());
        let error = RwSignal::new(None::<String>);
        view! {
            <button type="button" class="table-reveal button" disabled=!ready on:click=move |_| error.set(seat.reveal(&id).err())>
                {if ready { "Reveal to the table" } else { "Rolling in secret…" }}
            </button>
            <span class="field-error" role="alert">{move || error.get()}</span>
        }
    });
    view! {
        <li class="table-roll" data-roll=row.id.clone() data-roller=row.roller.to_string() data-status=status>
            <p class="roll-head"><span class="roll-who">{row.who}</span>": "<span class="roll-request">{row.request}</span></p>
            {row.answers.map(|a| view! { <p class="hint roll-answers">{a}</p> })}
            <p class="roll-result">
                <span class="roll-dice">{dice}</span>" "<span class="roll-outcome">{outcome}</span>
            </p>
            <p class="hint roll-odds">{odds_line}</p>
            {private}
            {row.without.map(|w| view! { <p class="hint roll-without">{w}</p> })}
            <p class="roll-status" data-status=status>{status_text}</p>
            {reveal}
        </li>
    }
}
