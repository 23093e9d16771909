//! The Table screen's luck report (`widgets::luck`, the chunk History's report uses too): each player's verified
//! rolls only, since only those are known to be the dice the table drew. A roll still open, sealed, not revealed
//! or failed is left out, and the report says so.

use super::row::{replay, request_words, Replay};
use super::seat::Seated;
use crate::widgets::luck::{report_view, LuckFold, Per, Rolls, Scope, ShownRoll};
use dicetray_rules::dice::value;
use dicetray_saved::entry::RollSource;
use dicetray_table::{Member, RollRequest, Status};
use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};
use std::sync::Arc;

/// Every verified roll at the table, oldest first, under its player's name and named as the list shows it, with
/// the total its seed gives here.
pub(super) fn verified_rolls(m: &Member) -> Vec<ShownRoll> {
    let t = m.table();
    t.rolls()
        .iter()
        .filter(|r| r.status == Status::Verified)
        .filter_map(|r| {
            let request = r.request.as_ref()?;
            let player = t.peers().get(&r.roller).map_or_else(|| r.roller.short(), |p| p.name.clone());
            let replay = m.seed_of(&r.roller, &r.id).ok_or("its seed is not known on this phone".to_string());
            let id = format!("{}:{}", r.roller, r.id);
            Some(match replay.and_then(|seed| replayed(request, seed)) {
                Ok((total, outcome, of)) => {
                    let name = format!("{player}: {}, {outcome}", request_words(request));
                    ShownRoll { id, roller: player, name, total, of: Ok(of) }
                }
                Err(e) => {
                    let name = format!("{player}: {}", request_words(request));
                    ShownRoll {
                        id,
                        roller: player,
                        name,
                        total: f64::NAN,
                        of: Err(format!("it does not replay here: {e}")),
                    }
                }
            })
        })
        .collect()
}

/// The total and outcome (in words, as the roll list says it) that `request` gives with `seed`, and what that
/// total is distributed by.
fn replayed(request: &RollRequest, seed: u64) -> Result<(f64, String, RollSource), String> {
    let replayed = replay(request, seed)?;
    let outcome = replayed.outcome();
    Ok(match replayed {
        Replay::System { request, summary } => (summary.total, outcome, RollSource::System { request }),
        Replay::Notation { text, version, roll, .. } => {
            (value::to_f64(roll.total), outcome, RollSource::Notation { expr: text, version })
        }
    })
}

#[component]
pub fn TableLuck(seat: Seated) -> impl IntoView {
    let report = move || table_report(seat.clone());
    view! {
        <section class="table-part table-luck" aria-labelledby="table-luck-title">
            <h2 id="table-luck-title">"Luck per player"</h2>
            <LuckFold preload=table_report_preload report />
        </section>
    }
}

/// Each player's report over their verified rolls, repainted as the table changes. In the `beyond` chunk with the
/// report itself (`widgets::luck`): the Table screen's own code only draws the fold (done in the Table's code,
/// the reading of its rolls measured +4 KB on the Table screen).
#[wasm_split(beyond, wasm_split_path = ::leptos::wasm_split, preload(table_report_preload), fallible)]
fn table_report(seat: Seated) -> Result<AnyView, SplitLoaderError> {
    let changed = seat.view().changed;
    let rolls: Rolls = Arc::new(move || {
        changed.track();
        seat.with_member(verified_rolls)
    });
    let scope: Scope = Arc::new(String::new);
    let note = "Verified rolls only: a roll still being checked, or one that failed its check, is not counted.";
    Ok(report_view(rolls, Per::Roller, scope, note))
}
