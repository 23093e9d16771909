//! The Hack & Slash sheet editor: abilities with their bonus in half steps, changed by a -½/+½ stepper.

use crate::state::edit::SheetAccess;
use crate::state::erased;
use crate::systems::sheet_kit::{NameField, RemoveButton, RowsPart};
use dicetray_saved::sheets::hack_and_slash::{halves_text, Ability, Sheet, HALVES_MAX, HALVES_MIN};
use leptos::prelude::*;

#[component]
fn AbilityRow(sheet: SheetAccess<Sheet>, index: usize) -> impl IntoView {
    let ability = sheet.memo(move |s| s.abilities.get(index).cloned());
    let name = move || ability.get().map(|a| a.name).unwrap_or_default();
    let halves = move || ability.get().map_or(0, |a| a.halves);
    let step = move |by: i32| {
        sheet.update(|s| {
            if let Some(a) = s.abilities.get_mut(index) {
                a.halves = (a.halves + by).clamp(HALVES_MIN, HALVES_MAX);
            }
        })
    };
    let name_id = format!("hs-ability-{index}-name");
    view! {
        <li class="sheet-row ability-row" data-index=index>
            <NameField id=name_id label="Ability" class="ability-name" placeholder="e.g. Agility" value=erased::derive(name) on_input=move |v: String| sheet.update(|s| s.abilities.get_mut(index).into_iter().for_each(|a| a.name = v.clone())) />
            <div class="stepper" role="group" aria-label=move || format!("Bonus of {}", name())>
                <button
                    type="button"
                    class="step-down"
                    aria-label=move || format!("−½: lower {} by a half step", name())
                    disabled=move || { halves() <= HALVES_MIN }
                    on:click=move |_| step(-1)
                >
                    "−½"
                </button>
                <output class="ability-level" aria-live="polite">
                    {move || halves_text(halves())}
                </output>
                <button
                    type="button"
                    class="step-up"
                    aria-label=move || format!("+½: raise {} by a half step", name())
                    disabled=move || { halves() >= HALVES_MAX }
                    on:click=move |_| step(1)
                >
                    "+½"
                </button>
            </div>
            <RemoveButton class="remove-ability" what="ability" name=erased::derive(name) on_remove=move |_: ()| sheet.update(|s| _ = (index < s.abilities.len()).then(|| s.abilities.remove(index))) />
        </li>
    }
}

/// The Hack & Slash sheet of character `id`.
#[component]
pub fn HackAndSlashSheetEditor(id: String) -> impl IntoView {
    let sheet = SheetAccess::<Sheet>::new(id);
    let abilities = sheet.memo(|s| Some(s.abilities.len()));
    let add = move |_: ()| sheet.update(|s| s.abilities.push(Ability { name: String::new(), halves: 0 }));
    view! {
        <div class="sheet-editor" data-system="hack-and-slash">
            <RowsPart title="Abilities" hint="Bonuses come in half steps (0, ½, 1, 1½ ...), from -10 to 20; a roll is d6 plus bonuses against d6 plus difficulty." list_class="abilities" count=abilities row=move |index| view! { <AbilityRow sheet index /> } add=("add-ability", "Add ability", Callback::new(add)) />
        </div>
    }
}
