//! Small components shared by several screens.

pub mod dice;
pub mod lazy_screen;
pub mod notices;
pub mod odds_chart;
