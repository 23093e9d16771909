//! A GM's request that the player's own sheet completes (`dicetray_table::AskFor::Sheet`): "Stealth, 24-System,
//! DC 15". The GM sets some fields (the DC), the sheet's row gives others (Stealth's rank), and the player adds
//! their own (Leverage). Each system says which in its sheet's [`SystemSheet::ASK`](crate::sheets::SystemSheet)
//! and [`rows`](crate::sheets::SystemSheet::rows); [`fill`] makes the request.

use dicetray_rules::decimal::shortest;
use dicetray_rules::systems::Request;
use serde_json::{Map, Value};

/// One number a GM or a player types into a sheet request: the request field it sets, its label, its range and
/// step (the input's; the rules' validation has the last word) and its starting value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AskInput {
    pub field: &'static str,
    pub label: &'static str,
    pub min: f64,
    pub max: f64,
    pub step: f64,
    /// The value the input starts with; None: left empty, and the field is left out unless typed.
    pub start: Option<f64>,
}

impl AskInput {
    /// An input of whole numbers from `min` to `max`, starting at `start`.
    pub const fn whole(field: &'static str, label: &'static str, min: f64, max: f64, start: f64) -> AskInput {
        AskInput { field, label, min, max, step: 1.0, start: Some(start) }
    }

    /// The same input, in half steps.
    pub const fn halves(self) -> AskInput {
        AskInput { step: 0.5, ..self }
    }

    /// The same input, empty at first (its field left out unless typed).
    pub const fn optional(self) -> AskInput {
        AskInput { start: None, ..self }
    }
}

/// How one system's sheet answers a GM's request.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AskShape {
    /// What a row of the sheet is (`skill`, `skill or ability`), as the GM's form and the player's phone say it.
    pub row: &'static str,
    /// What the GM sets.
    pub gm: &'static [AskInput],
    /// What the player adds when answering.
    pub player: &'static [AskInput],
    /// The row's numbers, typed when the player answers without a sheet of this system.
    pub by_hand: &'static [AskInput],
    /// Fields every answer starts from (a JSON object), under the row's: Remedy's `{"dice":"1d20"}`.
    pub base: &'static str,
}

/// One row of a sheet, as an answer uses it: its name, the request fields it gives and those in words
/// (`rank 3`).
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub name: String,
    pub fields: Map<String, Value>,
    pub said: String,
}

/// The index of the row called `name` (trimmed, any case), if the sheet has one.
pub fn find_row(rows: &[Row], name: &str) -> Option<usize> {
    let want = name.trim().to_lowercase();
    rows.iter().position(|r| r.name.trim().to_lowercase() == want)
}

/// A number as a request field: whole numbers as integers (the rules read counts as integers).
pub fn number(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        Value::from(x as i64)
    } else {
        Value::from(x)
    }
}

/// `text` typed into `input`, as its field's value: None when left empty, an error naming the input otherwise.
pub fn typed(input: &AskInput, text: &str) -> Result<Option<Value>, String> {
    let t = text.trim().replace('−', "-");
    if t.is_empty() {
        return Ok(None);
    }
    let x: f64 = t.parse().map_err(|_| format!("{}: `{text}` is not a number", input.label))?;
    if !(input.min..=input.max).contains(&x) || (x / input.step).fract() != 0.0 {
        let step = if input.step == 1.0 { "whole numbers" } else { "in steps of ½" };
        let (min, max) = (shortest(input.min), shortest(input.max));
        return Err(format!("{}: {text} is not allowed ({step} from {min} to {max})", input.label));
    }
    Ok(Some(number(x)))
}

/// The request a sheet ask makes: `base`, then the row's fields (from the sheet, or typed by hand), then the
/// player's, then the GM's `gm_json` (with `system`), each over the ones before, so the GM's values always
/// stand. The error says what does not read or is out of the rules' range, naming the field.
pub fn fill(
    base: &str,
    row: &Map<String, Value>,
    player: &Map<String, Value>,
    gm_json: &str,
) -> Result<Request, String> {
    let mut fields = match serde_json::from_str::<Value>(base) {
        Ok(Value::Object(m)) => m,
        _ => Map::new(),
    };
    let gm = match serde_json::from_str::<Value>(gm_json) {
        Ok(Value::Object(m)) => m,
        _ => return Err("the GM's request is not a JSON object".into()),
    };
    for layer in [row, player, &gm] {
        fields.extend(layer.iter().map(|(k, v)| (k.clone(), v.clone())));
    }
    let request = Request::from_json(&Value::Object(fields).to_string()).map_err(|e| e.to_string())?;
    request.validate().map_err(|e| e.to_string())?;
    Ok(request)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_numbers_are_checked_against_the_inputs_range_and_step() {
        let dc = AskInput::whole("dc", "DC", 0.0, 60.0, 15.0);
        assert_eq!(typed(&dc, " 17 "), Ok(Some(Value::from(17))));
        assert_eq!(typed(&dc, ""), Ok(None));
        assert!(typed(&dc, "x").unwrap_err().contains("DC: `x` is not a number"));
        assert!(typed(&dc, "61").unwrap_err().contains("from 0 to 60"));
        assert!(typed(&dc, "2.5").unwrap_err().contains("whole numbers"));
        let bonus = AskInput::whole("bonus", "Bonus", -10.0, 20.0, 0.0).halves();
        assert_eq!(typed(&bonus, "−1.5"), Ok(Some(Value::from(-1.5))));
        assert!(typed(&bonus, "1.25").unwrap_err().contains("steps of ½"));
    }
}
