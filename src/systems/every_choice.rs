//! "Odds of every choice", under a panel's odds: for one number the player is about to set (the system's
//! `RuleSystem::CHOICES`: Leverage, a DC, Risk, Escalation...), the chance of success at each of its values with
//! the current one marked, and the inverse question ("for 75% you need Leverage 2 or more"). Exact, live as the
//! inputs change. Folded by default; its code is in the `beyond` chunk (with the luck report, `widgets::luck`), fetched when
//! first unfolded.

use crate::state::erased;
use crate::systems::roll_bar::outcome_mark;
use crate::widgets::lazy_screen::lazy_view;
use crate::widgets::odds_chart::percent;
use dicetray_rules::decimal::fixed;
use dicetray_rules::systems::{needed, system, total_words, Choice, ChoiceRows, Need, Odds, Request, RequestError};
use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};

/// The fold, for the panel's current request (none while its inputs are invalid). `only`, when given, names the
/// fields the player may still set (a GM's request card: the GM's own numbers stand); the others are not offered.
#[component]
pub fn EveryChoice(
    #[prop(into)] request: Signal<Option<Request>>,
    #[prop(optional)] only: Option<Vec<&'static str>>,
) -> impl IntoView {
    let open = RwSignal::new(false);
    let only = StoredValue::new(only);
    view! {
        <details class="every-choice" on:toggle=move |_| open.set(true)>
            <summary>"Odds of every choice"</summary>
            {move || {
                open.get()
                    .then(|| lazy_view("Odds of every choice", "table", every_choice_preload, move || every_choice(request, only.get_value())))
            }}
        </details>
    }
}

#[wasm_split(beyond, wasm_split_path = ::leptos::wasm_split, preload(every_choice_preload), fallible)]
fn every_choice(
    request: Signal<Option<Request>>,
    only: Option<Vec<&'static str>>,
) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <ChoiceTable request only /> }.into_any())
}

/// One value of the choice: its chance of success, and of at least a partial success where the system has one.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    value: f64,
    success: f64,
    partial: Option<f64>,
    error: Option<String>,
}

/// The chance of success (★ ✔), and of at least a partial one (◐: a half success, a success with a twist) if
/// the system has partial successes. A hard choice (⚖) is not one.
fn success_of(odds: &Odds) -> (f64, Option<f64>) {
    let of =
        |marks: &[&str]| odds.outcomes.iter().filter(|c| marks.contains(&outcome_mark(&c.name))).map(|c| c.p).sum();
    let partial = odds.outcomes.iter().any(|c| outcome_mark(&c.name) == "◐");
    (of(&["★", "✔"]), partial.then(|| of(&["★", "✔", "◐"])))
}

fn rows(odds: Vec<(f64, Result<Odds, RequestError>)>) -> Vec<Row> {
    odds.into_iter()
        .map(|(value, odds)| match odds {
            Ok(o) => {
                let (success, partial) = success_of(&o);
                Row { value, success, partial, error: None }
            }
            Err(e) => Row { value, success: 0.0, partial: None, error: Some(e.problem) },
        })
        .collect()
}

/// The inverse question in words: `for 75% you need Leverage 2 or more`.
fn need_words(rows: &[Row], target: f64, system: &str, choice: &Choice) -> String {
    let pairs: Vec<(f64, f64)> = rows.iter().filter(|r| r.error.is_none()).map(|r| (r.value, r.success)).collect();
    let shown = |v: f64| total_words(system, v).1;
    let goal = percent(target);
    match needed(&pairs, target) {
        Need::AtLeast(v) => format!("For {goal} success you need {} {} or more.", choice.name, shown(v)),
        Need::AtMost(v) => format!("For {goal} success you need {} {} or less.", choice.name, shown(v)),
        Need::None => {
            format!("No {} from {} to {} gives {goal} success.", choice.name, shown(choice.lo), shown(choice.hi))
        }
    }
}

#[component]
fn ChoiceTable(request: Signal<Option<Request>>, only: Option<Vec<&'static str>>) -> impl IntoView {
    // The choices this request has (a DC only when it is rolled against one, and so on) that are the player's.
    let offered = Memo::new(move |_| {
        request.with(|r| {
            let Some(r) = r else { return Vec::new() };
            let listed = system(r.system_id()).map_or(&[][..], |s| s.choices);
            let theirs = |c: &&Choice| only.as_ref().is_none_or(|o| o.contains(&c.field));
            listed.iter().filter(|c| r.number(c.field).is_some()).filter(theirs).copied().collect::<Vec<Choice>>()
        })
    });
    let picked = RwSignal::new(String::new());
    let choice = Memo::new(move |_| {
        offered.with(|cs| picked.with(|p| cs.iter().find(|c| c.field == p.as_str()).or(cs.first()).copied()))
    });
    let table = Memo::new(move |_| {
        let c = choice.get()?;
        request.with(|r| {
            r.as_ref().map(|r| {
                let ChoiceRows { now, rows: odds } = r.every_choice(&c);
                Table { system_id: r.system_id(), choice: c, now, rows: rows(odds) }
            })
        })
    });
    // What the rows are: rebuilt only when the choice or its values change; each cell follows the odds itself.
    let shape = Memo::new(move |_| {
        table.with(|t| {
            t.as_ref().map(|t| Shape {
                system_id: t.system_id,
                choice: t.choice,
                values: t.rows.iter().map(|r| r.value).collect(),
                partial: t.rows.iter().any(|r| r.partial.is_some()),
            })
        })
    });
    let target = RwSignal::new("75".to_string());
    view! {
        <div class="choice-odds">
            <label class="field choice-pick">
                <span>"Chance of success for every"</span>
                <select
                    id="choice-field"
                    prop:value=move || choice.get().map_or("", |c| c.field)
                    on:change=move |ev| picked.set(event_target_value(&ev))
                >
                    {move || {
                        offered
                            .get()
                            .into_iter()
                            .map(|c| view! { <option value=c.field>{c.name}</option> })
                            .collect_view()
                    }}
                </select>
            </label>
            {move || match shape.get() {
                None if request.with(Option::is_some) => {
                    view! { <p class="hint">"Every number of this roll is already set."</p> }.into_any()
                }
                None => view! { <p class="hint">"Fix the highlighted input first."</p> }.into_any(),
                Some(shape) => view! { <ChoiceRowsTable shape table /> <ChoiceNeed table target /> }.into_any(),
            }}
            <label class="field choice-goal">
                <span>"Chance you want (%)"</span>
                <input
                    id="choice-goal"
                    type="text"
                    inputmode="decimal"
                    prop:value=move || target.get()
                    on:input=move |ev| target.set(event_target_value(&ev))
                />
            </label>
        </div>
    }
}

/// The odds of every value of the current choice.
#[derive(Clone, Debug, PartialEq)]
struct Table {
    system_id: &'static str,
    choice: Choice,
    now: Option<f64>,
    rows: Vec<Row>,
}

/// What the table's rows are: the choice, its values, and whether there is a partial success column.
#[derive(Clone, Debug, PartialEq)]
struct Shape {
    system_id: &'static str,
    choice: Choice,
    values: Vec<f64>,
    partial: bool,
}

/// One chance in a cell: a bar as long as the chance, and the chance in words; both follow `p`.
#[component]
fn ChanceCell(p: Signal<f64>) -> impl IntoView {
    view! {
        <td>
            <span class="choice-bar" style:width=move || format!("{}%", fixed(p.get() * 100.0, 2)) aria-hidden="true"></span>
            <span class="choice-p">{move || percent(p.get())}</span>
        </td>
    }
}

/// The table: a row per value, the current one marked; its cells follow the odds without the rows being rebuilt
/// (a change of input repaints text and bars only).
#[component]
fn ChoiceRowsTable(shape: Shape, table: Memo<Option<Table>>) -> impl IntoView {
    let Shape { system_id, choice, values, partial } = shape;
    let rows = values.into_iter().enumerate().map(|(i, value)| {
        let row = move |f: fn(&Row) -> f64| erased::derive(move || table.with(|t| t.as_ref().and_then(|t| t.rows.get(i)).map_or(0.0, f)));
        let (success, partial_p) = (row(|r| r.success), row(|r| r.partial.unwrap_or(0.0)));
        let is_now = Memo::new(move |_| table.with(|t| t.as_ref().is_some_and(|t| t.now == Some(value))));
        let error = Memo::new(move |_| table.with(|t| t.as_ref().and_then(|t| t.rows.get(i)).and_then(|r| r.error.clone())));
        view! {
            <tr class:now=is_now aria-current=move || is_now.get().then_some("true") data-value=fixed(value, 1) data-p=move || fixed(success.get(), 15)>
                <th scope="row">
                    {total_words(system_id, value).1}
                    {move || is_now.get().then(|| view! { <span class="choice-now">" (now)"</span> })}
                </th>
                {move || match error.get() {
                    Some(e) => view! { <td colspan="2" class="hint">{e}</td> }.into_any(),
                    None => view! { <ChanceCell p=success /> {partial.then(|| view! { <ChanceCell p=partial_p /> })} }.into_any(),
                }}
            </tr>
        }
    });
    view! {
        <table class="choice-table">
            <caption>{format!("Chance of success for every {}", choice.name)}</caption>
            <thead>
                <tr>
                    <th scope="col">{choice.name}</th>
                    <th scope="col">"Success"</th>
                    {partial.then(|| view! { <th scope="col">"Success or partial"</th> })}
                </tr>
            </thead>
            <tbody>{rows.collect_view()}</tbody>
        </table>
    }
}

/// The chance at the current value, and the inverse question for the chance the player wants (`target`, in %).
#[component]
fn ChoiceNeed(table: Memo<Option<Table>>, target: RwSignal<String>) -> impl IntoView {
    let said = move || {
        table.with(|t| {
            let Some(Table { system_id, choice, now, rows }) = t else { return String::new() };
            let goal = target
                .with(|t| t.trim().trim_end_matches('%').parse::<f64>().ok())
                .filter(|g| (0.0..=100.0).contains(g));
            let need = goal.map_or_else(
                || "Give a chance from 0 to 100%.".to_string(),
                |g| need_words(rows, g / 100.0, system_id, choice),
            );
            let at_now = rows.iter().find(|r| Some(r.value) == *now).map(|r| {
                format!("{} {} gives {} success. ", choice.name, total_words(system_id, r.value).1, percent(r.success))
            });
            format!("{}{need}", at_now.unwrap_or_default())
        })
    };
    view! { <p class="choice-need" aria-live="polite">{said}</p> }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dicetray_rules::systems::twenty_four::TwentyFour;
    use dicetray_rules::systems::RuleSystem;

    #[test]
    fn success_counts_good_outcomes_and_partial_adds_mixed_ones() {
        let te = Request::from_json(r#"{"system":"total-effect","advantage":0,"disadvantage":0}"#).unwrap();
        let o = te.odds().unwrap();
        let (s, partial) = success_of(&o);
        assert!((s - o.get("clean_success")).abs() < 1e-12);
        assert!((partial.unwrap() - o.get("clean_success") - o.get("success_with_twist")).abs() < 1e-12);
        let tf = Request::from_json(r#"{"system":"24-system","rank":2,"dc":16}"#).unwrap();
        let o = tf.odds().unwrap();
        assert_eq!(success_of(&o), (o.get("legendary") + o.get("success"), None));
    }

    #[test]
    fn the_inverse_question_reads_in_the_systems_words() {
        let request = Request::from_json(r#"{"system":"24-system","rank":2,"leverage":1,"dc":16}"#).unwrap();
        let leverage = TwentyFour::CHOICES[0];
        let rows = rows(request.every_choice(&leverage).rows);
        let p: Vec<f64> = rows.iter().map(|r| r.success).collect();
        // The least Leverage whose chance (and every higher one's) reaches 60%.
        let least = rows.iter().position(|r| r.success >= 0.6).unwrap();
        assert!(p[least..].iter().all(|&x| x >= 0.6));
        let said = need_words(&rows, 0.6, "24-system", &leverage);
        assert_eq!(said, format!("For 60% success you need Leverage {least} or more."));
        assert!(need_words(&rows, 1.0, "24-system", &leverage).starts_with("No Leverage from 0 to 5"));
    }
}
