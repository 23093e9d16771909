//! The app shell: it renders, navigates between screens, keeps the screen in the URL, and fits a phone.

use crate::harness::{BrowserTest, Page, LOAD_WAIT};
use serde_json::{json, Value};
use std::time::Duration;

#[test]
fn page_renders_the_shell_with_version() {
    BrowserTest::new().run(|page| async move {
        page.open("").await;
        assert_eq!(page.text(".brand-name").await, "dicetray");
        let version = page.text(".version").await;
        assert_eq!(version, format!("v{}", env!("CARGO_PKG_VERSION")));
        let title = page.client().title().await.unwrap();
        assert!(title.contains("dicetray"), "title: {title}");
        assert_eq!(page.count(".nav-link").await, 6);
        assert!(page.js_errors().await.is_empty(), "page errors: {:?}", page.js_errors().await);
    });
}

#[test]
fn navigation_switches_screens_and_survives_reload() {
    BrowserTest::new().run(|page| async move {
        page.open("").await;
        assert_eq!(page.attr("[data-screen=roll]", "aria-current").await.as_deref(), Some("page"));
        page.click("[data-screen=history]").await;
        page.wait_text("#screen-title", "History", |t| t == "History").await;
        assert_eq!(page.attr("[data-screen=history]", "aria-current").await.as_deref(), Some("page"));
        assert_eq!(page.attr("[data-screen=roll]", "aria-current").await, None);
        let url = page.client().current_url().await.unwrap();
        assert_eq!(url.fragment(), Some("/history"));
        page.reload().await;
        page.wait_text("#screen-title", "History after reload", |t| t == "History").await;
        page.client().back().await.unwrap();
        page.wait_text("#screen-title", "Roll after going back", |t| t == "Roll").await;
    });
}

#[test]
fn shell_fits_a_phone_without_sideways_scrolling() {
    BrowserTest::new().viewport(360, 740).run(|page| async move {
        page.open("#/characters").await;
        page.wait_text("#screen-title", "Characters", |t| t == "Characters").await;
        let overflow = page.js("return document.documentElement.scrollWidth - window.innerWidth;", vec![]).await;
        assert!(overflow.as_i64().unwrap() <= 0, "the page scrolls sideways by {overflow} px at 360 px wide");
        let smallest = page
            .js(
                "return Math.min(...[...document.querySelectorAll('.nav-link')].map(a => a.getBoundingClientRect().height));",
                vec![],
            )
            .await;
        assert!(smallest.as_f64().unwrap() >= 44.0, "navigation targets are {smallest} px tall, under 44 px");
    });
}

#[test]
fn every_tab_is_on_screen_at_360_px_and_the_skip_link_keeps_the_screen() {
    BrowserTest::new().viewport(360, 740).run(|page| async move {
        page.open("#/history").await;
        let offscreen = page
            .js(
                "return [...document.querySelectorAll('.nav-link')].filter(a => { const r = a.getBoundingClientRect(); \
                 return r.left < 0 || r.right > window.innerWidth; }).map(a => a.textContent);",
                vec![],
            )
            .await;
        assert_eq!(offscreen, serde_json::json!([]), "tabs outside the 360 px viewport");
        // The skip link is off-screen until focused (keyboard users Tab to it): focus it, then activate it.
        page.js("const a = document.querySelector('.skip-link'); a.focus(); a.click();", vec![]).await;
        let focused = page.js("return document.activeElement && document.activeElement.id;", vec![]).await;
        assert_eq!(focused, "main", "the skip link moves focus to the main content");
        let url = page.client().current_url().await.unwrap();
        assert_eq!(url.fragment(), Some("/history"), "the skip link must not change the screen");
        page.wait_text("#screen-title", "History", |t| t == "History").await;
    });
}

#[test]
fn the_start_up_placeholder_gives_way_to_the_app() {
    BrowserTest::new().run(|page| async move {
        // The started app has removed the placeholder...
        page.open("").await;
        assert_eq!(page.count("#boot").await, 0);
        // ...that index.html carries for a slow connection to show while the wasm downloads.
        let html = page
            .js("return fetch(location.href.split('#')[0]).then(r => r.text());", vec![])
            .await
            .as_str()
            .map(str::to_string)
            .unwrap_or_default();
        assert!(html.contains("id=\"boot\"") && html.contains("Loading the dice"), "{html:.400}");
        // Only the app's own header remains: the frame's copy went with #boot.
        assert_eq!((page.count(".boot-header").await, page.count(".app-header").await), (0, 1));
        assert!(page.js_errors().await.is_empty(), "page errors: {:?}", page.js_errors().await);
    });
}

/// With the app's wasm (or its script) unreachable, the page says it could not start and why, instead of
/// staying blank.
#[test]
fn a_failed_download_is_reported_instead_of_a_blank_page() {
    // What the message names: the file whose preload failed, or the failed download itself.
    for (blocked, named) in
        [("*.wasm", ["_bg.wasm", "Failed to fetch"]), ("*dicetray-app-*.js", [".js", "the app's script"])]
    {
        BrowserTest::new().run(move |page| async move {
            page.cdp("Network.enable", json!({})).await;
            page.cdp("Network.setBlockedURLs", json!({ "urls": [blocked] })).await;
            page.client().goto(page.base_url()).await.expect("load the page");
            let text = page
                .wait_text("#boot[data-failed] .boot-text", "the start-up failure", |t| t.contains("could not start"))
                .await;
            assert!(named.iter().any(|n| text.contains(n)) && text.contains("reload"), "blocking {blocked}: {text}");
            assert!(!text.contains("Uncaught"), "{text}");
            assert_eq!(page.count(".app-header").await, 0, "blocking {blocked}: the app started anyway");
            // The start-up frame stays, with its navigation, above the message.
            let links = page
                .js("return [...document.querySelectorAll('#boot .nav-link')].map(a => a.textContent);", vec![])
                .await;
            assert_eq!(links, json!(["Roll", "Tray", "Characters", "History", "Table", "Help"]), "blocking {blocked}");
            // An installed app has no browser bar: the message has a Reload button, which starts the app once the
            // file downloads again.
            assert_eq!(page.count("#boot .boot-reload").await, 1, "blocking {blocked}");
            page.cdp("Network.setBlockedURLs", json!({ "urls": [] })).await;
            page.click("#boot .boot-reload").await;
            page.wait_for_within(".app-header", LOAD_WAIT).await;
            assert_eq!(page.count("#boot").await, 0, "blocking {blocked}: the placeholder stayed after the reload");
        });
    }
}

/// A download that stalls rather than fails (a phone's weak link at the table): after 10 s the placeholder says
/// the app is still loading and offers Reload, with no failure claimed; the Reload button starts the app once the
/// wasm downloads.
#[test]
fn a_stalled_download_says_it_is_still_loading_and_offers_a_reload() {
    BrowserTest::new().run(|page| async move {
        // Requests for the wasm are held (paused, never answered) until the interception is switched off.
        page.cdp("Fetch.enable", json!({ "patterns": [{ "urlPattern": "*_bg.wasm", "requestStage": "Request" }] }))
            .await;
        page.client().goto(page.base_url()).await.expect("load the page");
        // The notice's text, and when it came (ms since the page began to load).
        let notice = page
            .wait_js_within(
                "const t = document.querySelector('#boot[data-slow] .boot-text');
                 return t && [t.textContent, performance.now()];",
                "the slow-connection notice",
                Duration::from_secs(30),
            )
            .await;
        let text = notice[0].as_str().unwrap_or_default();
        assert!(text.starts_with("Still loading the dice") && text.contains("reload"), "{text}");
        assert!(notice[1].as_f64().unwrap_or_default() >= 10_000.0, "the notice came too soon: {notice}");
        assert_eq!(page.count("#boot[data-failed]").await, 0, "a stalled download is not a failure");
        assert_eq!(page.count(".app-header").await, 0, "the app started with its wasm held");
        // Reload loads the page again: a fresh placeholder, its wasm held again.
        page.js("window.__beforeReload = true; return null;", vec![]).await;
        page.click("#boot .boot-reload").await;
        let fresh = page
            .wait_js(
                "const t = document.querySelector('#boot .boot-text');
                 return window.__beforeReload === undefined && t && [t.textContent, performance.now()];",
                "the reloaded page's placeholder",
            )
            .await;
        // (Its own slow notice may only come 10 s after the reload.)
        let fresh_text = fresh[0].as_str().unwrap_or_default();
        assert!(fresh_text == "Loading the dice…" || fresh[1].as_f64() >= Some(10_000.0), "after the reload: {fresh}");
        // Once the held download goes on, the app starts by itself: the page kept trying.
        page.cdp("Fetch.disable", json!({})).await;
        page.wait_for_within(".app-header", LOAD_WAIT).await;
        assert_eq!(page.count("#boot").await, 0, "the placeholder stayed after the app started");
        assert!(page.js_errors().await.is_empty(), "page errors: {:?}", page.js_errors().await);
    });
}

/// Opens the Roll screen and waits until it can roll; then gathers the performance entries of `entry_type` the page
/// has seen since it started, and any that come in the next 300 ms, each mapped by the JS function `map`.
async fn entries_since_start(page: &Page, entry_type: &str, map: &str) -> Value {
    page.open("#/roll").await;
    page.wait_for("#roll-button").await;
    let script = format!(
        "return new Promise(done => {{
           const seen = [];
           new PerformanceObserver(list => seen.push(...list.getEntries().map({map})))
             .observe({{type: arguments[0], buffered: true}});
           setTimeout(() => done(seen), 300);
         }});"
    );
    page.js(&script, vec![json!(entry_type)]).await
}

/// Starting up moves nothing: the app replaces the start-up frame in place; while the Roll panel is built (just
/// after the first paint) the footer waits with it, and the scrollbar's room is kept, so the growing page moves
/// nothing sideways. Layout shifts are what the browser reports to a `layout-shift` observer (CLS, a Core Web
/// Vital).
#[test]
fn starting_up_moves_nothing_on_the_page() {
    for (width, height) in [(360, 740), (1280, 800), (1280, 1400)] {
        BrowserTest::new().viewport(width, height).run(move |page| async move {
            let moved = "e => ({ value: e.value, at: Math.round(e.startTime),
                moved: e.sources.map(s => [s.node ? s.node.nodeName + '.' + s.node.className : '?',
                  JSON.stringify(s.previousRect), JSON.stringify(s.currentRect)]) })";
            let shifts = entries_since_start(&page, "layout-shift", moved).await;
            assert_eq!(shifts, json!([]), "layout shifts at {width}x{height} while starting up");
        });
    }
}

/// A browser may paint index.html before it has read all of it (on a busy phone it did, in this suite: the start-up
/// frame's Tray tab was painted across the row's right half, then moved when the other tabs arrived). The frame's
/// tabs are shown only once the page has been read past them. The frame is parsed here as a browser that has read
/// only its first two tabs, and whole.
#[test]
fn the_start_up_frame_shows_its_tabs_only_once_they_have_all_arrived() {
    BrowserTest::new().viewport(360, 740).run(|page| async move {
        page.open("").await;
        let visibility = page
            .js(
                "return fetch(location.href.split('#')[0]).then(r => r.text()).then(html => {
                   const frame = html.slice(html.indexOf('<div id=\"boot\"'), html.indexOf('</body>'));
                   const cut = frame.indexOf('</li>', frame.indexOf('</li>') + 1) + '</li>'.length;
                   return [frame.slice(0, cut), frame].map(markup => {
                     const box = document.createElement('div');
                     box.append(document.createRange().createContextualFragment(markup));
                     document.body.append(box);
                     const nav = box.querySelector('.boot-header .app-nav');
                     const seen = [nav.querySelectorAll('li').length, getComputedStyle(nav).visibility];
                     box.remove();
                     return seen;
                   });
                 });",
                vec![],
            )
            .await;
        assert_eq!(visibility, json!([[2, "hidden"], [6, "visible"]]));
    });
}

/// The start-up frame is painted before the app's wasm is even requested, and it stays the page's largest paint:
/// the app's first screen, rendered once the wasm has arrived, paints nothing larger, so on a slow connection the
/// page's main content is there at once (Largest Contentful Paint, a Core Web Vital, is the first paint).
#[test]
fn the_start_up_frame_is_the_first_and_largest_paint() {
    /// crates/xtask/src/start/after_paint.js starts the wasm at the first paint or after this many milliseconds.
    const START_FALLBACK_MS: f64 = 1000.0;
    for (width, height) in [(360, 740), (412, 823), (1280, 800)] {
        BrowserTest::new().viewport(width, height).run(move |page| async move {
            // Each candidate: [its time, whether its element is the start-up frame's]. The app removes `#boot` once
            // it starts, so a candidate of the frame has no element any more (or is still inside `#boot`).
            let candidates = entries_since_start(
                &page,
                "largest-contentful-paint",
                "e => [e.startTime, !e.element || !!e.element.closest('#boot')]",
            )
            .await;
            let candidates = candidates.as_array().cloned().unwrap_or_default();
            let paints = page
                .js(
                    "return {
                       first: performance.getEntriesByName('first-contentful-paint').map(e => e.startTime),
                       wasm: performance.getEntriesByType('resource')
                         .filter(e => /_bg\\.wasm$/.test(e.name)).map(e => e.startTime),
                     };",
                    vec![],
                )
                .await;
            let times = |v: &Value| -> Vec<f64> {
                v.as_array().map(|a| a.iter().filter_map(Value::as_f64).collect()).unwrap_or_default()
            };
            let (first, wasm) = (times(&paints["first"]), times(&paints["wasm"]));
            assert_eq!(first.len(), 1, "at {width}x{height}: {paints}");
            assert_eq!(wasm.len(), 1, "at {width}x{height}, the main wasm is fetched once: {paints}");
            // The wasm waits for the first paint, or for the waiter's fallback (crates/xtask/src/start/after_paint.js:
            // a second after the page's script ran) when the page cannot paint that soon, as on a heavily loaded
            // machine (first paint at 6.4 s once, at a load average near 50): never sooner than either.
            assert!(
                wasm[0] >= first[0] || wasm[0] >= START_FALLBACK_MS,
                "at {width}x{height}, the wasm was requested before the first paint and before the {START_FALLBACK_MS} ms fallback: {paints}"
            );
            assert!(!candidates.is_empty(), "at {width}x{height}: no largest-contentful-paint entry");
            assert_eq!(candidates[0][0].as_f64(), Some(first[0]), "at {width}x{height}: {candidates:?}, {paints}");
            if wasm[0] < first[0] {
                // The page could not paint within the fallback (first paint at 34.9 s once, beside three other
                // builds): the app started without waiting, as designed, and may render before anything paints, so
                // then its screen is the first and largest paint. The frame's claim below is about a page that paints.
                return;
            }
            // Under load the frame may paint in two steps (a header piece, then its text): every candidate for the
            // largest paint must still be the frame's, and the first one is the first paint.
            assert!(
                candidates.iter().all(|c| c[1] == Value::Bool(true)),
                "at {width}x{height}, a paint of the app was larger than the start-up frame: {candidates:?}, {paints}"
            );
        });
    }
}
