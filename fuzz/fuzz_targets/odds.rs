//! The exact-odds engine: parse, then compute the odds. It must stay within its own limits (support at most
//! MAX_ODDS_SUPPORT, probabilities in [0, 1] summing to 1 less the truncated mass) or refuse with an error;
//! libFuzzer's `-timeout=1` turns anything slower than 1 s into a crash.
#![no_main]

use dicetray_rules::dice::{limits::MAX_ODDS_SUPPORT, parse};
use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else { return };
    let Ok(expr) = parse(src) else { return };
    match expr.odds() {
        Ok(dist) => {
            assert!(dist.len() as u64 <= MAX_ODDS_SUPPORT, "{src:?}: support {}", dist.len());
            let t = dist.truncated_mass();
            assert!((0.0..=1.0).contains(&t), "{src:?}: truncated mass {t}");
            let mass = dist.total_mass();
            assert!((mass + t - 1.0).abs() < 1e-6, "{src:?}: mass {mass} + truncated {t} is not 1");
            for (v, p) in dist.iter() {
                assert!(p.is_finite() && (0.0..=1.0 + 1e-9).contains(&p), "{src:?}: p({v}) = {p}");
            }
            // A roll's total is always a value the odds give a chance to (unless explosions were cut off).
            if let Ok(roll) = expr.roll(common::seed_of(data)) {
                if t == 0.0 {
                    assert!(dist.p(roll.total) > 0.0, "{src:?}: rolled {} which the odds say is impossible", roll.total);
                }
            }
        }
        Err(e) => {
            assert!(e.column >= 1);
            let _ = e.caret_display(src);
        }
    }
});
