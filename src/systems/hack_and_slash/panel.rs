//! The Hack & Slash roll panel: bonus and difficulty in half steps, or one or more opposers; after the roll,
//! the success level and each opposer's interference.

use super::result::HackAndSlashResult;
use crate::state::erased;
use crate::state::situation::ROW;
use crate::systems::every_choice::EveryChoice;
use crate::systems::favourite::{contest_of, ContestFavourite};
use crate::systems::field_check::FieldCheck;
use crate::systems::kit::{roll_and_record, rows, HalfStepper, OddsView, RollCtx, SelectField};
use crate::systems::rehearsal::rehearse;
use crate::systems::roll_bar::RollBar;
use crate::systems::Sheet;
use crate::widgets::later::Later;
use dicetray_rules::systems::hack_and_slash::{HackAndSlash, HackAndSlashRequest, HackAndSlashRoll};
use dicetray_rules::systems::Variant as _;
use dicetray_rules::systems::{RequestError, Roll, RuleSystem};
use dicetray_saved::sheets::hack_and_slash::halves_text;
use dicetray_saved::sheets::SystemSheet;
use leptos::prelude::*;

/// The system, as the roll bar names it.
const ID: &str = <HackAndSlash as RuleSystem>::ID;

/// The difficulty scale in words, from the text: 0 is slightly difficult, 5 very difficult, 10 nearly impossible.
/// The text names only those three; a value between two of them is said to lie between them.
pub fn difficulty_words(halves: i64) -> String {
    const NAMED: [(i64, &str); 3] = [(0, "slightly difficult"), (10, "very difficult"), (20, "nearly impossible")];
    let words = match NAMED.iter().position(|&(h, _)| halves <= h) {
        Some(i) if NAMED[i].0 == halves => NAMED[i].1.to_string(),
        Some(0) => format!("easier than {} (0)", NAMED[0].1),
        Some(i) => {
            let ((lo, low), (hi, high)) = (NAMED[i - 1], NAMED[i]);
            format!("between {low} ({}) and {high} ({})", lo / 2, hi / 2)
        }
        None => format!("beyond {} (10)", NAMED[2].1),
    };
    format!("Difficulty {}: {words}", halves_text(halves as i32))
}

fn half(h: i64) -> f64 {
    h as f64 / 2.0
}

#[derive(Clone, Copy)]
struct Opposer {
    id: usize,
    bonus: RwSignal<i64>,
}

/// The opposers of an opposed roll: each one's bonus, added and removed (at least one stays).
#[component]
fn OpposerList(opposers: RwSignal<Vec<Opposer>>, next: StoredValue<usize>) -> impl IntoView {
    view! {
        <fieldset class="opposers">
            <legend>"Opposers"</legend>
            <ul class="entry-list">
                <For
                    each=move || opposers.get()
                    key=|o| o.id
                    children=move |o| {
                        let n = move || opposers.with(|v| v.iter().position(|x| x.id == o.id).map_or(0, |i| i + 1));
                        view! {
                            <li class="entry-row opposer-entry">
                                <HalfStepper id=format!("hs-opp-{}", o.id) label=format!("Opposer {}", o.id + 1) value=o.bonus />
                                <span></span>
                                <button
                                    type="button"
                                    class="remove"
                                    aria-label=move || format!("Remove opposer {}", n())
                                    disabled=move || { opposers.with(|v| v.len() <= 1) }
                                    on:click=move |_| opposers.update(|v| v.retain(|x| x.id != o.id))
                                >
                                    "✕"
                                </button>
                            </li>
                        }
                    }
                />
            </ul>
            <button
                type="button"
                class="add"
                id="hs-add-opposer"
                on:click=move |_| {
                    let id = next.get_value();
                    next.set_value(id + 1);
                    opposers.update(|v| v.push(Opposer { id, bonus: RwSignal::new(0) }));
                }
            >
                "+ Add opposer"
            </button>
        </fieldset>
    }
}

/// The Hack & Slash roll panel.
#[component]
pub fn HackAndSlashPanel(character: Option<String>) -> impl IntoView {
    let ctx = RollCtx::get();
    let sheet = character.as_ref().and_then(|id| ctx.state.character(id)).and_then(|c| match c.sheet {
        Sheet::HackAndSlash(s) => Some(s),
        _ => None,
    });
    let ability_options = rows(sheet.as_ref().map(SystemSheet::rolls));
    let abilities = StoredValue::new(sheet.map(|s| s.abilities).unwrap_or_default());
    let has_abilities = !ability_options.is_empty();
    let pick = RwSignal::new(if has_abilities { "0".to_string() } else { String::new() });
    let bonus = RwSignal::new(0i64);
    erased::effect(move |_| {
        if let Some(a) = pick.get().parse::<usize>().ok().and_then(|i| abilities.with_value(|v| v.get(i).cloned())) {
            bonus.set(a.halves as i64);
        }
    });
    let difficulty = RwSignal::new(0i64);
    let mode = RwSignal::new("single".to_string());
    let opposers = RwSignal::new(vec![Opposer { id: 0, bonus: RwSignal::new(0) }]);
    let next = StoredValue::new(1usize);

    let request = Memo::new(move |_| -> Result<HackAndSlashRequest, RequestError> {
        let mut r = HackAndSlashRequest { bonus: half(bonus.get()), ..Default::default() };
        if mode.get() == "opposed" {
            r.opponents = Some(opposers.get().iter().map(|o| half(o.bonus.get())).collect());
        } else {
            r.difficulty = Some(half(difficulty.get()));
        }
        r.validate()?;
        Ok(r)
    });
    provide_context(FieldCheck::new(erased::derive(move || request.get().err())));
    let odds = Memo::new(move |_| request.get().and_then(|r| HackAndSlash::odds(&r)));

    let last = RwSignal::new(None::<HackAndSlashRoll>);
    rehearse::<HackAndSlash>(
        move || request.get_untracked(),
        |_, roll| view! { <HackAndSlashResult last=Signal::stored(Some(roll)) /> }.into_any(),
    );
    let character_id = StoredValue::new(character);
    let on_roll = move || {
        let Ok(req) = request.get_untracked() else { return };
        let detail = HackAndSlash::describe(&req);
        let who = ctx.character_ref(&character_id.get_value());
        roll_and_record::<HackAndSlash>(ctx, &req, who, &detail, move |roll, _| {
            if let Roll::HackAndSlash(roll) = roll {
                last.set(Some(roll));
            }
        });
    };
    let mode_options = vec![
        ("single".to_string(), "Single action (difficulty)".to_string()),
        ("opposed".to_string(), "Opposed".to_string()),
    ];

    view! {
        <div class="panel-inputs">
            {has_abilities.then(|| view! { <SelectField id="hs-ability" label="Ability" value=pick options=ability_options remember_as=ROW /> })}
            <HalfStepper id="hs-bonus".to_string() label="Bonus".to_string() value=bonus />
            <SelectField id="hs-mode" label="Against" value=mode options=mode_options />
            <Show
                when=move || mode.get() == "opposed"
                fallback=move || view! {
                    <HalfStepper
                        id="hs-difficulty".to_string()
                        label="Difficulty".to_string()
                        value=difficulty
                        hint=erased::derive(move || difficulty_words(difficulty.get()))
                    />
                }
            >
                <OpposerList opposers next />
            </Show>
        </div>
        <Later>
            <div class="panel-odds">
                <OddsView odds=odds label=HackAndSlash::words />
                <ContestFavourite contest={contest_of::<HackAndSlash>(move || request.get(), odds)} />
            </div>
            <RollBar system=ID enabled=erased::derive(move || request.with(Result::is_ok)) on_roll=on_roll odds=odds label=HackAndSlash::words />
            <EveryChoice request=erased::derive(move || request.get().ok().map(HackAndSlash::request)) />
            <div class="panel-output"><HackAndSlashResult last /></div>
        </Later>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_difficulty_scale_reads_as_the_text_names_it() {
        assert_eq!(difficulty_words(0), "Difficulty 0: slightly difficult");
        assert_eq!(difficulty_words(10), "Difficulty 5: very difficult");
        assert_eq!(difficulty_words(20), "Difficulty 10: nearly impossible");
        assert_eq!(difficulty_words(5), "Difficulty 2½: between slightly difficult (0) and very difficult (5)");
        assert_eq!(difficulty_words(11), "Difficulty 5½: between very difficult (5) and nearly impossible (10)");
        assert_eq!(difficulty_words(-1), "Difficulty −½: easier than slightly difficult (0)");
        assert_eq!(difficulty_words(21), "Difficulty 10½: beyond nearly impossible (10)");
    }
}
