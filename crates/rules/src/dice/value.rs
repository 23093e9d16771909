//! Exact values of the notation: rationals over 64-bit integers (`1d6/2` on a 3 is 3/2), from the `num-rational`
//! crate. Every operation is checked: a result that does not fit in 64 bits is an error, never a wrap-around.
//!
//! Shown as decimals: exactly when the decimal ends within [`EXACT_DECIMALS`] places (`1.5`, `0.125`), else
//! rounded to two places after `≈` (`≈1.33` for 4/3). In JSON a whole value is an integer, any other a float.

use num_integer::Integer;
use num_rational::Ratio;
use num_traits::{CheckedAdd, CheckedDiv, CheckedMul, CheckedSub, Signed, ToPrimitive, Zero};
use serde::{Deserialize, Deserializer, Serializer};
use std::fmt::Write;

/// An exact value: a total, a sub-total, a labelled part.
pub type Value = Ratio<i64>;

/// Most decimal places a value is shown with exactly (`0.0625` has 4); longer or endless ones are rounded.
pub const EXACT_DECIMALS: u32 = 4;

/// The whole number `n` as a value.
pub fn int(n: i64) -> Value {
    Value::from_integer(n)
}

/// The value as an f64 (nearest).
pub fn to_f64(v: Value) -> f64 {
    v.to_f64().unwrap_or(f64::NAN)
}

/// Append the value as text: `3`, `-1.5`, `0.125`, `≈1.33`.
pub fn push_value(s: &mut String, v: Value) {
    if v.is_integer() {
        super::digits::push_int(s, *v.numer());
        return;
    }
    match exact_decimal(v) {
        Some(t) => s.push_str(&t),
        None => {
            let r = (v * int(100)).round();
            s.push('≈');
            let neg = r.is_negative();
            let n = r.numer().unsigned_abs();
            let _ = write!(s, "{}{}.{:02}", if neg { "-" } else { "" }, n / 100, n % 100);
        }
    }
}

/// The value as text (see [`push_value`]).
pub fn value_text(v: Value) -> String {
    let mut s = String::new();
    push_value(&mut s, v);
    s
}

/// The exact decimal of `v` if it ends within [`EXACT_DECIMALS`] places.
pub fn exact_decimal(v: Value) -> Option<String> {
    decimal_within(v, EXACT_DECIMALS)
}

/// The exact decimal of `v` if it ends within `max_places` places (at most 18).
pub fn decimal_within(v: Value, max_places: u32) -> Option<String> {
    let den = *v.denom();
    let mut scale: i64 = 1;
    for places in 0..=max_places.min(18) {
        if scale % den == 0 {
            let n = i64::checked_mul(*v.numer(), scale / den)?;
            let (neg, n) = (n < 0, n.unsigned_abs());
            let sc = scale as u64;
            let whole = n / sc;
            if places == 0 {
                return Some(format!("{}{whole}", if neg { "-" } else { "" }));
            }
            let frac = format!("{:0width$}", n % sc, width = places as usize);
            return Some(format!("{}{whole}.{frac}", if neg { "-" } else { "" }));
        }
        scale = scale.checked_mul(10)?;
    }
    None
}

/// a + b, a - b, a * b, None past 64 bits. Whole numbers (every total without `/`) skip the fractions' gcd.
pub fn add(a: Value, b: Value) -> Option<Value> {
    if a.is_integer() && b.is_integer() {
        return i64::checked_add(*a.numer(), *b.numer()).map(int);
    }
    a.checked_add(&b)
}
pub fn sub(a: Value, b: Value) -> Option<Value> {
    if a.is_integer() && b.is_integer() {
        return i64::checked_sub(*a.numer(), *b.numer()).map(int);
    }
    a.checked_sub(&b)
}
pub fn mul(a: Value, b: Value) -> Option<Value> {
    if a.is_integer() && b.is_integer() {
        return i64::checked_mul(*a.numer(), *b.numer()).map(int);
    }
    a.checked_mul(&b)
}
/// a / b: None for b = 0 or past 64 bits (the caller tells the two apart).
pub fn div(a: Value, b: Value) -> Option<Value> {
    if b.is_zero() {
        return None;
    }
    a.checked_div(&b)
}

/// Whole-number division truncating toward zero (notation version 1's `/`): both must be whole.
pub fn int_div(a: Value, b: Value) -> Option<Value> {
    a.to_integer().checked_div(b.to_integer()).map(int)
}

/// The remainder with the sign of the divisor, `a - b * floor(a / b)` (as mathjs, so rpg-dice-roller: `-7 % 3`
/// is 2); `a % 0` is `a`.
pub fn rem(a: Value, b: Value) -> Option<Value> {
    if b.is_zero() {
        return Some(a);
    }
    let q = a.checked_div(&b)?.floor();
    a.checked_sub(&b.checked_mul(&q)?)
}

/// Why a power could not be taken.
#[derive(Debug, PartialEq, Eq)]
pub enum PowError {
    /// The exponent is not whole (the result would not be a rational).
    Fraction,
    /// 0 to a negative power.
    ZeroDivision,
    /// Past 64 bits.
    Overflow,
}

/// a ** b for a whole exponent b (negative: the reciprocal). `0 ** 0` is 1.
pub fn pow(a: Value, b: Value) -> Result<Value, PowError> {
    if !b.is_integer() {
        return Err(PowError::Fraction);
    }
    let e = *b.numer();
    if a.is_zero() {
        return match e.signum() {
            0 => Ok(int(1)),
            1 => Ok(a),
            _ => Err(PowError::ZeroDivision),
        };
    }
    if a.abs() == int(1) {
        return Ok(if a.is_negative() && e.is_odd() { a } else { int(1) });
    }
    // |a| != 0, 1 and a denominator or numerator of at least 2: past 63 doublings nothing fits.
    let k = e.unsigned_abs();
    if k > 63 {
        return Err(PowError::Overflow);
    }
    let mut r = int(1);
    for _ in 0..k {
        r = r.checked_mul(&a).ok_or(PowError::Overflow)?;
    }
    if e < 0 {
        r = int(1).checked_div(&r).ok_or(PowError::Overflow)?;
    }
    Ok(r)
}

/// The value as a JSON number (an integer when whole, else the nearest float).
pub fn to_json(v: Value) -> serde_json::Value {
    if v.is_integer() {
        serde_json::Value::from(*v.numer())
    } else {
        serde_json::Value::from(to_f64(v))
    }
}

/// Serialise a value as a JSON number: an integer when whole, else the nearest float.
pub fn serialize<S: Serializer>(v: &Value, s: S) -> Result<S::Ok, S::Error> {
    if v.is_integer() {
        s.serialize_i64(*v.numer())
    } else {
        s.serialize_f64(to_f64(*v))
    }
}

/// Read what [`serialize`] wrote: an integer exactly, a float as the simplest fraction that rounds to it.
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
    let n = serde_json::Number::deserialize(d)?;
    if let Some(i) = n.as_i64() {
        return Ok(int(i));
    }
    let f = n.as_f64().unwrap_or(f64::NAN);
    Value::approximate_float(f).ok_or_else(|| serde::de::Error::custom(format!("{f} is not a total")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(n: i64, d: i64) -> Value {
        Value::new(n, d)
    }

    #[test]
    fn values_read_as_decimals() {
        assert_eq!(value_text(int(-3)), "-3");
        assert_eq!(value_text(v(3, 2)), "1.5");
        assert_eq!(value_text(v(-1, 8)), "-0.125");
        assert_eq!(value_text(v(1, 16)), "0.0625");
        assert_eq!(value_text(v(4, 3)), "≈1.33");
        assert_eq!(value_text(v(-2, 3)), "≈-0.67");
        assert_eq!(value_text(v(1, 32)), "≈0.03");
    }

    #[test]
    fn remainder_and_power_follow_mathjs() {
        assert_eq!(rem(int(-7), int(3)), Some(int(2)));
        assert_eq!(rem(int(7), int(-3)), Some(int(-2)));
        assert_eq!(rem(v(21, 2), int(3)), Some(v(3, 2)));
        assert_eq!(rem(int(5), int(0)), Some(int(5)));
        assert_eq!(pow(int(2), int(-1)), Ok(v(1, 2)));
        assert_eq!(pow(int(0), int(0)), Ok(int(1)));
        assert_eq!(pow(int(0), int(-1)), Err(PowError::ZeroDivision));
        assert_eq!(pow(int(2), v(1, 2)), Err(PowError::Fraction));
        assert_eq!(pow(int(2), int(63)), Err(PowError::Overflow));
        assert_eq!(pow(int(2), int(62)), Ok(int(1 << 62)));
        assert_eq!(pow(int(-1), int(i64::MAX)), Ok(int(-1)));
        assert_eq!(int_div(int(-7), int(2)), Some(int(-3)));
        assert_eq!(div(int(1), int(0)), None);
        assert_eq!(add(int(i64::MAX), int(1)), None);
    }

    #[test]
    fn json_numbers_round_trip() {
        for x in [int(7), v(7, 2), v(-1, 3)] {
            let mut buf = Vec::new();
            serialize(&x, &mut serde_json::Serializer::new(&mut buf)).unwrap();
            let back = deserialize(&mut serde_json::Deserializer::from_slice(&buf)).unwrap();
            assert_eq!(back, x, "{}", String::from_utf8_lossy(&buf));
        }
    }
}
