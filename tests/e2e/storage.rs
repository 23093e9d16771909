//! Saved data: corrupt and future blobs, v0 migration, storage full, storage disabled, two tabs.

use crate::fixtures::{entry, history, six, REQUESTS, T0};
use crate::harness::{BrowserTest, Page};
use crate::history::{import_file, seed, wait_count, wait_saved};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const HISTORY: &str = "dicetray.history";
const CHARACTERS: &str = "dicetray.characters";

/// Wait until a notice's text satisfies `ok`; returns it.
async fn wait_notice(page: &Page, what: &str, ok: impl Fn(&str) -> bool) -> String {
    let started = Instant::now();
    loop {
        if let Some(t) = page.texts(".notice").await.into_iter().find(|t| ok(t)) {
            return t;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "no notice {what}; notices: {:?}",
            page.texts(".notice").await
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Wait until the saved history is an envelope of `version`; returns its text.
async fn wait_version(page: &Page, version: u64) -> String {
    let started = Instant::now();
    loop {
        let raw = page.local_storage(HISTORY).await.unwrap_or_default();
        let saved = serde_json::from_str::<Value>(&raw).ok().and_then(|v| v["version"].as_u64());
        if saved == Some(version) {
            return raw;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "saved history never became version {version}: {raw:.300}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn keys_with(page: &Page, prefix: &str) -> Vec<String> {
    page.local_storage_keys().await.into_iter().filter(|k| k.starts_with(prefix)).collect()
}

fn character(id: &str, name: &str, updated: f64) -> Value {
    json!({"id": id, "name": name, "notes": "", "sheet": {"system": "remedy", "abilities": [], "skills": []}, "created": 1.0, "updated": updated})
}

#[test]
fn corrupt_blobs_are_kept_aside_with_a_notice_and_the_app_works() {
    BrowserTest::new().run(|page| async move {
        page.open("").await;
        page.set_local_storage(HISTORY, "{\"version\": 1, \"data\": [oops").await;
        page.set_local_storage(CHARACTERS, "not json at all").await;
        page.reload().await;
        let n = wait_notice(&page, "about the history", |t| t.contains("roll history could not be read")).await;
        assert!(n.contains("dicetray.history.corrupt."), "{n}");
        wait_notice(&page, "about characters", |t| t.contains("characters could not be read")).await;
        let aside = keys_with(&page, "dicetray.history.corrupt.").await;
        assert_eq!(aside.len(), 1, "{aside:?}");
        assert_eq!(page.local_storage(&aside[0]).await.as_deref(), Some("{\"version\": 1, \"data\": [oops"));
        let aside = keys_with(&page, "dicetray.characters.corrupt.").await;
        assert_eq!(page.local_storage(&aside[0]).await.as_deref(), Some("not json at all"));
        // The app still works: screens render, a notice can be dismissed, an import saves.
        page.click("[data-screen=history]").await;
        page.wait_text("#screen-title", "History", |t| t == "History").await;
        let before = page.count(".notice").await;
        page.click(".notice-dismiss").await;
        assert_eq!(page.count(".notice").await, before - 1);
        import_file(&page, "one.json", &history(six()[..1].to_vec())).await;
        wait_count(&page, 1).await;
        wait_saved(&page, "the imported roll", |ids| ids == ["e1"]).await;
        assert!(page.js_errors().await.is_empty(), "{:?}", page.js_errors().await);
    });
}

#[test]
fn unreadable_entries_are_kept_aside_and_the_rest_load() {
    BrowserTest::new().run(|page| async move {
        let mut data = six();
        data.insert(2, json!({"id": "broken", "at": "yesterday"}));
        seed(&page, &history(data)).await;
        wait_count(&page, 6).await;
        let n = wait_notice(&page, "about the bad entry", |t| t.contains("could not be read")).await;
        assert!(n.contains("entry 2") && n.contains("other 6 loaded"), "{n}");
        let aside = keys_with(&page, "dicetray.history.corrupt.").await;
        let kept: Value = serde_json::from_str(&page.local_storage(&aside[0]).await.unwrap()).unwrap();
        assert_eq!(kept[0]["entry"]["id"], "broken");
        assert_eq!(kept[0]["index"], 2);
    });
}

#[test]
fn a_future_version_blob_is_not_overwritten() {
    BrowserTest::new().run(|page| async move {
        let future = r#"{"version": 99, "data": {"rolls": "in a shape this build does not know"}}"#;
        seed(&page, future).await;
        let n = wait_notice(&page, "about the newer version", |t| t.contains("newer dicetray")).await;
        assert!(n.contains("version 99"), "{n}");
        // A change in this tab is kept in memory but not saved over the newer data.
        import_file(&page, "one.json", &history(six()[..2].to_vec())).await;
        wait_count(&page, 2).await;
        tokio::time::sleep(Duration::from_millis(600)).await;
        assert_eq!(page.local_storage(HISTORY).await.as_deref(), Some(future));
        let aside = keys_with(&page, "dicetray.history.future.").await;
        assert_eq!(aside.len(), 1);
        page.reload().await;
        wait_notice(&page, "again after reload", |t| t.contains("newer dicetray")).await;
        assert_eq!(page.local_storage(HISTORY).await.as_deref(), Some(future));
        assert_eq!(keys_with(&page, "dicetray.history.future.").await.len(), 1, "one copy aside, not one per start");
    });
}

#[test]
fn a_v0_bare_array_is_migrated_to_the_current_envelope() {
    BrowserTest::new().run(|page| async move {
        let v0: Vec<Value> = six()
            .into_iter()
            .map(|mut e| {
                e.as_object_mut().unwrap().remove("id");
                e.as_object_mut().unwrap().remove("events");
                e
            })
            .collect();
        seed(&page, &Value::Array(v0).to_string()).await;
        wait_count(&page, 6).await;
        let ids = wait_saved(&page, "migrated", |ids| ids.len() == 6).await;
        assert!(ids.iter().all(|id| id.starts_with("v0-")), "{ids:?}");
        let saved: Value = serde_json::from_str(&page.local_storage(HISTORY).await.unwrap()).unwrap();
        assert_eq!(saved["version"], 2);
    });
}

/// Makes `localStorage.setItem` throw QuotaExceededError for the history key while `window.__full` is true.
const FULL: &str = r#"
const realSetItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (k, v) {
  if (window.__full && k === 'dicetray.history') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  return realSetItem.call(this, k, v);
};
"#;

#[test]
fn storage_full_keeps_the_roll_tells_the_player_and_retries() {
    BrowserTest::new().run(|page| async move {
        page.cdp("Page.addScriptToEvaluateOnNewDocument", json!({"source": FULL})).await;
        seed(&page, &history(six()[..2].to_vec())).await;
        wait_count(&page, 2).await;
        // The seed is a version 1 blob: the app rewrites it in the current format (a debounced save). What it
        // has saved then is the "older saved data" that a failed save must leave alone.
        let before = Some(wait_version(&page, 2).await);
        page.js("window.__full = true;", vec![]).await;
        import_file(&page, "one.json", &history(vec![entry("q1", T0 + 60_000.0, None, REQUESTS[3], 5)])).await;
        wait_count(&page, 3).await;
        wait_notice(&page, "storage full", |t| t.contains("Storage full: this roll is not saved yet")).await;
        assert_eq!(page.local_storage(HISTORY).await, before, "older saved data is untouched");
        // Space frees: the next change saves everything, and the notice goes.
        page.js("window.__full = false;", vec![]).await;
        import_file(&page, "two.json", &history(vec![entry("q2", T0 + 70_000.0, None, REQUESTS[3], 6)])).await;
        wait_saved(&page, "all four", |ids| ids.len() == 4).await;
        wait_notice(&page, "saved again", |t| t.contains("Saved again")).await;
        assert!(!page.texts(".notice").await.iter().any(|t| t.contains("Storage full")));
    });
}

#[test]
fn without_storage_the_app_works_in_memory_with_a_notice() {
    BrowserTest::new().run(|page| async move {
        page.cdp(
            "Page.addScriptToEvaluateOnNewDocument",
            json!({"source": "Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('denied', 'SecurityError'); }});"}),
        )
        .await;
        page.open("#/history").await;
        wait_notice(&page, "about storage", |t| t.contains("does not let dicetray save")).await;
        import_file(&page, "one.json", &history(six())).await;
        wait_count(&page, 6).await;
        assert!(page.js_errors().await.is_empty(), "{:?}", page.js_errors().await);
    });
}

#[test]
fn two_tabs_merge_each_others_rolls_and_characters() {
    BrowserTest::new().run(|page| async move {
        page.open("").await;
        page.set_local_storage(CHARACTERS, &json!({"version": 1, "data": [character("ada", "Ada", 5.0)]}).to_string())
            .await;
        seed(&page, &history(six()[..2].to_vec())).await;
        wait_count(&page, 2).await;
        let client = page.client();
        let first = client.window().await.unwrap();
        let second = client.new_window(true).await.unwrap().handle;
        client.switch_to_window(second).await.unwrap();
        client.goto(&format!("{}#/history", page.base_url())).await.unwrap();
        page.wait_for(".history-screen").await;
        // The second tab's save holds only a roll the first tab has never seen, and a different character.
        page.set_local_storage(HISTORY, &history(vec![entry("other", T0 + 500.0, None, REQUESTS[2], 99)])).await;
        page.set_local_storage(CHARACTERS, &json!({"version": 1, "data": [character("bo", "Bo", 6.0)]}).to_string())
            .await;
        client.switch_to_window(first).await.unwrap();
        wait_count(&page, 3).await;
        assert_eq!(page.attr(".history-entry:nth-child(2)", "data-id").await.as_deref(), Some("other"));
        let ids = wait_saved(&page, "the union", |ids| ids.len() == 3).await;
        assert_eq!(ids, ["e1", "other", "e2"]);
        let started = Instant::now();
        loop {
            let chars: Value = serde_json::from_str(&page.local_storage(CHARACTERS).await.unwrap()).unwrap();
            let names: Vec<&str> =
                chars["data"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
            if names == ["Bo", "Ada"] {
                break;
            }
            assert!(started.elapsed() < Duration::from_secs(10), "characters never merged: {names:?}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        // The tabs settle: the saved value stops changing (no ping-pong).
        let a = page.local_storage(HISTORY).await;
        tokio::time::sleep(Duration::from_millis(800)).await;
        assert_eq!(page.local_storage(HISTORY).await, a);
        assert!(page.js_errors().await.is_empty(), "{:?}", page.js_errors().await);
    });
}

/// How long the two windows roll at once (`DICETRAY_E2E_TABS_SECONDS`, default 60).
fn concurrent_seconds() -> u64 {
    std::env::var("DICETRAY_E2E_TABS_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(60)
}

/// Start rolling in the current window: the Tray's Roll button, clicked every `ms`, counted in `window.__rolls`.
async fn start_rolling(page: &Page, ms: u64) {
    page.type_into("#tray-expr", "3d6").await;
    page.wait_for(".tray-roll:not([disabled])").await;
    page.js(
        "window.__rolls = 0;
         window.__roller = setInterval(() => { document.querySelector('.tray-roll').click(); window.__rolls++; }, arguments[0]);",
        vec![json!(ms)],
    )
    .await;
}

/// Stop rolling in the current window; returns how many rolls it made.
async fn stop_rolling(page: &Page) -> usize {
    let n = page.js("clearInterval(window.__roller); return window.__rolls;", vec![]).await;
    n.as_u64().expect("a roll count") as usize
}

#[test]
fn two_windows_rolling_at_once_for_a_minute_lose_no_roll() {
    BrowserTest::new().run(|page| async move {
        page.open("#/tray").await;
        let client = page.client();
        let first = client.window().await.unwrap();
        // A second window (not a background tab, whose timers the browser would slow down), same origin and storage.
        let second = client.new_window(false).await.unwrap().handle;
        client.switch_to_window(second.clone()).await.unwrap();
        client.goto(&format!("{}#/tray", page.base_url())).await.unwrap();
        page.wait_for("#tray-expr").await;
        start_rolling(&page, 170).await;
        client.switch_to_window(first.clone()).await.unwrap();
        start_rolling(&page, 130).await;

        tokio::time::sleep(Duration::from_secs(concurrent_seconds())).await;

        let from_first = stop_rolling(&page).await;
        client.switch_to_window(second).await.unwrap();
        let from_second = stop_rolling(&page).await;
        let total = from_first + from_second;
        assert!(from_first > 0 && from_second > 0, "both windows rolled: {from_first} and {from_second}");
        println!("two windows: {from_first} + {from_second} = {total} rolls in {} s", concurrent_seconds());
        // Both windows settle on the same saved history holding every roll once.
        let ids = wait_saved(&page, &format!("all {total} rolls"), |ids| ids.len() == total).await;
        let unique: std::collections::HashSet<&String> = ids.iter().collect();
        assert_eq!(unique.len(), total, "a roll was saved twice");
        client.switch_to_window(first).await.unwrap();
        wait_saved(&page, &format!("all {total} rolls, seen from the first window"), |ids| ids.len() == total).await;
        page.open("#/history").await;
        page.wait_text(".history-count", "the count", |t| t.contains(&total.to_string())).await;
        assert!(page.js_errors().await.is_empty(), "{:?}", page.js_errors().await);
    });
}

/// History saved before the 2026-11-23 rulings: a 24-System roll whose two statuses then stacked (DC 25, so its
/// 23 missed) replays now as a success (DC 23: statuses no longer stack). It loads with the outcome the player
/// saw, with the dice its seed draws, and nothing is kept aside.
#[test]
fn history_from_before_the_rulings_changed_loads_with_its_recorded_outcome() {
    let request = r#"{"system":"24-system","rank":6,"dc":20,"status":[2,3]}"#;
    let replayed = dicetray_rules::systems::Request::from_json(request).unwrap();
    let s = (0..10_000u64).find(|&s| replayed.roll(s).unwrap().summary().total == 23.0).expect("a seed rolling 23");
    let mut old = crate::fixtures::compact_entry("old", T0 + 9000.0, Some(("ada", "Ada")), request, s);
    old["outcome"] = json!("miss");
    BrowserTest::new().run(move |page| async move {
        let mut data = six();
        data.push(old.clone());
        seed(&page, &crate::fixtures::history_v2(data)).await;
        wait_count(&page, 7).await;
        assert_eq!(page.attr(".history-entry[data-id='old']", "data-outcome").await.as_deref(), Some("miss"));
        assert!(keys_with(&page, "dicetray.history.corrupt.").await.is_empty(), "nothing is kept aside");
        let notices = page.texts(".notice").await;
        assert!(notices.iter().all(|n| !n.contains("could not be read")), "{notices:?}");
    });
}
