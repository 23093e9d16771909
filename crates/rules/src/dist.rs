//! Exact discrete probability distributions over integers.
//!
//! A [`Dist`] is a dense vector of probabilities starting at `min`, plus the probability mass that was cut off
//! (`truncated_mass`) when an unbounded process (exploding, rerolling until) was expanded only until the
//! remaining mass fell below a threshold. Everything here is exact up to f64 rounding.

/// An exact distribution over the integers `min .. min + probs.len()`.
#[derive(Clone, Debug, PartialEq)]
pub struct Dist {
    min: i64,
    probs: Vec<f64>,
    truncated_mass: f64,
}

impl Dist {
    /// Certainly `value`.
    pub fn point(value: i64) -> Self {
        Dist { min: value, probs: vec![1.0], truncated_mass: 0.0 }
    }

    /// Uniform over `lo..=hi` (a fair die). Panics if `hi < lo` (callers validate first).
    pub fn uniform(lo: i64, hi: i64) -> Self {
        assert!(hi >= lo, "uniform({lo}, {hi}): empty range");
        let n = (hi - lo + 1) as usize;
        Dist { min: lo, probs: vec![1.0 / n as f64; n], truncated_mass: 0.0 }
    }

    /// From dense probabilities starting at `min`; trailing and leading zeros are trimmed.
    pub fn from_dense(min: i64, probs: Vec<f64>, truncated_mass: f64) -> Self {
        let mut d = Dist { min, probs, truncated_mass };
        d.trim();
        d
    }

    /// From (value, probability) pairs in any order; repeated values add up.
    pub fn from_pairs<I: IntoIterator<Item = (i64, f64)>>(pairs: I) -> Self {
        // Straight into the dense vector (each value's probabilities add up in the order given, as before).
        let pairs: Vec<(i64, f64)> = pairs.into_iter().collect();
        let (Some(lo), Some(hi)) = (pairs.iter().map(|x| x.0).min(), pairs.iter().map(|x| x.0).max()) else {
            return Dist { min: 0, probs: Vec::new(), truncated_mass: 0.0 };
        };
        let mut probs = vec![0.0; (hi - lo + 1) as usize];
        for (v, p) in pairs {
            probs[(v - lo) as usize] += p;
        }
        Dist::from_dense(lo, probs, 0.0)
    }

    fn trim(&mut self) {
        let lead = self.probs.iter().take_while(|&&p| p == 0.0).count();
        if lead == self.probs.len() {
            self.probs.clear();
            return;
        }
        self.probs.drain(..lead);
        self.min += lead as i64;
        while self.probs.last() == Some(&0.0) {
            self.probs.pop();
        }
    }

    /// The smallest value with non-zero probability (None if empty).
    pub fn min(&self) -> Option<i64> {
        (!self.probs.is_empty()).then_some(self.min)
    }
    /// The largest value with non-zero probability (None if empty).
    pub fn max(&self) -> Option<i64> {
        (!self.probs.is_empty()).then(|| self.min + (self.probs.len() as i64 - 1))
    }
    /// Number of values between min and max inclusive (the dense support size).
    pub fn support_len(&self) -> usize {
        self.probs.len()
    }
    /// Probability mass cut off while expanding unbounded processes.
    pub fn truncated_mass(&self) -> f64 {
        self.truncated_mass
    }
    /// Set the truncated mass (for builders that track it themselves).
    pub fn with_truncated_mass(mut self, t: f64) -> Self {
        self.truncated_mass = t;
        self
    }

    /// P(X = v).
    pub fn p(&self, v: i64) -> f64 {
        if v < self.min {
            return 0.0;
        }
        self.probs.get((v - self.min) as usize).copied().unwrap_or(0.0)
    }
    /// P(X >= v).
    pub fn p_at_least(&self, v: i64) -> f64 {
        add_up(self.iter().filter(|&(x, _)| x >= v).map(|(_, p)| p))
    }
    /// P(X <= v).
    pub fn p_at_most(&self, v: i64) -> f64 {
        add_up(self.iter().filter(|&(x, _)| x <= v).map(|(_, p)| p))
    }
    /// Probability of the values for which `pred` holds.
    pub fn p_where(&self, mut pred: impl FnMut(i64) -> bool) -> f64 {
        add_up(self.iter().filter(|&(x, _)| pred(x)).map(|(_, p)| p))
    }

    /// (value, probability) for every value with non-zero probability, ascending.
    pub fn iter(&self) -> impl Iterator<Item = (i64, f64)> + '_ {
        self.probs.iter().enumerate().filter(|(_, &p)| p > 0.0).map(move |(i, &p)| (self.min + i as i64, p))
    }

    /// Sum of the probabilities held (1 - truncated_mass, up to rounding).
    pub fn total_mass(&self) -> f64 {
        add_up(self.probs.iter().copied())
    }
    /// Mean over the mass held, renormalised.
    pub fn mean(&self) -> f64 {
        let m = self.total_mass();
        if m == 0.0 {
            return 0.0;
        }
        add_up(self.iter().map(|(v, p)| v as f64 * p)) / m
    }
    /// Standard deviation over the mass held, renormalised.
    pub fn stddev(&self) -> f64 {
        let m = self.total_mass();
        if m == 0.0 {
            return 0.0;
        }
        let mean = self.mean();
        (add_up(self.iter().map(|(v, p)| (v as f64 - mean).powi(2) * p)) / m).sqrt()
    }

    /// The distribution of X + Y for independent X (self) and Y (convolution).
    pub fn add(&self, other: &Dist) -> Dist {
        if self.probs.is_empty() || other.probs.is_empty() {
            return Dist { min: 0, probs: Vec::new(), truncated_mass: self.truncated_mass.max(other.truncated_mass) };
        }
        #[cfg(feature = "opcount")]
        crate::opcount::add(self.probs.len() * other.probs.len());
        let mut probs = vec![0.0; self.probs.len() + other.probs.len() - 1];
        for (i, &a) in self.probs.iter().enumerate() {
            if a == 0.0 {
                continue;
            }
            for (j, &b) in other.probs.iter().enumerate() {
                probs[i + j] += a * b;
            }
        }
        let t = 1.0 - (1.0 - self.truncated_mass) * (1.0 - other.truncated_mass);
        Dist::from_dense(self.min + other.min, probs, t)
    }

    /// The distribution of the sum of `n` independent copies (n >= 0), by repeated squaring.
    pub fn repeat_sum(&self, n: u32) -> Dist {
        let mut result = Dist::point(0);
        let mut base = self.clone();
        let mut k = n;
        while k > 0 {
            if k & 1 == 1 {
                result = result.add(&base);
            }
            k >>= 1;
            if k > 0 {
                base = base.add(&base);
            }
        }
        result
    }

    /// The distribution of f(X): values mapped, probabilities carried (f need not be injective).
    pub fn map(&self, mut f: impl FnMut(i64) -> i64) -> Dist {
        Dist::from_pairs(self.iter().map(|(v, p)| (f(v), p))).with_truncated_mass(self.truncated_mass)
    }

    /// The distribution of f(X, Y) for independent X (self) and Y.
    pub fn combine(&self, other: &Dist, mut f: impl FnMut(i64, i64) -> i64) -> Dist {
        let pairs: Vec<(i64, f64)> = self
            .iter()
            .flat_map(|(a, pa)| other.iter().map(move |(b, pb)| (a, b, pa * pb)))
            .map(|(a, b, p)| (f(a, b), p))
            .collect();
        let t = 1.0 - (1.0 - self.truncated_mass) * (1.0 - other.truncated_mass);
        Dist::from_pairs(pairs).with_truncated_mass(t)
    }

    /// -X.
    pub fn neg(&self) -> Dist {
        let mut probs = self.probs.clone();
        probs.reverse();
        match self.max() {
            Some(hi) => Dist { min: -hi, probs, truncated_mass: self.truncated_mass },
            None => self.clone(),
        }
    }
}

/// The sum of probabilities, starting from +0.0. The standard library's `Sum for f64` starts from -0.0 (the
/// IEEE sum of nothing), so summing no probabilities with it gives -0.0, which JSON then prints as `-0.0`.
/// Every probability sum in the crate goes through here, so no probability is ever negative zero.
pub fn add_up(values: impl IntoIterator<Item = f64>) -> f64 {
    values.into_iter().fold(0.0, |sum, p| sum + p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_d6_is_triangular() {
        let d6 = Dist::uniform(1, 6);
        let two = d6.add(&d6);
        assert_eq!(two.min(), Some(2));
        assert_eq!(two.max(), Some(12));
        assert!((two.p(7) - 6.0 / 36.0).abs() < 1e-15);
        assert!((two.p(2) - 1.0 / 36.0).abs() < 1e-15);
        assert!((two.mean() - 7.0).abs() < 1e-12);
    }

    #[test]
    fn repeat_sum_matches_repeated_add() {
        let d4 = Dist::uniform(1, 4);
        let by_squaring = d4.repeat_sum(5);
        let mut by_adding = Dist::point(0);
        for _ in 0..5 {
            by_adding = by_adding.add(&d4);
        }
        for v in 5..=20 {
            assert!((by_squaring.p(v) - by_adding.p(v)).abs() < 1e-14, "value {v}");
        }
        assert_eq!(d4.repeat_sum(0), Dist::point(0));
    }

    #[test]
    fn neg_and_map_and_pairs() {
        let d = Dist::from_pairs([(3, 0.25), (1, 0.5), (3, 0.25)]);
        assert_eq!(d.p(3), 0.5);
        let n = d.neg();
        assert_eq!((n.min(), n.max()), (Some(-3), Some(-1)));
        assert_eq!(n.p(-1), 0.5);
        let folded = Dist::uniform(-2, 2).map(|v| v.abs());
        assert!((folded.p(2) - 0.4).abs() < 1e-15);
        assert!((folded.p(0) - 0.2).abs() < 1e-15);
    }

    #[test]
    fn max_of_extreme_point_does_not_overflow() {
        assert_eq!(Dist::point(i64::MAX).max(), Some(i64::MAX));
    }

    #[test]
    fn an_empty_sum_of_probabilities_is_positive_zero() {
        let d6 = Dist::uniform(1, 6);
        for p in [d6.p_where(|v| v > 6), d6.p_at_least(7), d6.p_at_most(0), Dist::from_pairs([]).total_mass()] {
            assert_eq!(p, 0.0);
            assert!(p.is_sign_positive(), "{p:?} is negative zero");
        }
        assert!(add_up([]).is_sign_positive());
        assert!(add_up([-0.0]).is_sign_positive());
    }

    #[test]
    fn stddev_of_d6() {
        let d6 = Dist::uniform(1, 6);
        assert!((d6.stddev() - (35.0f64 / 12.0).sqrt()).abs() < 1e-12);
    }
}
