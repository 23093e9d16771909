//! The compact stored form of a history entry (format v2). A system roll that its request and seed replay
//! exactly is stored without what the replay gives back (dice, events, total): 10,000 rolls then take about a
//! third of the room, well inside browsers' 5-million-character localStorage quota. Anything else (Tray rolls,
//! rolls that do not replay exactly, rolls changed after they were made) is stored in full.
//!
//! Compact entry: `{"id", "at", "character"?, "r": <request, default fields left out>, "seed", "outcome", "text"?}`.
//! Reading one replays it. A replay that gives another outcome than the stored one means the roll was made under
//! an earlier reading of the rules (see [`earlier_reading`]): it loads with its recorded outcome and says so in
//! its text; a stored outcome the system does not have makes the entry unreadable (kept aside).
//!
//! Which form an entry takes, and the text it was last stored as, travel with the entry ([`Saving`]): an entry
//! is known to replay exactly when it was built from its own roll or replayed when read, so a save never has to
//! roll anything (nor carry every system's roll code), and it serialises only entries that are new or changed.

use crate::entry::{CharacterRef, HistoryEntry, RollSource, Saving};
use crate::history::History;
use crate::schema::HISTORY_VERSION;
use dicetray_rules::systems::{Request, Summary};
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
    let mut c = CompactIn::deserialize(v).map_err(|e| e.to_string())?;
    let request: Request = serde_json::from_value(c.r.take()).map_err(|e| format!("field `r`: {e}"))?;
    let s = request.roll(c.seed).map_err(|e| format!("field `r`: {e}"))?.summary();
    if s.outcome != c.outcome {
        return earlier_reading(c, request, s);
    }
    Ok(HistoryEntry::system_roll(c.id, c.at, c.character, request, c.seed, s, c.text))
}

/// A compact entry whose replay now gives another outcome: it was rolled before a ruling changed (2026-11-23:
/// 24-System statuses no longer stack and a pushed DC is never above the DC pushed; Total//Effect's Escalation
/// 0 is no Escalation in every mode). The seed still draws the same faces, so it loads with the replay's dice,
/// the outcome it was recorded with, and its text saying so; it is not an exact replay, so from the next save on
/// it is stored in full, as it now reads. A stored outcome the system does not have is damage, not a ruling:
/// unreadable, so the entry is kept aside.
fn earlier_reading(c: CompactIn, request: Request, replay: Summary) -> Result<HistoryEntry, String> {
    if !request.outcomes().contains(&c.outcome.as_str()) {
        return Err(format!(
            "field `outcome`: `{}` is not a {} outcome ({})",
            c.outcome,
            request.system_id(),
            request.outcomes().join(", ")
        ));
    }
    let note = format!("rolled under an earlier reading of the rules; a replay now gives {}", replay.outcome);
    let text = if c.text.is_empty() { note } else { format!("{} ({note})", c.text) };
    let mut e = HistoryEntry::system_roll(c.id, c.at, c.character, request, c.seed, replay, text);
    e.outcome = c.outcome;
    // Not what its replay gives: stored in full from the next save on.
    e.saving = Saving::default();
    Ok(e)
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
    fn a_compact_entry_with_an_outcome_its_system_lacks_is_unreadable() {
        let e = rolled("y", r#"{"system":"total-effect"}"#, 3);
        let mut v = serde_json::to_value(stored(&e)).unwrap();
        v["outcome"] = "something_else".into();
        let err = read_entry(&v).unwrap_err();
        assert!(err.contains("field `outcome`: `something_else` is not a total-effect outcome"), "{err}");
    }

    /// The first seed from 0 whose roll of `json` satisfies `want` (the search is bounded, and seeded).
    fn seed_where(json: &str, want: impl Fn(&Summary) -> bool) -> (u64, Summary) {
        let request = Request::from_json(json).unwrap();
        (0..10_000)
            .map(|seed| (seed, request.roll(seed).unwrap().summary()))
            .find(|(_, s)| want(s))
            .unwrap_or_else(|| panic!("no seed below 10000 gives the roll wanted for {json}"))
    }

    /// History saved before the 2026-11-23 rulings still loads. Each compact entry is what the app saved then:
    /// the request, the seed, and the outcome the old reading gave, worked out by hand below.
    #[test]
    fn history_saved_before_the_rulings_changed_still_loads_with_its_recorded_outcome() {
        // Statuses 2 and 3 once stacked: DC 20 + 5 = 25, so a 23 missed; now DC 20 + 3 = 23, a success.
        let statuses = r#"{"system":"24-system","rank":6,"dc":20,"status":[2,3]}"#;
        let (s1, now1) = seed_where(statuses, |s| s.total == 23.0);
        assert_eq!(now1.outcome, "success");
        // A pushed rank-0 roll at DC 4 once faced DC 6, so a 4 or a 5 missed; now DC 4: a success.
        let pushed =
            r#"{"system":"24-system","rank":0,"dc":4,"pushed":true,"push":{"track":"strain","fiction":"a shove"}}"#;
        let (s2, now2) = seed_where(pushed, |s| s.total == 4.0 || s.total == 5.0);
        assert_eq!(now2.outcome, "success");
        // Escalation 0 as a ceiling once zeroed every Effect die: a Total of 0, a hard choice; now the dice stand.
        let ceiling = r#"{"system":"total-effect","escalation_mode":"ceiling"}"#;
        let (s3, now3) = seed_where(ceiling, |s| s.total >= 13.0);
        assert_eq!(now3.outcome, "clean_success");
        let old = [(statuses, s1, "miss", now1), (pushed, s2, "miss", now2), (ceiling, s3, "hard_choice", now3)];
        for (i, (json, seed, recorded, now)) in old.into_iter().enumerate() {
            let saved = serde_json::json!({
                "id": format!("old{i}"), "at": 1.0e12, "r": serde_json::from_str::<Value>(json).unwrap(),
                "seed": seed, "outcome": recorded, "text": "as shown then",
            });
            let e = read_entry(&saved).unwrap_or_else(|err| panic!("{json}: {err}"));
            assert_eq!(e.outcome, recorded, "{json}: the outcome the player saw");
            assert_eq!((e.total, &e.dice), (now.total, &now.dice), "{json}: the dice the seed draws");
            assert_eq!(
                e.text,
                format!(
                    "as shown then (rolled under an earlier reading of the rules; a replay now gives {})",
                    now.outcome
                )
            );
            // From now on it is stored in full, and reads back the same, note and all, without a second note.
            let full = serde_json::to_value(stored(&e)).unwrap();
            assert!(full.get("r").is_none() && full.get("dice").is_some(), "{full}");
            assert_eq!(read_entry(&full).unwrap(), e);
        }
    }
}
