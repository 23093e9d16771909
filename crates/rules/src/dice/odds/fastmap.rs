//! Hash maps for the odds' inner loops: a multiply-rotate hash (as rustc's FxHash) instead of SipHash, and
//! values hashed by their reduced numerator and denominator instead of `Ratio`'s `Hash` (which walks the
//! continued fraction with a division per step). The keys are the odds' own values, not an attacker's choice
//! of hash collisions: every map is bounded by the exact-odds size and work limits anyway.

use super::super::value::Value;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// FxHash's mixing step: rotate, xor the word in, multiply by an odd constant.
#[derive(Default, Clone, Copy)]
pub(crate) struct FastHasher(u64);

impl Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(w));
        }
    }
    #[inline]
    fn write_u64(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    #[inline]
    fn write_i64(&mut self, w: i64) {
        self.write_u64(w as u64);
    }
    #[inline]
    fn write_usize(&mut self, w: usize) {
        self.write_u64(w as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A hash map with [`FastHasher`].
pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// A value as a map key. Every value the engine makes is reduced with a positive denominator (`Ratio`'s
/// arithmetic reduces), so equal values have equal parts and hashing the parts agrees with equality.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Key(pub Value);

impl Hash for Key {
    #[inline]
    fn hash<H: Hasher>(&self, h: &mut H) {
        h.write_i64(*self.0.numer());
        h.write_i64(*self.0.denom());
    }
}

/// (value, probability) pairs into a map, equal values adding up.
pub(crate) type ValueMap = FastMap<Key, f64>;
