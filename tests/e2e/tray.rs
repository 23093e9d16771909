//! The Tray screen: instant validation with the engine's caret, the engine's exact odds as bars, dice buttons,
//! rolling with a breakdown, recall of recent expressions, and the phone and desktop layouts.

use crate::harness::Page;
use dicetray_rules::dice::parse;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(10);
const ENTER: &str = "\u{E007}";
const ARROW_UP: &str = "\u{E013}";
const ARROW_DOWN: &str = "\u{E015}";
const INPUT: &str = "#tray-expr";

/// Every bar of the histogram as (data-value or data-lo, data-hi or data-value, data-p).
async fn bars(page: &Page) -> Vec<(i64, i64, f64)> {
    let v = page
        .js(
            "return [...document.querySelectorAll('.histo-bar')].map(b => [b.dataset.value ?? b.dataset.lo, \
             b.dataset.value ?? b.dataset.hi, b.dataset.p]);",
            vec![],
        )
        .await;
    v.as_array()
        .unwrap()
        .iter()
        .map(|b| {
            let s = |i: usize| b[i].as_str().unwrap_or("nan").to_string();
            (s(0).parse().unwrap(), s(1).parse().unwrap(), s(2).parse().unwrap())
        })
        .collect()
}

/// Wait until the bars cover exactly `lo..=hi` one value per bar; returns them.
async fn wait_bars(page: &Page, lo: i64, hi: i64) -> Vec<(i64, i64, f64)> {
    let started = Instant::now();
    loop {
        let b = bars(page).await;
        if b.first().map(|x| x.0) == Some(lo) && b.last().map(|x| x.1) == Some(hi) && b.iter().all(|x| x.0 == x.1) {
            return b;
        }
        assert!(started.elapsed() < WAIT, "the histogram never showed {lo}..={hi}; bars: {b:?}");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

async fn input_value(page: &Page) -> String {
    page.js("return document.querySelector(arguments[0]).value;", vec![json!(INPUT)]).await.as_str().unwrap().into()
}

async fn wait_value(page: &Page, want: &str) {
    let started = Instant::now();
    loop {
        let v = input_value(page).await;
        if v == want {
            return;
        }
        assert!(started.elapsed() < WAIT, "the box never held {want:?}; it holds {v:?}");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

/// Press keys in the notation box without clearing it.
async fn press(page: &Page, keys: &str) {
    use fantoccini::Locator;
    let el = page.client().find(Locator::Css(INPUT)).await.unwrap();
    el.send_keys(keys).await.unwrap();
}

async fn roll_disabled(page: &Page) -> bool {
    page.js("return document.querySelector('.tray-roll').disabled;", vec![]).await == Value::Bool(true)
}

async fn assert_no_errors(page: &Page) {
    let errors = page.js_errors().await;
    assert!(errors.is_empty(), "page errors: {errors:?}");
}

async fn open_tray(page: &Page) {
    page.open("#/tray").await;
    page.wait_for(INPUT).await;
}

#[test]
fn typing_shows_the_engines_exact_odds() {
    crate::harness::BrowserTest::new().run(|page| async move {
        open_tray(&page).await;
        assert!(roll_disabled(&page).await, "Roll is disabled while the box is empty");
        for expr in ["2d6", "4d6kh3", "d4*2"] {
            let odds = parse(expr).unwrap().odds().unwrap().whole().cloned().unwrap();
            page.type_into(INPUT, expr).await;
            let shown = wait_bars(&page, odds.min().unwrap(), odds.max().unwrap()).await;
            assert_eq!(shown.len(), odds.support_len(), "{expr}: one bar per total");
            for (v, _, p) in shown {
                assert!((p - odds.p(v)).abs() < 1e-9, "{expr}: P({v}) shown {p}, engine {}", odds.p(v));
            }
            assert!(!roll_disabled(&page).await, "{expr}: Roll is enabled for a valid expression");
            assert_eq!(page.count(".tray-error").await, 0, "{expr}: no error shown");
            let mean = page.text(".histo-mean").await;
            assert_eq!(mean, format!("{:.2}", odds.mean()), "{expr}: mean");
        }
        assert_eq!(page.attr(INPUT, "autocomplete").await.as_deref(), Some("off"));
        assert_eq!(page.attr(INPUT, "spellcheck").await.as_deref(), Some("false"));
        assert_eq!(page.attr(INPUT, "inputmode").await.as_deref(), Some("text"));
        assert_eq!(page.text("label[for=tray-expr]").await, "Dice notation");
        assert_no_errors(&page).await;
    });
}

#[test]
fn wide_and_exploding_odds_are_binned_and_state_the_truncated_mass() {
    crate::harness::BrowserTest::new().run(|page| async move {
        open_tray(&page).await;
        let odds = parse("3d100").unwrap().odds().unwrap().whole().cloned().unwrap();
        page.type_into(INPUT, "3d100").await;
        page.wait_text(".histo-max", "300", |t| t == "300").await;
        let shown = bars(&page).await;
        assert!(shown.len() <= 60 && shown.len() > 1, "{} bars", shown.len());
        assert_eq!((shown[0].0, shown.last().unwrap().1), (3, 300));
        for (lo, hi, p) in &shown {
            let exact: f64 = (*lo..=*hi).map(|v| odds.p(v)).sum();
            assert!((p - exact).abs() < 1e-9, "P({lo}..={hi}) shown {p}, engine {exact}");
        }
        assert_eq!(page.text(".histo-min").await, "3");

        let odds = parse("2d6!").unwrap().odds().unwrap();
        assert!(odds.truncated_mass() > 0.0);
        page.type_into(INPUT, "2d6!").await;
        page.wait_for(".histo-truncated").await;
        let t: f64 = page.attr(".histo-truncated", "data-truncated").await.unwrap().parse().unwrap();
        assert!((t - odds.truncated_mass()).abs() < 1e-15, "truncated mass {t} vs {}", odds.truncated_mass());

        // Beyond the engine's odds limits: no chart, the reason, and the roll is still allowed.
        let err = parse("1000d1000").unwrap().odds().unwrap_err();
        page.type_into(INPUT, "1000d1000").await;
        page.wait_for(".tray-odds-error").await;
        assert_eq!(page.attr(".tray-odds-error", "data-column").await, Some(err.column.to_string()));
        assert!(page.text(".tray-odds-error").await.contains(&err.message));
        assert_eq!(page.count(".histo-bar").await, 0);
        assert!(!roll_disabled(&page).await, "an expression without exact odds can still be rolled");
        page.click(".tray-roll").await;
        let total: i64 = page.wait_text(".tray-total", "a number", |t| t.parse::<i64>().is_ok()).await.parse().unwrap();
        assert!((1000..=1_000_000).contains(&total));

        // A divisor that can roll 0: no odds, and a roll that divides by zero shows the engine's error.
        page.type_into(INPUT, "1d6/(1d2-1)").await;
        page.wait_text(".tray-odds-error", "a division by zero", |t| t.contains("division by zero")).await;
        let mut divided_by_zero = false;
        for _ in 0..40 {
            page.click(".tray-roll").await;
            if page.count(".tray-error").await > 0 {
                divided_by_zero = true;
                break;
            }
        }
        assert!(divided_by_zero, "40 rolls of 1d2-1 never rolled 0");
        assert!(page.text(".tray-message").await.contains("division by zero"));
        assert_eq!(page.count(".tray-result").await, 0, "no stale result beside the error");
        assert!(!roll_disabled(&page).await, "Roll stays enabled: the next roll may not divide by zero");
        assert_no_errors(&page).await;
    });
}

#[test]
fn bars_carry_their_percentage_a_tap_gives_at_least_and_at_most_and_a_thin_tail_is_one_bar() {
    crate::harness::BrowserTest::new().viewport(360, 740).run(|page| async move {
        open_tray(&page).await;
        page.type_into(INPUT, "2d6").await;
        wait_bars(&page, 2, 12).await;
        let labels: Vec<String> = page.texts(".histo-p").await;
        assert_eq!(labels.len(), 11, "each of the 11 bars says its chance: {labels:?}");
        assert_eq!(labels[5], "16.7%", "P(7) = 6/36");
        page.js("document.querySelector('.histo-bar[data-value=\"7\"] .histo-hit').click();", vec![]).await;
        let line = page.wait_text(".histo-picked", "the tapped bar's line", |t| t.starts_with("7:")).await;
        assert_eq!(line, "7: 16.7% · at least 7: 58.3% · at most 7: 58.3%");

        // 3d6!: the explosions' long thin tail is one bar, `N+`, holding that tail's exact chance.
        let odds = parse("3d6!").unwrap().odds().unwrap();
        let whole = odds.whole().cloned().unwrap();
        page.type_into(INPUT, "3d6!").await;
        page.wait_for(".histo-bar.tail").await;
        let lo: i64 = page.attr(".histo-bar.tail", "data-lo").await.unwrap().parse().unwrap();
        let hi: i64 = page.attr(".histo-bar.tail", "data-hi").await.unwrap().parse().unwrap();
        let p: f64 = page.attr(".histo-bar.tail", "data-p").await.unwrap().parse().unwrap();
        let exact: f64 = (lo..=hi).map(|v| whole.p(v)).sum();
        assert!((p - exact).abs() < 1e-12 && p < 0.005, "tail {lo}..={hi}: {p} vs {exact}");
        assert_eq!(hi, whole.max().unwrap());
        assert_eq!(page.text(".histo-bar.tail .histo-label").await, format!("{lo}+"));
        let labels = page
            .js("return [...document.querySelectorAll('.histo-label')].map(l => l.textContent).join(' ');", vec![])
            .await;
        assert!(!labels.as_str().unwrap().contains('e'), "no number in scientific notation: {labels}");
        assert_no_errors(&page).await;
    });
}

#[test]
fn invalid_expressions_show_the_caret_and_disable_roll() {
    crate::harness::BrowserTest::new().viewport(360, 740).run(|page| async move {
        open_tray(&page).await;
        for expr in ["2d6+", "d0", "1000000d6", "4d6kh9"] {
            let err = parse(expr).unwrap_err();
            page.type_into(INPUT, expr).await;
            let want = err.column.to_string();
            let started = Instant::now();
            while page.attr(".tray-error", "data-column").await.as_deref() != Some(want.as_str()) {
                assert!(started.elapsed() < WAIT, "{expr}: no error at column {want}");
                tokio::time::sleep(Duration::from_millis(25)).await;
            }
            // The box may still be catching up with the last key: wait for the caret of the whole expression.
            let started = Instant::now();
            loop {
                let caret = page.js("return document.querySelector('.tray-caret').textContent;", vec![]).await;
                if caret.as_str() == Some(err.caret_display(expr).as_str()) {
                    let lines: Vec<&str> = caret.as_str().unwrap().lines().collect();
                    assert_eq!(lines[0], expr);
                    assert_eq!(lines[1].find('^'), Some(err.column - 1), "{expr}: caret under column {}", err.column);
                    break;
                }
                assert!(started.elapsed() < WAIT, "{expr}: caret {caret:?}, want {:?}", err.caret_display(expr));
                tokio::time::sleep(Duration::from_millis(25)).await;
            }
            let message = page.text(".tray-message").await;
            assert!(message.contains(&err.message), "{expr}: message {message:?} lacks {:?}", err.message);
            assert_eq!(page.attr("#tray-feedback", "aria-live").await.as_deref(), Some("polite"));
            assert_eq!(page.attr(INPUT, "aria-describedby").await.as_deref(), Some("tray-feedback"));
            assert_eq!(page.attr(INPUT, "aria-invalid").await.as_deref(), Some("true"));
            assert!(roll_disabled(&page).await, "{expr}: Roll is disabled");
            assert_eq!(page.count(".histo-bar").await, 0, "{expr}: no odds for an invalid expression");
            // Enter does not roll an invalid expression.
            press(&page, ENTER).await;
            assert_eq!(page.count(".tray-result").await, 0, "{expr}: Enter rolled an invalid expression");
        }
        page.type_into(INPUT, "2d6").await;
        wait_bars(&page, 2, 12).await;
        assert_eq!(page.count(".tray-error").await, 0, "the error goes once the expression is valid");
        assert_eq!(page.attr(INPUT, "aria-invalid").await.as_deref(), Some("false"));
        assert_no_errors(&page).await;
    });
}

#[test]
fn rolling_shows_the_breakdown_and_records_it() {
    crate::harness::BrowserTest::new().run(|page| async move {
        open_tray(&page).await;
        page.type_into(INPUT, "4d6kh3").await;
        wait_bars(&page, 3, 18).await;
        page.click(".tray-roll").await;
        let total: i64 = page.wait_text(".tray-total", "a number", |t| t.parse::<i64>().is_ok()).await.parse().unwrap();
        assert!((3..=18).contains(&total), "4d6kh3 rolled {total}");
        assert_eq!(page.count(".tray-result .die").await, 4, "four dice");
        assert_eq!(page.count(".tray-result .die.dropped").await, 1, "one dropped");
        let faces: Vec<i64> =
            page.texts(".tray-result .die:not(.dropped) .die-face").await.iter().map(|f| f.parse().unwrap()).collect();
        assert_eq!(faces.iter().sum::<i64>(), total, "the kept dice add up to the total");
        assert_eq!(page.text(".tray-subtotal").await, format!("= {total}"));
        let text = page.text(".tray-text").await;
        assert!(text.starts_with("4d6kh3 [") && text.ends_with(&format!("= {total}")), "plain text {text:?}");
        assert!(text.contains("dropped"), "{text}");
        // Share: the roll in words and its replay link, through the share sheet, the clipboard or a field to copy.
        page.click(".share-roll").await;
        let shared = page
            .wait_js(
                "const said = document.querySelector('.share-said').textContent;
                 const field = document.querySelector('.copy-fallback-input');
                 if (field) return field.value;
                 return said ? navigator.clipboard.readText().catch(() => said) : null;",
                "the share",
            )
            .await;
        let shared = shared.as_str().unwrap_or_default().to_string();
        assert!(
            shared.starts_with("Copied")
                || (shared.contains(&format!("rolled 4d6kh3: {total}")) && shared.contains("#/replay?n=")),
            "the share says the roll and its link: {shared}"
        );
        let announced = page.text("#tray-announce").await;
        assert_eq!(page.attr("#tray-announce", "aria-live").await.as_deref(), Some("polite"));
        assert!(
            page.js("return document.getElementById('tray-announce').textContent;", vec![])
                .await
                .as_str()
                .unwrap()
                .contains(&text),
            "announced {announced:?}"
        );
        assert_eq!(page.count(".histo-bar.rolled").await, 1, "the rolled total is marked on the chart");
        assert_eq!(page.attr(".histo-bar.rolled", "data-value").await, Some(total.to_string()));
        // Enter rolls too, with a label and a comment.
        page.type_into(INPUT, "d20+5 [hit] # attack").await;
        wait_bars(&page, 6, 25).await;
        press(&page, ENTER).await;
        page.wait_text(".tray-result-expr", "the new expression", |t| t.contains("d20")).await;
        assert_eq!(page.text(".tray-comment").await, "attack");
        assert_eq!(page.text(".tray-labels dt").await, "hit");
        assert_eq!(page.count(".tray-result .die").await, 1);
        // Both rolls are in the history: the recall chips are made from it, newest first.
        assert_eq!(page.texts(".recall-chip").await, ["d20+5 [hit] # attack", "4d6kh3"]);
        assert_no_errors(&page).await;
    });
}

#[test]
fn dice_buttons_build_expressions() {
    crate::harness::BrowserTest::new().viewport(360, 740).run(|page| async move {
        open_tray(&page).await;
        page.click("[data-die=d6]").await;
        wait_value(&page, "d6").await;
        page.click("[data-die=d6]").await;
        wait_value(&page, "2d6").await;
        wait_bars(&page, 2, 12).await;
        page.click("[data-die=d20]").await;
        wait_value(&page, "2d6+d20").await;
        page.click("[data-nudge='+1']").await;
        page.click("[data-nudge='+1']").await;
        wait_value(&page, "2d6+d20+2").await;
        page.click("[data-nudge='-1']").await;
        wait_value(&page, "2d6+d20+1").await;
        wait_bars(&page, 4, 33).await;
        page.click("[data-die=dF]").await;
        wait_value(&page, "2d6+d20+1+dF").await;
        page.click(".tray-clear").await;
        wait_value(&page, "").await;
        assert_eq!(page.count(".histo-bar").await, 0);
        assert!(roll_disabled(&page).await);
        for die in ["d4", "d8", "d10", "d12", "d100"] {
            page.click(&format!("[data-die={die}]")).await;
        }
        wait_value(&page, "d4+d8+d10+d12+d100").await;
        let smallest = page
            .js(
                "return Math.min(...[...document.querySelectorAll('.tray-pad button, .tray-roll')].map(b => \
                 Math.min(b.getBoundingClientRect().width, b.getBoundingClientRect().height)));",
                vec![],
            )
            .await;
        assert!(smallest.as_f64().unwrap() >= 44.0, "a button is {smallest} px, under 44 px");
        assert_no_errors(&page).await;
    });
}

#[test]
fn recall_restores_recent_expressions() {
    crate::harness::BrowserTest::new().run(|page| async move {
        open_tray(&page).await;
        for expr in ["2d6", "d20+3", "2d6"] {
            page.type_into(INPUT, expr).await;
            press(&page, ENTER).await;
            let canonical = parse(expr).unwrap().to_string();
            page.wait_text(".tray-result-expr", expr, |t| t == canonical).await;
        }
        // Distinct, newest first.
        let chips = page.texts(".recall-chip").await;
        assert_eq!(chips, ["2d6", "d20+3"]);
        page.type_into(INPUT, "d8").await;
        wait_value(&page, "d8").await;
        press(&page, ARROW_UP).await;
        wait_value(&page, "2d6").await;
        press(&page, ARROW_UP).await;
        wait_value(&page, "d20+3").await;
        press(&page, ARROW_UP).await;
        wait_value(&page, "d20+3").await;
        press(&page, ARROW_DOWN).await;
        wait_value(&page, "2d6").await;
        press(&page, ARROW_DOWN).await;
        wait_value(&page, "d8").await;
        // A chip puts its expression in the box.
        page.click(".recall-chip[data-expr='d20+3']").await;
        wait_value(&page, "d20+3").await;
        wait_bars(&page, 4, 23).await;
        assert_no_errors(&page).await;
    });
}

#[test]
fn phone_layout_after_a_roll() {
    crate::harness::BrowserTest::new().viewport(360, 740).run(|page| async move {
        open_tray(&page).await;
        page.type_into(INPUT, "4d6kh3+2 [str] # strength").await;
        wait_bars(&page, 5, 20).await;
        page.click(".tray-roll").await;
        page.wait_for(".tray-total").await;
        let overflow = page.js("return document.documentElement.scrollWidth - window.innerWidth;", vec![]).await;
        assert!(overflow.as_i64().unwrap() <= 0, "the Tray scrolls sideways by {overflow} px at 360 px");
        page.js("window.scrollTo(0, 0);", vec![]).await;
        page.screenshot("tray-360").await;
        assert_no_errors(&page).await;
    });
}

#[test]
fn desktop_layout_after_a_roll() {
    crate::harness::BrowserTest::new().viewport(1280, 800).run(|page| async move {
        open_tray(&page).await;
        page.type_into(INPUT, "2d20kh1+5 [attack] # advantage").await;
        wait_bars(&page, 6, 25).await;
        page.click(".tray-roll").await;
        page.wait_for(".tray-total").await;
        page.type_into(INPUT, "4d6kh3").await;
        wait_bars(&page, 3, 18).await;
        page.click(".tray-roll").await;
        page.wait_text(".tray-result-expr", "4d6kh3", |t| t.starts_with("4d6kh3")).await;
        page.screenshot("tray-1280").await;
        assert_no_errors(&page).await;
    });
}

/// Compare points in words: before rolling, the Tray says which faces each compare point counts, explodes on or
/// rerolls (`>7` is strictly greater: 8, 9 and 10 on a d10), with a note on `>` for players used to Roll20.
#[test]
fn compare_points_say_which_faces_count_before_rolling() {
    crate::harness::BrowserTest::new().run(|page| async move {
        open_tray(&page).await;
        let hidden = "return document.querySelector('#tray-compare').classList.contains('hidden');";
        assert_eq!(page.js(hidden, vec![]).await, Value::Bool(true), "no words while the box is empty");
        page.type_into(INPUT, "10d10>7").await;
        page.wait_text("#tray-compare li", "the words for >7", |t| t == "10d10>7: counts 8, 9 and 10").await;
        assert!(page.text(".tray-compare-note").await.contains("Roll20 reads > as “or more”"));
        // The box is described by the words while there are any (a screen reader reads them with the box).
        let described = page.attr(INPUT, "aria-describedby").await.unwrap_or_default();
        assert_eq!(described, "tray-feedback tray-compare");
        page.type_into(INPUT, "10d10>=7").await;
        page.wait_text("#tray-compare li", "the words for >=7", |t| t == "10d10>=7: counts 7, 8, 9 and 10").await;
        page.type_into(INPUT, "3d6!>4 + 4d6ro<3").await;
        page.wait_text("#tray-compare li", "the explosion's words", |t| t == "3d6!>4: explodes on 5 and 6").await;
        assert_eq!(
            page.texts("#tray-compare li").await,
            ["3d6!>4: explodes on 5 and 6", "4d6ro<3: rerolls 1 and 2 once"]
        );
        // An explosion on the maximum has no sign to explain; a plain sum has no compare point at all.
        page.type_into(INPUT, "3d6!").await;
        page.wait_text("#tray-compare li", "the maximum's words", |t| t == "3d6!: explodes on 6").await;
        assert_eq!(page.count(".tray-compare-note").await, 0);
        page.type_into(INPUT, "4d6kh3").await;
        page.wait_js(
            "return document.querySelector('#tray-compare').classList.contains('hidden') || null;",
            "the words to go for a plain sum",
        )
        .await;
        assert_eq!(page.count("#tray-compare li").await, 0);
        assert_eq!(page.attr(INPUT, "aria-describedby").await.as_deref(), Some("tray-feedback"), "no words to read");
        assert_no_errors(&page).await;
    });
}

#[test]
fn groups_fractions_and_the_syntax_help_work_in_the_tray() {
    crate::harness::BrowserTest::new().run(|page| async move {
        open_tray(&page).await;
        // Exact division: a bar per fraction, each with the engine's probability, the value said as a decimal.
        page.type_into(INPUT, "1d6/4").await;
        let started = Instant::now();
        let values = loop {
            let v =
                page.js("return [...document.querySelectorAll('.histo-bar')].map(b => b.dataset.value);", vec![]).await;
            let v: Vec<String> = v.as_array().unwrap().iter().map(|x| x.as_str().unwrap_or("").to_string()).collect();
            if v.len() == 6 {
                break v;
            }
            assert!(started.elapsed() < WAIT, "the fractions never showed: {v:?}");
            tokio::time::sleep(Duration::from_millis(25)).await;
        };
        assert_eq!(values, ["1/4", "1/2", "3/4", "1", "5/4", "3/2"]);
        assert!(page.attr(".histo-bar", "aria-label").await.unwrap().starts_with("0.25: "));
        page.click(".tray-roll").await;
        let total = page.wait_text(".tray-total", "a total", |t| !t.is_empty()).await;
        assert!(["0.25", "0.5", "0.75", "1", "1.25", "1.5"].contains(&total.as_str()), "{total}");

        // A roll group from the syntax help: its example goes into the box, rolls, and says what it kept.
        page.click(".tray-syntax summary").await;
        page.click(".tray-syntax-example[data-example='{4d6+2d8, 3d20}kh1']").await;
        wait_value(&page, "{4d6+2d8, 3d20}kh1").await;
        let odds = parse("{4d6+2d8, 3d20}kh1").unwrap().odds().unwrap();
        let b = wait_bars(&page, 6, 60).await;
        for (v, _, p) in b {
            assert!((p - odds.p(v)).abs() < 1e-12, "P({v}) = {p}, the engine says {}", odds.p(v));
        }
        page.click(".tray-roll").await;
        let text = page.wait_text(".tray-text", "the roll's text", |t| t.contains("dropped)")).await;
        assert!(text.starts_with("{4d6 ["), "{text}");
        assert_no_errors(&page).await;
    });
}

/// On a phone, the total of a Tray roll is in view right after tapping Roll, with no scrolling, and a second roll
/// of the same expression visibly changes the result (its number).
#[test]
fn on_a_phone_the_rolls_total_is_in_view_after_tapping_roll() {
    crate::harness::BrowserTest::new().viewport(360, 740).run(|page| async move {
        open_tray(&page).await;
        page.type_into(INPUT, "4d6kh3").await;
        wait_bars(&page, 3, 18).await;
        let mut numbers = Vec::new();
        for _ in 0..2 {
            page.js("window.scrollTo(0, 0);", vec![]).await;
            page.click(".tray-roll").await;
            page.wait_text(".tray-roll-n", "a new roll number", |t| !numbers.iter().any(|n: &String| n == t)).await;
            numbers.push(page.text(".tray-roll-n").await);
            let b = page
                .js(
                    "const r = document.querySelector('.tray-total').getBoundingClientRect(); return [r.top, r.bottom, window.innerHeight];",
                    vec![],
                )
                .await;
            let (top, bottom, height) = (b[0].as_f64().unwrap(), b[1].as_f64().unwrap(), b[2].as_f64().unwrap());
            assert!(top >= 0.0 && bottom <= height, "the total is at {top}-{bottom} of {height}");
            assert!(bottom - top >= 40.0, "the total is {} px tall", bottom - top);
        }
        assert_eq!(numbers, ["#1", "#2"]);
        assert_no_errors(&page).await;
    });
}

/// Notation from other rollers: `d20 adv` is refused with its caret, and the Tray offers our spelling, `2d20kh1`,
/// which "Use it" puts in the box; a result on screen is cleared while the text does not read.
#[test]
fn other_rollers_notation_gets_our_spelling_and_a_stale_result_is_cleared() {
    crate::harness::BrowserTest::new().run(|page| async move {
        open_tray(&page).await;
        page.type_into(INPUT, "1d6").await;
        page.click(".tray-roll").await;
        page.wait_for(".tray-total").await;
        page.type_into(INPUT, "d20 adv").await;
        page.wait_for(".tray-error").await;
        assert_eq!(page.count(".tray-total").await, 0, "the 1d6 result is cleared under text that does not read");
        let offer = page.text(".tray-suggestion").await;
        assert!(offer.contains("2d20kh1"), "{offer}");
        page.click(".use-suggestion").await;
        page.wait_js("return document.querySelector('#tray-expr').value === '2d20kh1';", "the box holds 2d20kh1").await;
        wait_bars(&page, 1, 20).await;
        assert_eq!(page.count(".tray-suggestion").await, 0);
        assert_no_errors(&page).await;
    });
}
