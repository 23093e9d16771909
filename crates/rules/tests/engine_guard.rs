//! The engine's regression guard (issue #31; bench/README.md, "Benchmarks", has the why and how). For every
//! expression of `bench/guard.tsv` (those of `bench/expressions.tsv`), it counts in this one run:
//!
//! - exact odds: the arithmetic steps of the odds' kernels (`dicetray_rules::opcount`, cargo feature `opcount`)
//!   and the heap allocations;
//! - a roll (parse, roll with the full breakdown and text, as `bench/compare` times it): heap allocations and
//!   bytes allocated, averaged over 200 seeds;
//!
//! and compares each count with its budget: the count of the calibration run times the row's slack, the ratio
//! that run measured against icepool (odds) or rpg-dice-roller (rolls) divided by the target (100x, 20x), or 1
//! for a row that was under its target then (it may not get worse). A count over budget means that if the time
//! grew as that count did, the row would fall under its target (or further under it): the test fails and
//! prints every row. The counts are exact and deterministic, so the load on the machine cannot make it fail.
//!
//! Re-calibrate with `bench/compare --calibrate` after a change that moves a count for a reason: it runs this
//! program with `--calibrate` (a test target without the test harness, so nothing here is skipped or ignored).

use dicetray_rules::dice::parse;
use dicetray_rules::opcount;
use dicetray_rules::rng::seeded;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The targets of issue #31: odds at least 100x icepool's speed, rolls at least 20x rpg-dice-roller's.
const ODDS_TARGET: f64 = 100.0;
const ROLL_TARGET: f64 = 20.0;
/// Rolls per expression whose allocations are averaged.
const ROLLS: u64 = 200;

static ALLOCS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);

/// The system allocator, counting allocations (a reallocation counts as one) and bytes asked for.
struct Counting;

// SAFETY: every call is passed on unchanged to the system allocator; only two counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Relaxed);
        BYTES.fetch_add(layout.size() as u64, Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, Relaxed);
        BYTES.fetch_add(new_size as u64, Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Counts of one expression: [odds steps, odds allocations, allocations per roll, bytes per roll].
fn counts(src: &str) -> [f64; 4] {
    let e = parse(src).unwrap_or_else(|err| panic!("{src}: {err}"));
    opcount::take();
    let a0 = ALLOCS.load(Relaxed);
    let odds = e.odds();
    let odds_allocs = ALLOCS.load(Relaxed) - a0;
    let steps = opcount::take();
    assert!(odds.is_ok(), "{src}: {:?}", odds.err());
    drop(odds);
    let (a0, b0) = (ALLOCS.load(Relaxed), BYTES.load(Relaxed));
    for seed in 1..=ROLLS {
        let r = parse(src).unwrap().roll_with(&mut seeded(seed)).unwrap();
        std::hint::black_box(r);
    }
    let (allocs, bytes) = (ALLOCS.load(Relaxed) - a0, BYTES.load(Relaxed) - b0);
    [steps as f64, odds_allocs as f64, allocs as f64 / ROLLS as f64, bytes as f64 / ROLLS as f64]
}

fn guard_file() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../bench/guard.tsv")
}

/// One calibrated row: expression, odds ratio, roll ratio (None: rpg-dice-roller cannot roll it), counts then.
struct Row {
    expr: String,
    odds_ratio: f64,
    roll_ratio: Option<f64>,
    counts: [f64; 4],
}

fn read_guard(text: &str) -> Vec<Row> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with("//"))
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            assert_eq!(c.len(), 7, "bench/guard.tsv: 7 tab-separated columns in {l:?}");
            let num = |s: &str| s.trim().parse::<f64>().unwrap_or_else(|_| panic!("bench/guard.tsv: {s:?} in {l:?}"));
            Row {
                expr: c[0].to_string(),
                odds_ratio: num(c[1]),
                roll_ratio: (c[2].trim() != "-").then(|| num(c[2])),
                counts: [num(c[3]), num(c[4]), num(c[5]), num(c[6])],
            }
        })
        .collect()
}

fn main() {
    match std::env::args().skip(1).find(|a| !a.starts_with("--") || a == "--calibrate").as_deref() {
        Some("--calibrate") => calibrate(),
        Some(other) => panic!("engine_guard: unknown argument {other:?} (only --calibrate)"),
        None => every_row_keeps_its_target(),
    }
}

/// The guard: every row's counts within their budgets.
fn every_row_keeps_its_target() {
    let rows = read_guard(&std::fs::read_to_string(guard_file()).expect("bench/guard.tsv"));
    assert!(rows.len() >= 25, "bench/guard.tsv has every expression of bench/expressions.tsv");
    println!(
        "{:<20} {:>7} {:>11} {:>11} {:>8} {:>8}   {:>7} {:>9} {:>9} {:>10} {:>10}",
        "expression", "odds x", "steps", "budget", "allocs", "budget", "roll x", "allocs", "budget", "bytes", "budget"
    );
    let mut over = Vec::new();
    for row in &rows {
        let now = counts(&row.expr);
        let odds_slack = (row.odds_ratio / ODDS_TARGET).max(1.0);
        let roll_slack = row.roll_ratio.map_or(f64::INFINITY, |r| (r / ROLL_TARGET).max(1.0));
        let budget: Vec<f64> = (0..4)
            .map(|i| {
                let slack = if i < 2 { odds_slack } else { roll_slack };
                // a count of 0 may become 1 (a row with no arithmetic step or allocation at all)
                row.counts[i].max(1.0) * slack
            })
            .collect();
        for i in 0..4 {
            if now[i] > budget[i] {
                let what = ["odds steps", "odds allocations", "allocations per roll", "bytes per roll"][i];
                over.push(format!(
                    "{}: {what} {} over its budget {:.0} (calibrated {}, ratio then {})",
                    row.expr,
                    now[i],
                    budget[i],
                    row.counts[i],
                    if i < 2 {
                        format!("{}x", row.odds_ratio)
                    } else {
                        row.roll_ratio.map_or("-".into(), |r| format!("{r}x"))
                    }
                ));
            }
        }
        let roll = row.roll_ratio.map_or("-".to_string(), |r| format!("{r:.1}"));
        println!(
            "{:<20} {:>7.0} {:>11.0} {:>11.0} {:>8.0} {:>8.0}   {:>7} {:>9.2} {:>9.2} {:>10.1} {:>10.1}",
            row.expr, row.odds_ratio, now[0], budget[0], now[1], budget[1], roll, now[2], budget[2], now[3], budget[3]
        );
    }
    assert!(over.is_empty(), "counts over budget (a row would fall under its target):\n{}", over.join("\n"));
}

/// `bench/compare --calibrate`: the ratios of one `bench/compare` run (`DICETRAY_GUARD_RATIOS`: expression,
/// odds ratio, roll ratio or `-`, tab-separated) with this run's counts, written to bench/guard.tsv.
fn calibrate() {
    let path =
        std::env::var("DICETRAY_GUARD_RATIOS").expect("DICETRAY_GUARD_RATIOS: the ratios of a bench/compare run");
    let ratios = std::fs::read_to_string(path).expect("the ratios file");
    let mut out = String::from(
        "// The engine guard's calibration (crates/rules/tests/engine_guard.rs), written by `bench/compare --calibrate`:\n\
         // the odds and roll ratios of one bench/compare run, and the counts of the same commit.\n\
         // expression\todds ratio\troll ratio\todds steps\todds allocations\tallocations per roll\tbytes per roll\n",
    );
    for line in ratios.lines().filter(|l| !l.trim().is_empty()) {
        let c: Vec<&str> = line.split('\t').collect();
        let n = counts(c[0]);
        out.push_str(&format!("{}\t{}\t{}\t{}\t{}\t{}\t{}\n", c[0], c[1], c[2], n[0], n[1], n[2], n[3]));
    }
    std::fs::write(guard_file(), out).expect("writing bench/guard.tsv");
}
