//! `--request 'JSON'`: a rule system's roll or exact odds. The request format is the rules crate's
//! [`Request`]; errors name the field and the allowed values, and exit non-zero.

use crate::args::Declaration;
use crate::out::say;
use crate::words::describe;
use dicetray_rules::die::DieRoll;
use dicetray_rules::rng::fresh_seed;
use dicetray_rules::systems::remedy::RerollPolicy;
use dicetray_rules::systems::twenty_four::declare_critical_failure;
use dicetray_rules::systems::{self, words, Chance, Odds, Request, RequestError, Roll};
use serde_json::{json, Map, Value};

fn report(e: &RequestError) -> bool {
    eprintln!("error: invalid request: {e}");
    false
}

/// Read and check a request. A Remedy request without `reroll` gets `"best"`, the rulings' default for a new
/// roll (the rules crate reads a missing `reroll` as `"always"`, how every saved roll was made).
pub fn parse(json: &str) -> Result<Request, RequestError> {
    let mut request = Request::from_json(json)?;
    if let Request::Remedy(r) = &mut request {
        let given = serde_json::from_str::<Value>(json).ok().is_some_and(|v| v.get("reroll").is_some());
        if !given {
            r.reroll = Some(RerollPolicy::Best);
        }
    }
    request.validate()?;
    Ok(request)
}

fn as_map(chances: &[Chance]) -> Map<String, Value> {
    chances.iter().map(|c| (c.name.clone(), json!(c.p))).collect()
}

/// The CLI's odds JSON: `{"system", "outcomes": {name: p}, "events": {name: p}, "truncated_mass"}`.
pub fn odds_json(request: &Request, odds: &Odds) -> Value {
    json!({
        "system": request.system_id(),
        "outcomes": as_map(&odds.outcomes),
        "events": as_map(&odds.events),
        "truncated_mass": odds.truncated_mass,
    })
}

fn percent(p: f64) -> String {
    format!("{:>8.4}%", p * 100.0)
}

/// `dicetray odds --request JSON`.
pub fn odds(json: &str, as_json: bool) -> bool {
    let (request, odds) = match parse(json).and_then(|r| r.odds().map(|o| (r, o))) {
        Ok(x) => x,
        Err(e) => return report(&e),
    };
    if as_json {
        say!("{}", odds_json(&request, &odds));
    } else {
        let id = request.system_id();
        say!("{} odds", system_name(id));
        for c in &odds.outcomes {
            say!("  {:<32} {}", words(id, &c.name), percent(c.p));
        }
        if !odds.events.is_empty() {
            say!("events");
            for c in &odds.events {
                say!("  {:<32} {}", words(id, &c.name), percent(c.p));
            }
        }
        if odds.truncated_mass > 0.0 {
            say!("truncated_mass {:e}", odds.truncated_mass);
        }
    }
    true
}

fn dice_text(dice: &[DieRoll]) -> String {
    let faces: Vec<String> = dice
        .iter()
        .map(|d| {
            let role = d.role.as_deref().map(|r| format!(" {r}")).unwrap_or_default();
            let dropped = if d.kept { "" } else { " dropped" };
            format!("{}{}={}{role}{dropped}", d.kind.name(), if d.maxed { "*" } else { "" }, d.face)
        })
        .collect();
    faces.join(", ")
}

/// `dicetray roll --request JSON [--seed N]`.
pub fn roll(json: &str, seed: Option<u64>, declare: Option<Declaration>, as_json: bool) -> bool {
    let request = match parse(json) {
        Ok(r) => r,
        Err(e) => return report(&e),
    };
    let reads = match crate::effect_reads::read(json) {
        Ok(r) => r,
        Err(e) => return report(&e),
    };
    let seed = match seed.map_or_else(|| fresh_seed().map_err(|e| e.to_string()), Ok) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: no random seed from the operating system: {e}");
            return false;
        }
    };
    let mut roll = match request.roll(seed) {
        Ok(r) => r,
        Err(e) => return report(&e),
    };
    if let Some(Declaration::CriticalFailure) = declare {
        let declared = match &mut roll {
            Roll::TwentyFour(r) => declare_critical_failure(r),
            _ => Err(RequestError::new(
                "critical_failure",
                format!("a {} roll has no Critical Failure to declare", request.system_id()),
                "a failed push of the 24-System",
            )),
        };
        if let Err(e) = declared {
            eprintln!("error: cannot declare a Critical Failure: {e}");
            return false;
        }
    }
    let mut json = match serde_json::to_value(&roll) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("error: could not write the roll as JSON: {e}");
            return false;
        }
    };
    crate::effect_reads::report(&reads, &roll, &mut json);
    if as_json {
        say!("{json}");
    } else {
        let s = roll.summary();
        say!("{}: {} (total {})", system_name(&s.system), words(&s.system, &s.outcome), s.total);
        say!("dice: [{}]", dice_text(&s.dice));
        for line in describe(&json) {
            say!("{line}");
        }
        say!("seed {seed}");
    }
    true
}

/// A system's name as players know it (`24-System`), from the rules crate's list.
pub fn system_name(id: &str) -> &str {
    systems::system(id).map_or(id, |s| s.name)
}
