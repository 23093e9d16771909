//! The Ruina Imperii sheet editor: skills with the dice they roll, the Risk Limit, and Fortune with spend/gain.

use crate::state::edit::SheetAccess;
use crate::state::erased;
use crate::systems::sheet_kit::{NameField, RemoveButton, RowsPart};
use dicetray_rules::systems::ruina_imperii::request::{MAX_RISK, MAX_SKILL};
use dicetray_saved::sheets::ruina_imperii::{FortuneSpend, Sheet, Skill};
use leptos::prelude::*;

/// The most Fortune the sheet tracks.
pub const MAX_FORTUNE: u8 = 99;

fn parse_in(text: &str, max: i32) -> Option<u8> {
    text.trim().parse::<i32>().ok().map(|v| v.clamp(0, max) as u8)
}

#[component]
fn SkillRow(sheet: SheetAccess<Sheet>, index: usize) -> impl IntoView {
    let skill = sheet.memo(move |s| s.skills.get(index).cloned());
    let name = move || skill.get().map(|s| s.name).unwrap_or_default();
    let set = move |f: &dyn Fn(&mut Skill)| sheet.update(|s| s.skills.get_mut(index).into_iter().for_each(f));
    let (name_id, dice_id) = (format!("ri-skill-{index}-name"), format!("ri-skill-{index}-dice"));
    view! {
        <li class="sheet-row skill-row" data-index=index>
            <NameField id=name_id label="Skill" class="skill-name" placeholder="e.g. Ride" value=erased::derive(name) on_input=move |v: String| set(&|k| k.name = v.clone()) />
            <div class="field narrow">
                <label for=dice_id.clone()>"Dice"</label>
                <input
                    id=dice_id
                    class="skill-dice"
                    type="number"
                    inputmode="numeric"
                    min="0"
                    max=MAX_SKILL.to_string()
                    prop:value=move || skill.get().map(|s| s.dice.to_string()).unwrap_or_default()
                    on:input=move |ev| {
                        if let Some(d) = parse_in(&event_target_value(&ev), MAX_SKILL) {
                            set(&|k| k.dice = d)
                        }
                    }
                />
            </div>
            <p class="skill-pool">
                {move || match skill.get().map(|s| s.dice) {
                    Some(0) => "0 dice: roll 1 die at Risk 1".to_string(),
                    Some(1) => "1d6, hits on 4+".to_string(),
                    Some(n) => format!("{n}d6, hits on 4+"),
                    None => String::new(),
                }}
            </p>
            <RemoveButton class="remove-skill" what="skill" name=erased::derive(name) on_remove=move |_: ()| sheet.update(|s| _ = (index < s.skills.len()).then(|| s.skills.remove(index))) />
        </li>
    }
}

#[component]
fn RiskAndFortune(sheet: SheetAccess<Sheet>) -> impl IntoView {
    let risk = sheet.memo(|s| Some(s.risk_limit));
    let fortune = sheet.memo(|s| Some(s.fortune));
    let fortune_n = move || fortune.get().unwrap_or(0);
    view! {
        <section class="sheet-part">
            <h3>"Risk and Fortune"</h3>
            <div class="sheet-row">
                <div class="field narrow">
                    <label for="ri-risk-limit">"Risk Limit"</label>
                    <input
                        id="ri-risk-limit"
                        class="risk-limit"
                        type="number"
                        inputmode="numeric"
                        min="0"
                        max=MAX_RISK.to_string()
                        aria-describedby="ri-risk-hint"
                        prop:value=move || risk.get().map(|r| r.to_string()).unwrap_or_default()
                        on:input=move |ev| {
                            if let Some(r) = parse_in(&event_target_value(&ev), MAX_RISK) {
                                sheet.update(|s| s.risk_limit = r)
                            }
                        }
                    />
                </div>
                <p id="ri-risk-hint" class="hint">
                    {move || format!("Each roll may Risk 0 to {} extra dice (and gains Explode 6).", risk.get().unwrap_or(0))}
                </p>
            </div>
            <div class="fortune" role="group" aria-labelledby="ri-fortune-label">
                <span id="ri-fortune-label" class="fortune-label">"Fortune"</span>
                <output class="fortune-value" aria-live="polite">{fortune_n}</output>
                <button
                    type="button"
                    class="spend-fortune"
                    aria-label="Spend 1 Fortune"
                    disabled=move || fortune_n() == 0
                    on:click=move |_| sheet.update(|s| _ = s.spend_fortune(FortuneSpend::Roll))
                >
                    "Spend 1"
                </button>
                <button
                    type="button"
                    class="spend-all-fortune"
                    aria-label="Spend all Fortune"
                    disabled=move || fortune_n() == 0
                    on:click=move |_| sheet.update(|s| _ = s.spend_fortune(FortuneSpend::Scene))
                >
                    "Spend all"
                </button>
                <button
                    type="button"
                    class="gain-fortune"
                    aria-label="Gain 1 Fortune"
                    disabled=move || { fortune_n() >= MAX_FORTUNE }
                    on:click=move |_| sheet.update(|s| s.fortune = (s.fortune + 1).min(MAX_FORTUNE))
                >
                    "Gain 1"
                </button>
            </div>
            <p class="hint">"Spend 1 to ignore one roll's Harsh Failure; spend all (at least 1) to ignore it for the scene or avoid a permanent consequence."</p>
        </section>
    }
}

/// The Ruina Imperii sheet of character `id`.
#[component]
pub fn RuinaImperiiSheetEditor(id: String) -> impl IntoView {
    let sheet = SheetAccess::<Sheet>::new(id);
    let skills = sheet.memo(|s| Some(s.skills.len()));
    let add = move |_: ()| sheet.update(|s| s.skills.push(Skill { name: String::new(), dice: 2 }));
    view! {
        <div class="sheet-editor" data-system="ruina-imperii">
            <RowsPart title="Skills" list_class="skills" count=skills row=move |index| view! { <SkillRow sheet index /> } add=("add-skill", "Add skill", Callback::new(add)) />
            <RiskAndFortune sheet />
        </div>
    }
}
