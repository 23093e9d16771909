//! Several browsers at one table: the run that owns them (dist server, local relay, one chromedriver and Chromium
//! profile per browser, all closed at the end even when the test fails), and helpers that act on every browser
//! at once and name the browser in every failure.
//!
//! ```ignore
//! run_table_test(|run| async move {
//!     let gm = run.seat("Gale", "").await;
//!     gm.page.goto(&run.app_url("", "#/table")).await;
//! });
//! ```
//! Run it inside [`super::netns::in_own_netns`]: WebRTC between the browsers needs the namespace's veth pair.

use super::driver::{Browser, Driver};
use super::relay::{RefuseRule, TestRelay};
use super::server::StaticServer;
use super::{dist_dir, open_browser, open_browser_on, Page};
use futures_util::future::join_all;
use serde_json::Value;
use std::collections::BTreeMap;
use std::future::Future;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A phone-sized window: the table is played on phones.
const WIDTH: u32 = 412;
const HEIGHT: u32 = 915;

/// What a table test gets: where the app and the relay are, and a way to open browsers.
#[derive(Clone)]
pub struct TableRun {
    base_url: String,
    relay_url: String,
    relay: Arc<TestRelay>,
    open: Arc<Mutex<Vec<(Driver, Page)>>>,
    /// Profile folders of browsers closed with [`TableRun::away`] and not back yet: removed at the end.
    kept: Arc<Mutex<Vec<PathBuf>>>,
    /// Seats (by name) that reach the relay at another URL ([`TableRun::route_through`]).
    routes: Arc<Mutex<BTreeMap<String, String>>>,
}

impl TableRun {
    /// The app's URL (ending in `/`), without query.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// The local relay's `ws://127.0.0.1:<port>`.
    pub fn relay_url(&self) -> &str {
        &self.relay_url
    }

    /// The app told to use the local relay and no ICE servers, plus `extra` query parameters (`&direct=off`),
    /// at `fragment` (`#/table`, or a table link's fragment).
    pub fn app_url(&self, extra: &str, fragment: &str) -> String {
        format!("{}?relays={}&ice=none{extra}{fragment}", self.base_url, self.relay_url)
    }

    /// [`TableRun::app_url`] for `seat`: with the relay URL [`TableRun::route_through`] gave it, if any.
    pub fn app_url_for(&self, seat: &Seat, extra: &str, fragment: &str) -> String {
        let routes = self.routes.lock().unwrap_or_else(|e| e.into_inner());
        let relay = routes.get(&seat.name).map_or(self.relay_url.as_str(), String::as_str);
        format!("{}?relays={relay}&ice=none{extra}{fragment}", self.base_url)
    }

    /// The seat named `name` (opened later) reaches the relay at `relay_url` (a [`super::silent::SilentLink`] in
    /// front of it) instead of directly; the table link is the same.
    pub fn route_through(&self, name: &str, relay_url: &str) {
        self.routes.lock().unwrap_or_else(|e| e.into_inner()).insert(name.to_string(), relay_url.to_string());
    }

    /// A new browser (fresh profile) named `name` in failure messages; it is on no page yet.
    pub async fn seat(&self, name: &str) -> Seat {
        self.seat_in(name, Browser::Chromium).await
    }

    /// [`TableRun::seat`] in `browser` (its window no narrower than [`Browser::min_width`]: still a phone's layout).
    pub async fn seat_in(&self, name: &str, browser: Browser) -> Seat {
        let (driver, page) = open_browser(browser, &self.base_url, WIDTH, HEIGHT).await;
        self.open.lock().expect("the list of open browsers").push((driver, page.clone()));
        Seat { name: name.to_string(), page }
    }

    /// The phone `seat` goes away: its browser closes entirely (as a phone's user closes it, or the system ends a
    /// locked phone's tab), with no goodbye to the table, keeping its profile (localStorage, service worker) for
    /// [`TableRun::come_back`].
    pub async fn away(&self, seat: &Seat) {
        let entry = {
            let mut open = self.open.lock().expect("the list of open browsers");
            let at = open.iter().position(|(_, p)| p.profile() == seat.page.profile());
            at.map(|i| open.remove(i))
        };
        let (driver, page) = entry.unwrap_or_else(|| panic!("[{}] away: this browser is not open", seat.name));
        self.kept.lock().expect("the kept profiles").push(page.profile().to_path_buf());
        page.quit().await;
        driver.stop();
    }

    /// The phone `seat` (closed with [`TableRun::away`]) comes back: a new browser on its profile, on no page yet
    /// (open the table's link on it, as its user would).
    pub async fn come_back(&self, seat: &Seat) -> Seat {
        let profile = seat.page.profile().to_path_buf();
        self.kept.lock().expect("the kept profiles").retain(|p| p != &profile);
        let (driver, page) = open_browser_on(seat.page.browser(), &self.base_url, WIDTH, HEIGHT, profile).await;
        self.open.lock().expect("the list of open browsers").push((driver, page.clone()));
        Seat { name: seat.name.clone(), page }
    }

    /// The local relay's TCP port on 127.0.0.1.
    pub fn relay_port(&self) -> u16 {
        self.relay.port()
    }

    /// From now on the relay refuses every event `rule` picks ([`TestRelay::refuse`]).
    pub fn refuse_relay_events(&self, rule: RefuseRule) {
        self.relay.refuse(rule);
    }

    /// How many events the relay has refused.
    pub fn relay_refused(&self) -> usize {
        self.relay.refused()
    }

    /// Stop the relay (every phone's connection to it closes); [`TableRun::start_relay_again`] brings it back.
    pub fn stop_relay(&self) {
        self.relay.stop();
    }

    /// Start the relay again on the same port (so the phones' relay URL is unchanged).
    pub async fn start_relay_again(&self) {
        self.relay.start_again().await;
    }
}

/// Start the dist server and the relay (after checking that it forwards table events), run `body`, then close
/// every browser it opened and stop everything, before passing on a failure.
pub fn run_table_test<F, Fut>(body: F)
where
    F: FnOnce(TableRun) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    table_test(false, body)
}

/// [`run_table_test`] with the harness's error probe served in every page (`StaticServer::with_probe`), for seats in
/// Firefox or WebKit ([`TableRun::seat_in`]).
pub fn run_table_test_probed<F, Fut>(body: F)
where
    F: FnOnce(TableRun) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    table_test(true, body)
}

fn table_test<F, Fut>(probe: bool, body: F)
where
    F: FnOnce(TableRun) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    runtime.block_on(async move {
        let server =
            if probe { StaticServer::with_probe(dist_dir(), "/") } else { StaticServer::start(dist_dir(), "/") };
        let relay = TestRelay::start().await;
        relay.check_forwards_table_events().await;
        let run = TableRun {
            base_url: server.base_url().to_string(),
            relay_url: relay.url().to_string(),
            relay: Arc::new(relay),
            open: Arc::new(Mutex::new(Vec::new())),
            kept: Arc::new(Mutex::new(Vec::new())),
            routes: Arc::new(Mutex::new(BTreeMap::new())),
        };
        let outcome = tokio::spawn(body(run.clone())).await;
        let open: Vec<(Driver, Page)> = std::mem::take(&mut *run.open.lock().unwrap_or_else(|e| e.into_inner()));
        for (driver, page) in open {
            page.close().await;
            driver.stop();
        }
        for profile in std::mem::take(&mut *run.kept.lock().unwrap_or_else(|e| e.into_inner())) {
            let _ = std::fs::remove_dir_all(profile);
        }
        run.relay.stop();
        drop(run);
        drop(server);
        if let Err(failure) = outcome {
            match failure.try_into_panic() {
                Ok(panic) => std::panic::resume_unwind(panic),
                Err(other) => panic!("table test task failed: {other}"),
            }
        }
    });
}

/// Run one named step of a journey: its failure message starts with the step's name. Prints when each step starts
/// and how long it took (seen with `--nocapture`, or on failure).
pub async fn step<T>(name: &str, work: impl Future<Output = T>) -> T {
    use futures_util::FutureExt;
    let started = Instant::now();
    println!("table step: {name}");
    match std::panic::AssertUnwindSafe(work).catch_unwind().await {
        Ok(v) => {
            println!("table step: {name}: done in {} ms", started.elapsed().as_millis());
            v
        }
        Err(panic) => {
            let what = panic_text(panic.as_ref());
            panic!("step `{name}` failed after {} ms: {what}", started.elapsed().as_millis());
        }
    }
}

/// A caught panic's message.
pub fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "(a panic without a message)".into())
}

/// One browser at the table.
#[derive(Clone)]
pub struct Seat {
    pub name: String,
    pub page: Page,
}

impl Seat {
    /// Run `script` (a function body) until `accept` takes its result, for up to `limit`; the failure names this
    /// browser, `what` was awaited, and the last result.
    pub async fn wait_for_js<T>(
        &self,
        what: &str,
        limit: Duration,
        script: &str,
        args: Vec<Value>,
        accept: impl Fn(&Value) -> Option<T>,
    ) -> T {
        let started = Instant::now();
        loop {
            let last = match self.page.client().execute(script, args.clone()).await {
                Ok(value) => {
                    if let Some(v) = accept(&value) {
                        return v;
                    }
                    value
                }
                Err(e) => Value::String(format!("script error: {e}")),
            };
            if started.elapsed() > limit {
                let errors = self.page.js_errors().await;
                // What the page showed instead (a screen that failed to load says so in an alert).
                let shown = "const m = document.querySelector('main') || document.body; \
                    const logged = window.__e2e ? window.__e2e.console.join(' / ') : ''; \
                    return location.hash + ' | ' + (m ? m.innerText.replace(/\\s+/g, ' ').slice(0, 400) : '') \
                      + ' | console.error: ' + logged.slice(0, 600) \
                      + ' | relays and refused: ' + [...document.querySelectorAll('.table-relays, ul.table-refused > li')] \
                          .map(e => e.textContent.trim()).join(' / ').slice(0, 800) \
                      + ' | resources: ' + performance.getEntriesByType('resource').length + ' ' \
                      + JSON.stringify(performance.getEntriesByType('resource').filter(e => !e.responseStatus \
                          || e.responseStatus >= 400).map(e => [e.name.split('/').pop(), e.responseStatus, Math.round(e.duration)]).slice(0, 12));";
                let shown = self.page.client().execute(shown, vec![]).await.unwrap_or_default();
                panic!(
                    "[{}] {what}: not within {limit:?}; last seen {last}; page errors: {errors:?}; the page shows {shown}",
                    self.name
                );
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Wait until the text of the first element matching `css` satisfies `ok`; returns the text.
    pub async fn wait_text(&self, css: &str, what: &str, limit: Duration, ok: impl Fn(&str) -> bool) -> String {
        let script = "const e = document.querySelector(arguments[0]); return e ? e.textContent.trim() : null;";
        let want = format!("`{css}` to be {what}");
        self.wait_for_js(&want, limit, script, vec![Value::from(css)], |v| {
            v.as_str().filter(|t| ok(t)).map(String::from)
        })
        .await
    }

    /// Wait until an element matching `css` exists.
    pub async fn wait_for(&self, css: &str, limit: Duration) {
        let script = "return !!document.querySelector(arguments[0]);";
        let want = format!("an element matching `{css}`");
        self.wait_for_js(&want, limit, script, vec![Value::from(css)], |v| (v == &Value::Bool(true)).then_some(()))
            .await
    }

    /// Go to another screen of the app by changing only the fragment (a new URL would reload the page and drop
    /// the query that points the app at the local relay).
    pub async fn go(&self, fragment: &str, ready_css: &str) {
        self.page.js("window.location.hash = arguments[0];", vec![Value::from(fragment)]).await;
        self.wait_for(ready_css, Duration::from_secs(20)).await;
    }

    /// The value of the input matching `css`, once it is not empty.
    pub async fn input_value(&self, css: &str, limit: Duration) -> String {
        let script = "const e = document.querySelector(arguments[0]); return e ? e.value : null;";
        let want = format!("`{css}` to hold a value");
        self.wait_for_js(&want, limit, script, vec![Value::from(css)], |v| {
            v.as_str().filter(|t| !t.is_empty()).map(String::from)
        })
        .await
    }
}

/// Several seats; helpers run on all of them at once.
#[derive(Clone)]
pub struct Seats(pub Vec<Seat>);

impl Seats {
    /// Run `work` on every seat concurrently; the results in seat order.
    pub async fn each<T, Fut: Future<Output = T>>(&self, work: impl Fn(Seat) -> Fut) -> Vec<T> {
        join_all(self.0.iter().cloned().map(work)).await
    }

    /// Wait on every seat until the text of `css` satisfies `ok`; the texts in seat order.
    pub async fn wait_text(
        &self,
        css: &str,
        what: &str,
        limit: Duration,
        ok: impl Fn(&str) -> bool + Clone,
    ) -> Vec<String> {
        self.each(|seat| {
            let ok = ok.clone();
            async move { seat.wait_text(css, what, limit, ok).await }
        })
        .await
    }

    /// The seats' names, for messages.
    pub fn names(&self) -> Vec<String> {
        self.0.iter().map(|s| s.name.clone()).collect()
    }
}
