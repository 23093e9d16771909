//! `dicetray roll`: one roll with its breakdown, or `--repeat N` simulated rolls beside the exact odds.

use crate::args::RollArgs;
use crate::batch::Answer;
use crate::odds::{compare_lines, odds_json};
use dicetray_rules::dice::value::{to_f64, to_json, value_text};
use dicetray_rules::dice::{parse, Expr, NotationError, Value};
use dicetray_rules::rng::{fresh_seed, seeded};
use serde_json::json;
use std::collections::BTreeMap;

fn seed(a: &RollArgs) -> Result<u64, NotationError> {
    match a.seed {
        Some(s) => Ok(s),
        None => fresh_seed().map_err(|e| NotationError::new(1, format!("no random seed from the OS: {e}"))),
    }
}

pub fn answer(src: &str, a: &RollArgs) -> Answer {
    let e = parse(src)?;
    let seed = seed(a)?;
    match a.repeat {
        Some(n) => repeat(&e, seed, n, a.source.json),
        None => {
            let r = e.roll(seed)?;
            if a.source.json {
                let v = json!({
                    "expr": r.expr, "seed": seed, "total": to_json(r.total), "dice": r.dice(), "text": r.text,
                    "groups": r.groups, "labels": r.labels, "comment": r.comment,
                });
                Ok(v.to_string())
            } else {
                Ok(format!("{}\n{}seed {seed}", r.text, compare_lines(&e)))
            }
        }
    }
}

/// Simulate `n` rolls from one generator seeded with `seed`.
fn repeat(e: &Expr, seed: u64, n: u64, as_json: bool) -> Answer {
    let mut rng = seeded(seed);
    let mut counts: BTreeMap<Value, u64> = BTreeMap::new();
    let (mut sum, mut sum2) = (0.0f64, 0.0f64);
    for _ in 0..n {
        let t = e.roll_with(&mut rng)?.total;
        *counts.entry(t).or_default() += 1;
        sum += to_f64(t);
        sum2 += to_f64(t) * to_f64(t);
    }
    let mean = sum / n as f64;
    let sd = (sum2 / n as f64 - mean * mean).max(0.0).sqrt();
    let exact = e.odds();
    let canon = e.to_string();
    if as_json {
        let hist: Vec<(f64, u64)> = counts.into_iter().map(|(v, c)| (to_f64(v), c)).collect();
        let exact = match &exact {
            Ok(d) => odds_json(&canon, d),
            Err(err) => json!({ "error": err.to_string() }),
        };
        return Ok(json!({ "expr": canon, "seed": seed, "rolls": n, "mean": mean, "stddev": sd, "histogram": hist, "exact": exact })
            .to_string());
    }
    let mut s = format!("{canon}  ({n} rolls, seed {seed})\nsimulated mean {mean:.4}  stddev {sd:.4}\n");
    match &exact {
        Ok(d) => s.push_str(&format!("exact     mean {:.4}  stddev {:.4}\n", d.mean(), d.stddev())),
        Err(err) => s.push_str(&format!("exact odds unavailable: {err}\n")),
    }
    let mut values: Vec<Value> = counts.keys().copied().collect();
    if let Ok(d) = &exact {
        values.extend(d.iter().filter(|&(_, p)| p >= 1e-6).map(|(v, _)| v));
    }
    values.sort_unstable();
    values.dedup();
    let vw = values.iter().map(|&v| value_text(v).chars().count()).max().unwrap_or(1);
    let cmax = counts.values().copied().max().unwrap_or(1) as f64;
    s.push_str(&format!("{:>vw$}  {:>9}  {:>9}\n", "", "simulated", "exact"));
    for v in values {
        let c = counts.get(&v).copied().unwrap_or(0);
        let ex = exact.as_ref().map_or(String::from("-"), |d| format!("{:.4}%", d.p(v) * 100.0));
        let bar = "#".repeat((c as f64 / cmax * 40.0).round() as usize);
        let v = value_text(v);
        s.push_str(&format!("{v:>vw$}  {:>8.4}%  {ex:>9}  {bar}\n", c as f64 * 100.0 / n as f64));
    }
    Ok(s.trim_end().to_string())
}
