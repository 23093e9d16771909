//! The Characters screen's parts: pure list operations, import/export, one-line summaries, and the components
//! (create form, list card, character editor, transfer panel) the screen assembles.

pub mod card;
pub mod create;
pub mod edit;
pub mod editor;
pub mod import_export;
pub mod list;
pub mod summary;
pub mod time;
pub mod transfer;
pub mod ui;
