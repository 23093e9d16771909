//! `dicetray luck FILE`: a History file written by the real export from seeded rolls, and a table log made by the
//! real table code, each roll's luck checked against the mid-rank of its total computed here by brute force
//! (every face combination listed), and each roller's mean and p-value against those lucks; then the errors.

mod common;

use common::Transcript;
use dicetray_rules::dice::{parse, value};
use dicetray_rules::luck::two_sided_p;
use dicetray_rules::systems::remedy::{with_chosen_rerolls, Remedy, RemedyRequest};
use dicetray_rules::systems::{Request, Summary};
use dicetray_saved::entry::{CharacterRef, HistoryEntry, RollSource};
use dicetray_saved::history_file::export_json;
use dicetray_table::*;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::{Command, Output};

fn write(name: &str, text: &str) -> PathBuf {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn luck(path: &std::path::Path, json: bool) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_dicetray"));
    c.arg("luck").arg(path);
    if json {
        c.arg("--json");
    }
    c.output().unwrap()
}

fn json_of(o: &Output) -> Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

/// A distribution listed by brute force: every combination of faces of `sides`, totalled by `total`.
fn brute(sides: &[i64], total: impl Fn(&[i64]) -> f64) -> Vec<(f64, f64)> {
    let mut m: BTreeMap<i64, f64> = BTreeMap::new();
    let w = 1.0 / sides.iter().product::<i64>() as f64;
    let mut faces = vec![1; sides.len()];
    loop {
        *m.entry((total(&faces) * 2.0) as i64).or_insert(0.0) += w;
        let Some(i) = (0..sides.len()).find(|&i| faces[i] < sides[i]) else { break };
        faces[i] += 1;
        faces[..i].iter_mut().for_each(|f| *f = 1);
    }
    m.into_iter().map(|(v, p)| (v as f64 / 2.0, p)).collect()
}

/// P(X < x) + P(X = x) / 2 and (1 - Σ p³) / 12.
fn mid_rank(dist: &[(f64, f64)], x: f64) -> (f64, f64) {
    let below: f64 = dist.iter().filter(|(v, _)| *v < x).map(|(_, p)| p).sum();
    let at: f64 = dist.iter().filter(|(v, _)| *v == x).map(|(_, p)| p).sum();
    (below + at / 2.0, (1.0 - dist.iter().map(|(_, p)| p.powi(3)).sum::<f64>()) / 12.0)
}

/// The rolls of the History test, each with its brute-force distribution.
struct Case {
    source: &'static str,
    dist: Vec<(f64, f64)>,
}

fn cases() -> Vec<Case> {
    vec![
        Case {
            // rank 3: d8 + d10 + 6, Leverage 1: d4; the two highest + 6.
            source: r#"{"system":"24-system","rank":3,"leverage":1,"dc":15}"#,
            dist: brute(&[8, 10, 4], |f| {
                let mut s = f.to_vec();
                s.sort_unstable();
                (s[1] + s[2] + 6) as f64
            }),
        },
        Case {
            // Success level in halves: (d6 + 1.5) - (d6 + 2).
            source: r#"{"system":"hack-and-slash","bonus":1.5,"difficulty":2}"#,
            dist: brute(&[6, 6], |f| (f[0] as f64 + 1.5) - (f[1] as f64 + 2.0)),
        },
        Case {
            // 4d6 keep the highest 3 + Escalation 2.
            source: r#"{"system":"total-effect","advantage":1,"escalation":2}"#,
            dist: brute(&[6, 6, 6, 6], |f| {
                let mut s = f.to_vec();
                s.sort_unstable();
                (s[1] + s[2] + s[3] + 2) as f64
            }),
        },
        Case {
            // 1d20 + 3 - 1d6 (threat), ♻ never rerolls.
            source: r#"{"system":"remedy","dice":"1d20","ability":3,"threat":1,"dc":12,"reroll":"never"}"#,
            dist: brute(&[20, 6], |f| (f[0] + 3 - f[1]) as f64),
        },
        Case { source: "2d6+1", dist: brute(&[6, 6], |f| (f[0] + f[1] + 1) as f64) },
        Case { source: "1d3/2", dist: brute(&[3], |f| f[0] as f64 / 2.0) },
    ]
}

fn entry(id: String, who: Option<&str>, source: &str, seed: u64) -> HistoryEntry {
    let character = who.map(|n| CharacterRef { id: n.to_lowercase(), name: n.to_string() });
    if source.starts_with('{') {
        let request = Request::from_json(source).unwrap();
        let summary = request.roll(seed).unwrap().summary();
        HistoryEntry::system_roll(id, 1000.0 + seed as f64, character, request, seed, summary, "roll".into())
    } else {
        let roll = parse(source).unwrap().roll(seed).unwrap();
        let summary = Summary {
            system: "notation".into(),
            outcome: "total".into(),
            events: Vec::new(),
            total: value::to_f64(roll.total),
            dice: roll.dice(),
        };
        let source = RollSource::Notation { expr: source.into(), version: 2 };
        HistoryEntry::rolled(id, 1000.0 + seed as f64, character, source, seed, summary, roll.text)
    }
}

#[test]
fn every_history_rolls_luck_and_each_rollers_mean_match_brute_force() {
    let cases = cases();
    let who = [Some("Ada"), Some("Bea"), None];
    let mut entries = Vec::new();
    // (roller, luck, variance) of every entry, by brute force.
    let mut expected: Vec<(String, f64, f64)> = Vec::new();
    for seed in 0..60u64 {
        let case = &cases[seed as usize % cases.len()];
        let roller = who[seed as usize % 3];
        let e = entry(format!("e{seed}"), roller, case.source, seed);
        let (l, var) = mid_rank(&case.dist, e.total);
        expected.push((roller.unwrap_or("(no character)").to_string(), l, var));
        entries.push(e);
    }
    // A Remedy roll whose d20 the player picked to reroll after seeing it: no luck, and the reason.
    let base: RemedyRequest = serde_json::from_str(r#"{"dice":"2d20▲♻♻♻♻♻♻♻♻♻♻","dc":12,"reroll":"never"}"#).unwrap();
    let (seed, first) = (0..)
        .map(|s| (s, Remedy::roll_seeded(&base, s).unwrap()))
        .find(|(_, r)| !r.check.rerollable.is_empty())
        .unwrap();
    let (picked, again) = with_chosen_rerolls(&base, &first, &first.check.rerollable[..1]).unwrap();
    let summary = Request::Remedy(picked.clone()).roll(seed).unwrap().summary();
    assert_eq!(summary.total, again.total as f64);
    entries.push(HistoryEntry::system_roll(
        "picked".into(),
        5000.0,
        Some(CharacterRef { id: "ada".into(), name: "Ada".into() }),
        Request::Remedy(picked),
        seed,
        summary,
        "roll".into(),
    ));
    // An entry whose recorded total is not what its request and seed give.
    let mut wrong = entry("wrong".into(), Some("Bea"), "2d6+1", 7);
    let rolled = wrong.total;
    wrong.total += 1.0;
    entries.push(wrong);

    let path = write("luck-history.json", &export_json(&entries));
    let out = json_of(&luck(&path, true));
    let rolls = out["rolls"].as_array().unwrap();
    assert_eq!(rolls.len(), 62);
    for (r, (roller, l, _)) in rolls.iter().zip(&expected) {
        assert_eq!(r["roller"], roller.as_str(), "{r}");
        let got = r["luck"].as_f64().unwrap_or_else(|| panic!("no luck: {r}"));
        assert!((got - l).abs() < 1e-12, "{}: luck {got}, brute force {l}", r["id"]);
    }
    assert_eq!(rolls[60]["id"], "picked");
    assert!(rolls[60]["luck"].is_null());
    assert!(rolls[60]["reason"].as_str().unwrap().contains("picked which d20s to reroll"), "{}", rolls[60]);
    assert!(rolls[61]["luck"].is_null());
    let said = format!("recorded total {} is not the {} its request and seed give", rolled + 1.0, rolled);
    assert!(rolls[61]["reason"].as_str().unwrap().contains(&said), "{}", rolls[61]);

    let rollers = out["rollers"].as_array().unwrap();
    assert_eq!(
        rollers.iter().map(|r| r["roller"].as_str().unwrap()).collect::<Vec<_>>(),
        ["Ada", "Bea", "(no character)"]
    );
    for r in rollers {
        let mine: Vec<&(String, f64, f64)> = expected.iter().filter(|e| e.0 == r["roller"]).collect();
        let n = mine.len() as f64;
        let mean = mine.iter().map(|e| e.1).sum::<f64>() / n;
        let var = mine.iter().map(|e| e.2).sum::<f64>() / (n * n);
        assert_eq!(r["rolls"], mine.len(), "{r}");
        assert!((r["mean"].as_f64().unwrap() - mean).abs() < 1e-12, "{r}: mean {mean}");
        assert!((r["p_value"].as_f64().unwrap() - two_sided_p((mean - 0.5) / var.sqrt())).abs() < 1e-12, "{r}");
        let best = mine.iter().map(|e| e.1).fold(f64::MIN, f64::max);
        assert!((r["luckiest"]["luck"].as_f64().unwrap() - best).abs() < 1e-12, "{r}");
    }
    assert_eq!(rollers[0]["not_computed"][0]["id"], "picked");
    assert_eq!(rollers[1]["not_computed"][0]["id"], "wrong");

    let text = luck(&path, false);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("an exported History): 62 rolls"), "{text}");
    assert!(text.contains("\n  Ada: 20 rolls, mean luck "), "{text}");
    assert!(text.contains("Not computed (2):\n  picked (Ada): "), "{text}");
    assert!(text.contains("\n  (no character): 20 rolls"), "{text}");
    assert!(text.contains("p: the chance that fair dice give a mean luck at least this far from 50%"), "{text}");
}

/// Three devices: player0 rolls `a` (3d6) and `c` (a 24-System request), player1 `b` (1d20+5), all honest, and
/// player1 announces `d`, never revealed.
fn transcript() -> TableLog {
    let mut t = Transcript::new("luck test");
    t.honest_roll(0, "a", RollRequest::Notation { text: "3d6".into(), version: 2 });
    t.honest_roll(1, "b", RollRequest::Notation { text: "1d20+5".into(), version: 2 });
    t.honest_roll(0, "c", RollRequest::System { json: r#"{"system":"24-system","rank":6,"dc":15}"#.into() });
    let request = RollRequest::Notation { text: "1d6".into(), version: 2 };
    let intent =
        t.ids[1].seal(t.hash, Body::Intent { roll: "d".into(), request, commitment: commitment(&Bytes32([9; 32])) });
    t.push(intent, 40);
    t.log
}

#[test]
fn a_table_logs_verified_rolls_have_their_brute_force_luck_and_the_others_are_named() {
    let log = transcript();
    let path = write("luck-table.json", &log.to_json());
    let out = json_of(&luck(&path, true));
    assert_eq!(out["kind"], "table-log");
    let rolls = out["rolls"].as_array().unwrap();
    assert_eq!(rolls.iter().map(|r| r["id"].as_str().unwrap()).collect::<Vec<_>>(), ["a", "b", "c"]);
    let dists = [
        brute(&[6, 6, 6], |f| f.iter().sum::<i64>() as f64),
        brute(&[20], |f| (f[0] + 5) as f64),
        // rank 6: 2d6 + 12.
        brute(&[6, 6], |f| (f[0] + f[1] + 12) as f64),
    ];
    let table = replay(&log).table;
    let mut by_roller: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for ((r, dist), who) in rolls.iter().zip(&dists).zip(["player0 (", "player1 (", "player0 ("]) {
        assert!(r["roller"].as_str().unwrap().starts_with(who), "{r}");
        let t = table.rolls().iter().find(|x| x.id == r["id"]).unwrap();
        let total = t.result.as_ref().unwrap()["total"].as_f64().unwrap();
        let (l, _) = mid_rank(dist, total);
        assert!((r["luck"].as_f64().unwrap() - l).abs() < 1e-12, "{r}: brute force {l}");
        by_roller.entry(r["roller"].as_str().unwrap().to_string()).or_default().push(l);
    }
    for r in out["rollers"].as_array().unwrap() {
        let mine = &by_roller[r["roller"].as_str().unwrap()];
        let mean = mine.iter().sum::<f64>() / mine.len() as f64;
        assert!((r["mean"].as_f64().unwrap() - mean).abs() < 1e-12, "{r}");
        assert_eq!(r["rolls"], mine.len());
    }
    assert_eq!(out["skipped"][0]["id"], "d");
    let text = luck(&path, false);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("(a table log; only verified rolls count): 3 rolls"), "{text}");
    assert!(text.contains("Not counted, only verified rolls count (1):\n  d (player1 ("), "{text}");
}

#[test]
fn bad_files_are_refused_naming_what_is_wrong_and_what_is_read() {
    let check = |name: &str, text: Option<&str>, expected: &str| {
        let path = match text {
            Some(t) => write(name, t),
            None => std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name),
        };
        let o = luck(&path, false);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{name}: {err}");
        assert!(err.starts_with("error: ") && err.contains(expected), "{name}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(o.stdout.is_empty());
    };
    check("no-such-file.json", None, "no-such-file.json: cannot read the file");
    check("not-json.json", Some("{\"version\": 2,"), "not a JSON file");
    check("array.json", Some("[1, 2]"), "not an object; `dicetray luck` reads an exported History file");
    check(
        "other-format.json",
        Some(r#"{"format":"dicetray-characters","version":1}"#),
        r#"`format` is "dicetray-characters", which `dicetray luck` does not read; it reads an exported History"#,
    );
    check("old-log.json", Some(r#"{"format":"dicetray-table-log","version":9}"#), "`version` is Some(9)");
    let mut v: Value =
        serde_json::from_str(&export_json(&[entry("a".into(), None, "2d6+1", 1), entry("b".into(), None, "2d6+1", 2)]))
            .unwrap();
    v["data"][1].as_object_mut().unwrap().remove("seed");
    check("bad-entry.json", Some(&v.to_string()), "entry 1:");
    v["data"][1]["seed"] = 2.into();
    v["data"][1]["source"] =
        serde_json::json!({"kind": "system", "request": {"system": "24-system", "rank": 9, "dc": 1}});
    check("bad-request.json", Some(&v.to_string()), "entry 1: field `source.request`");
}
