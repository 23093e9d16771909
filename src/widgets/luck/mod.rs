//! The luck report (issue #33), folded under "Luck" on the History and Table screens: for the rolls given, how
//! many, the mean luck as a percentile and how unusual that is for fair dice, the luckiest and unluckiest rolls, a
//! histogram of the percentiles, and every roll whose luck was not computed, named with the reason. Reading a
//! roll's luck takes its total's exact distribution, so the computation and the view are a chunk of their own
//! (`luck`), fetched when the player first unfolds it; History and Table share it, and their own chunks only list
//! the rolls with the totals they show (`ShownRoll`).

mod report;
mod view;

use dicetray_rules::luck::NotComputed;
use dicetray_saved::entry::RollSource;
use crate::widgets::lazy_screen::lazy_part;
use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};

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

/// The fold. `rolls` is read only once it is unfolded; `scope` ends the first heading under [`Per::Shown`] (` for
/// Ana`); `note` says what the rolls are (`Verified rolls only.`).
#[component]
pub fn LuckFold(
    #[prop(into)] rolls: Signal<Vec<ShownRoll>>,
    per: Per,
    #[prop(into)] scope: Signal<String>,
    note: &'static str,
) -> impl IntoView {
    let open = RwSignal::new(false);
    view! {
        <details class="luck-fold" on:toggle=move |_| open.set(true)>
            <summary>"Luck: how these rolls compare with fair dice"</summary>
            {move || {
                open.get()
                    .then(|| lazy_part("Luck", "report", &["luck"], luck_preload, move || luck_report(rolls, per, scope, note)))
            }}
        </details>
    }
}

#[wasm_split(luck, wasm_split_path = ::leptos::wasm_split, preload(luck_preload), fallible)]
fn luck_report(
    rolls: Signal<Vec<ShownRoll>>,
    per: Per,
    scope: Signal<String>,
    note: &'static str,
) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <view::Reports rolls per scope note /> }.into_any())
}
