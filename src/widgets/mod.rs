//! Small components shared by several screens.

#[allow(dead_code)] // The components are used by the Roll/History work not merged yet.
pub mod dice;
#[allow(dead_code)] // The components are used by the Roll/History work not merged yet.
pub mod odds_chart;
