//! Deliberately wrong pile-game solvers, for testing the harness.
//!
//! Each is a formula of [`crate::piles`] with one realistic slip. Each doc
//! states the smallest position on which the slip shows, ordered by piles
//! (steps), then stones, then `k` (for Bash's game: by `n`, then `k`);
//! `tests/piles_exhaustive.rs` proves every minimum against the rules on all
//! positions up to 4 piles of up to 4 stones (`n <= 60`, `k <= 12` for
//! Bash's game): the solver is right on every smaller position and wrong on
//! the example.
//!
//! Complexity: that of the right formula.

/// Bash's game with the period off by one: `n mod k`.
///
/// Smallest: `n = 1, k = 1` is worth 1; this says 0 (anything mod 1 is 0).
/// `n = 0` is right for every `k`.
pub fn bash_mod_k(n: u64, k: u64) -> u64 {
    n % k
}

/// Bash's game answered with who wins (1 or 0) instead of the SG value.
///
/// Smallest: `n = 2, k = 2` is worth 2; this says 1. Piles of 0 and 1 are
/// worth 0 and 1 anyway.
pub fn bash_outcome(n: u64, k: u64) -> u64 {
    u64::from(!n.is_multiple_of(k + 1))
}

/// Nim with OR where XOR belongs.
///
/// Smallest: `1 1` is lost (1 ^ 1 = 0); this says won (1 | 1 = 1). On one
/// pile OR and XOR agree.
pub fn nim_or(piles: &[u64]) -> bool {
    piles.iter().fold(0, |x, &a| x | a) != 0
}

/// Nim decided by the parity of the total, as if every move took one stone.
///
/// Smallest: one pile of 2 is won (take both); this says lost. Piles of 0
/// and 1 have the parity of their value.
pub fn nim_sum_parity(piles: &[u64]) -> bool {
    piles.iter().fold(0u64, |s, &a| s.wrapping_add(a)) % 2 == 1
}

/// Staircase Nim over the even steps (steps counted from 0 by mistake).
///
/// Smallest: one stone on step 1 is won (move it off); this says lost.
pub fn staircase_even_steps(steps: &[u64]) -> bool {
    steps.iter().skip(1).step_by(2).fold(0, |x, &a| x ^ a) != 0
}

/// Staircase Nim played as plain Nim on every step.
///
/// Smallest: `0 1` (one stone on step 2) is lost: the only move puts it on
/// step 1, where the opponent takes it. This says won.
pub fn staircase_all_steps(steps: &[u64]) -> bool {
    steps.iter().fold(0, |x, &a| x ^ a) != 0
}

/// Moore's Nim_k decided by the plain XOR, `k` ignored: right for `k = 1`.
///
/// Smallest: `1 1` with `k = 2` is won (take both); this says lost. One
/// pile is won iff it is nonempty, whatever `k`.
pub fn moore_plain_xor(piles: &[u64], _k: u64) -> bool {
    piles.iter().fold(0, |x, &a| x ^ a) != 0
}

/// Moore's Nim_k with the columns counted mod `k` instead of `k + 1`.
///
/// Smallest: one pile of 1 with `k = 1` is won; this says lost (every count
/// is 0 mod 1).
pub fn moore_mod_k(piles: &[u64], k: u64) -> bool {
    (0..64).any(|b| {
        let ones = piles.iter().filter(|&&a| a >> b & 1 == 1).count() as u64;
        !ones.is_multiple_of(k)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piles::{bash_grundy, moore_first_wins, nim_sum, odd_steps_sum};

    #[test]
    fn documented_smallest_examples_fail() {
        assert_eq!((bash_grundy(1, 1), bash_mod_k(1, 1)), (1, 0));
        assert_eq!((bash_grundy(2, 2), bash_outcome(2, 2)), (2, 1));
        assert_eq!((nim_sum(&[1, 1]) != 0, nim_or(&[1, 1])), (false, true));
        assert_eq!((nim_sum(&[2]) != 0, nim_sum_parity(&[2])), (true, false));
        assert_eq!((odd_steps_sum(&[1]) != 0, staircase_even_steps(&[1])), (true, false));
        assert_eq!(
            (odd_steps_sum(&[0, 1]) != 0, staircase_all_steps(&[0, 1])),
            (false, true)
        );
        assert_eq!(
            (moore_first_wins(&[1, 1], 2), moore_plain_xor(&[1, 1], 2)),
            (true, false)
        );
        assert_eq!((moore_first_wins(&[1], 1), moore_mod_k(&[1], 1)), (true, false));
    }
}
