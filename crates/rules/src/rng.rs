//! The one random-number abstraction.
//!
//! Every roll is made by a [`RollRng`] seeded from a `u64` that is recorded with the roll, so any roll can be
//! replayed exactly from (seed, request). In the browser the seed comes from `crypto.getRandomValues` (getrandom);
//! tests pass fixed seeds. Faces are drawn with rand's uniform sampling (no modulo bias).

use rand::{Rng, RngCore, SeedableRng};

/// The generator behind every roll: PCG-64 (MCG variant), small, fast and value-stable for a given seed.
pub type RollRng = rand_pcg::Pcg64Mcg;

/// A generator for one roll, from its recorded seed.
pub fn seeded(seed: u64) -> RollRng {
    RollRng::seed_from_u64(seed)
}

/// A fresh seed from the operating system (in the browser: `crypto.getRandomValues`).
pub fn fresh_seed() -> Result<u64, getrandom::Error> {
    getrandom::u64()
}

/// One face of a die with `sides` faces, uniformly in `1..=sides`. `sides` must be at least 1.
#[inline(always)]
pub fn face<R: RngCore + ?Sized>(rng: &mut R, sides: u32) -> u32 {
    debug_assert!(sides >= 1);
    rng.random_range(1..=sides)
}
