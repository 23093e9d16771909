//! The Table screen's luck report (`widgets::luck`, the chunk History's report uses too): each player's verified
//! rolls only, since only those are known to be the dice the table drew. A roll still open, sealed, not revealed
//! or failed is left out, and the report says so.

use super::row::{request_words, shown};
use super::seat::Seated;
use crate::widgets::luck::{LuckFold, Per, RollOf, ShownRoll};
use dicetray_table::{Member, RollRequest, Status};
use leptos::prelude::*;

/// Every verified roll at the table, oldest first, under its player's name and named as the list shows it.
pub(super) fn verified_rolls(m: &Member) -> Vec<ShownRoll> {
    let t = m.table();
    t.rolls()
        .iter()
        .filter(|r| r.status == Status::Verified)
        .filter_map(|r| {
            let (request, result) = (r.request.as_ref()?, r.result.clone()?);
            let player = t.peers().get(&r.roller).map_or_else(|| r.roller.short(), |p| p.name.clone());
            let outcome = m.seed_of(&r.roller, &r.id).and_then(|seed| shown(request, seed).ok());
            let name = match outcome {
                Some(s) => format!("{player}: {}, {}", request_words(request), s.outcome),
                None => format!("{player}: {}", request_words(request)),
            };
            let of = match request {
                RollRequest::System { json } => RollOf::System { json: json.clone(), result },
                RollRequest::Notation { text, version } => {
                    RollOf::Notation { text: text.clone(), version: *version, result }
                }
            };
            Some(ShownRoll { id: format!("{}:{}", r.roller, r.id), roller: player, name, of })
        })
        .collect()
}

#[component]
pub fn TableLuck(seat: Seated) -> impl IntoView {
    let changed = seat.view().changed;
    let rolls = Signal::derive(move || {
        changed.track();
        seat.with_member(verified_rolls)
    });
    view! {
        <section class="table-part table-luck" aria-labelledby="table-luck-title">
            <h2 id="table-luck-title">"Luck per player"</h2>
            <LuckFold rolls per=Per::Roller scope="" note="Verified rolls only: a roll still being checked, or one that failed its check, is not counted." />
        </section>
    }
}
