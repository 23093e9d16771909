//! The notation parser and roller: arbitrary UTF-8 in; when it parses, roll with a seed from the input (twice:
//! the roll must replay identically) and re-parse the canonical form; when it does not, render the caret display.
#![no_main]

use dicetray_rules::dice::{limits::MAX_EXPR_LEN, parse, parse_group};
use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else { return };
    let seed = common::seed_of(data);
    match parse(src) {
        Ok(expr) => {
            let canonical = expr.to_string();
            if canonical.chars().count() <= MAX_EXPR_LEN {
                let again = parse(&canonical)
                    .unwrap_or_else(|e| panic!("canonical form {canonical:?} of {src:?} does not parse: {e}"));
                assert_eq!(again.to_string(), canonical, "canonical form is not stable");
            }
            match (expr.roll(seed), expr.roll(seed)) {
                (Ok(a), Ok(b)) => {
                    assert_eq!(a, b, "the same seed rolled twice differently");
                    let _ = a.dice();
                }
                (Err(a), Err(b)) => {
                    assert_eq!(a, b);
                    let _ = a.caret_display(src);
                }
                (a, b) => panic!("the same seed rolled once and failed once: {a:?} / {b:?}"),
            }
        }
        Err(e) => {
            assert!(e.column >= 1);
            let shown = e.caret_display(src);
            assert!(shown.ends_with('^'));
            let _ = e.to_string();
        }
    }
    if let Ok(g) = parse_group(src) {
        g.validate().unwrap_or_else(|e| panic!("parse_group accepted {src:?} but validate says {e}"));
        let _ = dicetray_rules::dice::group_text(&g.roll(&mut dicetray_rules::rng::seeded(seed)));
    }
});
