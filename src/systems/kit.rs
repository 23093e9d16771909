//! The parts every roll panel shares: number fields, half-step steppers, the live odds view, the Roll button,
//! the rolled result (dice, total, outcome in words) and recording a roll in the history.

use crate::state::erased;
use crate::state::roll::Rolled;
use crate::state::situation::{remember, remember_if};
use crate::state::{use_app_state, AppState, CharacterRef, RollSource};
use crate::systems::field_check::{problem_words, FieldCheck};
use crate::systems::roll_bar::{outcome_mark, LatestRoll};
use crate::systems::system_name;
use crate::widgets::dice::DiceRow;
use crate::widgets::lazy_screen::lazy_view;
use crate::widgets::odds_chart::OddsChart;
use dicetray_rules::decimal::shortest;
use dicetray_rules::die::DieRoll;
use dicetray_rules::systems::{roll_seeded, total_words, words, Odds, Request, RequestError, Roll, Summary, Variant};
use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;
use std::future::Future;

/// A system's roll panel in its frame (`.roll-panel[data-system]`, headed by the system's name).
pub fn framed(system: &'static str, body: AnyView) -> AnyView {
    let name = system_name(system);
    view! {
        <div class="roll-panel" data-system=system>
            <h2 class="panel-title">{name}</h2>
            {body}
        </div>
    }
    .into_any()
}

/// The roll panel of `system` from its lazily loaded chunk: `preload` fetches the chunk, `build` makes the panel
/// for `character`; the frame appears once the panel's code has arrived (`widgets::lazy_screen` shows the loading
/// state and a failed fetch).
pub fn lazy_panel<PF, BF>(
    system: &'static str,
    preload: fn() -> PF,
    build: fn(Option<String>) -> BF,
    character: Option<String>,
) -> AnyView
where
    PF: Future<Output = Result<(), SplitLoaderError>> + 'static,
    BF: Future<Output = Result<AnyView, SplitLoaderError>> + 'static,
{
    lazy_view(system_name(system), "panel", preload, move || {
        let character = character.clone();
        async move { build(character).await.map(|body| framed(system, body)) }
    })
}

/// The polite live region the Roll screen announces new results through (provided by the screen), and how many
/// announcements it has made (each starts with its number, so two identical results are both read out).
#[derive(Clone, Copy)]
pub struct Announcer(pub RwSignal<String>, pub StoredValue<u32>);

/// What a panel needs to roll, record and announce; take it while the component is created (event handlers
/// run outside the component's reactive owner, where contexts cannot be read).
#[derive(Clone, Copy)]
pub struct RollCtx {
    pub state: AppState,
    announcer: Option<Announcer>,
    latest: Option<LatestRoll>,
    /// Owned by the component that took the context: disposed with it.
    alive: StoredValue<()>,
}

impl RollCtx {
    pub fn get() -> RollCtx {
        let (announcer, latest) = (use_context::<Announcer>(), use_context::<LatestRoll>());
        RollCtx { state: use_app_state(), announcer, latest, alive: StoredValue::new(()) }
    }

    /// The component that took this context is gone (a table roll's seed can come after the player left the screen
    /// or picked another system): its signals may not be read any more.
    pub fn is_gone(&self) -> bool {
        self.alive.try_with_value(|_| ()).is_none()
    }

    /// Announce `text` to screen readers.
    pub fn announce(&self, text: String) {
        if let Some(Announcer(signal, count)) = self.announcer {
            let n = count.get_value() + 1;
            count.set_value(n);
            signal.set(format!("{n}. {text}"));
        }
    }

    /// Show `summary`, History entry `entry`, as the newest roll in the roll bar (with a buzz, if the player asked
    /// for one).
    pub fn show(&self, summary: &Summary, entry: &str) {
        crate::widgets::device::buzz_for_roll(&self.state);
        if let Some(latest) = self.latest {
            latest.show(summary, entry);
        }
    }

    /// The character with `id`, as history records it.
    pub fn character_ref(&self, id: &Option<String>) -> Option<CharacterRef> {
        character_ref(&self.state, id)
    }
}

/// A sheet's rolls (`SystemSheet::rolls`) as a pick's options: row `i` is the option `"i"`.
pub fn rows(rolls: Option<Vec<String>>) -> Vec<(String, String)> {
    rolls.unwrap_or_default().into_iter().enumerate().map(|(i, label)| (i.to_string(), label)).collect()
}

/// A whole number typed into `field`'s input; the error names the field like the engine's do.
pub fn int(field: &str, text: &str) -> Result<i64, RequestError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(RequestError::new(field, "empty", "a whole number"));
    }
    t.parse::<i64>().map_err(|_| RequestError::new(field, format!("`{t}` is not a whole number"), "a whole number"))
}

/// [`int`] for the engine's `i32` fields.
pub fn int32(field: &str, text: &str) -> Result<i32, RequestError> {
    let n = int(field, text)?;
    i32::try_from(n).map_err(|_| RequestError::new(field, format!("{n} is out of range"), "a small whole number"))
}

/// The character a roll is made for, as history records it.
pub fn character_ref(state: &AppState, id: &Option<String>) -> Option<CharacterRef> {
    let id = id.as_ref()?;
    state.character(id).map(|c| CharacterRef { id: c.id, name: c.name })
}

/// Dice as plain text: `d8:8 d10:7 d6:3(dropped)`.
pub fn dice_text(dice: &[DieRoll]) -> String {
    dice.iter()
        .map(|d| format!("{}:{}{}", d.kind.name(), d.value, if d.kept { "" } else { "(dropped)" }))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Roll `request` of system `S` (with a fresh seed, or the table's when seated), record it in the history
/// (`AppState::roll`) and announce it; then `then` gets the roll and the history entry's id. Generic over the
/// system, so each panel carries only its own system's roll code (`roll_seeded`).
pub fn roll_and_record<S: Variant>(
    ctx: RollCtx,
    request: &S::Request,
    character: Option<CharacterRef>,
    detail: &str,
    then: impl FnOnce(Roll, String) + 'static,
) where
    S::Request: 'static,
{
    let who = character.clone();
    let (asked, detail) = (S::request(request.clone()), detail.to_string());
    let request = request.clone();
    let roll = move |seed| {
        let roll = roll_seeded::<S>(&request, seed)?;
        let (request, summary) = (S::request(request), roll.summary());
        let text = entry_text(&request, &summary, who.as_ref(), &detail);
        Ok::<_, RequestError>((roll, Rolled { summary, text }))
    };
    ctx.state.roll(character, RollSource::System { request: asked }, roll, move |rolled| {
        // Recorded in History by now; the panel is told only if it is still there.
        let Ok((roll, id)) = rolled else { return };
        if ctx.is_gone() {
            return;
        }
        let s = roll.summary();
        ctx.show(&s, &id);
        ctx.announce(format!(
            "Rolled {}: {}, total {}.",
            system_name(&s.system),
            words(&s.system, &s.outcome),
            shortest(s.total)
        ));
        then(roll, id);
    });
}

/// The recorded roll `id` became `roll`, which `request` gives with the entry's own seed (the player rerolled a
/// die with ♻, or spent Fortune, after seeing it; `what` says which to a screen reader): the entry says so, keeping
/// its id, time and character, and replays as it now is.
pub fn amend_roll(ctx: RollCtx, id: &str, request: Request, roll: Roll, detail: &str, what: &str) {
    let s = roll.summary();
    ctx.show(&s, id);
    ctx.announce(format!("{what}: {}, total {}.", words(&s.system, &s.outcome), shortest(s.total)));
    ctx.state.amend_history(id, |e| {
        let text = entry_text(&request, &s, e.character.as_ref(), detail);
        e.reroll(request, s, text);
    });
}

/// History's one-line text of a system roll.
pub fn entry_text(request: &Request, s: &Summary, character: Option<&CharacterRef>, detail: &str) -> String {
    let who = character.map(|c| format!("{}: ", c.name)).unwrap_or_default();
    let events: Vec<String> = s.events.iter().map(|e| words(&s.system, e)).collect();
    format!(
        "{who}{} {detail}: {} -> {} = {}{}",
        system_name(request.system_id()),
        dice_text(&s.dice),
        shortest(s.total),
        words(&s.system, &s.outcome),
        if events.is_empty() { String::new() } else { format!(" ({})", events.join(", ")) },
    )
}

/// A labelled number input bound to a text signal (the panel parses and validates it). On the Roll screen it
/// restores the roller's last text and remembers each change (`state::situation`).
///
/// It is a text input, not `type="number"`: a number input reports a half-typed `-` as an empty value, and writing
/// that back would wipe the minus sign. Fields that cannot go below 0 ask phones for the digit keypad.
#[component]
pub fn NumberField(
    id: &'static str,
    label: &'static str,
    value: RwSignal<String>,
    /// The request's field this input fills (`dc`, `opponent.ability`): when the panel's request is wrong there,
    /// the input is marked and the problem is said under it, in the label's words ([`FieldCheck`](super::field_check::FieldCheck)).
    #[prop(optional)]
    field: Option<&'static str>,
    #[prop(optional)] min: Option<i64>,
    #[prop(optional)] max: Option<i64>,
    #[prop(optional, into)] hint: Option<Signal<String>>,
) -> impl IntoView {
    remember(id, value);
    let hint_id = format!("{id}-hint");
    let error_id = format!("{id}-error");
    let has_hint = hint.is_some();
    let check = use_context::<FieldCheck>();
    if let (Some(check), Some(field)) = (check, field) {
        check.register(field, label);
    }
    let problem = move || {
        let (check, field) = (check?, field?);
        check.error.with(|e| e.as_ref().filter(|e| e.field == field).map(|e| problem_words(label, e)))
    };
    let described = {
        let (hint_id, error_id) = (hint_id.clone(), error_id.clone());
        move || {
            let ids: Vec<&str> = [has_hint.then_some(hint_id.as_str()), problem().map(|_| error_id.as_str())]
                .into_iter()
                .flatten()
                .collect();
            (!ids.is_empty()).then(|| ids.join(" "))
        }
    };
    view! {
        <div class="field" class:invalid=move || problem().is_some()>
            <label for=id>{label}</label>
            <input
                id=id
                type="text"
                inputmode=if min.is_some_and(|m| m >= 0) { "numeric" } else { "text" }
                pattern="-?[0-9]*"
                autocomplete="off"
                data-min=min.map(|m| m.to_string())
                data-max=max.map(|m| m.to_string())
                aria-describedby=described
                aria-invalid=move || if problem().is_some() { "true" } else { "false" }
                bind:value=value
            />
            {hint.map(|h| view! { <span class="field-hint" id=hint_id>{move || h.get()}</span> })}
            {move || problem().map(|p| view! { <span class="field-error" id=error_id.clone()>{p}</span> })}
        </div>
    }
}

/// A labelled `<select>` over `(value, text)` options, bound to a string signal. On the Roll screen it restores
/// the roller's last choice (if still offered) and remembers each change (`state::situation`).
#[component]
pub fn SelectField(
    id: &'static str,
    label: &'static str,
    value: RwSignal<String>,
    #[prop(into)] options: Signal<Vec<(String, String)>>,
    #[prop(optional, into)] disabled: Option<Signal<bool>>,
    #[prop(optional, into)] hint: Option<Signal<String>>,
    /// The memory key, if not the id (`situation::ROW` for the pick among a sheet's rolls).
    #[prop(optional)]
    remember_as: Option<&'static str>,
    /// Not part of the situation (a follow-up's choice): nothing is restored or remembered.
    #[prop(optional)]
    forget: bool,
) -> impl IntoView {
    if !forget {
        remember_if(remember_as.unwrap_or(id), value, move |v| {
            options.with_untracked(|o| o.iter().any(|(x, _)| x == v))
        });
    }
    let hint_id = format!("{id}-hint");
    let has_hint = hint.is_some();
    view! {
        <div class="field">
            <label for=id>{label}</label>
            <select
                id=id
                prop:value=move || value.get()
                on:change=move |ev| value.set(event_target_value(&ev))
                disabled=move || disabled.is_some_and(|d| d.get())
                aria-describedby=has_hint.then(|| hint_id.clone())
            >
                {move || {
                    options
                        .get()
                        .into_iter()
                        .map(|(v, t)| {
                            let selected = value.get_untracked() == v;
                            view! { <option value=v selected=selected>{t}</option> }
                        })
                        .collect_view()
                }}
            </select>
            {hint.map(|h| view! { <span class="field-hint" id=hint_id>{move || h.get()}</span> })}
        </div>
    }
}

/// A labelled checkbox.
#[component]
pub fn CheckField(id: &'static str, label: &'static str, value: RwSignal<bool>) -> impl IntoView {
    remember(id, value);
    view! {
        <label class="check" for=id>
            <input id=id type="checkbox" bind:checked=value />
            <span>{label}</span>
        </label>
    }
}

/// A value in half steps with − and + buttons (Hack & Slash).
#[component]
pub fn HalfStepper(
    id: String,
    label: String,
    /// The value in half steps (3 = 1½).
    value: RwSignal<i64>,
    #[prop(default = -20)] min: i64,
    #[prop(default = 40)] max: i64,
    /// A line under the stepper (what the value means).
    #[prop(optional, into)]
    hint: Option<Signal<String>>,
) -> impl IntoView {
    remember(id.clone(), value);
    let label_id = format!("{id}-label");
    let labelled_by = label_id.clone();
    let hint_id = format!("{id}-hint");
    let described_by = hint.is_some().then(|| hint_id.clone());
    view! {
        <div class="field stepper" id=id role="group" aria-labelledby=labelled_by aria-describedby=described_by>
            <span class="stepper-label" id=label_id>{label}</span>
            <div class="stepper-controls">
                <button
                    type="button"
                    data-step="down"
                    aria-label="−½: half a step less"
                    disabled=move || { value.get() <= min }
                    on:click=move |_| value.update(|v| *v = (*v - 1).max(min))
                >
                    "−½"
                </button>
                <output class="stepper-value" aria-live="polite">
                    {move || dicetray_saved::sheets::hack_and_slash::halves_text(value.get() as i32)}
                </output>
                <button
                    type="button"
                    data-step="up"
                    aria-label="+½: half a step more"
                    disabled=move || { value.get() >= max }
                    on:click=move |_| value.update(|v| *v = (*v + 1).min(max))
                >
                    "+½"
                </button>
            </div>
            {hint.map(|h| view! { <span class="field-hint" id=hint_id>{move || h.get()}</span> })}
        </div>
    }
}

/// The live odds of a request: a bar chart of every outcome and one of the events, or the engine's error.
#[component]
pub fn OddsView(
    #[prop(into)] odds: Signal<Result<Odds, RequestError>>,
    label: fn(&str) -> String,
    /// `panel-odds` for the panel's own odds (tests read these), another id for any second chart.
    #[prop(default = "panel-odds")]
    id: &'static str,
    #[prop(default = "Chance of each outcome")] caption: &'static str,
    #[prop(default = "Chance of each event (they can overlap)")] events_caption: &'static str,
) -> impl IntoView {
    let outcomes = erased::derive(move || odds.with(|o| o.as_ref().map(|o| o.outcomes.clone()).unwrap_or_default()));
    let events = erased::derive(move || odds.with(|o| o.as_ref().map(|o| o.events.clone()).unwrap_or_default()));
    let has_events = move || !events.with(Vec::is_empty);
    let truncated = move || odds.with(|o| o.as_ref().map_or(0.0, |o| o.truncated_mass));
    view! {
        <section class="odds" id=id aria-label=caption>
            {move || {
                odds.with(|o| match o {
                    Err(e) => {
                        view! {
                            <p class="request-error" role="alert" data-field=e.field.clone()>
                                <strong>"Can't roll yet. "</strong>
                                <code>{e.field.clone()}</code>
                                {format!(": {} (allowed: {})", e.problem, e.allowed)}
                            </p>
                        }
                            .into_any()
                    }
                    Ok(_) => ().into_any(),
                })
            }}
            <div class="odds-outcomes" class:hidden=move || odds.with(Result::is_err)>
                <OddsChart chances=outcomes label=label caption=caption />
            </div>
            <div class="odds-events" class:hidden=move || odds.with(Result::is_err) || !has_events()>
                <OddsChart chances=events label=label caption=events_caption />
            </div>
            {move || {
                (truncated() > 0.0)
                    .then(|| {
                        view! {
                            <p class="odds-note">
                                {format!(
                                    "Explosions are followed until less than {} of the chance is left.",
                                    dicetray_rules::decimal::scientific(truncated(), 1),
                                )}
                            </p>
                        }
                    })
            }}
        </section>
    }
}

/// The other side's roll in a contest: a line of text and its dice.
#[component]
pub fn OpponentRoll(text: String, dice: Vec<DieRoll>) -> impl IntoView {
    view! {
        <div class="opponent-roll">
            <p>{text}</p>
            <DiceRow dice=Signal::stored(dice) />
        </div>
    }
}

/// The part of a result every system shows: outcome in words (with a symbol, never colour alone), the total,
/// every die, and what the outcome means at the table.
pub fn summary_view(summary: &Summary, meaning: String, detail: String) -> AnyView {
    let outcome = summary.outcome.clone();
    let mark = outcome_mark(&outcome);
    let dice = summary.dice.clone();
    let (total_label, total) = total_words(&summary.system, summary.total);
    let total_label = format!("{total_label} ");
    view! {
        <div class="result-head">
            <p class="outcome" data-outcome=outcome.clone()>
                <span class="outcome-mark" aria-hidden="true">{mark}</span>
                <span class="outcome-name">{words(&summary.system, &outcome)}</span>
            </p>
            <p class="roll-total">
                <span class="total-label">{total_label}</span>
                <span class="total-value">{total}</span>
            </p>
        </div>
        <DiceRow dice=Signal::stored(dice) />
        <p class="roll-detail">{detail}</p>
        <p class="outcome-meaning">{meaning}</p>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_numbers_are_read_or_named_in_the_error() {
        assert_eq!(int("dc", " 15 "), Ok(15));
        assert_eq!(int("dc", "-3"), Ok(-3));
        assert_eq!(int("dc", "").unwrap_err().field, "dc");
        let e = int("opponent.ability", "1.5").unwrap_err();
        assert_eq!((e.field.as_str(), e.allowed.as_str()), ("opponent.ability", "a whole number"));
        assert_eq!(int32("bonus", "99999999999").unwrap_err().field, "bonus");
    }

    #[test]
    fn dice_read_as_text() {
        let mut d = DieRoll::new(dicetray_rules::die::DieKind::Standard(8), 5);
        let kept = d.clone();
        d.kept = false;
        assert_eq!(dice_text(&[kept, d]), "d8:5 d8:5(dropped)");
    }
}
