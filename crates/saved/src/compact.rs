//! The compact stored form of a history entry (format v2). A system roll that its request and seed replay
//! exactly is stored without what the replay gives back (dice, events, total): 10,000 rolls then take about a
//! third of the room, well inside browsers' 5-million-character localStorage quota. Anything else (Tray rolls,
//! rolls that do not replay exactly, rolls changed after they were made) is stored in full.
//!
//! Compact entry: `{"id", "at", "character"?, "r": <request, default fields left out>, "seed", "outcome", "text"?}`.
//! Reading one replays it; a replay that disagrees with the stored outcome makes the entry unreadable (kept aside,
//! never silently changed).
//!
//! Which form an entry takes, and the text it was last stored as, travel with the entry ([`Saving`]): an entry
//! is known to replay exactly when it was built from its own roll or replayed when read, so a save never has to
//! roll anything (nor carry every system's roll code), and it serialises only entries that are new or changed.

use crate::entry::{CharacterRef, HistoryEntry, RollSource, Saving};
use crate::history::History;
use crate::schema::HISTORY_VERSION;
use dicetray_rules::systems::Request;
use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Serialize)]
pub struct CompactOut<'a> {
    id: &'a str,
    at: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    character: &'a Option<CharacterRef>,
    r: &'a Request,
    seed: u64,
    outcome: &'a str,
    #[serde(skip_serializing_if = "str::is_empty")]
    text: &'a str,
}

#[derive(Deserialize)]
struct CompactIn {
    id: String,
    at: f64,
    #[serde(default)]
    character: Option<CharacterRef>,
    r: Value,
    seed: u64,
    outcome: String,
    #[serde(default)]
    text: String,
}

/// One stored entry: compact when it replays exactly, else in full.
#[derive(Serialize)]
#[serde(untagged)]
pub enum Stored<'a> {
    Compact(CompactOut<'a>),
    Full(&'a HistoryEntry),
}

/// Replay `e`'s request with its seed: whether that gives back exactly what `e` holds.
fn check_replay(e: &HistoryEntry, request: &Request) -> bool {
    request
        .roll(e.seed)
        .map(|roll| roll.summary())
        .is_ok_and(|s| s.outcome == e.outcome && s.events == e.events && s.total == e.total && s.dice == e.dice)
}

/// The history envelope as saved, `{"version":2,"rev":..,"cleared_at":..,"data":[...]}`, with every entry as
/// [`stored`] gives it; an entry already stored reuses its text.
pub fn encode_saved(history: &History) -> String {
    let (entries, meta) = (history.entries(), history.meta());
    let texts: Vec<&str> = entries.iter().map(stored_text).collect();
    let mut out = String::with_capacity(64 + texts.iter().map(|t| t.len() + 1).sum::<usize>());
    out.push_str(&format!(
        "{{\"version\":{HISTORY_VERSION},\"rev\":{},\"cleared_at\":{},\"data\":[",
        meta.rev,
        serde_json::to_string(&meta.cleared_at).expect("a number serialises")
    ));
    for (i, text) in texts.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(text);
    }
    out.push_str("]}");
    out
}

/// `e` as stored, serialised once (and again only after it changes).
fn stored_text(e: &HistoryEntry) -> &str {
    e.saving.text.get_or_init(|| serde_json::to_string(&stored(e)).expect("history entries serialise").into())
}

/// Serialise `entries` ahead of the next save, so it only has to join texts (used after start-up, a slice at
/// a time, while the player is not doing anything).
pub fn warm(entries: &[HistoryEntry]) {
    for e in entries {
        stored_text(e);
    }
}

/// How `e` is stored.
pub fn stored(e: &HistoryEntry) -> Stored<'_> {
    match &e.source {
        RollSource::System { request } if e.saving.exact_replay => Stored::Compact(CompactOut {
            id: &e.id,
            at: e.at,
            character: &e.character,
            r: request,
            seed: e.seed,
            outcome: &e.outcome,
            text: &e.text,
        }),
        _ => Stored::Full(e),
    }
}

/// Read one stored entry (compact or full). A full system roll is replayed once, to learn whether it can be
/// stored compactly.
pub fn read_entry(v: &Value) -> Result<HistoryEntry, String> {
    if v.get("r").is_none() {
        let mut e = HistoryEntry::deserialize(v).map_err(|e| e.to_string())?;
        if let RollSource::System { request } = &e.source {
            if check_replay(&e, request) {
                e.saving = Saving::exact();
            }
        }
        return Ok(e);
    }
    let c = CompactIn::deserialize(v).map_err(|e| e.to_string())?;
    let request: Request = serde_json::from_value(c.r).map_err(|e| format!("field `r`: {e}"))?;
    let s = request.roll(c.seed).map_err(|e| format!("field `r`: {e}"))?.summary();
    if s.outcome != c.outcome {
        return Err(format!(
            "field `outcome`: replaying the roll gives `{}`, not the recorded `{}` (the rules changed)",
            s.outcome, c.outcome
        ));
    }
    Ok(HistoryEntry::system_roll(c.id, c.at, c.character, request, c.seed, s, c.text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::{encode_history, HistoryMeta};

    fn rolled(id: &str, json: &str, seed: u64) -> HistoryEntry {
        let request = Request::from_json(json).unwrap();
        let s = request.roll(seed).unwrap().summary();
        let cy = Some(CharacterRef { id: "c".into(), name: "Cy".into() });
        HistoryEntry::system_roll(id.into(), 5.0, cy, request, seed, s, "a roll".into())
    }

    #[test]
    fn replayable_rolls_are_stored_compactly_and_read_back_the_same() {
        for (i, json) in [
            r#"{"system":"24-system","rank":3,"leverage":1,"dc":15}"#,
            r#"{"system":"remedy","dice":"1d20","ability":3,"dc":12}"#,
            r#"{"system":"total-effect","advantage":1}"#,
            r#"{"system":"ruina-imperii","skill":4,"risk":1,"difficulty":2}"#,
            r#"{"system":"hack-and-slash","bonus":1.5,"difficulty":2}"#,
        ]
        .into_iter()
        .enumerate()
        {
            let e = rolled(&format!("e{i}"), json, 77 + i as u64);
            let compact = serde_json::to_value(stored(&e)).unwrap();
            assert!(compact.get("r").is_some() && compact.get("dice").is_none(), "{compact}");
            let full = serde_json::to_string(&e).unwrap();
            assert!(compact.to_string().len() < full.len() * 2 / 3, "{compact} vs {full}");
            assert_eq!(read_entry(&compact).unwrap(), e);
        }
    }

    #[test]
    fn the_saved_text_matches_serde_and_is_reused() {
        let meta = HistoryMeta { rev: 3, cleared_at: 12.5 };
        let h = History::new(
            vec![rolled("a", r#"{"system":"total-effect"}"#, 1), rolled("b", r#"{"system":"total-effect"}"#, 2)],
            meta,
        );
        let direct = encode_history(&h.iter().map(stored).collect::<Vec<_>>(), meta);
        assert_eq!(encode_saved(&h), direct);
        assert!(h.iter().all(|e| e.saving.text.get().is_some()), "each entry keeps the text it was saved as");
        assert_eq!(encode_saved(&h), direct, "the same from the kept texts");
        assert_eq!(encode_saved(&h.clone()), direct, "a copy of the history keeps them too");
    }

    #[test]
    fn rolls_not_known_to_replay_are_stored_in_full_until_a_replay_confirms_them() {
        // Changed after it was rolled: saved again, in full, with the change.
        let mut h = History::from(vec![rolled("x", r#"{"system":"total-effect"}"#, 3)]);
        h.amend("x", |e| e.total += 1.0);
        let e = h[0].clone();
        let v = serde_json::to_value(stored(&e)).unwrap();
        assert!(v.get("r").is_none() && v.get("dice").is_some(), "{v}");
        assert_eq!(read_entry(&v).unwrap(), e);
        assert!(
            serde_json::to_value(stored(&read_entry(&v).unwrap())).unwrap().get("r").is_none(),
            "a replay that disagrees"
        );
        // A full entry that does replay (an older save, an import) is stored compactly once read.
        let f = rolled("z", r#"{"system":"total-effect"}"#, 4);
        let v = serde_json::to_value(&f).unwrap();
        assert!(v.get("r").is_none(), "{v}");
        let read = read_entry(&v).unwrap();
        assert_eq!(read, f);
        assert!(serde_json::to_value(stored(&read)).unwrap().get("r").is_some(), "read and replayed, so compact");
    }

    #[test]
    fn a_changed_entry_is_saved_again_with_its_change() {
        let mut h = History::from(vec![rolled("p", r#"{"system":"24-system","rank":2,"dc":12}"#, 9)]);
        let before = encode_saved(&h);
        h.amend("p", HistoryEntry::declare_critical_failure);
        let after = encode_saved(&h);
        assert_ne!(after, before);
        let direct = encode_history(&h.iter().map(stored).collect::<Vec<_>>(), h.meta());
        assert_eq!(after, direct);
        let saved: Value = serde_json::from_str(&after).unwrap();
        assert_eq!(read_entry(&saved["data"][0]).unwrap(), h[0]);
    }

    #[test]
    fn a_compact_entry_whose_replay_disagrees_is_unreadable() {
        let e = rolled("y", r#"{"system":"total-effect"}"#, 3);
        let mut v = serde_json::to_value(stored(&e)).unwrap();
        v["outcome"] = "something_else".into();
        assert!(read_entry(&v).unwrap_err().contains("field `outcome`"));
    }
}
