//! Small components shared by several screens.

pub mod dice;
pub mod odds_chart;
