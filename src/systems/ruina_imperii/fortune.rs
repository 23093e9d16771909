//! Fortune from the Roll panel: spending it on the active character's sheet, and the spend that is not tied to a
//! roll (all of it, at least 1, to avoid death, dismemberment or another permanent consequence).

use crate::state::now_ms;
use crate::systems::kit::RollCtx;
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
