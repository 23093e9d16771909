//! Small components shared by several screens (`big_result`: a result full screen for the table), how a time reads (`time`), and the phone beyond the page
//! (`device`: vibration and wake lock, with their settings in `table_settings`), and the latest roll's dice
//! landing (`landing`); `later`, a part of start-up's Roll panel built a task after the rest; `rehearsal`, a
//! screen's first result built and laid out hidden before the first tap.

pub mod big_result;
pub mod device;
pub mod dice;
pub mod download;
pub mod landing;
pub mod later;
pub mod lazy_screen;
pub mod luck;
pub mod notices;
pub mod odds_chart;
pub mod rehearsal;
pub mod share;
pub mod sheets;
pub mod table_settings;
pub mod time;
