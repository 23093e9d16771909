//! The Total//Effect sheet editor: Level (0-10) with the Tier it gives, shown by the game's name for it; tier
//! names from the three example games or custom; abilities with their outcome bands over Total, checked as typed.

use crate::state::edit::SheetAccess;
use crate::state::erased;
use crate::systems::sheet_kit::{focus_new_row, NameField};
use dicetray_rules::systems::total_effect::{tier_of_level, Band, BAND_FORMS};
use dicetray_saved::sheets::total_effect::{Ability, BandNote, Sheet, TierPreset};
use leptos::prelude::*;

/// What a band's text means, or why it is not a band (the text is read exactly as the rules crate reads it).
pub fn band_reading(text: &str) -> Result<String, String> {
    match Band::parse(text) {
        Some(Band::AtLeast(x)) => Ok(format!("Total {x} or higher")),
        Some(Band::AtMost(x)) => Ok(format!("Total {x} or lower")),
        Some(Band::Between(x, y)) => Ok(format!("Total {x} to {y}")),
        None if text.is_empty() => Err(format!("empty; write {BAND_FORMS}")),
        None => Err(format!("`{text}` is not a band; write {BAND_FORMS} (no spaces)")),
    }
}

fn preset_id(p: TierPreset) -> &'static str {
    match p {
        TierPreset::ValiantHorizon => "valiant_horizon",
        TierPreset::LiminalVoid => "liminal_void",
        TierPreset::MachinationsOfCourtAndFrame => "machinations_of_court_and_frame",
        TierPreset::Custom => "custom",
    }
}

/// "Tier 2 · Famous" for a level under a sheet's tier names.
pub fn tier_text(sheet: &Sheet) -> String {
    match tier_of_level(u32::from(sheet.level)) {
        None => format!("Level {} has no Tier", sheet.level),
        Some(t) => match sheet.tier_names.names.get(t as usize).map(String::as_str) {
            Some(name) if !name.is_empty() => format!("Tier {t} · {name}"),
            _ if sheet.tier_names.preset == TierPreset::Custom => format!("Tier {t} (unnamed)"),
            _ => format!("Tier {t} (not used in {})", sheet.tier_names.preset.label()),
        },
    }
}

#[component]
fn LevelAndTier(sheet: SheetAccess<Sheet>) -> impl IntoView {
    let level = sheet.memo(|s| Some(s.level));
    let preset = sheet.memo(|s| Some(s.tier_names.preset));
    let tier = sheet.memo(|s| Some(tier_text(s)));
    view! {
        <section class="sheet-part">
            <h3>"Level and Tier"</h3>
            <div class="sheet-row">
                <div class="field">
                    <label for="te-level">"Level"</label>
                    <select
                        id="te-level"
                        class="te-level"
                        on:change=move |ev| {
                            if let Ok(l) = event_target_value(&ev).parse::<u8>() {
                                sheet.update(|s| s.level = l.min(10))
                            }
                        }
                    >
                        {(0..=10u8)
                            .map(|l| view! { <option value=l.to_string() prop:selected=move || level.get() == Some(l)>{l}</option> })
                            .collect_view()}
                    </select>
                </div>
                <p class="te-tier" aria-live="polite">
                    <strong>{move || tier.get().unwrap_or_default()}</strong>
                </p>
                <div class="field">
                    <label for="te-preset">"Tier names"</label>
                    <select
                        id="te-preset"
                        class="tier-preset"
                        on:change=move |ev| {
                            let v = event_target_value(&ev);
                            if let Some(p) = TierPreset::ALL.into_iter().find(|p| preset_id(*p) == v) {
                                sheet.update(|s| {
                                    if p == TierPreset::Custom {
                                        s.tier_names.preset = p
                                    } else {
                                        s.tier_names = p.names()
                                    }
                                })
                            }
                        }
                    >
                        {TierPreset::ALL
                            .into_iter()
                            .map(|p| view! { <option value=preset_id(p) prop:selected=move || preset.get() == Some(p)>{p.label()}</option> })
                            .collect_view()}
                    </select>
                </div>
            </div>
            <p class="hint">"Levels 1-3 are Tier 1, 4-6 Tier 2, 7-9 Tier 3; Level 0 (Tier 0) and 10 (Tier 4) exist only in some games. Acting below your Tier gives 1 Advantage, above it 1 Disadvantage."</p>
            <div class="tier-names">
                {(0..5usize)
                    .map(|t| {
                        let name = sheet.memo(move |s| s.tier_names.names.get(t).cloned());
                        let id = format!("te-tier-name-{t}");
                        view! {
                            <div class="field">
                                <label for=id.clone()>{format!("Tier {t} name")}</label>
                                <input
                                    id=id
                                    class="tier-name"
                                    type="text"
                                    placeholder="(no such tier)"
                                    prop:value=move || name.get().unwrap_or_default()
                                    on:input=move |ev| {
                                        let v = event_target_value(&ev);
                                        sheet.update(|s| {
                                            s.tier_names.preset = TierPreset::Custom;
                                            s.tier_names.names[t] = v;
                                        })
                                    }
                                />
                            </div>
                        }
                    })
                    .collect_view()}
            </div>
        </section>
    }
}

#[component]
fn BandRow(sheet: SheetAccess<Sheet>, ability: usize, index: usize) -> impl IntoView {
    let band = sheet.memo(move |s| s.abilities.get(ability).and_then(|a| a.bands.get(index)).cloned());
    let reading = Memo::new(move |_| band.get().map(|b| band_reading(&b.band)));
    let invalid = move || matches!(reading.get(), Some(Err(_)));
    let set = move |f: &dyn Fn(&mut BandNote)| {
        sheet.update(|s| s.abilities.get_mut(ability).and_then(|a| a.bands.get_mut(index)).into_iter().for_each(f))
    };
    let (band_id, effect_id, note_id) = (
        format!("te-ability-{ability}-band-{index}"),
        format!("te-ability-{ability}-band-{index}-effect"),
        format!("te-ability-{ability}-band-{index}-note"),
    );
    view! {
        <li class="band-row" data-index=index>
            <div class="field narrow">
                <label for=band_id.clone()>"Band"</label>
                <input
                    id=band_id
                    class="band-text"
                    type="text"
                    autocomplete="off"
                    spellcheck="false"
                    placeholder="9+"
                    aria-describedby=note_id.clone()
                    aria-invalid=move || if invalid() { "true" } else { "false" }
                    prop:value=move || band.get().map(|b| b.band).unwrap_or_default()
                    on:input=move |ev| {
                        let v = event_target_value(&ev);
                        set(&|b| b.band = v.clone())
                    }
                />
            </div>
            <NameField
                id=effect_id
                label="What it does"
                class="band-effect"
                value=erased::derive(move || band.get().map(|b| b.effect).unwrap_or_default())
                on_input=move |v: String| set(&|b| b.effect = v.clone())
            />
            <p id=note_id class="band-note" class:error=invalid aria-live="polite">
                {move || match reading.get() {
                    Some(Ok(text)) => format!("✓ {text}"),
                    Some(Err(problem)) => format!("✗ {problem}"),
                    None => String::new(),
                }}
            </p>
            <button
                type="button"
                class="remove-band"
                aria-label=move || format!("Remove band {}", band.get().map(|b| b.band).unwrap_or_default())
                on:click=move |_| {
                    sheet.update(|s| {
                        if let Some(a) = s.abilities.get_mut(ability) {
                            if index < a.bands.len() {
                                a.bands.remove(index);
                            }
                        }
                    })
                }
            >
                "Remove"
            </button>
        </li>
    }
}

#[component]
fn AbilityBlock(sheet: SheetAccess<Sheet>, index: usize) -> impl IntoView {
    let name = sheet.memo(move |s| s.abilities.get(index).map(|a| a.name.clone()));
    let bands = sheet.memo(move |s| s.abilities.get(index).map(|a| a.bands.len()));
    let name_id = format!("te-ability-{index}-name");
    let add_band = move |_| {
        sheet.update(|s| {
            if let Some(a) = s.abilities.get_mut(index) {
                a.bands.push(BandNote { band: "13+".into(), effect: String::new() })
            }
        })
    };
    view! {
        <li class="ability-block" data-index=index>
            <div class="sheet-row">
                <NameField
                    id=name_id
                    label="Ability"
                    class="ability-name"
                    placeholder="e.g. Brawn"
                    value=erased::derive(move || name.get().unwrap_or_default())
                    on_input=move |v: String| {
                        sheet.update(|s| s.abilities.get_mut(index).into_iter().for_each(|a| a.name = v.clone()))
                    }
                />
                <button
                    type="button"
                    class="remove-ability"
                    aria-label=move || format!("Remove ability {}", name.get().unwrap_or_default())
                    on:click=move |_| sheet.update(|s| _ = (index < s.abilities.len()).then(|| s.abilities.remove(index)))
                >
                    "Remove ability"
                </button>
            </div>
            <ul class="band-list" aria-label=move || format!("Bands of {}", name.get().unwrap_or_default())>
                <For
                    each=move || 0..bands.get().unwrap_or(0)
                    key=|i| *i
                    children=move |b| view! { <BandRow sheet ability=index index=b /> }
                />
            </ul>
            <button
                type="button"
                class="add-band"
                aria-label=move || format!("Add a band to {}", name.get().unwrap_or_default())
                on:click=add_band
            >
                "Add band"
            </button>
        </li>
    }
}

/// The Total//Effect sheet of character `id`.
#[component]
pub fn TotalEffectSheetEditor(id: String) -> impl IntoView {
    let sheet = SheetAccess::<Sheet>::new(id);
    let abilities = sheet.memo(|s| Some(s.abilities.len()));
    let add = move |_| {
        sheet.update(|s| {
            s.abilities.push(Ability {
                name: String::new(),
                bands: vec![BandNote { band: "9+".into(), effect: String::new() }],
            })
        })
    };
    view! {
        <div class="sheet-editor" data-system="total-effect">
            <LevelAndTier sheet />
            <section class="sheet-part">
                <h3>"Abilities"</h3>
                <p class="hint">"Each band is a range of Total: X+ (X or higher), X- (X or lower) or X-Y. Every band the Total falls in triggers."</p>
                <ul class="ability-list">
                    <For
                        each=move || 0..abilities.get().unwrap_or(0)
                        key=|i| *i
                        children=move |index| view! { <AbilityBlock sheet index /> }
                    />
                </ul>
                <button
                    type="button"
                    class="add-ability"
                    on:click=move |ev| {
                        add(ev);
                        focus_new_row("ability-list");
                    }
                >
                    "Add ability"
                </button>
            </section>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_are_read_or_explained() {
        assert_eq!(band_reading("9+").unwrap(), "Total 9 or higher");
        assert_eq!(band_reading("8-").unwrap(), "Total 8 or lower");
        assert_eq!(band_reading("6-8").unwrap(), "Total 6 to 8");
        assert!(band_reading("8-6").unwrap_err().contains("not a band"));
        assert!(band_reading("").is_err());
    }

    #[test]
    fn tiers_show_the_games_names() {
        let mut s = Sheet::default();
        assert_eq!(tier_text(&s), "Tier 1 · Fledgling");
        s.level = 0;
        assert_eq!(tier_text(&s), "Tier 0 (not used in Valiant Horizon)");
        s.level = 5;
        s.tier_names = TierPreset::LiminalVoid.names();
        assert_eq!(tier_text(&s), "Tier 2 · Seasoned");
    }
}
