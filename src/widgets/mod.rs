//! Small components shared by several screens.

pub mod dice;
pub mod notices;
// OddsChart is for the Roll and Tray screens (other branches); History uses `percent`.
#[allow(dead_code)]
pub mod odds_chart;
