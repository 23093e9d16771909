//! Sitting down at a table: start a new one (this phone is its GM) or join the one in the link, under a name or
//! as one of this browser's characters; and sitting back down after a reload.

use super::config::TableConfig;
use super::invite::Invite;
use super::seat::{fresh32, Seated};
use crate::state::{now_ms, use_app_state, AppState, NoticeLevel};
use dicetray_saved::seat::Seating;
use dicetray_table::member::Member;
use dicetray_table::Rejected;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::rc::Rc;
use std::time::Duration;

/// Seat this phone at `invite`'s table as `name` (`character`: which of this browser's characters it plays) and
/// say hello; `gm`: it started the table.
pub fn sit_down(
    state: AppState,
    invite: Invite,
    who: (String, Option<String>),
    gm: bool,
    config: TableConfig,
) -> Result<Seated, String> {
    let identity = fresh32()?;
    let member = Member::new(&invite.id, identity, who.0, who.1, None, now_ms() as u64)?;
    let seat = take_seat(state, Sitting { member, identity, invite, gm, config }, Vec::new())?;
    bring_rules(state, seat.clone(), false);
    Ok(seat)
}

/// How long a seat waits before fetching the rules' code again after a failed download.
const RULES_RETRY: Duration = Duration::from_secs(5);

/// Fetch the rules' code for `seat` (`table::rules`), again every `RULES_RETRY` while it fails and the seat is
/// this device's; the first failure is told (`told`: it was).
fn bring_rules(state: AppState, seat: Seated, told: bool) {
    spawn_local(async move {
        match super::rules::fetch().await {
            Ok(kit) => seat.give_rules(kit),
            Err(_) => {
                if !told {
                    state.notify(NoticeLevel::Warning, RULES_UNREAD);
                }
                let again = move || {
                    let seated =
                        state.seat.with_value(|s| s.as_ref().and_then(Seated::of).is_some_and(|s| s.is(&seat)));
                    if seated {
                        bring_rules(state, seat, true)
                    }
                };
                set_timeout(again, RULES_RETRY);
            }
        }
    });
}

/// The notice when the rules' code did not download (the seat keeps trying).
const RULES_UNREAD: &str = "Table: the code that checks rolls did not download, so rolls here wait for it. This page \
     keeps trying; reload if nothing changes.";

/// A member about to take its seat: the device's identity secret (its Nostr key comes from it), the table, whether
/// this device is the GM, and how to reach the others.
struct Sitting {
    member: Member,
    identity: [u8; 32],
    invite: Invite,
    gm: bool,
    config: TableConfig,
}

/// Say hello to the table, carry the seat's bytes and make it this device's seat (`AppState::seat`); `refused`:
/// messages its log's replay refused, listed on the Table screen.
fn take_seat(state: AppState, seat: Sitting, refused: Vec<Rejected>) -> Result<Seated, String> {
    let Sitting { mut member, identity, invite, gm, config } = seat;
    let hello = member.hello(now_ms() as u64)?;
    let seat = Seated::new(state, member, invite, gm, config);
    for r in refused {
        seat.view().refused.update(|list| list.push(r.to_string()));
    }
    super::carry::connect(&seat, identity)?;
    seat.broadcast_hello(hello);
    state.seat.set_value(Some(Rc::new(seat.clone())));
    Ok(seat)
}

/// Sit back down at the table `state.seating` holds (after a reload): the member is restored from its log, says
/// hello again, and carries on with the same identity and sequence numbers. A seat that cannot be restored is
/// left saved, with a notice saying why. The seat is read by the `saved_data` chunk
/// ([`crate::storage::read_seating`]), which start-up already fetched to read it. Returns the seat this device then
/// has: the resumed one, or the one it already had (start-up's resume and the Table screen's may both run).
pub async fn resume(state: AppState) -> Option<Seated> {
    let current = || state.seat.with_value(|s| s.as_ref().and_then(Seated::of));
    if state.seat.with_value(Option::is_some) {
        return current();
    }
    let text = state.seating.with_untracked(|s| s.clone());
    if text.is_empty() {
        return None;
    }
    let read = crate::storage::read_seating(&text.0).await;
    // The other resume may have sat down while this one waited for the chunk.
    if state.seat.with_value(Option::is_some) {
        return current();
    }
    let saved = match read {
        Ok(Ok(Seating { seat: Some(seat) })) => seat,
        Ok(Ok(Seating { seat: None })) => return None,
        Ok(Err(e)) => {
            state.notify(
                NoticeLevel::Warning,
                format!("Your table could not be rejoined: its saved seat is damaged ({e})."),
            );
            return None;
        }
        Err(_) => {
            state.notify(NoticeLevel::Warning, UNREAD);
            return None;
        }
    };
    // The log is replayed with the rules' code (every roll in it is checked again).
    let Ok(kit) = super::rules::fetch().await else {
        state.notify(NoticeLevel::Warning, RULES_NOT_REJOINED);
        return None;
    };
    if state.seat.with_value(Option::is_some) {
        return current();
    }
    let sat = (|| {
        let config = TableConfig { relays: saved.relays, ice: saved.ice, direct: saved.direct };
        let identity = saved.member.identity_secret.0;
        let (member, refused) = Member::restore(saved.member, kit.protocol, now_ms() as u64)?;
        let invite = Invite::from_parts(member.table_id().to_string(), &saved.key)?;
        let seat = take_seat(state, Sitting { member, identity, invite, gm: saved.gm, config }, refused)?;
        seat.give_rules(kit);
        Ok::<_, String>(seat)
    })();
    sat.map_err(|e| state.notify(NoticeLevel::Warning, format!("Your table could not be rejoined: {e}"))).ok()
}

/// The notice when the code that checks the saved seat's rolls could not be downloaded.
const RULES_NOT_REJOINED: &str =
    "Your table could not be rejoined: the code that checks its rolls could not be downloaded. Reload to try again.";

/// The notice when the code that reads the saved seat could not be downloaded.
const UNREAD: &str =
    "Your table could not be rejoined: the code that reads saved data could not be downloaded. Reload to try again.";

/// The form shown when this phone is not at a table.
#[component]
pub fn JoinForm(seated: RwSignal<Option<Seated>>) -> impl IntoView {
    let state = use_app_state();
    let invite = Invite::from_hash(&window().location().hash().unwrap_or_default());
    let roller = state.roller().and_then(|id| state.character(&id));
    let name = RwSignal::new(roller.as_ref().map(|c| c.name.clone()).unwrap_or_default());
    let character = RwSignal::new(roller.map(|c| c.name).unwrap_or_default());
    let problem = RwSignal::new(None::<String>);
    let base = TableConfig::from_query(&window().location().search().unwrap_or_default());
    let relays = RwSignal::new(base.as_ref().map(|c| c.relays.join("\n")).unwrap_or_default());
    let ice = RwSignal::new(base.as_ref().map(|c| c.ice.join("\n")).unwrap_or_default());
    let direct = RwSignal::new(base.as_ref().map_or(true, |c| c.direct));
    let base = StoredValue::new(base);
    let characters = move || state.characters.with(|cs| cs.iter().map(|c| c.name.clone()).collect::<Vec<_>>());
    let sit = move |invite: Invite, gm: bool| {
        let n = name.get_untracked().trim().to_string();
        if n.is_empty() {
            problem.set(Some("Type the name the table knows you by first.".into()));
            return;
        }
        let c = Some(character.get_untracked()).filter(|c| !c.is_empty());
        let config = base
            .get_value()
            .and_then(|b| b.with_relays_text(&relays.get_untracked()))
            .and_then(|b| b.with_ice_text(&ice.get_untracked()))
            .map(|c| TableConfig { direct: direct.get_untracked(), ..c });
        match config.and_then(|config| sit_down(state, invite.clone(), (n, c), gm, config)) {
            Ok(seat) => {
                problem.set(None);
                let _ = window().location().set_hash(&invite.hash());
                seated.set(Some(seat));
            }
            Err(e) => problem.set(Some(e)),
        }
    };
    let (link_invite, link_problem) = match invite {
        Some(Ok(i)) => (Some(i), None),
        Some(Err(e)) => (None, Some(e)),
        None => (None, None),
    };
    let joining = link_invite.is_some();
    let start = move |_| match fresh32().and_then(|a| fresh32().map(|b| (a, b))) {
        Ok((a, b)) => {
            let mut random = [0u8; 48];
            random[..32].copy_from_slice(&a);
            random[32..].copy_from_slice(&b[..16]);
            sit(Invite::new(&random), true);
        }
        Err(e) => problem.set(Some(e)),
    };
    view! {
        <section class="table-part table-join" aria-labelledby="table-join-title">
            <h2 id="table-join-title">{if joining { "Join this table" } else { "Play at a table" }}</h2>
            <p class="lede">
                "Every phone at the table sees every roll as it happens, and checks that nobody rolled again: each roll's dice come from every phone's randomness together."
            </p>
            {link_problem.map(|e| view! { <p class="field-error" role="alert">{e}</p> })}
            <div class="field">
                <label for="table-name">"Your name at the table"</label>
                <input id="table-name" type="text" maxlength="64" autocomplete="nickname" prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev)) />
            </div>
            <div class="field">
                <label for="table-character">"Playing (optional)"</label>
                <select id="table-character" on:change=move |ev| character.set(event_target_value(&ev))>
                    <option value="">"No character"</option>
                    <For each=characters key=|c| c.clone() let:c>
                        <option value=c.clone() selected=move || character.get() == c>{c.clone()}</option>
                    </For>
                </select>
            </div>
            <Connection relays ice direct />
            <div class="table-join-buttons">
                {link_invite.map(|i| view! { <button type="button" id="table-join" class="button roll-button" on:click=move |_| sit(i.clone(), false)>"Join the table"</button> })}
                <button type="button" id="table-start" class="button" class:roll-button=!joining on:click=start>"Start a table"</button>
            </div>
            <p class="field-error" role="alert">{move || problem.get()}</p>
        </section>
    }
}

/// Where the table's messages go: the relays, the STUN servers, and whether to connect directly at all.
#[component]
fn Connection(relays: RwSignal<String>, ice: RwSignal<String>, direct: RwSignal<bool>) -> impl IntoView {
    view! {
        <details class="table-connection">
            <summary>"Connection"</summary>
            <div class="field">
                <label for="table-relays">"Relays (one per line)"</label>
                <textarea id="table-relays" rows="4" spellcheck="false" prop:value=move || relays.get() on:input=move |ev| relays.set(event_target_value(&ev))></textarea>
                <p class="hint">"Public Nostr relays that introduce the phones to each other, and carry rolls between phones that cannot connect directly. They see only encrypted messages."</p>
            </div>
            <div class="field">
                <label for="table-ice">"STUN servers (one per line)"</label>
                <textarea id="table-ice" rows="2" spellcheck="false" prop:value=move || ice.get() on:input=move |ev| ice.set(event_target_value(&ev))></textarea>
                <p class="hint">"They tell this phone its public address, so phones on different networks can connect directly. Nothing of the table passes through them."</p>
            </div>
            <label class="check">
                <input id="table-direct" type="checkbox" prop:checked=move || direct.get() on:change=move |ev| direct.set(event_target_checked(&ev)) />
                " Connect directly to the other phones (faster; they learn this phone's network address)"
            </label>
        </details>
    }
}
