//! In-process timing for `bench/compare`: for each expression (one per line on stdin, or the first tab-separated
//! column), times exact odds and parse+roll, and prints one JSON object per line:
//! `{"expr", "odds_us", "odds_iters", "rolls_per_sec", "total": [[value, p], ...]}` (or `"error"`).
//!
//! Build with `cargo run -p dicetray-rules --example timing --profile bench < bench/expressions.tsv`.

use dicetray_rules::dice::parse;
use dicetray_rules::dice::value::to_f64;
use dicetray_rules::rng::seeded;
use std::hint::black_box;
use std::io::BufRead;
use std::time::{Duration, Instant};

/// Run `f` for a warm-up, then in batches of about 1 ms for about `budget`; the mean seconds per call of the
/// fastest batch (the one least disturbed by other processes on the shared cores) and the total call count.
fn time<T>(budget: Duration, mut f: impl FnMut() -> T) -> (f64, u64) {
    // warm-up, and the batch size from it
    let start = Instant::now();
    let mut k = 0u64;
    while start.elapsed() < Duration::from_millis(20) || k < 3 {
        black_box(f());
        k += 1;
    }
    let per_call = start.elapsed().as_secs_f64() / k as f64;
    let batch = ((1e-3 / per_call) as u64).max(1);
    let mut best = f64::INFINITY;
    let mut total = 0;
    let start = Instant::now();
    while start.elapsed() < budget || total < 3 * batch {
        let t = Instant::now();
        for _ in 0..batch {
            black_box(f());
        }
        best = best.min(t.elapsed().as_secs_f64() / batch as f64);
        total += batch;
    }
    (best, total)
}

fn main() {
    // `timing odds` or `timing rolls` times one side only (for profiling); the default times both.
    let only = std::env::args().nth(1).unwrap_or_default();
    let (do_odds, do_rolls) = (only != "rolls", only != "odds");
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("stdin");
        let src = line.split('\t').next().unwrap_or("").trim();
        if src.is_empty() || src.starts_with("//") {
            continue;
        }
        let e = match parse(src) {
            Ok(e) => e,
            Err(err) => {
                println!("{}", serde_json::json!({"expr": src, "error": err.to_string()}));
                continue;
            }
        };
        let odds = e.odds();
        let (odds_s, odds_iters) = if do_odds { time(Duration::from_millis(1000), || e.odds()) } else { (f64::NAN, 0) };
        let mut seed = 0u64;
        let (roll_s, _) = if do_rolls {
            time(Duration::from_millis(1000), || {
                seed += 1;
                let mut rng = seeded(seed);
                parse(src).unwrap().roll_with(&mut rng).map(|r| r.total)
            })
        } else {
            (f64::NAN, 0)
        };
        let v = match odds {
            Ok(d) => serde_json::json!({
                "expr": src, "odds_us": odds_s * 1e6, "odds_iters": odds_iters, "rolls_per_sec": 1.0 / roll_s,
                "truncated_mass": d.truncated_mass(), "total": d.iter().map(|(v, p)| (to_f64(v), p)).collect::<Vec<_>>(),
            }),
            Err(err) => {
                serde_json::json!({"expr": src, "error": err.to_string(), "rolls_per_sec": 1.0 / roll_s})
            }
        };
        println!("{v}");
    }
}
