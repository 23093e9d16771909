//! The History screen's logic, kept out of the components so it is unit-tested natively: filtering, stats,
//! words for outcomes and requests, export/import, replay links.

pub mod export;
pub mod filter;
pub mod replay;
pub mod stats;
pub mod text;
