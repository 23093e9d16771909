//! One module per screen.

pub mod characters;
pub mod help;
pub mod history;
pub mod replay;
pub mod roll;
pub mod split;
pub mod table;
pub mod tray;
