//! Merging what another tab saved with what this tab holds, so neither loses the other's work.
//! Both rules give the same result in both tabs, so after one exchange the tabs agree and stop writing.

use crate::character::Character;
use crate::entry::HistoryEntry;
use crate::schema::{HistoryMeta, Tombstones};
use std::collections::{HashMap, HashSet};

/// Oldest first; ties broken by id, so every tab orders alike.
pub fn sort_history(entries: &mut [HistoryEntry]) {
    entries.sort_by(|a, b| a.at.total_cmp(&b.at).then_with(|| a.id.cmp(&b.id)));
}

/// Every entry of both, once per id (the local copy wins a duplicate id), sorted.
pub fn union_history(local: &[HistoryEntry], incoming: &[HistoryEntry]) -> Vec<HistoryEntry> {
    let mut seen: HashSet<&str> = HashSet::with_capacity(local.len() + incoming.len());
    let mut out = Vec::with_capacity(local.len().max(incoming.len()));
    for e in local.iter().chain(incoming) {
        if seen.insert(e.id.as_str()) {
            out.push(e.clone());
        }
    }
    sort_history(&mut out);
    out
}

/// The history after seeing another tab's save. A higher `rev` (a Clear or an Undo there) is adopted, keeping
/// only local rolls made after that Clear; an equal `rev` merges by id; a lower one is ignored (ours is newer
/// and gets saved over it).
pub fn merge_history(
    local: &[HistoryEntry],
    local_meta: HistoryMeta,
    incoming: &[HistoryEntry],
    incoming_meta: HistoryMeta,
) -> (Vec<HistoryEntry>, HistoryMeta) {
    use std::cmp::Ordering::*;
    match incoming_meta.rev.cmp(&local_meta.rev) {
        Greater => {
            let newer: Vec<HistoryEntry> = local.iter().filter(|e| e.at > incoming_meta.cleared_at).cloned().collect();
            (union_history(incoming, &newer), incoming_meta)
        }
        Equal => (union_history(local, incoming), local_meta),
        Less => (local.to_vec(), local_meta),
    }
}

/// The characters after seeing another tab's save: the incoming order, then characters only this tab has;
/// for an id in both, the later `updated` wins (a tie: the incoming one); a character deleted (tombstone) at or
/// after its last update is dropped.
pub fn merge_characters(
    local: &[Character],
    local_deleted: &Tombstones,
    incoming: &[Character],
    incoming_deleted: &Tombstones,
) -> (Vec<Character>, Tombstones) {
    let mut deleted = local_deleted.clone();
    for (id, at) in incoming_deleted {
        let e = deleted.entry(id.clone()).or_insert(*at);
        *e = e.max(*at);
    }
    let local_by_id: HashMap<&str, &Character> = local.iter().map(|c| (c.id.as_str(), c)).collect();
    let mut seen = HashSet::new();
    let mut out = Vec::with_capacity(local.len().max(incoming.len()));
    for c in incoming {
        let pick = match local_by_id.get(c.id.as_str()) {
            Some(l) if l.updated > c.updated => (*l).clone(),
            _ => c.clone(),
        };
        seen.insert(c.id.clone());
        out.push(pick);
    }
    out.extend(local.iter().filter(|c| !seen.contains(&c.id)).cloned());
    out.retain(|c| deleted.get(&c.id).is_none_or(|at| *at < c.updated));
    (out, deleted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entry::RollSource;

    fn entry(id: &str, at: f64) -> HistoryEntry {
        HistoryEntry {
            id: id.into(),
            at,
            character: None,
            source: RollSource::Notation { expr: "d6".into(), version: 2 },
            seed: 1,
            outcome: "total".into(),
            events: vec![],
            total: 3.0,
            dice: vec![],
            text: "d6 = 3".into(),
            saving: Default::default(),
        }
    }

    fn ids(v: &[HistoryEntry]) -> Vec<&str> {
        v.iter().map(|e| e.id.as_str()).collect()
    }

    #[test]
    fn history_union_is_the_same_in_both_tabs() {
        let a = vec![entry("a", 1.0), entry("c", 3.0)];
        let b = vec![entry("b", 2.0), entry("c", 3.0), entry("d", 3.0)];
        let m = HistoryMeta::default();
        let (ab, _) = merge_history(&a, m, &b, m);
        let (ba, _) = merge_history(&b, m, &a, m);
        assert_eq!(ids(&ab), ["a", "b", "c", "d"]);
        assert_eq!(ab, ba);
        let (again, _) = merge_history(&ab, m, &b, m);
        assert_eq!(again, ab, "merging is idempotent (no ping-pong)");
    }

    #[test]
    fn a_clear_in_another_tab_wins_but_keeps_later_rolls() {
        let local = vec![entry("old", 1.0), entry("new", 50.0)];
        let cleared = HistoryMeta { rev: 1, cleared_at: 10.0 };
        let (h, meta) = merge_history(&local, HistoryMeta::default(), &[], cleared);
        assert_eq!(ids(&h), ["new"]);
        assert_eq!(meta, cleared);
        // An older save reaching a tab that has cleared is ignored.
        let (h, meta) = merge_history(&[], cleared, &local, HistoryMeta::default());
        assert!(h.is_empty());
        assert_eq!(meta, cleared);
        // Undo (rev 2) brings the rolls back everywhere.
        let undo = HistoryMeta { rev: 2, cleared_at: 10.0 };
        let (h, _) = merge_history(&[entry("new", 50.0)], cleared, &local, undo);
        assert_eq!(ids(&h), ["old", "new"]);
    }

    fn character(id: &str, name: &str, updated: f64) -> Character {
        let mut c = Character::new(name, "remedy").unwrap();
        c.id = id.into();
        c.updated = updated;
        c
    }

    #[test]
    fn characters_newer_update_wins_and_deletions_stick() {
        let local = vec![character("a", "Ada v2", 5.0), character("b", "Bo", 1.0), character("l", "Local", 1.0)];
        let incoming = vec![character("b", "Bo v2", 6.0), character("a", "Ada v1", 2.0), character("i", "In", 1.0)];
        let (m, _) = merge_characters(&local, &Tombstones::new(), &incoming, &Tombstones::new());
        let names: Vec<_> = m.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["Bo v2", "Ada v2", "In", "Local"]);
        let mut gone = Tombstones::new();
        gone.insert("l".into(), 3.0);
        let (m, deleted) = merge_characters(&local, &Tombstones::new(), &incoming, &gone);
        assert!(m.iter().all(|c| c.id != "l"));
        assert_eq!(deleted.len(), 1);
        // Converges: merging the result into the other side gives the same list.
        let (m2, _) = merge_characters(&incoming, &gone, &m, &deleted);
        assert_eq!(m2, m);
    }
}
