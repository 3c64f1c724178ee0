//! Even splitting (`jiangnan-le`, luogu-p3235, HNOI 2014): who wins each
//! sum of piles.
//!
//! Problem: a bound `F` and piles. A move picks a pile of `x >= F` tokens and
//! an integer `M >= 2` and splits it into `M` piles as evenly as possible:
//! with `x = qM + r`, `M - r` piles of `q` and `r` piles of `q + 1`. Who cannot
//! move loses. For each test case (a sum of piles), does the first player win?
//!
//! Idea: Sprague-Grundy. Equal piles cancel in pairs, so splitting `x` by `M`
//! is worth `[M - r odd] g(q) ^ [r odd] g(q + 1)`. All `M` with the same
//! `q = x / M` form a block `l ..= x / q` (floor-division blocks, about
//! `2 sqrt(x)` of them); within a block `M + 2` has remainder `r - 2q`, so both
//! parities, and the option, are those of `M`: `M = l` and `M = l + 1` stand
//! for the whole block. [`grundy_table`] values every size up to the largest
//! pile this way, smallest first; [`reachable_values`] values only the sizes
//! the input's piles can reach, enumerating the blocks by `q` instead.
//!
//! Complexity: [`grundy_table`] `O(V sqrt V)` time and `O(V)` memory for the
//! largest pile `V` (about `4 * 10^7` steps at `V = 10^5`), once per input, as
//! `F` is shared; [`reachable_values`] `O(sqrt x)` sizes per pile, each valued
//! in `O(sqrt x)`.
//!
//! Reference: HNOI 2014 《江南乐》 (Luogu P3235); floor-division blocks
//! (整除分块) as in its published solutions.

use std::collections::HashMap;

use gen::even_split::EvenSplit;
use crate::submit::Submission;

/// The XOR of the piles an even split leaves, given the values of `q` and
/// `q + 1` and the split `x = q m + r`: equal piles cancel in pairs.
fn split_value(m: u32, r: u32, g_q: u32, g_q1: impl FnOnce() -> u32) -> u32 {
    let mut v = 0;
    if (m - r) % 2 == 1 {
        v ^= g_q;
    }
    if r % 2 == 1 {
        v ^= g_q1();
    }
    v
}

/// The smallest value not in `values`.
fn mex(mut values: Vec<u32>) -> u32 {
    values.sort_unstable();
    values.dedup();
    values
        .iter()
        .zip(0..)
        .find(|&(&v, i)| v != i)
        .map_or(values.len() as u32, |(_, i)| i)
}

/// The SG values of piles `0..=max_pile` when piles of at least `f` may be
/// split (`g[0]` is 0 and means nothing).
///
/// # Complexity
/// `O(max_pile^1.5)` time, `O(max_pile)` memory.
pub fn grundy_table(f: u32, max_pile: u32) -> Vec<u32> {
    let top = max_pile as usize;
    let mut g = vec![0u32; top + 1];
    // A pile of x has at most 2 options per block and fewer than 2 sqrt(x) + 1
    // blocks: the mex is below 4 sqrt(x) + 2, so larger values never matter.
    let mut seen = vec![0u32; 4 * (top as f64).sqrt() as usize + 8];
    for x in f.max(2)..=max_pile {
        let stamp = x;
        let mut mark = |v: u32| {
            if let Some(s) = seen.get_mut(v as usize) {
                *s = stamp;
            }
        };
        let mut l = 2;
        while l <= x {
            let q = x / l;
            let h = x / q;
            for m in l..=(l + 1).min(h) {
                // r odd implies q + 1 < x, which is already valued.
                mark(split_value(m, x - q * m, g[q as usize], || g[q as usize + 1]));
            }
            l = h + 1;
        }
        g[x as usize] = seen.iter().position(|&s| s != stamp).unwrap_or(seen.len()) as u32;
    }
    g
}

/// Per test case: does the first player win? Values every size up to the
/// largest pile once ([`grundy_table`]).
pub fn first_wins(s: &EvenSplit) -> Vec<bool> {
    let max = s.games.iter().flatten().copied().max().unwrap_or(0);
    let g = grundy_table(s.f, max);
    s.games
        .iter()
        .map(|piles| piles.iter().fold(0, |acc, &a| acc ^ g[a as usize]) != 0)
        .collect()
}

/// The values of every size reachable from `piles` (piles included), keyed
/// by size: each is valued after the sizes it splits into, which are
/// smaller, so the reachable sizes are collected first and valued in
/// increasing order.
///
/// A size `x >= F` splits into `q = x / M` and `q + 1`: for `M <= sqrt(x)`
/// each `M` is tried; the larger `M` have `q < sqrt(x)`, and for each such `q`
/// the `M` with `x / M = q` run from `x / (q + 1) + 1` to `x / q`, of which the
/// first two give every option of the run.
pub fn reachable_values(f: u32, piles: &[u32]) -> HashMap<u32, u32> {
    let splits = |x: u32| -> Vec<(u32, u32)> {
        if x < f {
            return Vec::new();
        }
        let root = (x as f64).sqrt() as u32;
        let mut ms: Vec<u32> = (2..=root.min(x)).collect();
        for q in 1..=root {
            let (lo, hi) = ((x / (q + 1) + 1).max(root + 1).max(2), x / q);
            ms.extend((lo..=hi).take(2));
        }
        ms.into_iter().map(|m| (m, x % m)).collect()
    };
    let mut sizes: Vec<u32> = piles.to_vec();
    let mut known: HashMap<u32, u32> = HashMap::new();
    let mut i = 0;
    while i < sizes.len() {
        let x = sizes[i];
        i += 1;
        if known.insert(x, 0).is_some() {
            continue;
        }
        for (m, r) in splits(x) {
            sizes.push(x / m);
            if r % 2 == 1 {
                sizes.push(x / m + 1);
            }
        }
    }
    let mut order: Vec<u32> = known.keys().copied().collect();
    order.sort_unstable();
    for x in order {
        let options = splits(x)
            .into_iter()
            .map(|(m, r)| split_value(m, r, known[&(x / m)], || known[&(x / m + 1)]))
            .collect();
        known.insert(x, mex(options));
    }
    known
}

/// [`first_wins`] by [`reachable_values`]: an independent check of the
/// table, and the reference where brute is too slow.
pub fn first_wins_reachable(s: &EvenSplit) -> Vec<bool> {
    let all: Vec<u32> = s.games.iter().flatten().copied().collect();
    let g = reachable_values(s.f, &all);
    s.games
        .iter()
        .map(|piles| piles.iter().fold(0, |acc, a| acc ^ g[a]) != 0)
        .collect()
}

/// Deliberately wrong variants, each with its smallest counterexample, proven
/// by `tests/even_split_exhaustive.rs` (every instance with smaller piles is
/// answered right).
pub mod wrong {
    use super::{mex, split_value};
    use gen::even_split::EvenSplit;

    /// Bug: only `M = 2` is tried ("split in half").
    ///
    /// Smallest: one pile of 3 with `F <= 2`: 3 splits into 1 + 2 (worth
    /// 0 ^ 1 = 1) or into three 1s (0), so it is worth 2 and the first player
    /// wins; with halves only its one option is worth 1, so 0: a loss.
    /// (With `F = 3`, 2 cannot move and both options are 0.)
    pub fn halves_only(s: &EvenSplit) -> Vec<bool> {
        let max = s.games.iter().flatten().copied().max().unwrap_or(0);
        let mut g = vec![0u32; max as usize + 1];
        for x in s.f.max(2)..=max {
            let (q, r) = (x / 2, x % 2);
            let half = split_value(2, r, g[q as usize], || g[q as usize + 1]);
            g[x as usize] = u32::from(half == 0);
        }
        wins(s, &g)
    }

    /// Bug: one `M` per floor-division block (`M = l` only), forgetting that
    /// `M + 1` has the other parities.
    ///
    /// Smallest: one pile of 3 with `F <= 2`, as for [`halves_only`]: `M = 2`
    /// and `M = 3` share the block of `q = 1`, so only 1 + 2 is tried.
    pub fn one_per_block(s: &EvenSplit) -> Vec<bool> {
        let max = s.games.iter().flatten().copied().max().unwrap_or(0);
        let mut g = vec![0u32; max as usize + 1];
        for x in s.f.max(2)..=max {
            let mut options = Vec::new();
            let mut l = 2;
            while l <= x {
                let q = x / l;
                options.push(split_value(l, x - q * l, g[q as usize], || g[q as usize + 1]));
                l = x / q + 1;
            }
            g[x as usize] = mex(options);
        }
        wins(s, &g)
    }

    /// Bug: a pile may be split only when it is larger than `F` (`x > F`
    /// instead of `x >= F`).
    ///
    /// Smallest: one pile of 2 with `F = 2`: it splits into 1 + 1 (worth 0), so
    /// it is worth 1 and the first player wins; here it cannot move. (With
    /// `F = 1` every pile of 2 or more moves either way, and a pile of 1 never.)
    pub fn strict_bound(s: &EvenSplit) -> Vec<bool> {
        let max = s.games.iter().flatten().copied().max().unwrap_or(0);
        wins(s, &super::grundy_table(s.f + 1, max))
    }

    fn wins(s: &EvenSplit, g: &[u32]) -> Vec<bool> {
        s.games
            .iter()
            .map(|piles| piles.iter().fold(0, |acc, &a| acc ^ g[a as usize]) != 0)
            .collect()
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn the_real_table_on_the_smallest_examples() {
            // grundy_table gives the true values these docs rely on.
            assert_eq!(super::super::grundy_table(1, 3), [0, 0, 1, 2]);
            let three = EvenSplit {
                f: 2,
                games: vec![vec![3]],
            };
            assert_eq!(halves_only(&three), [false]);
            assert_eq!(one_per_block(&three), [false]);
            assert_eq!(super::super::first_wins(&three), [true]);
            let two = EvenSplit {
                f: 2,
                games: vec![vec![2]],
            };
            assert_eq!(
                (strict_bound(&two), super::super::first_wins(&two)),
                (vec![false], vec![true])
            );
        }
    }
}


/// What `solve` answers with this module.
pub const SUBMITTED: &[Submission] = &[submission!(jiangnan_le, first_wins)];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_judge_sample() {
        let s = EvenSplit {
            f: 3,
            games: vec![vec![1], vec![2], vec![3], vec![5]],
        };
        assert_eq!(first_wins(&s), [false, false, true, true]);
        assert_eq!(first_wins_reachable(&s), [false, false, true, true]);
    }

    #[test]
    fn small_values_by_hand() {
        // See brute::even_split: F = 1 gives 0, 1, 2, 2, 2 for piles 1..=5.
        assert_eq!(&grundy_table(1, 5)[1..], [0, 1, 2, 2, 2]);
        assert_eq!(grundy_table(6, 5), vec![0; 6]);
        let g = reachable_values(1, &[5]);
        assert_eq!((g[&5], g[&3], g[&2], g[&1]), (2, 2, 1, 0));
    }

    #[test]
    fn reachable_values_agree_with_the_table() {
        for f in [1, 2, 3, 7, 50, 1000] {
            let table = grundy_table(f, 3000);
            let piles: Vec<u32> = (1..=3000).collect();
            let reach = reachable_values(f, &piles);
            for x in 1..=3000u32 {
                assert_eq!(reach[&x], table[x as usize], "F = {f}, pile {x}");
            }
        }
    }

    #[test]
    fn the_largest_piles() {
        // Both methods on the judge's largest piles; a sum of equal piles is 0.
        let table = grundy_table(1, 99_999);
        let reach = reachable_values(1, &[99_999, 99_998, 65_536]);
        for x in [99_999, 99_998, 65_536] {
            assert_eq!(reach[&x], table[x as usize]);
        }
        let s = EvenSplit {
            f: 1,
            games: vec![vec![99_999; 98], vec![99_999; 99]],
        };
        assert_eq!(first_wins(&s), [false, table[99_999] != 0]);
    }
}
