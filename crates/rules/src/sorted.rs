//! Sorting and ordered collections with one compiled sort for the whole app.
//!
//! Every `sort_by` closure and every element type compiles its own copy of the standard library's sort (about
//! 3.5 KB of wasm each), and collecting into a `BTreeMap`/`BTreeSet` sorts a buffer of its pairs first (another
//! copy per key type). Here every sort is a sort of indices, compared through a reference to the caller's
//! comparison, so the whole app shares one sort of `usize`; a slice of anything else is sorted through its indices
//! and its elements then moved into that order. The result is exactly the standard stable sort's (a stable sort's
//! output is determined by its comparison), so orders that are hashed or signed stay the same; an unstable sort's
//! callers get the same result wherever equal elements cannot be told apart.

use std::cmp::Ordering;

/// Sorts indices by `cmp`, which compares what two indices stand for, stably: the one compiled sort. Callers that
/// sort indices call it directly (no copy, no move).
pub fn sort_indices(order: &mut [usize], cmp: &dyn Fn(usize, usize) -> Ordering) {
    order.sort_by(|&a, &b| cmp(a, b));
}

/// Sorts `v` by `cmp`, stably (equal elements keep their order), like `slice::sort_by`.
pub fn sort_by<T>(v: &mut [T], cmp: impl Fn(&T, &T) -> Ordering) {
    let mut order: Vec<usize> = (0..v.len()).collect();
    sort_indices(&mut order, &|a, b| cmp(&v[a], &v[b]));
    permute(v, &order);
}

/// Sorts `v` by `key`, stably, like `slice::sort_by_key`.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], key: impl Fn(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `v` in ascending order, stably, like `slice::sort`.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, T::cmp);
}

/// A map or set of `items`, inserted one by one: `collect` would sort a buffer of them first, compiling a sort
/// for each key type. Equal keys keep the last value, as `collect` does.
pub fn gather<C: Default + Extend<T>, T>(items: impl IntoIterator<Item = T>) -> C {
    let mut c = C::default();
    c.extend(items);
    c
}

/// Moves `v[order[k]]` to position `k` for every `k`, following each cycle of the permutation.
fn permute<T>(v: &mut [T], order: &[usize]) {
    let mut placed = vec![false; v.len()];
    for start in 0..v.len() {
        let mut k = start;
        while !placed[k] {
            placed[k] = true;
            let from = order[k];
            if from == start {
                break;
            }
            v.swap(k, from);
            k = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// Pairs with many equal keys, in a scrambled order (a fixed linear congruential sequence).
    fn scrambled(n: usize) -> Vec<(u8, usize)> {
        let mut x = 12345u64;
        (0..n)
            .map(|i| {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                ((x >> 60) as u8, i)
            })
            .collect()
    }

    #[test]
    fn sorts_as_the_standard_stable_sort_does() {
        for n in [0, 1, 2, 3, 7, 20, 33, 500] {
            let v = scrambled(n);
            let mut want = v.clone();
            want.sort_by_key(|p| p.0);
            let mut got = v.clone();
            sort_by_key(&mut got, |p| p.0);
            assert_eq!(got, want, "by key, {n} items");
            let (mut want, mut got) = (v.clone(), v.clone());
            want.sort_by_key(|p| std::cmp::Reverse(p.0));
            sort_by(&mut got, |a, b| b.0.cmp(&a.0));
            assert_eq!(got, want, "descending, {n} items");
            let (mut want, mut got) = (v.clone(), v);
            want.reverse();
            got.reverse();
            want.sort();
            sort(&mut got);
            assert_eq!(got, want, "whole, {n} items");
        }
    }

    #[test]
    fn sorts_indices_by_what_they_stand_for() {
        let faces = [4, 6, 4, 1, 6];
        let mut order: Vec<usize> = (0..faces.len()).collect();
        sort_indices(&mut order, &|a, b| faces[b].cmp(&faces[a]));
        assert_eq!(order, [1, 4, 0, 2, 3], "highest first, ties in index order");
    }

    #[test]
    fn sorts_elements_that_own_memory() {
        let mut v: Vec<String> = ["pear", "fig", "apple", "fig", "kiwi"].map(String::from).to_vec();
        sort(&mut v);
        assert_eq!(v, ["apple", "fig", "fig", "kiwi", "pear"]);
    }

    #[test]
    fn gathers_as_collect_does() {
        let items = [(3, "c"), (1, "a"), (3, "last"), (2, "b")];
        let got: BTreeMap<i32, &str> = gather(items);
        assert_eq!(got, items.into_iter().collect::<BTreeMap<_, _>>());
        assert_eq!(got[&3], "last");
    }
}
