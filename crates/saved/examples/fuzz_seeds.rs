//! Writes the seed corpus of the `app_import` fuzz target (`fuzz/seeds/app_import/`): history export files and
//! localStorage blobs in every format version the app reads, and a character export file per system, all made
//! with the app's own export code (`dicetray-saved`) so they are exactly what the app writes.
//!
//! `cargo run -p dicetray-saved --example fuzz_seeds`. Deterministic: same files every run.

use dicetray_rules::systems::Request;
use dicetray_saved::character_file;
use dicetray_saved::history_file::export_json;
use dicetray_saved::{CharacterRef, HistoryEntry, RollSource};
use serde_json::{json, Value};
use std::fs;
use std::path::Path;

const REQUESTS: [&str; 5] = [
    r#"{"system":"24-system","rank":3,"leverage":1,"dc":15,"pressure":[2,{"label":"dark","dc":1}],"attack":true}"#,
    r#"{"system":"remedy","dice":"2d20▲","ability":3,"dominance":1,"threat":2,"dc":12}"#,
    r#"{"system":"total-effect","advantage":1,"escalation":2,"bands":["9+","6-8"]}"#,
    r#"{"system":"ruina-imperii","skill":4,"risk":1,"opponent":{"skill":2,"risk":0,"explode":null},"fortune":"scene"}"#,
    r#"{"system":"hack-and-slash","bonus":1.5,"opponents":[2.5,-1]}"#,
];

fn system_entry(i: usize, request: &str, seed: u64) -> HistoryEntry {
    let request = Request::from_json(request).expect("seed request");
    let s = request.roll(seed).expect("seed roll").summary();
    HistoryEntry {
        id: format!("e{i}"),
        at: 1_763_800_000_000.0 + i as f64 * 1000.0,
        character: i.is_multiple_of(2).then(|| CharacterRef { id: "ada".into(), name: "Ada".into() }),
        source: RollSource::System { request },
        seed,
        outcome: s.outcome.clone(),
        events: s.events,
        total: s.total,
        dice: s.dice,
        text: format!("{}: {} ({})", s.system, s.outcome, s.total),
        saving: Default::default(),
    }
}

fn notation_entry(i: usize, expr: &str, seed: u64) -> HistoryEntry {
    let roll = dicetray_rules::dice::parse(expr).expect("seed expr").roll(seed).expect("seed roll");
    HistoryEntry {
        id: format!("n{i}"),
        at: 1_763_800_100_000.0 + i as f64,
        character: None,
        source: RollSource::Notation { expr: expr.into(), version: dicetray_rules::dice::NOTATION_VERSION },
        seed,
        outcome: "total".into(),
        events: Vec::new(),
        total: dicetray_rules::dice::value::to_f64(roll.total),
        dice: roll.dice(),
        text: roll.text,
        saving: Default::default(),
    }
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds/app_import");
    fs::create_dir_all(&dir).expect("seed dir");
    let write = |name: &str, text: String| fs::write(dir.join(name), text).expect("write seed");

    let mut entries: Vec<HistoryEntry> =
        REQUESTS.iter().enumerate().map(|(i, r)| system_entry(i, r, 40 + i as u64)).collect();
    entries.push(notation_entry(9, "4d6kh3 + 2 [str]", 7));
    entries.push(notation_entry(10, "2d20▲ # remedy marks", 8));
    // The export file (history format v2, compact system entries) and a one-entry file.
    write("history-export-v2.json", export_json(&entries));
    write("history-export-one.json", export_json(&entries[..1]));
    // Format v1 (full entries) and v0 (a bare array without ids), which the app migrates.
    let full: Vec<Value> = entries.iter().map(|e| serde_json::to_value(e).expect("entry")).collect();
    write("history-v1.json", json!({"version": 1, "data": full}).to_string());
    let v0: Vec<Value> = full
        .iter()
        .map(|e| {
            let mut e = e.clone();
            let o = e.as_object_mut().expect("object");
            o.remove("id");
            o.remove("events");
            e
        })
        .collect();
    write("history-v0.json", Value::Array(v0).to_string());
    write("history-meta.json", json!({"version": 2, "data": [], "rev": 3, "cleared_at": 1.0}).to_string());

    // One character export per system, and the characters localStorage blob (v1, with a tombstone) and v0.
    let mut characters = Vec::new();
    for (i, (id, _)) in
        [("24-system", 0), ("remedy", 1), ("total-effect", 2), ("ruina-imperii", 3), ("hack-and-slash", 4)]
            .into_iter()
            .enumerate()
    {
        let mut c = dicetray_saved::Character::new(&format!("Hero {i}"), id).expect("system");
        c.id = format!("hero-{i}");
        c.notes = "notes <b>kept as text</b>".into();
        c.created = 1_763_800_000_000.0;
        c.updated = c.created + 5.0;
        write(&format!("character-{id}.json"), character_file::export_json(&c));
        characters.push(serde_json::to_value(&c).expect("character"));
    }
    write(
        "characters-v1.json",
        json!({"version": 1, "data": characters, "deleted": {"gone": 1_763_800_000_000.0}}).to_string(),
    );
    let v0: Vec<Value> = characters
        .iter()
        .map(|c| {
            let mut c = c.clone();
            let o = c.as_object_mut().expect("object");
            o.remove("created");
            o.remove("updated");
            o.remove("notes");
            c
        })
        .collect();
    write("characters-v0.json", Value::Array(v0).to_string());
    println!("wrote {}", dir.display());
}
