//! The table tests' own network namespace.
//!
//! WebRTC between headless Chromium processes needs a non-loopback interface with a default route: with loopback
//! only, Chromium gathers no ICE candidates at all (docs in `shared/TOOLCHAIN.md`, measured). The tests must not
//! touch the machine's real network, so each table test re-runs itself, and only itself, inside a network namespace
//! it makes with `unshare --net`. In there it brings `lo` up and adds a veth pair whose two ends both stay in the
//! namespace (10.77.0.1/24 and 10.77.0.2/24) plus a default route over it. Every process of the test (the dist
//! server, the relay, chromedriver, the browsers) then lives in that namespace: it can reach nothing outside, and
//! nothing outside can reach it.
//!
//! ```ignore
//! #[test]
//! fn my_table_test() {
//!     in_own_netns("table::my_table_test", || { /* runs inside */ });
//! }
//! ```

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Set (to `1`) in the re-executed test: "you are inside the namespace the outer run made".
pub const NETNS_ENV: &str = "DICETRAY_TABLE_NETNS";
/// The two ends of the veth pair and their addresses.
const VETH: [(&str, &str); 2] = [("dtray0", "10.77.0.1/24"), ("dtray1", "10.77.0.2/24")];
/// A table test that has not finished in this time is killed (its own waits are all shorter; this only stops a
/// hang from holding the suite forever).
const WHOLE_RUN_LIMIT: Duration = Duration::from_secs(20 * 60);
/// Printed by the inner run once its body is about to start, so the outer run knows the test filter matched (a
/// filter that matches nothing would otherwise "pass" with 0 tests run).
const STARTED_MARK: &str = "dicetray-netns: running";

/// One test in a namespace at a time. Each starts three or four browsers that all compile the Table screen's chunk
/// (about 490 KB gzip); three such tests beside the other browser tests and the native lane once starved a
/// browser of the CPU for over a minute on a 2-core machine. The latency figure is also only meaningful alone.
/// Within one run of the test binary this mutex keeps them apart; across runs of the same binary (`make test` runs
/// these tests in a process of their own beside the other browser tests, scripts/test.sh) a lock on a file beside
/// the binary does ([`one_at_a_time`]).
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Hold both locks (the mutex, then the file's) until the returned guard drops; the file lock goes with its file.
fn one_at_a_time() -> (std::sync::MutexGuard<'static, ()>, std::fs::File) {
    // A test that failed while holding the lock poisoned it; the next one still runs.
    let alone = ONE_AT_A_TIME.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let exe = std::env::current_exe().expect("the path of this test binary (for its network-namespace lock)");
    let path = exe.with_file_name("dicetray-netns.lock");
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .unwrap_or_else(|e| panic!("open the network-namespace tests' lock file {}: {e}", path.display()));
    // flock(2): released when the file is closed, so also when a test process dies.
    file.lock().unwrap_or_else(|e| panic!("lock {}: {e}", path.display()));
    (alone, file)
}

/// Run `body` inside a fresh network namespace. `test` is this test's full name inside the e2e binary
/// (`table::journey`), so the re-run selects exactly it. Outside the namespace this re-runs the test binary under
/// `unshare --net` (one such test at a time, in this process and any other of this binary), forwards its output
/// and fails if it failed; inside, it sets up the network and runs `body`.
pub fn in_own_netns(test: &str, body: impl FnOnce()) {
    if std::env::var_os(NETNS_ENV).is_some_and(|v| v == "1") {
        set_up_network();
        println!("{STARTED_MARK} {test}");
        body();
    } else {
        let _alone = one_at_a_time();
        rerun_inside(test);
    }
}

fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("Uid:")).map(|l| l.split_whitespace().nth(1) == Some("0")))
        .unwrap_or(false)
}

fn rerun_inside(test: &str) {
    let exe = std::env::current_exe().expect("the path of this test binary (to re-run it in a network namespace)");
    let mut cmd = Command::new("unshare");
    cmd.arg("--net");
    // Without root, a user namespace in which we are root gives the right to make the network namespace (CI runs as
    // root and needs none).
    if !is_root() {
        cmd.arg("--map-root-user");
    }
    cmd.arg("--")
        .arg(&exe)
        .args([test, "--exact", "--nocapture", "--test-threads=1", "--include-ignored"])
        .env(NETNS_ENV, "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap_or_else(|e| {
        panic!(
            "could not start `unshare --net` for {test} ({e}); the table tests need util-linux's unshare and the \
             right to make a network namespace (root, or unprivileged user namespaces)"
        )
    });
    // Forward both streams line by line through print!/eprint!, so the test harness captures them like the test's
    // own output (shown with --nocapture or on failure) and a stalled run shows how far it got.
    let out = forward(child.stdout.take().expect("piped stdout"), false);
    let err = forward(child.stderr.take().expect("piped stderr"), true);
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() > WHOLE_RUN_LIMIT => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{test} in its network namespace did not finish within {WHOLE_RUN_LIMIT:?}; killed");
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(100)),
            Err(e) => panic!("waiting for {test} in its network namespace: {e}"),
        }
    };
    let stdout = out.join().unwrap_or_default();
    let stderr = err.join().unwrap_or_default();
    if stderr.contains("unshare: ") && !stdout.contains(STARTED_MARK) {
        panic!(
            "`unshare --net` refused to make a network namespace for {test} (status {status}): {}\nThe table tests \
             need it (root, or a kernel allowing unprivileged user namespaces); they are not skipped.",
            stderr.trim()
        );
    }
    assert!(status.success(), "{test} failed inside its network namespace ({status}); its output is above");
    assert!(
        stdout.contains(&format!("{STARTED_MARK} {test}")),
        "{test}: the run inside the network namespace never started the test (is `{test}` its exact name?)"
    );
}

/// Copy a child's stream to this test's output as it comes; returns everything it said.
fn forward(stream: impl Read + Send + 'static, to_stderr: bool) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut all = String::new();
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            if to_stderr {
                eprintln!("{line}");
            } else {
                println!("{line}");
            }
            all.push_str(&line);
            all.push('\n');
        }
        all
    })
}

fn ip(args: &[&str]) -> String {
    let out = Command::new("ip")
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("run `ip {}` ({e}); install iproute2", args.join(" ")));
    assert!(
        out.status.success(),
        "`ip {}` failed in the test's network namespace: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr).trim()
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The interface names `ip -o link` lists.
fn links() -> Vec<String> {
    ip(&["-o", "link", "show"])
        .lines()
        .filter_map(|l| l.split(':').nth(1).map(|n| n.trim().split('@').next().unwrap_or("").to_string()))
        .collect()
}

fn set_up_network() {
    // Refuse to touch a network that is not a brand-new namespace (someone exported the variable by hand): adding a
    // veth and a default route to the machine's real network would be harmful.
    let before = links();
    assert!(
        before == ["lo"],
        "{NETNS_ENV}=1 but this is not a fresh network namespace (interfaces: {before:?}); run the test normally, \
         it makes its own namespace"
    );
    ip(&["link", "set", "lo", "up"]);
    ip(&["link", "add", VETH[0].0, "type", "veth", "peer", "name", VETH[1].0]);
    for (name, addr) in VETH {
        ip(&["addr", "add", addr, "dev", name]);
        ip(&["link", "set", name, "up"]);
    }
    // A default route is what makes Chromium gather host candidates (measured: a veth without one gives none).
    ip(&["route", "add", "default", "dev", VETH[0].0]);
    let mut addrs: Vec<String> = ip(&["-o", "-4", "addr", "show"])
        .lines()
        .filter_map(|l| l.split_whitespace().nth(3).map(String::from))
        .collect();
    addrs.sort(); // 10.77.0.1, 10.77.0.2, 127.0.0.1
    assert_eq!(
        addrs,
        [VETH[0].1, VETH[1].1, "127.0.0.1/8"],
        "the test's network namespace should hold only its own addresses"
    );
}
