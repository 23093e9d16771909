//! Fortune spent after the roll: once a Harsh Failure is on the table, the player may still spend Fortune on it
//! (Ruina Imperii: one Fortune ignores the Harsh Failure of one roll, all of it those of the rest of the scene). The
//! roll bar's "Spend Fortune…" brings this into view. The rules crate re-resolves the same dice (`with_fortune`), and
//! the History entry is amended in place, so its replay link shows the Failure Fortune made of it.

use super::fortune::{fortune_left, spend_from_sheet};
use crate::state::NoticeLevel;
use crate::systems::kit::{amend_roll, RollCtx};
use dicetray_rules::systems::ruina_imperii::{with_fortune, Fortune, Outcome, RuinaImperiiRequest, RuinaImperiiRoll};
use dicetray_rules::systems::{Request, Roll};
use dicetray_saved::sheets::ruina_imperii::FortuneSpend;
use leptos::prelude::*;

/// The panel's last roll: what was asked, what came out, its History entry and the entry's detail text.
#[derive(Clone)]
pub struct Rolled {
    pub request: RuinaImperiiRequest,
    pub roll: RuinaImperiiRoll,
    pub entry: String,
    pub detail: String,
}

/// Whether Fortune may still be spent on `rolled`: a Harsh Failure it does not cover, by a character with Fortune
/// left (`left`; `None` ad hoc, where there is no sheet to spend from).
pub fn can_spend_after(rolled: &Rolled, left: Option<u8>) -> bool {
    rolled.roll.outcome == Outcome::HarshFailure && !rolled.roll.fortune.covers() && left != Some(0)
}

/// The two spends, offered while [`can_spend_after`] holds.
#[component]
pub fn FortuneAfter(
    last: RwSignal<Option<Rolled>>,
    scene_fortune: RwSignal<bool>,
    character: Option<String>,
) -> impl IntoView {
    let ctx = RollCtx::get();
    let id = StoredValue::new(character);
    let left = move || fortune_left(ctx, &id.get_value());
    let spend = move |fortune: Fortune| {
        let Some(rolled) = last.get_untracked() else { return };
        let (request, roll) = match with_fortune(&rolled.request, &rolled.roll, fortune) {
            Ok(spent) => spent,
            Err(e) => {
                ctx.state.notify(NoticeLevel::Error, format!("Fortune cannot be spent on this roll: {}", e.problem));
                return;
            }
        };
        let what = if fortune == Fortune::Scene { FortuneSpend::Scene } else { FortuneSpend::Roll };
        let spent = id.get_value().map(|id| spend_from_sheet(ctx, &id, what));
        if spent == Some(0) {
            ctx.state.notify(NoticeLevel::Error, "No Fortune left on the sheet to spend.");
            return;
        }
        if fortune == Fortune::Scene {
            scene_fortune.set(true);
        }
        let how = match (fortune, spent) {
            (Fortune::Scene, Some(n)) => format!("all {n} Fortune spent after the roll, for the rest of the scene"),
            (Fortune::Scene, None) => "all Fortune spent after the roll, for the rest of the scene".to_string(),
            _ => "1 Fortune spent after the roll".to_string(),
        };
        let detail = format!("{}, {how}", rolled.detail);
        let (req, new) = (Request::RuinaImperii(request.clone()), Roll::RuinaImperii(roll.clone()));
        amend_roll(ctx, &rolled.entry, req, new, &detail, "Fortune spent");
        last.set(Some(Rolled { request, roll, entry: rolled.entry, detail }));
    };
    let open = move || last.with(|l| l.as_ref().is_some_and(|r| can_spend_after(r, left())));
    let left_text = move || left().map(|n| format!(" ({n} left)")).unwrap_or_default();
    view! {
        <Show when=open>
            <div class="fortune-after" role="group" aria-label="Spend Fortune on this Harsh Failure">
                <p class="field-hint">
                    "Harsh Failure: you may still spend Fortune on it, and it becomes a plain Failure."
                </p>
                <button type="button" id="ri-fortune-after-roll" on:click=move |_| spend(Fortune::Roll)>
                    "Spend 1 Fortune on this roll" {left_text}
                </button>
                <button type="button" id="ri-fortune-after-scene" on:click=move |_| spend(Fortune::Scene)>
                    "Spend all Fortune: the rest of the scene too"
                </button>
            </div>
        </Show>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dicetray_rules::systems::ruina_imperii::RuinaImperii;

    /// A roll with `outcome`: 1 die at Risk 4 against 3 is a Harsh Failure with fewer than 4 hits; 3 dice at Risk 0
    /// against 5 always fail, never harshly.
    fn rolled_with(outcome: Outcome) -> Rolled {
        let request = match outcome {
            Outcome::HarshFailure => RuinaImperiiRequest::against(1, 4, 3),
            _ => RuinaImperiiRequest::against(3, 0, 5),
        };
        let roll = (0..200u64)
            .map(|seed| RuinaImperii::roll_seeded(&request, seed).unwrap())
            .find(|r| r.outcome == outcome)
            .expect("a seed with that outcome");
        Rolled { request, roll, entry: "e".into(), detail: String::new() }
    }

    #[test]
    fn fortune_is_offered_after_an_uncovered_harsh_failure_with_fortune_left() {
        let harsh = rolled_with(Outcome::HarshFailure);
        assert!(can_spend_after(&harsh, None), "ad hoc: no sheet to run out");
        assert!(can_spend_after(&harsh, Some(1)));
        assert!(!can_spend_after(&harsh, Some(0)), "no Fortune left");
        assert!(!can_spend_after(&rolled_with(Outcome::Failure), Some(2)));
        let (request, roll) = with_fortune(&harsh.request, &harsh.roll, Fortune::Roll).unwrap();
        assert!(!can_spend_after(&Rolled { request, roll, ..harsh }, Some(2)), "already covered");
    }
}
