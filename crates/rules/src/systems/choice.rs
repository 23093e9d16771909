//! The odds of every choice: for one number the player is about to set (Leverage, a DC, Risk, Escalation), the
//! exact odds of the request with each of its values, and the inverse question ("for 75 % you need Leverage 2").
//! Each system lists its choices once ([`RuleSystem::CHOICES`](super::RuleSystem::CHOICES)); the values are set
//! through the request's JSON, so each one is read and checked exactly as any request is.

use super::{Odds, Request, RequestError};
use serde::Serialize;
use serde_json::Value;

/// One number of a request a player chooses, and the values worth showing for it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice {
    /// The request's field (`"leverage"`).
    pub field: &'static str,
    /// Its name as players say it (`"Leverage"`).
    pub name: &'static str,
    pub lo: f64,
    pub hi: f64,
    pub step: f64,
}

impl Choice {
    /// `lo`, `lo + step`, ... up to `hi`.
    pub fn values(&self) -> impl Iterator<Item = f64> + '_ {
        let steps = ((self.hi - self.lo) / self.step).round().max(0.0) as usize;
        (0..=steps).map(move |i| self.lo + i as f64 * self.step)
    }
}

/// What the inverse question finds: the least a rising chance needs, the most a falling one allows, or no value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Need {
    /// This value or more reaches the chance asked for (more is better: Leverage).
    AtLeast(f64),
    /// This value or less reaches it (less is better: a DC).
    AtMost(f64),
    /// No value shown reaches it.
    None,
}

/// The inverse question over `rows` (value, chance) in rising value order: which values reach `target`. The
/// answer is the edge of the run of values at the better end that all reach it (a chance that rises with the
/// value needs "`v` or more"; one that falls, "`v` or less").
pub fn needed(rows: &[(f64, f64)], target: f64) -> Need {
    let (Some(first), Some(last)) = (rows.first(), rows.last()) else { return Need::None };
    let rising = last.1 >= first.1;
    let reaches = |p: f64| p >= target - 1e-12;
    if rising {
        let from = rows.iter().rposition(|r| !reaches(r.1)).map_or(0, |i| i + 1);
        rows.get(from).map_or(Need::None, |r| Need::AtLeast(r.0))
    } else {
        let to = rows.iter().position(|r| !reaches(r.1)).unwrap_or(rows.len());
        if to == 0 {
            Need::None
        } else {
            Need::AtMost(rows[to - 1].0)
        }
    }
}

/// A number as requests write it: whole numbers as integers (`dicetray odds --vary` writes its rows so too).
pub fn number_json(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        Value::from(x as i64)
    } else {
        Value::from(x)
    }
}

/// The odds of every value of a choice for a request: its current value (if it has one) and, for each value, the
/// exact odds of the request with that value (or the system's reason to refuse it).
#[derive(Clone, Debug, PartialEq)]
pub struct ChoiceRows {
    pub now: Option<f64>,
    pub rows: Vec<(f64, Result<Odds, RequestError>)>,
}

impl Request {
    /// The number in `field`, if the request has one there. A number at its default of 0 is left out of the
    /// request's JSON: it is 0 if setting 0 gives this very request; a field the request does not use (a DC in a
    /// contest) has none.
    pub fn number(&self, field: &str) -> Option<f64> {
        match json_value(self)?.get(field) {
            Some(v) => v.as_f64(),
            None => self.with_number(field, 0.0).ok().filter(|r| r == self).map(|_| 0.0),
        }
    }

    /// This request with `field` set to `value`, read and checked as any request is: a value the system does not
    /// allow is refused with the rules' own message, naming the field.
    pub fn with_number(&self, field: &str, value: f64) -> Result<Request, RequestError> {
        let mut json = json_value(self).ok_or_else(|| RequestError::new(field, "cannot be written", "a request"))?;
        if let Some(fields) = json.as_object_mut() {
            fields.insert(field.to_string(), number_json(value));
        }
        let changed: Request = super::json_error::from_object(&json)?;
        changed.validate()?;
        Ok(changed)
    }

    /// [`ChoiceRows`] for `choice`.
    pub fn every_choice(&self, choice: &Choice) -> ChoiceRows {
        let rows = choice.values().map(|v| (v, self.with_number(choice.field, v).and_then(|r| r.odds())));
        ChoiceRows { now: self.number(choice.field), rows: rows.collect() }
    }
}

/// The request as a JSON value, through its text: the app already writes requests as text (History) and reads
/// values, where `serde_json::to_value` would compile every request type's writing a second time.
fn json_value<T: Serialize>(request: &T) -> Option<Value> {
    serde_json::from_str(&serde_json::to_string(request).ok()?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::{system, SYSTEMS};

    fn twenty_four(json: &str) -> Request {
        Request::from_json(&json.replacen('{', r#"{"system":"24-system","#, 1)).unwrap()
    }

    #[test]
    fn the_inverse_question_finds_the_edge_of_the_better_end() {
        let rising = [(0.0, 0.4), (1.0, 0.6), (2.0, 0.769), (3.0, 0.9)];
        assert_eq!(needed(&rising, 0.75), Need::AtLeast(2.0));
        assert_eq!(needed(&rising, 0.4), Need::AtLeast(0.0));
        assert_eq!(needed(&rising, 0.95), Need::None);
        let falling = [(10.0, 0.9), (11.0, 0.8), (12.0, 0.7)];
        assert_eq!(needed(&falling, 0.75), Need::AtMost(11.0));
        assert_eq!(needed(&falling, 0.95), Need::None);
        // A dip below the target at the better end moves the edge past it.
        assert_eq!(needed(&[(0.0, 0.8), (1.0, 0.5), (2.0, 0.8), (3.0, 0.9)], 0.75), Need::AtLeast(2.0));
        assert_eq!(needed(&[], 0.5), Need::None);
    }

    #[test]
    fn every_choice_is_the_odds_of_each_request_alone() {
        let base = twenty_four(r#"{"rank":2,"leverage":1,"dc":16}"#);
        let leverage = system("24-system").unwrap().choices.iter().find(|c| c.field == "leverage").unwrap();
        let ChoiceRows { now, rows } = base.every_choice(leverage);
        assert_eq!((now, rows.len()), (Some(1.0), 6));
        for (v, odds) in rows {
            let alone = format!(r#"{{"system":"24-system","rank":2,"leverage":{v},"dc":16}}"#);
            assert_eq!(odds.unwrap(), Request::from_json(&alone).unwrap().odds().unwrap(), "leverage {v}");
        }
        assert_eq!(base.number("dc"), Some(16.0));
        assert_eq!(base.number("crushing"), None);
        let quiet = twenty_four(r#"{"rank":2,"dc":16}"#);
        assert_eq!(quiet.number("leverage"), Some(0.0), "left out at its default");
    }

    #[test]
    fn a_value_the_system_refuses_names_the_field() {
        let e = twenty_four(r#"{"rank":2,"dc":16}"#).with_number("leverage", 6.0).unwrap_err();
        assert_eq!(e.field, "leverage");
    }

    /// Every listed choice names a number the system's requests have, and every value shown is one it allows.
    #[test]
    fn every_choice_of_every_system_is_a_field_it_allows() {
        let examples = [
            r#"{"system":"24-system","rank":2,"leverage":1,"dc":16}"#,
            r#"{"system":"remedy","dice":"1d20","ability":3,"dominance":1,"threat":1,"bonus":0,"dc":12}"#,
            r#"{"system":"total-effect","advantage":0,"disadvantage":0,"escalation":1,"modifier":0}"#,
            r#"{"system":"ruina-imperii","skill":4,"risk":1,"difficulty":2}"#,
            r#"{"system":"hack-and-slash","bonus":1,"difficulty":1}"#,
        ];
        for (s, example) in SYSTEMS.iter().zip(examples) {
            let base = Request::from_json(example).unwrap();
            assert_eq!(base.system_id(), s.id);
            assert!(!s.choices.is_empty(), "{} lists no choices", s.id);
            for c in s.choices {
                let rows = base.every_choice(c);
                assert!(rows.now.is_some(), "{}: {} is not a number of {example}", s.id, c.field);
                for (v, odds) in rows.rows {
                    assert!(odds.is_ok(), "{} {} = {v}: {:?}", s.id, c.field, odds);
                }
            }
        }
        assert_eq!(SYSTEMS.len(), examples.len());
    }
}
