//! Fortune from the Roll panel: spending it on the active character's sheet, and the spend that is not tied to a
//! roll (all of it, at least 1, to avoid death, dismemberment or another permanent consequence).

use crate::state::erased;
use crate::state::now_ms;
use crate::systems::kit::{RollCtx, SelectField};
use crate::systems::Sheet;
use dicetray_saved::sheets::ruina_imperii::FortuneSpend;
use leptos::prelude::*;

/// Spend Fortune on `what` from character `id`'s sheet (marking it updated); returns the points spent (0 when
/// there is no such Ruina Imperii character or no Fortune left).
pub fn spend_from_sheet(ctx: RollCtx, id: &str, what: FortuneSpend) -> u8 {
    ctx.state.change_character(id, |c| c.spend_fortune(what, now_ms())).unwrap_or(0)
}

/// "Spend all Fortune to avoid a permanent consequence", for character `id` with `left` Fortune on the sheet.
#[component]
pub fn PermanentConsequence(ctx: RollCtx, id: String, #[prop(into)] left: Signal<Option<u8>>) -> impl IntoView {
    let done = RwSignal::new(None::<u8>);
    let id = StoredValue::new(id);
    let spend = move |_| {
        let spent = spend_from_sheet(ctx, &id.get_value(), FortuneSpend::PermanentConsequence);
        if spent > 0 {
            let text = format!("Spent {spent} Fortune: the permanent consequence is avoided.");
            ctx.announce(text);
            done.set(Some(spent));
        }
    };
    view! {
        <div class="field permanent-fortune">
            <button
                type="button"
                id="ri-fortune-permanent"
                class="secondary"
                aria-describedby="ri-fortune-permanent-hint"
                disabled=move || left.get().unwrap_or(0) == 0
                on:click=spend
            >
                {move || format!("Spend all Fortune ({}) to avoid a permanent consequence", left.get().unwrap_or(0))}
            </button>
            <span class="field-hint" id="ri-fortune-permanent-hint" role="status">
                {move || match done.get() {
                    Some(n) => format!("Spent {n} Fortune: death, dismemberment or the permanent consequence is avoided."),
                    None if left.get().unwrap_or(0) == 0 => "No Fortune left: this needs at least 1.".to_string(),
                    None => "Death, dismemberment or another permanent consequence: spend all your Fortune (at least 1) to avoid it.".to_string(),
                }}
            </span>
        </div>
    }
}

/// The Fortune left on character `id`'s sheet (reactively); None ad hoc or for a character of another system.
pub fn fortune_left(ctx: RollCtx, id: &Option<String>) -> Option<u8> {
    let id = id.as_ref()?;
    ctx.state.characters.with(|cs| {
        cs.iter().find(|c| &c.id == id).and_then(|c| match &c.sheet {
            Sheet::RuinaImperii(s) => Some(s.fortune),
            _ => None,
        })
    })
}

/// Whether the Fortune picked (`"none"`, `"roll"`, `"scene"`) can be spent: not when the sheet has none left.
pub fn fortune_ok(picked: String, scene_spent: bool, left: Option<u8>) -> bool {
    let spending = !scene_spent && picked != "none";
    !(spending && left.is_some_and(|f| f == 0))
}

/// Fortune for the next roll (none, 1 for this roll, all for the scene), the scene's spend once made, and the
/// spend for a permanent consequence.
#[component]
pub fn FortuneField(
    fortune: RwSignal<String>,
    scene_fortune: RwSignal<bool>,
    character: Option<String>,
) -> impl IntoView {
    let ctx = RollCtx::get();
    let id = StoredValue::new(character);
    let fortune_left = move || fortune_left(ctx, &id.get_value());
    let fortune_options = erased::derive(move || {
        let left = fortune_left().map(|f| format!(" ({f} left)")).unwrap_or_default();
        vec![
            ("none".to_string(), "No Fortune".to_string()),
            ("roll".to_string(), format!("Spend 1 to ignore a Harsh Failure on this roll{left}")),
            ("scene".to_string(), format!("Spend all to ignore Harsh Failures for the scene{left}")),
        ]
    });
    view! {
        <Show
            when=move || !scene_fortune.get()
            fallback=move || view! {
                <p class="scene-fortune">
                    "Fortune is spent for this scene: Harsh Failures are ignored. "
                    <button type="button" id="ri-end-scene" class="secondary" on:click=move |_| scene_fortune.set(false)>"End the scene"</button>
                </p>
            }
        >
            <SelectField id="ri-fortune" label="Fortune" value=fortune options=fortune_options forget=true />
        </Show>
        {id.get_value().map(|id| view! { <PermanentConsequence ctx id left=erased::derive(fortune_left) /> })}
        <Show when=move || !fortune_ok(fortune.get(), scene_fortune.get(), fortune_left())>
            <p class="request-error" role="alert">"No Fortune left on the sheet to spend."</p>
        </Show>
    }
}
