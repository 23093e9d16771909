// Shared by the fuzz targets (included with `#[path]`-less `mod common;` from each target).

/// A roll seed derived from the input, so a crash reproduces from the input file alone (FNV-1a).
pub fn seed_of(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}
