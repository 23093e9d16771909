//! The session history as the app holds it: every roll, oldest first, and the metadata saved beside them. Every
//! change to it is a method here, which the screens and panels call; none of them edits an entry in place.

use crate::entry::HistoryEntry;
use crate::merge::{merge_history, union_history};
use crate::schema::HistoryMeta;

/// Every roll of the session, oldest first, with the history's metadata (Clear and Undo, see [`HistoryMeta`]).
/// Read it as a slice of entries (it derefs to `[HistoryEntry]`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct History {
    entries: Vec<HistoryEntry>,
    meta: HistoryMeta,
}

impl History {
    /// A history as read from storage or from another tab: `entries` oldest first.
    pub fn new(entries: Vec<HistoryEntry>, meta: HistoryMeta) -> History {
        History { entries, meta }
    }

    pub fn entries(&self) -> &[HistoryEntry] {
        &self.entries
    }

    pub fn meta(&self) -> HistoryMeta {
        self.meta
    }

    /// Add a roll just made. Every roll enters the history here (the app's `AppState::roll` calls it).
    pub fn record(&mut self, entry: HistoryEntry) {
        self.entries.push(entry);
    }

    /// Change the recorded roll `id` with one of [`HistoryEntry`]'s changes ([`HistoryEntry::declare_critical_failure`],
    /// [`HistoryEntry::reroll`]); false if there is no such roll. The entry is saved again, in full: what it now
    /// holds is no longer known to be what its request and seed give back.
    pub fn amend(&mut self, id: &str, change: impl FnOnce(&mut HistoryEntry)) -> bool {
        match self.entries.iter_mut().find(|e| e.id == id) {
            Some(e) => {
                change(e);
                e.saving = Default::default();
                true
            }
            None => false,
        }
    }

    /// Empty the history at time `now` (ms); every tab follows, since the metadata's `rev` goes up. Returns what was
    /// removed, for [`History::undo_clear`].
    pub fn clear(&mut self, now: f64) -> Vec<HistoryEntry> {
        self.meta = HistoryMeta { rev: self.meta.rev + 1, cleared_at: now };
        std::mem::take(&mut self.entries)
    }

    /// Bring back what [`History::clear`] removed (rolls made since are kept); every tab follows.
    pub fn undo_clear(&mut self, removed: &[HistoryEntry]) {
        self.meta.rev += 1;
        self.entries = union_history(&self.entries, removed);
    }

    /// Merge imported `entries` (no duplicate ids); returns how many were new.
    pub fn add(&mut self, entries: &[HistoryEntry]) -> usize {
        let before = self.entries.len();
        self.entries = union_history(&self.entries, entries);
        self.entries.len() - before
    }

    /// This history after seeing another tab's save of `incoming` with `meta` ([`merge_history`]).
    pub fn merged_with(&self, incoming: &[HistoryEntry], meta: HistoryMeta) -> History {
        let (entries, meta) = merge_history(&self.entries, self.meta, incoming, meta);
        History { entries, meta }
    }
}

impl std::ops::Deref for History {
    type Target = [HistoryEntry];

    fn deref(&self) -> &[HistoryEntry] {
        &self.entries
    }
}

/// A history of `entries` with no Clear yet (tests, imports).
impl From<Vec<HistoryEntry>> for History {
    fn from(entries: Vec<HistoryEntry>) -> History {
        History { entries, meta: HistoryMeta::default() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entry::RollSource;
    use dicetray_rules::systems::Request;

    fn rolled(id: &str, at: f64) -> HistoryEntry {
        let request = Request::from_json(r#"{"system":"24-system","rank":2,"dc":12}"#).unwrap();
        let s = request.roll(9).unwrap().summary();
        HistoryEntry::system_roll(id.into(), at, None, request, 9, s, "a roll".into())
    }

    fn ids(h: &History) -> Vec<&str> {
        h.iter().map(|e| e.id.as_str()).collect()
    }

    #[test]
    fn clear_then_undo_brings_the_rolls_back_and_every_tab_follows() {
        let mut h = History::from(vec![rolled("a", 1.0), rolled("b", 2.0)]);
        let removed = h.clear(10.0);
        assert!(h.is_empty());
        assert_eq!(h.meta(), HistoryMeta { rev: 1, cleared_at: 10.0 });
        h.record(rolled("c", 11.0));
        h.undo_clear(&removed);
        assert_eq!(ids(&h), ["a", "b", "c"]);
        assert_eq!(h.meta(), HistoryMeta { rev: 2, cleared_at: 10.0 }, "a higher rev: other tabs adopt the undo");
    }

    #[test]
    fn an_import_adds_only_rolls_not_already_there() {
        let mut h = History::from(vec![rolled("a", 1.0)]);
        assert_eq!(h.add(&[rolled("a", 1.0), rolled("z", 0.5)]), 1);
        assert_eq!(ids(&h), ["z", "a"]);
    }

    #[test]
    fn an_amended_roll_changes_in_place_and_is_saved_again_in_full() {
        let mut h = History::from(vec![rolled("a", 1.0), rolled("b", 2.0)]);
        assert!(h[0].saving.exact_replay, "rolled here: it replays exactly, so it is stored compactly");
        assert!(h.amend("a", HistoryEntry::declare_critical_failure));
        assert_eq!(h[0].events.last().map(String::as_str), Some("critical_failure"));
        assert!(h[0].text.ends_with("(the Guide declared a Critical Failure)"), "{}", h[0].text);
        assert!(!h[0].saving.exact_replay && h[0].saving.text.get().is_none(), "saved again, in full");
        assert!(h[1].saving.exact_replay, "the other roll is untouched");
        assert!(!h.amend("nope", HistoryEntry::declare_critical_failure));
        assert!(matches!(h[0].source, RollSource::System { .. }));
    }

    #[test]
    fn another_tabs_clear_is_adopted_and_keeps_later_rolls() {
        let h = History::from(vec![rolled("old", 1.0), rolled("new", 50.0)]);
        let cleared = HistoryMeta { rev: 1, cleared_at: 10.0 };
        let merged = h.merged_with(&[], cleared);
        assert_eq!(ids(&merged), ["new"]);
        assert_eq!(merged.meta(), cleared);
    }
}
