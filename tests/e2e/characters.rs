//! The Characters screen: a character of each system with its own sheet editor, rename, duplicate, delete with
//! undo, the Roll screen's active character, and JSON export/import (round trip, hostile and broken imports).
//!
//! Persistence is not merged yet, so every assertion here is within one page load.

use crate::harness::{BrowserTest, Page};
use serde_json::{json, Value};
use std::time::Duration;

async fn open_characters(page: &Page) {
    page.open("#/characters").await;
    page.wait_text("#screen-title", "Characters", |t| t == "Characters").await;
}

/// Create a character and wait until its editor is open.
async fn create(page: &Page, name: &str, system: &str) {
    page.type_into("#new-character-name", name).await;
    page.select("#new-character-system", system).await;
    click(page, ".create-button").await;
    page.wait_text(".editor-name", &format!("the editor of {name}"), |t| t == name).await;
    page.wait_for(&format!(".sheet-editor[data-system=\"{system}\"]")).await;
}

/// The id of the card showing `name`.
async fn card_id(page: &Page, name: &str) -> String {
    let id = page
        .js(
            "const li = [...document.querySelectorAll('.character-card')]
               .find(li => li.querySelector('.character-name').textContent === arguments[0]);
             return li ? li.dataset.id : null;",
            vec![json!(name)],
        )
        .await;
    id.as_str().unwrap_or_else(|| panic!("no card shows {name:?}")).to_string()
}

/// Click something that may sit under the sticky header: bring it to the middle of the viewport first.
async fn click(page: &Page, css: &str) {
    page.wait_for(css).await;
    page.js("document.querySelector(arguments[0]).scrollIntoView({ block: 'center' });", vec![json!(css)]).await;
    page.click(css).await;
}

async fn card_names(page: &Page) -> Vec<String> {
    page.texts(".character-card .character-name").await
}

/// Set a (possibly long) text area's value as if typed, in one go.
async fn paste(page: &Page, css: &str, text: &str) {
    page.wait_for(css).await;
    page.js(
        "const el = document.querySelector(arguments[0]); el.value = arguments[1];
         el.dispatchEvent(new Event('input', { bubbles: true }));",
        vec![json!(css), json!(text)],
    )
    .await;
}

async fn value(page: &Page, css: &str) -> String {
    page.wait_for(css).await;
    let v = page.js("return document.querySelector(arguments[0]).value;", vec![json!(css)]).await;
    v.as_str().unwrap().to_string()
}

#[test]
fn each_system_has_its_own_sheet_editor() {
    BrowserTest::new().run(|page| async move {
        open_characters(&page).await;
        assert!(page.text(".empty-list").await.contains("No characters yet"));

        // 24-System: a skill's rank shows its dice; a complication logged by hand, then cleared.
        create(&page, "Mara", "24-system").await;
        click(&page, ".add-skill").await;
        page.type_into(".skill-row .skill-name", "Athletics").await;
        page.select(".skill-rank", "4").await;
        page.wait_text(".rank-dice", "rank 4's dice", |t| t.contains("2d8+8")).await;
        page.select("#t24-log-track", "exposure").await;
        page.select("#t24-log-severity", "major").await;
        page.type_into("#t24-log-fiction", "The alarm went off").await;
        click(&page, ".log-button").await;
        page.wait_text("[data-track=exposure] .fiction", "the logged fiction", |t| t == "The alarm went off").await;
        assert_eq!(page.text("[data-track=exposure] .severity").await, "Major");
        page.wait_text("[data-track=exposure] .track-open", "1 open", |t| t == "1 open").await;
        click(&page, "[data-track=exposure] .check").await;
        page.wait_text("[data-track=exposure] .track-open", "0 open", |t| t == "0 open").await;
        let mara = card_id(&page, "Mara").await;
        page.wait_text(&format!("[data-id=\"{mara}\"] .character-summary"), "Mara's summary", |t| {
            t == "1 skill · best Rank 4 · 0 open complications"
        })
        .await;

        // Remedy: check dice validated as typed, with the parser's own error.
        create(&page, "Quill", "remedy").await;
        assert_eq!(page.count(".ability-row").await, 6);
        page.type_into("#remedy-ability-1-name", "Agility").await;
        page.type_into("#remedy-ability-1-score", "3").await;
        click(&page, ".add-skill").await;
        page.type_into(".skill-row .skill-name", "Stealth").await;
        page.select(".skill-ability", "1").await;
        page.type_into(".skill-dice", "2d20^").await;
        page.wait_text(".dice-note", "a valid reading", |t| t.starts_with("✓ 2d20▲")).await;
        assert_eq!(page.attr(".skill-dice", "aria-invalid").await.as_deref(), Some("false"));
        page.type_into(".skill-dice", "2d20").await;
        let error = page.wait_text(".dice-note", "an error", |t| t.starts_with("✗")).await;
        assert!(error.contains("need a ▲ or ▼"), "{error}");
        assert_eq!(page.attr(".skill-dice", "aria-invalid").await.as_deref(), Some("true"));
        let quill = card_id(&page, "Quill").await;
        page.wait_text(&format!("[data-id=\"{quill}\"] .character-summary"), "Quill's summary", |t| {
            t == "1 skill · best ability Agility +3"
        })
        .await;

        // Total//Effect: Level gives the Tier by the game's name; bands validated as typed.
        create(&page, "Sol", "total-effect").await;
        page.select("#te-level", "5").await;
        page.wait_text(".te-tier", "Tier 2 in Valiant Horizon", |t| t == "Tier 2 · Famous").await;
        page.select("#te-preset", "liminal_void").await;
        page.wait_text(".te-tier", "Tier 2 in Liminal Void", |t| t == "Tier 2 · Seasoned").await;
        click(&page, ".add-ability").await;
        page.type_into(".band-text", "8-6").await;
        page.wait_text(".band-note", "a band error", |t| t.contains("not a band")).await;
        page.type_into(".band-text", "6-8").await;
        page.wait_text(".band-note", "the band's reading", |t| t == "✓ Total 6 to 8").await;
        page.type_into(".band-effect", "Push the foe back").await;

        // Ruina Imperii: Risk Limit and Fortune.
        create(&page, "Brannoc", "ruina-imperii").await;
        page.type_into(".risk-limit", "4").await;
        click(&page, ".spend-fortune").await;
        page.wait_text(".fortune-value", "Fortune 2", |t| t == "2").await;
        click(&page, ".gain-fortune").await;
        click(&page, ".gain-fortune").await;
        page.wait_text(".fortune-value", "Fortune 4", |t| t == "4").await;
        let brannoc = card_id(&page, "Brannoc").await;
        page.wait_text(&format!("[data-id=\"{brannoc}\"] .character-summary"), "Brannoc's summary", |t| {
            t == "0 skills · Risk Limit 4 · Fortune 4"
        })
        .await;

        // Hack & Slash: half steps.
        create(&page, "Wren", "hack-and-slash").await;
        click(&page, ".add-ability").await;
        page.type_into(".ability-row .ability-name", "Agility").await;
        for _ in 0..3 {
            click(&page, ".step-up").await;
        }
        page.wait_text(".ability-level", "1½", |t| t == "1½").await;
        click(&page, ".step-down").await;
        click(&page, ".step-down").await;
        page.wait_text(".ability-level", "½", |t| t == "½").await;
        let wren = card_id(&page, "Wren").await;
        page.wait_text(&format!("[data-id=\"{wren}\"] .character-summary"), "Wren's summary", |t| t == "Agility ½")
            .await;

        // Back to Sol: the edits are still there.
        click(&page, &format!("[data-id=\"{}\"] .open-character", card_id(&page, "Sol").await)).await;
        page.wait_text(".te-tier", "Sol's tier", |t| t == "Tier 2 · Seasoned").await;
        assert_eq!(value(&page, ".band-text").await, "6-8");
        assert_eq!(value(&page, ".band-effect").await, "Push the foe back");

        // A link to a character opens it.
        page.js("location.hash = arguments[0];", vec![json!(format!("#/characters/{quill}"))]).await;
        page.wait_text(".editor-name", "the linked character", |t| t == "Quill").await;

        assert_eq!(card_names(&page).await, ["Mara", "Quill", "Sol", "Brannoc", "Wren"]);
        assert!(page.js_errors().await.is_empty(), "page errors: {:?}", page.js_errors().await);
    });
}

#[test]
fn rename_duplicate_activate_delete_and_undo() {
    BrowserTest::new().viewport(360, 740).run(|page| async move {
        open_characters(&page).await;
        create(&page, "Aria", "hack-and-slash").await;
        page.type_into("#character-name", "Aria Vell").await;
        page.wait_text(".character-card .character-name", "the new name", |t| t == "Aria Vell").await;
        let aria = card_id(&page, "Aria Vell").await;

        click(&page, &format!("[data-id=\"{aria}\"] .duplicate-character")).await;
        page.wait_text(".editor-name", "the copy open", |t| t == "Aria Vell (copy)").await;
        assert_eq!(card_names(&page).await, ["Aria Vell", "Aria Vell (copy)"]);
        assert_ne!(card_id(&page, "Aria Vell (copy)").await, aria);

        let use_button = format!("[data-id=\"{aria}\"] .use-character");
        click(&page, &use_button).await;
        page.wait_text(&format!("[data-id=\"{aria}\"] .badge-active"), "the active badge", |t| {
            t.contains("Rolling as")
        })
        .await;
        assert_eq!(page.attr(&use_button, "aria-pressed").await.as_deref(), Some("true"));

        create(&page, "Bex", "remedy").await;
        click(&page, &format!("[data-id=\"{aria}\"] .delete-character")).await;
        page.wait_text(".undo-name", "the undo offer", |t| t == "Aria Vell").await;
        assert_eq!(card_names(&page).await, ["Aria Vell (copy)", "Bex"]);
        assert_eq!(page.count(".badge-active").await, 0, "a deleted character is no longer active");

        click(&page, ".undo-delete").await;
        page.wait_text(".characters-status", "the restore message", |t| t == "Restored Aria Vell.").await;
        assert_eq!(card_names(&page).await, ["Aria Vell", "Aria Vell (copy)", "Bex"]);
        assert_eq!(card_id(&page, "Aria Vell").await, aria);
        assert_eq!(page.attr(&use_button, "aria-pressed").await.as_deref(), Some("true"));
        assert_eq!(page.count(".undo-bar").await, 0);
        assert!(page.js_errors().await.is_empty(), "page errors: {:?}", page.js_errors().await);
    });
}

#[test]
fn export_import_round_trip_and_hostile_or_broken_imports() {
    BrowserTest::new().run(|page| async move {
        open_characters(&page).await;
        create(&page, "Mara", "24-system").await;
        click(&page, ".add-skill").await;
        page.select(".skill-rank", "3").await;
        let mara = card_id(&page, "Mara").await;
        click(&page, &format!("[data-id=\"{mara}\"] .export-character")).await;
        page.wait_text(".export-name", "the export", |t| t == "Mara").await;
        let exported = value(&page, ".export-json").await;
        let envelope: Value = serde_json::from_str(&exported).expect("the export is JSON");
        assert_eq!(envelope["format"], "dicetray-character");
        assert_eq!(envelope["version"], 1);
        assert_eq!(envelope["character"]["id"], mara.as_str());
        assert_eq!(envelope["character"]["sheet"]["system"], "24-system");
        assert_eq!(envelope["character"]["sheet"]["skills"][0]["rank"], 3);
        assert!(page.text(".download-export").await.contains("mara.dicetray.json"));

        // Importing it again adds a second Mara with a fresh id: nothing is overwritten.
        paste(&page, ".import-text", &exported).await;
        click(&page, ".import-button").await;
        page.wait_text(".import-done", "the import message", |t| t.contains("as a new character")).await;
        assert_eq!(card_names(&page).await, ["Mara", "Mara"]);
        let ids =
            page.js("return [...document.querySelectorAll('.character-card')].map(li => li.dataset.id);", vec![]).await;
        assert_ne!(ids[0], ids[1]);
        let summaries = page.texts(".character-summary").await;
        assert_eq!(summaries[0], summaries[1]);

        // A hostile name is only ever text.
        let mut hostile = envelope.clone();
        hostile["character"]["name"] = json!("<img src=x onerror=alert(1)>");
        hostile["character"]["notes"] = json!("<script>alert(2)</script>");
        paste(&page, ".import-text", &hostile.to_string()).await;
        click(&page, ".import-button").await;
        page.wait_text(".editor-name", "the hostile name as text", |t| t == "<img src=x onerror=alert(1)>").await;
        assert_eq!(card_names(&page).await[2], "<img src=x onerror=alert(1)>");
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(page.count(".characters img").await, 0, "an img element was injected");
        assert_eq!(page.count(".characters script").await, 0, "a script element was injected");
        assert!(page.dialogs().await.is_empty(), "dialogs opened: {:?}", page.dialogs().await);

        // A bad field is named by its path; nothing is added.
        let broken = exported.replacen("\"rank\": 3", "\"rank\": \"high\"", 1);
        paste(&page, ".import-text", &broken).await;
        click(&page, ".import-button").await;
        let error = page.wait_text(".import-error", "an import error", |t| !t.is_empty()).await;
        assert!(error.contains("character.sheet.skills[0].rank"), "{error}");
        assert!(error.contains("line"), "{error}");
        let wrong = exported.replacen("\"rank\": 3", "\"rank\": 9", 1);
        paste(&page, ".import-text", &wrong).await;
        click(&page, ".import-button").await;
        page.wait_text(".import-error", "a range error", |t| t.contains("9 is out of range (0 to 6)")).await;
        let too_big = format!("{{\"pad\": \"{}\"}}", "x".repeat(300 * 1024));
        paste(&page, ".import-text", &too_big).await;
        click(&page, ".import-button").await;
        page.wait_text(".import-error", "a size error", |t| t.contains("at most 256 KB")).await;
        assert_eq!(page.count(".character-card").await, 3);

        // A file works like pasted text.
        let mut from_file = envelope.clone();
        from_file["character"]["name"] = json!("Filed Mara");
        let file = page.scratch_file("mara.json", &from_file.to_string());
        page.wait_for("#import-file").await;
        let input = page.client().find(fantoccini::Locator::Css("#import-file")).await.unwrap();
        input.send_keys(&file.display().to_string()).await.expect("choose the file");
        page.wait_text(".editor-name", "the character from the file", |t| t == "Filed Mara").await;
        assert_eq!(page.count(".character-card").await, 4);
        assert!(page.js_errors().await.is_empty(), "page errors: {:?}", page.js_errors().await);
    });
}

/// Every visible control of the screen is at least 44 px tall; the page never scrolls sideways.
async fn check_fit(page: &Page, width: u32) {
    let overflow = page.js("return document.documentElement.scrollWidth - window.innerWidth;", vec![]).await;
    assert!(overflow.as_i64().unwrap() <= 0, "the page scrolls sideways by {overflow} px at {width} px wide");
    let small = page
        .js(
            "return [...document.querySelectorAll('.characters button, .characters select, .characters input:not([type=checkbox]), .characters label.check')]
               .filter(el => el.offsetParent !== null)
               .map(el => [el.className || el.id, el.getBoundingClientRect().height])
               .filter(([, h]) => h < 44);",
            vec![],
        )
        .await;
    assert_eq!(small, json!([]), "controls under 44 px at {width} px wide");
}

async fn sample_character(page: &Page) {
    create(page, "Sol Varro", "total-effect").await;
    page.select("#te-level", "4").await;
    click(page, ".add-ability").await;
    page.type_into(".ability-block .ability-name", "Shield Wall").await;
    page.type_into(".band-effect", "Allies nearby gain 1 Advantage").await;
    click(page, ".add-band").await;
    page.type_into("[data-index=\"1\"] .band-text", "8-").await;
    page.type_into("[data-index=\"1\"] .band-effect", "You are pushed back").await;
    page.wait_text(".te-tier", "Tier 2", |t| t == "Tier 2 · Famous").await;
}

#[test]
fn characters_screenshots_phone_and_desktop() {
    BrowserTest::new().viewport(360, 740).run(|page| async move {
        open_characters(&page).await;
        create(&page, "Mara", "24-system").await;
        sample_character(&page).await;
        check_fit(&page, 360).await;
        page.js("document.querySelector('#editor-title').scrollIntoView();", vec![]).await;
        page.screenshot("characters-360").await;
    });
    BrowserTest::new().viewport(1280, 800).run(|page| async move {
        open_characters(&page).await;
        create(&page, "Mara", "24-system").await;
        create(&page, "Wren", "hack-and-slash").await;
        sample_character(&page).await;
        page.js("window.scrollTo(0, 0);", vec![]).await;
        check_fit(&page, 1280).await;
        page.screenshot("characters-1280").await;
    });
}
