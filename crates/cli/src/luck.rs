//! `dicetray luck FILE [--json]`: how lucky each roll of an exported History file or a table log was, and each
//! roller's report (issue #33). A roll's luck is the mid-rank percentile of its total under its exact odds
//! (`dicetray_rules::luck`); a roller's mean luck is compared with the 50% fair dice give, by the exact variance.
//!
//! The file is told by its `format`: `"dicetray-table-log"` is a table log (replayed through the table's own state
//! machine, as `verify` does; only verified rolls count), no `format` an exported History (read as the app
//! imports it). A History roll's total is checked against its replay from its request (or notation) and seed, so
//! a luck is never read for a number the roll did not give.

use crate::out::say;
use dicetray_rules::luck::{Luck, LuckReport, NotComputed};
use dicetray_rules::systems::{system, total_words, words, Request, Roll};
use dicetray_saved::entry::{HistoryEntry, RollSource};
use dicetray_saved::history_file::parse_import;
use dicetray_saved::luck::{self, entry_luck, Dists};
use dicetray_table::{replay, RollRequest, Status, TableLog};
use serde_json::{json, Value};
use std::path::Path;

/// Who a History roll made without a character is put under.
pub const NO_CHARACTER: &str = "(no character)";

/// One roll with its luck.
struct Rolled {
    id: String,
    roller: String,
    /// What was rolled, in words.
    what: String,
    /// What it gave, in words (`Success, total 18`).
    result: String,
    luck: Result<Luck, NotComputed>,
}

/// A roll of a table log that does not count (it did not verify), and why.
struct Skipped {
    id: String,
    roller: String,
    reason: String,
}

/// What a file holds.
struct Rolls {
    /// `history` or `table-log`.
    kind: &'static str,
    rolls: Vec<Rolled>,
    skipped: Vec<Skipped>,
}

pub fn run(path: &Path, as_json: bool) -> bool {
    let rolls = match read(path) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {}: {e}", path.display());
            return false;
        }
    };
    let rollers = by_roller(&rolls.rolls);
    if as_json {
        say!("{}", to_json(&rolls, &rollers));
    } else {
        print_text(path, &rolls, &rollers);
    }
    true
}

/// Read the file and every roll's luck; the error says what is wrong and what is read.
fn read(path: &Path) -> Result<Rolls, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read the file: {e}"))?;
    let value: Value = serde_json::from_str(&text).map_err(|e| format!("not a JSON file: {e}"))?;
    let allowed = "an exported History file (`{\"version\": N, \"data\": [...]}`, no `format`) or a table log \
                   (`\"format\": \"dicetray-table-log\"`)";
    if !value.is_object() {
        return Err(format!("the file is JSON but not an object; `dicetray luck` reads {allowed}"));
    }
    match value.get("format") {
        None => {
            let entries = parse_import(&text)?;
            let mut dists = Dists::default();
            Ok(Rolls {
                kind: "history",
                rolls: entries.iter().map(|e| history_roll(e, &mut dists)).collect(),
                skipped: Vec::new(),
            })
        }
        Some(Value::String(f)) if f == dicetray_table::log::LOG_FORMAT => table_rolls(&text),
        Some(other) => Err(format!("`format` is {other}, which `dicetray luck` does not read; it reads {allowed}")),
    }
}

/// A History entry's roll: its total checked against its replay, then its luck (`dicetray_saved::luck`).
fn history_roll(e: &HistoryEntry, dists: &mut Dists) -> Rolled {
    let roller = e.character.as_ref().map_or(NO_CHARACTER.to_string(), |c| c.name.clone());
    let what = match &e.source {
        RollSource::System { request } => request_words(request),
        RollSource::Notation { expr, .. } => expr.clone(),
    };
    let luck = entry_luck(e, dists);
    Rolled { id: e.id.clone(), roller, what, result: result_words(e.system_id(), &e.outcome, e.total), luck }
}

/// `Success, total 18`; `Hits 2`; a Tray roll's `total 7`.
fn result_words(system_id: &str, outcome: &str, total: f64) -> String {
    let (name, said) = total_words(system_id, total);
    if system(system_id).is_some() {
        format!("{}, {} {said}", words(system_id, outcome), name.to_lowercase())
    } else {
        format!("total {said}")
    }
}

/// Every roll of a table log, replayed as `verify` does: verified rolls with their luck, the others skipped.
fn table_rolls(text: &str) -> Result<Rolls, String> {
    let log = TableLog::read(text)?;
    let done = replay(&log);
    let mut dists = Dists::default();
    let (mut rolls, mut skipped) = (Vec::new(), Vec::new());
    for roll in done.table.rolls() {
        let roller = done.table.name_of(&roll.roller);
        let state = match &roll.status {
            Status::Verified => None,
            Status::Failed(why) => Some(format!("it failed verification ({why})")),
            Status::NotRevealed => Some("it was never revealed".to_string()),
            Status::Sealed => Some("it is sealed, not revealed".to_string()),
            Status::Pending => Some("it is still pending".to_string()),
        };
        let (Some(request), Some(result), None) = (&roll.request, &roll.result, &state) else {
            let reason = state.unwrap_or_else(|| "its request or result is missing".to_string());
            skipped.push(Skipped { id: roll.id.clone(), roller, reason });
            continue;
        };
        let (what, result, luck) = table_roll(request, result, &mut dists);
        rolls.push(Rolled { id: roll.id.clone(), roller, what, result, luck });
    }
    Ok(Rolls { kind: "table-log", rolls, skipped })
}

/// A verified table roll of `request` with `result` (the rules crate's roll as JSON, or notation's with its `total`):
/// what was rolled and what it gave, in words, and its luck. Each is read once, for the words and the luck alike.
fn table_roll(request: &RollRequest, result: &Value, dists: &mut Dists) -> (String, String, Result<Luck, NotComputed>) {
    match request {
        RollRequest::System { json } => {
            let read = Request::from_json(json).map_err(|e| format!("its request does not read: {e}"));
            let summary = serde_json::from_value::<Roll>(result.clone())
                .map(|r| r.summary())
                .map_err(|e| format!("its result does not read: {e}"));
            let what = read.as_ref().map_or_else(|_| "an unreadable request".to_string(), request_words);
            let said = summary
                .as_ref()
                .map_or_else(|_| "an unreadable result".to_string(), |s| result_words(&s.system, &s.outcome, s.total));
            let luck = match (read, &summary) {
                (Ok(request), Ok(s)) => dists.luck(&RollSource::System { request }, s.total),
                (Err(e), _) => Err(e),
                (_, Err(e)) => Err(e.clone()),
            };
            (what, said, luck)
        }
        RollRequest::Notation { text, version } => {
            let total = result.get("total").and_then(Value::as_f64);
            let said =
                total.map_or_else(|| "an unreadable result".to_string(), |t| result_words("notation", "total", t));
            let luck = match total {
                Some(t) => dists.luck(&RollSource::Notation { expr: text.clone(), version: *version }, t),
                None => Err("its result has no numeric `total`".to_string()),
            };
            (text.clone(), said, luck)
        }
    }
}

/// `24-System: Stealth, rank 3: d8+d10+6 vs DC 15`.
fn request_words(request: &Request) -> String {
    let name = system(request.system_id()).map_or(request.system_id(), |s| s.name);
    format!("{name}: {}", request.describe())
}

/// Each roller's report, in the order the rollers first rolled (`dicetray_saved::luck::by_roller`, as the app's).
fn by_roller(rolls: &[Rolled]) -> Vec<(String, LuckReport)> {
    let refs: Vec<(&str, &str, &Result<Luck, NotComputed>)> =
        rolls.iter().map(|r| (r.id.as_str(), r.roller.as_str(), &r.luck)).collect();
    luck::by_roller(&refs).into_iter().map(|r| (r.roller, r.report)).collect()
}

fn percent(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// A p-value as people read it: `0.41`, `0.0032`, `2.1e-7`.
fn p_words(p: f64) -> String {
    if p >= 0.01 {
        format!("{p:.2}")
    } else if p >= 1e-4 {
        format!("{p:.4}")
    } else {
        format!("{p:.1e}")
    }
}

fn print_text(path: &Path, rolls: &Rolls, rollers: &[(String, LuckReport)]) {
    let kind = match rolls.kind {
        "history" => "an exported History".to_string(),
        _ => "a table log; only verified rolls count".to_string(),
    };
    say!("{} ({kind}): {} rolls", path.display(), rolls.rolls.len());
    say!("luck = the chance of a lower total + half the chance of the same total, under the roll's exact odds (50% is typical)");
    for r in &rolls.rolls {
        let luck = r.luck.as_ref().map_or_else(|_| "not computed".to_string(), |l| format!("luck {}", percent(l.luck)));
        say!("{}  {}  {} -> {}  {luck}", r.id, r.roller, r.what, r.result);
    }
    say!("");
    say!("Rollers (p: the chance that fair dice give a mean luck at least this far from 50%):");
    for (who, report) in rollers {
        say!("  {who}: {}", report_words(report));
    }
    let not_computed: Vec<&Rolled> = rolls.rolls.iter().filter(|r| r.luck.is_err()).collect();
    if !not_computed.is_empty() {
        say!("");
        say!("Not computed ({}):", not_computed.len());
        for r in not_computed {
            say!("  {} ({}): {}", r.id, r.roller, r.luck.as_ref().err().map_or("", String::as_str));
        }
    }
    if !rolls.skipped.is_empty() {
        say!("");
        say!("Not counted, only verified rolls count ({}):", rolls.skipped.len());
        for s in &rolls.skipped {
            say!("  {} ({}): {}", s.id, s.roller, s.reason);
        }
    }
}

/// `3 rolls, mean luck 71.2%, p = 0.21; luckiest e2 (97.2%), unluckiest e1 (12.5%); 1 not computed`.
fn report_words(report: &LuckReport) -> String {
    let mut s = format!("{} roll{}", report.rolls, if report.rolls == 1 { "" } else { "s" });
    if let (Some(mean), Some(p)) = (report.mean, report.p_value) {
        s.push_str(&format!(", mean luck {}, p = {}", percent(mean), p_words(p)));
    }
    if let (Some((best, b)), Some((worst, w))) = (&report.luckiest, &report.unluckiest) {
        s.push_str(&format!("; luckiest {best} ({}), unluckiest {worst} ({})", percent(*b), percent(*w)));
    }
    if !report.not_computed.is_empty() {
        s.push_str(&format!("; {} not computed", report.not_computed.len()));
    }
    s
}

fn to_json(rolls: &Rolls, rollers: &[(String, LuckReport)]) -> Value {
    let extreme = |x: &Option<(String, f64)>| x.as_ref().map(|(id, l)| json!({"id": id, "luck": l}));
    json!({
        "kind": rolls.kind,
        "rolls": rolls.rolls.iter().map(|r| {
            let mut v = json!({"id": r.id, "roller": r.roller, "what": r.what, "result": r.result});
            match &r.luck {
                Ok(l) => {
                    v["luck"] = json!(l.luck);
                    v["variance"] = json!(l.variance);
                }
                Err(why) => {
                    v["luck"] = Value::Null;
                    v["reason"] = json!(why);
                }
            }
            v
        }).collect::<Vec<_>>(),
        "rollers": rollers.iter().map(|(who, r)| json!({
            "roller": who,
            "rolls": r.rolls,
            "mean": r.mean,
            "p_value": r.p_value,
            "z": r.z,
            "variance": r.variance,
            "luckiest": extreme(&r.luckiest),
            "unluckiest": extreme(&r.unluckiest),
            "not_computed": r.not_computed.iter().map(|(id, why)| json!({"id": id, "reason": why})).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "skipped": rolls.skipped.iter().map(|s| json!({"id": s.id, "roller": s.roller, "reason": s.reason})).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_verified_table_rolls_luck_is_read_from_its_result() {
        let json = r#"{"system":"24-system","rank":2,"leverage":1,"dc":16}"#;
        let request = Request::from_json(json).unwrap();
        let roll = request.roll(7).unwrap();
        let result = serde_json::to_value(&roll).unwrap();
        let mut dists = Dists::default();
        let system = RollRequest::System { json: json.into() };
        let (_, _, got) = table_roll(&system, &result, &mut dists);
        assert_eq!(got.unwrap(), request.luck(roll.summary().total).unwrap());
        let bad = RollRequest::System { json: "{".into() };
        let (what, _, got) = table_roll(&bad, &result, &mut dists);
        assert!(got.unwrap_err().starts_with("its request does not read"));
        assert_eq!(what, "an unreadable request");
        let d6 = RollRequest::Notation { text: "1d6".into(), version: 2 };
        let (_, _, got) = table_roll(&d6, &json!({"total": 3.0}), &mut dists);
        assert!((got.unwrap().luck - 5.0 / 12.0).abs() < 1e-15);
        let (_, said, got) = table_roll(&d6, &json!({"dice": []}), &mut dists);
        assert_eq!(got.unwrap_err(), "its result has no numeric `total`");
        assert_eq!(said, "an unreadable result");
    }
}
