//! The distribution of one die of a group: its throw (with the reroll rule) and its value (with explosions).

use super::super::ast::{Compare, DiceGroup, ExplodeKind, Reroll};
use super::super::error::NotationError;
use super::super::limits::ODDS_TAIL;
use super::budget::{check_support, Budget};

/// A dense sub-probability vector over `min .. min + p.len()`.
#[derive(Clone, Debug)]
pub(crate) struct Dense {
    pub min: i64,
    pub p: Vec<f64>,
}

impl Dense {
    /// Convolution.
    pub fn conv(&self, other: &Dense) -> Dense {
        if self.p.is_empty() || other.p.is_empty() {
            return Dense { min: 0, p: Vec::new() };
        }
        let m = other.p.len();
        #[cfg(feature = "opcount")]
        crate::opcount::add(self.p.len() * m);
        let mut p = vec![0.0; self.p.len() + m - 1];
        for (i, &a) in self.p.iter().enumerate() {
            if a != 0.0 {
                // zip over equal-length slices: no bounds checks, so the loop vectorises
                for (dst, &b) in p[i..i + m].iter_mut().zip(&other.p) {
                    *dst += a * b;
                }
            }
        }
        Dense { min: self.min + other.min, p }
    }

    /// Convolution with itself, using symmetry (each cross term once, doubled): half the work of `conv`.
    pub fn square(&self) -> Dense {
        let n = self.p.len();
        if n == 0 {
            return self.clone();
        }
        #[cfg(feature = "opcount")]
        crate::opcount::add(n * (n + 1) / 2);
        let mut p = vec![0.0; 2 * n - 1];
        for (i, &a) in self.p.iter().enumerate() {
            if a != 0.0 {
                p[2 * i] += a * a;
                let a2 = 2.0 * a;
                for (dst, &b) in p[2 * i + 1..i + n].iter_mut().zip(&self.p[i + 1..]) {
                    *dst += a2 * b;
                }
            }
        }
        Dense { min: 2 * self.min, p }
    }

    /// [`square`](Self::square) of a distribution known to be symmetric (p[i] = p[n-1-i]): the result is
    /// symmetric too, so only its lower half is computed and then mirrored (half the work again).
    pub fn square_symmetric(&self) -> Dense {
        let n = self.p.len();
        if n == 0 {
            return self.clone();
        }
        let len = 2 * n - 1;
        let mid = len / 2; // outputs 0..=mid (= n - 1) are computed
        if n < 4 * BLOCK {
            return self.square_symmetric_small();
        }
        let a = &self.p;
        // Output t <= mid is 2 * (sum of a[i] * a[t - i] over i < t - i) plus a[t/2]^2 for even t. With the
        // input reversed (a[t - i] = rev[n - 1 - t + i]) each output's sum runs over both slices forwards, and
        // BLOCK neighbouring outputs read BLOCK neighbouring `rev` values for one a[i]: a block's outputs are
        // accumulated together in registers (output-stationary: no load and store of an output per multiply-add).
        // Both slices are padded with zeros so every block, the last one too, reads within them; the few terms
        // only some outputs of a block have are added with a 0/1 mask (adding 0.0 changes no sum).
        const PAD: usize = BLOCK;
        let mut x = Vec::with_capacity(n + 2 * PAD);
        x.extend_from_slice(a);
        x.resize(n + 2 * PAD, 0.0);
        let mut rev = vec![0.0; PAD];
        rev.extend(a.iter().rev());
        rev.resize(n + 3 * PAD, 0.0);
        let mut p = vec![0.0; len];
        let mut t0 = 0;
        while t0 <= mid {
            // lane j holds output t0 + BLOCK - 1 - j, which reads rev[PAD + n - 1 - t + i] at term i
            let base = PAD + n - t0 - BLOCK;
            let m0 = t0 / 2; // terms every output of the block has (t0 is even)
            let acc = block_sums(&x[..m0 + TAIL], &rev[base..base + m0 + TAIL + BLOCK - 1]);
            for (k, t) in (t0..(t0 + BLOCK).min(mid + 1)).enumerate() {
                p[t] = 2.0 * acc[BLOCK - 1 - k] + if t % 2 == 0 { a[t / 2] * a[t / 2] } else { 0.0 };
            }
            t0 += BLOCK;
        }
        for t in mid + 1..len {
            p[t] = p[len - 1 - t];
        }
        Dense { min: 2 * self.min, p }
    }

    /// [`square_symmetric`](Self::square_symmetric) for a short vector: each cross term added in place (the
    /// blocked kernel's padding would cost more than it saves).
    fn square_symmetric_small(&self) -> Dense {
        let n = self.p.len();
        let len = 2 * n - 1;
        let mid = len / 2;
        #[cfg(feature = "opcount")]
        crate::opcount::add((n / 2 + 1) * (n / 2 + 1));
        let mut p = vec![0.0; len];
        for (i, &a) in self.p.iter().enumerate() {
            if 2 * i > mid {
                break;
            }
            if a != 0.0 {
                p[2 * i] += a * a;
                let a2 = 2.0 * a;
                let end = (i + n).min(mid + 1);
                if 2 * i + 1 < end {
                    for (dst, &b) in p[2 * i + 1..end].iter_mut().zip(&self.p[i + 1..]) {
                        *dst += a2 * b;
                    }
                }
            }
        }
        for t in mid + 1..len {
            p[t] = p[len - 1 - t];
        }
        Dense { min: 2 * self.min, p }
    }

    /// Whether the probabilities read the same both ways.
    pub fn is_symmetric(&self) -> bool {
        self.p.iter().eq(self.p.iter().rev())
    }
    /// Mass held.
    pub fn mass(&self) -> f64 {
        crate::dist::add_up(self.p.iter().copied())
    }
    /// Add `other` into `self` (whose range must cover it).
    fn accumulate(&mut self, other: &Dense) {
        for (i, &x) in other.p.iter().enumerate() {
            self.p[(other.min - self.min) as usize + i] += x;
        }
    }
}

/// Outputs accumulated at once by [`Dense::square_symmetric`]'s kernel (even).
const BLOCK: usize = 16;
/// Terms after the common ones that only some outputs of a block have: output t0 + k has k.div_ceil(2) more.
const TAIL: usize = BLOCK / 2;

/// The kernel of [`Dense::square_symmetric`]: with m = `x.len() - TAIL`, lane j sums `x[i] * w[i + j]` over
/// i < m, then over the next `TAIL` terms those its output has (lane j is output t0 + BLOCK - 1 - j, which has
/// (BLOCK - 1 - j).div_ceil(2) of them), in order of i. On x86-64 with AVX2 the same code runs
/// compiled for it (4 lanes per instruction instead of 2: the same operations in the same order, so the same
/// results to the bit).
fn block_sums(x: &[f64], w: &[f64]) -> [f64; BLOCK] {
    #[cfg(feature = "opcount")]
    crate::opcount::add(x.len() * BLOCK);
    let mut acc = main_sums(x, w);
    block_tail(x, w, &mut acc);
    acc
}

fn main_sums(x: &[f64], w: &[f64]) -> [f64; BLOCK] {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2 (checked just above), the one requirement of a `target_feature` function.
            return unsafe { block_sums_avx2(x, w) };
        }
    }
    block_sums_portable(x, w)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn block_sums_avx2(x: &[f64], w: &[f64]) -> [f64; BLOCK] {
    block_sums_portable(x, w)
}

#[inline(always)]
fn block_sums_portable(x: &[f64], w: &[f64]) -> [f64; BLOCK] {
    let m = x.len() - TAIL;
    let mut acc = [0.0f64; BLOCK];
    for (&xi, wi) in x[..m].iter().zip(w.windows(BLOCK)) {
        let wi: &[f64; BLOCK] = wi.try_into().expect("a window of BLOCK");
        for j in 0..BLOCK {
            acc[j] += xi * wi[j];
        }
    }
    acc
}

/// The tail of [`block_sums`]: term m + q belongs to lanes j < BLOCK - 1 - 2q (kept out of the main loop, whose
/// registers it would disturb).
#[inline(never)]
fn block_tail(x: &[f64], w: &[f64], acc: &mut [f64; BLOCK]) {
    let m = x.len() - TAIL;
    for q in 0..TAIL {
        let lanes = BLOCK - 1 - 2 * q;
        for (a, &wj) in acc[..lanes].iter_mut().zip(&w[m + q..m + q + lanes]) {
            *a += x[m + q] * wj;
        }
    }
}

/// P(face) for one throw after the reroll rule, faces ascending from the die's lowest face.
pub(crate) fn throw_dist(g: &DiceGroup) -> Dense {
    throw_dist_with(g, g.reroll)
}

/// A die's first throw after the reroll rule and `min`/`max`: P(value), values ascending.
pub(crate) fn first_throw_dist(g: &DiceGroup) -> Dense {
    let t = throw_dist(g);
    if g.min.is_none() && g.max.is_none() {
        return t;
    }
    let values: Vec<i64> = (t.min..).take(t.p.len()).map(|f| g.clamp(f)).collect();
    let lo = values.iter().copied().min().unwrap_or(t.min);
    let hi = values.iter().copied().max().unwrap_or(t.min);
    let mut out = Dense { min: lo, p: vec![0.0; (hi - lo + 1) as usize] };
    for (v, p) in values.into_iter().zip(t.p) {
        out.p[(v - lo) as usize] += p;
    }
    out
}

/// P(face) for a throw an explosion added: reroll-once (`ro`, ♻) applies to a die's first throw only.
fn explosion_throw_dist(g: &DiceGroup) -> Dense {
    throw_dist_with(g, g.reroll.filter(|r| !r.once))
}

fn throw_dist_with(g: &DiceGroup, reroll: Option<Reroll>) -> Dense {
    let faces: Vec<i64> = g.faces().collect();
    let w: Vec<f64> = faces.iter().map(|&f| g.die.weight(f)).collect();
    let p = match reroll {
        None => w,
        Some(Reroll { on, once: true }) => {
            let hit = crate::dist::add_up(faces.iter().zip(&w).filter(|(&f, _)| on.matches(f)).map(|(_, &p)| p));
            faces.iter().zip(&w).map(|(&f, &p)| if on.matches(f) { 0.0 } else { p } + hit * p).collect()
        }
        Some(Reroll { on, once: false }) => {
            let keep = crate::dist::add_up(faces.iter().zip(&w).filter(|(&f, _)| !on.matches(f)).map(|(_, &p)| p));
            faces.iter().zip(&w).map(|(&f, &p)| if on.matches(f) { 0.0 } else { p / keep }).collect()
        }
    };
    Dense { min: faces[0], p }
}

/// The value of one die (a throw and the throws its explosions add), with the mass cut off at [`ODDS_TAIL`].
pub(crate) fn die_value(g: &DiceGroup, budget: &mut Budget) -> Result<(Dense, f64), NotationError> {
    die_value_to(g, budget, ODDS_TAIL)
}

/// The value distribution of one die of `group` as (lowest value, probabilities from it up, mass cut off),
/// explosion chains followed until less than `tail` of the mass is left. With [`DiceGroup::roll_die`], the one
/// implementation of "♻ then !" that the tray and a Remedy check share.
pub fn one_die_value(group: &DiceGroup, tail: f64) -> Result<(i64, Vec<f64>, f64), NotationError> {
    let (d, cut) = die_value_to(group, &mut Budget::default(), tail)?;
    Ok((d.min, d.p, cut))
}

fn die_value_to(g: &DiceGroup, budget: &mut Budget, tail: f64) -> Result<(Dense, f64), NotationError> {
    let t = first_throw_dist(g);
    let Some(e) = g.explode else {
        return Ok((t, 0.0));
    };
    let next = explosion_throw_dist(g);
    let col = g.pos.0;
    let (hit0, miss0) = split_on_explosion(&t, 0, e.on);
    let pen = if e.kind == ExplodeKind::Penetrate { -1 } else { 0 };
    let (hit1, miss1) = split_on_explosion(&next, pen, e.on);
    if hit0.mass() == 0.0 {
        return Ok((t, 0.0));
    }
    // After k explosions the mass still exploding is at most pm^(k-1) (the first throw may always explode, as
    // after `min`; later throws explode with pm < 1): expand until it falls below the tail.
    let pm = hit1.mass();
    let steps = if pm > 0.0 { (tail.ln() / pm.ln()).ceil().max(1.0) + 1.0 } else { 1.0 };
    let t_max = t.min + t.p.len() as i64 - 1;
    let (lo, hi) = (g.die.min_face().min(t.min) as f64, g.die.max_face().max(t_max) as f64);
    // A chain with k explosions lies within [min(0, lowest) * (k + 1), highest * (k + 1)].
    let neg = lo.min(lo + pen as f64).min(0.0);
    let lo_b = (neg * (steps + 2.0)).floor() as i64 - 1;
    let hi_b = (hi * (steps + 2.0)).ceil() as i64 + 1;
    check_support(lo_b as i128, hi_b as i128, col)?;
    let width = t.p.len() as f64;
    budget.charge(steps * steps * width * width / 2.0 + steps * width, col)?;
    let mut out = Dense { min: lo_b, p: vec![0.0; (hi_b - lo_b + 1) as usize] };
    out.accumulate(&miss0);
    let mut acc = hit0;
    let mut k = 1.0;
    while acc.mass() >= tail && k <= steps + 1.0 {
        out.accumulate(&acc.conv(&miss1));
        acc = acc.conv(&hit1);
        trim(&mut acc);
        k += 1.0;
    }
    let cut = acc.mass();
    trim(&mut out);
    Ok((out, cut))
}

/// Drop leading and trailing zeros.
pub(crate) fn trim(d: &mut Dense) {
    let lead = d.p.iter().take_while(|&&x| x == 0.0).count();
    if lead == d.p.len() {
        d.p.clear();
        return;
    }
    d.p.drain(..lead);
    d.min += lead as i64;
    while d.p.last() == Some(&0.0) {
        d.p.pop();
    }
}

/// A throw's distribution `t` split by whether the face explodes on `on`: (the faces that explode, the faces that do
/// not), each moved by `shift` (a penetrating explosion's throws count 1 less).
pub(crate) fn split_on_explosion(t: &Dense, shift: i64, on: Compare) -> (Dense, Dense) {
    let mut hit = Dense { min: t.min + shift, p: t.p.clone() };
    let mut miss = hit.clone();
    for (i, f) in (t.min..).take(t.p.len()).enumerate() {
        if on.matches(f) {
            miss.p[i] = 0.0;
        } else {
            hit.p[i] = 0.0;
        }
    }
    (hit, miss)
}

#[cfg(test)]
mod tests {
    use super::Dense;

    #[test]
    fn symmetric_square_matches_square() {
        for n in (1..12).chain([40, 65, 100, 211]) {
            let d = Dense { min: 1, p: vec![1.0 / n as f64; n] };
            let mut x = d.clone();
            for _ in 0..4 {
                let (a, b) = (x.square(), x.square_symmetric());
                assert_eq!(a.min, b.min);
                for (p, q) in a.p.iter().zip(&b.p) {
                    assert!((p - q).abs() < 1e-15, "{p} {q}");
                }
                x = b;
            }
        }
        assert!(!Dense { min: 0, p: vec![0.2, 0.8] }.is_symmetric());
    }
}
