//! Exact odds per request for Ruina Imperii and Remedy (target: well under 1 ms each).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use dicetray_rules::systems::remedy::{Check, Reactive, Remedy, RemedyRequest};
use dicetray_rules::systems::ruina_imperii::{Opponent, RuinaImperii, RuinaImperiiRequest};
use dicetray_rules::systems::RuleSystem;

fn ruina_imperii(c: &mut Criterion) {
    let typical = RuinaImperiiRequest::against(3, 1, 1);
    let largest = RuinaImperiiRequest {
        explode: Some(4),
        ..RuinaImperiiRequest::opposed(30, 10, Opponent { skill: 30, risk: 10, explode: Some(4) })
    };
    c.bench_function("ruina_imperii odds typical (3 skill, Risk 1, D 1)", |b| {
        b.iter(|| RuinaImperii::odds(black_box(&typical)).unwrap())
    });
    c.bench_function("ruina_imperii odds largest (30+10 Explode 4 vs same)", |b| {
        b.iter(|| RuinaImperii::odds(black_box(&largest)).unwrap())
    });
}

fn remedy(c: &mut Criterion) {
    let typical = RemedyRequest { dominance: 1, ..RemedyRequest::against_dc("2d20▲", 3, 14) };
    let big_side = Check { dominance: 10, ..Check::new("10d20▲!♻♻♻", 30) };
    let largest = RemedyRequest { threat: 10, ..RemedyRequest::contest("10d20▼!♻", 5, big_side, Reactive::Myself) };
    c.bench_function("remedy odds typical (2d20▲ +3, 1 dominance, DC 14)", |b| {
        b.iter(|| Remedy::odds(black_box(&typical)).unwrap())
    });
    c.bench_function("remedy odds largest contest (10d20▼!♻ 10 threat vs 10d20▲!♻♻♻ 10 dominance)", |b| {
        b.iter(|| Remedy::odds(black_box(&largest)).unwrap())
    });
}

criterion_group!(benches, ruina_imperii, remedy);
criterion_main!(benches);
