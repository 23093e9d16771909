//! The roll bar under a panel's inputs: the chance of each outcome in one line, the Roll button, and the latest
//! roll's outcome and total. On a phone it stays at the bottom of the screen, under the thumb, so the result of a
//! tap is always in view (the full breakdown follows below it); on a laptop it sits beside the inputs.

use super::field_check::{problem_words, FieldCheck};
use crate::state::situation::SituationMemory;
use crate::state::AppState;
use crate::widgets::big_result::{BigText, ShowBig};
use crate::widgets::landing::LandingDice;
use crate::widgets::odds_chart::percent;
use dicetray_rules::die::DieRoll;
use dicetray_rules::systems::{total_words, words, Odds, RequestError, Summary};
use leptos::prelude::*;

/// The latest roll the Roll screen made, for the roll bar: its number on this screen (so two equal results in a
/// row still look different), its system, outcome and total. Provided by the Roll screen; set by
/// `kit::roll_and_record` and `kit::amend_roll`.
#[derive(Clone, Copy)]
pub struct LatestRoll(pub RwSignal<Option<Latest>>);

#[derive(Clone, Debug, PartialEq)]
pub struct Latest {
    pub n: u32,
    pub system: String,
    pub outcome: String,
    pub total: f64,
    /// Its History entry.
    pub entry: String,
    /// Its dice, drawn landing in the bar.
    pub dice: Vec<DieRoll>,
}

impl LatestRoll {
    /// `summary`, History entry `entry`, is the newest roll on the screen.
    pub fn show(&self, summary: &Summary, entry: &str) {
        let n = self.0.with_untracked(|l| l.as_ref().map_or(0, |l| l.n)) + 1;
        self.0.set(Some(Latest::of(n, summary, entry)));
    }
}

impl Latest {
    /// Roll number `n` of the screen: `summary`, History entry `entry`.
    pub fn of(n: u32, summary: &Summary, entry: &str) -> Latest {
        let (system, outcome, total) = (summary.system.clone(), summary.outcome.clone(), summary.total);
        Latest { n, system, outcome, total, entry: entry.to_string(), dice: summary.dice.clone() }
    }
}

/// Sharing the latest roll from the bar, provided by the Roll screen, whose share step is in a lazily loaded chunk:
/// `share(state, entry, said)` shares History entry `entry` and says what became of it through `said`.
#[derive(Clone, Copy)]
pub struct ShareLatest {
    pub share: fn(AppState, String, ShareSaid),
    /// What the last Share came to, with the roll (`Latest::n`) it shared: the bar's status shows it while that
    /// roll is the latest.
    pub said: RwSignal<Option<(u32, String)>>,
}

/// Where a Share of roll `n` says what became of it.
#[derive(Clone, Copy)]
pub struct ShareSaid {
    said: RwSignal<Option<(u32, String)>>,
    n: u32,
}

impl ShareSaid {
    pub fn say(self, text: impl Into<String>) {
        self.said.try_set(Some((self.n, text.into())));
    }
}

/// What the latest roll allows next (Push Your Luck, a ♻ reroll), offered in the bar: its words, and the form
/// (a CSS selector) the bar's button brings into view and focuses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FollowUp {
    pub label: &'static str,
    pub target: &'static str,
}

/// Put the focus on `target`'s first control (which brings it into view) or, failing that, scroll to it.
fn go_to(target: &str) {
    let Some(form) = document().query_selector(target).ok().flatten() else { return };
    let control = form.query_selector("select, textarea, input, button").ok().flatten();
    use leptos::wasm_bindgen::JsCast;
    match control.and_then(|c| c.dyn_into::<leptos::web_sys::HtmlElement>().ok()) {
        Some(control) => {
            let _ = control.focus();
        }
        None => form.scroll_into_view(),
    }
}

/// An outcome's symbol, shown beside its words (colour is never the only cue).
pub fn outcome_mark(outcome: &str) -> &'static str {
    match outcome {
        "legendary" | "triumph" | "critical_success" | "clean_success" => "★",
        "success" | "full_success" => "✔",
        "half_success" | "success_with_twist" => "◐",
        "hard_choice" => "⚖",
        _ => "✖",
    }
}

/// How an outcome reads at a glance: `good`, `mixed` or `bad` (the roll bar's colour).
pub fn outcome_tone(outcome: &str) -> &'static str {
    match outcome_mark(outcome) {
        "★" | "✔" => "good",
        "◐" | "⚖" => "mixed",
        _ => "bad",
    }
}

/// The odds in one line, best outcome first: `Legendary Success 1% · Success 63% · Miss 36%`; or why there is
/// no roll yet, naming the input by its label when `field_label` knows it (else the request's field).
pub fn odds_line(
    odds: &Result<Odds, RequestError>,
    label: fn(&str) -> String,
    field_label: impl Fn(&str) -> Option<&'static str>,
) -> String {
    match odds {
        Ok(o) => {
            o.outcomes.iter().map(|c| format!("{} {}", label(&c.name), percent(c.p))).collect::<Vec<_>>().join(" · ")
        }
        Err(e) => format!("Can't roll yet: {}", problem_words(field_label(&e.field).unwrap_or(&e.field), e)),
    }
}

/// The big Roll button: disabled (and saying why) while the inputs are invalid.
#[component]
pub fn RollButton(
    #[prop(into)] enabled: Signal<bool>,
    on_roll: impl Fn() + 'static,
    #[prop(default = "Roll")] text: &'static str,
) -> impl IntoView {
    view! {
        <button
            type="button"
            id="roll-button"
            class="roll-button"
            disabled=move || !enabled.get()
            aria-describedby="roll-button-why"
            on:click=move |_| on_roll()
        >
            {text}
        </button>
        <span id="roll-button-why" class="sr-only">
            {move || if enabled.get() { String::new() } else { "Fix the highlighted input first.".to_string() }}
        </span>
    }
}

/// The bar: the odds line, the Roll button and the latest roll of `system`.
#[component]
pub fn RollBar(
    system: &'static str,
    #[prop(into)] enabled: Signal<bool>,
    on_roll: impl Fn() + 'static,
    #[prop(into)] odds: Signal<Result<Odds, RequestError>>,
    label: fn(&str) -> String,
    /// Why the last tap on Roll rolled nothing, if it did not (the 24-System's retry rule).
    #[prop(optional, into)]
    refused: Option<Signal<Option<String>>>,
    /// What the latest roll allows next, offered under it.
    #[prop(optional, into)]
    follow_up: Option<Signal<Option<FollowUp>>>,
) -> impl IntoView {
    let on_roll = std::rc::Rc::new(on_roll);
    roll_if_asked(enabled, on_roll.clone());
    let latest = use_context::<LatestRoll>().map(|l| l.0);
    let check = use_context::<FieldCheck>();
    let field_label = move |field: &str| check.and_then(|c| c.label_of(field));
    let shown = move || latest.and_then(|l| l.get()).filter(|l| l.system == system);
    view! {
        <div class="panel-roll">
            <p class="odds-line" class:blocked=move || odds.with(Result::is_err)>
                {move || odds.with(|o| odds_line(o, label, field_label))}
            </p>
            <RollButton enabled on_roll=move || on_roll() />
            {move || {
                refused
                    .and_then(|r| r.get())
                    .map(|why| view! { <p class="roll-refused" role="alert">{why}</p> })
            }}
            {move || shown().map(latest_view)}
            {move || {
                follow_up
                    .and_then(|f| f.get())
                    .map(|f| {
                        view! {
                            <button type="button" class="follow-up" on:click=move |_| go_to(f.target)>
                                {f.label}
                            </button>
                        }
                    })
            }}
        </div>
    }
}

/// The bar's latest roll `l`: its number, outcome and total, its dice landing, and its links (the full breakdown
/// below, Share, the result full screen).
/// Type-erased: the roll bar of every panel and the rehearsal (`rehearsal.rs`) share this one copy.
pub fn latest_view(l: Latest) -> AnyView {
    let sharing = use_context::<ShareLatest>().zip(use_context::<AppState>());
    let details = move |ev: leptos::ev::MouseEvent| {
        ev.prevent_default();
        if let Some(result) = document().query_selector(".roll-panel .roll-result").ok().flatten() {
            result.scroll_into_view();
        }
    };
    let (label, total) = total_words(&l.system, l.total);
    let (mark, tone, outcome) = (outcome_mark(&l.outcome), outcome_tone(&l.outcome), words(&l.system, &l.outcome));
    // Three characters or more (`106`, `−12`) do not fit beside the links on a phone with the label before them:
    // the label goes above the number (style/roll.css).
    let long = total.chars().count() > 2;
    let big = BigText { mark, outcome: outcome.clone(), tone, label, total: total.clone() };
    view! {
        <div class="latest-roll" data-outcome=l.outcome.clone() data-tone=tone data-n=l.n>
            <span class="latest-n">{format!("#{}", l.n)}</span>
            <span class="outcome-mark" aria-hidden="true">{mark}</span>
            <strong class="latest-outcome">{outcome}</strong>
            <LandingDice dice=l.dice />
            <span class="latest-total" class:long=long>
                <span class="latest-total-label">{label}</span>
                " "
                <span class="latest-total-value">{total}</span>
            </span>
            <span class="latest-links">
                <a class="latest-details" href="#" on:click=details>"Details"</a>
                {sharing.map(|(s, state)| share_button(s, state, l.entry.clone(), l.n))}
                <ShowBig id="big-roll" text=big />
            </span>
            {sharing.map(|(s, _)| share_said(s, l.n))}
        </div>
    }
    .into_any()
}

/// The bar's Share for History entry `entry` (roll `n`), and what became of it once tapped.
fn share_button(sharing: ShareLatest, state: AppState, entry: String, n: u32) -> impl IntoView {
    let said = ShareSaid { said: sharing.said, n };
    let click = move |_| (sharing.share)(state, entry.clone(), said);
    view! { <button type="button" class="latest-share" on:click=click>"Share"</button> }
}

/// The bar's status: what the last Share of roll `n` came to (empty until then, and for any other roll).
fn share_said(sharing: ShareLatest, n: u32) -> impl IntoView {
    let text = move || sharing.said.with(|s| s.as_ref().filter(|(of, _)| *of == n).map(|(_, text)| text.clone()));
    view! { <span class="latest-shared" role="status">{text}</span> }
}

/// A Roll on a sheet's row asked for this panel's roll (`AppState::roll_from_sheet`): make it once the panel has
/// settled (its pick has set the skill's numbers), if the inputs allow a roll.
fn roll_if_asked(enabled: Signal<bool>, on_roll: std::rc::Rc<dyn Fn()>) {
    let (Some(state), Some(memory)) = (use_context::<AppState>(), SituationMemory::get()) else { return };
    let roller = memory.roller();
    if state.pending_roll.with_untracked(|p| p.as_deref() != Some(roller.as_str())) {
        return;
    }
    state.pending_roll.set(None);
    set_timeout(
        move || {
            if enabled.try_get_untracked() == Some(true) {
                on_roll();
            }
        },
        std::time::Duration::ZERO,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use dicetray_rules::systems::{Request, RuleSystem};

    #[test]
    fn the_odds_line_names_every_outcome_best_first_or_why_there_is_no_roll() {
        use dicetray_rules::systems::twenty_four::TwentyFour;
        let request = Request::from_json(r#"{"system":"24-system","rank":3,"dc":15}"#).unwrap();
        let line = odds_line(&request.odds(), TwentyFour::words, |_| None);
        let names: Vec<&str> = line.split(" · ").map(|part| part.rsplit_once(' ').unwrap().0).collect();
        assert_eq!(names, ["Legendary Success", "Success", "Miss"]);
        assert!(line.split(" · ").all(|part| part.ends_with('%')), "{line}");
        let bad = Request::from_json(r#"{"system":"24-system","rank":3,"dc":-4}"#).unwrap();
        let why = odds_line(&bad.odds(), TwentyFour::words, |_| None);
        assert!(why.starts_with("Can't roll yet: dc: "), "{why}");
        let worded = odds_line(&bad.odds(), TwentyFour::words, |f| (f == "dc").then_some("Base DC"));
        assert!(worded.starts_with("Can't roll yet: Base DC: ") && worded.contains("allowed"), "{worded}");
    }

    #[test]
    fn every_outcome_has_a_mark_and_a_tone() {
        assert_eq!((outcome_mark("legendary"), outcome_tone("legendary")), ("★", "good"));
        assert_eq!((outcome_mark("half_success"), outcome_tone("half_success")), ("◐", "mixed"));
        assert_eq!((outcome_mark("miss"), outcome_tone("miss")), ("✖", "bad"));
    }
}
