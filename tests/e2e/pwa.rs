//! The installable offline app (src/pwa, public/sw.js): Chromium finds it installable, it works offline after one
//! visit, a new deploy shows "A new version is available" and reloads only on the player's click, and the whole app
//! works under a sub-path as on GitHub Pages.

use crate::harness::{dist_dir, BrowserTest, DistCopy, Page, StaticServer};
use serde_json::json;
use std::time::Duration;

/// The build id of the service worker that controls the page (asked through a message channel).
async fn controlling_build(page: &Page) -> String {
    let reply = page
        .js(
            "const channel = new MessageChannel();
             const reply = new Promise(resolve => { channel.port1.onmessage = e => resolve(e.data.build); });
             navigator.serviceWorker.controller.postMessage({type: 'GET_VERSION'}, [channel.port2]);
             return reply;",
            vec![],
        )
        .await;
    reply.as_str().expect("the service worker answers GET_VERSION with its build").to_string()
}

/// The `const BUILD = "...";` line of a built sw.js.
fn build_line(sw: &str) -> &str {
    sw.lines().find(|l| l.starts_with("const BUILD = ")).expect("sw.js has a BUILD line")
}

#[test]
fn built_service_worker_has_a_build_id_and_precaches_the_hashed_files() {
    let sw = std::fs::read_to_string(dist_dir().join("sw.js")).unwrap();
    assert!(!build_line(&sw).contains("\"dev\""), "the post_build hook did not stamp sw.js: {}", build_line(&sw));
    let precache = sw.lines().find(|l| l.starts_with("const PRECACHE = [")).unwrap();
    for entry in std::fs::read_dir(dist_dir()).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".wasm") || name.ends_with(".js") && name != "sw.js" || name.ends_with(".css") {
            assert!(precache.contains(&format!("\"{name}\"")), "{name} is not precached: {precache}");
        }
    }
    for file in ["\"./\"", "\"manifest.webmanifest\"", "\"icons/icon-192.png\"", "\"icons/icon-maskable-512.png\""] {
        assert!(precache.contains(file), "{file} is not precached: {precache}");
    }
}

#[test]
fn chromium_finds_the_app_installable() {
    BrowserTest::new().run(|page| async move {
        page.open("").await;
        page.wait_for_service_worker().await;
        let manifest = page.cdp("Page.getAppManifest", json!({})).await;
        assert_eq!(manifest["errors"], json!([]), "manifest errors: {manifest}");
        let result = page.cdp("Page.getInstallabilityErrors", json!({})).await;
        assert_eq!(result["installabilityErrors"], json!([]), "Chromium's installability errors: {result}");
        let theme = page
            .js(
                "return [...document.querySelectorAll('meta[name=theme-color]')].map(m => m.media + ' ' + m.content);",
                vec![],
            )
            .await;
        assert_eq!(
            theme,
            json!(["(prefers-color-scheme: light) #f6f4ef", "(prefers-color-scheme: dark) #16140f"]),
            "theme-color metas"
        );
        assert!(page.js_errors().await.is_empty(), "page errors: {:?}", page.js_errors().await);
    });
}

#[test]
fn app_shell_works_offline_after_one_visit() {
    BrowserTest::new().run(|page| async move {
        let copy = DistCopy::new("offline");
        let server = StaticServer::start(copy.path(), "/dicetray/");
        let base = server.base_url().to_string();
        page.goto(&format!("{base}#/roll")).await;
        page.wait_for_service_worker().await;

        // Take the network away for real (the server is gone) and as DevTools sees it.
        drop(server);
        page.cdp("Network.enable", json!({})).await;
        page.cdp(
            "Network.emulateNetworkConditions",
            json!({"offline": true, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}),
        )
        .await;

        // (A query string makes each of these a real navigation, not a same-document fragment change.)
        page.goto(&format!("{base}?offline=1#/history")).await;
        page.wait_text("#screen-title", "History offline", |t| t == "History").await;
        page.reload().await;
        page.wait_text("#screen-title", "History after an offline reload", |t| t == "History").await;
        page.click("[data-screen=roll]").await;
        page.wait_text("#screen-title", "Roll offline", |t| t == "Roll").await;
        // A roll made offline is shown and saved, and is still in History after another offline reload.
        page.click_roll().await;
        let outcome = page.attr(".roll-result .outcome", "data-outcome").await.expect("an outcome");
        let saved = page
            .wait_js(
                "const raw = localStorage.getItem('dicetray.history');
                 const data = raw ? JSON.parse(raw).data : [];
                 return data.length === 1 ? data[0].id : null;",
                "the offline roll saved to localStorage",
            )
            .await;
        page.goto(&format!("{base}?offline=2#/history")).await;
        let entry = format!(".history-entry[data-id=\"{}\"]", saved.as_str().expect("an entry id"));
        page.wait_for(&entry).await;
        assert_eq!(page.attr(&entry, "data-outcome").await, Some(outcome), "the saved roll's outcome");
        let offline = page.js("return navigator.onLine;", vec![]).await;
        assert_eq!(offline, json!(false), "the page should see itself offline");
        assert!(page.js_errors().await.is_empty(), "page errors offline: {:?}", page.js_errors().await);

        // Control: the same navigation bypassing the service worker fails. This proves the test above passes because
        // of the service worker, not through the HTTP cache or a leak in the network emulation.
        page.cdp("Network.setBypassServiceWorker", json!({"bypass": true})).await;
        let _ = page.client().goto(&format!("{base}?offline=3#/history")).await;
        tokio::time::sleep(Duration::from_millis(1000)).await;
        assert_eq!(page.count(".app-header").await, 0, "the app rendered offline while bypassing the service worker");
    });
}

#[test]
fn new_version_shows_banner_and_reloads_only_on_click() {
    BrowserTest::new().run(|page| async move {
        let copy = DistCopy::new("update");
        let server = StaticServer::start(copy.path(), "/dicetray/");
        page.goto(server.base_url()).await;
        page.wait_for_service_worker().await;
        let first = controlling_build(&page).await;
        assert_eq!(page.count("[data-pwa-reload]").await, 0, "a banner on the first visit");
        page.js("window.__sameDocument = true;", vec![]).await;

        // Deploy a "new version": a new build id in sw.js and a marker in index.html.
        let next = format!("{first}-next");
        copy.edit("sw.js", |sw| sw.replace(build_line(&sw), &format!("const BUILD = \"{next}\";")));
        copy.edit("index.html", |html| {
            html.replace("<head>", "<head><meta name=\"dicetray-e2e-deploy\" content=\"next\" />")
        });
        page.js("return navigator.serviceWorker.getRegistration().then(r => r.update()).then(() => true);", vec![])
            .await;

        page.wait_text(".pwa-update", "the new-version banner", |t| t.contains("A new version is available")).await;
        assert_eq!(page.text("[data-pwa-reload]").await, "Reload");
        // Nothing reloads on its own: the player may be mid-roll.
        tokio::time::sleep(Duration::from_millis(1500)).await;
        assert_eq!(page.js("return window.__sameDocument === true;", vec![]).await, json!(true), "reloaded unasked");
        assert_eq!(controlling_build(&page).await, first, "the new worker took over before the click");

        page.click("[data-pwa-reload]").await;
        page.wait_js(
            "return window.__sameDocument === undefined && !!document.querySelector('.app-header');",
            "a reload",
        )
        .await;
        page.wait_for_service_worker().await;
        assert_eq!(controlling_build(&page).await, next, "the new version controls the page after Reload");
        let marker = page.js("return !!document.querySelector('meta[name=dicetray-e2e-deploy]');", vec![]).await;
        assert_eq!(marker, json!(true), "the reloaded page is the new deploy's index.html");
        assert_eq!(page.count("[data-pwa-reload]").await, 0, "the banner is gone after the update");
        let caches = page.js("return caches.keys();", vec![]).await;
        let caches: Vec<String> = serde_json::from_value(caches).unwrap();
        assert!(caches.len() == 1 && caches[0].ends_with(&next), "old caches are dropped on activation: {caches:?}");
        drop(server);
    });
}

#[test]
fn app_works_under_a_sub_path() {
    BrowserTest::new().prefix("/dicetray/").run(|page| async move {
        page.open("").await;
        let base = page.base_url().to_string();
        assert!(base.ends_with("/dicetray/"), "{base}");
        page.wait_for_service_worker().await;

        let scope = page.js("return navigator.serviceWorker.getRegistration().then(r => r.scope);", vec![]).await;
        assert_eq!(scope, json!(base), "service worker scope");

        // Every resource the page loaded came from under the sub-path and loaded fine.
        let resources = page
            .js(
                "return performance.getEntriesByType('resource').map(e => ({name: e.name, status: e.responseStatus}));",
                vec![],
            )
            .await;
        let resources = resources.as_array().unwrap().clone();
        for kind in [".wasm", ".js"] {
            assert!(
                resources.iter().any(|r| r["name"].as_str().unwrap().ends_with(kind)),
                "no {kind} among the loaded resources: {resources:?}"
            );
        }
        // The styles are inlined in index.html (no stylesheet request delays the first paint), and applied: a
        // style the Content-Security-Policy blocked would have no sheet.
        let blocked =
            page.js("return [...document.querySelectorAll('style')].filter(s => !s.sheet).length;", vec![]).await;
        assert_eq!(blocked, json!(0), "inline styles without a sheet (blocked by the CSP?)");
        let sheets = page
            .js("return [...document.styleSheets].map(s => ({href: s.href, rules: s.cssRules.length}));", vec![])
            .await;
        let sheets = sheets.as_array().unwrap().clone();
        assert!(sheets.len() >= 2 && sheets.iter().all(|s| s["href"].is_null()), "stylesheets: {sheets:?}");
        assert!(sheets.iter().map(|s| s["rules"].as_u64().unwrap()).sum::<u64>() > 100, "stylesheets: {sheets:?}");
        for r in &resources {
            let name = r["name"].as_str().unwrap();
            assert!(name.starts_with(&base), "{name} is outside {base}");
            assert!(r["status"] == json!(200) || r["status"] == json!(0), "{name} answered {}", r["status"]);
        }
        // Every file the head links to resolves, and so do the manifest's icons.
        let failed = page
            .js(
                "return (async () => {
                 const urls = [...document.querySelectorAll('link[href], script[src]')].map(e => e.href || e.src);
                 const manifest = await (await fetch(document.querySelector('link[rel=manifest]').href)).json();
                 const base = document.querySelector('link[rel=manifest]').href;
                 for (const icon of manifest.icons) urls.push(new URL(icon.src, base).href);
                 urls.push(new URL(manifest.start_url, base).href);
                 const failed = [];
                 for (const url of urls) {
                   const response = await fetch(url, {cache: 'no-store'});
                   if (!response.ok) failed.push(url + ' ' + response.status);
                 }
                 return failed;
                 })();",
                vec![],
            )
            .await;
        assert_eq!(failed, json!([]), "links that do not resolve under the sub-path");
        let manifest_url = page.js("return document.querySelector('link[rel=manifest]').href;", vec![]).await;
        assert_eq!(manifest_url, json!(format!("{base}manifest.webmanifest")));

        // Navigation, and a refresh on #/history.
        page.click("[data-screen=history]").await;
        page.wait_text("#screen-title", "History", |t| t == "History").await;
        page.reload().await;
        page.wait_text("#screen-title", "History after a refresh", |t| t == "History").await;
        let url = page.client().current_url().await.unwrap();
        assert_eq!(url.as_str(), format!("{base}#/history"));
        page.click("[data-screen=help]").await;
        page.wait_text("#screen-title", "Help", |t| t == "Help").await;
        assert!(page.js_errors().await.is_empty(), "page errors: {:?}", page.js_errors().await);
    });
}

/// Makes Chromium deliver service worker events in WebKit's order (issue #32): WebKit sets
/// `navigator.serviceWorker.controller` as soon as a worker claims the page and only queues the worker's own
/// `statechange` events, so on a busy page the first worker's "installed" event can run after that worker already
/// controls the page. Here every "installed" event that comes while no worker controls the page is held back until the
/// `controllerchange`, and handed to the page's listener then, with the worker's `state` still reading "installed".
/// `window.__e2eWebKitOrder` counts the events held back and those delivered (50 ms after each, so the page has
/// rendered whatever it did with it).
pub(crate) const WEBKIT_EVENT_ORDER: &str = r#"
(() => {
  const container = navigator.serviceWorker;
  if (!container) return;
  const order = window.__e2eWebKitOrder = { held: 0, delivered: 0 };
  const add = ServiceWorker.prototype.addEventListener;
  ServiceWorker.prototype.addEventListener = function (type, listener, options) {
    if (type !== 'statechange') return add.call(this, type, listener, options);
    const worker = this;
    const call = (event) => typeof listener === 'function' ? listener.call(worker, event) : listener.handleEvent(event);
    return add.call(this, type, (event) => {
      if (worker.state !== 'installed' || container.controller) return call(event);
      order.held++;
      container.addEventListener('controllerchange', () => {
        Object.defineProperty(worker, 'state', { configurable: true, get: () => 'installed' });
        try { call(event); } finally { delete worker.state; }
        setTimeout(() => { order.delivered++; }, 50);
      }, { once: true });
    }, options);
  };
})();
"#;

/// A first visit with the service worker's events in WebKit's order (`WEBKIT_EVENT_ORDER`, which the test puts
/// before the page's scripts) shows no new-version banner; `browsers.rs` runs it in Firefox and WebKit too.
pub(crate) async fn first_visit_in_webkits_event_order(page: Page) {
    page.open("").await;
    page.wait_for_service_worker().await;
    let order = page
        .wait_js(
            "const o = window.__e2eWebKitOrder; return o && o.delivered > 0 && o;",
            "the first worker's held-back \"installed\" event delivered after it took control",
        )
        .await;
    assert_eq!(order["held"], json!(1), "one \"installed\" event came before the controller: {order}");
    assert_eq!(page.count("[data-pwa-reload]").await, 0, "a new-version banner on a first visit");
    assert_eq!(page.text(".pwa-update").await, "", "the update banner's text on a first visit");
    assert!(page.js_errors().await.is_empty(), "page errors: {:?}", page.js_errors().await);
}

#[test]
fn first_visit_shows_no_banner_when_the_worker_controls_the_page_before_its_installed_event() {
    BrowserTest::new().before_each_page(WEBKIT_EVENT_ORDER).run(first_visit_in_webkits_event_order);
}

#[test]
fn reload_clears_a_banner_whose_worker_took_over_already() {
    BrowserTest::new().run(|page| async move {
        let copy = DistCopy::new("took-over");
        let server = StaticServer::start(copy.path(), "/dicetray/");
        page.goto(server.base_url()).await;
        page.wait_for_service_worker().await;
        let first = controlling_build(&page).await;
        page.js("window.__sameDocument = true;", vec![]).await;
        let next = format!("{first}-next");
        copy.edit("sw.js", |sw| sw.replace(build_line(&sw), &format!("const BUILD = \"{next}\";")));
        page.js("return navigator.serviceWorker.getRegistration().then(r => r.update()).then(() => true);", vec![])
            .await;
        page.wait_text(".pwa-update", "the new-version banner", |t| t.contains("A new version is available")).await;

        // Another tab's Reload (or anything else) activates the waiting worker: it controls this page too now, and this
        // page, still the old version's, keeps its banner; no `controllerchange` is coming any more.
        page.js(
            "return navigator.serviceWorker.getRegistration().then(r => { r.waiting.postMessage({type: 'SKIP_WAITING'}); return true; });",
            vec![],
        )
        .await;
        // The old worker is `activated` too until the new one claims the page: wait for the registration's new
        // active worker to be the controller (a check of the controller's state alone passed before the claim).
        page.wait_js(
            "return navigator.serviceWorker.getRegistration().then(r => !!r && !r.waiting && !!r.active
                 && navigator.serviceWorker.controller === r.active && r.active.state === 'activated');",
            "the new worker to take over",
        )
        .await;
        assert_eq!(controlling_build(&page).await, next);
        assert_eq!(page.js("return window.__sameDocument === true;", vec![]).await, json!(true), "reloaded unasked");

        page.click("[data-pwa-reload]").await;
        page.wait_js(
            "return window.__sameDocument === undefined && !!document.querySelector('.app-header');",
            "Reload to reload the page",
        )
        .await;
        page.wait_for_service_worker().await;
        assert_eq!(controlling_build(&page).await, next);
        assert_eq!(page.count("[data-pwa-reload]").await, 0, "the banner is gone after Reload");
        drop(server);
    });
}
