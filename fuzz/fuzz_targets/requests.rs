//! Every system's request decoder: JSON -> `Request` (the tagged union over the five systems), then validate;
//! when valid, roll (twice with the same seed: identical) and compute the odds (probabilities in [0, 1] summing
//! to 1, the rolled outcome among the system's outcomes). Each system's own serde type is fed the same text.
#![no_main]

use dicetray_rules::systems::{hack_and_slash, remedy, ruina_imperii, total_effect, twenty_four, Request};
use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    // The per-system decoders, without the dispatcher's tag check.
    let _ = serde_json::from_str::<twenty_four::TwentyFourRequest>(text).map(|r| r.validate());
    let _ = serde_json::from_str::<remedy::RemedyRequest>(text).map(|r| r.resolve());
    let _ = serde_json::from_str::<total_effect::TotalEffectRequest>(text).map(|r| r.validate());
    let _ = serde_json::from_str::<ruina_imperii::RuinaImperiiRequest>(text).map(|r| r.validate());
    let _ = serde_json::from_str::<hack_and_slash::HackAndSlashRequest>(text).map(|r| r.validate());

    let request = match Request::from_json(text) {
        Ok(r) => r,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    // What the app saves (history, replay links) must read back as the same request, valid or not.
    let saved = serde_json::to_string(&request).expect("a request always serialises");
    let back = Request::from_json(&saved).unwrap_or_else(|e| panic!("{saved} does not read back: {e}"));
    assert_eq!(back, request, "request changed through JSON");

    if request.validate().is_err() {
        assert!(request.roll(1).is_err() && request.odds().is_err(), "an invalid request rolled or had odds");
        return;
    }
    let seed = common::seed_of(data);
    let roll = request.roll(seed).expect("a valid request rolls");
    assert_eq!(request.roll(seed).unwrap(), roll, "the same seed rolled twice differently");
    let summary = roll.summary();
    assert!(request.outcomes().contains(&summary.outcome.as_str()), "outcome {} unknown", summary.outcome);
    let odds = request.odds().expect("a valid request has odds");
    let mut sum = 0.0;
    for c in odds.outcomes.iter().chain(&odds.events) {
        assert!(c.p.is_finite() && (-1e-9..=1.0 + 1e-9).contains(&c.p), "{text}: {} has p {}", c.name, c.p);
    }
    for c in &odds.outcomes {
        sum += c.p;
    }
    assert!((sum + odds.truncated_mass - 1.0).abs() < 1e-6, "{text}: outcomes sum to {sum}");
});
