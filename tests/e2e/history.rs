//! The History screen: seeded rolls, filters and stats, clear and undo, export and import, replay links,
//! 10,000 rolls, screenshots.

use crate::fixtures::{self, entry, history, six, T0};
use crate::harness::{BrowserTest, Page};
use fantoccini::Locator;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const KEY: &str = "dicetray.history";

/// Open the app, put `raw` in the history key, reload on the History screen.
pub async fn seed(page: &Page, raw: &str) {
    page.open("").await;
    page.set_local_storage(KEY, raw).await;
    page.open("#/history").await;
    page.reload().await;
    page.wait_for(".history-screen").await;
}

/// Wait until `.history-entry` count is `n`.
pub async fn wait_count(page: &Page, n: usize) {
    let started = Instant::now();
    loop {
        let c = page.count(".history-entry").await;
        if c == n {
            return;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "expected {n} history entries, see {c}");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

/// The ids of the saved history entries (waits until `ok` holds for them).
pub async fn wait_saved(page: &Page, what: &str, ok: impl Fn(&[String]) -> bool) -> Vec<String> {
    let started = Instant::now();
    loop {
        let raw = page.local_storage(KEY).await.unwrap_or_default();
        let ids: Vec<String> = serde_json::from_str::<Value>(&raw)
            .ok()
            .and_then(|v| v["data"].as_array().cloned())
            .map(|a| a.iter().filter_map(|e| e["id"].as_str().map(String::from)).collect())
            .unwrap_or_default();
        if ok(&ids) {
            return ids;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "saved history never became {what}: {raw:.300}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Write `text` to a temporary file and choose it in the import input.
pub async fn import_file(page: &Page, name: &str, text: &str) {
    let path = page.scratch_file(name, text);
    page.wait_for("#history-import").await;
    let input = page.client().find(Locator::Css("#history-import")).await.unwrap();
    input.send_keys(path.to_str().unwrap()).await.expect("choose the import file");
}

#[test]
fn seeded_rolls_filter_by_character_and_system_with_stats() {
    BrowserTest::new().run(|page| async move {
        seed(&page, &history(six())).await;
        wait_count(&page, 6).await;
        // Newest first.
        assert_eq!(page.attr(".history-entry", "data-id").await.as_deref(), Some("e6"));
        let first = page.text(".history-entry").await;
        assert!(first.contains("Bo") && first.contains("Hack & Slash") && first.contains("Seed"), "{first}");
        assert!(page.text(".history-entry[data-id=e5]").await.contains("Tray notation"));

        page.select("#history-filter-character", "id:ada").await;
        wait_count(&page, 3).await;
        let stats = page.texts(".stats-character").await;
        assert_eq!(stats.len(), 1, "{stats:?}");
        assert!(stats[0].contains("Ada") && stats[0].contains("3 rolls") && stats[0].contains('%'), "{stats:?}");
        let shares = page.texts(".stats-share").await;
        let sum: f64 = shares.iter().map(|s| s.trim_end_matches('%').parse::<f64>().unwrap()).sum();
        assert!((sum - 100.0).abs() < 0.5, "shares {shares:?} add to {sum}");

        page.select("#history-filter-character", "all").await;
        page.select("#history-filter-system", "hack-and-slash").await;
        wait_count(&page, 2).await;
        assert!(page.texts(".history-entry").await.iter().all(|t| t.contains("Bo")));
        page.select("#history-filter-system", "notation").await;
        wait_count(&page, 1).await;
        page.select("#history-filter-character", "id:ada").await;
        wait_count(&page, 0).await;
        page.wait_text(".history-count", "the no-match message", |t| t.contains("No rolls match")).await;
        assert!(page.js_errors().await.is_empty(), "{:?}", page.js_errors().await);
    });
}

#[test]
fn clear_asks_in_the_page_and_undo_brings_everything_back() {
    BrowserTest::new().run(|page| async move {
        seed(&page, &history(six())).await;
        wait_count(&page, 6).await;
        page.click("#history-clear").await;
        page.wait_for(".confirm-panel").await;
        page.click("#history-clear-cancel").await;
        assert_eq!(page.count(".confirm-panel").await, 0);
        wait_count(&page, 6).await;

        page.click("#history-clear").await;
        page.click("#history-clear-confirm").await;
        wait_count(&page, 0).await;
        wait_saved(&page, "empty", |ids| ids.is_empty()).await;
        page.click("#history-undo").await;
        wait_count(&page, 6).await;
        wait_saved(&page, "all six again", |ids| ids.len() == 6).await;
        assert!(page.dialogs().await.is_empty(), "no browser dialogs: {:?}", page.dialogs().await);
    });
}

#[test]
fn export_then_import_merges_without_duplicates_and_rejects_bad_files() {
    BrowserTest::new().run(|page| async move {
        // The test reads the exported file back with fetch(blob:), which the app's policy (connect-src 'self') rightly
        // refuses; a player's download is a navigation, which it does not restrict. So this page runs without it.
        page.cdp("Page.setBypassCSP", json!({"enabled": true})).await;
        seed(&page, &history(six()[..3].to_vec())).await;
        wait_count(&page, 3).await;
        page.click("#history-export").await;
        let href = page.attr("#history-export-link", "href").await.unwrap();
        assert!(href.starts_with("blob:"), "{href}");
        let exported = page
            .client()
            .execute_async(
                "const done = arguments[arguments.length - 1]; fetch(arguments[0]).then(r => r.text()).then(done, e => done('ERR ' + e));",
                vec![json!(href)],
            )
            .await
            .unwrap();
        let exported: Value = serde_json::from_str(exported.as_str().unwrap()).expect("the export is JSON");
        assert_eq!(exported["version"], 2);
        assert!(exported["data"][0]["dice"].is_array(), "exports hold every entry in full");
        assert_eq!(exported["data"].as_array().unwrap().len(), 3);

        // The export plus two new rolls (one named with markup, which must show as text).
        let mut data = exported["data"].as_array().unwrap().clone();
        data.push(entry("n1", T0 + 9000.0, Some(("zed", "<b>Zed</b><img src=x onerror=alert(1)>")), fixtures::REQUESTS[1], 11));
        data.push(entry("n2", T0 + 9500.0, None, fixtures::REQUESTS[2], 12));
        import_file(&page, "more.json", &json!({"version": 1, "data": data}).to_string()).await;
        page.wait_text("#history-import-status", "the import result", |t| t.contains("Imported 2 rolls")).await;
        assert!(page.text("#history-import-status").await.contains("3 already in your history"));
        wait_count(&page, 5).await;
        assert!(page.text(".history-entry[data-id=n1]").await.contains("<b>Zed</b><img"), "markup shows as text");
        assert_eq!(page.count(".history-entry img").await, 0);
        wait_saved(&page, "five rolls", |ids| ids.len() == 5).await;

        // A bad entry: nothing imported, the error names the entry and the field.
        let mut bad = entry("n3", T0, None, fixtures::REQUESTS[0], 13);
        bad.as_object_mut().unwrap().remove("seed");
        let text = json!({"version": 1, "data": [entry("n4", T0, None, fixtures::REQUESTS[0], 14), bad]}).to_string();
        import_file(&page, "bad.json", &text).await;
        let status = page.wait_text("#history-import-status", "an error", |t| t.contains("failed")).await;
        assert!(status.contains("entry 1") && status.contains("seed"), "{status}");
        import_file(&page, "junk.json", "this is not json").await;
        page.wait_text("#history-import-status", "a JSON error", |t| t.contains("not valid JSON")).await;
        wait_count(&page, 5).await;
        assert!(page.dialogs().await.is_empty(), "{:?}", page.dialogs().await);
        assert!(page.js_errors().await.is_empty(), "{:?}", page.js_errors().await);
    });
}

#[test]
fn a_replay_link_shows_the_same_dice_and_outcome() {
    BrowserTest::new().run(|page| async move {
        seed(&page, &history(six())).await;
        wait_count(&page, 6).await;
        for id in ["e4", "e6"] {
            page.open("#/history").await;
            let row = format!(".history-entry[data-id={id}]");
            let outcome = page.attr(&row, "data-outcome").await.unwrap();
            let faces = page.texts(&format!("{row} .die-face")).await;
            let href = page.attr(&format!("{row} .replay-link"), "href").await.unwrap();
            assert!(href.contains("#/replay?r="), "{href}");
            // Open the link as a fresh page load, as someone it was sent to would.
            let href = if href.starts_with('#') { format!("{}{href}", page.base_url()) } else { href };
            page.client().goto(&href).await.unwrap();
            page.reload().await;
            page.wait_for(".replay-roll").await;
            assert_eq!(page.attr(".replay-roll", "data-outcome").await.unwrap(), outcome);
            assert_eq!(page.texts(".replay-roll .die-face").await, faces);
            assert!(page.text(".replay-match").await.contains("Same dice and outcome"));
            let trust = page.text(".replay-trust").await;
            assert!(trust.contains("Not proof of a roll") && trust.contains("any seed"), "{trust}");
        }
        // The copy button: clipboard or a selected read-only field holding the link.
        page.open("#/history").await;
        page.click(".history-entry[data-id=e6] .copy-link").await;
        let started = Instant::now();
        loop {
            let copied = page.text(".history-entry[data-id=e6] .copy-link").await == "Link copied";
            let fallback = page.count(".history-entry[data-id=e6] .copy-fallback-input").await == 1;
            if copied || fallback {
                if fallback {
                    let v = page.js("return document.querySelector('.copy-fallback-input').value;", vec![]).await;
                    assert!(v.as_str().unwrap().contains("#/replay?r="), "{v}");
                }
                break;
            }
            assert!(started.elapsed() < Duration::from_secs(5), "copy did neither");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        page.open("#/replay?r=%7Bbad&s=1").await;
        page.wait_text(".replay-error", "an error", |t| t.contains("cannot be read")).await;
        assert!(page.js_errors().await.is_empty(), "{:?}", page.js_errors().await);
    });
}

/// Appends a measured figure to `target/e2e-figures.txt` (and prints it).
pub fn record_figure(line: &str) {
    println!("{line}");
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target");
    let _ = std::fs::create_dir_all(&path);
    use std::io::Write;
    if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(path.join("e2e-figures.txt")) {
        let _ = writeln!(f, "{line}");
    }
}

#[test]
fn ten_thousand_rolls_render_without_a_stall() {
    BrowserTest::new().run(|page| async move {
        let raw = fixtures::history_v2(fixtures::many(10_000));
        let chars = raw.len();
        page.open("").await;
        let set = page
            .js(
                "try { localStorage.setItem(arguments[0], arguments[1]); return 'ok'; } catch (e) { return String(e); }",
                vec![json!(KEY), json!(raw)],
            )
            .await;
        assert_eq!(set.as_str(), Some("ok"), "storing {chars} characters of history");
        page.reload().await;
        let load = page
            .js(
                "const m = performance.measure('load', 'dicetray-load-start', 'dicetray-load-end'); return m.duration;",
                vec![],
            )
            .await;
        // Time to first render of History, from the navigation to the first row in the DOM (and to the next
        // frame). Measured five times (Roll -> History), since other tests share the CPU; the best is reported.
        let mut runs = Vec::new();
        for _ in 0..5 {
            page.js("location.hash = '#/roll';", vec![]).await;
            page.wait_text("#screen-title", "Roll", |t| t == "Roll").await;
            let timing = page
                .client()
                .execute_async(
                    r#"const done = arguments[arguments.length - 1];
                    const t0 = performance.now();
                    const seen = () => document.querySelector('.history-list .history-entry');
                    const obs = new MutationObserver(() => {
                      if (seen()) {
                        obs.disconnect();
                        const dom = performance.now() - t0;
                        requestAnimationFrame(() => setTimeout(() => done([dom, performance.now() - t0]), 0));
                      }
                    });
                    obs.observe(document.body, {childList: true, subtree: true});
                    location.hash = '#/history';"#,
                    vec![],
                )
                .await
                .unwrap();
            runs.push((timing[0].as_f64().unwrap(), timing[1].as_f64().unwrap()));
        }
        runs.sort_by(|a, b| a.0.total_cmp(&b.0));
        let (dom, painted) = runs[0];
        let (median, _) = runs[2];
        assert_eq!(page.count(".history-entry").await, 50, "one page of rows");
        page.wait_text(".history-count", "the count", |t| t.contains("of 10000 rolls")).await;
        record_figure(&format!(
            "history-10000: {chars} chars stored; start-up load {:.1} ms; History first render best {dom:.1} ms (DOM), {painted:.1} ms (next frame); median {median:.1} ms (DOM)",
            load.as_f64().unwrap_or(f64::NAN)
        ));
        page.click("#history-more").await;
        wait_count(&page, 100).await;
        // More rolls: the first save after start-up serialises every entry; later ones reuse the saved text.
        for (n, id) in [(10_001, "late1"), (10_002, "late2")] {
            let e = entry(id, T0 + 2e10 + n as f64, None, fixtures::REQUESTS[0], n as u64);
            import_file(&page, &format!("{id}.json"), &history(vec![e])).await;
            wait_saved(&page, "one more roll", |ids| ids.len() == n).await;
            let save = page
                .js("const m = performance.getEntriesByName('dicetray-save-dicetray.history'); return m.length ? m[m.length - 1].duration : null;", vec![])
                .await;
            record_figure(&format!(
                "history-{n}: save after one more roll (serialise + setItem) {:.1} ms",
                save.as_f64().unwrap_or(f64::NAN)
            ));
        }
        // The < 100 ms target is a figure to read (printed above, kept in target/e2e-figures.txt and the README),
        // not a timed assertion that a loaded CI machine could trip. What must hold: the list is virtualised,
        // so the DOM holds a screenful of rows, not 10,000.
        let rows = page.count(".history-entry").await;
        assert!(rows > 0 && rows < 200, "History rendered {rows} rows for 10,000 stored rolls (expected a window)");
        assert!(page.js_errors().await.is_empty(), "{:?}", page.js_errors().await);
    });
}

#[test]
fn history_screenshots_phone_and_desktop() {
    for (w, h, name) in [(360, 740, "history-360"), (1280, 800, "history-1280")] {
        BrowserTest::new().viewport(w, h).run(move |page| async move {
            seed(&page, &history(six())).await;
            wait_count(&page, 6).await;
            let overflow = page.js("return document.documentElement.scrollWidth - window.innerWidth;", vec![]).await;
            assert!(overflow.as_i64().unwrap() <= 0, "History scrolls sideways by {overflow} px at {w} px");
            let smallest = page
                .js(
                    "return Math.min(...[...document.querySelectorAll('.history-screen button, .history-screen select, .history-screen a.button, .file-button')].map(e => e.getBoundingClientRect().height));",
                    vec![],
                )
                .await;
            assert!(smallest.as_f64().unwrap() >= 44.0, "a History control is {smallest} px tall");
            page.screenshot(name).await;
        });
    }
}

/// The luck report (issue #33) over seeded rolls: Ana's 24-System rolls on one day (one with its total changed),
/// Bo's Remedy rolls the next, and an ad hoc Tray roll whose exact odds are too large to compute. Each report's
/// count, mean luck and p-value are the ones computed here from each roll's total and its exact odds (the rules
/// crate's distribution, read by hand: P(X < x) + P(X = x) / 2), its histogram holds every computed roll, the
/// rolls not computed are named with their reasons, and the filters change what it covers.
#[test]
fn the_luck_report_measures_the_shown_rolls_against_their_exact_odds() {
    use dicetray_rules::dice::parse_versioned;
    use dicetray_rules::systems::Request;
    const DAY: f64 = 86_400_000.0;
    let (ana, bo) = (crate::fixtures::REQUESTS[0], crate::fixtures::REQUESTS[1]);
    let mut entries: Vec<Value> =
        (0..8).map(|i| entry(&format!("a{i}"), T0 + i as f64 * 60e3, Some(("ana", "Ana")), ana, 10 + i)).collect();
    entries.extend((0..6).map(|i| entry(&format!("b{i}"), T0 + DAY + i as f64 * 60e3, Some(("bo", "Bo")), bo, 30 + i)));
    entries[3]["total"] = json!(entries[3]["total"].as_f64().unwrap() + 100.0);
    let big = "1000d100kh500";
    let big_total = parse_versioned(big, 2).unwrap().roll(5).unwrap().total;
    let mut tray = crate::fixtures::notation_entry("t0", T0 + DAY + 600e3, big, 5);
    tray["source"]["version"] = json!(2);
    tray["total"] = json!(dicetray_rules::dice::value::to_f64(big_total));
    entries.push(tray);
    // Each computed roll's (roller, luck, variance), by hand from its request's exact distribution.
    let by_hand = |request: &str, e: &Value| {
        let dist = Request::from_json(request).unwrap().total_dist().unwrap();
        let x = e["total"].as_f64().unwrap();
        let below: f64 = dist.values.iter().filter(|(v, _)| *v < x).map(|(_, p)| p).sum();
        let at: f64 = dist.values.iter().filter(|(v, _)| *v == x).map(|(_, p)| p).sum();
        let var = (1.0 - dist.values.iter().map(|(_, p)| p * p * p).sum::<f64>()) / 12.0;
        (below + at / 2.0, var)
    };
    let computed: Vec<(&str, f64, f64)> = entries
        .iter()
        .filter(|e| e["id"] != "a3" && e["id"] != "t0")
        .map(|e| {
            let ana_roll = e["id"].as_str().unwrap().starts_with('a');
            let (l, v) = by_hand(if ana_roll { ana } else { bo }, e);
            (if ana_roll { "Ana" } else { "Bo" }, l, v)
        })
        .collect();
    let expect = |who: Option<&str>| {
        let theirs: Vec<&(&str, f64, f64)> = computed.iter().filter(|c| who.is_none_or(|w| c.0 == w)).collect();
        let n = theirs.len() as f64;
        let mean = theirs.iter().map(|c| c.1).sum::<f64>() / n;
        let z = (mean - 0.5) / (theirs.iter().map(|c| c.2).sum::<f64>() / (n * n)).sqrt();
        (theirs.len(), mean, dicetray_rules::luck::two_sided_p(z))
    };
    let (e_all, e_ana, e_bo) = (expect(None), expect(Some("Ana")), expect(Some("Bo")));
    let best = computed.iter().map(|c| c.1).fold(0.0, f64::max);
    let raw = history(entries);
    BrowserTest::new().viewport(360, 740).run(move |page| async move {
        seed(&page, &raw).await;
        wait_count(&page, 15).await;
        page.js("document.querySelector('.luck-fold summary').scrollIntoView({block: 'center'});", vec![]).await;
        page.click(".luck-fold summary").await;
        page.wait_for(".luck-roller").await;
        // A report by its roller's name ("" for the one over every roll shown).
        let report = |who: &'static str| {
            let page = page.clone();
            async move {
                let v = page
                    .js(
                        "const s = [...document.querySelectorAll('.luck-roller')].find(s => s.dataset.roller === arguments[0]);
                         return [s.querySelector('h3').textContent, s.dataset.rolls, s.dataset.mean, s.dataset.p,
                           s.querySelector('.luck-summary').textContent,
                           [...s.querySelectorAll('.luck-bin')].reduce((t, b) => t + Number(b.dataset.n), 0),
                           [...s.querySelectorAll('.luck-skipped li')].map(li => li.textContent),
                           [...s.querySelectorAll('.luck-extremes li')].map(li => li.textContent)];",
                        vec![json!(who)],
                    )
                    .await;
                v
            }
        };
        let check = |v: &Value, (n, mean, p): (usize, f64, f64)| {
            assert_eq!(v[1], json!(n.to_string()), "rolls: {v}");
            let shown_mean: f64 = v[2].as_str().unwrap().parse().unwrap();
            let shown_p: f64 = v[3].as_str().unwrap().parse().unwrap();
            assert!((shown_mean - mean).abs() < 1e-9, "mean {shown_mean}, by hand {mean}");
            assert!((shown_p - p).abs() < 1e-9, "p {shown_p}, by hand {p}");
            let summary = v[4].as_str().unwrap();
            let pct = (mean * 100.0).round() as u32;
            assert!(summary.starts_with(&format!("{n} rolls: mean luck {pct}")), "{summary}");
            let chance = if p > 0.5 { "an ordinary run for fair dice".to_string() } else { format!("1 in {}", (1.0 / p).round()) };
            assert!(summary.contains(&chance), "{summary} (p = {p})");
            assert_eq!(v[5], json!(n), "the histogram holds every computed roll: {v}");
        };
        let all = report("").await;
        assert_eq!(all[0], json!("Luck of the 15 rolls shown"));
        check(&all, e_all);
        let skipped: Vec<&str> = all[6].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
        assert_eq!(skipped.len(), 2, "{skipped:?}");
        assert!(skipped.iter().any(|s| s.starts_with("Ad hoc rolled 1000d100kh500") && s.contains("exact odds")), "{skipped:?}");
        assert!(skipped.iter().any(|s| s.starts_with("Ana rolled 24-System") && s.contains("has no chance")), "{skipped:?}");
        let extremes = all[7].as_array().unwrap();
        assert!(extremes.len() == 2 && extremes[0].as_str().unwrap().starts_with("Luckiest (") , "{extremes:?}");
        assert!(extremes[0].as_str().unwrap().contains(&format!("({}", (best * 100.0).round() as u32)), "{extremes:?}, best {best}");
        // Each roller's report follows, in the order they last rolled (newest first); the Tray roll's has no computed
        // roll, and names it.
        let rollers = page.js("return [...document.querySelectorAll('.luck-roller h3')].map(h => h.textContent);", vec![]).await;
        assert_eq!(rollers, json!(["Luck of the 15 rolls shown", "Ad hoc", "Bo", "Ana"]));
        let (bo_report, ana_report) = (report("Bo").await, report("Ana").await);
        check(&bo_report, e_bo);
        check(&ana_report, e_ana);
        page.screenshot("issue33-luck-360").await;
        // The filters change what the report covers: Ana's rolls only, then the second day's.
        page.select("#history-filter-character", "id:ana").await;
        page.wait_text(".luck-roller h3", "Ana's heading", |t| t == "Luck of the 8 rolls shown for Ana").await;
        check(&report("").await, e_ana);
        assert_eq!(page.count(".luck-roller").await, 1, "one roller: no report per roller");
        page.select("#history-filter-character", "all").await;
        let day = page.js("return document.querySelectorAll('#history-filter-day option')[1].value;", vec![]).await;
        let day = day.as_str().unwrap().to_string();
        page.select("#history-filter-day", &day).await;
        let heading = format!("Luck of the 7 rolls shown on {day}");
        page.wait_text(".luck-roller h3", "the day's heading", |t| t == heading).await;
        check(&report("Bo").await, e_bo);
        check(&report("").await, e_bo);
        crate::roll::assert_no_errors(&page).await;
    });
}
