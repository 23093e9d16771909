//! The dice are fair: chi-square uniformity of `rng::face` on seeded `RollRng` streams, and no modulo bias.
//!
//! **False-alarm rate.** Each die's test rejects at α = 1e-6 (critical value from `common::chi2_critical_1e6`,
//! the Wilson–Hilferty approximation, which errs on the high side for small df, so each real rate is at most
//! about 1e-6). Over the 9 dice (d2, d3, d4, d6, d8, d10, d12, d20, d100) the family-wise false-alarm rate is at
//! most 9 × 1e-6 ≈ 1e-5 per fresh set of seeds, and the seeds are fixed, so a pass stays a pass: only a change to
//! the generator, its seeding or `face` can turn these red. The per-seed test below adds 2 more tests at 1e-6.
//!
//! **Speed.** 9 × 10^6 draws plus 400,000 fresh generators: the whole file took 0.4 to 1.0 s in the default debug
//! profile of `cargo test --workspace` (measured on the 2-core dev machine, nice'd, beside other builds), so no
//! profile change is needed.

mod common;

use common::{chi2, chi2_critical_1e6};
use dicetray_rules::rng::{face, seeded, RollRng};
use rand::{Rng, RngCore};

const DRAWS: usize = 1_000_000;
const DICE: [u32; 9] = [2, 3, 4, 6, 8, 10, 12, 20, 100];

/// Counts of each face (index 0 is face 1) in `draws` throws of a d`sides` from `rng`.
fn counts(rng: &mut RollRng, sides: u32, draws: usize) -> Vec<u64> {
    let mut c = vec![0u64; sides as usize];
    for _ in 0..draws {
        let f = face(rng, sides);
        assert!((1..=sides).contains(&f), "d{sides} showed {f}");
        c[f as usize - 1] += 1;
    }
    c
}

fn assert_uniform(what: &str, observed: &[u64]) {
    let k = observed.len();
    let (stat, df) = chi2(observed, &vec![1.0 / k as f64; k]);
    assert_eq!(df, k - 1, "{what}: every face expects far more than 5");
    let crit = chi2_critical_1e6(df);
    assert!(stat < crit, "{what}: chi-square {stat:.2} >= {crit:.2} (df {df}): {observed:?}");
}

/// 10^6 throws of each die from one seeded stream (a different fixed seed per die).
#[test]
fn every_die_is_uniform_over_a_million_draws() {
    for sides in DICE {
        let mut rng = seeded(0x5EED_0000 + sides as u64);
        assert_uniform(&format!("d{sides}"), &counts(&mut rng, sides, DRAWS));
    }
}

/// How the app uses the generator: a fresh seed per roll. The first throw of 200,000 consecutive seeds is uniform
/// too (a weak seeding would show here, not in one long stream).
#[test]
fn first_throw_of_consecutive_seeds_is_uniform() {
    for sides in [6, 20] {
        let mut c = vec![0u64; sides as usize];
        for seed in 0..200_000u64 {
            c[face(&mut seeded(seed), sides) as usize - 1] += 1;
        }
        assert_uniform(&format!("first d{sides} of seeds 0..200000"), &c);
    }
}

/// The test above can fail: a die that favours one face by 1% over 10^6 throws is caught.
#[test]
fn the_uniformity_test_catches_a_one_percent_bias() {
    let mut rng = seeded(7);
    let mut c = vec![0u64; 6];
    for _ in 0..DRAWS {
        let f = if rng.random_bool(0.01) { 6 } else { face(&mut rng, 6) };
        c[f as usize - 1] += 1;
    }
    let (stat, df) = chi2(&c, &[1.0 / 6.0; 6]);
    assert!(stat > chi2_critical_1e6(df), "a 1% bias went unnoticed: chi-square {stat:.2}");
}

/// Faces reduced with `%` from a 32-bit word, the way a naive roller would.
fn modulo_face(rng: &mut RollRng, sides: u32) -> u32 {
    rng.next_u32() % sides + 1
}

/// Share of `draws` throws of a d`sides` that land in the lowest third of the faces.
fn lowest_third(mut draw: impl FnMut() -> u32, sides: u32, draws: usize) -> f64 {
    (0..draws).filter(|_| draw() <= sides / 3).count() as f64 / draws as f64
}

/// `face` uses rand's uniform sampling, not `%`. Over a 32-bit word, a d3 by `%` is off by 2^-32: real, but
/// invisible to any test. The same bias is made visible by a die whose size is comparable to the word: with
/// 3 × 2^30 sides, `x % sides` sends the top quarter of the words back onto the lowest third of the faces,
/// which then comes up half the time instead of a third. `face` must show a third (within 6 standard
/// errors); the naive reduction, on the same generator, must be caught by the same check.
#[test]
fn face_has_no_modulo_bias() {
    let sides = 3 << 30;
    let draws = 100_000;
    let sigma = (1.0 / 3.0 * 2.0 / 3.0 / draws as f64).sqrt();
    let mut rng = seeded(3);
    let fair = lowest_third(|| face(&mut rng, sides), sides, draws);
    assert!((fair - 1.0 / 3.0).abs() < 6.0 * sigma, "face: lowest third came up {fair}");
    let mut rng = seeded(3);
    let naive = lowest_third(|| modulo_face(&mut rng, sides), sides, draws);
    assert!((naive - 1.0 / 3.0).abs() > 6.0 * sigma, "the check cannot see modulo bias: {naive}");
    assert!((naive - 0.5).abs() < 6.0 * sigma, "modulo bias should give a half: {naive}");
}

/// And `face` is exactly rand's `random_range(1..=sides)`: the same generator state gives the same faces (so a
/// replayed roll is the same roll), for every die here and a d3.
#[test]
fn face_is_rands_uniform_range() {
    for sides in DICE.into_iter().chain([1, 3, 10_000, u32::MAX]) {
        let (mut a, mut b) = (seeded(sides as u64), seeded(sides as u64));
        for _ in 0..1000 {
            assert_eq!(face(&mut a, sides), b.random_range(1..=sides), "d{sides}");
        }
    }
}
