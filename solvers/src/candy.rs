//! Candy piles (`candy-piles`, AGC 002 E): does the first player win?
//!
//! Problem: piles of candies; a move eats a whole largest pile or one candy
//! from every non-empty pile; whoever eats the last candy loses.
//!
//! Idea: sorted largest first, the piles are the rows of a Young diagram and
//! a position is a cell of it: eating a largest pile steps down a row,
//! eating one from each steps right a column, and the player who must step
//! out of the diagram has eaten the last candy. A cell and the cell
//! diagonally below-right of it have the same outcome, so walk the diagonal
//! to its last cell `(k, k)`; from there only straight moves are left, and
//! the mover wins iff the cells right of it in its row, or below it in its
//! column, are odd in number.
//!
//! Complexity: `O(N log N)` for the sort, `O(N)` for the walk.
//!
//! Reference: AtCoder Grand Contest 002 editorial, problem E.

use crate::submit::Submission;

/// The last diagonal cell `k` of the diagram of `a` read in the order given
/// (largest first when sorted), and its two arms: the cells right of it in
/// row `k` and below it in column `k`.
fn diagonal_arms(a: &[u32]) -> (u64, u64) {
    let mut k = 0;
    while k + 1 < a.len() && a[k + 1] as usize > k + 1 {
        k += 1;
    }
    let right = a[k] as u64 - k as u64 - 1;
    let below = a[k + 1..].iter().take_while(|&&x| x as usize > k).count() as u64;
    (right, below)
}

/// Whether the first player wins.
///
/// # Panics
/// If `a` is empty.
///
/// # Complexity
/// `O(N log N)`.
pub fn first_wins(a: &[u32]) -> bool {
    let mut sorted = a.to_vec();
    sorted.sort_unstable_by(|x, y| y.cmp(x));
    let (right, below) = diagonal_arms(&sorted);
    right % 2 == 1 || below % 2 == 1
}

/// Deliberately wrong variants, each with its smallest counterexample
/// (fewest piles, then fewest candies), proven in
/// `tests/candy_exhaustive.rs`.
pub mod wrong {
    use super::diagonal_arms;

    /// Bug: the diagram walked in input order, without sorting.
    ///
    /// Smallest: `1 2`. Sorted `2 1`, the walk stops at once with one cell
    /// right and one below: First wins. Unsorted, the walk steps to `(1, 1)`
    /// with no arms: Second. One pile cannot be out of order, and `1 1` is
    /// sorted.
    pub fn unsorted(a: &[u32]) -> bool {
        let (right, below) = diagonal_arms(a);
        right % 2 == 1 || below % 2 == 1
    }

    /// Bug: only the row's arm counts; the column below the diagonal's end
    /// is forgotten.
    ///
    /// Smallest: `1 1`: First eats a pile and leaves the last candy, but
    /// the row arm is empty. One pile has no column arm.
    pub fn row_arm_only(a: &[u32]) -> bool {
        let mut sorted = a.to_vec();
        sorted.sort_unstable_by(|x, y| y.cmp(x));
        diagonal_arms(&sorted).0 % 2 == 1
    }
}


/// What `solve` answers with this module.
pub const SUBMITTED: &[Submission] = &[submission!(candy_piles, |c| first_wins(&c.a))];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_judge_samples() {
        assert!(first_wins(&[1, 3]));
        assert!(first_wins(&[1, 2, 1]));
        assert!(!first_wins(&[1, 2, 3]));
    }

    #[test]
    fn by_hand() {
        assert!(!first_wins(&[1]));
        assert!(first_wins(&[2]));
        assert!(first_wins(&[1, 1]));
        assert!(!first_wins(&[2, 2]));
        // A full square of side 3 walks to (2, 2) with no arms: Second.
        assert!(!first_wins(&[3, 3, 3]));
    }

    #[test]
    fn the_documented_smallest_examples_fail() {
        assert_eq!((first_wins(&[1, 2]), wrong::unsorted(&[1, 2])), (true, false));
        assert_eq!((first_wins(&[1, 1]), wrong::row_arm_only(&[1, 1])), (true, false));
    }

    #[test]
    fn the_judge_maximum_by_hand() {
        // The staircase 1 ..= 100000, sorted 100000 - i: the diagonal holds
        // while 100000 - k > k, so it ends at k = 49999 on a pile of 50001:
        // one cell right, and one below (the pile 50000 > 49999): First.
        let stairs: Vec<u32> = (1..=100_000).collect();
        assert_eq!(diagonal_arms(&stairs.iter().rev().copied().collect::<Vec<_>>()), (1, 1));
        assert!(first_wins(&stairs));
        // 100000 piles of 10^9: the diagonal runs to k = 99999, whose row
        // has 10^9 - 100000 cells right of it (even) and nothing below.
        let full = vec![1_000_000_000; 100_000];
        assert_eq!(diagonal_arms(&full), (999_900_000, 0));
        assert!(!first_wins(&full));
    }
}
