//! The Remedy roll panel: check dice (from the skill or typed, validated live), ability score, dominance and
//! threat (with the net), bonus, a DC with the DC table's name or a contest, triumph and disaster ranges, attack.

use super::reroll::{has_reroll_range, Rolled};
use super::result::RemedyResult;
use crate::state::erased;
use crate::state::situation::{remember, ROW};
use crate::systems::every_choice::EveryChoice;
use crate::systems::favourite::{contest_of, ContestFavourite};
use crate::systems::field_check::FieldCheck;
use crate::systems::kit::{int32, roll_and_record, rows, CheckField, NumberField, OddsView, RollCtx, SelectField};
use crate::systems::rehearsal::rehearse;
use crate::systems::roll_bar::{FollowUp, RollBar};
use crate::systems::Sheet;
use crate::widgets::later::Later;
use dicetray_rules::systems::remedy::difficulty_name;
use dicetray_rules::systems::remedy::{Check, CheckDice, Reactive, Remedy, RemedyRequest, RerollPolicy};
use dicetray_rules::systems::Variant as _;
use dicetray_rules::systems::{Request, RequestError, Roll, RuleSystem};
use dicetray_saved::sheets::SystemSheet;
use leptos::prelude::*;

/// The system, as the roll bar names it.
const ID: &str = <Remedy as RuleSystem>::ID;

/// One side's typed inputs.
#[derive(Clone, Copy)]
struct SideInputs {
    dice: RwSignal<String>,
    ability: RwSignal<String>,
    dominance: RwSignal<String>,
    threat: RwSignal<String>,
    bonus: RwSignal<String>,
    /// The lowest natural that triumphs (20 unless widened).
    triumph_from: RwSignal<String>,
    /// The highest natural that is a disaster (1 unless widened).
    disaster_to: RwSignal<String>,
}

impl SideInputs {
    fn new(dice: &str, ability: i32) -> Self {
        SideInputs {
            dice: RwSignal::new(dice.to_string()),
            ability: RwSignal::new(ability.to_string()),
            dominance: RwSignal::new("0".into()),
            threat: RwSignal::new("0".into()),
            bonus: RwSignal::new("0".into()),
            triumph_from: RwSignal::new("20".into()),
            disaster_to: RwSignal::new("1".into()),
        }
    }

    fn check(&self, prefix: &str) -> Result<Check, RequestError> {
        let f = |name: &str| format!("{prefix}{name}");
        Ok(Check {
            dice: self.dice.get(),
            ability: int32(&f("ability"), &self.ability.get())?,
            dominance: int32(&f("dominance"), &self.dominance.get())?,
            threat: int32(&f("threat"), &self.threat.get())?,
            bonus: int32(&f("bonus"), &self.bonus.get())?,
            triumph_from: Some(int32(&f("triumph_from"), &self.triumph_from.get())?).filter(|&n| n != 20),
            disaster_to: Some(int32(&f("disaster_to"), &self.disaster_to.get())?).filter(|&n| n != 1),
        })
    }

    fn net(&self) -> String {
        match (self.dominance.get().trim().parse::<i64>(), self.threat.get().trim().parse::<i64>()) {
            (Ok(d), Ok(t)) if d > t => format!("Net: +{} dominance d6 (added)", d - t),
            (Ok(d), Ok(t)) if t > d => format!("Net: {} threat d6 (subtracted)", t - d),
            (Ok(_), Ok(_)) => "Net: none (they cancel one for one)".into(),
            _ => String::new(),
        }
    }
}

/// Dice input with live reading and buttons for the marks (phones have no ▲ key).
#[component]
fn DiceField(id: &'static str, label: &'static str, value: RwSignal<String>) -> impl IntoView {
    remember(id, value);
    let reading = move || match value.get().parse::<CheckDice>() {
        Ok(d) => format!("Reads as {d}"),
        Err(e) => e.problem,
    };
    let hint_id = format!("{id}-hint");
    let mark = move |m: &'static str| move |_| value.update(|v| v.push_str(m));
    view! {
        <div class="field">
            <label for=id>{label}</label>
            <input id=id type="text" autocomplete="off" spellcheck="false" aria-describedby=hint_id.clone() bind:value=value />
            <span class="field-hint" id=hint_id>{reading}</span>
            <div class="mark-buttons" role="group" aria-label="Add a mark">
                <button type="button" aria-label="add ▲ keep highest" on:click=mark("▲")>"▲"</button>
                <button type="button" aria-label="add ▼ keep lowest" on:click=mark("▼")>"▼"</button>
                <button type="button" aria-label="add ! explode" on:click=mark("!")>"!"</button>
                <button type="button" aria-label="add ♻ reroll" on:click=mark("♻")>"♻"</button>
                <button type="button" aria-label="1d20: start the dice again from 1d20" on:click=move |_| value.set("1d20".into())>"1d20"</button>
            </div>
        </div>
    }
}

/// A side's triumph and disaster ranges, each with the range it gives in words.
#[component]
fn RangeFields(side: SideInputs, triumph_id: &'static str, disaster_id: &'static str, opponent: bool) -> impl IntoView {
    let (triumph_label, disaster_label) = if opponent {
        ("Opponent's triumph on a natural of at least", "Opponent's disaster on a natural of at most")
    } else {
        ("Triumph on a natural of at least", "Disaster on a natural of at most")
    };
    let range_hint = move |from: RwSignal<String>, to: bool| {
        erased::derive(move || match from.get().trim().parse::<i64>() {
            Ok(n) if to && n > 1 => format!("Disaster on 1-{n}"),
            Ok(n) if !to && n < 20 => format!("Triumph on {n}-20"),
            _ => String::new(),
        })
    };
    view! {
        <NumberField id=triumph_id label=triumph_label field=if opponent { "opponent.triumph_from" } else { "triumph_from" } value=side.triumph_from min=2 max=20 hint=range_hint(side.triumph_from, false) />
        <NumberField id=disaster_id label=disaster_label field=if opponent { "opponent.disaster_to" } else { "disaster_to" } value=side.disaster_to min=1 max=19 hint=range_hint(side.disaster_to, true) />
    }
}

/// The other side of a contest: its check and who reacts.
#[component]
fn OpponentFields(opp: SideInputs, reactive: RwSignal<String>) -> impl IntoView {
    let opp_net = erased::derive(move || opp.net());
    let reactive_options = vec![
        ("opponent".to_string(), "The opponent reacts (I act)".to_string()),
        ("self".to_string(), "I react (ties go to me)".to_string()),
    ];
    view! {
        <fieldset class="contest">
            <legend>"Opponent"</legend>
            <DiceField id="rm-opp-dice" label="Opponent's check dice" value=opp.dice />
            <NumberField id="rm-opp-ability" label="Opponent's ability score" field="opponent.ability" value=opp.ability />
            <NumberField id="rm-opp-dominance" label="Opponent's dominance d6s" field="opponent.dominance" value=opp.dominance min=0 max=10 />
            <NumberField id="rm-opp-threat" label="Opponent's threat d6s" field="opponent.threat" value=opp.threat min=0 max=10 hint=opp_net />
            <NumberField id="rm-opp-bonus" label="Opponent's other bonus" field="opponent.bonus" value=opp.bonus />
            <RangeFields side=opp triumph_id="rm-opp-triumph-from" disaster_id="rm-opp-disaster-to" opponent=true />
            <SelectField id="rm-reactive" label="Who reacts" value=reactive options=reactive_options.clone() />
        </fieldset>
    }
}

/// The Remedy roll panel.
#[component]
pub fn RemedyPanel(character: Option<String>) -> impl IntoView {
    let ctx = RollCtx::get();
    let sheet = character.as_ref().and_then(|id| ctx.state.character(id)).and_then(|c| match c.sheet {
        Sheet::Remedy(s) => Some(s),
        _ => None,
    });
    let sheet = StoredValue::new(sheet);
    let skill_options = rows(sheet.with_value(|s| s.as_ref().map(SystemSheet::rolls)));
    let has_skills = !skill_options.is_empty();
    let skill_pick = RwSignal::new(if has_skills { "0".to_string() } else { String::new() });

    let own = SideInputs::new("1d20", 0);
    let opp = SideInputs::new("1d20", 0);
    erased::effect(move |_| {
        let pick = skill_pick.get().parse::<usize>().ok();
        sheet.with_value(|s| {
            if let (Some(s), Some(i)) = (s, pick) {
                if let Some(k) = s.skills.get(i) {
                    own.dice.set(k.dice.clone());
                    own.ability.set(s.abilities.get(k.ability).map_or(0, |a| a.score).to_string());
                }
            }
        });
    });
    let mode = RwSignal::new("dc".to_string());
    let dc = RwSignal::new("10".to_string());
    let reactive = RwSignal::new("opponent".to_string());
    let attack = RwSignal::new(false);

    let request = Memo::new(move |_| -> Result<RemedyRequest, RequestError> {
        let c = own.check("")?;
        let mut r = RemedyRequest::against_dc(&c.dice, c.ability, 0);
        r.dominance = c.dominance;
        r.threat = c.threat;
        r.bonus = c.bonus;
        r.triumph_from = c.triumph_from;
        r.disaster_to = c.disaster_to;
        r.attack = attack.get();
        if mode.get() == "contest" {
            r.dc = None;
            r.opponent = Some(opp.check("opponent.")?);
            r.reactive = Some(if reactive.get() == "self" { Reactive::Myself } else { Reactive::Opponent });
        } else {
            r.dc = Some(int32("dc", &dc.get())?);
        }
        Request::Remedy(r.clone()).validate()?;
        Ok(r)
    });
    provide_context(FieldCheck::new(erased::derive(move || request.get().err())));
    // ♻ is the roller's choice: the odds assume the best one, and a roll leaves it to the player (RerollButtons).
    let reroll_range = Memo::new(move |_| request.with(|r| r.as_ref().is_ok_and(|r| has_reroll_range(&r.dice))));
    let odds_request = Memo::new(move |_| {
        request.get().map(|mut r| {
            if reroll_range.get() {
                r.reroll = Some(RerollPolicy::Best);
            }
            r
        })
    });
    let odds = Memo::new(move |_| odds_request.get().and_then(|r| Remedy::odds(&r)));
    let contest = contest_of::<Remedy>(move || odds_request.get(), odds);

    let last = RwSignal::new(None::<Rolled>);
    // What a tap rolls: the request, leaving the ♻ rerolls, if any, to the player once the dice are seen.
    let to_roll = move || {
        request.get_untracked().map(|mut req| {
            if reroll_range.get_untracked() {
                req.reroll = Some(RerollPolicy::Never);
            }
            req
        })
    };
    rehearse::<Remedy>(to_roll, |request, roll| {
        let rolled = Rolled { request, roll, entry: String::new(), detail: String::new() };
        view! { <RemedyResult last=RwSignal::new(Some(rolled)) /> }.into_any()
    });
    let character_id = StoredValue::new(character);
    let on_roll = move || {
        let Ok(req) = to_roll() else { return };
        let detail = Remedy::describe(&req);
        let who = ctx.character_ref(&character_id.get_value());
        roll_and_record::<Remedy>(ctx, &req.clone(), who, &detail.clone(), move |roll, entry| {
            if let Roll::Remedy(roll) = roll {
                last.set(Some(Rolled { request: req, roll, entry, detail }));
            }
        });
    };

    let dc_hint = erased::derive(move || {
        dc.get()
            .trim()
            .parse::<i64>()
            .map_or(String::new(), |d| format!("{}: succeed only above {d}", difficulty_name(d)))
    });
    let own_net = erased::derive(move || own.net());
    let mode_options =
        vec![("dc".to_string(), "Against a DC".to_string()), ("contest".to_string(), "Contest".to_string())];

    view! {
        <div class="panel-inputs">
            {has_skills.then(|| view! { <SelectField id="rm-skill" label="Skill" value=skill_pick options=skill_options remember_as=ROW /> })}
            <DiceField id="rm-dice" label="Check dice" value=own.dice />
            <NumberField id="rm-ability" label="Ability score" field="ability" value=own.ability />
            <NumberField id="rm-dominance" label="Dominance d6s" field="dominance" value=own.dominance min=0 max=10 />
            <NumberField id="rm-threat" label="Threat d6s" field="threat" value=own.threat min=0 max=10 hint=own_net />
            <NumberField id="rm-bonus" label="Other bonus" field="bonus" value=own.bonus />
            <SelectField id="rm-mode" label="Against" value=mode options=mode_options />
            <Show
                when=move || mode.get() == "contest"
                fallback=move || view! { <NumberField id="rm-dc" label="DC" field="dc" value=dc hint=dc_hint /> }
            >
                <OpponentFields opp reactive />
            </Show>
            <RangeFields side=own triumph_id="rm-triumph-from" disaster_id="rm-disaster-to" opponent=false />
            <CheckField id="rm-attack" label="Attack (a triumph is a critical hit)" value=attack />
        </div>
        <Later>
            <div class="panel-odds">
                <OddsView odds=odds label=Remedy::words />
                <ContestFavourite contest />
                <Show when=move || reroll_range.get()>
                    <p class="field-hint odds-policy">"These odds assume you reroll (♻) whichever of your d20s in the ♻ range most raise your chance of success; after a roll, you choose."</p>
                </Show>
            </div>
            <RollBar
                system=ID
                enabled=erased::derive(move || request.with(Result::is_ok))
                on_roll=on_roll
                odds=odds
                label=Remedy::words
                follow_up=erased::derive(move || {
                    let open = last.with(|r| r.as_ref().is_some_and(|r| !r.roll.check.rerollable.is_empty()));
                    open.then_some(FollowUp { label: "Reroll (♻)…", target: ".reroll-choice" })
                })
            />
            <EveryChoice request=erased::derive(move || request.get().ok().map(Remedy::request)) />
            <div class="panel-output"><RemedyResult last /></div>
        </Later>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dc_table_names() {
        let names: Vec<_> = [0, 4, 5, 9, 10, 14, 15, 19, 20, 24, 25, 29, 30, 99].map(difficulty_name).to_vec();
        assert_eq!(
            names,
            [
                "Trivial",
                "Trivial",
                "Easy",
                "Easy",
                "Moderate",
                "Moderate",
                "Hard",
                "Hard",
                "Punishing",
                "Punishing",
                "Insane",
                "Insane",
                "Impossible",
                "Impossible"
            ]
        );
        assert_eq!(difficulty_name(-5), "Trivial");
    }
}
