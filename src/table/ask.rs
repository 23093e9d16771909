//! The GM's request form: notation ("2d20kh1"), or a system roll the player's own sheet completes ("Stealth,
//! 24-System, DC 15": the GM names the skill and sets the DC, the player's sheet gives the rank), to one player or
//! everyone. The player's phone shows it with its exact odds and a Roll button (`asked.rs`).

use super::ask_input::{AskNumbers, Typed};
use super::seat::Seated;
use crate::state::erased;
use crate::systems::system_name;
use dicetray_rules::dice::{parse, NOTATION_VERSION};
use dicetray_rules::systems::SYSTEM_IDS;
use dicetray_saved::Sheet;
use dicetray_table::{AskFor, PeerKey};
use leptos::prelude::*;

/// The GM's form: what to roll (notation, or a system and the sheet's row with the GM's values) and who rolls it.
#[component]
pub fn AskForm(seat: Seated) -> impl IntoView {
    let kind = RwSignal::new(String::new());
    let text = RwSignal::new("1d20".to_string());
    let row = RwSignal::new(String::new());
    let gm = Typed::new();
    let to = RwSignal::new(String::new());
    let said = RwSignal::new(None::<Result<String, String>>);
    let shape = erased::derive(move || Sheet::ask_shape(&kind.get()));
    let (asker, lister) = (seat.clone(), seat.clone());
    let send = move |_| {
        let result =
            asked_for(&kind.get_untracked(), &text.get_untracked(), &row.get_untracked(), gm).and_then(|ask| {
                let words = super::asked::ask_words(&ask);
                asker.ask(peer(&to.get_untracked())?, ask)?;
                Ok(format!("Asked for {words}."))
            });
        said.set(Some(result));
    };
    view! {
        <section class="table-part gm-tools" aria-labelledby="table-ask-title">
            <h2 id="table-ask-title">"Ask for a roll"</h2>
            <div class="field">
                <label for="table-ask-kind">"What"</label>
                <select id="table-ask-kind" on:change=move |ev| kind.set(event_target_value(&ev))>
                    <option value="">"Notation"</option>
                    <optgroup label="A roll from the player's sheet">
                        {SYSTEM_IDS.iter().map(|id| view! { <option value=*id>{system_name(id)}</option> }).collect_view()}
                    </optgroup>
                </select>
            </div>
            {move || match shape.get() {
                None => view! { <NotationField id="table-ask-request" text /> }.into_any(),
                Some(shape) => view! {
                    <div class="field">
                        <label for="table-ask-row">{format!("Which {} on the player's sheet", shape.row)}</label>
                        <input id="table-ask-row" type="text" autocomplete="off" placeholder="Stealth" prop:value=move || row.get() on:input=move |ev| row.set(event_target_value(&ev)) />
                    </div>
                    <AskNumbers inputs=shape.gm typed=gm />
                }.into_any(),
            }}
            <WhoRolls seat=seat.clone() to />
            <button type="button" id="table-ask" class="button" on:click=send>"Ask"</button>
            <p class="hint" role="status">
                {move || match said.get() { Some(Ok(s)) => s, Some(Err(e)) => format!("Not sent: {e}"), None => String::new() }}
            </p>
            <AskedByMe seat=lister />
        </section>
    }
}

/// The GM's own requests, newest first: to whom, what, and who answered (or that it is still open).
#[component]
fn AskedByMe(seat: Seated) -> impl IntoView {
    let changed = seat.view().changed;
    let me = seat.me();
    let lines = move || {
        changed.track();
        let mine: Vec<_> = seat.asks().into_iter().filter(|a| a.gm == me).rev().collect();
        seat.with_member(|m| {
            let t = m.table();
            let name = |k: &PeerKey| t.peers().get(k).map_or_else(|| k.short(), |p| p.name.clone());
            mine.into_iter()
                .map(|a| {
                    let who = a.to.as_ref().map_or_else(|| "everyone".to_string(), name);
                    let by: Vec<String> = a.answered.iter().map(|(by, _)| name(by)).collect();
                    let state =
                        if by.is_empty() { "open".to_string() } else { format!("answered by {}", by.join(", ")) };
                    (a.id.clone(), format!("{}: {who}, {state}", super::asked::ask_words(&a.request)), !by.is_empty())
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <ul class="table-my-asks" aria-label="Your requests">
            {move || lines().into_iter().map(|(id, line, done)| view! { <li data-ask=id class:answered=done>{line}</li> }).collect_view()}
        </ul>
    }
}

/// What the form asks for: the notation (`kind` empty), or system `kind`'s roll from the sheet's row `row` with
/// the GM's typed values.
fn asked_for(kind: &str, text: &str, row: &str, gm: Typed) -> Result<AskFor, String> {
    let Some(shape) = Sheet::ask_shape(kind) else {
        let t = text.trim().to_string();
        parse(&t).map_err(|e| format!("`{t}`: {}", e.message))?;
        return Ok(AskFor::Notation { text: t, version: NOTATION_VERSION });
    };
    if row.trim().is_empty() {
        return Err(format!("name the {} the player rolls (as on their sheet)", shape.row));
    }
    let mut fields = gm.fields(shape.gm)?;
    fields.insert("system".into(), kind.into());
    let ask = AskFor::Sheet { row: row.trim().to_string(), json: serde_json::Value::Object(fields).to_string() };
    ask.check()?;
    Ok(ask)
}

/// A peer's key as the "who rolls" pick holds it; None (everyone) for the empty pick.
fn peer(pick: &str) -> Result<Option<PeerKey>, String> {
    (!pick.is_empty())
        .then(|| serde_json::from_value::<PeerKey>(serde_json::Value::String(pick.to_string())))
        .transpose()
        .map_err(|e| format!("not a peer: {e}"))
}

/// Who rolls: everyone, or one of the others at the table.
#[component]
fn WhoRolls(seat: Seated, to: RwSignal<String>) -> impl IntoView {
    let changed = seat.view().changed;
    let me = seat.me();
    let options = move || {
        changed.track();
        seat.with_member(|m| {
            m.table()
                .peers()
                .iter()
                .filter(|(k, p)| **k != me && p.present)
                .map(|(k, p)| (k.to_string(), p.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    view! {
        <div class="field">
            <label for="table-ask-to">"Who rolls"</label>
            <select id="table-ask-to" on:change=move |ev| to.set(event_target_value(&ev))>
                <option value="">"Everyone"</option>
                <For each=options key=|o| o.clone() let:o>
                    <option value=o.0.clone()>{o.1.clone()}</option>
                </For>
            </select>
        </div>
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
