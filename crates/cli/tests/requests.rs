//! `dicetray roll|odds --request JSON`: the rule systems on the command line.

use dicetray_rules::systems::Request;
use serde_json::Value;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dicetray")).args(args).output().expect("run dicetray")
}

fn json_of(o: &Output) -> Value {
    assert!(o.status.success(), "failed: {}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("JSON on stdout")
}

const EXAMPLES: [&str; 5] = [
    r#"{"system":"24-system","rank":3,"leverage":2,"dc":15,"pressure":[2,1],"crushing":null,"attack":false,"called_shot":null,"pushed":false}"#,
    r#"{"system":"remedy","dice":"2d20▲","ability":3,"dominance":1,"threat":0,"bonus":0,"dc":14}"#,
    r#"{"system":"total-effect","advantage":2,"disadvantage":0,"escalation":1,"modifier":0,"bands":["9+","13+","6-8"]}"#,
    r#"{"system":"ruina-imperii","skill":3,"risk":1,"explode":null,"difficulty":1,"fortune":false}"#,
    r#"{"system":"hack-and-slash","bonus":1.5,"opponents":[2.5]}"#,
];

#[test]
fn odds_json_matches_the_engine_for_every_system() {
    for request in EXAMPLES {
        let v = json_of(&run(&["odds", "--request", request, "--json"]));
        let expected = Request::from_json(request).unwrap().odds().unwrap();
        assert_eq!(v["system"], Request::from_json(request).unwrap().system_id());
        let outcomes = v["outcomes"].as_object().unwrap();
        assert_eq!(outcomes.len(), expected.outcomes.len());
        for c in &expected.outcomes {
            assert!((outcomes[&c.name].as_f64().unwrap() - c.p).abs() < 1e-15, "{request}: {}", c.name);
        }
        let sum: f64 = outcomes.values().map(|p| p.as_f64().unwrap()).sum();
        assert!((sum - 1.0).abs() < 1e-9, "{request}: outcomes sum to {sum}");
        for c in &expected.events {
            assert!((v["events"][&c.name].as_f64().unwrap() - c.p).abs() < 1e-15, "{request}: {}", c.name);
        }
    }
}

#[test]
fn total_effect_has_one_event_per_band_and_24_system_partial_critical() {
    let v = json_of(&run(&["odds", "--request", EXAMPLES[2], "--json"]));
    let events = v["events"].as_object().unwrap();
    for band in ["9+", "13+", "6-8"] {
        assert!(events.contains_key(band), "no event for band {band}: {v}");
    }
    let v = json_of(&run(&["odds", "--request", EXAMPLES[0], "--json"]));
    assert!(v["events"]["partial_critical"].as_f64().unwrap() > 0.0);
}

#[test]
fn roll_json_is_replayable_from_the_seed() {
    for request in EXAMPLES {
        let a = json_of(&run(&["roll", "--request", request, "--seed", "99", "--json"]));
        let b = json_of(&run(&["roll", "--request", request, "--seed", "99", "--json"]));
        assert_eq!(a, b, "same request and seed, same roll");
        for key in ["system", "outcome", "events", "total", "dice", "seed"] {
            assert!(a.get(key).is_some(), "{request}: roll JSON lacks {key}");
        }
        assert_eq!(a["seed"], 99);
        let expected = serde_json::to_value(Request::from_json(request).unwrap().roll(99).unwrap()).unwrap();
        assert_eq!(a, expected, "the CLI prints the engine's roll");
    }
}

#[test]
fn invalid_requests_exit_non_zero_naming_the_field_and_allowed_values() {
    let cases = [
        (r#"{"system":"chess"}"#, "system", "24-system"),
        (r#"{"system":"24-system","rank":9,"dc":15}"#, "rank", "0"),
        (r#"{"system":"24-system","rank":3,"leverage":2,"dc":15,"crushing":4}"#, "leverage", "crushing"),
        (
            r#"{"system":"total-effect","advantage":0,"disadvantage":0,"escalation":0,"modifier":0,"bands":["9--"]}"#,
            "bands[0]",
            "X+",
        ),
        (r#"{"system":"hack-and-slash","bonus":0.3,"difficulty":2}"#, "bonus", "0.5"),
    ];
    for (request, field, allowed) in cases {
        for cmd in ["odds", "roll"] {
            let o = run(&[cmd, "--request", request]);
            assert!(!o.status.success(), "{cmd} {request} should fail");
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(err.contains(&format!("`{field}`")), "{request}: error does not name `{field}`: {err}");
            assert!(err.contains(allowed), "{request}: error does not say what is allowed ({allowed}): {err}");
            assert!(o.stdout.is_empty(), "nothing on stdout for a bad request");
        }
    }
}

#[test]
fn a_request_and_an_expression_together_are_refused() {
    let o = run(&["odds", "2d6", "--request", EXAMPLES[0]]);
    assert!(!o.status.success());
}

#[test]
fn a_remedy_request_without_reroll_gets_best_on_the_command_line() {
    // 1d20 with 12 ♻ against DC 5 (see the rules crate's tests): never 0.75, always 0.85, best 0.9375.
    let p = |request: &str| {
        let v = json_of(&run(&["odds", "--request", request, "--json"]));
        v["outcomes"]["success"].as_f64().unwrap() + v["outcomes"]["triumph"].as_f64().unwrap()
    };
    let base = r#"{"system":"remedy","dice":"1d20~~~~~~~~~~~~","dc":5"#;
    assert!((p(&format!("{base}}}")) - 0.9375).abs() < 1e-12);
    assert!((p(&format!(r#"{base},"reroll":"always"}}"#)) - 0.85).abs() < 1e-12);
    assert!((p(&format!(r#"{base},"reroll":"never"}}"#)) - 0.75).abs() < 1e-12);
}

fn text_of(request: &str, seed: &str) -> String {
    let o = run(&["roll", "--request", request, "--seed", seed]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn text_output_says_what_the_roll_decided() {
    // A pushed 24-System attack: the pushed DC, the complication and where the hit landed.
    let pushed = r#"{"system":"24-system","rank":0,"dc":20,"attack":true,"pushed":true,"push":{"track":"strain","fiction":"I run"}}"#;
    let hit = (0..200).map(|s| text_of(pushed, &s.to_string())).find(|t| t.contains(": Success")).unwrap();
    for want in ["DC 20 pushed to DC 18", "complication: minor on the strain track: I run", "hit location: "] {
        assert!(hit.contains(want), "{want:?} missing from\n{hit}");
    }
    let miss = (0..200).map(|s| text_of(pushed, &s.to_string())).find(|t| t.contains(": Miss")).unwrap();
    assert!(miss.contains("complication: major on the strain track"), "{miss}");
    // Remedy: the dice ♻ rerolled, the kept die and the DC.
    let remedy = r#"{"system":"remedy","dice":"2d20^~~~~~~~~~","dc":12,"reroll":"always"}"#;
    let t = (0..200).map(|s| text_of(remedy, &s.to_string())).find(|t| t.contains("rerolled (♻): d20 #")).unwrap();
    assert!(t.contains("against DC 12") && t.contains("keeps"), "{t}");
    // Total//Effect: the Effect dice; Hack & Slash: the success level and each opponent.
    let t = text_of(r#"{"system":"total-effect","advantage":1,"bands":["9+"]}"#, "3");
    assert!(t.contains("Effect dice: High ") && t.contains("net advantage +1: 4 dice"), "{t}");
    let t = text_of(r#"{"system":"hack-and-slash","bonus":1.5,"opponents":[2.5,1]}"#, "3");
    assert!(t.contains("success level ") && t.contains("opponent 2: d6 "), "{t}");
    let t = text_of(r#"{"system":"ruina-imperii","skill":3,"risk":1,"difficulty":1}"#, "3");
    assert!(t.contains("pool: 3 skill dice + 1 Risk dice, Explode 6") && t.contains("against difficulty 1"), "{t}");
}

#[test]
fn the_guide_declares_a_failed_push_a_critical_failure_from_the_command_line() {
    let pushed = r#"{"system":"24-system","rank":0,"dc":24,"pushed":true,"push":{"track":"position","fiction":"over the wall"}}"#;
    let declare = |seed: u64, json: bool| {
        let seed = seed.to_string();
        let mut args = vec!["roll", "--request", pushed, "--seed", &seed, "--declare", "critical-failure"];
        if json {
            args.push("--json");
        }
        run(&args)
    };
    let outcome = |seed: u64| {
        json_of(&run(&["roll", "--request", pushed, "--seed", &seed.to_string(), "--json"]))["outcome"].clone()
    };
    let miss = (0..200).find(|&s| outcome(s) == "miss").unwrap();
    let v = json_of(&declare(miss, true));
    assert_eq!(v["critical_failure"], true);
    let text = String::from_utf8_lossy(&declare(miss, false).stdout).into_owned();
    assert!(text.contains("Critical Failure: the Guide declared"), "{text}");
    // A pushed hit, an unpushed miss and another system are refused with a clear error.
    let hit = (0..200).find(|&s| outcome(s) != "miss").unwrap();
    let o = declare(hit, true);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("only a failed push can be declared a Critical Failure"));
    let other =
        run(&["roll", "--request", r#"{"system":"hack-and-slash","bonus":1}"#, "--declare", "critical-failure"]);
    assert!(String::from_utf8_lossy(&other.stderr).contains("a hack-and-slash roll has no Critical Failure"));
    let no_request = run(&["roll", "2d6", "--declare", "critical-failure"]);
    assert!(!no_request.status.success());
}

#[test]
fn effect_reads_step_and_halve_the_effect_dice_from_a_request() {
    let request = r#"{"system":"total-effect","effect_reads":[{"die":"mid","steps":1},{"die":"high","halve":true},{"flat":3,"steps":-1}]}"#;
    let v = json_of(&run(&["roll", "--request", request, "--seed", "9", "--json"]));
    let high = v["effect"]["high"].as_i64().unwrap();
    let reads = v["effect_reads"].as_array().unwrap();
    assert_eq!(reads[0]["value"].as_i64().unwrap(), high, "Mid stepped up once is the High die");
    assert_eq!(reads[1]["value"].as_i64().unwrap(), (high / 2).max(1));
    assert_eq!(reads[2]["value"].as_i64().unwrap(), 2);
    let text = text_of(request, "9");
    assert!(text.contains("effect reads: "), "{text}");
    let bad = run(&["roll", "--request", r#"{"system":"total-effect","effect_reads":[{"die":"mid","flat":1}]}"#]);
    assert!(String::from_utf8_lossy(&bad.stderr).contains("`effect_reads[0]`: give exactly one of `die` and `flat`"));
}

/// Hack & Slash, a single action, by brute force over both d6 (the rules text: success level = success roll +
/// bonus - failure roll - difficulty; 1 or more is a full success, 0 or ½ a half success, below that a failure).
fn hack_and_slash_brute(bonus: f64, difficulty: f64) -> [(&'static str, f64); 3] {
    let (mut full, mut half) = (0.0, 0.0);
    for success in 1..=6 {
        for failure in 1..=6 {
            let level = success as f64 + bonus - failure as f64 - difficulty;
            if level >= 1.0 {
                full += 1.0 / 36.0;
            } else if level >= 0.0 {
                half += 1.0 / 36.0;
            }
        }
    }
    [("full_success", full), ("half_success", half), ("failure", 1.0 - full - half)]
}

#[test]
fn odds_of_every_value_match_brute_force_and_each_single_request() {
    let request = r#"{"system":"hack-and-slash","bonus":1.5}"#;
    let v = json_of(&run(&["odds", "--request", request, "--vary", "difficulty=-1..4/0.5", "--json"]));
    assert_eq!((v["system"].as_str(), v["field"].as_str()), (Some("hack-and-slash"), Some("difficulty")));
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 11);
    for (i, row) in rows.iter().enumerate() {
        let difficulty = -1.0 + 0.5 * i as f64;
        assert_eq!(row["value"].as_f64(), Some(difficulty));
        for (name, want) in hack_and_slash_brute(1.5, difficulty) {
            let got = row["outcomes"][name].as_f64().unwrap();
            assert!((got - want).abs() < 1e-12, "difficulty {difficulty}: {name} {got} vs brute force {want}");
        }
    }
    // Every system: each row is what `odds --request` says for the request with that value.
    for (request, spec, field, values) in [
        (EXAMPLES[0], "leverage=0..5", "leverage", [0, 5]),
        (EXAMPLES[1], "dc=8..20", "dc", [8, 20]),
        (EXAMPLES[2], "escalation=0..3", "escalation", [0, 3]),
        (EXAMPLES[3], "risk=0..3", "risk", [0, 3]),
        (EXAMPLES[4], "bonus=-2..2", "bonus", [-2, 2]),
    ] {
        let v = json_of(&run(&["odds", "--request", request, "--vary", spec, "--json"]));
        let rows = v["rows"].as_array().unwrap();
        assert_eq!(rows.len() as i64, values[1] - values[0] + 1, "{spec}");
        for row in rows {
            let mut single: Value = serde_json::from_str(request).unwrap();
            single[field] = row["value"].clone();
            let alone = json_of(&run(&["odds", "--request", &single.to_string(), "--json"]));
            assert_eq!(row["outcomes"], alone["outcomes"], "{spec} at {}", row["value"]);
        }
    }
}

#[test]
fn a_value_the_system_does_not_allow_is_refused_naming_the_field() {
    let o = run(&["odds", "--request", EXAMPLES[0], "--vary", "leverage=0..6"]);
    assert!(!o.status.success());
    assert_eq!(
        String::from_utf8_lossy(&o.stderr).trim(),
        "error: invalid request with leverage = 6: `leverage`: 6 is out of range (allowed: 0 to 5)"
    );
    let o = run(&["odds", "--request", EXAMPLES[0], "--vary", "dc=0..200"]);
    assert_eq!(
        String::from_utf8_lossy(&o.stderr).trim(),
        "error: --vary `dc=0..200`: 201 values (MAX_VARY_VALUES: at most 101)"
    );
    let o = run(&["odds", "2d6", "--vary", "dc=0..2"]);
    assert!(!o.status.success() && String::from_utf8_lossy(&o.stderr).contains("--vary applies to a system request"));
}

#[test]
fn the_text_table_has_a_row_per_value_and_a_column_per_outcome() {
    let o = run(&["odds", "--request", r#"{"system":"hack-and-slash"}"#, "--vary", "difficulty=0..2"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Hack & Slash odds by difficulty");
    assert!(lines[1].contains("difficulty") && lines[1].contains("Full success") && lines[1].contains("Failure"));
    assert_eq!(lines.len(), 5, "{text}");
    // Difficulty 0: 15 of 36 full successes (41.6667 %), 6 half successes.
    assert!(lines[2].trim_start().starts_with('0') && lines[2].contains("41.6667%") && lines[2].contains("16.6667%"));
}
