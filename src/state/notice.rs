//! Notices: messages for the player, shown in the notice area until dismissed.

use std::sync::atomic::{AtomicU64, Ordering};

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

static NEXT: AtomicU64 = AtomicU64::new(1);

impl Notice {
    pub fn new(level: NoticeLevel, text: String) -> Notice {
        Notice { id: NEXT.fetch_add(1, Ordering::Relaxed), level, text }
    }
}
