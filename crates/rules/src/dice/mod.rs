//! The generic dice-notation engine: parse, roll with a full breakdown, exact odds.

pub mod marks;
