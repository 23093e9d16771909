//! Dice that land (issue #32, item 2): after a roll in each system's bar and in the Tray, the drawn dice land on
//! the faces rolled (the same as the dice list of the breakdown), within 400 ms including their stagger, while the
//! total and the announcement are already there; no tumble under `prefers-reduced-motion` or with "Animate dice"
//! unticked (kept across a reload); a large pool draws 12 and counts the rest.

use crate::harness::{BrowserTest, Page};
use crate::roll::{assert_no_errors, open_system};
use serde_json::{json, Value};

/// The most dice drawn for one roll (`src/widgets/landing.rs`, `MAX_TUMBLING`).
const MAX_TUMBLING: usize = 12;

/// Click `button` and, in the next animation frame (before the dice can have landed), read what is shown: the
/// landing dice in `scope` (`[sides, face as drawn]`, with each animation's end in ms), how many dice tumble then,
/// `total` and `said` (the live region's text).
const CLICK_AND_READ: &str = "
    const [button, scope, total, said] = arguments;
    document.querySelector(button).scrollIntoView({block: 'center'});
    document.querySelector(button).click();
    return new Promise((done) => requestAnimationFrame(() => {
        const el = document.querySelector(scope);
        const dice = [...(el ? el.querySelectorAll('.landing-die') : [])];
        const ms = (t) => t.split(',').map((s) => parseFloat(s) * (s.trim().endsWith('ms') ? 1 : 1000));
        done({
            dice: dice.map((d) => [d.dataset.sides, d.querySelector('text').textContent]),
            css_end: dice.map((d) => { const s = getComputedStyle(d);
                return Math.max(...ms(s.animationDuration)) + Math.max(...ms(s.animationDelay)); }),
            ends: dice.flatMap((d) => d.getAnimations().map((a) => a.effect.getComputedTiming().endTime)),
            running: document.getAnimations().filter((a) => a.animationName === 'die-land' && a.playState === 'running')
                .length,
            more: el?.querySelector('.landing-more')?.textContent ?? null,
            total: document.querySelector(total)?.textContent ?? '',
            said: document.querySelector(said)?.textContent ?? '',
        });
    }));";

/// The breakdown's dice in `scope` as `[sides, face]`, a Fudge die's blank drawn as in the dice list ("0").
async fn listed_dice(page: &Page, scope: &str) -> Vec<(String, String)> {
    let v = page
        .js(
            "return [...document.querySelectorAll(arguments[0] + ' .dice-row .die')]
               .map((d) => [d.dataset.sides, d.querySelector('.die-face').textContent]);",
            vec![json!(scope)],
        )
        .await;
    pairs(&v)
}

fn pairs(v: &Value) -> Vec<(String, String)> {
    let pair = |p: &Value| (p[0].as_str().unwrap_or("").to_string(), p[1].as_str().unwrap_or("").to_string());
    v.as_array().map(|a| a.iter().map(pair).collect()).unwrap_or_default()
}

/// The drawn dice as the dice list writes them (a Fudge die's blank face is its "0"), sorted.
fn as_listed(drawn: &[(String, String)]) -> Vec<(String, String)> {
    let mut v: Vec<_> = drawn
        .iter()
        .map(|(s, f)| (s.clone(), if f.is_empty() && s.starts_with("dF") { "0".to_string() } else { f.clone() }))
        .collect();
    v.sort();
    v
}

/// What a click on `button` showed in its first frame, checked: every die lands in at most 400 ms, the dice are
/// still tumbling while `total` and `said` are already written. Returns the drawn dice.
async fn lands_at_once(page: &Page, what: &str, args: [&str; 4]) -> (Vec<(String, String)>, Value) {
    let shown = page.js(CLICK_AND_READ, args.iter().map(|a| json!(a)).collect()).await;
    let drawn = pairs(&shown["dice"]);
    assert!(!drawn.is_empty(), "{what}: no dice drawn in the first frame: {shown}");
    for key in ["css_end", "ends"] {
        let ends: Vec<f64> = shown[key].as_array().unwrap().iter().filter_map(Value::as_f64).collect();
        assert_eq!(ends.len(), drawn.len(), "{what}: one tumble per drawn die ({key}): {shown}");
        assert!(ends.iter().all(|&e| e > 0.0 && e <= 400.0), "{what}: every die lands within 400 ms ({key}): {ends:?}");
    }
    assert!(shown["running"].as_u64() > Some(0), "{what}: the dice are still tumbling in the first frame: {shown}");
    let (total, said) = (shown["total"].as_str().unwrap_or(""), shown["said"].as_str().unwrap_or(""));
    assert!(total.chars().any(|c| c.is_ascii_digit()), "{what}: the total is written at once: {shown}");
    assert!(!said.trim().is_empty(), "{what}: the announcement is made at once: {shown}");
    (drawn, shown)
}

#[test]
fn every_system_and_the_tray_land_their_dice_on_the_faces_rolled_within_400_ms() {
    BrowserTest::new().run(|page| async move {
        for system in ["24-system", "remedy", "total-effect", "ruina-imperii", "hack-and-slash"] {
            open_system(&page, system).await;
            let args = ["#roll-button", ".latest-roll", ".latest-total-value", ".roll-announcer"];
            let (drawn, shown) = lands_at_once(&page, system, args).await;
            assert!(shown["said"].as_str().unwrap_or("").contains("Rolled"), "{system}: {shown}");
            page.wait_for(".roll-result .dice-row .die").await;
            let listed = listed_dice(&page, ".roll-result").await;
            let mut want = listed.clone();
            want.sort();
            assert_eq!(as_listed(&drawn), want, "{system}: the bar's dice land on the faces the Details list");
            assert!(drawn.len() <= MAX_TUMBLING, "{system}: {} dice drawn", drawn.len());
        }
        // Every kind of die in the Tray: d4, d6, d8, d10, d12, d20, d100 and four Fudge dice.
        page.open("#/tray").await;
        page.type_into("#tray-expr", "1d4+1d6+1d8+1d10+1d12+1d20+1d100+4dF").await;
        let args = [".tray-roll", ".tray-result", ".tray-total", "#tray-announce"];
        let (drawn, _) = lands_at_once(&page, "Tray", args).await;
        let sides: Vec<&str> = drawn.iter().map(|(s, _)| s.as_str()).collect();
        assert_eq!(sides, ["d4", "d6", "d8", "d10", "d12", "d20", "d100", "dF", "dF", "dF", "dF"]);
        let mut listed = listed_dice(&page, ".tray-result").await;
        listed.sort();
        assert_eq!(as_listed(&drawn), listed, "the Tray's dice land on the faces its breakdown lists");
        assert!(drawn[7..].iter().all(|(_, f)| ["+", "−", ""].contains(&f.as_str())), "Fudge faces: {drawn:?}");
        // A large pool draws 12 dice and counts the rest.
        page.type_into("#tray-expr", "30d6").await;
        let (drawn, shown) = lands_at_once(&page, "Tray 30d6", args).await;
        assert_eq!(drawn.len(), MAX_TUMBLING, "30d6 draws {} dice", drawn.len());
        assert_eq!(shown["more"], json!("+18"), "the rest of 30d6: {shown}");
        assert_eq!(page.count(".tray-result .dice-row .die").await, 30, "the dice list keeps every die");
        assert_no_errors(&page).await;
    });
}

/// How many dice animations run just after a click on `button` (the dice are drawn all the same).
async fn tumbling_after(page: &Page, button: &str, scope: &str) -> (usize, u64) {
    let args = [button, scope, "body", "body"].iter().map(|a| json!(a)).collect();
    let shown = page.js(CLICK_AND_READ, args).await;
    (pairs(&shown["dice"]).len(), shown["running"].as_u64().unwrap_or(u64::MAX))
}

/// A Tray roll of 3d6 draws its 3 dice, none tumbling.
async fn tray_keeps_still(page: &Page, what: &str) {
    page.open("#/tray").await;
    page.type_into("#tray-expr", "3d6").await;
    let (drawn, running) = tumbling_after(page, ".tray-roll", ".tray-result").await;
    assert!(drawn == 3 && running == 0, "{what}, Tray: {drawn} drawn, {running} tumbling");
}

#[test]
fn reduced_motion_and_the_setting_keep_the_dice_still_and_the_setting_survives_a_reload() {
    BrowserTest::new().run(|page| async move {
        open_system(&page, "ruina-imperii").await;
        let (drawn, running) = tumbling_after(&page, "#roll-button", ".latest-roll").await;
        assert!(drawn > 0 && running > 0, "with motion allowed the dice tumble: {drawn} drawn, {running} tumbling");
        let reduce = json!({"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]});
        page.cdp("Emulation.setEmulatedMedia", reduce).await;
        let (drawn, running) = tumbling_after(&page, "#roll-button", ".latest-roll").await;
        assert!(drawn > 0 && running == 0, "reduced motion: {drawn} drawn, {running} tumbling");
        tray_keeps_still(&page, "reduced motion").await;
        page.cdp("Emulation.setEmulatedMedia", json!({"features": []})).await;

        // The setting: unticked, the dice are drawn still, in the bar and the Tray, and stay so after a reload.
        open_system(&page, "ruina-imperii").await;
        page.click(".table-settings summary").await;
        page.wait_for("#setting-animate-dice").await;
        assert_eq!(
            page.js("return document.querySelector('#setting-animate-dice').checked;", vec![]).await,
            json!(true)
        );
        page.click("#setting-animate-dice").await;
        let (drawn, running) = tumbling_after(&page, "#roll-button", ".latest-roll").await;
        assert!(drawn > 0 && running == 0, "Animate dice off: {drawn} drawn, {running} tumbling");
        page.wait_js(
            "return (localStorage.getItem('dicetray.desk') || '').includes('\"still_dice\":true');",
            "the desk saved",
        )
        .await;
        page.reload().await;
        open_system(&page, "ruina-imperii").await;
        page.click(".table-settings summary").await;
        page.wait_for("#setting-animate-dice").await;
        let kept = page.js("return document.querySelector('#setting-animate-dice').checked;", vec![]).await;
        assert_eq!(kept, json!(false), "Animate dice stays off after a reload");
        let (drawn, running) = tumbling_after(&page, "#roll-button", ".latest-roll").await;
        assert!(drawn > 0 && running == 0, "after a reload: {drawn} drawn, {running} tumbling");
        tray_keeps_still(&page, "Animate dice off").await;
        assert_no_errors(&page).await;
    });
}
