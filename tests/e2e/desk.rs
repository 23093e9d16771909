//! The desk (#20 item 1): who rolls, each panel's situation and the Tray's text and favourites survive a reload;
//! a Roll on a sheet's row rolls that skill for that character in one tap; a broken desk is kept aside.

use crate::harness::{BrowserTest, Page};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const DESK: &str = "dicetray.desk";

/// A 24-System character with two skills, saved before the page loads.
async fn with_mara(page: &Page) {
    let sheet = json!({"system": "24-system", "skills": [{"name": "Climb", "rank": 3}, {"name": "Stealth", "rank": 1}], "complications": []});
    let mara = json!({"id": "mara", "name": "Mara", "notes": "", "sheet": sheet, "created": 1.0, "updated": 1.0});
    page.open("").await;
    page.set_local_storage("dicetray.characters", &json!({"version": 1, "data": [mara]}).to_string()).await;
}

async fn value(page: &Page, css: &str) -> String {
    page.wait_for(css).await;
    page.js("return document.querySelector(arguments[0]).value;", vec![json!(css)])
        .await
        .as_str()
        .unwrap_or("")
        .to_string()
}

/// The saved desk, once `ok` holds for it.
async fn wait_desk(page: &Page, what: &str, ok: impl Fn(&Value) -> bool) -> Value {
    let started = Instant::now();
    loop {
        let raw = page.local_storage(DESK).await.unwrap_or_default();
        let desk: Value = serde_json::from_str(&raw).unwrap_or(Value::Null);
        if ok(&desk["data"]) {
            return desk;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "the saved desk never had {what}: {raw:.400}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn click_centered(page: &Page, css: &str) {
    page.wait_for(css).await;
    page.js("document.querySelector(arguments[0]).scrollIntoView({ block: 'center' });", vec![json!(css)]).await;
    page.click(css).await;
}

#[test]
fn a_reload_keeps_who_rolls_the_situation_and_the_trays_text() {
    BrowserTest::new().run(|page| async move {
        with_mara(&page).await;
        page.open("#/roll").await;
        page.reload().await;
        page.select("#roll-character", "mara").await;
        page.wait_for(".roll-panel[data-system=\"24-system\"] #tf-skill").await;
        page.select("#tf-skill", "1").await;
        page.type_into("#tf-dc", "17").await;
        page.select("#tf-leverage", "2").await;
        page.js("document.querySelector('#tf-pressure-list details.presets').open = true;", vec![]).await;
        click_centered(&page, "#tf-pressure-list .preset").await;
        page.wait_for(".tf-pressure-entry").await;
        // An ad hoc roll's situation is its own: Remedy's DC, ad hoc.
        wait_desk(&page, "Mara's DC 17 and Pressure", |d| {
            d["who_rolls"] == "mara"
                && d["situations"]["mara"]["fields"]["tf-dc"] == "17"
                && d["situations"]["mara"]["fields"]["tf-pressure"].as_str().is_some_and(|p| p.contains("Low light"))
        })
        .await;
        page.open("#/tray").await;
        page.type_into("#tray-expr", "4d6kh3").await;
        wait_desk(&page, "the Tray's text", |d| d["tray_text"] == "4d6kh3").await;

        page.reload().await;
        page.wait_for("#tray-expr").await;
        assert_eq!(value(&page, "#tray-expr").await, "4d6kh3", "the Tray's text is back");
        page.open("#/roll").await;
        page.wait_for(".roll-panel[data-system=\"24-system\"] #tf-dc").await;
        assert_eq!(value(&page, "#roll-character").await, "mara", "who rolls is back");
        assert_eq!(value(&page, "#tf-skill").await, "1", "the skill picked is back");
        assert_eq!(value(&page, "#tf-rank").await, "1", "and its rank comes from the sheet");
        assert_eq!(value(&page, "#tf-dc").await, "17");
        assert_eq!(value(&page, "#tf-leverage").await, "2");
        assert_eq!(page.count(".tf-pressure-entry").await, 1, "the Pressure entry is back");
        assert_eq!(value(&page, ".tf-pressure-entry .increase-label").await, "Low light");
        let odds = page.text(".odds-line").await;
        assert!(odds.contains('%'), "the odds follow the restored situation: {odds}");

        // Ad hoc keeps a situation of its own, and the system last picked.
        page.select("#roll-character", "").await;
        page.select("#roll-system", "remedy").await;
        page.wait_for("#rm-dc").await;
        page.type_into("#rm-dc", "14").await;
        wait_desk(&page, "the ad hoc Remedy DC", |d| d["situations"][""]["fields"]["rm-dc"] == "14").await;
        page.reload().await;
        page.wait_for("#rm-dc").await;
        assert_eq!(value(&page, "#roll-system").await, "remedy");
        assert_eq!(value(&page, "#rm-dc").await, "14");
        page.select("#roll-character", "mara").await;
        page.wait_for("#tf-dc").await;
        assert_eq!(value(&page, "#tf-dc").await, "17", "Mara's situation is still hers");
        assert!(page.js_errors().await.is_empty(), "{:?}", page.js_errors().await);
    });
}

#[test]
fn a_sheet_rows_roll_rolls_that_skill_for_that_character_in_one_tap() {
    BrowserTest::new().viewport(360, 740).run(|page| async move {
        with_mara(&page).await;
        page.open("#/characters").await;
        page.reload().await;
        let rows = page
            .wait_js(
                "const rows = [...document.querySelectorAll('.character-card .sheet-roll')].map(b => b.textContent);
                 return rows.length ? rows : null;",
                "the sheet's Roll buttons",
            )
            .await;
        assert_eq!(rows, json!(["⚄ Climb (rank 3)", "⚄ Stealth (rank 1)"]));
        assert_eq!(
            page.attr(".sheet-roll[data-row=\"1\"]", "aria-label").await.as_deref(),
            Some("Roll Stealth (rank 1) as Mara")
        );
        click_centered(&page, ".sheet-roll[data-row=\"1\"]").await;
        // One tap: the Roll screen, as Mara, Stealth picked, rolled.
        page.wait_for(".latest-roll").await;
        assert_eq!(value(&page, "#roll-character").await, "mara");
        assert_eq!(value(&page, "#tf-skill").await, "1");
        let bar =
            page.js("return document.querySelector('.latest-roll').getBoundingClientRect().toJSON();", vec![]).await;
        assert!(
            bar["bottom"].as_f64().unwrap() <= 740.0 && bar["top"].as_f64().unwrap() >= 0.0,
            "the result is in view: {bar}"
        );
        let started = Instant::now();
        let entry = loop {
            let raw = page.local_storage("dicetray.history").await.unwrap_or_default();
            let saved: Value = serde_json::from_str(&raw).unwrap_or(Value::Null);
            if let Some(e) = saved["data"].as_array().and_then(|a| a.last()).cloned() {
                break e;
            }
            assert!(started.elapsed() < Duration::from_secs(10), "the roll was never saved: {raw:.300}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        assert_eq!(entry["character"]["name"], "Mara", "{entry}");
        let request = if entry["r"].is_object() { &entry["r"] } else { &entry["source"]["request"] };
        assert_eq!((request["skill"].as_str(), request["rank"].as_i64()), (Some("Stealth"), Some(1)), "{entry}");
        // Exactly one roll was made.
        page.open("#/history").await;
        page.wait_for(".history-entry").await;
        assert_eq!(page.count(".history-entry").await, 1);
        assert!(page.js_errors().await.is_empty(), "{:?}", page.js_errors().await);
    });
}

#[test]
fn tray_favourites_are_named_kept_and_removed_with_undo() {
    BrowserTest::new().run(|page| async move {
        page.open("#/tray").await;
        page.type_into("#tray-expr", "8d6").await;
        click_centered(&page, ".favourite-save").await;
        page.wait_for("#favourite-name").await;
        // A name is needed, and said so under the field.
        click_centered(&page, ".favourite-form button[type=submit]").await;
        page.wait_text("#favourite-problem", "the missing name", |t| t.contains("name")).await;
        page.type_into("#favourite-name", "Fireball").await;
        click_centered(&page, ".favourite-form button[type=submit]").await;
        page.wait_text(".favourite-chip .favourite-name", "the favourite", |t| t == "Fireball").await;
        wait_desk(&page, "the favourite", |d| d["favourites"][0]["name"] == "Fireball").await;

        page.reload().await;
        page.wait_text(".favourite-chip .favourite-name", "the favourite after a reload", |t| t == "Fireball").await;
        page.type_into("#tray-expr", "").await;
        click_centered(&page, ".favourite-chip").await;
        assert_eq!(value(&page, "#tray-expr").await, "8d6", "a tap puts it in the box");
        click_centered(&page, ".favourite-remove").await;
        page.wait_for(".favourite-undo").await;
        assert_eq!(page.count(".favourite-chip").await, 0);
        click_centered(&page, ".favourite-undo").await;
        page.wait_text(".favourite-chip .favourite-name", "the favourite back", |t| t == "Fireball").await;
        assert!(page.js_errors().await.is_empty(), "{:?}", page.js_errors().await);
    });
}

#[test]
fn a_broken_desk_is_kept_aside_and_a_newer_one_left_alone() {
    BrowserTest::new().run(|page| async move {
        page.open("").await;
        page.set_local_storage(DESK, r#"{"version":1,"data":{"favourites":"oops"}}"#).await;
        page.reload().await;
        let notice = page
            .wait_text(".notice", "the notice", |t| {
                t.contains("could not be read") && t.contains("dicetray.desk.corrupt.")
            })
            .await;
        assert!(notice.contains("data.favourites"), "the notice says where: {notice}");
        let kept: Vec<String> =
            page.local_storage_keys().await.into_iter().filter(|k| k.starts_with("dicetray.desk.corrupt.")).collect();
        assert_eq!(kept.len(), 1);
        assert_eq!(
            page.local_storage(&kept[0]).await.as_deref(),
            Some(r#"{"version":1,"data":{"favourites":"oops"}}"#)
        );

        let newer = r#"{"version":7,"data":{"who_rolls":"x"}}"#;
        page.set_local_storage(DESK, newer).await;
        page.reload().await;
        page.wait_text(".notice", "the newer-version notice", |t| t.contains("newer dicetray")).await;
        page.open("#/tray").await;
        page.type_into("#tray-expr", "2d6").await;
        tokio::time::sleep(Duration::from_millis(800)).await;
        assert_eq!(page.local_storage(DESK).await.as_deref(), Some(newer), "a newer desk is never written over");
    });
}
