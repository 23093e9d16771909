//! The browser test harness the suites share.
//!
//! ```ignore
//! BrowserTest::new().viewport(360, 740).run(|page| async move {
//!     page.open("#/tray").await;
//!     page.click("[data-screen=history]").await;
//!     assert_eq!(page.text("h1").await, "History");
//! });
//! ```
//! `run` starts a file server over `dist/`, a WebDriver server, and a fresh browser profile (headless Chromium
//! unless `.browser(Browser::Firefox)` or `.browser(Browser::WebKit)` says otherwise), runs the test body in its own
//! task, and then ALWAYS closes the browser and stops its driver before passing on a failure, so no browser process
//! outlives a test.

mod dist_copy;
mod driver;
// The table tests (issue #19): their own network namespace, a local Nostr relay, a native peer, several browsers.
// A lossy, slow link between the phones and the relay inside that namespace (netfilter's queue; issue #30).
pub mod lossy;
pub mod netns;
mod page;
pub mod peer;
pub mod relay;
pub mod seats;
mod server;
// A phone's relay socket that goes silent without closing (a half-dead link).
pub mod silent;

pub use dist_copy::DistCopy;
pub use driver::Browser;
pub use page::{Page, LOAD_WAIT};
pub use server::StaticServer;

use std::future::Future;
use std::path::PathBuf;

/// Where the release build lives.
pub fn dist_dir() -> PathBuf {
    let dist = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("dist");
    assert!(
        dist.join("index.html").exists(),
        "{} has no index.html: build the app first with `scripts/build-release.sh` (`make test` does this)",
        dist.display()
    );
    dist
}

/// Where screenshots go: `target/screenshots/` on an ordinary run, so a test run leaves the work tree clean;
/// `docs/screenshots/` (the ones the README shows) with `DICETRAY_UPDATE_SCREENSHOTS=1`.
pub fn screenshot_dir() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("DICETRAY_UPDATE_SCREENSHOTS").is_some_and(|v| v == "1") {
        return root.join("docs/screenshots");
    }
    std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root.join("target")).join("screenshots")
}

/// One browser test's settings.
pub struct BrowserTest {
    width: u32,
    height: u32,
    prefix: String,
    browser: Browser,
    scripts: Vec<&'static str>,
}

impl Default for BrowserTest {
    fn default() -> Self {
        Self::new()
    }
}

impl BrowserTest {
    /// A desktop-sized window (1280x800) with the app served at `/`.
    pub fn new() -> Self {
        BrowserTest {
            width: 1280,
            height: 800,
            prefix: "/".to_string(),
            browser: Browser::Chromium,
            scripts: Vec::new(),
        }
    }

    /// Drive `browser` instead of Chromium (Firefox and WebKit windows are never narrower than
    /// [`Browser::min_width`]).
    pub fn browser(mut self, browser: Browser) -> Self {
        self.browser = browser;
        self
    }

    /// The viewport size in CSS pixels (widths under 600 emulate a phone: touch, mobile viewport).
    pub fn viewport(mut self, width: u32, height: u32) -> Self {
        self.width = width;
        self.height = height;
        self
    }

    /// Run `script` in every page before the page's own scripts (Chromium: through DevTools; Firefox and WebKit: the
    /// test's file server puts it first in every HTML page, after the error probe).
    pub fn before_each_page(mut self, script: &'static str) -> Self {
        self.scripts.push(script);
        self
    }

    /// Serve the app under a sub-path such as `/dicetray/` (as GitHub Pages does).
    pub fn prefix(mut self, prefix: &str) -> Self {
        self.prefix = prefix.to_string();
        self
    }

    /// Run `body` against a fresh browser; see the module docs for the cleanup guarantee.
    pub fn run<F, Fut>(self, body: F)
    where
        F: FnOnce(Page) -> Fut,
        Fut: Future<Output = ()> + Send + 'static,
    {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        runtime.block_on(async move {
            let server = if self.browser.is_chromium() {
                StaticServer::start(dist_dir(), &self.prefix)
            } else {
                StaticServer::with_scripts(dist_dir(), &self.prefix, &self.scripts)
            };
            let (driver, page) = open_browser(self.browser, server.base_url(), self.width, self.height).await;
            if self.browser.is_chromium() {
                for script in &self.scripts {
                    page.cdp("Page.addScriptToEvaluateOnNewDocument", serde_json::json!({"source": script})).await;
                }
            }
            let outcome = tokio::spawn(body(page.clone())).await;
            page.close().await;
            driver.stop();
            drop(server);
            if let Err(failure) = outcome {
                match failure.try_into_panic() {
                    Ok(panic) => std::panic::resume_unwind(panic),
                    Err(other) => panic!("browser test task failed: {other}"),
                }
            }
        });
    }
}

/// A driver and a session of `browser` on `base_url` with a fresh profile; a session that fails to open is tried
/// again with a fresh driver, up to three times in all (the test's own failures are never retried).
async fn open_browser(browser: Browser, base_url: &str, width: u32, height: u32) -> (driver::Driver, Page) {
    open_browser_on(browser, base_url, width, height, Page::new_profile()).await
}

/// [`open_browser`] on the profile folder `profile` (one that a browser closed with [`Page::quit`] left).
async fn open_browser_on(
    browser: Browser,
    base_url: &str,
    width: u32,
    height: u32,
    profile: PathBuf,
) -> (driver::Driver, Page) {
    let mut failures = Vec::new();
    for _ in 0..3 {
        let driver = driver::Driver::start(browser).await;
        match Page::connect(&driver, base_url, width, height, profile.clone()).await {
            Ok(page) => return (driver, page),
            Err(e) => {
                eprintln!("browser test: {e}; trying again with a fresh driver");
                failures.push(e);
                driver.stop();
                tokio::time::sleep(std::time::Duration::from_millis(500)).await;
            }
        }
    }
    panic!("could not open a {} browser in 3 tries: {failures:#?}", browser.name());
}
