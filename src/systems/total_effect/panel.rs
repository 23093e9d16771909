//! The Total//Effect roll panel: Advantage and Disadvantage (with the Tier-against-Tier helper), Escalation and
//! its table option, a modifier, and the ability's bands; after the roll, the High/Mid/Low Effect dice and the
//! bands that triggered.

use crate::systems::kit::{
    int, roll_and_record, summary_view, NumberField, OddsView, RollButton, RollCtx, SelectField,
};
use crate::systems::Sheet;
use dicetray_rules::systems::total_effect::{
    halve, tier_advantage, tier_of_level, EscalationMode, Outcome, TotalEffect, TotalEffectRequest, TotalEffectRoll,
};
use dicetray_rules::systems::{RequestError, Roll, RuleSystem};
use leptos::prelude::*;

/// Outcome names in words; anything else is a band (`9+` reads "Band 9+").
pub fn label(name: &str) -> String {
    match name {
        "clean_success" => "Clean success".into(),
        "success_with_twist" => "Success with a twist".into(),
        "hard_choice" => "Hard choice".into(),
        band => format!("Band {band}"),
    }
}

fn meaning(roll: &TotalEffectRoll) -> String {
    let text = match roll.outcome {
        Outcome::CleanSuccess => "13 or more: you succeed with no strings attached.",
        Outcome::SuccessWithTwist => "9 to 12: you succeed, but with a minor twist or cost.",
        Outcome::HardChoice => "8 or less: choose between failing with a minor twist and succeeding at a major cost.",
    };
    format!("{text} (Total//Effect)")
}

/// One band entry: its text and what it does.
#[derive(Clone, Copy)]
struct BandEntry {
    id: usize,
    band: RwSignal<String>,
    effect: RwSignal<String>,
}

/// The Total//Effect roll panel.
#[component]
pub fn TotalEffectPanel(character: Option<String>) -> impl IntoView {
    let ctx = RollCtx::get();
    let sheet = character.as_ref().and_then(|id| ctx.state.character(id)).and_then(|c| match c.sheet {
        Sheet::TotalEffect(s) => Some(s),
        _ => None,
    });
    let sheet = StoredValue::new(sheet);
    let ability_options: Vec<(String, String)> = sheet.with_value(|s| {
        s.as_ref().map_or(Vec::new(), |s| {
            let mut o = vec![(String::new(), "General roll (no ability)".to_string())];
            o.extend(s.abilities.iter().enumerate().map(|(i, a)| (i.to_string(), a.name.clone())));
            o
        })
    });
    let has_abilities = ability_options.len() > 1;
    let ability_pick = RwSignal::new(if has_abilities { "0".to_string() } else { String::new() });

    let bands = RwSignal::new(Vec::<BandEntry>::new());
    let next = StoredValue::new(0usize);
    let add_band = move |band: String, effect: String| {
        let id = next.get_value();
        next.set_value(id + 1);
        bands.update(|v| v.push(BandEntry { id, band: RwSignal::new(band), effect: RwSignal::new(effect) }));
    };
    Effect::new(move |_| {
        let pick = ability_pick.get().parse::<usize>().ok();
        let notes = sheet.with_value(|s| s.as_ref().and_then(|s| s.abilities.get(pick?).map(|a| a.bands.clone())));
        if let Some(notes) = notes {
            bands.set(Vec::new());
            for n in notes {
                add_band(n.band, n.effect);
            }
        } else if pick.is_none() && has_abilities {
            bands.set(Vec::new());
        }
    });

    let advantage = RwSignal::new("0".to_string());
    let disadvantage = RwSignal::new("0".to_string());
    let character_tier = sheet.with_value(|s| s.as_ref().and_then(|s| tier_of_level(s.level as u32)));
    let my_tier = RwSignal::new(character_tier.map_or(String::new(), |t| t.to_string()));
    let their_tier = RwSignal::new(String::new());
    let escalation = RwSignal::new("0".to_string());
    let mode = RwSignal::new("add".to_string());
    let modifier = RwSignal::new("0".to_string());

    let tier_bonus = move || match (my_tier.get().parse::<u32>(), their_tier.get().parse::<u32>()) {
        (Ok(me), Ok(them)) => tier_advantage(me, them),
        _ => (0, 0),
    };
    let request = Memo::new(move |_| -> Result<TotalEffectRequest, RequestError> {
        let (ta, td) = tier_bonus();
        let r = TotalEffectRequest {
            advantage: int("advantage", &advantage.get())? + ta as i64,
            disadvantage: int("disadvantage", &disadvantage.get())? + td as i64,
            escalation: int("escalation", &escalation.get())?,
            modifier: int("modifier", &modifier.get())?,
            bands: bands.get().iter().map(|b| b.band.get().trim().to_string()).collect(),
            escalation_mode: match mode.get().as_str() {
                "floor" => EscalationMode::Floor,
                "ceiling" => EscalationMode::Ceiling,
                _ => EscalationMode::Add,
            },
        };
        r.validate()?;
        Ok(r)
    });
    let odds = Signal::derive(move || request.get().and_then(|r| TotalEffect::odds(&r)));

    let last = RwSignal::new(None::<(TotalEffectRoll, Vec<(String, String)>)>);
    let character_id = StoredValue::new(character);
    let on_roll = move || {
        let Ok(req) = request.get_untracked() else { return };
        let notes: Vec<(String, String)> =
            bands.get_untracked().iter().map(|b| (b.band.get_untracked(), b.effect.get_untracked())).collect();
        let detail = format!(
            "{}d6 keep {}{}{}",
            req.dice_count(),
            if req.net_advantage() >= 0 { "highest 3" } else { "lowest 3" },
            if req.escalation > 0 { format!(", Escalation {}", req.escalation) } else { String::new() },
            if req.modifier != 0 { format!(", {:+}", req.modifier) } else { String::new() },
        );
        let who = ctx.character_ref(&character_id.get_value());
        if let Ok((Roll::TotalEffect(roll), _)) = roll_and_record::<TotalEffect>(ctx, &req, who, label, &detail) {
            last.set(Some((roll, notes)));
        }
    };

    let tier_names: Vec<String> = sheet.with_value(|s| {
        (0..5)
            .map(|t| match s.as_ref().map(|s| s.tier_names.names[t].clone()).filter(|n| !n.is_empty()) {
                Some(n) => format!("Tier {t}: {n}"),
                None => format!("Tier {t}"),
            })
            .collect()
    });
    let tier_options = move |none: &str| {
        let mut o = vec![(String::new(), none.to_string())];
        o.extend(tier_names.iter().enumerate().map(|(t, n)| (t.to_string(), n.clone())));
        o
    };
    let net_hint = Signal::derive(move || {
        let (ta, td) = tier_bonus();
        let tier = match (ta, td) {
            (1, _) => " (includes 1 Advantage: acting below your tier)",
            (_, 1) => " (includes 1 Disadvantage: acting above your tier)",
            _ => "",
        };
        match request.get() {
            Ok(r) if r.net_advantage() > 0 => {
                format!("Net {} Advantage: roll {}d6, keep the highest 3{tier}", r.net_advantage(), r.dice_count())
            }
            Ok(r) if r.net_advantage() < 0 => {
                format!("Net {} Disadvantage: roll {}d6, keep the lowest 3{tier}", -r.net_advantage(), r.dice_count())
            }
            Ok(_) => format!("No net Advantage: roll 3d6{tier}"),
            Err(_) => String::new(),
        }
    });
    let escalation_options: Vec<(String, String)> = (0..=6).map(|e| (e.to_string(), e.to_string())).collect();
    let mode_options = vec![
        ("add".to_string(), "Adds to the Total".to_string()),
        ("floor".to_string(), "Table option: floor on each die".to_string()),
        ("ceiling".to_string(), "Table option: ceiling on each die".to_string()),
    ];

    view! {
        <div class="panel-inputs">
            {has_abilities.then(|| view! { <SelectField id="te-ability" label="Ability" value=ability_pick options=ability_options /> })}
            <NumberField id="te-adv" label="Advantage" value=advantage min=0 max=10 />
            <NumberField id="te-disadv" label="Disadvantage" value=disadvantage min=0 max=10 hint=net_hint />
            <SelectField id="te-my-tier" label="Your tier" value=my_tier options=tier_options("Tier not used") />
            <SelectField id="te-their-tier" label="Acting against tier" value=their_tier options=tier_options("Not a tier matter") />
            <SelectField id="te-escalation" label="Escalation" value=escalation options=escalation_options />
            <SelectField id="te-esc-mode" label="Escalation applies as" value=mode options=mode_options />
            <NumberField id="te-modifier" label="Modifier" value=modifier min=-20 max=20 />
            <fieldset class="bands">
                <legend>"Bands over the Total"</legend>
                <ul class="entry-list">
                    <For
                        each=move || bands.get()
                        key=|b| b.id
                        children=move |b| {
                            let band_id = format!("te-band-{}", b.id);
                            view! {
                                <li class="entry-row band-entry">
                                    <label class="sr-only" for=band_id.clone()>"Band (9+, 8-, 9-12)"</label>
                                    <input id=band_id class="band" type="text" placeholder="e.g. 9+" bind:value=b.band />
                                    <span class="band-effect">{move || b.effect.get()}</span>
                                    <button
                                        type="button"
                                        class="remove"
                                        aria-label=move || format!("Remove band {}", b.band.get())
                                        on:click=move |_| bands.update(|v| v.retain(|x| x.id != b.id))
                                    >
                                        "✕"
                                    </button>
                                </li>
                            }
                        }
                    />
                </ul>
                <button type="button" class="add" id="te-add-band" on:click=move |_| add_band(String::new(), String::new())>
                    "+ Add band"
                </button>
            </fieldset>
        </div>
        <div class="panel-odds"><OddsView odds=odds label=label events_caption="Chance of each band (they can overlap)" /></div>
        <div class="panel-roll"><RollButton enabled=Signal::derive(move || request.with(Result::is_ok)) on_roll=on_roll /></div>
        <div class="panel-output">
        {move || {
            last.get()
                .map(|(roll, notes)| {
                    let summary = Roll::TotalEffect(roll.clone()).summary();
                    let kept: Vec<String> = roll.dice.iter().filter(|d| d.kept).map(|d| d.value.to_string()).collect();
                    let mut detail = format!("Kept {}", kept.join(" + "));
                    if roll.escalation_mode == EscalationMode::Add && roll.escalation > 0 {
                        detail.push_str(&format!(" + {} Escalation", roll.escalation));
                    }
                    if roll.modifier != 0 {
                        detail.push_str(&format!(" {:+} modifier", roll.modifier));
                    }
                    detail.push_str(&format!(" = {}", roll.total));
                    let e = roll.effect;
                    let bands_view = notes
                        .into_iter()
                        .map(|(band, effect)| {
                            let hit = roll.events.iter().any(|x| x.trim() == band.trim());
                            view! {
                                <li class:triggered=hit data-band=band.clone() data-triggered=hit.to_string()>
                                    {format!("{} {}{}", if hit { "✔ triggered:" } else { "✖ not triggered:" }, band, if effect.is_empty() { String::new() } else { format!(" ({effect})") })}
                                </li>
                            }
                        })
                        .collect_view();
                    view! {
                        <section class="roll-result" data-outcome=roll.outcome.as_str()>
                            {summary_view(&summary, label, meaning(&roll), detail)}
                            <p class="effect-dice" aria-label="Effect dice">
                                <span class="effect-high">{format!("High {}", e.high)}</span>
                                <span class="effect-mid">{format!("Mid {}", e.mid)}</span>
                                <span class="effect-low">{format!("Low {}", e.low)}</span>
                                <span class="effect-halved">{format!("(halved: {} / {} / {})", halve(e.high), halve(e.mid), halve(e.low))}</span>
                            </p>
                            <ul class="band-list">{bands_view}</ul>
                        </section>
                    }
                })
        }}
        </div>
    }
}
