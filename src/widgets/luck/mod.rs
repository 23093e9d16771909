//! The luck report (issue #33), folded under "Luck" on the History and Table screens: for the rolls given, how
//! many, the mean luck as a percentile and how unusual that is for fair dice, the luckiest and unluckiest rolls, a
//! histogram of the percentiles, and every roll whose luck was not computed, named with the reason. Reading a
//! roll's luck takes its total's exact distribution, so the computation and the view are a chunk of their own
//! (`luck`), fetched when the player first unfolds it; History and Table share it, and their own chunks only list
//! the rolls with the totals they show (`ShownRoll`).

mod report;
mod view;

use crate::widgets::lazy_screen::lazy_part;
use dicetray_rules::luck::NotComputed;
use dicetray_saved::entry::RollSource;
use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};
use std::future::Future;
use std::sync::Arc;

/// A roll the report covers: `roller` whose report it is in, `name` how the player finds it on the screen, `total`
/// the total it showed, `of` what that total is distributed by (or why that is not known).
#[derive(Clone, Debug, PartialEq)]
pub struct ShownRoll {
    pub id: String,
    pub roller: String,
    pub name: String,
    pub total: f64,
    pub of: Result<RollSource, NotComputed>,
}

/// Whose reports to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Per {
    /// One report over every roll, headed `Luck of the 37 rolls shown`, then each roller's if there are several.
    Shown,
    /// Each roller's report only (a table's players).
    Roller,
}

/// The rolls a report covers, read each time it repaints: a signal they read (History's filters, the table's
/// changes) repaints it. A function, not a signal of the list, so the screens compile no reactive code for it.
pub type Rolls = Arc<dyn Fn() -> Vec<ShownRoll> + Send + Sync>;

/// The end of the first heading under [`Per::Shown`] (` for Ana`), read likewise.
pub type Scope = Arc<dyn Fn() -> String + Send + Sync>;

/// The fold: `report` builds the report ([`luck_report`], or the Table's over its verified rolls) once the player
/// unfolds it; `preload` fetches its chunk.
#[component]
pub fn LuckFold<P, PF, S, SF>(preload: P, report: S) -> impl IntoView
where
    P: Fn() -> PF + Clone + Send + Sync + 'static,
    PF: Future<Output = Result<(), SplitLoaderError>> + 'static,
    S: Fn() -> SF + Clone + Send + Sync + 'static,
    SF: Future<Output = Result<AnyView, SplitLoaderError>> + 'static,
{
    let open = RwSignal::new(false);
    view! {
        <details class="luck-fold" on:toggle=move |_| open.set(true)>
            <summary>"Luck: how these rolls compare with fair dice"</summary>
            {move || open.get().then(|| lazy_part("Luck", "report", &["luck"], preload.clone(), report.clone()))}
        </details>
    }
}

/// The report over `rolls`, as `per` says; `note` says what the rolls are (`Verified rolls only.`). In the `beyond`
/// chunk with the odds of every choice: one chunk for both keeps the code they share with every screen in fewer
/// files (a chunk of its own measured Table +8.6 KB and precache +30.7 KB gzip; bench/README.md).
#[wasm_split(beyond, wasm_split_path = ::leptos::wasm_split, preload(luck_preload), fallible)]
pub fn luck_report(rolls: Rolls, per: Per, scope: Scope, note: &'static str) -> Result<AnyView, SplitLoaderError> {
    Ok(report_view(rolls, per, scope, note))
}

/// [`luck_report`]'s view, for code already in the `beyond` chunk.
pub fn report_view(rolls: Rolls, per: Per, scope: Scope, note: &'static str) -> AnyView {
    view! { <view::Reports rolls per scope note /> }.into_any()
}
