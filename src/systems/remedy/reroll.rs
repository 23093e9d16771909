//! Remedy's ♻ as the roller's choice ("the dice may be rerolled once"): after a roll, each d20 still in the ♻ range
//! offers "Reroll (♻)". The choice goes through the rules crate (`with_chosen_rerolls`), which draws the reroll
//! from the roll's own seed, so the History entry (amended in place) and its replay link give the same dice.

use crate::state::NoticeLevel;
use crate::systems::kit::{amend_roll, RollCtx};
use dicetray_rules::systems::remedy::{with_chosen_rerolls, CheckDice, RemedyRequest, RemedyRoll};
use dicetray_rules::systems::{Request, Roll};
use leptos::prelude::*;

/// The panel's last roll: what was asked, what came out, its History entry and the entry's detail text.
#[derive(Clone)]
pub struct Rolled {
    pub request: RemedyRequest,
    pub roll: RemedyRoll,
    pub entry: String,
    pub detail: String,
}

/// Whether `dice` carry ♻ marks (a ♻ range to reroll in).
pub fn has_reroll_range(dice: &str) -> bool {
    dice.parse::<CheckDice>().is_ok_and(|d| d.reroll_up_to > 0)
}

/// One "Reroll (♻)" button per d20 of the last roll that is in the ♻ range and not yet rerolled.
#[component]
pub fn RerollButtons(last: RwSignal<Option<Rolled>>) -> impl IntoView {
    let ctx = RollCtx::get();
    let reroll = move |die: usize| {
        let Some(rolled) = last.get_untracked() else { return };
        match with_chosen_rerolls(&rolled.request, &rolled.roll, &[die]) {
            Ok((request, roll)) => {
                let detail = format!("{}, ♻ rerolled d20 no. {}", rolled.detail, die + 1);
                let (req, new) = (Request::Remedy(request.clone()), Roll::Remedy(roll.clone()));
                amend_roll(ctx, &rolled.entry, req, new, &detail, "Rerolled");
                last.set(Some(Rolled { request, roll, entry: rolled.entry, detail }));
            }
            Err(e) => {
                ctx.state.notify(NoticeLevel::Error, format!("That die cannot be rerolled: {}", e.problem));
            }
        }
    };
    let dice = move || last.with(|r| r.as_ref().map(|r| r.roll.check.rerollable.clone()).unwrap_or_default());
    view! {
        <Show when=move || !dice().is_empty()>
            <div class="reroll-choice" role="group" aria-label="Reroll with ♻">
                <p class="field-hint">"In your ♻ range: you may reroll each of these d20s once, and the new face stands."</p>
                <For each=dice key=|d| *d let:die>
                    <button type="button" class="reroll-die" on:click=move |_| reroll(die)>
                        {format!("Reroll (♻) d20 no. {}", die + 1)}
                    </button>
                </For>
            </div>
        </Show>
    }
}
