//! The Tray screen's parts: the notation box with instant validation ([`input`]), its compare points in words
//! ([`compare`]), one-tap dice buttons ([`buttons`]), recall of recent expressions ([`recall`]), the exact odds of
//! what is typed ([`histogram`]), the breakdown of a roll ([`breakdown`]), our spelling of other rollers' notation
//! ([`suggest`]) and named favourites kept across visits ([`favourites`]). The screen itself
//! (`crate::screens::tray`) wires them together, with Help's notation reference folded in (`crate::help::syntax`).
//!
//! Each part keeps its logic in plain functions (unit-tested natively) next to the component that shows it.

pub mod breakdown;
pub mod buttons;
pub mod compare;
pub mod favourites;
pub mod histogram;
pub mod input;
pub mod recall;
pub mod suggest;
