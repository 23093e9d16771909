//! Small components shared by several screens, and how a time reads (`time`).

pub mod dice;
pub mod lazy_screen;
pub mod notices;
pub mod odds_chart;
pub mod time;
