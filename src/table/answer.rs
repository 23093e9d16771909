//! Answering a GM's request that the player's own sheet completes: pick the character (or type the numbers by
//! hand) and the row the GM named, add the player's own values, and see the request and its exact odds change
//! with every pick before rolling it. The GM's values stand whatever is typed here (`dicetray_saved::ask::fill`),
//! and every phone checks the answer kept them.

use super::ask_input::{AskNumbers, Typed};
use super::odds::TableOdds;
use super::seat::{Ask, Seated};
use crate::state::erased;
use crate::state::roll::Rolled;
use crate::state::{use_app_state, RollSource};
use crate::systems::every_choice::EveryChoice;
use crate::systems::kit::{character_ref, entry_text};
use crate::systems::system_name;
use crate::widgets::odds_chart::percent;
use dicetray_rules::systems::{words, Chance, Request, RequestError};
use dicetray_saved::ask::{fill, find_row, AskShape};
use dicetray_saved::Sheet;
use leptos::prelude::*;

/// The request the GM's `json` and this phone's sheet make for `ask`, with a pick of character and row.
#[component]
pub fn SheetAnswer(seat: Seated, ask: Ask, row: String, json: String, odds: TableOdds) -> impl IntoView {
    let state = use_app_state();
    let id = ask.request.system_id().unwrap_or_default();
    let Some(shape) = Sheet::ask_shape(id) else {
        return view! { <p class="field-error">"The GM asked for a system this version does not know."</p> }.into_any();
    };
    let characters: Vec<(String, String)> = state
        .characters
        .with(|cs| cs.iter().filter(|c| c.sheet.system_id() == id).map(|c| (c.id.clone(), c.name.clone())).collect());
    let playing = seat.with_member(|m| m.table().peers().get(&seat.me()).and_then(|p| p.character.clone()));
    let roller = state.roller();
    let start = characters
        .iter()
        .find(|(_, name)| Some(name) == playing.as_ref())
        .or_else(|| characters.iter().find(|(cid, _)| Some(cid) == roller.as_ref()))
        .or(characters.first())
        .map(|(cid, _)| cid.clone())
        .unwrap_or_default();
    let character = RwSignal::new(start);
    let pick = RwSignal::new(row);
    let rows = Memo::new(move |_| state.character(&character.get()).map(|c| c.sheet.rows()).unwrap_or_default());
    let (by_hand, player) = (Typed::new(), Typed::new());
    let request = erased::derive(move || -> Result<Request, String> {
        let fields = if character.with(String::is_empty) {
            by_hand.fields(shape.by_hand)?
        } else {
            let rows = rows.get();
            let i = find_row(&rows, &pick.get()).ok_or_else(|| format!("pick the {} to roll", shape.row))?;
            rows[i].fields.clone()
        };
        fill(shape.base, &fields, &player.fields(shape.player)?, &json)
    });
    let none_here = characters.is_empty().then(|| {
        let hint = format!("No {} character on this phone: type the numbers by hand.", system_name(id));
        view! { <p class="hint">{hint}</p> }
    });
    view! {
        {none_here}
        <div class="field" class:hidden=characters.is_empty()>
            <label>"Character"
                <select class="ask-character" on:change=move |ev| character.set(event_target_value(&ev))>
                    {characters.iter().map(|(cid, name)| {
                        let cid = cid.clone();
                        view! { <option value=cid.clone() selected=move || character.with(|c| *c == cid)>{name.clone()}</option> }
                    }).collect_view()}
                    <option value="" selected=move || character.with(String::is_empty)>"By hand"</option>
                </select>
            </label>
        </div>
        <Show when=move || !character.with(String::is_empty) fallback=move || view! { <AskNumbers inputs=shape.by_hand typed=by_hand /> }>
            <div class="field">
                <label>{format!("Which {}", shape.row)}
                    <select class="ask-row" on:change=move |ev| pick.set(event_target_value(&ev))>
                        <option value="" selected=move || find_row(&rows.get(), &pick.get()).is_none()>{format!("Pick the {}…", shape.row)}</option>
                        {move || rows.get().into_iter().enumerate().map(|(i, r)| {
                            let label = format!("{} ({})", r.name, r.said);
                            view! { <option value=r.name selected=move || find_row(&rows.get(), &pick.get()) == Some(i)>{label}</option> }
                        }).collect_view()}
                    </select>
                </label>
            </div>
        </Show>
        <AskNumbers inputs=shape.player typed=player />
        <RequestAnswer seat ask request character=character.into() odds player_sets=player_sets(shape) />
    }
    .into_any()
}

/// The fields the player sets in answering a request of `shape` (their own, and the row's numbers when typed by
/// hand); the GM's stand.
fn player_sets(shape: &AskShape) -> Vec<&'static str> {
    shape.player.iter().chain(shape.by_hand).map(|i| i.field).collect()
}

/// A request to roll as the GM's answer: in words, its exact odds (live as `request` changes), the odds of every
/// value of the numbers in `player_sets` (when the player sets any) and a Roll button that rolls it for
/// `character` (empty: no character) at the table. (No contest comes this way: a GM's request from a sheet sets
/// a difficulty, never an opponent.)
#[component]
pub fn RequestAnswer(
    seat: Seated,
    ask: Ask,
    request: Signal<Result<Request, String>>,
    character: Signal<String>,
    odds: TableOdds,
    #[prop(optional)] player_sets: Option<Vec<&'static str>>,
) -> impl IntoView {
    let state = use_app_state();
    let every_choice = player_sets.map(|only| {
        view! { <EveryChoice request=erased::derive(move || request.get().ok()) only /> }
    });
    // None while the odds' code is on its way (`odds.rs`).
    let odds = Memo::new(move |_| match odds.kit()? {
        Ok(kit) => Some(request.get().and_then(|r| (kit.request)(&r).map_err(|e| format!("No exact odds: {e}")))),
        Err(why) => Some(Err(why.to_string())),
    });
    let system = move || request.with(|r| r.as_ref().map(|r| r.system_id()).unwrap_or_default());
    let chances = move |of: fn(&dicetray_rules::systems::Odds) -> &Vec<Chance>| {
        let system = system();
        let listed = odds.with(|o| o.as_ref().and_then(|o| o.as_ref().ok()).map(|o| of(o).clone()).unwrap_or_default());
        listed
            .into_iter()
            .map(|c| view! { <li>{format!("{} {}", words(system, &c.name), percent(c.p))}</li> })
            .collect_view()
    };
    let roll = move |_| {
        let Ok(req) = request.get_untracked() else { return };
        let who = character_ref(&state, &Some(character.get_untracked()).filter(|c| !c.is_empty()));
        seat.answer_next(ask.gm, ask.id.clone());
        let (asked, by, detail) = (req.clone(), who.clone(), req.describe());
        let roll = move |seed| {
            let roll = asked.roll(seed)?;
            let summary = roll.summary();
            let text = entry_text(&asked, &summary, by.as_ref(), &detail);
            Ok::<_, RequestError>((roll, Rolled { summary, text }))
        };
        state.roll(who, RollSource::System { request: req }, roll, |_| ());
    };
    view! {
        {move || match request.get() {
            Ok(r) => view! { <p class="ask-describe">{format!("{}: {}", system_name(r.system_id()), r.describe())}</p> }.into_any(),
            Err(e) => view! { <p class="field-error ask-problem" role="alert">{format!("Can't roll yet: {e}")}</p> }.into_any(),
        }}
        <p class="field-error" role="alert">{move || odds.with(|o| o.as_ref()?.as_ref().err().filter(|_| request.with(Result::is_ok)).cloned())}</p>
        <ul class="ask-chances" aria-label="Chance of each outcome">{move || chances(|o| &o.outcomes)}</ul>
        <ul class="ask-chances ask-events" aria-label="Chance of each event">{move || chances(|o| &o.events)}</ul>
        {every_choice}
        <button type="button" class="ask-roll button roll-button" disabled=move || request.with(Result::is_err) on:click=roll>"Roll"</button>
    }
}
