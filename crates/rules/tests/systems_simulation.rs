//! The systems' exact odds against seeded simulation through the public dispatch (`Request::roll(seed)`):
//! 20,000 rolls per request, seeds 0..20,000, a Pearson chi-square test on the outcomes and one on each event.
//! Each test rejects at the false-alarm rate α = 1e-6 (critical values below), so a correct implementation
//! fails a run about once in a million; the seeds are fixed, so a run that passes always passes.

use dicetray_rules::systems::Request;
use std::collections::HashMap;

const ROLLS: u64 = 20_000;

/// The chi-square value exceeded with probability 1e-6, for 1..=7 degrees of freedom.
const CRITICAL: [f64; 7] = [23.928, 27.631, 30.665, 33.377, 35.888, 38.258, 40.522];

fn chi_square(observed: &[u64], expected_p: &[f64]) -> (f64, usize) {
    let mut stat = 0.0;
    let mut cells = 0usize;
    for (&o, &p) in observed.iter().zip(expected_p) {
        let e = p * ROLLS as f64;
        if e > 0.0 {
            stat += (o as f64 - e).powi(2) / e;
            cells += 1;
        } else {
            assert_eq!(o, 0, "an outcome of probability 0 happened");
        }
    }
    (stat, cells.saturating_sub(1))
}

fn check(json: &str) {
    let request = Request::from_json(json).unwrap();
    let odds = request.odds().unwrap();
    let mut outcomes: HashMap<String, u64> = HashMap::new();
    let mut events: HashMap<String, u64> = HashMap::new();
    for seed in 0..ROLLS {
        let s = request.roll(seed).unwrap().summary();
        *outcomes.entry(s.outcome).or_default() += 1;
        for e in s.events {
            *events.entry(e).or_default() += 1;
        }
    }
    let observed: Vec<u64> = odds.outcomes.iter().map(|c| outcomes.get(&c.name).copied().unwrap_or(0)).collect();
    let expected: Vec<f64> = odds.outcomes.iter().map(|c| c.p).collect();
    assert_eq!(observed.iter().sum::<u64>(), ROLLS, "{json}: every roll has a listed outcome");
    let (stat, df) = chi_square(&observed, &expected);
    if df > 0 {
        assert!(
            stat < CRITICAL[df - 1],
            "{json}: outcomes chi-square {stat:.2} with {df} df; {observed:?} vs {expected:?}"
        );
    }
    for c in &odds.events {
        let hits = events.get(&c.name).copied().unwrap_or(0);
        let (stat, df) = chi_square(&[hits, ROLLS - hits], &[c.p, 1.0 - c.p]);
        if df > 0 {
            assert!(stat < CRITICAL[0], "{json}: event {} chi-square {stat:.2}; {hits} vs p {}", c.name, c.p);
        }
    }
    for name in events.keys() {
        assert!(odds.events.iter().any(|c| &c.name == name), "{json}: event {name} has no odds");
    }
}

#[test]
fn twenty_four_simulation_agrees_with_exact_odds() {
    check(r#"{"system":"24-system","rank":3,"leverage":2,"dc":15,"pressure":[2,1]}"#);
    check(r#"{"system":"24-system","rank":0,"leverage":5,"dc":20}"#);
    check(r#"{"system":"24-system","rank":6,"dc":12,"crushing":5,"status":[{"label":"prone","dc":2}]}"#);
    check(
        r#"{"system":"24-system","rank":1,"leverage":1,"dc":18,"partial_critical_kept_only":true,"pushed":true,"push":{"track":"strain","fiction":"push on"}}"#,
    );
}

#[test]
fn total_effect_simulation_agrees_with_exact_odds() {
    check(
        r#"{"system":"total-effect","advantage":2,"disadvantage":0,"escalation":1,"modifier":0,"bands":["9+","13+","6-8"]}"#,
    );
    check(
        r#"{"system":"total-effect","advantage":0,"disadvantage":3,"escalation":4,"escalation_mode":"floor","bands":["10-","12-15"]}"#,
    );
    check(
        r#"{"system":"total-effect","advantage":1,"escalation":3,"escalation_mode":"ceiling","modifier":2,"bands":["11+"]}"#,
    );
}

#[test]
fn hack_and_slash_simulation_agrees_with_exact_odds() {
    check(r#"{"system":"hack-and-slash","bonus":1.5,"difficulty":2}"#);
    check(r#"{"system":"hack-and-slash","bonus":1.5,"opponents":[2.5]}"#);
    check(r#"{"system":"hack-and-slash","bonus":3,"opponents":[0.5,1,2,1.5]}"#);
}
