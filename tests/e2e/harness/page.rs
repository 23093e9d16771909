//! `Page`: the helper API browser tests use (open, click, type, read text, localStorage, reload, screenshot,
//! DevTools commands). Every wait has a timeout and a failure message that says what was awaited.

use super::driver::{chromium_binary, Browser, Driver, HEADLESS_SHELL, MINIBROWSER};
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How long a wait for an element or text may take before the test fails.
pub const WAIT: Duration = Duration::from_secs(10);
/// How long the app may take to start (download, compile and instantiate the WASM) after a load or reload.
/// Generous because a loaded 2-core machine running two browsers can take several seconds, and the browsers run
/// at `nice 10` beside `make test`'s builds: under a cold build (load average 8.6) a table test's first page took
/// over 45 s to show its header, and the same test passed in 32 s alone (bench/README.md, twentieth session).
pub const LOAD_WAIT: Duration = Duration::from_secs(90);

/// Installed before any page script: records uncaught errors, Content-Security-Policy violations and any dialog
/// (alert/confirm/prompt) the page opens. Chromium gets it through DevTools; Firefox and WebKit, which have no such
/// command here, from the test's file server (`StaticServer::with_probe`).
pub const PROBE: &str = r#"
if (!window.__e2e) {
window.__e2e = { errors: [], dialogs: [], console: [] };
window.addEventListener('error', e => window.__e2e.errors.push(String(e.message)));
const consoleError = console.error;
console.error = function (...args) { window.__e2e.console.push(args.map(String).join(' ')); return consoleError.apply(this, args); };
window.addEventListener('unhandledrejection', e => window.__e2e.errors.push('unhandled rejection: ' + String(e.reason)));
document.addEventListener('securitypolicyviolation', e => window.__e2e.errors.push('CSP blocked ' + e.blockedURI + ' (' + e.violatedDirective + ')'));
for (const name of ['alert', 'confirm', 'prompt']) {
  const original = window[name];
  window[name] = function (...args) { window.__e2e.dialogs.push(name + ': ' + args.join(' ')); return original.apply(this, args); };
}
}
"#;

/// With `DICETRAY_E2E_TRACE=1`, every page action is printed (with `--nocapture`) as it starts, so a test that
/// stalls shows where.
fn trace(what: std::fmt::Arguments) {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if *ON.get_or_init(|| std::env::var_os("DICETRAY_E2E_TRACE").is_some()) {
        eprintln!("[e2e {:?}] {what}", std::thread::current().id());
    }
}

/// A browser tab on the app.
#[derive(Clone)]
pub struct Page {
    client: Client,
    base_url: String,
    profile: PathBuf,
    browser: Browser,
}

static PROFILES: AtomicUsize = AtomicUsize::new(0);

/// A Chrome DevTools Protocol command sent through chromedriver.
#[derive(Debug)]
struct Cdp {
    cmd: String,
    params: Value,
}

impl WebDriverCompatibleCommand for Cdp {
    fn endpoint(&self, base: &url::Url, session: Option<&str>) -> Result<url::Url, url::ParseError> {
        base.join(&format!("session/{}/goog/cdp/execute", session.unwrap_or_default()))
    }
    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(json!({"cmd": self.cmd, "params": self.params}).to_string()))
    }
}

impl Page {
    /// A fresh profile folder's path (not created yet), named so that `scripts/test.sh` finds any Chromium left on it.
    pub(super) fn new_profile() -> PathBuf {
        let profile = std::env::temp_dir().join(format!(
            "dicetray-e2e-{}-{}",
            std::process::id(),
            PROFILES.fetch_add(1, Ordering::SeqCst)
        ));
        let _ = std::fs::remove_dir_all(&profile);
        profile
    }

    /// A new browser session through `driver` on the profile folder `profile` (a new one from
    /// [`Page::new_profile`], or the folder of a browser closed with [`Page::quit`], whose localStorage, service
    /// worker and caches it then finds again; WebKitGTK's automation sessions keep nothing, so a WebKit browser comes
    /// back empty). Err: the driver could not open one (the caller may retry with a fresh driver: on this shared
    /// machine a session start has been seen to fail once, with the connection reset, among hundreds).
    pub(super) async fn connect(
        driver: &Driver,
        base_url: &str,
        width: u32,
        height: u32,
        profile: PathBuf,
    ) -> Result<Page, String> {
        // A kept profile (a browser coming back) is never removed here, only a fresh one whose session failed.
        let fresh = !profile.exists();
        let browser = driver.browser;
        let width = width.max(browser.min_width());
        let mut caps = serde_json::Map::new();
        match browser {
            Browser::Chromium | Browser::FullChromium => {
                let args = vec![
                    "--headless".to_string(),
                    "--no-sandbox".into(),
                    "--disable-gpu".into(),
                    "--disable-dev-shm-usage".into(),
                    "--disable-background-networking".into(),
                    "--disable-component-update".into(),
                    "--disable-sync".into(),
                    "--no-first-run".into(),
                    "--disable-quic".into(),
                    format!("--window-size={width},{height}"),
                    format!("--user-data-dir={}", profile.display()),
                ];
                let binary = chromium_binary(browser);
                if binary.ends_with(HEADLESS_SHELL) {
                    // chromedriver opens the shell's first page only when told it is the shell (otherwise it waits
                    // a minute for a page and gives up).
                    caps.insert("browserName".into(), json!("chrome-headless-shell"));
                }
                caps.insert("goog:chromeOptions".into(), json!({"binary": binary, "args": args}));
            }
            Browser::Firefox => {
                std::fs::create_dir_all(&profile).map_err(|e| format!("create {}: {e}", profile.display()))?;
                let args = vec![
                    "-headless".to_string(),
                    "-no-remote".into(),
                    "-profile".into(),
                    profile.display().to_string(),
                    format!("--width={width}"),
                    format!("--height={height}"),
                ];
                // geckodriver sets Marionette's recommended preferences (no updates, telemetry or first-run pages);
                // these keep Firefox off the closed network's refused connections too.
                let prefs = json!({
                    "network.captive-portal-service.enabled": false,
                    "network.connectivity-service.enabled": false,
                    "browser.safebrowsing.update.enabled": false,
                    "browser.shell.checkDefaultBrowser": false,
                });
                caps.insert("browserName".into(), json!("firefox"));
                caps.insert(
                    "moz:firefoxOptions".into(),
                    json!({"binary": "/usr/bin/firefox-esr", "args": args, "prefs": prefs}),
                );
            }
            Browser::WebKit => {
                std::fs::create_dir_all(&profile).map_err(|e| format!("create {}: {e}", profile.display()))?;
                caps.insert("browserName".into(), json!("MiniBrowser"));
                caps.insert(
                    "webkitgtk:browserOptions".into(),
                    json!({"binary": MINIBROWSER, "args": ["--automation"]}),
                );
            }
        }
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let client = ClientBuilder::new(connector).capabilities(caps).connect(&driver.url).await.map_err(|e| {
            // The driver may have started the browser before it gave up on it (chromedriver leaves a headless shell
            // it found no page in running): nothing of this profile may outlive the attempt.
            kill_profile_processes(&profile);
            if fresh {
                let _ = std::fs::remove_dir_all(&profile);
            }
            format!("open a {} session through its driver: {e}", browser.name())
        })?;
        let page = Page { client, base_url: base_url.to_string(), profile, browser };
        match browser {
            Browser::Chromium | Browser::FullChromium => {
                page.cdp(
                    "Emulation.setDeviceMetricsOverride",
                    json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600}),
                )
                .await;
                page.cdp("Page.addScriptToEvaluateOnNewDocument", json!({"source": PROBE})).await;
            }
            Browser::Firefox | Browser::WebKit => {
                if let Err(e) = page.client.set_window_size(width, height).await {
                    let _ = page.client.clone().close().await;
                    return Err(format!("size the {} window to {width}x{height}: {e}", browser.name()));
                }
            }
        }
        Ok(page)
    }

    /// Close the browser (and make sure no process of this profile survives).
    pub(super) async fn close(&self) {
        self.quit().await;
        let _ = std::fs::remove_dir_all(&self.profile);
    }

    /// Close the browser as a phone's user closes it, keeping its profile folder (localStorage, the service worker
    /// and its caches), so a browser opened later on the same folder comes back to where this one was. chromedriver
    /// ends the session by quitting Chromium, which writes its storage out; any process of the profile still there
    /// afterwards is killed.
    pub(super) async fn quit(&self) {
        let _ = self.client.clone().close().await;
        kill_profile_processes(&self.profile);
    }

    /// This browser's profile folder.
    pub fn profile(&self) -> &std::path::Path {
        &self.profile
    }

    /// Write `text` to a file the browser can be given (a file input, say). The file lives in this page's
    /// profile folder, so it is removed with the profile when the test ends, even if the test fails.
    pub fn scratch_file(&self, name: &str, text: &str) -> PathBuf {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = self.profile.join(format!("scratch-{}", N.fetch_add(1, Ordering::SeqCst)));
        std::fs::create_dir_all(&dir).expect("create a scratch folder in the profile");
        let path = dir.join(name);
        std::fs::write(&path, text).expect("write a scratch file");
        path
    }

    /// Which browser this is.
    pub fn browser(&self) -> Browser {
        self.browser
    }

    /// The raw WebDriver client, for anything the helpers do not cover.
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// The app's base URL (ends in `/`).
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// Send a Chrome DevTools Protocol command and return its result.
    pub async fn cdp(&self, cmd: &str, params: Value) -> Value {
        trace(format_args!("cdp {:?}", cmd));
        assert!(self.browser.is_chromium(), "DevTools command {cmd}: only Chromium has DevTools here");
        self.client
            .issue_cmd(Cdp { cmd: cmd.to_string(), params })
            .await
            .unwrap_or_else(|e| panic!("DevTools command {cmd} failed: {e}"))
    }

    /// Open the app at `path` relative to its base (e.g. `""` or `"#/tray"`) and wait until it has rendered.
    pub async fn open(&self, path: &str) {
        self.goto(&format!("{}{}", self.base_url, path)).await;
    }

    /// Open an absolute URL (e.g. another server's) and wait until the app has rendered.
    /// A lazily loaded screen counts as rendered once its chunk has arrived (no "Loading <screen>…" left).
    pub async fn goto(&self, url: &str) {
        trace(format_args!("goto {url:?}"));
        self.client.goto(url).await.unwrap_or_else(|e| panic!("open {url}: {e}"));
        self.wait_for_within(".app-header", LOAD_WAIT).await;
        // A lazy screen's chunk is the same kind of work as the first page (fetch, compile), slow on a loaded machine.
        let loaded = "return !document.querySelector('.screen-loading');";
        self.wait_js_within(loaded, "the screen's code to load", LOAD_WAIT).await;
    }

    /// Run `script` (a function body that returns a value or a promise) until its result is truthy, and return
    /// that result; fails after `WAIT`, saying `what` was awaited.
    pub async fn wait_js(&self, script: &str, what: &str) -> Value {
        self.wait_js_within(script, what, WAIT).await
    }

    /// `wait_js` with a time limit of its own, for work that scales with the machine's load.
    pub async fn wait_js_within(&self, script: &str, what: &str, limit: Duration) -> Value {
        trace(format_args!("wait_js {what:?}"));
        let started = Instant::now();
        let mut last = Value::Null;
        loop {
            if let Ok(value) = self.client.execute(script, vec![]).await {
                let truthy = match &value {
                    Value::Null => false,
                    Value::Bool(b) => *b,
                    Value::Number(n) => n.as_f64() != Some(0.0),
                    Value::String(s) => !s.is_empty(),
                    _ => true,
                };
                if truthy {
                    return value;
                }
                last = value;
            }
            if started.elapsed() > limit {
                panic!("{what}: not within {limit:?}; last result {last}; page errors: {:?}", self.js_errors().await);
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Wait until a service worker controls the page (the app registers one on start). Its install fetches and
    /// caches every file of the site first, which took over 10 s on a 2-core machine at a load average near 50 and
    /// once over 30 s beside three other builds: 60 s, and on a timeout the message says how far the worker got.
    pub async fn wait_for_service_worker(&self) {
        trace(format_args!("wait for a service worker"));
        let script = "const sw = navigator.serviceWorker;
            if (!sw) return 'no navigator.serviceWorker';
            if (sw.controller) return 'controlled';
            return sw.getRegistration().then(r => !r ? 'not registered yet' :
              'installing: ' + (r.installing ? r.installing.state : '-') + ', waiting: ' +
              (r.waiting ? r.waiting.state : '-') + ', active: ' + (r.active ? r.active.state : '-'));";
        let (started, limit) = (Instant::now(), Duration::from_secs(60));
        let mut last = Value::Null;
        loop {
            if let Ok(value) = self.client.execute(script, vec![]).await {
                if value.as_str() == Some("controlled") {
                    return;
                }
                last = value;
            }
            if started.elapsed() > limit {
                panic!(
                    "no service worker controls the page within {limit:?}; last state {last}; page errors: {:?}",
                    self.js_errors().await
                );
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Reload the page and wait until the app has rendered again. Chromium: WebDriver's refresh. Firefox and WebKit:
    /// `location.reload()`, as the app's own Reload button does (geckodriver's refresh bypasses the service worker).
    pub async fn reload(&self) {
        trace(format_args!("reload"));
        if self.browser.is_chromium() {
            self.client.refresh().await.expect("reload");
        } else {
            self.js("window.__e2eBeforeReload = true; setTimeout(() => location.reload(), 0);", vec![]).await;
            self.wait_js_within("return window.__e2eBeforeReload === undefined;", "the reload", LOAD_WAIT).await;
        }
        self.wait_for_within(".app-header", LOAD_WAIT).await;
    }

    /// Wait until an element matching `css` exists.
    pub async fn wait_for(&self, css: &str) {
        self.wait_for_within(css, WAIT).await;
    }

    /// Wait up to `limit` until an element matching `css` exists.
    pub async fn wait_for_within(&self, css: &str, limit: Duration) {
        trace(format_args!("wait_for_within {:?}", css));
        let started = Instant::now();
        loop {
            if self.client.find(Locator::Css(css)).await.is_ok() {
                return;
            }
            if started.elapsed() > limit {
                panic!("no element matches `{css}` after {limit:?}; page errors: {:?}", self.js_errors().await);
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    /// Wait until the text of the first element matching `css` satisfies `ok`; returns that text.
    pub async fn wait_text(&self, css: &str, what: &str, ok: impl Fn(&str) -> bool) -> String {
        trace(format_args!("wait_text {:?}", css));
        let started = Instant::now();
        let mut last = String::new();
        loop {
            if let Ok(el) = self.client.find(Locator::Css(css)).await {
                last = el.text().await.unwrap_or_default();
                if ok(&last) {
                    return last;
                }
            }
            if started.elapsed() > WAIT {
                panic!("`{css}` never became {what} within {WAIT:?}; last text: {last:?}");
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    /// The visible text of the first element matching `css` (waits for it to exist).
    pub async fn text(&self, css: &str) -> String {
        self.wait_for(css).await;
        self.client.find(Locator::Css(css)).await.unwrap().text().await.unwrap_or_default()
    }

    /// The visible texts of every element matching `css`.
    pub async fn texts(&self, css: &str) -> Vec<String> {
        let mut out = Vec::new();
        for el in self.client.find_all(Locator::Css(css)).await.unwrap_or_default() {
            out.push(el.text().await.unwrap_or_default());
        }
        out
    }

    /// How many elements match `css` right now.
    pub async fn count(&self, css: &str) -> usize {
        self.client.find_all(Locator::Css(css)).await.map(|v| v.len()).unwrap_or(0)
    }

    /// An attribute of the first element matching `css`.
    pub async fn attr(&self, css: &str, name: &str) -> Option<String> {
        self.wait_for(css).await;
        self.client.find(Locator::Css(css)).await.unwrap().attr(name).await.unwrap()
    }

    /// Click the Roll screen's Roll button and wait for the roll's outcome. The button is scrolled into view
    /// first: on a wide screen it sits in the right-hand column, which may be under the sticky header.
    pub async fn click_roll(&self) {
        // At start-up the panel's Roll bar is built a task or two after its first inputs (src/widgets/later.rs).
        self.wait_for("#roll-button").await;
        self.js("document.querySelector('#roll-button').scrollIntoView({block: 'center'});", vec![]).await;
        self.click("#roll-button").await;
        self.wait_for(".roll-result .outcome").await;
    }

    /// Firefox and WebKit: scroll the first element matching `css` to the middle of the viewport. Their drivers
    /// refuse to click an element that a sticky bar (the phone layout's Roll bar) covers, where Chromium's clicks
    /// whatever is on top; a player scrolls first too.
    async fn scroll_to(&self, css: &str) {
        if !self.browser.is_chromium() {
            let script = "const e = document.querySelector(arguments[0]); if (e) e.scrollIntoView({block: 'center'});";
            self.js(script, vec![json!(css)]).await;
        }
    }

    /// Click the first element matching `css` (waits for it).
    pub async fn click(&self, css: &str) {
        trace(format_args!("click {:?}", css));
        self.wait_for(css).await;
        self.scroll_to(css).await;
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap()
            .click()
            .await
            .unwrap_or_else(|e| panic!("click `{css}`: {e}"));
    }

    /// Replace the value of the input matching `css` with `text`, typed key by key.
    pub async fn type_into(&self, css: &str, text: &str) {
        trace(format_args!("type_into {:?}", css));
        self.wait_for(css).await;
        self.scroll_to(css).await;
        let el = self.client.find(Locator::Css(css)).await.unwrap();
        el.clear().await.unwrap_or_else(|e| panic!("clear `{css}`: {e}"));
        el.send_keys(text).await.unwrap_or_else(|e| panic!("type into `{css}`: {e}"));
    }

    /// Choose the option with `value` in the `<select>` matching `css`.
    pub async fn select(&self, css: &str, value: &str) {
        trace(format_args!("select {:?}", css));
        self.wait_for(css).await;
        self.scroll_to(css).await;
        let el = self.client.find(Locator::Css(css)).await.unwrap();
        el.select_by_value(value).await.unwrap_or_else(|e| panic!("select {value:?} in `{css}`: {e}"));
    }

    /// Run JavaScript in the page (`arguments[i]` are `args`) and return its result.
    pub async fn js(&self, script: &str, args: Vec<Value>) -> Value {
        trace(format_args!("js {:?}", script));
        self.client.execute(script, args).await.unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    /// A localStorage value.
    pub async fn local_storage(&self, key: &str) -> Option<String> {
        self.js("return window.localStorage.getItem(arguments[0]);", vec![json!(key)]).await.as_str().map(String::from)
    }

    /// Set a localStorage value (then `reload` to let the app read it).
    pub async fn set_local_storage(&self, key: &str, value: &str) {
        self.js("window.localStorage.setItem(arguments[0], arguments[1]);", vec![json!(key), json!(value)]).await;
    }

    /// Every localStorage key.
    pub async fn local_storage_keys(&self) -> Vec<String> {
        let keys = self.js("return Object.keys(window.localStorage);", vec![]).await;
        keys.as_array().unwrap().iter().filter_map(|k| k.as_str().map(String::from)).collect()
    }

    /// Uncaught errors the page has thrown since it loaded.
    pub async fn js_errors(&self) -> Vec<String> {
        let v = self.js("return window.__e2e ? window.__e2e.errors : [];", vec![]).await;
        serde_json::from_value(v).unwrap_or_default()
    }

    /// Dialogs (alert/confirm/prompt) the page has opened since it loaded.
    pub async fn dialogs(&self) -> Vec<String> {
        let v = self.js("return window.__e2e ? window.__e2e.dialogs : [];", vec![]).await;
        serde_json::from_value(v).unwrap_or_default()
    }

    /// Save a PNG screenshot of the viewport as `{name}.png` in [`super::screenshot_dir`]; returns its path.
    pub async fn screenshot(&self, name: &str) -> PathBuf {
        trace(format_args!("screenshot {:?}", name));
        let png = self.client.screenshot().await.expect("screenshot");
        assert!(png.starts_with(b"\x89PNG"), "the screenshot is not a PNG");
        let dir = super::screenshot_dir();
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png).unwrap();
        path
    }
}

/// Kill every process started on the profile folder `profile`. Chromium names the folder as `--user-data-dir=`,
/// Firefox as `-profile`; a WebKit browser goes with its X server. The pattern ends with the folder's name, so `...-1`
/// does not match another test's `...-12`.
fn kill_profile_processes(profile: &std::path::Path) {
    let folder = profile.display().to_string().replace('.', "[.]");
    let _ = std::process::Command::new("pkill").arg("-f").arg(format!("{folder}( |$)")).status();
}
