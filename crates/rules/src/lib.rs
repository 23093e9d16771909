//! # dicetray-rules
//!
//! The heart of dicetray: pure Rust, no web or UI types. The browser app and the `dicetray` CLI only translate
//! between people and this crate.
//!
//! - [`dice`]: the generic notation engine (`4d6kh3`, `8d6>=4`, `2d20▲`): parse, roll with a full breakdown, exact odds.
//! - [`systems`]: the five rule systems, each behind the same shape ([`systems::RuleSystem`]):
//!   typed request -> validate -> roll (full breakdown + outcome) and request -> exact odds.
//! - [`dist`]: exact discrete distributions shared by the engine and the systems.
//! - [`decimal`]: numbers in decimal without core's float formatting (a first-load saving in the app).
//! - [`luck`]: a roll's luck (the mid-rank percentile of its total) and how lucky a set of rolls was.
//! - [`die`]: one rolled die as every breakdown reports it.
//! - [`rng`]: the one random-number abstraction; every roll records the seed that produced it.
//! - [`tagged`]: reading `{"system": "<id>", ...}` enums (requests, the app's sheets) through one JSON value.

pub mod decimal;
pub mod dice;
pub mod die;
pub mod dist;
pub mod luck;
mod multiset;
#[cfg(feature = "opcount")]
#[doc(hidden)]
pub mod opcount;
pub mod rng;
pub mod sorted;
pub mod systems;
pub mod tagged;
