//! Numbers written in decimal without `core`'s float formatting.
//!
//! `format!("{x}")`, `{x:.1}` and `{x:e}` on an `f64` bring in `core::fmt::float` (Grisu and Dragon4, a big-number
//! type and their power-of-ten tables): about 14 KB of the browser app's first load, for a few percentages and
//! totals, and a chunk of about 10 KB gzip for every lazy screen that formats one (the Table screen fetched it for a
//! row's total). These functions write the same digits with integer arithmetic: [`fixed`] for a set number of places
//! (odds, bar widths), [`shortest`] for the fewest digits that read back as the same number (totals), and
//! [`scientific`] and [`shortest_scientific`] for the exponent forms error messages use. serde's own messages still
//! format floats (`invalid type: floating point ...`), so some screens keep `core`'s code: only ours avoids it.

/// `x` rounded to `places` decimals (at most 19), halves away from zero: `fixed(37.46, 1)` is `"37.5"`,
/// `fixed(2.0, 2)` is `"2.00"`. A minus sign is `-`. Not finite: `"NaN"`, `"inf"`, `"-inf"`.
pub fn fixed(x: f64, places: u32) -> String {
    if !x.is_finite() {
        return non_finite(x);
    }
    let places = places.min(19);
    let scaled = (x.abs() * 10f64.powi(places as i32)).round();
    // Past u128 (about 3.4e38) the digits are not known anyway: saturate.
    let n = if scaled >= u128::MAX as f64 { u128::MAX } else { scaled as u128 };
    write_scaled(x.is_sign_negative() && n != 0, n, places)
}

/// The fewest decimals that read back as `x`, never with an exponent: `shortest(0.1)` is `"0.1"`, `shortest(2.5)`
/// is `"2.5"`, `shortest(17.0)` is `"17"`: what `format!("{x}")` writes whenever that has at most 15 significant
/// digits. A number that needs 16 or 17 digits to read back (`1.0 / 3.0`) is written rounded to 15 (`0.333333333333333`):
/// more than any player reads, and exact to one part in 10^14.
pub fn shortest(x: f64) -> String {
    if !x.is_finite() {
        return non_finite(x);
    }
    let a = x.abs();
    let negative = x.is_sign_negative() && a != 0.0;
    // A whole number below 2^53 is exact as an integer.
    if a.fract() == 0.0 && a < TWO_53 {
        return write_scaled(negative, a as u128, 0);
    }
    // `n / 10^k` is rounded correctly when `n` < 2^53 and 10^k is exact (k <= 22), exactly as reading the decimal
    // `n`e-`k` is: so the first `k` whose rounded `n` comes back to `a` gives the shortest decimal that reads back.
    let magnitude = a.log10().floor() as i32;
    let most = (14 - magnitude).clamp(0, 22) as u32;
    for places in 1..=most {
        let scale = 10f64.powi(places as i32);
        let n = (a * scale).round();
        if n >= TWO_53 {
            break;
        }
        if n / scale == a {
            return write_scaled(negative, n as u128, places);
        }
    }
    let text = fixed(x, most.min(19));
    let text = if text.contains('.') { text.trim_end_matches('0').trim_end_matches('.') } else { &text };
    if text == "-0" {
        "0".into()
    } else {
        text.to_string()
    }
}

/// `x` as `d.dde-n` with `places` decimals, as `format!("{x:.places$e}")` writes it: `scientific(3.2e-13, 1)` is
/// `"3.2e-13"`. For the rare chance too small for a percentage.
pub fn scientific(x: f64, places: u32) -> String {
    with_exponent(x, |mantissa| fixed(mantissa, places))
}

/// `x` as `d.ddde-n` with the fewest decimals that read back as `x` (at most 15 significant digits, as
/// [`shortest`]), as `format!("{x:e}")` writes it: `shortest_scientific(1e300)` is `"1e300"`,
/// `shortest_scientific(-1.5e10)` is `"-1.5e10"`. For a huge number in an error message.
pub fn shortest_scientific(x: f64) -> String {
    with_exponent(x, shortest)
}

/// `x` as its mantissa, written by `write`, then `e` and the power of ten.
fn with_exponent(x: f64, write: impl Fn(f64) -> String) -> String {
    if !x.is_finite() {
        return non_finite(x);
    }
    if x == 0.0 {
        return format!("{}e0", write(0.0));
    }
    let mut exponent = x.abs().log10().floor() as i32;
    let mut mantissa = write(x / 10f64.powi(exponent));
    // A mantissa that rounds to 10 (9.96 to one place, or a logarithm just under a power of ten): one more power.
    if mantissa.trim_start_matches('-').starts_with("10") {
        exponent += 1;
        mantissa = write(x / 10f64.powi(exponent));
    }
    format!("{mantissa}e{exponent}")
}

const TWO_53: f64 = 9_007_199_254_740_992.0;

/// `n / 10^places` in decimal, with a leading `-` if `negative`.
fn write_scaled(negative: bool, n: u128, places: u32) -> String {
    let digits = n.to_string();
    let places = places as usize;
    let mut out = String::with_capacity(digits.len() + places + 2);
    if negative {
        out.push('-');
    }
    if places == 0 {
        out.push_str(&digits);
    } else if digits.len() > places {
        let (whole, frac) = digits.split_at(digits.len() - places);
        out.push_str(whole);
        out.push('.');
        out.push_str(frac);
    } else {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', places - digits.len()));
        out.push_str(&digits);
    }
    out
}

fn non_finite(x: f64) -> String {
    if x.is_nan() {
        "NaN".into()
    } else if x > 0.0 {
        "inf".into()
    } else {
        "-inf".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn fixed_writes_the_places_asked_for() {
        assert_eq!(fixed(37.46, 1), "37.5");
        assert_eq!(fixed(2.0, 2), "2.00");
        assert_eq!(fixed(0.004, 2), "0.00");
        assert_eq!(fixed(0.0004, 4), "0.0004");
        assert_eq!(fixed(-1.25, 1), "-1.3");
        assert_eq!(fixed(-0.0001, 2), "0.00");
        assert_eq!(fixed(99.999, 0), "100");
        assert_eq!(fixed(f64::NAN, 1), "NaN");
        assert_eq!(fixed(f64::NEG_INFINITY, 1), "-inf");
        assert_eq!(fixed(1e300, 0), u128::MAX.to_string());
    }

    #[test]
    fn shortest_writes_the_fewest_digits() {
        assert_eq!(shortest(0.1), "0.1");
        assert_eq!(shortest(2.5), "2.5");
        assert_eq!(shortest(-2.5), "-2.5");
        assert_eq!(shortest(17.0), "17");
        assert_eq!(shortest(-0.0), "0");
        assert_eq!(shortest(1.0 / 3.0), "0.333333333333333");
        assert_eq!(shortest(35.0 / 36.0), "0.972222222222222");
        assert_eq!(shortest(0.125), "0.125");
        assert_eq!(shortest(1e-12), "0.000000000001");
    }

    #[test]
    fn scientific_writes_as_core_does() {
        for (x, places) in [(3.2e-13, 1), (9.96e-13, 1), (1e-12, 1), (-4.5e7, 2), (0.0, 1), (123.456, 0)] {
            assert_eq!(scientific(x, places), format!("{x:.p$e}", p = places as usize), "{x}");
        }
    }

    #[test]
    fn shortest_scientific_writes_as_core_does() {
        for x in [1e300, -1e300, 1.5e10, -2.25e9, 1e9, 9.999e9, 123456789012.0, 1e-7, 1.25e200] {
            assert_eq!(shortest_scientific(x), format!("{x:e}"), "{x}");
        }
        // 17 significant digits: rounded to 15, as `shortest` does, give or take the division's last digit.
        let max: f64 = shortest_scientific(f64::MAX).parse().unwrap();
        assert!((max - f64::MAX).abs() <= 1e-14 * f64::MAX, "{max}");
        assert_eq!(shortest_scientific(0.0), "0e0");
        assert_eq!(shortest_scientific(f64::NAN), "NaN");
        assert_eq!(shortest_scientific(f64::INFINITY), "inf");
    }

    proptest! {
        #[test]
        fn scientific_matches_core_away_from_ties(x in 1e-300f64..1e300, places in 0u32..4) {
            let ours = scientific(x, places);
            let core = format!("{x:.p$e}", p = places as usize);
            // As for `fixed`, only a rounding tie (or an exponent off by the division's rounding) may differ in the
            // last digit: the two must then read back within one unit of the last place.
            if ours != core {
                let (a, b): (f64, f64) = (ours.parse().unwrap(), core.parse().unwrap());
                prop_assert!((a - b).abs() <= x * 10f64.powi(-(places as i32)) * 1.0001, "{} vs {}", ours, core);
            }
        }

        // Every case is checked against core's own formatting, on the inputs the module promises to match it.
        // A mantissa of up to 15 significant digits reads the same as core's; a longer one reads back within
        // 15 digits' precision.
        #[test]
        fn shortest_scientific_matches_core_up_to_15_digits(m in 1u64..1_000_000_000_000_000, e in -300i32..290) {
            let x = m as f64 * 10f64.powi(e);
            let (ours, core) = (shortest_scientific(x), format!("{x:e}"));
            let core_digits = significant_digits(core.split('e').next().unwrap());
            if core_digits <= 14 {
                prop_assert_eq!(ours, core);
            } else {
                let (a, b): (f64, f64) = (ours.parse().unwrap(), core.parse().unwrap());
                prop_assert!((a - b).abs() <= 1e-13 * b.abs(), "{} vs {}", ours, core);
            }
        }

        #[test]
        fn fixed_matches_core_away_from_ties(x in -1e6f64..1e6, places in 0u32..6) {
            let ours = fixed(x, places);
            let core = format!("{x:.p$}", p = places as usize);
            // core rounds the exact binary value half to even; we round the scaled value half away from zero.
            // They can differ only when x is within a rounding error of a tie.
            let scaled = x.abs() * 10f64.powi(places as i32);
            let near_tie = (scaled.fract() - 0.5).abs() < 1e-6;
            if !near_tie {
                prop_assert_eq!(ours, core);
            }
        }

        #[test]
        fn shortest_matches_core_up_to_15_digits(
            x in prop_oneof![0.0f64..1.0, -1e6f64..1e6, (-200i32..200).prop_map(|h| f64::from(h) / 2.0)]
        ) {
            let (ours, core) = (shortest(x), format!("{x}"));
            if significant_digits(&core) <= 15 {
                prop_assert_eq!(ours, core);
            } else {
                prop_assert!(significant_digits(&ours) <= 15, "{}", ours);
                let back: f64 = ours.parse().unwrap();
                prop_assert!((back - x).abs() <= 1e-14 * x.abs(), "{} -> {}", x, ours);
            }
        }

        #[test]
        fn shortest_is_within_15_digits_from_a_thousandth_to_1e30(
            mantissa in any::<u64>(), exponent in -10i64..100, negative in any::<bool>()
        ) {
            // Any f64 between 2^-10 and 2^100: every mantissa, every binary exponent.
            let bits = (mantissa & ((1 << 52) - 1)) | (((1023 + exponent) as u64) << 52) | (u64::from(negative) << 63);
            let x = f64::from_bits(bits);
            let ours = shortest(x);
            let back: f64 = ours.parse().unwrap();
            prop_assert!((back - x).abs() <= 1e-14 * x.abs(), "{} -> {}", x, ours);
            if x.abs() < 1e15 {
                prop_assert!(significant_digits(&ours) <= 15, "{} -> {}", x, ours);
            }
        }
    }

    /// Digits from the first non-zero one, the point left out.
    fn significant_digits(text: &str) -> usize {
        text.chars().filter(char::is_ascii_digit).skip_while(|&c| c == '0').count()
    }
}
