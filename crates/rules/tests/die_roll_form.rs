//! A rolled die's serde form: saved history and the table's messages carry `DieRoll`s, so the JSON written and
//! read must not change, whatever the type's fields become (a smaller `DieRoll` was measured for the roller's speed
//! and not kept for its size in the app; bench/README.md, thirteenth session).

use dicetray_rules::die::{DieKind, DieRoll};

/// A die with every optional field set.
fn marked() -> DieRoll {
    let mut d = DieRoll::new(DieKind::Standard(6), 6).with_role("opponent_d20");
    d.value = 9;
    d.exploded = true;
    d.from_explosion = true;
    d.penetrated = true;
    d.compounded = vec![2, 1];
    d.rerolled = vec![1];
    d.count = 1;
    d.critical = -1;
    d.clamped = true;
    d
}

const MARKED: &str = r#"{"kind":{"kind":"standard","sides":6},"face":6,"value":9,"kept":true,"exploded":true,"from_explosion":true,"penetrated":true,"compounded":[2,1],"rerolled":[1],"count":1,"critical":-1,"clamped":true,"maxed":true,"role":"opponent_d20"}"#;
const PLAIN: &str = r#"{"kind":{"kind":"fudge"},"face":-1,"value":-1,"kept":false}"#;

#[test]
fn a_die_is_written_as_before() {
    assert_eq!(serde_json::to_string(&marked()).unwrap(), MARKED);
    let mut plain = DieRoll::new(DieKind::Fudge, -1);
    plain.kept = false;
    assert_eq!(serde_json::to_string(&plain).unwrap(), PLAIN);
}

#[test]
fn a_die_is_read_as_before() {
    assert_eq!(serde_json::from_str::<DieRoll>(MARKED).unwrap(), marked());
    let plain: DieRoll = serde_json::from_str(PLAIN).unwrap();
    assert!(plain.compounded.is_empty() && plain.rerolled.is_empty() && plain.role.is_none() && !plain.kept);
    // empty lists and a null role, as an older writer may have written them, read the same
    let spelled =
        r#"{"kind":{"kind":"fudge"},"face":-1,"value":-1,"kept":false,"compounded":[],"rerolled":[],"role":null}"#;
    assert_eq!(serde_json::from_str::<DieRoll>(spelled).unwrap(), plain);
    // a list that is not a list is refused, with serde's message for a Vec
    let wrong = r#"{"kind":{"kind":"fudge"},"face":-1,"value":-1,"kept":false,"rerolled":3}"#;
    let e = serde_json::from_str::<DieRoll>(wrong).unwrap_err().to_string();
    assert!(e.starts_with("invalid type: integer `3`, expected a sequence"), "{e}");
}
