//! The 24-System panel's inputs: the skill and its rank, Leverage, the DC with Pressure, status and Crushing
//! Pressure, an attack and its called shot, the Partial Critical table option; and the request they make.

use crate::state::erased;
use crate::state::situation::{remember, remember_with, ROW};
use crate::systems::kit::{int, CheckField, NumberField, SelectField};
use crate::systems::more::more_inputs;
use crate::widgets::later::Later;
use dicetray_rules::systems::twenty_four::{leverage_die, rank_dice, CalledShot, DcIncrease, Limb, TwentyFourRequest};
use dicetray_rules::systems::RequestError;
use dicetray_saved::sheets::twenty_four::Skill;
use leptos::prelude::*;

/// Every input of the panel, as the player has typed or picked it.
#[derive(Clone, Copy)]
pub struct Situation {
    skills: StoredValue<Vec<Skill>>,
    skill_pick: RwSignal<String>,
    skill_name: RwSignal<String>,
    rank: RwSignal<String>,
    leverage: RwSignal<String>,
    dc: RwSignal<String>,
    pressure: RwSignal<Vec<Increase>>,
    status: RwSignal<Vec<Increase>>,
    crushing_on: RwSignal<bool>,
    crushing: RwSignal<String>,
    attack: RwSignal<bool>,
    shot: RwSignal<String>,
    limb_pick: RwSignal<String>,
    kept_only: RwSignal<bool>,
}

impl Situation {
    /// A fresh situation for a character with `skills` (the first skill picked), or ad hoc (no skills).
    pub fn new(skills: Vec<Skill>) -> Self {
        let first = skills.first();
        let situation = Situation {
            skill_pick: RwSignal::new(if first.is_some() { "0".to_string() } else { String::new() }),
            skill_name: RwSignal::new(first.map(|s| s.name.clone()).unwrap_or_default()),
            rank: RwSignal::new(first.map_or("2".to_string(), |s| s.rank.to_string())),
            skills: StoredValue::new(skills),
            leverage: RwSignal::new("0".to_string()),
            dc: RwSignal::new("15".to_string()),
            pressure: RwSignal::new(Vec::new()),
            status: RwSignal::new(Vec::new()),
            crushing_on: RwSignal::new(false),
            crushing: RwSignal::new("5".to_string()),
            attack: RwSignal::new(false),
            shot: RwSignal::new(String::new()),
            limb_pick: RwSignal::new(String::new()),
            kept_only: RwSignal::new(false),
        };
        // Picking a skill sets its name and rank.
        erased::effect(move |_| {
            let pick = situation.skill_pick.get();
            let skill = pick.parse::<usize>().ok().and_then(|i| situation.skills.with_value(|v| v.get(i).cloned()));
            if let Some(s) = skill {
                situation.skill_name.set(s.name);
                situation.rank.set(s.rank.to_string());
            }
        });
        situation
    }

    /// The request the inputs make, or the first field that is wrong.
    pub fn request(&self) -> Result<TwentyFourRequest, RequestError> {
        let mut r = TwentyFourRequest::new(int("rank", &self.rank.get())?, int("dc", &self.dc.get())?);
        r.crushing = if self.crushing_on.get() { Some(int("crushing", &self.crushing.get())?) } else { None };
        r.leverage = if r.crushing.is_some() { 0 } else { int("leverage", &self.leverage.get())? };
        r.pressure = increases("pressure", &self.pressure.get())?;
        r.status = increases("status", &self.status.get())?;
        r.attack = self.attack.get();
        r.called_shot = if r.attack { called_shot(&self.shot.get()) } else { None };
        r.limb_choice = if r.attack && r.called_shot.is_none() { limb(&self.limb_pick.get()) } else { None };
        r.partial_critical_kept_only = self.kept_only.get();
        let name = self.skill_name.get();
        r.skill = (!name.trim().is_empty()).then(|| name.trim().to_string());
        r.validate()?;
        Ok(r)
    }
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

/// The panel's inputs.
#[component]
pub fn TwentyFourInputs(
    situation: Situation,
    #[prop(into)] request: Signal<Result<TwentyFourRequest, RequestError>>,
) -> impl IntoView {
    let Situation { skills, skill_pick, skill_name, rank, leverage, dc, pressure, status, .. } = situation;
    let has_skills = skills.with_value(|v| !v.is_empty());
    if !has_skills {
        remember("tf-skill-name", skill_name);
    }
    let crushing_on = situation.crushing_on;
    let rank_options: Vec<(String, String)> = (0..=6).map(|r| (r.to_string(), rank_text(r))).collect();
    let leverage_options: Vec<(String, String)> = (0..=5)
        .map(|l| (l.to_string(), leverage_die(l).map_or("0: no bonus die".to_string(), |d| format!("{l}: +d{d}"))))
        .collect();
    let skill_options: Vec<(String, String)> = skills.with_value(|v| {
        v.iter().enumerate().map(|(i, s)| (i.to_string(), format!("{} (rank {})", s.name, s.rank))).collect()
    });
    let dc_hint = erased::derive(move || match request.get() {
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
    let leverage_hint = erased::derive(move || {
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
                    view! { <SelectField id="tf-skill" label="Skill" value=skill_pick options=skill_options remember_as=ROW /> }
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
                disabled=erased::derive(move || crushing_on.get())
                hint=leverage_hint
            />
            <NumberField id="tf-dc" label="Base DC" field="dc" value=dc min=0 max=60 hint=dc_hint />
            <Later>
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
                <Attack situation />
                {more_inputs(move || crushing_on.get_untracked() || situation.kept_only.get_untracked(), view! {
                    <Crushing situation />
                    <CheckField
                        id="tf-kept-only"
                        label="Table option: Partial Critical counts kept dice only"
                        value=situation.kept_only
                    />
                })}
            </Later>
        </div>
    }
}

/// Crushing Pressure, which the Guide declares.
#[component]
fn Crushing(situation: Situation) -> impl IntoView {
    let Situation { crushing_on, crushing, .. } = situation;
    view! {
        <div class="field-group">
            <CheckField id="tf-crushing" label="Crushing Pressure (the Guide declares it)" value=crushing_on />
            <Show when=move || crushing_on.get()>
                <NumberField id="tf-crushing-amount" label="Crushing Pressure adds to the DC" field="crushing" value=crushing min=1 max=30 />
            </Show>
        </div>
    }
}

/// An attack with its called shot.
#[component]
fn Attack(situation: Situation) -> impl IntoView {
    let Situation { attack, shot, limb_pick, .. } = situation;
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
    view! {
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
    // Remembered as one line per entry: `amount<TAB>what`.
    remember_with(
        prefix,
        |text| {
            for line in text.lines() {
                if let Some((amount, label)) = line.split_once('\t') {
                    if amounts.iter().any(|n| n.to_string() == amount) {
                        push(label.to_string(), amount.to_string());
                    }
                }
            }
        },
        move || {
            entries.with(|v| {
                v.iter().map(|e| format!("{}\t{}", e.amount.get(), e.label.get())).collect::<Vec<_>>().join("\n")
            })
        },
    );
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
            </div>
            // The Guide's examples are a shortcut few rolls need: folded, as the panel's other rare inputs.
            {(!presets.is_empty())
                .then(|| {
                    view! {
                        <details class="presets">
                            <summary>"The Guide's examples"</summary>
                            <div class="mark-buttons">
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
                        </details>
                    }
                })}
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_and_shots_read_as_their_dice_and_names() {
        assert_eq!(rank_text(0), "0: 2d12");
        assert_eq!(rank_text(3), "3: d8+d10+6");
        assert_eq!(rank_text(6), "6: 2d6+12");
        for s in ["head", "core", "left_arm", "right_arm", "legs"] {
            assert_eq!(serde_json::to_value(called_shot(s).unwrap()).unwrap(), s);
        }
        assert_eq!(called_shot(""), None);
        for s in ["left_arm", "right_arm", "legs"] {
            assert_eq!(serde_json::to_value(limb(s).unwrap()).unwrap(), s);
        }
    }
}
