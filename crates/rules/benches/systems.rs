//! Exact odds per request must take well under 1 ms natively. One benchmark per system at its heaviest inputs.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use dicetray_rules::systems::Request;

fn bench(c: &mut Criterion, name: &str, json: &str) {
    let request = Request::from_json(json).unwrap();
    c.bench_function(name, |b| b.iter(|| black_box(&request).odds().unwrap()));
}

fn systems(c: &mut Criterion) {
    bench(
        c,
        "24-system odds rank 0 leverage 5 attack",
        r#"{"system":"24-system","rank":0,"leverage":5,"dc":18,"pressure":[2,1],"attack":true}"#,
    );
    bench(c, "24-system odds rank 6 crushing", r#"{"system":"24-system","rank":6,"dc":14,"crushing":6}"#);
    bench(
        c,
        "total-effect odds 3 advantage 20 bands",
        &format!(
            r#"{{"system":"total-effect","advantage":3,"escalation":2,"bands":[{}]}}"#,
            (1..=20).map(|i| format!(r#""{i}+""#)).collect::<Vec<_>>().join(",")
        ),
    );
    bench(
        c,
        "total-effect odds 3 disadvantage floor",
        r#"{"system":"total-effect","disadvantage":3,"escalation":4,"escalation_mode":"floor","bands":["9+","13+","6-8"]}"#,
    );
    bench(c, "hack-and-slash odds single", r#"{"system":"hack-and-slash","bonus":1.5,"difficulty":2}"#);
    bench(c, "hack-and-slash odds 4 opponents", r#"{"system":"hack-and-slash","bonus":1.5,"opponents":[2.5,1,0.5,3]}"#);
    let many: Vec<String> = (0..10_000).map(|i| format!("{}", (i % 13) as f64 * 0.5 - 2.0)).collect();
    let json = format!(r#"{{"system":"hack-and-slash","bonus":6,"opponents":[{}]}}"#, many.join(","));
    bench(c, "hack-and-slash odds 10000 opponents", &json);
    let request = Request::from_json(&json).unwrap();
    c.bench_function("hack-and-slash validate+odds from JSON 10000 opponents", |b| {
        b.iter(|| Request::from_json(black_box(&json)).unwrap().odds().unwrap())
    });
    c.bench_function("hack-and-slash roll 10000 opponents", |b| b.iter(|| black_box(&request).roll(7).unwrap()));
}

criterion_group!(benches, systems);
criterion_main!(benches);
