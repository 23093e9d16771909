//! The 24-System roll panel: rank (from the skill), Leverage, DC with Pressure, status and Crushing Pressure,
//! attack and called shot, the Partial Critical table option; live odds; the roll with Push Your Luck, the
//! complication log and the Guide's Critical Failure; the retry rule (remembered across reloads, with the
//! player's "the situation changed" override) and, for an attack, where a hit lands.

use super::locations::HitLocationOdds;
use super::retry::{last_miss, SituationChanged};
use crate::state::{now_ms, HistoryEntry};
use crate::systems::kit::{
    int, roll_and_record, summary_view, CheckField, NumberField, OddsView, RollButton, RollCtx, SelectField,
};
use crate::systems::Sheet;
use dicetray_rules::systems::twenty_four::{
    can_push, declare_critical_failure, is_forbidden_retry_of, leverage_die, push_request, rank_dice, CalledShot,
    DcIncrease, HitLocation, Limb, Outcome, PushDeclaration, Severity, Track, TwentyFour, TwentyFourRequest,
    TwentyFourRoll,
};
use dicetray_rules::systems::{RequestError, Roll, RuleSystem};
use dicetray_saved::sheets::twenty_four::{track_name, TRACKS};
use leptos::prelude::*;

/// What an outcome means at the table (our paraphrase of the 24-System).
fn meaning(roll: &TwentyFourRoll) -> String {
    let mut text = match roll.outcome {
        Outcome::Legendary => "24 or more: an extraordinary, cinematic success whatever the DC; expect a bonus beyond what you aimed for.",
        Outcome::Success => "You met the DC: you do what you set out to do, cleanly.",
        Outcome::Miss if roll.pushed => "The push failed: the result stands and brings a Major complication on the track you risked.",
        Outcome::Miss => "Below the DC: you don't get it this time. You may Push Your Luck, or change the situation before trying again.",
    }
    .to_string();
    if roll.partial_critical() {
        text.push_str(" Partial Critical: a die showed its maximum, so you also get a flourish (speed, position, a minor consequence avoided...).");
    }
    text.push_str(" (24-System)");
    text
}

fn rank_text(rank: i64) -> String {
    let ([a, b], flat) = rank_dice(rank);
    let dice = if a == b { format!("2d{a}") } else { format!("d{a}+d{b}") };
    if flat > 0 {
        format!("{rank}: {dice}+{flat}")
    } else {
        format!("{rank}: {dice}")
    }
}

fn track_slug(t: Track) -> &'static str {
    match t {
        Track::Position => "position",
        Track::Resource => "resource",
        Track::Exposure => "exposure",
        Track::Strain => "strain",
        Track::Objective => "objective",
    }
}

fn called_shot(slug: &str) -> Option<CalledShot> {
    Some(match slug {
        "head" => CalledShot::Head,
        "core" => CalledShot::Core,
        "left_arm" => CalledShot::LeftArm,
        "right_arm" => CalledShot::RightArm,
        "legs" => CalledShot::Legs,
        _ => return None,
    })
}

fn limb(slug: &str) -> Option<Limb> {
    Some(match slug {
        "left_arm" => Limb::LeftArm,
        "right_arm" => Limb::RightArm,
        "legs" => Limb::Legs,
        _ => return None,
    })
}

fn location_text(l: HitLocation) -> &'static str {
    match l {
        HitLocation::Head => "the Head",
        HitLocation::Core => "the Core",
        HitLocation::Limb => "a limb (the attacker picks left arm, right arm or legs)",
        HitLocation::LeftArm => "the left arm",
        HitLocation::RightArm => "the right arm",
        HitLocation::Legs => "the legs",
    }
}

/// The Guide's examples of Pressure and what each adds to the DC.
const PRESSURE_EXAMPLES: &[(&str, i64)] =
    &[("Low light", 1), ("Darkness or smoke", 2), ("Wounded or exhausted", 2), ("Severe injury or panic", 3)];

/// One Pressure or status entry.
#[derive(Clone, Copy)]
struct Increase {
    id: usize,
    label: RwSignal<String>,
    amount: RwSignal<String>,
}

/// An editable list of labelled DC increases.
#[component]
fn IncreaseList(
    title: &'static str,
    prefix: &'static str,
    entries: RwSignal<Vec<Increase>>,
    amounts: Vec<i64>,
    placeholder: &'static str,
    /// Quick-add examples: (label, DC increase).
    #[prop(optional)]
    presets: &'static [(&'static str, i64)],
) -> impl IntoView {
    let next = StoredValue::new(0usize);
    let push = move |label: String, amount: String| {
        let id = next.get_value();
        next.set_value(id + 1);
        entries.update(|v| v.push(Increase { id, label: RwSignal::new(label), amount: RwSignal::new(amount) }));
    };
    let add = move |_| push(String::new(), amounts_first(prefix));
    let amounts = StoredValue::new(amounts);
    view! {
        <fieldset class="increase-list" id=format!("{prefix}-list")>
            <legend>{title}</legend>
            <ul>
                <For
                    each=move || entries.get()
                    key=|e| e.id
                    children=move |e| {
                        let label_id = format!("{prefix}-label-{}", e.id);
                        let amount_id = format!("{prefix}-amount-{}", e.id);
                        view! {
                            <li class=format!("{prefix}-entry increase-entry")>
                                <label class="sr-only" for=label_id.clone()>{format!("{title}: what")}</label>
                                <input
                                    id=label_id
                                    class="increase-label"
                                    type="text"
                                    placeholder=placeholder
                                    bind:value=e.label
                                />
                                <label class="sr-only" for=amount_id.clone()>"DC increase"</label>
                                <select
                                    id=amount_id
                                    class="increase-amount"
                                    prop:value=move || e.amount.get()
                                    on:change=move |ev| e.amount.set(event_target_value(&ev))
                                >
                                    {amounts
                                        .get_value()
                                        .into_iter()
                                        .map(|n| {
                                            let v = n.to_string();
                                            let selected = e.amount.get_untracked() == v;
                                            view! { <option value=v selected=selected>{format!("+{n} DC")}</option> }
                                        })
                                        .collect_view()}
                                </select>
                                <button
                                    type="button"
                                    class="remove"
                                    aria-label=move || format!("Remove {}", e.label.get())
                                    on:click=move |_| entries.update(|v| v.retain(|x| x.id != e.id))
                                >
                                    "✕"
                                </button>
                            </li>
                        }
                    }
                />
            </ul>
            <div class="mark-buttons">
                <button type="button" class="add" id=format!("{prefix}-add") on:click=add>
                    {format!("+ Add {title}")}
                </button>
                {presets
                    .iter()
                    .map(|&(label, amount)| {
                        view! {
                            <button type="button" class="preset" on:click=move |_| push(label.to_string(), amount.to_string())>
                                {format!("{label} +{amount}")}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
        </fieldset>
    }
}

fn amounts_first(prefix: &str) -> String {
    if prefix == "tf-status" { "2" } else { "1" }.to_string()
}

fn increases(field: &str, entries: &[Increase]) -> Result<Vec<DcIncrease>, RequestError> {
    entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let label = e.label.get();
            let dc = int(&format!("{field}[{i}]"), &e.amount.get())?;
            Ok(DcIncrease::Labelled { label: (!label.trim().is_empty()).then(|| label.trim().to_string()), dc })
        })
        .collect()
}

/// The 24-System roll panel.
#[component]
pub fn TwentyFourPanel(character: Option<String>) -> impl IntoView {
    let ctx = RollCtx::get();
    let state = ctx.state;
    let sheet = character.as_ref().and_then(|id| state.character(id)).and_then(|c| match c.sheet {
        Sheet::TwentyFour(s) => Some(s),
        _ => None,
    });
    let skills = sheet.map(|s| s.skills).unwrap_or_default();
    let has_skills = !skills.is_empty();

    let skill_pick = RwSignal::new(if has_skills { "0".to_string() } else { String::new() });
    let skill_name = RwSignal::new(skills.first().map(|s| s.name.clone()).unwrap_or_default());
    let rank = RwSignal::new(skills.first().map_or("2".to_string(), |s| s.rank.to_string()));
    let leverage = RwSignal::new("0".to_string());
    let dc = RwSignal::new("15".to_string());
    let pressure = RwSignal::new(Vec::<Increase>::new());
    let status = RwSignal::new(Vec::<Increase>::new());
    let crushing_on = RwSignal::new(false);
    let crushing = RwSignal::new("5".to_string());
    let attack = RwSignal::new(false);
    let shot = RwSignal::new(String::new());
    let limb_pick = RwSignal::new(String::new());
    let kept_only = RwSignal::new(false);

    let skills = StoredValue::new(skills);
    Effect::new(move |_| {
        let pick = skill_pick.get();
        if let Some(s) = pick.parse::<usize>().ok().and_then(|i| skills.with_value(|v| v.get(i).cloned())) {
            skill_name.set(s.name);
            rank.set(s.rank.to_string());
        }
    });

    let request = Memo::new(move |_| -> Result<TwentyFourRequest, RequestError> {
        let mut r = TwentyFourRequest::new(int("rank", &rank.get())?, int("dc", &dc.get())?);
        r.crushing = if crushing_on.get() { Some(int("crushing", &crushing.get())?) } else { None };
        r.leverage = if r.crushing.is_some() { 0 } else { int("leverage", &leverage.get())? };
        r.pressure = increases("pressure", &pressure.get())?;
        r.status = increases("status", &status.get())?;
        r.attack = attack.get();
        r.called_shot = if r.attack { called_shot(&shot.get()) } else { None };
        r.limb_choice = if r.attack && r.called_shot.is_none() { limb(&limb_pick.get()) } else { None };
        r.partial_critical_kept_only = kept_only.get();
        let name = skill_name.get();
        r.skill = (!name.trim().is_empty()).then(|| name.trim().to_string());
        r.validate()?;
        Ok(r)
    });
    let odds = Signal::derive(move || request.get().and_then(|r| TwentyFour::odds(&r)));

    // The latest roll of this panel (pushed or not), the roll it pushed, and the history entry of the latest.
    // After a reload the latest Miss in this scope comes back from History (`retry.rs`).
    let restored = last_miss(&state, &character);
    let from_history = RwSignal::new(restored.is_some());
    let (restored, entry) = restored.map_or((None, String::new()), |(roll, id)| (Some(roll), id));
    let last = RwSignal::new(restored);
    let pushed_from = RwSignal::new(None::<TwentyFourRoll>);
    let last_entry = RwSignal::new(entry);
    let retry_tried = RwSignal::new(false);
    let logged = RwSignal::new(false);
    let same_again = Memo::new(move |_| {
        last.with(|l| match (l, request.get()) {
            (Some(prev), Ok(next)) => is_forbidden_retry_of(prev, &next),
            _ => false,
        })
    });
    let situation_changed = RwSignal::new(false);
    let forbidden = Memo::new(move |_| same_again.get() && !situation_changed.get());

    let character_id = StoredValue::new(character.clone());
    let who = move || ctx.character_ref(&character_id.get_value());
    let detail = move |r: &TwentyFourRequest| {
        let lev = leverage_die(r.leverage).map(|d| format!(", Leverage d{d}")).unwrap_or_default();
        let push = if r.pushed { " (pushed)" } else { "" };
        format!("rank {}{lev} vs DC {}{push}", rank_text(r.rank), r.target_dc())
    };
    let on_roll = move || {
        let Ok(req) = request.get_untracked() else { return };
        if forbidden.get_untracked() {
            retry_tried.set(true);
            return;
        }
        let mut text = detail(&req);
        if same_again.get_untracked() {
            text.push_str(" (the situation changed)");
        }
        if let Ok((Roll::TwentyFour(roll), id)) = roll_and_record::<TwentyFour>(ctx, &req, who(), &text) {
            situation_changed.set(false);
            from_history.set(false);
            retry_tried.set(false);
            logged.set(false);
            pushed_from.set(None);
            last_entry.set(id);
            last.set(Some(roll));
        }
    };

    // Push Your Luck.
    let track = RwSignal::new("position".to_string());
    let fiction = RwSignal::new(String::new());
    let declaration = move || {
        let t = TRACKS.into_iter().find(|t| track_slug(*t) == track.get()).unwrap_or(Track::Position);
        PushDeclaration { track: t, fiction: fiction.get() }
    };
    let push_odds = Signal::derive(move || {
        let prev = last.get().ok_or_else(|| RequestError::new("pushed", "nothing to push", "a Miss"))?;
        let mut d = declaration();
        if d.fiction.trim().is_empty() {
            d.fiction = "(fiction to come)".into();
        }
        TwentyFour::odds(&push_request(&prev, d)?)
    });
    let can_push_now = move || last.with(|l| l.as_ref().is_some_and(can_push));
    let do_push = move |_| {
        let Some(prev) = last.get_untracked() else { return };
        let Ok(req) = push_request(&prev, declaration()) else { return };
        if let Ok((Roll::TwentyFour(roll), id)) = roll_and_record::<TwentyFour>(ctx, &req, who(), &detail(&req)) {
            from_history.set(false);
            retry_tried.set(false);
            logged.set(false);
            fiction.set(String::new());
            pushed_from.set(Some(prev));
            last_entry.set(id);
            last.set(Some(roll));
        }
    };
    let log_complication = move |_| {
        let (Some(id), Some(c)) = (character_id.get_value(), last.with_untracked(|l| l.clone()?.complication)) else {
            return;
        };
        state.change_character(&id, |ch| ch.log_complication(&c, now_ms()));
        logged.set(true);
    };
    let declare = move |_| {
        let mut roll = last.get_untracked();
        if let Some(r) = roll.as_mut() {
            if declare_critical_failure(r).is_ok() {
                state.amend_history(&last_entry.get_untracked(), HistoryEntry::declare_critical_failure);
                ctx.announce("The Guide declared the failed push a Critical Failure.".into());
                last.set(roll);
            }
        }
    };

    let rank_options: Vec<(String, String)> = (0..=6).map(|r| (r.to_string(), rank_text(r))).collect();
    let leverage_options: Vec<(String, String)> = (0..=5)
        .map(|l| (l.to_string(), leverage_die(l).map_or("0: no bonus die".to_string(), |d| format!("{l}: +d{d}"))))
        .collect();
    let shot_options: Vec<(String, String)> = [
        ("", "No called shot"),
        ("head", "Head"),
        ("core", "Core"),
        ("left_arm", "Left arm"),
        ("right_arm", "Right arm"),
        ("legs", "Legs"),
    ]
    .into_iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    let limb_options = StoredValue::new(
        [("", "Pick after the roll"), ("left_arm", "Left arm"), ("right_arm", "Right arm"), ("legs", "Legs")]
            .into_iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect::<Vec<_>>(),
    );
    let skill_options: Vec<(String, String)> = skills.with_value(|v| {
        v.iter().enumerate().map(|(i, s)| (i.to_string(), format!("{} (rank {})", s.name, s.rank))).collect()
    });
    let track_options: Vec<(String, String)> =
        TRACKS.into_iter().map(|t| (track_slug(t).to_string(), track_name(t).to_string())).collect();

    let dc_hint = Signal::derive(move || match request.get() {
        Ok(r) => {
            let extra = r.effective_dc() - r.dc;
            if extra > 0 {
                format!(
                    "Effective DC {} = {} base + {extra} from Pressure, status and Crushing Pressure",
                    r.effective_dc(),
                    r.dc
                )
            } else {
                format!("Effective DC {}", r.effective_dc())
            }
        }
        Err(_) => "The Guide states the DC before the roll.".to_string(),
    });
    let leverage_hint = Signal::derive(move || {
        if crushing_on.get() {
            "Crushing Pressure: no Leverage on this roll (24-System).".to_string()
        } else {
            "Each point of Leverage upgrades the one bonus die: d4, d6, d8, d10, d12.".to_string()
        }
    });

    view! {
        <div class="panel-inputs">
            {has_skills
                .then(|| {
                    view! { <SelectField id="tf-skill" label="Skill" value=skill_pick options=skill_options /> }
                })}
            {(!has_skills)
                .then(|| {
                    view! {
                        <div class="field">
                            <label for="tf-skill-name">"Skill (optional, for the retry rule)"</label>
                            <input id="tf-skill-name" type="text" placeholder="e.g. Climb" bind:value=skill_name />
                        </div>
                    }
                })}
            <SelectField id="tf-rank" label="Rank (dice)" value=rank options=rank_options />
            <SelectField
                id="tf-leverage"
                label="Leverage"
                value=leverage
                options=leverage_options
                disabled=Signal::derive(move || crushing_on.get())
                hint=leverage_hint
            />
            <NumberField id="tf-dc" label="Base DC" value=dc min=0 max=60 hint=dc_hint />
            <IncreaseList
                title="Pressure"
                prefix="tf-pressure"
                entries=pressure
                amounts=vec![1, 2, 3]
                placeholder="e.g. darkness"
                presets=PRESSURE_EXAMPLES
            />
            <IncreaseList
                title="Status DC increase"
                prefix="tf-status"
                entries=status
                amounts=(1..=10).collect()
                placeholder="e.g. Prone"
            />
            <div class="field-group">
                <CheckField id="tf-crushing" label="Crushing Pressure (the Guide declares it)" value=crushing_on />
                <Show when=move || crushing_on.get()>
                    <NumberField id="tf-crushing-amount" label="Crushing Pressure adds to the DC" value=crushing min=1 max=30 />
                </Show>
            </div>
            <div class="field-group">
                <CheckField id="tf-attack" label="Attack (a hit reports where it lands)" value=attack />
                <Show when=move || attack.get()>
                    <SelectField id="tf-called-shot" label="Called shot" value=shot options=shot_options.clone() />
                    <Show when=move || shot.get().is_empty()>
                        <SelectField
                            id="tf-limb"
                            label="On a Partial Critical hit, the limb"
                            value=limb_pick
                            options=limb_options.get_value()
                        />
                    </Show>
                </Show>
            </div>
            <CheckField
                id="tf-kept-only"
                label="Table option: Partial Critical counts kept dice only"
                value=kept_only
            />
        </div>
        <div class="panel-odds">
            <OddsView odds=odds label=TwentyFour::words />
            <HitLocationOdds request=request />
        </div>
        <div class="panel-roll"><RollButton enabled=Signal::derive(move || request.with(Result::is_ok)) on_roll=on_roll /></div>
        <div class="panel-output">
        <Show when=move || retry_tried.get() && forbidden.get()>
            <p class="retry-message" role="alert">
                "Not a free roll: after a Miss, the same skill at the same DC with nothing changed cannot simply be rolled again (24-System). Change the situation (a new approach, tool, help or Leverage)"
                {move || if can_push_now() { ", or Push Your Luck below." } else { "; a pushed roll cannot be pushed again." }}
            </p>
        </Show>
        <Show when=move || same_again.get()>
            <SituationChanged value=situation_changed />
        </Show>
        {move || {
            last.get()
                .map(|roll| {
                    let summary = dicetray_rules::systems::Roll::TwentyFour(roll.clone()).summary();
                    let kept: Vec<String> = roll.dice.iter().filter(|d| d.kept).map(|d| d.value.to_string()).collect();
                    let detail = format!(
                        "Two highest {} + {} flat = {} against DC {}{}",
                        kept.join(" + "),
                        roll.flat,
                        roll.total,
                        roll.target_dc,
                        if roll.pushed { " (pushed: the DC - 2, not below 6 unless it already was)" } else { "" },
                    );
                    let before = pushed_from.get().map(|p| format!("Pushed after a Miss of {} against DC {}.", p.total, p.target_dc));
                    view! {
                        <section class="roll-result" data-outcome=roll.outcome.as_str() data-pushed=roll.pushed.to_string()>
                            {from_history.get().then(|| view! { <p class="from-history">"Your last roll here, from History:"</p> })}
                            {before.map(|b| view! { <p class="pushed-from">{b}</p> })}
                            {summary_view(&summary, meaning(&roll), detail)}
                            {roll.partial_critical().then(|| view! { <p class="event">"★ Partial Critical"</p> })}
                            {roll.hit_location.map(|l| view! { <p class="hit-location">{format!("Hit: {}", location_text(l))}</p> })}
                            {roll.complication.clone().map(|c| {
                                let sev = match c.severity { Severity::Minor => "Minor", Severity::Major => "Major" };
                                view! {
                                    <div class="complication" data-severity=sev.to_lowercase()>
                                        <p>{format!("{sev} complication on {}: {}", track_name(c.track), c.fiction)}</p>
                                        {character_id.get_value().map(|_| view! {
                                            <button type="button" id="log-complication" class="secondary" disabled=move || logged.get() on:click=log_complication>
                                                {move || if logged.get() { "Logged on the sheet ✓" } else { "Log on sheet" }}
                                            </button>
                                        })}
                                    </div>
                                }
                            })}
                            {(roll.pushed && roll.outcome == Outcome::Miss).then(|| {
                                if roll.critical_failure {
                                    view! { <p class="critical-failure">"✖ Critical Failure, declared by the Guide: a catastrophe beyond the Major complication."</p> }.into_any()
                                } else {
                                    view! {
                                        <button type="button" id="declare-critical-failure" class="secondary" on:click=declare>
                                            "Guide: declare a Critical Failure"
                                        </button>
                                    }.into_any()
                                }
                            })}
                        </section>
                    }
                })
        }}
        <Show when=can_push_now>
            <section class="push-form" aria-labelledby="push-title">
                <h3 id="push-title">"Push Your Luck"</h3>
                <p class="hint">"Risk a track and say how: the whole pool is rerolled against the DC - 2, not below 6 (a DC under 6 stays as it is). Success costs a Minor complication, failure a Major one, and the new result stands."</p>
                <SelectField id="push-track" label="Track at risk" value=track options=track_options.clone() />
                <div class="field">
                    <label for="push-fiction">"The risk you take (fiction)"</label>
                    <textarea id="push-fiction" rows="2" bind:value=fiction></textarea>
                </div>
                <OddsView odds=push_odds label=TwentyFour::words id="push-odds" caption="Chance of each outcome if you push" />
                <button
                    type="button"
                    id="push-button"
                    class="roll-button push"
                    disabled=move || fiction.get().trim().is_empty()
                    on:click=do_push
                >
                    "Push and reroll"
                </button>
            </section>
        </Show>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_read_as_their_dice() {
        assert_eq!(rank_text(0), "0: 2d12");
        assert_eq!(rank_text(3), "3: d8+d10+6");
        assert_eq!(rank_text(6), "6: 2d6+12");
        for t in TRACKS {
            assert_eq!(serde_json::to_value(t).unwrap(), track_slug(t));
        }
        for s in ["head", "core", "left_arm", "right_arm", "legs"] {
            assert_eq!(serde_json::to_value(called_shot(s).unwrap()).unwrap(), s);
        }
        assert_eq!(called_shot(""), None);
        for s in ["left_arm", "right_arm", "legs"] {
            assert_eq!(serde_json::to_value(limb(s).unwrap()).unwrap(), s);
        }
    }
}
