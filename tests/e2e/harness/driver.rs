//! The browsers the suite drives, and one WebDriver server process per test on a free loopback port, killed when the
//! test ends: chromedriver for Chromium's headless shell (every suite) and headless Chromium (the smoke journey),
//! geckodriver for headless Firefox ESR and WebKitWebDriver for WebKitGTK (the smoke journey, `browsers.rs`).
//! WebKitGTK has no headless mode: each WebKit test gets an X server of its own (Xvfb, on a display number it picks
//! itself), stopped with the driver.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Which browser a test drives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Browser {
    /// Chromium's headless shell through chromedriver (Debian's `chromium-headless-shell`, the same version as its
    /// `chromium`): the same Blink, V8 and network stack with no browser around them. Every suite runs in it: a
    /// browser test then costs about half the CPU time of one in the full browser (bench/README.md, "Seventeenth
    /// session"). `DICETRAY_E2E_CHROMIUM=browser` runs every suite in the full browser instead.
    Chromium,
    /// Debian's Chromium, the full browser, headless, through chromedriver: what a player runs (the smoke journey).
    FullChromium,
    /// Debian's Firefox ESR through geckodriver (headless; geckodriver from crates.io, `scripts/tools.sh`).
    Firefox,
    /// Debian's WebKitGTK (its MiniBrowser) through WebKitWebDriver, under Xvfb. It has no `RTCPeerConnection`.
    WebKit,
}

/// Debian's name for Chromium's headless shell (`chrome-headless-shell` upstream), in /usr/bin.
pub const HEADLESS_SHELL: &str = "chromium-headless-shell";

/// The program a Chromium test starts: the headless shell for [`Browser::Chromium`] unless `DICETRAY_E2E_CHROMIUM`
/// is `browser` (every suite in the full browser), the full browser for [`Browser::FullChromium`].
pub fn chromium_binary(browser: Browser) -> String {
    let full = "/usr/bin/chromium".to_string();
    if browser == Browser::FullChromium {
        return full;
    }
    match std::env::var("DICETRAY_E2E_CHROMIUM").as_deref() {
        Err(_) | Ok("" | "shell") => {
            let shell = format!("/usr/bin/{HEADLESS_SHELL}");
            assert!(
                std::path::Path::new(&shell).exists(),
                "{shell} is missing: `scripts/tools.sh --browser` installs it (Debian's {HEADLESS_SHELL}), or set \
                 DICETRAY_E2E_CHROMIUM=browser to run the suites in the full browser"
            );
            shell
        }
        Ok("browser") => full,
        Ok(other) => panic!("DICETRAY_E2E_CHROMIUM is {other:?}: it must be shell (the default) or browser"),
    }
}

/// WebKitGTK's own browser, which WebKitWebDriver starts in automation mode.
pub const MINIBROWSER: &str = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

impl Browser {
    /// The name failure messages use.
    pub fn name(self) -> &'static str {
        match self {
            Browser::Chromium => "Chromium (headless shell)",
            Browser::FullChromium => "Chromium",
            Browser::Firefox => "Firefox",
            Browser::WebKit => "WebKit",
        }
    }

    /// The narrowest window the browser's driver accepts (measured: geckodriver's and WebKitWebDriver's windows
    /// refuse narrower ones, keeping their own width). Both are under the app's phone layout (520 px).
    pub fn min_width(self) -> u32 {
        match self {
            Browser::Chromium | Browser::FullChromium => 0,
            Browser::Firefox => 500,
            Browser::WebKit => 450,
        }
    }

    /// Chromium's headless shell or its full browser, both through chromedriver and DevTools.
    pub fn is_chromium(self) -> bool {
        matches!(self, Browser::Chromium | Browser::FullChromium)
    }

    fn driver_program(self) -> &'static str {
        match self {
            Browser::Chromium | Browser::FullChromium => "chromedriver",
            Browser::Firefox => "geckodriver",
            Browser::WebKit => "WebKitWebDriver",
        }
    }
}

/// A WebDriver server (and for WebKit its X server), killed on `stop` or drop.
pub struct Driver {
    child: Child,
    xvfb: Option<Child>,
    pub browser: Browser,
    pub url: String,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// An Xvfb on a display number of its own choosing (`-displayfd`: it prints the number once it accepts clients).
fn start_xvfb() -> (Child, String) {
    let mut child = Command::new("Xvfb")
        .args(["-displayfd", "1", "-noreset", "-nolisten", "tcp", "-screen", "0", "1280x1024x24"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start Xvfb for WebKitGTK (install Debian's xvfb: `scripts/tools.sh --browser` says how)");
    let mut line = String::new();
    let read = BufReader::new(child.stdout.take().expect("Xvfb's piped stdout")).read_line(&mut line);
    let display = line.trim().to_string();
    if read.is_err() || display.is_empty() || !display.chars().all(|c| c.is_ascii_digit()) {
        let _ = child.kill();
        let _ = child.wait();
        panic!("Xvfb did not say which display it took (it printed {line:?})");
    }
    (child, format!(":{display}"))
}

impl Driver {
    pub async fn start(browser: Browser) -> Driver {
        let port = free_port();
        let program = browser.driver_program();
        let mut command = Command::new(program);
        let mut xvfb = None;
        match browser {
            Browser::Chromium | Browser::FullChromium => {
                command.arg(format!("--port={port}")).arg("--allowed-ips=127.0.0.1")
            }
            Browser::Firefox => command.args(["--host", "127.0.0.1", "--port", &port.to_string()]),
            Browser::WebKit => {
                let (server, display) = start_xvfb();
                xvfb = Some(server);
                command.env("DISPLAY", display).arg(format!("--port={port}")).arg("--host=127.0.0.1")
            }
        };
        let child = command
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("start {program} ({e}); install it with `scripts/tools.sh --browser`"));
        let mut driver = Driver { child, xvfb, browser, url: format!("http://127.0.0.1:{port}") };
        let started = Instant::now();
        while tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_err() {
            if started.elapsed() > Duration::from_secs(20) {
                driver.kill();
                panic!("{program} did not listen on port {port} within 20 s");
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        driver
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        // Last: a WebKit browser the driver failed to close loses its display and exits with it.
        if let Some(mut xvfb) = self.xvfb.take() {
            let _ = xvfb.kill();
            let _ = xvfb.wait();
        }
    }

    pub fn stop(mut self) {
        self.kill();
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        self.kill();
    }
}
