//! The Total//Effect roll panel: Advantage and Disadvantage (with the Tier-against-Tier helper), Escalation and
//! its table option, a modifier, the ability's bands and its readings of the Effect dice (stepped, halved); after
//! the roll, the High/Mid/Low Effect dice, the bands that triggered and what each reading gives.

use super::bands::{BandList, Bands};
use super::reads::EffectReads;
use super::result::TotalEffectResult;
use crate::state::situation::ROW;
use crate::systems::field_check::FieldCheck;
use crate::systems::kit::{int, roll_and_record, rows, NumberField, OddsView, RollCtx, SelectField};
use crate::systems::more::more_inputs;
use crate::systems::rehearsal::rehearse;
use crate::systems::roll_bar::RollBar;
use crate::systems::Sheet;
use dicetray_rules::systems::total_effect::{
    tier_advantage, tier_of_level, EscalationMode, TotalEffect, TotalEffectRequest, TotalEffectRoll,
};
use dicetray_rules::systems::{RequestError, Roll, RuleSystem};

use crate::state::erased;
use crate::systems::every_choice::EveryChoice;
use crate::widgets::later::Later;
use dicetray_rules::systems::Variant as _;
use leptos::prelude::*;

/// The system, as the roll bar names it.
const ID: &str = <TotalEffect as RuleSystem>::ID;

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
            o.extend(rows(Some(dicetray_saved::sheets::SystemSheet::rolls(s))));
            o
        })
    });
    let has_abilities = ability_options.len() > 1;
    let ability_pick = RwSignal::new(if has_abilities { "0".to_string() } else { String::new() });

    let bands = Bands::new();
    erased::effect(move |_| {
        let pick = ability_pick.get().parse::<usize>().ok();
        let notes = sheet.with_value(|s| s.as_ref().and_then(|s| s.abilities.get(pick?).map(|a| a.bands.clone())));
        if let Some(notes) = notes {
            bands.list.set(Vec::new());
            for n in notes {
                bands.add(n.band, n.effect);
            }
        } else if pick.is_none() && has_abilities {
            bands.list.set(Vec::new());
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
            bands: bands.texts(),
            escalation_mode: match mode.get().as_str() {
                "floor" => EscalationMode::Floor,
                "ceiling" => EscalationMode::Ceiling,
                _ => EscalationMode::Add,
            },
        };
        r.validate()?;
        Ok(r)
    });
    provide_context(FieldCheck::new(erased::derive(move || request.get().err())));
    let odds = Memo::new(move |_| request.get().and_then(|r| TotalEffect::odds(&r)));

    let last = RwSignal::new(None::<(TotalEffectRoll, Vec<(String, String)>)>);
    rehearse::<TotalEffect>(
        move || request.get_untracked(),
        move |_, roll| view! { <TotalEffectResult roll notes=bands.notes() /> }.into_any(),
    );
    let character_id = StoredValue::new(character);
    let on_roll = move || {
        let Ok(req) = request.get_untracked() else { return };
        let notes = bands.notes();
        let detail = TotalEffect::describe(&req);
        let who = ctx.character_ref(&character_id.get_value());
        roll_and_record::<TotalEffect>(ctx, &req, who, &detail, move |roll, _| {
            if let Roll::TotalEffect(roll) = roll {
                last.set(Some((roll, notes)));
            }
        });
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
    let net_hint = erased::derive(move || {
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
            {has_abilities.then(|| view! { <SelectField id="te-ability" label="Ability" value=ability_pick options=ability_options remember_as=ROW /> })}
            <NumberField id="te-adv" label="Advantage" field="advantage" value=advantage min=0 max=10 />
            <NumberField id="te-disadv" label="Disadvantage" field="disadvantage" value=disadvantage min=0 max=10 hint=net_hint />
            <SelectField id="te-my-tier" label="Your tier" value=my_tier options=tier_options("Tier not used") />
            <SelectField id="te-their-tier" label="Acting against tier" value=their_tier options=tier_options("Not a tier matter") />
            <SelectField id="te-escalation" label="Escalation" value=escalation options=escalation_options />
            <NumberField id="te-modifier" label="Modifier" field="modifier" value=modifier min=-20 max=20 />
            {more_inputs(move || mode.get_untracked() != "add", view! {
                <SelectField id="te-esc-mode" label="Escalation applies as" value=mode options=mode_options />
            })}
            <BandList bands=bands />
            <EffectReads effect=erased::derive(move || last.with(|l| l.as_ref().map(|(roll, _)| roll.effect))) />
        </div>
        <Later>
            <div class="panel-odds"><OddsView odds=odds label=TotalEffect::words events_caption="Chance of each band (they can overlap)" /></div>
            <RollBar system=ID enabled=erased::derive(move || request.with(Result::is_ok)) on_roll=on_roll odds=odds label=TotalEffect::words />
            <EveryChoice request=erased::derive(move || request.get().ok().map(TotalEffect::request)) />
            <div class="panel-output">
                {move || last.get().map(|(roll, notes)| view! { <TotalEffectResult roll notes /> })}
            </div>
        </Later>
    }
}
