//! A system roll in words, for the text output: everything the roll's JSON holds, the decisions first as
//! sentences (pushed DC, complication, hit location, Effect dice, success level, rerolled dice ...), then any
//! other field of the JSON as "name: value", so nothing the JSON has is left out of the text.

use dicetray_rules::systems;
use serde_json::{Map, Value};

/// Lines describing a roll written as JSON (`{"system": ..., ...}`), without the dice list and the seed.
pub fn describe(roll: &Value) -> Vec<String> {
    let Some(map) = roll.as_object() else {
        return vec![roll.to_string()];
    };
    let mut said =
        Said { map, used: vec!["system", "outcome", "total", "dice", "seed", "events", "request"], lines: Vec::new() };
    let system = map.get("system").and_then(Value::as_str).unwrap_or_default();
    describe_system(system, &mut said);
    if let Some(events) = map.get("events").and_then(Value::as_array).filter(|e| !e.is_empty()) {
        let names: Vec<String> =
            events.iter().map(|e| systems::words(system, e.as_str().unwrap_or_default())).collect();
        said.lines.push(format!("events: {}", names.join(", ")));
    }
    let rest: Vec<(&String, &Value)> = map.iter().filter(|(k, _)| !said.used.contains(&k.as_str())).collect();
    for (k, v) in rest {
        said.lines.push(format!("{}: {}", k.replace('_', " "), words(v)));
    }
    said.lines
}

/// Called by `dicetray_rules::for_each_system!`: each system's sentences come from the function named as its
/// module in the rules crate (`twenty_four`, `remedy`, ...), so a new system without one does not compile.
macro_rules! describe_by_system {
    ($($variant:ident($module:ident) $id:tt),* $(,)?) => {
        /// The sentences of the system `id`'s own fields (none for an id of no system).
        fn describe_system(id: &str, said: &mut Said) {
            match id {
                $($id => $module(said),)*
                _ => {}
            }
        }
    };
}

dicetray_rules::for_each_system!(describe_by_system);

struct Said<'a> {
    map: &'a Map<String, Value>,
    used: Vec<&'static str>,
    lines: Vec<String>,
}

impl Said<'_> {
    /// The field's value, marking it as said.
    fn take(&mut self, key: &'static str) -> Option<&Value> {
        self.used.push(key);
        self.map.get(key).filter(|v| !v.is_null())
    }
    fn int(&mut self, key: &'static str) -> Option<i64> {
        self.take(key).and_then(Value::as_i64)
    }
    fn num(&mut self, key: &'static str) -> Option<f64> {
        self.take(key).and_then(Value::as_f64)
    }
    fn flag(&mut self, key: &'static str) -> bool {
        self.take(key).and_then(Value::as_bool).unwrap_or(false)
    }
    fn say(&mut self, line: impl Into<String>) {
        self.lines.push(line.into());
    }
}

/// Any JSON value in words: strings without quotes, `_` as spaces, objects as "name value" pairs.
pub fn words(v: &Value) -> String {
    match v {
        Value::Null => "none".into(),
        Value::Bool(b) => if *b { "yes" } else { "no" }.into(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.replace('_', " "),
        Value::Array(a) => a.iter().map(words).collect::<Vec<_>>().join(", "),
        Value::Object(m) => {
            m.iter().map(|(k, v)| format!("{} {}", k.replace('_', " "), words(v))).collect::<Vec<_>>().join(", ")
        }
    }
}

fn text(v: Option<&Value>) -> String {
    v.map(words).unwrap_or_default()
}

fn twenty_four(s: &mut Said) {
    let flat = s.int("flat").unwrap_or(0);
    s.say(format!("result: two highest dice + flat bonus {flat}"));
    let effective = s.int("effective_dc").unwrap_or(0);
    let target = s.int("target_dc").unwrap_or(effective);
    if s.flag("pushed") {
        s.say(format!(
            "pushed roll (Push Your Luck): DC {effective} pushed to DC {target} (two lower, at least 6, never higher)"
        ));
    } else {
        s.say(format!("effective DC {effective} (base DC + Pressure + highest status + Crushing Pressure)"));
    }
    if let Some(at) = s.take("hit_location").map(words) {
        s.say(format!("hit location: {at}"));
    }
    if let Some(c) = s.take("complication").cloned() {
        s.say(format!(
            "complication: {} on the {} track: {}",
            text(c.get("severity")),
            text(c.get("track")),
            text(c.get("fiction"))
        ));
    }
    if s.flag("critical_failure") {
        s.say("Critical Failure: the Guide declared this failed push a Critical Failure");
    }
}

fn check_line(label: &str, c: &Value) -> String {
    let n = |k: &str| c.get(k).and_then(Value::as_i64).unwrap_or(0);
    let mut line = format!(
        "{label}: {} keeps {} (natural {}) + ability {} + d6 {} + bonus {} = {}",
        text(c.get("notation")),
        n("kept"),
        n("natural"),
        n("ability"),
        n("d6"),
        n("bonus"),
        n("total")
    );
    if c.get("triumph").and_then(Value::as_bool) == Some(true) {
        line.push_str(", a triumph");
    }
    if c.get("disaster").and_then(Value::as_bool) == Some(true) {
        line.push_str(", a disaster");
    }
    if c.get("explosion_capped").and_then(Value::as_bool) == Some(true) {
        line.push_str(", an explosion chain reached the cap");
    }
    line
}

fn d20_list(v: Option<&Value>) -> Option<String> {
    let list: Vec<String> =
        v?.as_array()?.iter().filter_map(Value::as_u64).map(|i| format!("d20 #{}", i + 1)).collect();
    (!list.is_empty()).then(|| list.join(", "))
}

fn remedy(s: &mut Said) {
    if let Some(c) = s.take("check").cloned() {
        s.say(check_line("check", &c));
        if let Some(list) = d20_list(c.get("rerolled")) {
            s.say(format!("rerolled (♻): {list}"));
        }
        if let Some(list) = d20_list(c.get("rerollable")) {
            s.say(format!("in the ♻ range, not rerolled: {list}"));
        }
    }
    if let Some(dc) = s.int("dc") {
        s.say(format!("against DC {dc}: the total must beat it (a tie goes to the DC)"));
    }
    if let Some(o) = s.take("opponent").cloned() {
        s.say(check_line("opponent", &o));
        let faces: Vec<String> = o
            .get("dice")
            .and_then(Value::as_array)
            .map(|d| d.iter().map(|d| format!("{}={}", text(d.get("role")), text(d.get("face")))).collect())
            .unwrap_or_default();
        if !faces.is_empty() {
            s.say(format!("opponent's dice: {}", faces.join(", ")));
        }
    }
    if let Some(r) = s.take("reactive").map(words) {
        s.say(format!("reactive side: {r} (a tie goes to it)"));
    }
    if s.flag("critical_hit") {
        s.say("critical hit (an attack's triumph)");
    }
    if let Some(cap) = s.int("explosion_cap") {
        s.say(format!("explosion cap: {cap} added throws per d20"));
    }
}

fn total_effect(s: &mut Said) {
    if let Some(e) = s.take("effect").cloned() {
        s.say(format!(
            "Effect dice: High {}, Mid {}, Low {}",
            text(e.get("high")),
            text(e.get("mid")),
            text(e.get("low"))
        ));
    }
    let net = s.int("net_advantage").unwrap_or(0);
    let kept = if net >= 0 { "highest" } else { "lowest" };
    s.say(format!("net advantage {net:+}: {} dice, the {kept} three kept", 3 + net.abs()));
    let escalation = s.int("escalation").unwrap_or(0);
    let mode = s.take("escalation_mode").map(words).unwrap_or_default();
    let modifier = s.int("modifier").unwrap_or(0);
    s.say(format!("Escalation {escalation} ({mode}), modifier {modifier:+}"));
}

fn ruina_imperii(s: &mut Said) {
    if let Some(p) = s.take("pool").cloned() {
        let explode = p.get("explode").and_then(Value::as_i64).map_or("no Explode".into(), |n| format!("Explode {n}"));
        let zero = if p.get("zero_dice").and_then(Value::as_bool) == Some(true) {
            " (zero dice: one die with Risk 1 instead)"
        } else {
            ""
        };
        s.say(format!(
            "pool: {} skill dice + {} Risk dice, {explode}{zero}",
            text(p.get("skill_dice")),
            text(p.get("risk"))
        ));
    }
    let total = s.map.get("total").and_then(Value::as_i64).unwrap_or(0);
    match (s.int("difficulty"), s.int("opponent_hits")) {
        (_, Some(o)) => s.say(format!("hits {total} against the opponent's {o}")),
        (Some(d), None) => s.say(format!("hits {total} against difficulty {d}")),
        _ => {}
    }
    if let (Some(a), Some(c)) = (s.int("success_above"), s.int("critical_above")) {
        s.say(format!("success with more than {a} hits, critical success with more than {c}"));
    }
    if let Some(f) = s.take("fortune").map(words) {
        s.say(format!("Fortune: {f}"));
    }
}

fn hack_and_slash(s: &mut Said) {
    if let Some(level) = s.num("success_level") {
        let reading = if level >= 1.0 {
            "full success"
        } else if level >= 0.0 {
            "half success"
        } else {
            "failure"
        };
        s.say(format!("success level {level}: {reading}"));
    }
    if let Some(a) = s.take("action").cloned() {
        s.say(format!("action: d6 {} + {} = {}", text(a.get("die")), text(a.get("bonus")), text(a.get("roll"))));
    }
    if let Some(d) = s.num("difficulty") {
        s.say(format!("difficulty {d}"));
    }
    if let Some(list) = s.take("opponents").and_then(Value::as_array).cloned() {
        for (i, o) in list.iter().enumerate() {
            s.say(format!(
                "opponent {}: d6 {} + {} = {}, ahead of the action by {}: interference {}",
                i + 1,
                text(o.get("die")),
                text(o.get("bonus")),
                text(o.get("roll")),
                text(o.get("ahead_by")),
                text(o.get("interference"))
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dicetray_rules::systems::Request;

    #[test]
    fn a_field_without_a_sentence_is_still_said() {
        let request = Request::from_json(r#"{"system":"24-system","rank":3,"dc":15}"#).unwrap();
        let mut json = serde_json::to_value(request.roll(5).unwrap()).unwrap();
        json["a_new_field"] = serde_json::json!({"track": "position"});
        let lines = describe(&json);
        assert!(lines.contains(&"a new field: track position".to_string()), "{lines:?}");
        assert!(lines.iter().any(|l| l.starts_with("effective DC 15")), "{lines:?}");
        // Every field of the roll is said once: by a sentence, or as "name: value".
        let said = lines.join("\n");
        for key in json.as_object().unwrap().keys() {
            let covered = ["system", "outcome", "total", "dice", "seed", "events", "request"].contains(&key.as_str());
            let sentence = ["flat", "effective_dc", "target_dc", "pushed", "critical_failure"].contains(&key.as_str());
            assert!(covered || sentence || said.contains(&key.replace('_', " ")), "{key} missing from {said}");
        }
    }
}
