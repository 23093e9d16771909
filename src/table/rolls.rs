//! Every roll made at the table, newest first: who rolled what, the dice and outcome as this phone recomputed
//! them, the odds it had, and where its check stands (verified, checking, sealed, not revealed, failed).

use super::row::{request_words, shown};
use super::seat::Seated;
use dicetray_table::{PeerKey, Status};
use leptos::prelude::*;

#[derive(Clone, Debug, PartialEq)]
struct RollRow {
    roller: PeerKey,
    id: String,
    who: String,
    request: String,
    status: Status,
    seed: Option<u64>,
    mine_sealed: bool,
    /// This device's hidden roll, once its dice are known: the seed (only its GM sees the result before the reveal).
    hidden_seed: Option<u64>,
    answers: Option<String>,
}

impl RollRow {
    fn key(&self) -> String {
        format!("{}:{}:{:?}:{}", self.roller, self.id, self.status, self.hidden_seed.is_some())
    }
}

fn status_words(s: &Status) -> (&'static str, String) {
    match s {
        Status::Verified => ("verified", "verified".into()),
        Status::Pending => ("pending", "checking".into()),
        Status::Sealed => ("sealed", "sealed".into()),
        Status::NotRevealed => ("not-revealed", "not revealed".into()),
        Status::Failed(why) => ("failed", format!("failed: {why}")),
    }
}

#[component]
pub fn RollList(seat: Seated) -> impl IntoView {
    let changed = seat.view().changed;
    let me = seat.me();
    let reader = seat.clone();
    let rows = move || {
        changed.track();
        reader.with_member(|m| {
            let t = m.table();
            t.rolls()
                .iter()
                .rev()
                .map(|r| {
                    let who = t.peers().get(&r.roller).map_or(r.roller.short(), |p| match &p.character {
                        Some(c) => format!("{c} ({})", p.name),
                        None => p.name.clone(),
                    });
                    let hidden = r
                        .request
                        .clone()
                        .or_else(|| (r.roller == me).then(|| m.hidden_request(&r.id).cloned()).flatten());
                    let request = match (&hidden, r.sealed) {
                        (Some(q), true) => format!("hidden roll: {}", request_words(q)),
                        (Some(q), false) => request_words(q),
                        (None, _) => "a hidden roll".into(),
                    };
                    let answers = r.answers.as_ref().map(|(gm, id)| {
                        let gm_name = t.peers().get(gm).map_or_else(|| gm.short(), |p| p.name.clone());
                        match t.gm_request(gm, id) {
                            Some(q) => {
                                format!("answers {gm_name}'s request for {}", super::asked::ask_words(&q.request))
                            }
                            None => format!("answers {gm_name}'s request"),
                        }
                    });
                    RollRow {
                        roller: r.roller,
                        id: r.id.clone(),
                        who,
                        request,
                        status: r.status.clone(),
                        seed: m.seed_of(&r.roller, &r.id),
                        mine_sealed: r.roller == me && r.status == Status::Sealed,
                        hidden_seed: (r.roller == me && r.status == Status::Sealed)
                            .then(|| m.hidden_seed(&r.id, crate::state::now_ms() as u64))
                            .flatten(),
                        answers,
                    }
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <section class="table-part" aria-labelledby="table-rolls-title">
            <h2 id="table-rolls-title">"Rolls at the table"</h2>
            <ol class="table-rolls" aria-live="polite">
                <For each=rows key=RollRow::key let:row>
                    <RollItem seat=seat.clone() row />
                </For>
            </ol>
        </section>
    }
}

#[component]
fn RollItem(seat: Seated, row: RollRow) -> impl IntoView {
    let (status, status_text) = status_words(&row.status);
    let request = seat.with_member(|m| m.request_of(&row.roller, &row.id).cloned());
    let result = match (row.seed.or(row.hidden_seed), request) {
        (Some(seed), Some(req)) if row.status == Status::Verified || row.hidden_seed.is_some() => {
            Some(shown(&req, seed))
        }
        _ => None,
    };
    let private = row.hidden_seed.is_some().then(|| {
        view! { <p class="hint roll-private">"Only you see these dice until you reveal them."</p> }
    });
    let (dice, outcome, odds) = match result {
        Some(Ok(s)) => (s.dice, s.outcome, s.odds),
        Some(Err(e)) => (String::new(), format!("cannot be shown: {e}"), String::new()),
        None => Default::default(),
    };
    let ready = row.hidden_seed.is_some();
    let reveal = row.mine_sealed.then(|| {
        let (seat, id) = (seat.clone(), row.id.clone());
        let error = RwSignal::new(None::<String>);
        view! {
            <button type="button" class="table-reveal" disabled=!ready on:click=move |_| error.set(seat.reveal(&id).err())>
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
            <p class="hint roll-odds">{odds}</p>
            {private}
            <p class="roll-status" data-status=status>{status_text}</p>
            {reveal}
        </li>
    }
}
