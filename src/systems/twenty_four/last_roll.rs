//! The 24-System panel's latest roll, shared by the panel, its result and Push Your Luck.

use dicetray_rules::systems::twenty_four::TwentyFourRoll;
use leptos::prelude::*;

/// The panel's latest roll (pushed or not) and what goes with it.
#[derive(Clone, Copy)]
pub struct LastRoll {
    /// The latest roll; after a reload, the latest Miss in this scope comes back from History (`retry.rs`).
    pub roll: RwSignal<Option<TwentyFourRoll>>,
    /// The roll it pushed, if it is a push.
    pub pushed_from: RwSignal<Option<TwentyFourRoll>>,
    /// Whether it came back from History rather than being rolled here.
    pub from_history: RwSignal<bool>,
    /// Its History entry.
    pub entry: RwSignal<String>,
    /// Whether its complication is logged on the sheet.
    pub logged: RwSignal<bool>,
    /// Whether the player tried to roll it again unchanged (the retry rule's message shows).
    pub retry_tried: RwSignal<bool>,
}

impl LastRoll {
    /// The panel's latest roll `roll` (from History when `from_history`), History entry `entry`.
    pub fn new(roll: Option<TwentyFourRoll>, from_history: bool, entry: String) -> LastRoll {
        LastRoll {
            from_history: RwSignal::new(from_history),
            roll: RwSignal::new(roll),
            pushed_from: RwSignal::new(None),
            entry: RwSignal::new(entry),
            logged: RwSignal::new(false),
            retry_tried: RwSignal::new(false),
        }
    }

    /// A new roll (a push of `pushed_from`, or not) became the latest, recorded as History entry `entry`.
    pub fn record(&self, roll: TwentyFourRoll, entry: String, pushed_from: Option<TwentyFourRoll>) {
        self.from_history.set(false);
        self.retry_tried.set(false);
        self.logged.set(false);
        self.pushed_from.set(pushed_from);
        self.entry.set(entry);
        self.roll.set(Some(roll));
    }
}
