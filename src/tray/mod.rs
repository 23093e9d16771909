//! The Tray screen's parts: the notation box with instant validation ([`input`]), its compare points in words
//! ([`compare`]), one-tap dice buttons ([`buttons`]), recall of recent expressions ([`recall`]), the exact odds of
//! what is typed ([`histogram`]), the breakdown of a roll ([`breakdown`]) and the syntax help with an example of
//! every construct ([`syntax`]). The screen itself (`crate::screens::tray`) wires them together.
//!
//! Each part keeps its logic in plain functions (unit-tested natively) next to the component that shows it.

pub mod breakdown;
pub mod buttons;
pub mod compare;
pub mod histogram;
pub mod input;
pub mod recall;
pub mod syntax;
