//! The browser test harness the suites share.
//!
//! ```ignore
//! BrowserTest::new().viewport(360, 740).run(|page| async move {
//!     page.open("#/tray").await;
//!     page.click("[data-screen=history]").await;
//!     assert_eq!(page.text("h1").await, "History");
//! });
//! ```
//! `run` starts a file server over `dist/`, a chromedriver, and a fresh headless Chromium profile, runs the test
//! body in its own task, and then ALWAYS closes the browser and stops chromedriver before passing on a failure,
//! so no Chromium process outlives a test.

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

pub use dist_copy::DistCopy;
pub use page::Page;
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
}

impl Default for BrowserTest {
    fn default() -> Self {
        Self::new()
    }
}

impl BrowserTest {
    /// A desktop-sized window (1280x800) with the app served at `/`.
    pub fn new() -> Self {
        BrowserTest { width: 1280, height: 800, prefix: "/".to_string() }
    }

    /// The viewport size in CSS pixels (widths under 600 emulate a phone: touch, mobile viewport).
    pub fn viewport(mut self, width: u32, height: u32) -> Self {
        self.width = width;
        self.height = height;
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
            let server = StaticServer::start(dist_dir(), &self.prefix);
            let (driver, page) = open_browser(server.base_url(), self.width, self.height).await;
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

/// A chromedriver and a Chromium session on `base_url` with a fresh profile; a session that fails to open is tried
/// again with a fresh chromedriver, up to three times in all (the test's own failures are never retried).
async fn open_browser(base_url: &str, width: u32, height: u32) -> (driver::Chromedriver, Page) {
    open_browser_on(base_url, width, height, Page::new_profile()).await
}

/// [`open_browser`] on the profile folder `profile` (one that a browser closed with [`Page::quit`] left).
async fn open_browser_on(base_url: &str, width: u32, height: u32, profile: PathBuf) -> (driver::Chromedriver, Page) {
    let mut failures = Vec::new();
    for _ in 0..3 {
        let driver = driver::Chromedriver::start().await;
        match Page::connect(&driver, base_url, width, height, profile.clone()).await {
            Ok(page) => return (driver, page),
            Err(e) => {
                eprintln!("browser test: {e}; trying again with a fresh chromedriver");
                failures.push(e);
                driver.stop();
                tokio::time::sleep(std::time::Duration::from_millis(500)).await;
            }
        }
    }
    panic!("could not open a browser in 3 tries: {failures:#?}");
}
