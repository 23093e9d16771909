//! `dicetray verify FILE` on transcripts built by honest devices, then with one die changed.

mod common;

use common::{key, Transcript};
use dicetray_table::log::LoggedMessage;
use dicetray_table::*;
use std::process::{Command, Output};

/// Three devices; player0 rolls `fireball` (8d6) and player1 `stealth` (1d20+5), both honest.
fn transcript() -> TableLog {
    let mut t = Transcript::new("verify test");
    t.honest_roll(0, "fireball", RollRequest::Notation { text: "8d6".into(), version: 2 });
    t.honest_roll(1, "stealth", RollRequest::Notation { text: "1d20+5".into(), version: 2 });
    t.log
}

fn verify(log: &TableLog, name: &str) -> Output {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, log.to_json()).unwrap();
    Command::new(env!("CARGO_BIN_EXE_dicetray")).arg("verify").arg(&path).output().unwrap()
}

/// Add one to the first die's `value` in a JSON roll.
fn change_one_die(v: &mut serde_json::Value) -> bool {
    match v {
        serde_json::Value::Object(m) => {
            if let Some(serde_json::Value::Number(n)) = m.get("value") {
                let changed = n.as_i64().unwrap() % 6 + 1;
                m.insert("value".into(), changed.into());
                return true;
            }
            m.values_mut().any(change_one_die)
        }
        serde_json::Value::Array(a) => a.iter_mut().any(change_one_die),
        _ => false,
    }
}

#[test]
fn an_honest_transcript_verifies_roll_by_roll() {
    let o = verify(&transcript(), "honest.json");
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{text}");
    assert!(text.contains("roll `fireball` by player0"), "{text}");
    assert!(text.contains("roll `stealth` by player1"), "{text}");
    assert_eq!(text.matches(": verified").count(), 2, "{text}");
    assert!(text.contains("2 rolls, 0 failed, 0 messages refused"), "{text}");
}

#[test]
fn a_transcript_with_one_die_changed_fails_naming_the_roll() {
    let mut log = transcript();
    let reveal =
        log.messages.iter_mut().rev().find(|m| m.message.contains("stealth") && m.message.contains("reveal")).unwrap();
    let mut wire: serde_json::Value = serde_json::from_str(&reveal.message).unwrap();
    let mut signed: serde_json::Value = serde_json::from_str(wire["signed"].as_str().unwrap()).unwrap();
    assert!(change_one_die(&mut signed["body"]["result"]));
    wire["signed"] = serde_json::Value::String(signed.to_string());
    reveal.message = wire.to_string();
    let o = verify(&log, "one-die.json");
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(!o.status.success(), "{text}");
    assert!(text.contains("roll `stealth` by player1"), "{text}");
    assert!(text.contains("FAILED: a message about it was refused"), "{text}");
    assert!(text.contains("roll `fireball` by player0") && text.contains(": verified"), "{text}");
    assert!(text.contains("2 rolls, 1 failed, 1 messages refused"), "{text}");
}

#[test]
fn a_file_that_is_not_a_table_log_is_refused_with_the_reason() {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("not-a-log.json");
    std::fs::write(&path, r#"{"format":"dicetray-history","version":1}"#).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_dicetray")).arg("verify").arg(&path).output().unwrap();
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("`format` is Some(\"dicetray-history\"), not \"dicetray-table-log\""), "{err}");
}

/// A table log exported by the browser test of table mode (`tests/e2e/table.rs`, `table_session`, with
/// `DICETRAY_TABLE_LOG_DIR` set): three browsers over WebRTC and a relay, a GM request, a hidden roll revealed,
/// and a native peer's tampered reveal.
const BROWSER_SESSION: &str = include_str!("fixtures/browser-session.json");

#[test]
fn a_log_exported_from_a_browser_session_verifies_and_names_the_tampered_roll() {
    let log = TableLog::read(BROWSER_SESSION).expect("the fixture is a table log");
    let o = verify(&log, "browser-session.json");
    let text = String::from_utf8_lossy(&o.stdout);
    // The native cheater's roll is in the log, failed; every browser's roll verifies.
    assert!(!o.status.success(), "{text}");
    assert_eq!(text.matches("FAILED").count(), 1, "only the cheater's roll fails: {text}");
    assert!(text.contains("by Mallory") && text.contains("dice"), "{text}");
    let verified = text.matches(": verified").count();
    assert!(verified >= 3, "the browsers' rolls verify: {text}");
    // Bea's answer to the GM's request for Stealth from her 24-System sheet: her rank, the GM's DC, its outcome.
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().position(|l| l.contains("24-System: Stealth, rank 3")).unwrap_or_else(|| panic!("{text}"));
    assert!(lines[at].contains("vs DC 15 -> ") && lines[at].contains(", total "), "{text}");
    assert!(lines[at - 1].contains("by Bea") && lines[at - 1].ends_with(": verified"), "{text}");
    assert!(
        lines[at + 1].contains("answers Gale") && lines[at + 1].ends_with("Stealth (from the 24-System sheet), DC 15")
    );

    // One die of a browser's roll changed: that roll fails too, named.
    let mut log = log;
    let reveal = log
        .messages
        .iter_mut()
        .find(|m| m.message.contains(r#"\"type\":\"reveal\""#) && !m.message.contains("mallory"))
        .expect("a browser's reveal");
    let mut wire: serde_json::Value = serde_json::from_str(&reveal.message).unwrap();
    let mut signed: serde_json::Value = serde_json::from_str(wire["signed"].as_str().unwrap()).unwrap();
    let roll = signed["body"]["roll"].as_str().unwrap().to_string();
    assert!(change_one_die(&mut signed["body"]["result"]));
    wire["signed"] = serde_json::Value::String(signed.to_string());
    reveal.message = wire.to_string();
    let o = verify(&log, "browser-session-one-die.json");
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(text.matches("FAILED").count(), 2, "{text}");
    let line = text.lines().find(|l| l.starts_with(&format!("roll `{roll}`"))).unwrap_or_default();
    assert!(line.contains("FAILED: a message about it was refused"), "{text}");
    assert_eq!(text.matches(": verified").count(), verified - 1, "{text}");
}

#[test]
fn a_contribution_that_reached_the_roller_after_its_reveal_is_named_not_failed() {
    let mut log = transcript();
    let hash = table_hash("verify test");
    let roll = "stealth";
    // A fourth device says hello and contributes to player1's roll after its reveal.
    let mut fourth = key(4);
    let hello = fourth.seal(hash, Body::Hello { name: "player3".into(), character: None });
    let late =
        fourth.seal(hash, Body::Contribution { roll: roll.into(), roller: key(2).public(), bytes: Bytes32([9; 32]) });
    for msg in [hello, late] {
        log.messages.push(LoggedMessage { at_ms: 40, message: String::from_utf8(msg).unwrap() });
    }
    let out = verify(&log, "late.json");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("roll `stealth` by player1"), "{stdout}");
    assert!(stdout.contains("verified"), "{stdout}");
    let line = format!("without the randomness of player3 ({})", fourth.public().short());
    assert!(stdout.contains(&line), "{stdout}");
    assert!(stdout.contains("2 rolls, 0 failed, 0 messages refused"), "{stdout}");
}
