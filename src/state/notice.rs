//! Notices: messages for the player, shown in the notice area until dismissed.

use std::sync::atomic::{AtomicU64, Ordering};

// Info and Error are used by the storage layer (another branch); allowed here until it lands.
#[allow(dead_code)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoticeLevel {
    Info,
    Warning,
    Error,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub id: u64,
    pub level: NoticeLevel,
    pub text: String,
}

#[allow(dead_code)] // Used by the Roll/History/storage work not merged yet.
static NEXT: AtomicU64 = AtomicU64::new(1);

#[allow(dead_code)] // Used by the Roll/History/storage work not merged yet.
impl Notice {
    pub fn new(level: NoticeLevel, text: String) -> Notice {
        Notice { id: NEXT.fetch_add(1, Ordering::Relaxed), level, text }
    }
}
