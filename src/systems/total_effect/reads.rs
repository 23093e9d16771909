//! Reading the Effect dice in the Total//Effect panel: what an ability takes from a roll (one Effect die or a
//! flat value), stepped up or down and halved as the text describes, with the value it gives: at once for a
//! flat value, against the last roll's Effect dice for a die. The stepping and halving are the rules crate's
//! (`EffectRead`); this only gathers the inputs and shows the words and the value.

use crate::systems::kit::int;
use dicetray_rules::systems::total_effect::{Effect, EffectDie, EffectRead, STEPS_MAX};
use dicetray_rules::systems::RequestError;
use leptos::prelude::*;

/// One reading's inputs.
#[derive(Clone, Copy)]
struct ReadEntry {
    id: usize,
    /// `high`, `mid`, `low` or `flat`.
    source: RwSignal<String>,
    flat: RwSignal<String>,
    /// Positive steps up, negative steps down.
    steps: RwSignal<i64>,
    halve: RwSignal<bool>,
}

impl ReadEntry {
    fn new(id: usize) -> ReadEntry {
        ReadEntry {
            id,
            source: RwSignal::new("mid".into()),
            flat: RwSignal::new("0".into()),
            steps: RwSignal::new(0),
            halve: RwSignal::new(false),
        }
    }

    /// The rules crate's reading of the inputs, checked (tracked).
    fn read(&self) -> Result<EffectRead, RequestError> {
        let die = match self.source.get().as_str() {
            "high" => Some(EffectDie::High),
            "low" => Some(EffectDie::Low),
            "flat" => None,
            _ => Some(EffectDie::Mid),
        };
        let flat = if die.is_none() { Some(int("flat value", &self.flat.get())?) } else { None };
        let read = EffectRead { die, flat, steps: self.steps.get(), halve: self.halve.get() };
        read.validate("reading")?;
        Ok(read)
    }
}

/// "No steps", "1 step up", "2 steps down".
fn steps_text(steps: i64) -> String {
    let way = if steps > 0 { "up" } else { "down" };
    match steps.abs() {
        0 => "No steps".into(),
        1 => format!("1 step {way}"),
        n => format!("{n} steps {way}"),
    }
}

/// What a reading gives: its words, and its value once it is known (a flat value's always is).
fn result_text(read: &EffectRead, effect: Option<Effect>) -> (String, Option<i64>) {
    let known = effect.or(read.flat.map(|_| Effect { high: 0, mid: 0, low: 0 }));
    (read.words(), known.map(|e| read.value(&e)))
}

/// The "Reading the Effect dice" fieldset: a row per reading, "+ Add a reading", and the rules in a line.
#[component]
pub fn EffectReads(#[prop(into)] effect: Signal<Option<Effect>>) -> impl IntoView {
    let list = RwSignal::new(Vec::<ReadEntry>::new());
    let next = StoredValue::new(0usize);
    let add = move |_| {
        let id = next.get_value();
        next.set_value(id + 1);
        list.update(|v| v.push(ReadEntry::new(id)));
    };
    let remove = Callback::new(move |id: usize| list.update(|v| v.retain(|r| r.id != id)));
    view! {
        <fieldset class="effect-reads">
            <legend>"Reading the Effect dice"</legend>
            <p class="field-hint">
                "An ability reads the High, Mid or Low die, or a flat value. Step up: Low → Mid → High, then +1 a step. \
                 Step down: High → Mid → Low, then −1 a step, not below 0. A flat value moves 1 a step. \
                 Halving comes after any steps: round down, at least 1."
            </p>
            <ul class="entry-list read-list">
                <For each=move || list.get() key=|r| r.id children=move |r| view! { <ReadRow entry=r effect remove /> } />
            </ul>
            <button type="button" class="add" id="te-add-read" on:click=add>"+ Add a reading"</button>
        </fieldset>
    }
}

/// One reading: which die or flat value, the steps, halving, and what it gives.
#[component]
fn ReadRow(entry: ReadEntry, effect: Signal<Option<Effect>>, remove: Callback<usize>) -> impl IntoView {
    let ReadEntry { id, source, flat, steps, halve } = entry;
    let ids = move |part: &str| format!("te-read-{id}-{part}");
    let options = [("high", "High die"), ("mid", "Mid die"), ("low", "Low die"), ("flat", "A flat value")];
    let result = Memo::new(move |_| entry.read().map(|r| result_text(&r, effect.get())));
    let shown = move || match result.get() {
        Ok((words, Some(v))) => format!("{words} = {v}"),
        Ok((words, None)) => format!("{words}. Roll to see its value."),
        Err(e) => format!("Flat value: {} (allowed: {}).", e.problem, e.allowed),
    };
    view! {
        <li class="read-entry" data-read=id.to_string()>
            <div class="field">
                <label for=ids("source")>"Reads"</label>
                <select id=ids("source") on:change=move |ev| source.set(event_target_value(&ev))>
                    {options.map(|(v, t)| view! { <option value=v selected=v == "mid">{t}</option> })}
                </select>
            </div>
            <Show when=move || source.get() == "flat">
                <div class="field read-flat">
                    <label for=ids("flat")>"Flat value"</label>
                    <input id=ids("flat") type="text" inputmode="numeric" pattern="[0-9]*" autocomplete="off" bind:value=flat />
                </div>
            </Show>
            <div class="field stepper read-steps" role="group" aria-labelledby=ids("steps-label")>
                <span class="stepper-label" id=ids("steps-label")>"Steps"</span>
                <div class="stepper-controls">
                    <button
                        type="button"
                        id=ids("down")
                        aria-label="Step down"
                        disabled=move || { steps.get() <= -STEPS_MAX }
                        on:click=move |_| steps.update(|s| *s = (*s - 1).max(-STEPS_MAX))
                    >
                        "−"
                    </button>
                    <output class="stepper-value" id=ids("steps")>{move || steps_text(steps.get())}</output>
                    <button
                        type="button"
                        id=ids("up")
                        aria-label="Step up"
                        disabled=move || { steps.get() >= STEPS_MAX }
                        on:click=move |_| steps.update(|s| *s = (*s + 1).min(STEPS_MAX))
                    >
                        "+"
                    </button>
                </div>
            </div>
            <label class="check" for=ids("halve")>
                <input id=ids("halve") type="checkbox" bind:checked=halve />
                <span>"Halve"</span>
            </label>
            <p class="read-result" id=ids("result") aria-live="polite" class:error=move || result.with(Result::is_err)
                data-value=move || result.get().ok().and_then(|r| r.1).map(|v| v.to_string())>
                {shown}
            </p>
            <button type="button" class="remove" aria-label="Remove this reading" on:click=move |_| remove.run(id)>"✕"</button>
        </li>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_read_as_words_and_a_reading_is_known_once_it_can_be() {
        assert_eq!(steps_text(0), "No steps");
        assert_eq!(steps_text(1), "1 step up");
        assert_eq!(steps_text(-3), "3 steps down");
        let mid_up = EffectRead { die: Some(EffectDie::Mid), steps: 1, ..Default::default() };
        assert_eq!(result_text(&mid_up, None).1, None, "a die's value waits for the roll");
        let rolled = Effect { high: 6, mid: 4, low: 1 };
        assert_eq!(result_text(&mid_up, Some(rolled)).1, Some(6), "Mid stepped up once is the High die");
        let flat = EffectRead { flat: Some(3), steps: -1, halve: true, ..Default::default() };
        assert_eq!(result_text(&flat, None), ("Flat value 3, stepped down 1, then halved".into(), Some(1)));
    }
}
