//! The History screen's logic, kept out of the components so it is unit-tested natively: filtering, stats,
//! words for outcomes and requests, replay links (the export file is
//! `dicetray_saved::history_file`).

pub mod filter;
pub mod replay;
pub mod stats;
pub mod text;
