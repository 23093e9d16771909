//! Keep highest/lowest K of n identical independent dice, without enumerating outcomes.
//!
//! Multiset dynamic programming over the die's values from the kept end (as icepool does): walking the values
//! best first, the state is (dice placed so far j < K, running statistic s). At each value v, the number c of
//! the remaining n - j dice that show v is Binomial(n - j, P(v) / P(v or worse)); the first K - j of them are
//! kept and add their statistic. Once K dice are placed the rest are irrelevant, so states with j >= K fold
//! into the result. Cost: values x K x (statistic range) x K.

use super::die::Dense;

/// ln(i!) for i = 0..=n.
fn ln_factorials(n: usize) -> Vec<f64> {
    let mut t = vec![0.0; n + 1];
    for i in 1..=n {
        t[i] = t[i - 1] + (i as f64).ln();
    }
    t
}

/// Estimated steps for [`keep`] (`k`: the dice placed, skipped ones included).
pub(crate) fn keep_work(levels: usize, n: u32, k: u32, stat_range: u64) -> f64 {
    let k = k as f64;
    levels as f64 * k * ((k * stat_range as f64 + 1.0) * (k + 1.0) + n as f64)
}

/// Keep a run of `k` dice of `n`, after passing over the first `skip` from the kept end (`4d6kh3`: skip 0,
/// keep 3, from the highest; `4d6kh3dh1`: skip 1, keep 2). See [`keep_inner`].
pub(crate) fn keep_run(levels: &[(f64, i64)], n: u32, skip: u32, k: u32) -> Dense {
    keep_inner(levels, n, skip as usize, k as usize)
}

/// `levels`: (probability, statistic) of each value of one die, best first (highest first for keep-highest).
/// Probabilities must sum to 1. Returns the distribution of the summed statistic of the `kept` dice placed
/// after the first `skip` of `n`.
fn keep_inner(levels: &[(f64, i64)], n: u32, skip: usize, kept: usize) -> Dense {
    if kept == 0 || levels.is_empty() {
        return Dense { min: 0, p: vec![1.0] };
    }
    let (n, k) = (n as usize, skip + kept);
    // the statistic of dice placed at positions j..j+c that are kept (positions skip..k)
    let counted = |j: usize, c: usize| (j + c).min(k).saturating_sub(j.max(skip));
    let wmin = levels.iter().map(|l| l.1).min().unwrap_or(0);
    let wmax = levels.iter().map(|l| l.1).max().unwrap_or(0);
    let base = wmin * kept as i64; // statistic offset: s index = stat - base, stats shifted by wmin per die
    let width = ((wmax - wmin) as usize) * kept + 1;
    let lf = ln_factorials(n);
    // active[j][s]: probability that j dice (all kept) are placed with statistic s (+ j*wmin shift noted below)
    // We store statistics shifted by wmin per kept die so every index is non-negative.
    let mut active = vec![vec![0.0f64; width]; k];
    active[0][0] = 1.0;
    let mut done = vec![0.0f64; width];
    let mut rest: f64 = crate::dist::add_up(levels.iter().map(|l| l.0));
    let last = levels.len() - 1;
    let mut pmf = vec![0.0f64; n + 1];
    for (li, &(p, w)) in levels.iter().enumerate() {
        let q = if li == last || rest <= 0.0 { 1.0 } else { (p / rest).clamp(0.0, 1.0) };
        rest -= p;
        if q == 0.0 {
            continue;
        }
        let dw = (w - wmin) as usize;
        let mut next = vec![vec![0.0f64; width]; k];
        for j in 0..k {
            if active[j].iter().all(|&x| x == 0.0) {
                continue;
            }
            let r = n - j;
            let need = k - j; // dice still to keep
                              // Binomial(r, q) pmf for c < need, in log space (no underflow for large r).
            let (lq, lq1) = (q.ln(), (1.0 - q).ln());
            let mut head = 0.0;
            for (c, slot) in pmf.iter_mut().enumerate().take(need.min(r + 1)) {
                *slot = if q >= 1.0 {
                    if c == r {
                        1.0
                    } else {
                        0.0
                    }
                } else {
                    (lf[r] - lf[c] - lf[r - c] + c as f64 * lq + (r - c) as f64 * lq1).exp()
                };
                head += *slot;
            }
            let tail = if r < need {
                0.0
            } else if head > 0.5 && q < 1.0 {
                crate::dist::add_up(
                    (need..=r).map(|c| (lf[r] - lf[c] - lf[r - c] + c as f64 * lq + (r - c) as f64 * lq1).exp()),
                )
            } else {
                (1.0 - head).max(0.0)
            };
            let row = &active[j];
            #[cfg(feature = "opcount")]
            crate::opcount::add(row.len() * (need.min(r + 1) + 1) + need);
            for c in 0..need.min(r + 1) {
                let pc = pmf[c];
                if pc == 0.0 {
                    continue;
                }
                let shift = counted(j, c) * dw;
                let dst = &mut next[j + c];
                for (s, &x) in row.iter().enumerate() {
                    if x != 0.0 {
                        dst[s + shift] += x * pc;
                    }
                }
            }
            if tail > 0.0 {
                let shift = counted(j, need) * dw;
                for (s, &x) in row.iter().enumerate() {
                    if x != 0.0 {
                        done[s + shift] += x * tail;
                    }
                }
            }
        }
        active = next;
    }
    Dense { min: base, p: done }
}
