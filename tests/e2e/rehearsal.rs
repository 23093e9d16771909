//! The first roll rehearsed (issue #31, item 6; `src/widgets/rehearsal.rs`): once a Roll panel or the Tray has
//! settled, its result is built, laid out and taken away within one task, before the player's first tap, and
//! leaves nothing behind: no frame, no History entry, no announcement, no roll number used. A page that has
//! already rolled skips it.

use crate::harness::{BrowserTest, Page};
use crate::roll::{assert_no_errors, open_system, roll};
use serde_json::{json, Value};
use std::time::Duration;

/// Records, from the page's very start, every `.rehearsal` put into or taken out of the page: `[what, batch,
/// system]` (`tray` for the Tray), where `batch` counts the MutationObserver's deliveries (one per task that changed the page), so a
/// rehearsal put in and taken away in one task has both records in one batch.
const WATCH: &str = "
    window.__rehearsals = [];
    let batch = 0;
    new MutationObserver((records) => {
        batch++;
        for (const r of records) {
            const system = r.target.closest?.('.roll-panel')?.dataset.system
                ?? (r.target.closest?.('.tray-main') ? 'tray' : null);
            for (const n of r.addedNodes) if (n.classList?.contains('rehearsal')) __rehearsals.push(['in', batch, system]);
            for (const n of r.removedNodes) if (n.classList?.contains('rehearsal')) __rehearsals.push(['out', batch, system]);
        }
    }).observe(document, {childList: true, subtree: true});";

/// The rehearsals recorded so far.
async fn rehearsals(page: &Page) -> Vec<Value> {
    page.js("return window.__rehearsals;", vec![]).await.as_array().cloned().unwrap_or_default()
}

/// Wait (the rehearsal waits 3 s after the panel, then for idle moments) until `system`'s rehearsal has come and
/// gone; returns its two records.
async fn rehearsed(page: &Page, system: &str) -> (Value, Value) {
    let script = format!("return window.__rehearsals.filter((r) => r[2] === '{system}').length >= 2;");
    page.wait_js_within(&script, &format!("{system}'s rehearsal"), Duration::from_secs(20)).await;
    let of: Vec<Value> = rehearsals(page).await.into_iter().filter(|r| r[2] == json!(system)).collect();
    assert_eq!(of.len(), 2, "{system} is rehearsed once, put in and taken out: {of:?}");
    (of[0].clone(), of[1].clone())
}

#[test]
fn each_panel_rehearses_its_result_once_within_one_task_and_leaves_no_trace() {
    BrowserTest::new().run(|page| async move {
        page.cdp("Page.addScriptToEvaluateOnNewDocument", json!({"source": WATCH})).await;
        open_system(&page, "24-system").await;
        for system in ["24-system", "remedy"] {
            if system != "24-system" {
                open_system(&page, system).await;
            }
            let (put, taken) = rehearsed(&page, system).await;
            assert_eq!((put[0].as_str(), taken[0].as_str()), (Some("in"), Some("out")), "{put} then {taken}");
            assert_eq!(put[1], taken[1], "{system}: put in and taken away in the same task, so no frame shows it");
            assert_eq!(page.count(".rehearsal").await, 0);
            assert_eq!(page.count(".latest-roll").await, 0, "{system}: the bar shows no roll before the first tap");
            assert_eq!(page.count(".roll-result").await, 0, "{system}: the panel shows no result before the first tap");
        }
        // The first real roll is roll #1, recorded and announced as always, and History holds it alone.
        roll(&page).await;
        assert_eq!(page.attr(".latest-roll", "data-n").await.as_deref(), Some("1"));
        page.open("#/history").await;
        crate::history::wait_count(&page, 1).await;

        // Back on a panel already rehearsed on this page: no second rehearsal.
        open_system(&page, "24-system").await;
        tokio::time::sleep(Duration::from_secs(6)).await;
        let of = rehearsals(&page).await.into_iter().filter(|r| r[2] == json!("24-system")).count();
        assert_eq!(of, 2, "the 24-System is rehearsed once a page");
        assert_no_errors(&page).await;
    });
}

#[test]
fn a_page_that_rolled_before_the_rehearsal_skips_it() {
    BrowserTest::new().run(|page| async move {
        page.cdp("Page.addScriptToEvaluateOnNewDocument", json!({"source": WATCH})).await;
        open_system(&page, "24-system").await;
        roll(&page).await;
        // Well past the rehearsal's 3 s and its idle moments.
        tokio::time::sleep(Duration::from_secs(8)).await;
        assert_eq!(rehearsals(&page).await, Vec::<Value>::new(), "the page rolled already: nothing to rehearse");
        assert_eq!(page.attr(".latest-roll", "data-n").await.as_deref(), Some("1"));
        assert_no_errors(&page).await;
    });
}

#[test]
fn the_tray_rehearses_its_breakdown_once_and_its_first_roll_is_number_one() {
    BrowserTest::new().run(|page| async move {
        page.cdp("Page.addScriptToEvaluateOnNewDocument", json!({"source": WATCH})).await;
        page.open("#/tray").await;
        page.wait_for("#tray-expr").await;
        // The box is empty: the rehearsal rolls a stand-in, and shows nothing of it.
        let (put, taken) = rehearsed(&page, "tray").await;
        assert_eq!((put[0].as_str(), taken[0].as_str()), (Some("in"), Some("out")), "{put} then {taken}");
        assert_eq!(put[1], taken[1], "put in and taken away in the same task, so no frame shows it");
        assert_eq!(page.count(".rehearsal").await, 0);
        assert_eq!(page.count(".tray-result").await, 0, "the Tray shows no breakdown before the first roll");
        assert_eq!(page.text("#tray-announce").await, "", "nothing announced");
        page.type_into("#tray-expr", "3d6+2").await;
        page.click(".tray-roll").await;
        page.wait_for(".tray-result").await;
        assert_eq!(page.text(".tray-roll-n").await, "#1", "the first roll is the Tray's roll #1");
        let typed = dicetray_rules::dice::parse("3d6+2").unwrap().to_string();
        assert_eq!(page.text(".tray-result-expr").await, typed, "the typed roll, not the rehearsal's stand-in");
        page.open("#/history").await;
        crate::history::wait_count(&page, 1).await;
        // Back on the Tray: rehearsed once a page.
        page.open("#/tray").await;
        page.wait_for("#tray-expr").await;
        tokio::time::sleep(Duration::from_secs(6)).await;
        let of = rehearsals(&page).await.into_iter().filter(|r| r[2] == json!("tray")).count();
        assert_eq!(of, 2, "the Tray is rehearsed once a page");
        assert_no_errors(&page).await;
    });
}
