//! Hack & Slash counts bonuses and difficulties in half steps. Inside dicetray they are whole numbers of halves
//! (1.5 is 3 halves), so no comparison ever meets a floating-point rounding.

use crate::decimal::{shortest, shortest_scientific};
use crate::systems::RequestError;

/// Lowest bonus, difficulty or opposing bonus a request may name.
pub const BONUS_MIN: f64 = -10.0;
/// Highest bonus, difficulty or opposing bonus a request may name.
pub const BONUS_MAX: f64 = 20.0;
/// The allowed values, for error messages.
pub const BONUS_ALLOWED: &str = "a multiple of 0.5 from -10 to 20 (e.g. 0, 0.5, 1, 1.5, -2)";

/// A number of half steps (`3` is 1.5).
pub type Halves = i64;

/// `x` as half steps: it must be finite, a multiple of 0.5 and within -10..=20; the error names `field`.
pub fn to_halves(field: &str, x: f64) -> Result<Halves, RequestError> {
    to_halves_named(x, || field.to_string())
}

/// [`to_halves`], naming the field only if there is an error (no allocation on the happy path).
pub(crate) fn to_halves_named(x: f64, field: impl FnOnce() -> String) -> Result<Halves, RequestError> {
    let doubled = x * 2.0;
    // Huge numbers in scientific notation (1e300, not 301 digits).
    let shown = || if x.abs() >= 1e9 { shortest_scientific(x) } else { shortest(x) };
    if !(BONUS_MIN..=BONUS_MAX).contains(&x) {
        return Err(RequestError::new(field(), format!("{} is out of range", shown()), BONUS_ALLOWED));
    }
    if doubled != doubled.round() {
        return Err(RequestError::new(
            field(),
            format!("{} is not a whole number of half steps", shown()),
            BONUS_ALLOWED,
        ));
    }
    Ok(doubled as Halves)
}

/// Half steps back to the number a player reads (3 -> 1.5).
pub fn from_halves(h: Halves) -> f64 {
    h as f64 / 2.0
}
