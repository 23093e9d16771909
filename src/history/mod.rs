//! The History screen's logic, kept out of the components so it is unit-tested natively: filtering, stats,
//! words for outcomes and requests, replay links (the export file is
//! `dicetray_saved::history_file`); and one roll's row with its Share (`entry_row`).

pub mod entry_row;
pub mod filter;
pub mod luck;
pub mod replay;
pub mod stats;
pub mod text;
