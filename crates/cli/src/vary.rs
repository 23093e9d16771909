//! `dicetray odds --request JSON --vary FIELD=A..B[/STEP]`: the outcome chances for every value of one request
//! field, before the player picks one ("how much Leverage for 75 %?"). Each row is the request with that field set,
//! read and checked like any request (`request::parse`), so a value the system does not allow is refused with the
//! rules' own message naming the field.

use crate::out::say;
use crate::request::{parse, system_name};
use dicetray_rules::systems::{number_json, words, Odds, Request};
use serde_json::{json, Map, Value};

/// Most values one `--vary` range may have.
pub const MAX_VARY_VALUES: usize = 101;

/// A field and the values to give it, from `FIELD=A..B` or `FIELD=A..B/STEP` (inclusive, STEP 1 by default).
#[derive(Debug, PartialEq)]
pub struct Vary {
    pub field: String,
    pub values: Vec<f64>,
}

impl Vary {
    /// Read `FIELD=A..B[/STEP]`; the error says what is wrong and what is allowed.
    pub fn parse(spec: &str) -> Result<Vary, String> {
        let shape = "give FIELD=A..B or FIELD=A..B/STEP, e.g. `leverage=0..5` or `difficulty=0..4/0.5`";
        let (field, range) = spec.split_once('=').ok_or_else(|| format!("--vary `{spec}`: no `=` ({shape})"))?;
        let field = field.trim();
        if field.is_empty() {
            return Err(format!("--vary `{spec}`: no field name ({shape})"));
        }
        if field == "system" {
            return Err(format!("--vary `{spec}`: `system` names the rules; vary one of the request's numbers"));
        }
        let (range, step) = range.split_once('/').map_or((range, None), |(r, s)| (r, Some(s)));
        let (a, b) = range.split_once("..").ok_or_else(|| format!("--vary `{spec}`: no `..` ({shape})"))?;
        let number = |text: &str, what: &str| -> Result<f64, String> {
            text.trim()
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| format!("--vary `{spec}`: {what} `{}` is not a number ({shape})", text.trim()))
        };
        let (a, b) = (number(a, "the first value")?, number(b, "the last value")?);
        let step = step.map_or(Ok(1.0), |s| number(s, "the step"))?;
        if step <= 0.0 {
            return Err(format!("--vary `{spec}`: the step must be above 0"));
        }
        if b < a {
            return Err(format!("--vary `{spec}`: the last value {b} is below the first {a}"));
        }
        let steps = ((b - a) / step).round();
        if steps + 1.0 > MAX_VARY_VALUES as f64 {
            return Err(format!(
                "--vary `{spec}`: {} values (MAX_VARY_VALUES: at most {MAX_VARY_VALUES})",
                steps + 1.0
            ));
        }
        if (a + steps * step - b).abs() > 1e-9 * step.max(1.0) {
            return Err(format!("--vary `{spec}`: {b} is not {a} plus a whole number of steps of {step}"));
        }
        let values = (0..=steps as usize).map(|i| a + i as f64 * step).collect();
        Ok(Vary { field: field.to_string(), values })
    }
}

/// Every row's request and odds, or the first error (naming the value).
pub fn rows(request_json: &str, vary: &Vary) -> Result<(Request, Vec<(f64, Odds)>), String> {
    let base: Value = serde_json::from_str(request_json).map_err(|e| format!("invalid request: not JSON: {e}"))?;
    let Value::Object(base) = base else {
        return Err("invalid request: not a JSON object".into());
    };
    let mut first = None;
    let mut rows = Vec::with_capacity(vary.values.len());
    for &value in &vary.values {
        let mut fields: Map<String, Value> = base.clone();
        fields.insert(vary.field.clone(), number_json(value));
        let text = Value::Object(fields).to_string();
        let shown = number_json(value);
        let request = parse(&text).map_err(|e| format!("invalid request with {} = {shown}: {e}", vary.field))?;
        let odds = request.odds().map_err(|e| format!("no odds with {} = {shown}: {e}", vary.field))?;
        first.get_or_insert(request);
        rows.push((value, odds));
    }
    let request = first.ok_or("--vary gave no values")?;
    Ok((request, rows))
}

/// The JSON: `{"system", "field", "rows": [{"value", "outcomes": {name: p}}]}`.
pub fn vary_json(request: &Request, vary: &Vary, rows: &[(f64, Odds)]) -> Value {
    let rows: Vec<Value> = rows
        .iter()
        .map(|(value, odds)| {
            let outcomes: Map<String, Value> = odds.outcomes.iter().map(|c| (c.name.clone(), json!(c.p))).collect();
            json!({ "value": number_json(*value), "outcomes": outcomes })
        })
        .collect();
    json!({ "system": request.system_id(), "field": vary.field, "rows": rows })
}

/// `dicetray odds --request JSON --vary SPEC [--json]`.
pub fn run(request_json: &str, spec: &str, as_json: bool) -> bool {
    let vary = match Vary::parse(spec) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("error: {e}");
            return false;
        }
    };
    let (request, rows) = match rows(request_json, &vary) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("error: {e}");
            return false;
        }
    };
    if as_json {
        say!("{}", vary_json(&request, &vary, &rows));
        return true;
    }
    let id = request.system_id();
    say!("{} odds by {}", system_name(id), vary.field);
    let names: Vec<String> = rows[0].1.outcomes.iter().map(|c| words(id, &c.name)).collect();
    let width = |name: &str| name.chars().count().max(9);
    let first = vary.field.chars().count().max(5);
    let mut header = format!("{:>first$}", vary.field);
    for name in &names {
        header.push_str(&format!("  {name:>w$}", w = width(name)));
    }
    say!("{header}");
    for (value, odds) in &rows {
        let mut line = format!("{:>first$}", number_json(*value).to_string());
        for (name, chance) in names.iter().zip(&odds.outcomes) {
            line.push_str(&format!("  {:>w$}", format!("{:.4}%", chance.p * 100.0), w = width(name)));
        }
        say!("{line}");
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_read_with_their_step() {
        assert_eq!(Vary::parse("leverage=0..3").unwrap().values, vec![0.0, 1.0, 2.0, 3.0]);
        assert_eq!(Vary::parse(" dc = 10..12 ").unwrap(), Vary { field: "dc".into(), values: vec![10.0, 11.0, 12.0] });
        assert_eq!(Vary::parse("difficulty=0..1.5/0.5").unwrap().values, vec![0.0, 0.5, 1.0, 1.5]);
        assert_eq!(Vary::parse("bonus=-2..-2").unwrap().values, vec![-2.0]);
    }

    #[test]
    fn bad_ranges_say_what_is_wrong() {
        let error = |spec: &str| Vary::parse(spec).unwrap_err();
        assert!(error("leverage").contains("no `=`"));
        assert!(error("=0..3").contains("no field name"));
        assert!(error("system=0..3").contains("`system` names the rules"));
        assert!(error("dc=10").contains("no `..`"));
        assert!(error("dc=ten..12").contains("the first value `ten` is not a number"));
        assert!(error("dc=10..inf").contains("the last value `inf` is not a number"));
        assert!(error("dc=12..10").contains("the last value 10 is below the first 12"));
        assert!(error("dc=0..4/0").contains("the step must be above 0"));
        assert!(error("dc=0..3/2").contains("3 is not 0 plus a whole number of steps of 2"));
        assert_eq!(error("dc=0..101"), "--vary `dc=0..101`: 102 values (MAX_VARY_VALUES: at most 101)");
        assert_eq!(Vary::parse("dc=0..100").unwrap().values.len(), MAX_VARY_VALUES);
    }
}
