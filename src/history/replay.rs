//! Replay links: `#/replay?r=<request JSON>&s=<seed>&id=<entry id>` (system rolls) or
//! `#/replay?n=<notation>&s=<seed>&id=<entry id>` (Tray rolls), every value percent-encoded.

use crate::route::{decode, encode};
use crate::state::{HistoryEntry, RollSource};
use dicetray_rules::systems::Request;

/// The fragment that replays `entry`.
pub fn replay_hash(entry: &HistoryEntry) -> String {
    let what = match &entry.source {
        RollSource::System { request } => {
            format!("r={}", encode(&serde_json::to_string(request).expect("requests serialise")))
        }
        RollSource::Notation { expr, version } => format!("n={}&v={version}", encode(expr)),
    };
    format!("#/replay?{what}&s={}&id={}", entry.seed, encode(&entry.id))
}

/// What a replay link asks for.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayLink {
    pub source: RollSource,
    pub seed: u64,
    /// The history entry the link was made from (to compare with, when this browser has it).
    pub id: Option<String>,
}

/// Read a replay fragment (`#/replay?...`); the error says what is wrong, for the page to show.
pub fn parse_replay(hash: &str) -> Result<ReplayLink, String> {
    let query = hash.split_once('?').map(|(_, q)| q).unwrap_or("");
    let (mut r, mut n, mut s, mut id, mut v) = (None, None, None, None, None);
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (k, val) = pair.split_once('=').unwrap_or((pair, ""));
        let val = decode(val).ok_or_else(|| format!("the link's `{k}` value is not properly encoded"))?;
        match k {
            "r" => r = Some(val),
            "n" => n = Some(val),
            "s" => s = Some(val),
            "id" => id = Some(val),
            "v" => v = Some(val),
            _ => {}
        }
    }
    let seed = s.ok_or("the link has no seed (`s`)")?;
    let seed: u64 = seed.trim().parse().map_err(|_| format!("the seed `{seed}` is not a whole number"))?;
    let source = match (r, n) {
        (Some(r), _) => {
            let request = Request::from_json(&r).map_err(|e| format!("the link's request is not valid: {e}"))?;
            request.validate().map_err(|e| format!("the link's request is not valid: {e}"))?;
            RollSource::System { request }
        }
        (None, Some(expr)) => {
            // A link made before notation versions is version 1 (whole-number division).
            let version = match v {
                None => 1,
                Some(v) => v.trim().parse().map_err(|_| format!("the notation version `{v}` is not a whole number"))?,
            };
            RollSource::Notation { expr, version }
        }
        (None, None) => return Err("the link names no roll (`r` or `n`)".into()),
    };
    Ok(ReplayLink { source, seed, id })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_replays_the_same_roll() {
        let request = Request::from_json(r#"{"system":"total-effect","advantage":1}"#).unwrap();
        let roll = request.roll(12345).unwrap().summary();
        let entry = HistoryEntry {
            id: "e#1".into(),
            at: 0.0,
            character: None,
            source: RollSource::System { request: request.clone() },
            seed: 12345,
            outcome: roll.outcome.clone(),
            events: roll.events.clone(),
            total: roll.total,
            dice: roll.dice.clone(),
            text: String::new(),
            saving: Default::default(),
        };
        let hash = replay_hash(&entry);
        assert!(hash.starts_with("#/replay?r="), "{hash}");
        let link = parse_replay(&hash).unwrap();
        assert_eq!(link.seed, 12345);
        assert_eq!(link.id.as_deref(), Some("e#1"));
        let RollSource::System { request: again } = link.source else { panic!("not a system link") };
        assert_eq!(again.roll(link.seed).unwrap().summary(), roll);
        assert_eq!(crate::route::Screen::from_hash(&hash), crate::route::Screen::Replay);
    }

    #[test]
    fn a_tray_roll_saved_before_exact_division_replays_as_it_was_rolled() {
        // Saved by an older dicetray: no notation version, whole-number division.
        let seed = 11;
        let old = dicetray_rules::dice::parse_versioned("(1d6+2)/2", 1).unwrap().roll(seed).unwrap();
        let saved = serde_json::json!({
            "id": "old", "at": 1.0, "source": {"kind": "notation", "expr": "(1d6+2)/2"}, "seed": seed,
            "outcome": "total", "total": old.total.to_integer() as f64, "dice": old.dice(), "text": old.text,
        });
        let entry: HistoryEntry = serde_json::from_value(saved).unwrap();
        let RollSource::Notation { expr, version } = &entry.source else { panic!("a notation entry") };
        assert_eq!(*version, 1);
        let link = parse_replay(&replay_hash(&entry)).unwrap();
        assert_eq!(link.source, entry.source, "the link carries the version");
        let again = dicetray_rules::dice::parse_versioned(expr, *version).unwrap().roll(entry.seed).unwrap();
        assert_eq!((again.dice(), again.text.clone()), (entry.dice.clone(), entry.text.clone()));
        assert!(again.total.is_integer());
        // read with today's exact division, an odd sum would have given a half
        let today = dicetray_rules::dice::parse(expr).unwrap().roll(entry.seed).unwrap();
        let sum: i64 = today.dice().iter().map(|d| d.value).sum::<i64>() + 2;
        assert_eq!(again.total, dicetray_rules::dice::value::int(sum / 2));
        assert_eq!(today.total, dicetray_rules::dice::Value::new(sum, 2));
        // and a new entry is saved with its version
        let mut new = entry.clone();
        new.source = RollSource::Notation { expr: expr.clone(), version: 2 };
        assert_eq!(serde_json::to_value(&new).unwrap()["source"]["v"], 2);
    }

    #[test]
    fn bad_links_say_why() {
        assert!(parse_replay("#/replay?r=%7B%7D").unwrap_err().contains("seed"));
        assert!(parse_replay("#/replay?s=x&n=d6").unwrap_err().contains("not a whole number"));
        assert!(parse_replay("#/replay?s=1").unwrap_err().contains("names no roll"));
        assert!(parse_replay("#/replay?s=1&r=%7B%7D").unwrap_err().contains("system"));
        let n = parse_replay("#/replay?n=4d6kh3&s=9").unwrap();
        assert_eq!(n.source, RollSource::Notation { expr: "4d6kh3".into(), version: 1 }, "a link from before versions");
        let n = parse_replay("#/replay?n=7%2F2&s=9&v=2").unwrap();
        assert_eq!(n.source, RollSource::Notation { expr: "7/2".into(), version: 2 });
        assert!(parse_replay("#/replay?n=d6&s=1&v=x").unwrap_err().contains("notation version"));
    }
}
