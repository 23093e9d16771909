//! Valid saved data for the browser tests, made natively with the rules crate (so dice and outcomes are real).

use dicetray_rules::systems::Request;
use serde_json::{json, Value};

/// The requests fixtures roll, one per system.
pub const REQUESTS: [&str; 5] = [
    r#"{"system":"24-system","rank":3,"leverage":1,"dc":15}"#,
    r#"{"system":"remedy","dice":"1d20","ability":3,"dc":12}"#,
    r#"{"system":"total-effect","advantage":1}"#,
    r#"{"system":"ruina-imperii","skill":4,"risk":1,"difficulty":2}"#,
    r#"{"system":"hack-and-slash","bonus":1.5,"difficulty":2}"#,
];

/// A history entry: `request` rolled with `seed`, at `at` ms, for `who` = (id, name).
pub fn entry(id: &str, at: f64, who: Option<(&str, &str)>, request: &str, seed: u64) -> Value {
    let request = Request::from_json(request).unwrap_or_else(|e| panic!("fixture request {request}: {e}"));
    let summary = request.roll(seed).unwrap_or_else(|e| panic!("fixture roll: {e}")).summary();
    json!({
        "id": id,
        "at": at,
        "character": who.map(|(id, name)| json!({"id": id, "name": name})),
        "source": {"kind": "system", "request": request},
        "seed": seed,
        "outcome": summary.outcome,
        "events": summary.events,
        "total": summary.total,
        "dice": summary.dice,
        "text": format!("{}: {} ({})", summary.system, summary.outcome, summary.total),
    })
}

/// A Tray (notation) entry.
pub fn notation_entry(id: &str, at: f64, expr: &str, seed: u64) -> Value {
    json!({
        "id": id, "at": at, "character": null,
        "source": {"kind": "notation", "expr": expr},
        "seed": seed, "outcome": "total", "events": [], "total": 7.0,
        "dice": [{"kind": {"kind": "standard", "sides": 6}, "face": 3, "value": 3, "kept": true},
                 {"kind": {"kind": "standard", "sides": 6}, "face": 4, "value": 4, "kept": true}],
        "text": format!("{expr} = 7"),
    })
}

/// A system roll in the app's compact stored form (history format v2): the dice come back by replaying.
pub fn compact_entry(id: &str, at: f64, who: Option<(&str, &str)>, request: &str, seed: u64) -> Value {
    let mut e = entry(id, at, who, request, seed);
    let obj = e.as_object_mut().unwrap();
    for field in ["source", "events", "total", "dice"] {
        obj.remove(field);
    }
    if who.is_none() {
        obj.remove("character");
    }
    obj.insert("r".into(), serde_json::from_str(request).unwrap());
    e
}

/// A history envelope in format v2 (what the app saves).
pub fn history_v2(entries: Vec<Value>) -> String {
    json!({"version": 2, "data": entries}).to_string()
}

/// A history envelope in format v1 (full entries), which the app migrates.
pub fn history(entries: Vec<Value>) -> String {
    json!({"version": 1, "data": entries}).to_string()
}

pub const T0: f64 = 1_763_800_000_000.0;

/// Six rolls: Ada (24-System x3), Bo (Hack & Slash x2), one ad-hoc Tray roll.
pub fn six() -> Vec<Value> {
    vec![
        entry("e1", T0, Some(("ada", "Ada")), REQUESTS[0], 1),
        entry("e2", T0 + 1000.0, Some(("ada", "Ada")), REQUESTS[0], 2),
        entry("e3", T0 + 2000.0, Some(("bo", "Bo")), REQUESTS[4], 3),
        entry("e4", T0 + 3000.0, Some(("ada", "Ada")), REQUESTS[0], 4),
        notation_entry("e5", T0 + 4000.0, "2d6", 5),
        entry("e6", T0 + 5000.0, Some(("bo", "Bo")), REQUESTS[4], 6),
    ]
}

/// `n` rolls across the five systems and four characters, in the compact stored form.
pub fn many(n: usize) -> Vec<Value> {
    let names = [("ada", "Ada"), ("bo", "Bo"), ("cy", "Cy"), ("di", "Di")];
    (0..n)
        .map(|i| {
            let who = (i % 5 != 4).then(|| names[i % 4]);
            compact_entry(&format!("m{i:05}"), T0 + i as f64 * 1000.0, who, REQUESTS[i % 5], i as u64 * 7919 + 1)
        })
        .collect()
}
