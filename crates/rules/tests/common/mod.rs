//! Helpers shared by the systems' integration tests.
#![allow(dead_code)]

/// Upper critical value of chi-square with `df` degrees of freedom at false-alarm rate α = 1e-6,
/// by the Wilson–Hilferty cube approximation (z = 4.7534, the one-sided 1e-6 normal quantile). For small
/// df it errs on the high side, i.e. the real false-alarm rate is at most about 1e-6.
pub fn chi2_critical_1e6(df: usize) -> f64 {
    let z = 4.753_424;
    let k = df as f64;
    let a = 2.0 / (9.0 * k);
    k * (1.0 - a + z * a.sqrt()).powi(3)
}

/// Pearson chi-square of observed counts against probabilities (pooled so every cell expects >= 5).
/// Returns (statistic, degrees of freedom).
pub fn chi2(observed: &[u64], probs: &[f64]) -> (f64, usize) {
    let n: u64 = observed.iter().sum();
    let n = n as f64;
    let mut cells: Vec<(f64, f64)> = Vec::new();
    let (mut o_acc, mut e_acc) = (0.0, 0.0);
    for (&o, &p) in observed.iter().zip(probs) {
        o_acc += o as f64;
        e_acc += p * n;
        if e_acc >= 5.0 {
            cells.push((o_acc, e_acc));
            o_acc = 0.0;
            e_acc = 0.0;
        }
    }
    if o_acc > 0.0 || e_acc > 0.0 {
        match cells.last_mut() {
            Some(last) => {
                last.0 += o_acc;
                last.1 += e_acc;
            }
            None => cells.push((o_acc, e_acc)),
        }
    }
    let stat = cells.iter().map(|(o, e)| (o - e).powi(2) / e).sum();
    (stat, cells.len().saturating_sub(1))
}

/// Assert the counts fit the probabilities at α = 1e-6.
pub fn assert_fits(what: &str, observed: &[u64], probs: &[f64]) {
    let (stat, df) = chi2(observed, probs);
    if df == 0 {
        return;
    }
    let crit = chi2_critical_1e6(df);
    assert!(stat < crit, "{what}: chi-square {stat:.2} >= {crit:.2} (df {df}); observed {observed:?}, probs {probs:?}");
}
