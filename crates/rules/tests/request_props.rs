//! Property test: a request as serde writes it (what saved history and replay links hold) reads back as the same
//! request. Fields at their default are left out when written (`skip_serializing_if`), so this checks that every
//! field left out reads back as the value it had: a required field such as the 24-System's `rank` is written even
//! when it is 0, and `explode: 0` is not mistaken for no Explode at all.

use dicetray_rules::systems::Request;
use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use serde_json::{json, Map, Value};

/// A field's name and the values to try, as JSON.
type Field = (&'static str, &'static [&'static str]);

/// Every field each system's request reads, with values to try: its zero or default, values beside it, and a
/// few it refuses (written as JSON).
const FIELDS: &[(&str, &[Field])] = &[
    (
        "24-system",
        &[
            ("rank", &["0", "1", "3", "6", "-1"]),
            ("leverage", &["0", "1", "2", "null"]),
            ("dc", &["0", "10", "15", "-3"]),
            ("pressure", &["[]", "[0]", r#"[2, {"label": "rain", "dc": 3}]"#]),
            ("status", &["[]", "[1]"]),
            ("crushing", &["null", "0", "4"]),
            ("attack", &["false", "true"]),
            ("called_shot", &["null", r#""head""#, r#""left_arm""#]),
            ("limb_choice", &["null", r#""left_arm""#]),
            ("pushed", &["false", "true"]),
            ("push", &["null", r#"{"track": "strain", "fiction": "on through the storm"}"#]),
            ("skill", &["null", r#""Climb""#, r#""""#]),
            ("partial_critical_kept_only", &["false", "true"]),
        ],
    ),
    (
        "remedy",
        &[
            ("dice", &[r#""1d20""#, r#""2d20^""#, r#""d20!""#, r#""3d20v~~""#]),
            ("ability", &["0", "3", "-1"]),
            ("dominance", &["0", "2"]),
            ("threat", &["0", "1"]),
            ("bonus", &["0", "2", "-2"]),
            ("triumph_from", &["null", "19", "0"]),
            ("disaster_to", &["null", "2", "0"]),
            ("dc", &["null", "0", "12"]),
            ("opponent", &["null", r#"{"dice": "1d20", "ability": 0, "bonus": 2}"#, r#"{"dice": "1d20"}"#]),
            ("reactive", &["null", r#""self""#, r#""opponent""#]),
            ("attack", &["false", "true"]),
            ("reroll", &["null", r#""always""#, r#""never""#, r#""best""#, r#""sometimes""#]),
            ("rerolled", &["[]", "[0]", "[2, 0]", "[-1]"]),
        ],
    ),
    (
        "total-effect",
        &[
            ("advantage", &["0", "1", "2"]),
            ("disadvantage", &["0", "1"]),
            ("escalation", &["0", "2", "-1"]),
            ("modifier", &["0", "3", "-2"]),
            ("bands", &["[]", r#"["0-7 slight", "8-12 solid"]"#]),
            ("escalation_mode", &[r#""add""#, r#""floor""#, r#""ceiling""#]),
            ("tier", &["null", "0", "2", "5"]),
            ("task_tier", &["null", "1", "4"]),
        ],
    ),
    (
        "ruina-imperii",
        &[
            ("skill", &["0", "1", "4"]),
            ("risk", &["0", "1", "2"]),
            ("explode", &["null", "0", "1"]),
            ("difficulty", &["null", "0", "2"]),
            ("opponent", &["null", r#"{"skill": 0, "risk": 0, "explode": 0}"#, r#"{"skill": 2}"#]),
            ("fortune", &["false", "true", r#""roll""#, r#""scene""#]),
            ("risk_limit", &["null", "0", "3"]),
        ],
    ),
    (
        "hack-and-slash",
        &[
            ("bonus", &["0", "0.0", "-0.0", "1.5", "-2"]),
            ("difficulty", &["null", "0", "2.5"]),
            ("opponents", &["null", "[]", "[1.5, 0]"]),
        ],
    ),
];

/// A request object: a system, a random subset of its fields, each with one of its values.
fn request() -> impl Strategy<Value = Value> {
    (0..FIELDS.len()).prop_flat_map(|s| {
        let fields = FIELDS[s].1;
        let picks: Vec<_> = fields.iter().map(|(_, values)| proptest::option::weighted(0.6, 0..values.len())).collect();
        picks.prop_map(move |picks| {
            let mut map = Map::new();
            map.insert("system".into(), json!(FIELDS[s].0));
            for ((field, values), pick) in fields.iter().zip(picks) {
                if let Some(i) = pick {
                    map.insert((*field).into(), serde_json::from_str(values[i]).unwrap());
                }
            }
            Value::Object(map)
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20_000, rng_seed: RngSeed::Fixed(20_261_126), ..ProptestConfig::default() })]

    #[test]
    fn a_written_request_reads_back_as_the_same_request(input in request()) {
        if let Ok(request) = Request::from_json(&input.to_string()) {
            let written = serde_json::to_value(&request).unwrap();
            let back = Request::from_json(&written.to_string());
            prop_assert_eq!(back.as_ref(), Ok(&request), "{} was written as {}", input, written);
        }
    }
}

/// The generator above reaches every system and makes requests that read, not only ones that are refused.
#[test]
fn the_generated_requests_read_for_every_system() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
    let mut runner = TestRunner::new_with_rng(Config::default(), TestRng::from_seed(RngAlgorithm::ChaCha, &[7; 32]));
    let mut read = std::collections::BTreeMap::new();
    for _ in 0..5_000 {
        let input = request().new_tree(&mut runner).unwrap().current();
        if Request::from_json(&input.to_string()).is_ok() {
            *read.entry(input["system"].as_str().unwrap().to_string()).or_insert(0) += 1;
        }
    }
    for (system, _) in FIELDS {
        assert!(read.get(*system).copied().unwrap_or(0) >= 20, "{system}: {read:?}");
    }
}

/// Fields at their default are left out; a required field at 0 and an Explode of 0 are kept.
#[test]
fn defaults_are_left_out_and_zeros_that_matter_are_kept() {
    let written = |json: Value| serde_json::to_value(Request::from_json(&json.to_string()).unwrap()).unwrap();
    assert_eq!(
        written(json!({"system": "total-effect", "advantage": 0, "bands": [], "escalation_mode": "add"})),
        json!({"system": "total-effect"})
    );
    assert_eq!(
        written(json!({"system": "24-system", "rank": 0, "leverage": 0, "dc": 10, "pressure": [], "attack": false})),
        json!({"system": "24-system", "rank": 0, "dc": 10})
    );
    assert_eq!(
        written(json!({"system": "ruina-imperii", "skill": 0, "risk": 0, "explode": 0})),
        json!({"system": "ruina-imperii", "skill": 0, "explode": 0})
    );
}
