//! The Ruina Imperii roll panel: skill dice, Risk up to the Risk Limit, Explode from elsewhere, a static
//! difficulty or an opposed pool, and Fortune (spend 1 for this roll, or all for the scene or to avoid a
//! permanent consequence).

use super::fortune::{fortune_left, fortune_ok, spend_from_sheet, FortuneField};
use super::fortune_after::{can_spend_after, FortuneAfter, Rolled};
use super::result::RuinaImperiiResult;
use crate::state::erased;
use crate::state::situation::ROW;
use crate::systems::every_choice::EveryChoice;
use crate::systems::favourite::{contest_of, ContestFavourite};
use crate::systems::field_check::FieldCheck;
use crate::systems::kit::{int32, roll_and_record, rows, NumberField, OddsView, RollCtx, SelectField};
use crate::systems::more::more_inputs;
use crate::systems::rehearsal::rehearse;
use crate::systems::roll_bar::{FollowUp, RollBar};
use crate::systems::Sheet;
use crate::widgets::later::Later;
use dicetray_rules::systems::ruina_imperii::{Fortune, Opponent, RuinaImperii, RuinaImperiiRequest};
use dicetray_rules::systems::Variant as _;
use dicetray_rules::systems::{RequestError, Roll, RuleSystem};
use dicetray_saved::sheets::ruina_imperii::FortuneSpend;
use dicetray_saved::sheets::SystemSheet;
use leptos::prelude::*;

/// The system, as the roll bar names it.
const ID: &str = <RuinaImperii as RuleSystem>::ID;

fn explode_options() -> Vec<(String, String)> {
    vec![
        (String::new(), "None".into()),
        ("6".into(), "Explode 6".into()),
        ("5".into(), "Explode 5".into()),
        ("4".into(), "Explode 4".into()),
    ]
}

/// The Ruina Imperii roll panel.
#[component]
pub fn RuinaImperiiPanel(character: Option<String>) -> impl IntoView {
    let ctx = RollCtx::get();
    let state = ctx.state;
    let sheet = character.as_ref().and_then(|id| state.character(id)).and_then(|c| match c.sheet {
        Sheet::RuinaImperii(s) => Some(s),
        _ => None,
    });
    let risk_limit = sheet.as_ref().map(|s| s.risk_limit as i32);
    let skill_options = rows(sheet.as_ref().map(SystemSheet::rolls));
    let skills = StoredValue::new(sheet.map(|s| s.skills).unwrap_or_default());
    let has_skills = !skill_options.is_empty();
    let skill_pick = RwSignal::new(if has_skills { "0".to_string() } else { String::new() });
    let skill = RwSignal::new("3".to_string());
    erased::effect(move |_| {
        if let Some(k) = skill_pick.get().parse::<usize>().ok().and_then(|i| skills.with_value(|v| v.get(i).cloned())) {
            skill.set(k.dice.to_string());
        }
    });
    let risk = RwSignal::new("0".to_string());
    let explode = RwSignal::new(String::new());
    let mode = RwSignal::new("static".to_string());
    let difficulty = RwSignal::new("1".to_string());
    let opp_skill = RwSignal::new("3".to_string());
    let opp_risk = RwSignal::new("0".to_string());
    let opp_explode = RwSignal::new(String::new());
    let fortune = RwSignal::new("none".to_string());
    let scene_fortune = RwSignal::new(false);

    let character_id = StoredValue::new(character);
    let fortune_left = move || fortune_left(ctx, &character_id.get_value());
    let explode_of = |field: &str, s: String| -> Result<Option<i32>, RequestError> {
        if s.is_empty() {
            Ok(None)
        } else {
            int32(field, &s).map(Some)
        }
    };
    let request = Memo::new(move |_| -> Result<RuinaImperiiRequest, RequestError> {
        let mut r = RuinaImperiiRequest::against(int32("skill", &skill.get())?, int32("risk", &risk.get())?, 0);
        r.explode = explode_of("explode", explode.get())?;
        r.risk_limit = risk_limit;
        if mode.get() == "opposed" {
            r.difficulty = None;
            r.opponent = Some(Opponent {
                skill: int32("opponent.skill", &opp_skill.get())?,
                risk: int32("opponent.risk", &opp_risk.get())?,
                explode: explode_of("opponent.explode", opp_explode.get())?,
            });
        } else {
            r.difficulty = Some(int32("difficulty", &difficulty.get())?);
        }
        r.fortune = if scene_fortune.get() {
            Fortune::Scene
        } else {
            match fortune.get().as_str() {
                "roll" => Fortune::Roll,
                "scene" => Fortune::Scene,
                _ => Fortune::None,
            }
        };
        r.validate()?;
        Ok(r)
    });
    provide_context(FieldCheck::new(erased::derive(move || request.get().err())));
    let odds = Memo::new(move |_| request.get().and_then(|r| RuinaImperii::odds(&r)));
    let fortune_ok = move || fortune_ok(fortune.get(), scene_fortune.get(), fortune_left());

    let last = RwSignal::new(None::<Rolled>);
    rehearse::<RuinaImperii>(
        move || request.get_untracked(),
        |_, roll| view! { <RuinaImperiiResult last=Signal::stored(Some(roll)) /> }.into_any(),
    );
    let on_roll = move || {
        let Ok(req) = request.get_untracked() else { return };
        let detail = RuinaImperii::describe(&req);
        let who = ctx.character_ref(&character_id.get_value());
        roll_and_record::<RuinaImperii>(ctx, &req.clone(), who, &detail.clone(), move |roll, entry| {
            let Roll::RuinaImperii(roll) = roll else { return };
            // Fortune bookkeeping: one point for this roll, or all of it for the rest of the scene.
            let spend = if scene_fortune.get_untracked() { "none".to_string() } else { fortune.get_untracked() };
            if spend != "none" {
                let what = if spend == "scene" { FortuneSpend::Scene } else { FortuneSpend::Roll };
                if let Some(id) = character_id.get_value() {
                    spend_from_sheet(ctx, &id, what);
                }
                if what == FortuneSpend::Scene {
                    scene_fortune.set(true);
                }
                fortune.set("none".into());
            }
            last.set(Some(Rolled { request: req, roll, entry, detail }));
        });
    };

    let risk_options: Vec<(String, String)> = (0..=risk_limit.unwrap_or(10))
        .map(|r| (r.to_string(), if r == 0 { "0: no Risk".into() } else { format!("{r}: +{r} dice, Explode") }))
        .collect();
    let risk_hint = erased::derive(move || match risk_limit {
        Some(l) => {
            format!("Risk Limit {l} (from the sheet). Risk adds dice and makes 6s explode (Explode 6 becomes 5).")
        }
        None => "Risk adds dice and makes 6s explode (Explode 6 becomes 5).".into(),
    });
    let mode_options = vec![
        ("static".to_string(), "Static difficulty".to_string()),
        ("opposed".to_string(), "Opposed roll".to_string()),
    ];

    let follow_up = erased::derive(move || {
        let open = last.with(|l| l.as_ref().is_some_and(|r| can_spend_after(r, fortune_left())));
        open.then_some(FollowUp { label: "Spend Fortune…", target: ".fortune-after" })
    });

    view! {
        <div class="panel-inputs">
            {has_skills.then(|| view! { <SelectField id="ri-skill-pick" label="Skill" value=skill_pick options=skill_options remember_as=ROW /> })}
            <NumberField id="ri-skill" label="Skill dice" field="skill" value=skill min=0 max=30 />
            <SelectField id="ri-risk" label="Risk" value=risk options=risk_options hint=risk_hint />
            <SelectField id="ri-mode" label="Against" value=mode options=mode_options />
            <Show
                when=move || mode.get() == "opposed"
                fallback=move || view! { <NumberField id="ri-difficulty" label="Difficulty" field="difficulty" value=difficulty min=0 max=30 /> }
            >
                <fieldset class="opposed">
                    <legend>"Opponent"</legend>
                    <NumberField id="ri-opp-skill" label="Opponent's skill dice" field="opponent.skill" value=opp_skill min=0 max=30 />
                    <NumberField id="ri-opp-risk" label="Opponent's Risk" field="opponent.risk" value=opp_risk min=0 max=10 />
                    <SelectField id="ri-opp-explode" label="Opponent's Explode" value=opp_explode options=explode_options() />
                </fieldset>
            </Show>
            <FortuneField fortune scene_fortune character=character_id.get_value() />
            {more_inputs(move || !explode.get_untracked().is_empty(), view! {
                <SelectField id="ri-explode" label="Explode from elsewhere" value=explode options=explode_options() />
            })}
        </div>
        <Later>
            <div class="panel-odds">
                <OddsView odds=odds label=RuinaImperii::words />
                <ContestFavourite contest={contest_of::<RuinaImperii>(move || request.get(), odds)} />
            </div>
            <RollBar system=ID enabled=erased::derive(move || request.with(Result::is_ok) && fortune_ok()) on_roll=on_roll odds=odds label=RuinaImperii::words follow_up />
            <EveryChoice request=erased::derive(move || request.get().ok().map(RuinaImperii::request)) />
            <div class="panel-output">
                <RuinaImperiiResult last=erased::derive(move || last.with(|l| l.as_ref().map(|r| r.roll.clone()))) />
                <FortuneAfter last scene_fortune character=character_id.get_value() />
            </div>
        </Later>
    }
}
