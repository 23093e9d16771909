//! A clippy warning on purpose (`ptr_arg`): scripts/test.sh requires its clippy wrapper to refuse it.

/// Whether `v` is empty, taking `&Vec` where clippy wants a slice.
pub fn is_empty(v: &Vec<u8>) -> bool {
    v.is_empty()
}
