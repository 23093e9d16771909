//! The Characters screen's parts: one-line summaries and the components (create form, list card, character
//! editor, transfer panel) the screen assembles. The list operations and the character file are
//! `dicetray_saved::character_list` and `dicetray_saved::character_file`.

pub mod card;
pub mod create;
pub mod editor;
pub mod transfer;
pub mod ui;
