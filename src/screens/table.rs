//! The Table screen: start or join a table; once seated, the GM's requests and every roll made at the table with
//! its check first, the GM's tools, then the link and its QR code for the others (folded once others sit down),
//! who is at the table and how they are connected, refused messages, and the table log to export for
//! `dicetray verify`.

use crate::state::erased;
use crate::state::use_app_state;
use crate::table::join::JoinForm;
use crate::table::luck::TableLuck;
use crate::table::odds::TableOdds;
use crate::table::parts::{gm_tools, qr_code, Requests};
use crate::table::peers::PeerList;
use crate::table::rolls::RollList;
use crate::table::seat::Seated;
use crate::widgets::download::download;
use crate::widgets::share::absolute_url;
use leptos::prelude::*;

#[component]
pub fn TableScreen() -> impl IntoView {
    let state = use_app_state();
    let seated = RwSignal::new(state.seat.with_value(|s| s.as_ref().and_then(Seated::of)));
    // A saved seat not yet taken up (the screen opened before start-up's resume ran) is taken up here. Meanwhile
    // the screen says so rather than offering to join, which would seat this phone again under a new identity.
    let rejoining = RwSignal::new(false);
    if seated.get_untracked().is_none() && !state.seating.with_untracked(|s| s.is_empty()) {
        rejoining.set(true);
        leptos::task::spawn_local(async move {
            let seat = crate::table::join::resume(state).await;
            seated.try_set(seat);
            rejoining.try_set(false);
        });
    }
    view! {
        <section class="screen table" aria-labelledby="screen-title">
            <h1 id="screen-title">"Table"</h1>
            {move || match (seated.get(), rejoining.get()) {
                (Some(seat), _) => view! { <AtTable seat seated /> }.into_any(),
                (None, true) => view! { <p class="hint table-rejoining" role="status">"Rejoining your table…"</p> }.into_any(),
                (None, false) => view! { <JoinForm seated /> }.into_any(),
            }}
        </section>
    }
}

/// Seated: on a phone the rolls come first (the invitation folded above them, one tap away), then who is at the
/// table and the rest; on a wide screen those sit beside the rolls.
#[component]
fn AtTable(seat: Seated, seated: RwSignal<Option<Seated>>) -> impl IntoView {
    let state = use_app_state();
    let gm = seat.is_gm();
    let leaving = seat.clone();
    let leave = move |_| {
        leaving.leave();
        state.seat.set_value(None);
        seated.set(None);
        let _ = window().location().set_hash("#/table");
    };
    let odds = TableOdds::fetch();
    view! {
        <div class="table-seated">
            <Invite seat=seat.clone() />
            <div class="table-main">
                <Requests seat=seat.clone() odds />
                <RollList seat=seat.clone() odds />
                <TableLuck seat=seat.clone() />
                {gm.then(|| gm_tools(seat.clone()))}
            </div>
            <div class="table-side">
                <PeerList seat=seat.clone() />
                <Refused seat=seat.clone() />
                <Export seat />
                <div class="table-part table-leave">
                    <button type="button" id="table-leave" class="button" on:click=leave>"Leave the table"</button>
                </div>
            </div>
        </div>
    }
}

/// The link and its QR code behind "Invite players": open for a GM alone at the table, folded for everyone else,
/// and folded when the first player sits down (the rolls come first from then on).
#[component]
fn Invite(seat: Seated) -> impl IntoView {
    let link = absolute_url(&seat.invite().hash());
    let changed = seat.view().changed;
    let reader = seat.clone();
    let alone = move || {
        changed.track();
        reader.with_member(|m| m.table().peers().values().filter(|p| p.present).count() <= 1)
    };
    let alone_now = seat.with_member(|m| m.table().peers().values().filter(|p| p.present).count() <= 1);
    let open = RwSignal::new(seat.is_gm() && alone_now);
    erased::effect(move |was_alone: Option<bool>| {
        let alone = alone();
        if was_alone == Some(true) && !alone {
            open.set(false);
        }
        alone
    });
    let toggled = move |ev: leptos::ev::Event| open.set(event_target::<web_sys::Element>(&ev).has_attribute("open"));
    view! {
        <details class="table-part table-invite" prop:open=open on:toggle=toggled>
            <summary id="table-invite-title">"Invite players"</summary>
            <p class="hint">"Players open this link, or scan the code with their phone's camera. The table's key is in the link: share it only with the table."</p>
            <input id="table-link" type="text" readonly prop:value=link.clone() aria-label="The table's link" on:focus=select_all />
            <div class="table-qr-slot">{qr_code(link)}</div>
        </details>
    }
}

/// Select the whole link when its field gets the focus (to copy it).
fn select_all(ev: leptos::ev::FocusEvent) {
    event_target::<web_sys::HtmlInputElement>(&ev).select();
}

/// Messages this phone refused, each naming the peer and what was wrong.
#[component]
fn Refused(seat: Seated) -> impl IntoView {
    let refused = seat.view().refused;
    view! {
        <Show when=move || refused.with(|r| !r.is_empty())>
            <section class="table-part" aria-labelledby="table-refused-title">
                <h2 id="table-refused-title">"Refused messages"</h2>
                <ul class="table-refused">
                    {move || refused.get().into_iter().map(|r| view! { <li>{r}</li> }).collect_view()}
                </ul>
            </section>
        </Show>
    }
}

/// The table log as a file, which `dicetray verify FILE` checks roll by roll, offline.
#[component]
fn Export(seat: Seated) -> impl IntoView {
    let problem = RwSignal::new(None::<String>);
    let export = move |_| {
        let (json, id) = seat.with_member(|m| (m.log().to_json(), m.table_id().to_string()));
        let name = format!("dicetray-table-{}.json", id.chars().take(8).collect::<String>());
        problem.set(download(&name, &json).err().map(|e| format!("The download failed: {e:?}")));
    };
    view! {
        <section class="table-part" aria-labelledby="table-export-title">
            <h2 id="table-export-title">"Table log"</h2>
            <p class="hint">"Every message of the table as it arrived here. Anyone can check it roll by roll, offline, with "<code>"dicetray verify FILE"</code>"."</p>
            <button type="button" id="table-export" class="button" on:click=export>"Export the table log"</button>
            <p class="field-error" role="alert">{move || problem.get()}</p>
        </section>
    }
}
