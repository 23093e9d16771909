//! Accessibility: axe-core (npm, at [`AXE_VERSION`], installed into `.tools/npm` by `scripts/tools.sh --browser`,
//! or by this test when missing) finds no violation on any screen, in light and dark, on a phone and a laptop,
//! before and after rolling, and no button shows the browser's own look instead of the app's.

use crate::harness::{BrowserTest, Page};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

/// The axe-core release the checks run (pinned: a new release may add rules).
pub const AXE_VERSION: &str = "4.14.1";

/// axe-core's script, installed when missing (once per run).
fn axe_source() -> &'static str {
    static SOURCE: OnceLock<String> = OnceLock::new();
    SOURCE.get_or_init(|| {
        let prefix = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(".tools/npm");
        let package = prefix.join("node_modules/axe-core/package.json");
        let installed = std::fs::read_to_string(&package).unwrap_or_default();
        if !installed.contains(&format!("\"version\": \"{AXE_VERSION}\"")) {
            let status = Command::new("npm")
                .args(["install", "--silent", "--no-audit", "--no-fund", "--prefix"])
                .arg(&prefix)
                .arg(format!("axe-core@{AXE_VERSION}"))
                .status()
                .expect("npm is needed for the accessibility checks (apt-get install nodejs npm)");
            assert!(status.success(), "npm could not install axe-core@{AXE_VERSION}");
        }
        std::fs::read_to_string(prefix.join("node_modules/axe-core/axe.min.js")).expect("axe-core's axe.min.js")
    })
}

/// axe's violations on the page as it is now, one line each (rule, impact, the first elements and why).
async fn violations(page: &Page) -> Vec<String> {
    let present = page.js("return typeof window.axe === 'object';", vec![]).await;
    if present != json!(true) {
        page.js(&format!("{}\nreturn true;", axe_source()), vec![]).await;
    }
    let found = page
        .js(
            // Colours are checked as they settle: a roll's entrance animation fades its text in.
            "return Promise.all(document.getAnimations().map(a => a.finished.catch(() => null)))
               .then(() => axe.run(document, { resultTypes: ['violations'] })).then(r => r.violations.map(v =>
               v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' — ' +
               (n.failureSummary || '').replace(/\\s+/g, ' ')).join(' | ')));",
            vec![],
        )
        .await;
    found.as_array().map(|a| a.iter().filter_map(Value::as_str).map(String::from).collect()).unwrap_or_default()
}

/// axe's violations and the buttons in the browser's own style ([`buttons_in_the_browsers_style`]), as they are now.
async fn problems(page: &Page) -> Vec<String> {
    let mut found = violations(page).await;
    found.extend(buttons_in_the_browsers_style(page).await.1);
    found
}

/// Every screen at this viewport, in light and dark, before and after a roll where there is one to make.
async fn check_every_screen(page: &Page, viewport: &str) {
    // A character, so the Characters screen shows a card with its sheet's Roll buttons.
    let sheet = json!({"system": "24-system", "skills": [{"name": "Climb", "rank": 3}], "complications": []});
    let mara = json!({"id": "mara", "name": "Mara", "notes": "", "sheet": sheet, "created": 1.0, "updated": 1.0});
    page.open("").await;
    page.set_local_storage("dicetray.characters", &json!({"version": 1, "data": [mara]}).to_string()).await;
    page.reload().await;
    let mut found = Vec::new();
    for theme in ["light", "dark"] {
        let media = json!({"features": [{"name": "prefers-color-scheme", "value": theme}]});
        page.cdp("Emulation.setEmulatedMedia", media).await;
        let mut check = |place: String, v: Vec<String>| found.extend(v.into_iter().map(|v| format!("{place}: {v}")));
        // Roll, each system, before and after a roll.
        for system in ["24-system", "remedy", "total-effect", "ruina-imperii", "hack-and-slash"] {
            page.open("#/roll").await;
            page.select("#roll-system", system).await;
            page.wait_for(&format!(".roll-panel[data-system=\"{system}\"] .odds-line")).await;
            check(format!("{viewport} {theme} Roll {system}"), problems(page).await);
            // Every fold of the panel open ("More", the Guide's examples).
            page.js("document.querySelectorAll('.roll-panel details').forEach((d) => { d.open = true; });", vec![])
                .await;
            check(format!("{viewport} {theme} Roll {system}, folds open"), problems(page).await);
            page.click_roll().await;
            check(format!("{viewport} {theme} Roll {system}, rolled"), problems(page).await);
        }
        // The bar's Share, said; then Fortune offered after a Harsh Failure (1 skill die at Risk 5 against 10: about
        // 7 rolls in 10 are one, so 30 rolls without one are a false alarm of about 2e-16).
        page.js("document.querySelector('.latest-share').click();", vec![]).await;
        page.wait_text(".latest-shared", "the share's status", |t| !t.is_empty()).await;
        check(format!("{viewport} {theme} Roll, shared"), problems(page).await);
        page.select("#roll-system", "ruina-imperii").await;
        page.wait_for(".roll-panel[data-system=\"ruina-imperii\"] #ri-skill").await;
        page.type_into("#ri-skill", "1").await;
        page.select("#ri-risk", "5").await;
        page.type_into("#ri-difficulty", "10").await;
        for _ in 0..30 {
            if page.count(".fortune-after").await > 0 {
                break;
            }
            page.click_roll().await;
        }
        page.wait_for(".fortune-after").await;
        check(format!("{viewport} {theme} Roll, Fortune after a Harsh Failure"), problems(page).await);
        // The table settings, unfolded.
        page.js("document.querySelector('.table-settings').open = true;", vec![]).await;
        page.wait_for("#setting-keep-awake").await;
        check(format!("{viewport} {theme} Roll, table settings"), problems(page).await);
        page.open("#/tray").await;
        page.type_into("#tray-expr", "4d6kh3").await;
        page.wait_for(".histo-bar").await;
        check(format!("{viewport} {theme} Tray"), problems(page).await);
        page.click(".tray-roll").await;
        page.wait_for(".tray-group").await;
        check(format!("{viewport} {theme} Tray, rolled"), problems(page).await);
        // A favourite saved, and the name form open.
        page.js("document.querySelector('.favourite-save').click();", vec![]).await;
        page.type_into("#favourite-name", "Stats").await;
        check(format!("{viewport} {theme} Tray, naming a favourite"), problems(page).await);
        page.js("document.querySelector('.favourite-form button[type=submit]').click();", vec![]).await;
        page.wait_for(".favourite-chip").await;
        check(format!("{viewport} {theme} Tray, a favourite"), problems(page).await);
        for (screen, ready) in [("characters", ".sheet-roll"), ("history", ".history-entry"), ("help", "#screen-title")]
        {
            page.open(&format!("#/{screen}")).await;
            page.wait_for(ready).await;
            check(format!("{viewport} {theme} {screen}"), problems(page).await);
        }
    }
    assert!(found.is_empty(), "axe-core {AXE_VERSION} found {} violations:\n{}", found.len(), found.join("\n"));
}

#[test]
fn axe_finds_nothing_on_a_phone() {
    BrowserTest::new().viewport(360, 740).run(|page| async move { check_every_screen(&page, "360x740").await });
}

#[test]
fn axe_finds_nothing_on_a_laptop() {
    BrowserTest::new().run(|page| async move { check_every_screen(&page, "1280x800").await });
}

/// The page's visible buttons that show the browser's own look where the app's should be, one line each, and how
/// many buttons were checked (a file picker's own button among them). The browser's look is read from a probe button
/// with every author style reverted: its font (13.33 px Arial here) and its grey background (a grey box in dark
/// mode). An app's button has neither (the font only counts on a button with text).
async fn buttons_in_the_browsers_style(page: &Page) -> (u64, Vec<String>) {
    let found = page
        .js(
            "const probe = document.createElement('button');
             probe.style.all = 'revert';
             document.body.append(probe);
             const bare = getComputedStyle(probe);
             const [font, background] = [bare.fontFamily, bare.backgroundColor];
             probe.remove();
             // A file picker's own button counts as a button; a picker hidden behind a styled label does not show.
             const shown = [...document.querySelectorAll('button, input[type=file]')].filter((b) => b.offsetParent !== null
               && b.getBoundingClientRect().width > 1 && getComputedStyle(b).opacity !== '0');
             const bad = shown.map((b) => [b, getComputedStyle(b, b.type === 'file' ? '::file-selector-button' : null)])
               .filter(([b, s]) => (s.fontFamily === font && (b.type === 'file' || b.textContent.trim() !== ''))
                 || s.backgroundColor === background)
               .map(([b, s]) => `${b.id || b.className} (${b.textContent.trim()}): ${s.fontSize} ${s.fontFamily} on `
                 + `${s.backgroundColor} (the browser's: ${font} on ${background})`);
             return { checked: shown.length, bad };",
            vec![],
        )
        .await;
    let bad = found["bad"].as_array().into_iter().flatten().filter_map(Value::as_str);
    (found["checked"].as_u64().unwrap_or(0), bad.map(|b| format!("a button in the browser's own style: {b}")).collect())
}

/// The Table screen as it is now, in light and dark: axe's violations and the buttons in the browser's own style,
/// added to `found`.
async fn check_table(page: &Page, place: &str, found: &mut Vec<String>) {
    for theme in ["light", "dark"] {
        let media = json!({"features": [{"name": "prefers-color-scheme", "value": theme}]});
        page.cdp("Emulation.setEmulatedMedia", media).await;
        found.extend(violations(page).await.into_iter().map(|v| format!("{place} {theme}: {v}")));
        let (checked, bad) = buttons_in_the_browsers_style(page).await;
        assert!(checked >= 2, "{place} {theme}: the page shows {checked} buttons, the Table screen's among them");
        found.extend(bad.into_iter().map(|b| format!("{place} {theme}: {b}")));
    }
}

/// The Table screen, which the screens above reach only at a table: its form for an invitation, then a GM seated
/// (the relay unreachable: `ws://127.0.0.1:1` refuses at once, and the GM's seat does not wait for it), with the
/// GM's tools and a roll in secret, in light and dark. axe finds nothing, and every button is drawn in the app's
/// style ([`buttons_in_the_browsers_style`]).
#[test]
fn the_table_screen_in_light_and_dark_on_a_phone() {
    BrowserTest::new().viewport(360, 740).run(|page| async move {
        let link = "#/table?t=dGFibGUtaWQtZm9yLWUyZQ&k=AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA";
        let mut found = Vec::new();
        page.open(&format!("?relays=ws://127.0.0.1:1&ice=none{link}")).await;
        page.wait_for("#table-join").await;
        check_table(&page, "the form for an invitation", &mut found).await;
        page.open("?relays=ws://127.0.0.1:1&ice=none#/table").await;
        page.type_into("#table-name", "Gale").await;
        page.click("#table-start").await;
        page.wait_for("#table-ask").await;
        page.wait_for(".table-qr-slot svg").await;
        check_table(&page, "a GM seated", &mut found).await;
        page.click("#table-secret-roll").await;
        page.wait_for(".table-reveal").await;
        check_table(&page, "a GM's roll in secret", &mut found).await;
        assert!(found.is_empty(), "on the Table screen:\n{}", found.join("\n"));
    });
}
