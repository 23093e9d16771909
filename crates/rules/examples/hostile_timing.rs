//! How fast hostile input is refused: times parsing (and odds or validation, where it gets that far) of the
//! largest inputs in `docs/limits.md` and prints one line each. Errors must come back in microseconds, whatever
//! the size; this is a measurement to read, not a pass/fail test (the unit tests assert the messages).
//!
//! `cargo run -p dicetray-rules --example hostile_timing --release`

use dicetray_rules::dice::parse;
use dicetray_rules::systems::Request;
use std::time::{Duration, Instant};

/// The fastest of 5 runs of `f`, and its result.
fn time<T>(mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..5 {
        let t = Instant::now();
        let r = f();
        best = best.min(t.elapsed());
        out = Some(r);
    }
    (best, out.expect("ran"))
}

fn short(s: &str) -> String {
    if s.len() > 48 {
        format!("{}... ({} bytes)", s.chars().take(24).collect::<String>(), s.len())
    } else {
        s.to_string()
    }
}

fn main() {
    let exprs = [
        ("1 MB expression", "1+".repeat(500_000) + "1"),
        ("1 MB of digits", "9".repeat(1 << 20)),
        ("10,000 nested parentheses", "(".repeat(10_000) + "1" + &")".repeat(10_000)),
        ("499 nested parentheses (999 chars)", "(".repeat(499) + "1" + &")".repeat(499)),
        ("999 minus signs", "-".repeat(999) + "1"),
        ("1000 chars of 1d6+", "1d6+".repeat(249) + "1d6"),
        ("odds over the support limit", "1000d10000".to_string()),
        ("odds at the work limit", "1000d100kh500".to_string()),
    ];
    for (what, src) in &exprs {
        let (dt, r) = time(|| parse(src).and_then(|e| e.odds().map(|_| ())));
        let r = r.map_or_else(|e| e.to_string(), |_| "ok".into());
        println!("{what:<36} {:>10.1?}  {}", dt, short(&r));
    }
    let many = |n: usize, last: &str| {
        let mut v = vec!["1"; n];
        if let Some(l) = v.last_mut() {
            *l = last;
        }
        format!(r#"{{"system":"hack-and-slash","bonus":1,"opponents":[{}]}}"#, v.join(","))
    };
    let requests = [
        ("10,000 opponents (odds)", many(10_000, "1")),
        ("10,001 opponents", many(10_001, "1")),
        ("10,000 opponents, the last a string", many(10_000, "\"x\"")),
        ("1 MB request", format!(r#"{{"system":"remedy","dice":"{}","dc":10}}"#, "▲".repeat(350_000))),
    ];
    for (what, json) in &requests {
        let (dt, r) = time(|| Request::from_json(json).and_then(|r| r.odds().map(|_| ())));
        let r = r.map_or_else(|e| e.to_string(), |_| "ok".into());
        println!("{what:<36} {:>10.1?}  {}", dt, short(&r));
    }
}
