//! `dicetray odds`: the exact distribution, as text or JSON.

use crate::batch::Answer;
use dicetray_rules::dice::parse;
use dicetray_rules::dist::Dist;
use serde_json::json;

/// The odds JSON: `{"expr", "total": [[value, p], ...], "mean", "stddev", "truncated_mass"}`.
pub fn odds_json(expr: &str, d: &Dist) -> serde_json::Value {
    let total: Vec<(i64, f64)> = d.iter().collect();
    json!({ "expr": expr, "total": total, "mean": d.mean(), "stddev": d.stddev(), "truncated_mass": d.truncated_mass() })
}

/// A text table of the distribution with bars, `width` characters for the most likely value.
pub fn odds_table(d: &Dist) -> String {
    let pmax = d.iter().map(|(_, p)| p).fold(0.0, f64::max);
    let vw = d.iter().map(|(v, _)| v.to_string().len()).max().unwrap_or(1);
    let mut s = String::new();
    for (v, p) in d.iter() {
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
        crate::roll::compare_lines(&e),
        d.mean(),
        d.stddev(),
        if d.truncated_mass() == 0.0 { "0".to_string() } else { format!("{:.3e}", d.truncated_mass()) },
        odds_table(&d).trim_end()
    ))
}
