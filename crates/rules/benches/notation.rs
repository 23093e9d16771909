//! Criterion benchmarks: parse + roll, and exact odds, over the expressions the issue calls interactive.
//! Run: `cargo bench -p dicetray-rules --bench notation`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use dicetray_rules::dice::parse;
use dicetray_rules::rng::seeded;

const EXPRS: &[&str] = &[
    "3d6",
    "4d6kh3",
    "20d20kh3",
    "100d6",
    "10d10!>=8",
    "4d6kh3 * 6",
    "8d6>=4",
    "8d6>=4f1",
    "4dF",
    "3d4r1",
    "2d20kl1",
    "3d6!",
    "1d20 + 1d8 + 5 [fire]",
    "5d10kh3 + 2d6",
    "100d20kl10",
    "1000d6",
];

fn parse_and_roll(c: &mut Criterion) {
    let mut g = c.benchmark_group("parse_roll");
    for src in EXPRS {
        let mut seed = 0u64;
        g.bench_function(*src, |b| {
            b.iter(|| {
                seed += 1;
                let mut rng = seeded(seed);
                parse(black_box(src)).unwrap().roll_with(&mut rng).unwrap().total
            })
        });
    }
    g.finish();
}

fn odds(c: &mut Criterion) {
    let mut g = c.benchmark_group("odds");
    for src in EXPRS {
        let e = parse(src).unwrap();
        g.bench_function(*src, |b| b.iter(|| black_box(&e).odds().unwrap()));
    }
    g.finish();
}

criterion_group!(benches, parse_and_roll, odds);
criterion_main!(benches);
