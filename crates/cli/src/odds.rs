//! `dicetray odds`: the exact distribution, as text or JSON.

use crate::batch::Answer;
use dicetray_rules::dice::value::{to_json, value_text};
use dicetray_rules::dice::{parse, Expr, Odds};
use serde_json::json;

/// The odds JSON: `{"expr", "total": [[value, p], ...], "mean", "stddev", "truncated_mass"}`; a value that is not
/// whole is the nearest float, and `"exact"` then lists every value as a fraction (`"7/2"`) in the same order.
pub fn odds_json(expr: &str, d: &Odds) -> serde_json::Value {
    let total: Vec<(serde_json::Value, f64)> = d.iter().map(|(v, p)| (to_json(v), p)).collect();
    let mut out = json!({ "expr": expr, "total": total, "mean": d.mean(), "stddev": d.stddev(), "truncated_mass": d.truncated_mass() });
    if d.whole().is_none() {
        out["exact"] = d.iter().map(|(v, _)| v.to_string()).collect();
    }
    out
}

/// What each compare point of the expression counts, explodes on or rerolls, one line each (empty if none).
pub fn compare_lines(e: &Expr) -> String {
    dicetray_rules::dice::compare_point_sentences(&e.root).into_iter().map(|l| l + "\n").collect()
}

/// A text table of the distribution with bars, `width` characters for the most likely value.
pub fn odds_table(d: &Odds) -> String {
    let pmax = d.iter().map(|(_, p)| p).fold(0.0, f64::max);
    let vw = d.iter().map(|(v, _)| value_text(v).chars().count()).max().unwrap_or(1);
    let mut s = String::new();
    for (v, p) in d.iter() {
        let v = value_text(v);
        let bar = "#".repeat(((p / pmax) * 40.0).round() as usize);
        s.push_str(&format!("{v:>vw$}  {:>9.5}%  {bar}\n", p * 100.0));
    }
    s
}

pub fn answer(src: &str, as_json: bool) -> Answer {
    let e = parse(src)?;
    let d = e.odds()?;
    let canon = e.to_string();
    if as_json {
        return Ok(odds_json(&canon, &d).to_string());
    }
    Ok(format!(
        "{canon}\n{}mean {:.6}  stddev {:.6}  truncated_mass {}\n{}",
        compare_lines(&e),
        d.mean(),
        d.stddev(),
        if d.truncated_mass() == 0.0 { "0".to_string() } else { format!("{:.3e}", d.truncated_mass()) },
        odds_table(&d).trim_end()
    ))
}
