//! A table roll in words, for the Table screen's list: what was rolled, the dice and outcome (recomputed here from
//! the verified seed, never taken from the roller's word) and the exact odds it had.

use super::odds::OddsKit;
use crate::systems::kit::dice_text;
use crate::systems::system_name;
use crate::widgets::odds_chart::percent;
use dicetray_rules::decimal::shortest;
use dicetray_rules::dice::{parse_versioned, Expr, ExprRoll, Value};
use dicetray_rules::systems::{words, Request, Summary};
use dicetray_table::RollRequest;

/// What `request` rolls, in words: the system and its request (`24-System: Stealth, 3 ranks vs DC 15`), or the
/// notation as typed.
pub fn request_words(request: &RollRequest) -> String {
    match request {
        RollRequest::System { json } => match Request::from_json(json) {
            Ok(r) => format!("{}: {}", system_name(r.system_id()), r.describe()),
            Err(e) => format!("an unreadable request ({e})"),
        },
        RollRequest::Notation { text, .. } => text.clone(),
    }
}

/// A table roll replayed here from its request and verified seed: the seed's roll, never the roller's word.
pub enum Replay {
    System {
        request: Request,
        summary: Summary,
    },
    /// Notation `text` read as notation `version`.
    Notation {
        text: String,
        version: u32,
        expr: Expr,
        roll: ExprRoll,
    },
}

/// The roll `request` gives with `seed`.
pub fn replay(request: &RollRequest, seed: u64) -> Result<Replay, String> {
    match request {
        RollRequest::System { json } => {
            let request = Request::from_json(json).map_err(|e| e.to_string())?;
            let summary = request.roll(seed).map_err(|e| e.to_string())?.summary();
            Ok(Replay::System { request, summary })
        }
        RollRequest::Notation { text, version } => {
            let expr = parse_versioned(text, *version).map_err(|e| e.to_string())?;
            let roll = expr.roll(seed).map_err(|e| e.to_string())?;
            Ok(Replay::Notation { text: text.clone(), version: *version, expr, roll })
        }
    }
}

impl Replay {
    /// Its outcome in words, as the roll list says it: `Success, total 19`; a notation roll's `total 7`.
    pub fn outcome(&self) -> String {
        match self {
            Replay::System { summary: s, .. } => {
                format!("{}, total {}", words(&s.system, &s.outcome), shortest(s.total))
            }
            Replay::Notation { roll, .. } => format!("total {}", roll.total),
        }
    }
}

/// The roll `request` gives with `seed`: its dice as text, its outcome in words, and what its exact odds are of.
pub struct Shown {
    pub dice: String,
    pub outcome: String,
    pub odds: OddsOf,
}

/// What a shown roll's odds line is about: a system's outcome, or a notation roll's total or more.
pub enum OddsOf {
    Outcome { request: Request, system: String, outcome: String },
    TotalOrMore { expr: Expr, total: Value },
}

impl OddsOf {
    /// The line: the chance that outcome (or that total or more) had.
    pub fn line(&self, kit: &OddsKit) -> String {
        match self {
            OddsOf::Outcome { request, system, outcome } => match (kit.request)(request) {
                Ok(o) => o
                    .outcomes
                    .iter()
                    .find(|c| c.name == *outcome)
                    .map_or(String::new(), |c| format!("{} had a {} chance", words(system, &c.name), percent(c.p))),
                Err(e) => format!("no exact odds ({e})"),
            },
            OddsOf::TotalOrMore { expr, total } => match (kit.notation)(expr) {
                Ok(o) => {
                    let at_least: f64 = o.iter().filter(|(v, _)| v >= total).map(|(_, p)| p).sum();
                    format!("{total} or more had a {} chance", percent(at_least))
                }
                Err(e) => format!("no exact odds ({})", e.message),
            },
        }
    }
}

pub fn shown(request: &RollRequest, seed: u64) -> Result<Shown, String> {
    let replayed = replay(request, seed)?;
    let outcome = replayed.outcome();
    Ok(match replayed {
        Replay::System { request, summary: s } => Shown {
            dice: dice_text(&s.dice),
            outcome,
            odds: OddsOf::Outcome { request, system: s.system, outcome: s.outcome },
        },
        Replay::Notation { expr, roll, .. } => {
            Shown { dice: dice_text(&roll.dice()), outcome, odds: OddsOf::TotalOrMore { expr, total: roll.total } }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notation_roll_is_shown_with_its_own_dice_and_the_odds_of_its_total_or_more() {
        let req = RollRequest::Notation { text: "3d6".into(), version: dicetray_rules::dice::NOTATION_VERSION };
        let expr = parse_versioned("3d6", dicetray_rules::dice::NOTATION_VERSION).unwrap();
        for seed in [1u64, 77, 2026] {
            let s = shown(&req, seed).unwrap();
            let roll = expr.roll(seed).unwrap();
            assert_eq!(s.dice, dice_text(&roll.dice()));
            assert_eq!(s.outcome, format!("total {}", roll.total));
            let total = *roll.total.numer();
            // P(3d6 >= t) by counting the 216 outcomes.
            let n = (1..=6)
                .flat_map(|a| (1..=6).flat_map(move |b| (1..=6).map(move |c| a + b + c)))
                .filter(|s| *s >= total)
                .count();
            assert_eq!(
                s.odds.line(&OddsKit::HERE),
                format!("{total} or more had a {} chance", percent(n as f64 / 216.0))
            );
        }
        assert_eq!(request_words(&req), "3d6");
    }

    #[test]
    fn a_system_roll_names_its_outcome_and_the_chance_it_had() {
        let json = r#"{"system":"total-effect","modifier":2}"#;
        let req = RollRequest::System { json: json.into() };
        let s = shown(&req, 9).unwrap();
        let r = Request::from_json(json).unwrap();
        let sum = r.roll(9).unwrap().summary();
        assert!(s.outcome.starts_with(&words("total-effect", &sum.outcome)), "{}", s.outcome);
        let odds = s.odds.line(&OddsKit::HERE);
        assert!(odds.contains(" had a ") && odds.ends_with(" chance"), "{odds}");
        assert!(request_words(&req).starts_with("Total//Effect: "), "{}", request_words(&req));
        let bad = RollRequest::System { json: "{}".into() };
        assert!(shown(&bad, 1).is_err());
    }
}
