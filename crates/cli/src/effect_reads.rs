//! Total//Effect on the command line: a request may add `"effect_reads": [{"die": "mid", "steps": 1}, ...]`,
//! abilities that read the Effect dice (stepped, halved); the roll then reports each value. The rules crate's
//! request has no such field (the app reads abilities itself), so the CLI reads them beside it.

use dicetray_rules::systems::total_effect::EffectRead;
use dicetray_rules::systems::{RequestError, Roll};
use serde_json::{json, Value};

/// The `effect_reads` of a request's JSON (none if absent), each checked.
pub fn read(request: &str) -> Result<Vec<EffectRead>, RequestError> {
    let value: Value = serde_json::from_str(request).unwrap_or_default();
    let Some(list) = value.get("effect_reads") else {
        return Ok(Vec::new());
    };
    if value.get("system").and_then(Value::as_str) != Some("total-effect") {
        return Err(RequestError::new(
            "effect_reads",
            "only a Total//Effect roll has Effect dice",
            "no `effect_reads`",
        ));
    }
    let reads: Vec<EffectRead> = serde_json::from_value(list.clone()).map_err(|e| {
        RequestError::new("effect_reads", e.to_string(), r#"a list of {"die": "low|mid|high"} or {"flat": n}"#)
    })?;
    for (i, r) in reads.iter().enumerate() {
        r.validate(&format!("effect_reads[{i}]"))?;
    }
    Ok(reads)
}

/// Add `"effect_reads": [{"read": ..., "value": n}, ...]` to a Total//Effect roll's JSON.
pub fn report(reads: &[EffectRead], roll: &Roll, json: &mut Value) {
    let (Roll::TotalEffect(r), Some(map)) = (roll, json.as_object_mut()) else {
        return;
    };
    if reads.is_empty() {
        return;
    }
    let values: Vec<Value> = reads.iter().map(|read| json!({ "read": read, "value": read.value(&r.effect) })).collect();
    map.insert("effect_reads".into(), Value::Array(values));
}
