//! The 24-System roll panel: its inputs (`inputs.rs`), live odds (and, for an attack, where a hit lands), the
//! roll and its result (`result.rs`), Push Your Luck (`push.rs`), and the retry rule (remembered across reloads,
//! with the player's "the situation changed" override, `retry.rs`).

use super::inputs::{Situation, TwentyFourInputs};
use super::last_roll::LastRoll;
use super::locations::HitLocationOdds;
use super::push::lazy_push_form;
use super::result::TwentyFourResult;
use super::retry::{last_miss, last_miss_of, SituationChanged};
use crate::state::erased;
use crate::systems::every_choice::EveryChoice;
use crate::systems::field_check::FieldCheck;
use crate::systems::kit::{roll_and_record, OddsView, RollCtx};
use crate::systems::rehearsal::rehearse;
use crate::systems::roll_bar::{FollowUp, RollBar};
use crate::systems::Sheet;
use crate::widgets::later::Later;
use dicetray_rules::systems::twenty_four::{can_push, is_forbidden_retry_of, TwentyFour};
use dicetray_rules::systems::Variant as _;
use dicetray_rules::systems::{Roll, RuleSystem};
use leptos::prelude::*;

/// The system, as the roll bar names it.
const ID: &str = <TwentyFour as RuleSystem>::ID;

/// The 24-System roll panel.
#[component]
pub fn TwentyFourPanel(character: Option<String>) -> impl IntoView {
    let ctx = RollCtx::get();
    let state = ctx.state;
    let sheet = character.as_ref().and_then(|id| state.character(id)).and_then(|c| match c.sheet {
        Sheet::TwentyFour(s) => Some(s),
        _ => None,
    });
    let situation = Situation::new(sheet.map(|s| s.skills).unwrap_or_default());
    let request = Memo::new(move |_| situation.request());
    provide_context(FieldCheck::new(erased::derive(move || request.get().err())));
    let odds = Memo::new(move |_| request.get().and_then(|r| TwentyFour::odds(&r)));

    let restored = last_miss(&state, &character);
    let (restored, entry) = restored.map_or((None, String::new()), |(roll, id)| (Some(roll), id));
    let from_history = restored.is_some();
    let last = LastRoll::new(restored, from_history, entry);
    rehearse::<TwentyFour>(
        move || request.get_untracked(),
        |_, roll| {
            view! { <TwentyFourResult last=LastRoll::new(Some(roll), false, String::new()) character=None /> }
                .into_any()
        },
    );
    // The retry rule looks at this character's latest roll of the same skill (History keeps them all).
    let scope = StoredValue::new(character.clone());
    let same_again = Memo::new(move |_| {
        let Ok(next) = request.get() else { return false };
        let prev = scope.with_value(|c| last_miss_of(&state, c, next.skill.as_deref()));
        prev.is_some_and(|prev| is_forbidden_retry_of(&prev, &next))
    });
    let situation_changed = RwSignal::new(false);
    let forbidden = Memo::new(move |_| same_again.get() && !situation_changed.get());

    let character_id = StoredValue::new(character.clone());
    let on_roll = move || {
        let Ok(req) = request.get_untracked() else { return };
        if forbidden.get_untracked() {
            last.retry_tried.set(true);
            return;
        }
        let mut text = TwentyFour::describe(&req);
        if same_again.get_untracked() {
            text.push_str(" (the situation changed)");
        }
        let who = ctx.character_ref(&character_id.get_value());
        roll_and_record::<TwentyFour>(ctx, &req, who, &text, move |roll, id| {
            if let Roll::TwentyFour(roll) = roll {
                situation_changed.set(false);
                last.record(roll, id, None);
            }
        });
    };
    let can_push_now = move || last.roll.with(|l| l.as_ref().is_some_and(can_push));
    let push_offer =
        erased::derive(move || can_push_now().then_some(FollowUp { label: "Push Your Luck…", target: ".push-form" }));

    view! {
        <TwentyFourInputs situation request />
        <Later>
            <div class="panel-odds">
                <OddsView odds=odds label=TwentyFour::words />
                <HitLocationOdds request=request />
            </div>
            <RollBar system=ID enabled=erased::derive(move || request.with(Result::is_ok)) on_roll=on_roll odds=odds label=TwentyFour::words follow_up=push_offer refused=erased::derive(move || (last.retry_tried.get() && forbidden.get()).then(|| "Not a free roll: after a Miss, change the situation before rolling again (or push). See below.".to_string())) />
            <EveryChoice request=erased::derive(move || request.get().ok().map(TwentyFour::request)) />
            <div class="panel-output">
                <Show when=move || last.retry_tried.get() && forbidden.get()>
                    <p class="retry-message" role="alert">
                        "Not a free roll: after a Miss, the same skill at the same DC with nothing changed cannot simply be rolled again (24-System). Change the situation (a new approach, tool, help or Leverage)"
                        {move || if can_push_now() { ", or Push Your Luck below." } else { "; a pushed roll cannot be pushed again." }}
                    </p>
                </Show>
                <Show when=move || same_again.get()>
                    <SituationChanged value=situation_changed />
                </Show>
                <TwentyFourResult last character=character.clone() />
                <Show when=can_push_now>
                    {move || lazy_push_form(last, character_id.get_value())}
                </Show>
            </div>
        </Later>
    }
}
