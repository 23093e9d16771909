//! The Remedy sheet editor: the six ability scores (names and scores editable) and skills, each under one ability,
//! with its check dice in Remedy notation, checked as the player types.

use crate::state::edit::SheetAccess;
use crate::state::erased;
use crate::systems::sheet_kit::{NameField, RemoveButton, RowsPart};
use dicetray_rules::systems::remedy::{CheckDice, Keep};
use dicetray_saved::sheets::remedy::{Sheet, Skill};
use leptos::prelude::*;

/// What a check-dice text means, or why it is not check dice.
pub fn dice_reading(text: &str) -> Result<String, String> {
    let dice: CheckDice = text.parse().map_err(|e: dicetray_rules::systems::RequestError| e.problem)?;
    let keep = match dice.keep {
        Keep::Single => "one d20".to_string(),
        Keep::Highest => format!("the highest of {} d20s", dice.count),
        Keep::Lowest => format!("the lowest of {} d20s", dice.count),
    };
    let mut extra = Vec::new();
    if dice.reroll_up_to > 0 {
        extra.push(match dice.reroll_up_to {
            1 => "reroll a 1 once".to_string(),
            k => format!("reroll 1-{k} once"),
        });
    }
    if dice.explode {
        extra.push("20s explode".to_string());
    }
    let extra = if extra.is_empty() { String::new() } else { format!(", {}", extra.join(", ")) };
    Ok(format!("{dice}: keep {keep}{extra}"))
}

#[component]
fn AbilityRow(sheet: SheetAccess<Sheet>, index: usize) -> impl IntoView {
    let ability = sheet.memo(move |s| s.abilities.get(index).cloned());
    let name_id = format!("remedy-ability-{index}-name");
    let score_id = format!("remedy-ability-{index}-score");
    view! {
        <li class="sheet-row ability-row" data-index=index>
            <div class="field grow">
                <label for=name_id.clone()>{format!("Ability {}", index + 1)}</label>
                <input
                    id=name_id
                    class="ability-name"
                    type="text"
                    prop:value=move || ability.get().map(|a| a.name).unwrap_or_default()
                    on:input=move |ev| {
                        let v = event_target_value(&ev);
                        sheet.update(|s| s.abilities.get_mut(index).into_iter().for_each(|a| a.name = v.clone()))
                    }
                />
            </div>
            <div class="field narrow">
                <label for=score_id.clone()>"Score"</label>
                <input
                    id=score_id
                    class="ability-score"
                    type="number"
                    inputmode="numeric"
                    min="-10"
                    max="30"
                    prop:value=move || ability.get().map(|a| a.score.to_string()).unwrap_or_default()
                    on:input=move |ev| {
                        if let Ok(v) = event_target_value(&ev).trim().parse::<i32>() {
                            sheet.update(|s| s.abilities.get_mut(index).into_iter().for_each(|a| a.score = v.clamp(-99, 99)))
                        }
                    }
                />
            </div>
        </li>
    }
}

#[component]
fn SkillRow(sheet: SheetAccess<Sheet>, index: usize) -> impl IntoView {
    let skill = sheet.memo(move |s| s.skills.get(index).cloned());
    let names = sheet.memo(|s| Some(s.abilities.iter().map(|a| a.name.clone()).collect::<Vec<_>>()));
    let name = move || skill.get().map(|s| s.name).unwrap_or_default();
    let reading = Memo::new(move |_| skill.get().map(|s| dice_reading(&s.dice)));
    let set = move |f: &dyn Fn(&mut Skill)| sheet.update(|s| s.skills.get_mut(index).into_iter().for_each(f));
    let (name_id, ability_id, dice_id, note_id) = (
        format!("remedy-skill-{index}-name"),
        format!("remedy-skill-{index}-ability"),
        format!("remedy-skill-{index}-dice"),
        format!("remedy-skill-{index}-dice-note"),
    );
    let invalid = move || matches!(reading.get(), Some(Err(_)));
    view! {
        <li class="sheet-row skill-row" data-index=index>
            <NameField id=name_id label="Skill" class="skill-name" placeholder="e.g. Stealth" value=erased::derive(name) on_input=move |v: String| set(&|k| k.name = v.clone()) />
            <div class="field">
                <label for=ability_id.clone()>"Ability"</label>
                <select
                    id=ability_id
                    class="skill-ability"
                    on:change=move |ev| {
                        if let Ok(a) = event_target_value(&ev).parse::<usize>() {
                            set(&|k| k.ability = a.min(5))
                        }
                    }
                >
                    {move || {
                        names
                            .get()
                            .unwrap_or_default()
                            .into_iter()
                            .enumerate()
                            .map(|(i, n)| {
                                view! {
                                    <option value=i.to_string() prop:selected=move || skill.get().is_some_and(|s| s.ability == i)>
                                        {n}
                                    </option>
                                }
                            })
                            .collect_view()
                    }}
                </select>
            </div>
            <div class="field">
                <label for=dice_id.clone()>"Check dice"</label>
                <input
                    id=dice_id
                    class="skill-dice"
                    type="text"
                    autocomplete="off"
                    spellcheck="false"
                    placeholder="2d20^"
                    aria-describedby=note_id.clone()
                    aria-invalid=move || if invalid() { "true" } else { "false" }
                    prop:value=move || skill.get().map(|s| s.dice).unwrap_or_default()
                    on:input=move |ev| {
                        let v = event_target_value(&ev);
                        set(&|k| k.dice = v.clone())
                    }
                />
            </div>
            <p id=note_id class="dice-note" class:error=invalid aria-live="polite">
                {move || match reading.get() {
                    Some(Ok(text)) => format!("✓ {text}"),
                    Some(Err(problem)) => format!("✗ Not check dice: {problem}. Write e.g. 1d20, 2d20▲ (^), 2d20▼ (v), add ♻ (~) or !"),
                    None => String::new(),
                }}
            </p>
            <RemoveButton class="remove-skill" what="skill" name=erased::derive(name) on_remove=move |_: ()| sheet.update(|s| _ = (index < s.skills.len()).then(|| s.skills.remove(index))) />
        </li>
    }
}

/// The Remedy sheet of character `id`.
#[component]
pub fn RemedySheetEditor(id: String) -> impl IntoView {
    let sheet = SheetAccess::<Sheet>::new(id);
    let abilities = sheet.memo(|s| Some(s.abilities.len()));
    let skills = sheet.memo(|s| Some(s.skills.len()));
    let add =
        move |_: ()| sheet.update(|s| s.skills.push(Skill { name: String::new(), ability: 0, dice: "1d20".into() }));
    view! {
        <div class="sheet-editor" data-system="remedy">
            <RowsPart title="Ability scores" hint="A check adds the score of the ability its skill is listed under to the kept d20." list_class="abilities" count=abilities row=move |index| view! { <AbilityRow sheet index /> } />
            <RowsPart title="Skills" hint="Check dice come from aptitude and mastery: 1d20, or several d20s keeping the highest (▲, type ^) or lowest (▼, type v); ♻ (~) rerolls low faces once, ! explodes 20s." list_class="skills" count=skills row=move |index| view! { <SkillRow sheet index /> } add=("add-skill", "Add skill", Callback::new(add)) />
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::dice_reading;

    #[test]
    fn check_dice_are_read_or_explained() {
        assert_eq!(dice_reading("2d20^").unwrap(), "2d20▲: keep the highest of 2 d20s");
        assert_eq!(dice_reading("1d20~!").unwrap(), "1d20♻!: keep one d20, reroll a 1 once, 20s explode");
        assert!(dice_reading("2d20").unwrap_err().contains("2d20"));
        assert!(dice_reading("3d6").is_err());
    }
}
