//! Nullify the matrix (`nullify-matrix`, CF 1451F).
//!
//! Problem: a move lowers a non-zero cell and rewrites any cells of one
//! monotone (right/down) path after it; with all cells 0 the player to move
//! loses. Does the first player win?
//!
//! Idea: a monotone path meets each anti-diagonal (`r + c` fixed) once. If
//! every anti-diagonal XORs to 0, any move breaks the start's; otherwise
//! fixing the first non-zero one at its start and every later one on the
//! path restores all zeros. So the first player wins iff some anti-diagonal
//! XOR is non-zero.
//!
//! Complexity: `O(n m)` time, `O(n + m)` memory.
//!
//! Reference: Codeforces Round 685, problem 1451F, editorial.

use gen::matrix::Matrix;
use crate::submit::Submission;

/// The XOR of each anti-diagonal, `r + c` from `0` to `n + m - 2`.
pub fn diagonal_xors(x: &Matrix) -> Vec<u32> {
    let mut d = vec![0; x.n + x.m - 1];
    for (i, &v) in x.a.iter().enumerate() {
        d[i / x.m + i % x.m] ^= v;
    }
    d
}

pub fn first_wins(x: &Matrix) -> bool {
    diagonal_xors(x).iter().any(|&d| d != 0)
}

/// Deliberately wrong variants, kept to prove the harness catches them.
pub mod wrong {
    use super::*;

    /// Nim over every cell: the XOR of the whole matrix. Smallest
    /// counterexample (solvers/tests/nullify_exhaustive.rs): `1 2 / 1 1`
    /// (or its transpose), whose cells cancel but lie on different
    /// anti-diagonals.
    pub fn all_cells(x: &Matrix) -> bool {
        x.a.iter().fold(0, |acc, &v| acc ^ v) != 0
    }

    /// The main diagonals (`r - c` fixed) instead of the anti-diagonals.
    /// Smallest counterexamples: `2 2 / 0 1 / 1 0` and `2 2 / 1 0 / 0 1`.
    pub fn main_diagonals(x: &Matrix) -> bool {
        let mut d = vec![0; x.n + x.m - 1];
        for (i, &v) in x.a.iter().enumerate() {
            d[i / x.m + x.m - 1 - i % x.m] ^= v;
        }
        d.iter().any(|&v| v != 0)
    }
}


/// What `solve` answers with this module.
pub const SUBMITTED: &[Submission] = &[submission!(nullify_matrix, first_wins)];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_judge_sample() {
        let cases = [
            (1, 1, vec![0], false),
            (1, 3, vec![0, 0, 5], true),
            (2, 2, vec![0, 1, 1, 0], false),
            (3, 3, vec![1, 2, 3, 4, 5, 6, 7, 8, 9], true),
        ];
        for (n, m, a, want) in cases {
            assert_eq!(first_wins(&Matrix { n, m, a }), want);
        }
    }
}
