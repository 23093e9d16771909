//! Walking the throws of alike dice as sorted multisets: what Total//Effect's odds and Remedy's `best` ♻ odds
//! both need, since only which faces came up matters, not their order.

fn factorial(n: usize) -> u64 {
    (1..=n as u64).product()
}

/// Visit every non-decreasing list of `n` faces from 1..=`top` with its number of orderings
/// n! / (m1! ... mk!) (n at most 20). With `n` 0 the empty list is visited once.
pub(crate) fn each_multiset(n: usize, top: i64, mut visit: impl FnMut(&[i64], u64)) {
    if n == 0 {
        visit(&[], 1);
        return;
    }
    if top < 1 {
        return;
    }
    let mut faces = vec![1i64; n];
    let n_fact = factorial(n);
    loop {
        let mut orderings = n_fact;
        let mut run = 1;
        for i in 1..=n {
            if i < n && faces[i] == faces[i - 1] {
                run += 1;
            } else {
                orderings /= factorial(run);
                run = 1;
            }
        }
        visit(&faces, orderings);
        let Some(i) = (0..n).rev().find(|&i| faces[i] < top) else {
            return;
        };
        let v = faces[i] + 1;
        faces[i..].iter_mut().for_each(|f| *f = v);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn orderings_add_up_to_every_throw() {
        for (n, top) in [(0, 6), (1, 6), (3, 6), (4, 3), (6, 6)] {
            let mut total = 0;
            let mut sets = 0;
            super::each_multiset(n, top, |faces, w| {
                assert!(faces.windows(2).all(|p| p[0] <= p[1]));
                total += w;
                sets += 1;
            });
            assert_eq!(total, (top as u64).pow(n as u32), "{n} dice of {top}");
            // C(top + n - 1, n) sorted lists
            let c = (0..n as u64).fold(1u64, |a, i| a * (top as u64 + i) / (i + 1));
            assert_eq!(sets, c);
        }
    }
}
