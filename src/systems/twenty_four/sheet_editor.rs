//! The 24-System sheet editor: skills with their ranks (and the dice each rank rolls), and complications on the
//! five tracks, logged by Push Your Luck or by hand, each markable as cleared.

use crate::state::edit::SheetAccess;
use crate::state::erased;
use crate::state::now_ms;
use crate::systems::sheet_kit::{NameField, RemoveButton, RowsPart};
use crate::widgets::time::format_time;
use dicetray_rules::systems::twenty_four::{rank_dice, Severity, Track};
use dicetray_saved::sheets::twenty_four::{track_id, track_name, Sheet, Skill, TRACKS};
use leptos::prelude::*;

/// The dice a rank rolls, as the rank table writes them: `2d12`, `d10+d12+2`, ... `2d6+12`.
pub fn rank_text(rank: u8) -> String {
    let ([a, b], flat) = rank_dice(i64::from(rank.min(6)));
    let dice = if a == b { format!("2d{a}") } else { format!("d{a}+d{b}") };
    if flat > 0 {
        format!("{dice}+{flat}")
    } else {
        dice
    }
}

fn severity_name(s: Severity) -> &'static str {
    match s {
        Severity::Minor => "Minor",
        Severity::Major => "Major",
    }
}

#[component]
fn SkillRow(sheet: SheetAccess<Sheet>, index: usize) -> impl IntoView {
    let skill = sheet.memo(move |s| s.skills.get(index).cloned());
    let name = move || skill.get().map(|s| s.name).unwrap_or_default();
    let rank = move || skill.get().map_or(0, |s| s.rank);
    let set = move |f: &dyn Fn(&mut Skill)| sheet.update(|s| s.skills.get_mut(index).into_iter().for_each(f));
    let name_id = format!("t24-skill-{index}-name");
    let rank_id = format!("t24-skill-{index}-rank");
    view! {
        <li class="sheet-row skill-row" data-index=index>
            <NameField id=name_id label="Skill" class="skill-name" placeholder="e.g. Climb" value=erased::derive(name) on_input=move |v: String| set(&|k| k.name = v.clone()) />
            <div class="field">
                <label for=rank_id.clone()>"Rank"</label>
                <select
                    id=rank_id
                    class="skill-rank"
                    on:change=move |ev| {
                        if let Ok(r) = event_target_value(&ev).parse::<u8>() {
                            set(&|k| k.rank = r.min(6))
                        }
                    }
                >
                    {(0..=6u8)
                        .map(|r| {
                            view! {
                                <option value=r.to_string() prop:selected=move || rank() == r>
                                    {format!("{r} · {}", rank_text(r))}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </div>
            <p class="rank-dice" aria-live="polite">
                "Rolls " <strong>{move || rank_text(rank())}</strong>
            </p>
            <RemoveButton class="remove-skill" what="skill" name=erased::derive(name) on_remove=move |_: ()| sheet.update(|s| _ = (index < s.skills.len()).then(|| s.skills.remove(index))) />
        </li>
    }
}

#[component]
fn ComplicationRow(sheet: SheetAccess<Sheet>, index: usize) -> impl IntoView {
    let entry = sheet.memo(move |s| s.complications.get(index).cloned());
    let cleared = move || entry.get().is_some_and(|c| c.cleared);
    let check_id = format!("t24-complication-{index}-cleared");
    view! {
        <li class="complication" class:cleared=cleared data-index=index>
            {move || {
                entry
                    .get()
                    .map(|c| {
                        view! {
                            <span class="severity" data-severity=severity_name(c.severity)>
                                {severity_name(c.severity)}
                            </span>
                            <span class="fiction">{c.fiction}</span>
                            <span class="logged-at">{format_time(c.at)}</span>
                        }
                    })
            }}
            <label class="check" for=format!("t24-complication-{index}-cleared")>
                <input
                    id=check_id
                    type="checkbox"
                    class="clear-complication"
                    prop:checked=cleared
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        sheet.update(|s| s.complications.get_mut(index).into_iter().for_each(|c| c.cleared = on))
                    }
                />
                {move || if cleared() { "Cleared" } else { "Clear" }}
            </label>
        </li>
    }
}

#[component]
fn TrackList(sheet: SheetAccess<Sheet>, track: Track) -> impl IntoView {
    let indices = sheet.memo(move |s| {
        Some(s.complications.iter().enumerate().filter(|(_, c)| c.track == track).map(|(i, _)| i).collect::<Vec<_>>())
    });
    let open =
        move || sheet.with(|s| s.complications.iter().filter(|c| c.track == track && !c.cleared).count()).unwrap_or(0);
    view! {
        <section class="track" data-track=track_id(track)>
            <h4>{track_name(track)} <span class="track-open">{move || format!("{} open", open())}</span></h4>
            <ul class="complication-list">
                <For
                    each=move || indices.get().unwrap_or_default()
                    key=|i| *i
                    children=move |index| view! { <ComplicationRow sheet index /> }
                />
            </ul>
        </section>
    }
}

#[component]
fn LogComplication(sheet: SheetAccess<Sheet>) -> impl IntoView {
    let track = RwSignal::new(Track::Position);
    let severity = RwSignal::new(Severity::Minor);
    let fiction = RwSignal::new(String::new());
    let log = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let text = fiction.get_untracked().trim().to_string();
        let (t, sev) = (track.get_untracked(), severity.get_untracked());
        sheet.update(|s| s.log_complication(t, sev, text, now_ms()));
        fiction.set(String::new());
    };
    view! {
        <form class="log-complication" on:submit=log aria-label="Log a complication by hand">
            <div class="field">
                <label for="t24-log-track">"Track"</label>
                <select
                    id="t24-log-track"
                    class="log-track"
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        if let Some(t) = TRACKS.into_iter().find(|t| track_id(*t) == v) {
                            track.set(t)
                        }
                    }
                >
                    {TRACKS
                        .into_iter()
                        .map(|t| view! { <option value=track_id(t) prop:selected=move || track.get() == t>{track_name(t)}</option> })
                        .collect_view()}
                </select>
            </div>
            <div class="field">
                <label for="t24-log-severity">"Severity"</label>
                <select
                    id="t24-log-severity"
                    class="log-severity"
                    on:change=move |ev| severity.set(if event_target_value(&ev) == "major" { Severity::Major } else { Severity::Minor })
                >
                    <option value="minor" prop:selected=move || severity.get() == Severity::Minor>"Minor"</option>
                    <option value="major" prop:selected=move || severity.get() == Severity::Major>"Major"</option>
                </select>
            </div>
            <div class="field grow">
                <label for="t24-log-fiction">"What happened"</label>
                <input
                    id="t24-log-fiction"
                    class="log-fiction"
                    type="text"
                    prop:value=move || fiction.get()
                    on:input=move |ev| fiction.set(event_target_value(&ev))
                />
            </div>
            <button type="submit" class="log-button">"Log complication"</button>
        </form>
    }
}

/// The 24-System sheet of character `id`.
#[component]
pub fn TwentyFourSheetEditor(id: String) -> impl IntoView {
    let sheet = SheetAccess::<Sheet>::new(id);
    let skills = sheet.memo(|s| Some(s.skills.len()));
    let add = move |_: ()| sheet.update(|s| s.skills.push(Skill { name: String::new(), rank: 0 }));
    view! {
        <div class="sheet-editor" data-system="24-system">
            <RowsPart title="Skills" hint="Rank 0 to 6 sets the two skill dice and the flat bonus; the result is the two highest dice plus the bonus." list_class="skills" count=skills row=move |index| view! { <SkillRow sheet index /> } add=("add-skill", "Add skill", Callback::new(add)) />
            <section class="sheet-part">
                <h3>"Complications"</h3>
                <div class="tracks">
                    {TRACKS.into_iter().map(|track| view! { <TrackList sheet track /> }).collect_view()}
                </div>
                <LogComplication sheet />
            </section>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::rank_text;

    #[test]
    fn ranks_read_as_the_rank_table() {
        let all: Vec<String> = (0..=6).map(rank_text).collect();
        assert_eq!(all, ["2d12", "d10+d12+2", "2d10+4", "d8+d10+6", "2d8+8", "d6+d8+10", "2d6+12"]);
    }
}
