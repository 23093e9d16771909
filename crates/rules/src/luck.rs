//! The luck of a roll, and how lucky a set of rolls was (issue #33).
//!
//! A roll's **luck** is the mid-rank percentile of its total `x` under the exact distribution of the total `X` it
//! was rolled from: `P(X < x) + P(X = x) / 2`, in [0, 1]. Which number is "the total" is each system's
//! ([`crate::systems::RuleSystem::total_dist`]): the 24-System's and Remedy's total, Total//Effect's Total, Ruina
//! Imperii's hits, Hack & Slash's success level, the notation's total.
//!
//! With fair dice a roll's luck has mean exactly 1/2 (`Σ p_i (F_{i-1} + p_i / 2) = (Σ p_i)² / 2`) and variance
//! `(1 - Σ p³) / 12` over the distribution's probabilities `p`, so the mean luck of `n` independent rolls has
//! mean 1/2 and variance `Σ var_i / n²`; [`LuckReport`] compares a set's mean with that.
//!
//! A luck is never a wrong number: where the distribution is not known exactly enough it is [`NotComputed`] with
//! the reason. The distributions of exploding dice are cut off once less than 1e-12 of the mass is left
//! (`truncated_mass`); a luck read from such a distribution is within that mass of the exact one, and a
//! distribution that lost more than [`TRUNCATION_MAX`] gives no luck. A total the distribution gives no
//! probability (an explosion chain stopped at the roll's cap, or a roll that does not match its request) gives
//! none either.

use crate::dist::{add_up, Dist};

/// The most probability mass a distribution may have lost to cut-off explosions for a luck to be read from it:
/// the luck is then within this of the exact one (the engine cuts at 1e-12, so this only refuses a distribution
/// something else cut short).
pub const TRUNCATION_MAX: f64 = 1e-9;

/// The mid-rank percentile of `x` under `dist`: `P(X < x) + P(X = x) / 2`, over the mass `dist` holds.
pub fn luck(dist: &Dist, x: i64) -> f64 {
    mid_rank(dist.iter(), x)
}

/// The variance of the luck of one roll from `dist`: `(1 - Σ p³) / 12`.
pub fn luck_variance(dist: &Dist) -> f64 {
    variance_of(dist.iter().map(|(_, p)| p))
}

/// `P(X < x) + P(X = x) / 2` over (value, probability) pairs in any order (equal values may repeat).
pub fn mid_rank<V: PartialOrd>(pairs: impl IntoIterator<Item = (V, f64)>, x: V) -> f64 {
    let (mut below, mut at) = (0.0, 0.0);
    for (v, p) in pairs {
        if v < x {
            below += p;
        } else if v == x {
            at += p;
        }
    }
    (below + at / 2.0).clamp(0.0, 1.0)
}

/// `(1 - Σ p³) / 12` over a distribution's probabilities: the variance of a roll's luck under fair dice.
pub fn variance_of(probs: impl IntoIterator<Item = f64>) -> f64 {
    ((1.0 - add_up(probs.into_iter().map(|p| p * p * p))) / 12.0).max(0.0)
}

/// One roll's luck under fair dice, with the variance it has.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Luck {
    /// `P(X < x) + P(X = x) / 2`, in [0, 1].
    pub luck: f64,
    /// `(1 - Σ p³) / 12` of the roll's distribution.
    pub variance: f64,
}

/// Why a roll has no luck: a sentence (`the odds of "best" ... walk about 300000 sets ...`).
pub type NotComputed = String;

/// A total's distribution: ascending values with their probabilities (a [`Dist`] in steps, or the notation's
/// exact values), and the mass cut off.
#[derive(Clone, Debug, PartialEq)]
pub struct TotalDist {
    /// (value as the roll reports it, probability), ascending.
    pub values: Vec<(f64, f64)>,
    /// Probability cut off (explosions followed until less than this was left).
    pub truncated_mass: f64,
}

impl TotalDist {
    /// A [`Dist`] whose value `v` is a total of `v * step` (Hack & Slash's half steps: `step` 0.5).
    pub fn from_dist(dist: &Dist, step: f64) -> TotalDist {
        TotalDist {
            values: dist.iter().map(|(v, p)| (v as f64 * step, p)).collect(),
            truncated_mass: dist.truncated_mass(),
        }
    }

    /// The luck of a roll whose total is `total`, or why it has none (too much mass cut off, or a total this
    /// distribution does not give).
    pub fn luck(&self, total: f64) -> Result<Luck, NotComputed> {
        if self.truncated_mass.is_nan() || self.truncated_mass > TRUNCATION_MAX {
            return Err(format!(
                "its exact odds were cut off with {} of the probability left out (allowed: at most {}, \
                 TRUNCATION_MAX, for a luck within that of the exact one)",
                crate::decimal::scientific(self.truncated_mass, 1),
                crate::decimal::scientific(TRUNCATION_MAX, 0)
            ));
        }
        if !self.values.iter().any(|&(v, p)| v == total && p > 0.0) {
            return Err(format!(
                "its total {} has no chance under the request's exact odds (an explosion chain stopped at the roll's \
                 cap, or a total that does not match the request)",
                crate::decimal::shortest(total)
            ));
        }
        Ok(Luck { luck: mid_rank(self.values.iter().copied(), total), variance: self.variance() })
    }

    /// `(1 - Σ p³) / 12`.
    pub fn variance(&self) -> f64 {
        variance_of(self.values.iter().map(|&(_, p)| p))
    }
}

/// The complementary error function `erfc(x) = 1 - erf(x)`, by the Chebyshev fit of W. H. Press et al.,
/// *Numerical Recipes* (2nd ed., §6.2, `erfcc`): `t = 1 / (1 + |x| / 2)`,
/// `erfc(|x|) ≈ t·exp(-x² + P(t))` with a degree-9 polynomial `P`; fractional error below 1.2e-7 for every `x`
/// (`erfc(-x) = 2 - erfc(x)`). Plain arithmetic and one `exp`: nothing large for the browser's wasm.
pub fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    const C: [f64; 10] = [
        -1.265_512_23,
        1.000_023_68,
        0.374_091_96,
        0.096_784_18,
        -0.186_288_06,
        0.278_868_07,
        -1.135_203_98,
        1.488_515_87,
        -0.822_152_23,
        0.170_872_77,
    ];
    let poly = C.iter().rev().fold(0.0, |acc, c| acc * t + c);
    let r = t * (-z * z + poly).exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// The two-sided p-value of a standard normal score `z`: `P(|Z| >= |z|) = erfc(|z| / √2)` ([`erfc`]'s accuracy).
pub fn two_sided_p(z: f64) -> f64 {
    erfc(z.abs() / std::f64::consts::SQRT_2).min(1.0)
}

/// How lucky a set of rolls was under fair dice.
///
/// The mean luck of the `rolls` whose luck was computed has, under fair dice, mean 1/2 and the exact variance
/// `Σ var_i / n²`; `z = (mean - 1/2) / √variance` and the p-value is two-sided from the normal approximation with
/// that exact variance ([`two_sided_p`]): the chance that fair dice give a mean at least this far from 1/2.
/// Rolls without a luck are counted in `not_computed` with their reasons, never left out silently.
#[derive(Clone, Debug, PartialEq)]
pub struct LuckReport {
    /// Rolls whose luck was computed.
    pub rolls: usize,
    /// Their mean luck (None without any).
    pub mean: Option<f64>,
    /// The exact variance of that mean under fair dice: `Σ var_i / n²`.
    pub variance: f64,
    /// `(mean - 1/2) / √variance` (None without rolls, or when every roll was certain: variance 0).
    pub z: Option<f64>,
    /// The two-sided p-value of the mean (1 when every roll was certain, None without rolls).
    pub p_value: Option<f64>,
    /// The luckiest roll: (id, luck); the first of equals.
    pub luckiest: Option<(String, f64)>,
    /// The unluckiest roll: (id, luck); the first of equals.
    pub unluckiest: Option<(String, f64)>,
    /// Every roll whose luck was not computed: (id, reason), in the order given.
    pub not_computed: Vec<(String, NotComputed)>,
}

impl LuckReport {
    /// The report over `rolls`: (id, its luck or why it has none).
    pub fn of<'a, I>(rolls: I) -> LuckReport
    where
        I: IntoIterator<Item = (&'a str, &'a Result<Luck, NotComputed>)>,
    {
        let mut report = LuckReport {
            rolls: 0,
            mean: None,
            variance: 0.0,
            z: None,
            p_value: None,
            luckiest: None,
            unluckiest: None,
            not_computed: Vec::new(),
        };
        let (mut sum, mut var_sum) = (0.0, 0.0);
        for (id, luck) in rolls {
            let l = match luck {
                Ok(l) => l,
                Err(why) => {
                    report.not_computed.push((id.to_string(), why.clone()));
                    continue;
                }
            };
            report.rolls += 1;
            sum += l.luck;
            var_sum += l.variance;
            if report.luckiest.as_ref().is_none_or(|(_, best)| l.luck > *best) {
                report.luckiest = Some((id.to_string(), l.luck));
            }
            if report.unluckiest.as_ref().is_none_or(|(_, worst)| l.luck < *worst) {
                report.unluckiest = Some((id.to_string(), l.luck));
            }
        }
        if report.rolls > 0 {
            let n = report.rolls as f64;
            let mean = sum / n;
            report.mean = Some(mean);
            report.variance = var_sum / (n * n);
            if report.variance > 0.0 {
                let z = (mean - 0.5) / report.variance.sqrt();
                report.z = Some(z);
                report.p_value = Some(two_sided_p(z));
            } else {
                report.p_value = Some(1.0);
            }
        }
        report
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erfc_matches_known_values() {
        // erfc's values to 16 digits (Python's `math.erfc`, an independent implementation), and its symmetry.
        for (x, expected) in [
            (0.0, 1.0),
            (0.5, 0.479_500_122_186_953_5),
            (1.0, 0.157_299_207_050_285_13),
            (2.0, 0.004_677_734_981_047_266),
            (3.0, 2.209_049_699_858_544e-5),
            (-1.0, 1.842_700_792_949_715),
        ] {
            let got = erfc(x);
            assert!(((got - expected) / expected).abs() < 1.2e-7, "erfc({x}) = {got}, expected {expected}");
        }
    }

    #[test]
    fn the_two_sided_p_value_of_the_usual_critical_values() {
        // The normal distribution's two-sided critical values: 1.959964 for 5%, 2.575829 for 1%, 3.290527 for
        // 0.1%; and 1.96 itself gives 0.0499958 (1 - erf(1.96 / √2)).
        for (z, p) in [(1.959_964, 0.05), (2.575_829, 0.01), (3.290_527, 0.001), (1.96, 0.049_995_790)] {
            let got = two_sided_p(z);
            assert!(((got - p) / p).abs() < 2e-6, "z = {z}: {got}, expected {p}");
            assert_eq!(two_sided_p(-z), got, "two-sided");
        }
        assert_eq!(two_sided_p(0.0), 1.0);
    }

    #[test]
    fn a_d6_rolls_its_luck_in_twelfths() {
        let d6 = Dist::uniform(1, 6);
        for face in 1..=6 {
            // Below: face - 1 sixths, at: one sixth, halved.
            assert!((luck(&d6, face) - (2 * face - 1) as f64 / 12.0).abs() < 1e-15);
        }
        // (1 - 6/216) / 12 = 35/432.
        assert!((luck_variance(&d6) - 35.0 / 432.0).abs() < 1e-15);
        assert_eq!(luck(&Dist::point(4), 4), 0.5);
        assert_eq!(luck_variance(&Dist::point(4)), 0.0);
    }

    #[test]
    fn a_report_takes_mean_variance_extremes_and_names_what_it_left_out() {
        let rolls: Vec<(String, Result<Luck, NotComputed>)> = vec![
            ("a".into(), Ok(Luck { luck: 0.9, variance: 0.08 })),
            ("b".into(), Err("too large".into())),
            ("c".into(), Ok(Luck { luck: 0.2, variance: 0.02 })),
            ("d".into(), Ok(Luck { luck: 0.9, variance: 0.05 })),
        ];
        let r = LuckReport::of(rolls.iter().map(|(id, l)| (id.as_str(), l)));
        assert_eq!(r.rolls, 3);
        let mean = (0.9 + 0.2 + 0.9) / 3.0;
        assert!((r.mean.unwrap() - mean).abs() < 1e-15);
        assert!((r.variance - 0.15 / 9.0).abs() < 1e-15);
        assert!((r.z.unwrap() - (mean - 0.5) / (0.15f64 / 9.0).sqrt()).abs() < 1e-12);
        assert_eq!(r.luckiest, Some(("a".into(), 0.9)), "the first of equals");
        assert_eq!(r.unluckiest, Some(("c".into(), 0.2)));
        assert_eq!(r.not_computed, vec![("b".into(), "too large".into())]);
        let none = LuckReport::of(std::iter::empty());
        assert_eq!((none.rolls, none.mean, none.p_value), (0, None, None));
        let certain = [("x".to_string(), Ok(Luck { luck: 0.5, variance: 0.0 }))];
        let sure = LuckReport::of(certain.iter().map(|(id, l)| (id.as_str(), l)));
        assert_eq!((sure.p_value, sure.z), (Some(1.0), None));
    }

    #[test]
    fn a_total_with_no_chance_or_a_distribution_cut_short_has_no_luck() {
        let d = TotalDist::from_dist(&Dist::uniform(1, 6), 1.0);
        assert!(d.luck(7.0).unwrap_err().contains("total 7 has no chance"));
        assert!(d.luck(2.5).is_err());
        let halves = TotalDist::from_dist(&Dist::uniform(-3, 3), 0.5);
        assert!((halves.luck(-1.5).unwrap().luck - 1.0 / 14.0).abs() < 1e-15);
        let cut = TotalDist { truncated_mass: 1e-6, ..d };
        assert_eq!(
            cut.luck(3.0).unwrap_err(),
            "its exact odds were cut off with 1.0e-6 of the probability left out (allowed: at most 1e-9, \
             TRUNCATION_MAX, for a luck within that of the exact one)"
        );
    }
}
