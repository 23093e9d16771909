//! The shared dispatch: requests from JSON, errors that name the field and the allowed values, rolls that
//! record their seed and always carry outcome, events, total and dice.

use dicetray_rules::systems::{Request, Roll, SYSTEM_IDS};
use serde_json::Value;

fn error_of(json: &str) -> dicetray_rules::systems::RequestError {
    match Request::from_json(json) {
        Err(e) => e,
        Ok(r) => r.validate().expect_err("the request should be invalid"),
    }
}

#[test]
fn unknown_system_names_the_field_and_lists_the_five_ids() {
    let e = error_of(r#"{"system":"d20-fantasy","rank":3}"#);
    assert_eq!(e.field, "system");
    assert!(e.problem.contains("d20-fantasy"));
    for id in SYSTEM_IDS {
        assert!(e.allowed.contains(id), "{e}");
    }
    assert_eq!(error_of(r#"{"rank":3}"#).field, "system");
    assert_eq!(error_of(r#"{"system":7}"#).field, "system");
}

#[test]
fn rank_9_names_rank_and_0_to_6() {
    let e = error_of(r#"{"system":"24-system","rank":9,"dc":15}"#);
    assert_eq!(e.field, "rank");
    assert!(e.problem.contains('9'));
    assert_eq!(e.allowed, "0 to 6");
    assert_eq!(e.to_string(), "`rank`: 9 is out of range (allowed: 0 to 6)");
}

#[test]
fn leverage_with_crushing_pressure_is_invalid() {
    let e = error_of(r#"{"system":"24-system","rank":3,"leverage":2,"dc":15,"crushing":4}"#);
    assert_eq!(e.field, "leverage");
    assert!(e.problem.contains("Crushing Pressure") && e.problem.contains("crushing"), "{e}");
    assert!(e.allowed.contains("leverage 0"), "{e}");
}

#[test]
fn malformed_band_names_its_index_and_the_band_forms() {
    for (bad, index) in [("9--", 1), ("13-9", 0), ("abc", 2)] {
        let bands = match index {
            0 => format!(r#"["{bad}"]"#),
            1 => format!(r#"["9+","{bad}"]"#),
            _ => format!(r#"["9+","13+","{bad}"]"#),
        };
        let e = error_of(&format!(r#"{{"system":"total-effect","bands":{bands}}}"#));
        assert_eq!(e.field, format!("bands[{index}]"));
        assert!(e.problem.contains(bad));
        assert!(e.allowed.contains("`X+`, `X-` or `X-Y`"), "{e}");
    }
}

#[test]
fn bonus_of_0_3_or_not_a_number_names_bonus_and_half_steps() {
    let e = error_of(r#"{"system":"hack-and-slash","bonus":0.3,"difficulty":2}"#);
    assert_eq!(e.field, "bonus");
    assert!(e.allowed.contains("multiple of 0.5"), "{e}");
    for nan_like in [r#""NaN""#, r#""inf""#, "null", "1e999"] {
        let json = format!(r#"{{"system":"hack-and-slash","bonus":{nan_like},"difficulty":2}}"#);
        let e = error_of(&json);
        assert!(e.field == "bonus" || e.problem.contains("too large to read"), "{json}: {e}");
        if e.field == "bonus" {
            assert!(!e.allowed.is_empty());
        }
    }
    // The typed API meets real NaN and infinity.
    let req = dicetray_rules::systems::hack_and_slash::HackAndSlashRequest {
        bonus: f64::NAN,
        difficulty: Some(0.0),
        opponents: None,
    };
    let e = Request::HackAndSlash(req).validate().unwrap_err();
    assert_eq!(e.field, "bonus");
    assert!(e.allowed.contains("multiple of 0.5"));
}

#[test]
fn ten_thousand_and_one_opponents_names_opponents_and_the_limit() {
    let many = vec!["1"; 10_001].join(",");
    let e = error_of(&format!(r#"{{"system":"hack-and-slash","bonus":1,"opponents":[{many}]}}"#));
    assert_eq!(e.field, "opponents");
    assert!(e.problem.contains("10001"));
    assert!(e.allowed.contains("1 to 10000"), "{e}");
    let ok = vec!["1.5"; 10_000].join(",");
    let r = Request::from_json(&format!(r#"{{"system":"hack-and-slash","bonus":1,"opponents":[{ok}]}}"#)).unwrap();
    assert!(r.odds().is_ok());
}

#[test]
fn missing_or_ill_typed_fields_are_named() {
    let e = error_of(r#"{"system":"24-system","dc":15}"#);
    assert_eq!((e.field.as_str(), e.problem.as_str()), ("rank", "missing"));
    let e = error_of(r#"{"system":"24-system","rank":"three","dc":15}"#);
    assert_eq!(e.field, "rank");
    assert_eq!(e.allowed, "a whole number");
    let e = error_of(r#"{"system":"24-system","rank":3,"dc":15,"pressure":[1,"dark"]}"#);
    assert_eq!(e.field, "pressure[1]");
    assert!(e.allowed.contains("label"), "{e}");
    let e = error_of(r#"{"system":"24-system","rank":3,"dc":15,"called_shot":"tail"}"#);
    assert_eq!(e.field, "called_shot");
    assert!(e.allowed.contains("left_arm"), "{e}");
    let e =
        error_of(r#"{"system":"24-system","rank":3,"dc":15,"pushed":true,"push":{"track":"morale","fiction":"x"}}"#);
    assert_eq!(e.field, "push.track");
    assert!(e.allowed.contains("objective"), "{e}");
    let e = error_of(r#"{"system":"24-system","rank":3,"dc":15,"pushed":true,"push":{"track":"strain"}}"#);
    assert_eq!((e.field.as_str(), e.problem.as_str()), ("push.fiction", "missing"));
    let e = error_of(r#"{"system":"total-effect","escalation_mode":"double"}"#);
    assert_eq!(e.field, "escalation_mode");
    let e = error_of(r#"{"system":"24-system","rank":3,"dc":15,"pressure":[1,11]}"#);
    assert_eq!(e.field, "pressure[1]");
    assert_eq!(error_of("not json").field, "");
}

#[test]
fn pressure_accepts_plain_and_labelled_entries() {
    let r = Request::from_json(
        r#"{"system":"24-system","rank":3,"dc":15,"pressure":[2,{"label":"darkness","dc":2}],"status":[{"dc":1}]}"#,
    )
    .unwrap();
    let Request::TwentyFour(req) = &r else { panic!() };
    assert_eq!(req.effective_dc(), 20);
}

#[test]
fn example_requests_from_the_issue_parse_and_roll() {
    let examples = [
        r#"{"system":"24-system","rank":3,"leverage":2,"dc":15,"pressure":[2,1],"crushing":null,"attack":false,"called_shot":null,"pushed":false}"#,
        r#"{"system":"total-effect","advantage":2,"disadvantage":0,"escalation":1,"modifier":0,"bands":["9+","13+","6-8"]}"#,
        r#"{"system":"hack-and-slash","bonus":1.5,"difficulty":2}"#,
        r#"{"system":"hack-and-slash","bonus":1.5,"opponents":[2.5]}"#,
        r#"{"system":"remedy","dice":"2d20▲","ability":3,"dominance":1,"threat":0,"bonus":0,"dc":14}"#,
        r#"{"system":"remedy","dice":"2d20^","ability":3,"dominance":0,"threat":1,"bonus":0,"opponent":{"dice":"1d20","ability":2,"dominance":0,"threat":0,"bonus":0},"reactive":"self"}"#,
        r#"{"system":"ruina-imperii","skill":3,"risk":1,"explode":null,"difficulty":1,"fortune":false}"#,
        r#"{"system":"ruina-imperii","skill":3,"risk":1,"explode":null,"opponent":{"skill":2,"risk":0,"explode":null},"fortune":false}"#,
    ];
    for json in examples {
        let request = Request::from_json(json).unwrap();
        let roll = request.roll(42).unwrap();
        assert_eq!(roll.seed(), 42);
        assert_eq!(roll, request.roll(42).unwrap(), "replaying the seed gives the same roll");
        let value = serde_json::to_value(&roll).unwrap();
        for key in ["system", "outcome", "events", "total", "dice", "seed"] {
            assert!(value.get(key).is_some(), "{json}: roll JSON lacks {key}: {value}");
        }
        assert_eq!(value["system"], Value::from(request.system_id()));
        assert_eq!(value["seed"], Value::from(42));
        let summary = roll.summary();
        assert_eq!(summary.system, request.system_id());
        assert!(request.outcomes().contains(&summary.outcome.as_str()));
        let back: Roll = serde_json::from_value(value).unwrap();
        assert_eq!(back, roll, "a saved roll reads back the same");
        let request_back: Request = serde_json::from_value(serde_json::to_value(&request).unwrap()).unwrap();
        assert_eq!(request_back, request);
        let odds = request.odds().unwrap();
        let names: Vec<&str> = odds.outcomes.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, request.outcomes());
    }
}

#[test]
fn only_an_unpushed_24_system_miss_can_be_pushed() {
    let miss_request = Request::from_json(r#"{"system":"24-system","rank":6,"dc":30}"#).unwrap();
    let roll = miss_request.roll(1).unwrap();
    assert_eq!(roll.summary().outcome, "miss");
    assert!(roll.can_push());
    let other =
        Request::from_json(r#"{"system":"hack-and-slash","bonus":-10,"difficulty":20}"#).unwrap().roll(1).unwrap();
    assert_eq!(other.summary().outcome, "failure");
    assert!(!other.can_push());
}
