//! Pile games in closed form: Bash's game, Nim, staircase Nim and Moore's
//! Nim_k.
//!
//! Problem: who wins (or, for Bash's game, the Sprague-Grundy value) in
//! - Bash's game: one pile of `n`, a move takes 1 to `k`;
//! - Nim: a move takes any positive number from one pile;
//! - staircase Nim: stones on steps `1..n`, a move moves any positive number
//!   of stones from step `i` to step `i - 1` (from step 1 they leave play);
//! - Moore's Nim_k: a move takes from 1 to `k` piles at once, at least one
//!   stone in all.
//!
//! Idea:
//! - Bash: SG(n) = n mod (k + 1), by induction: the options of `n` are the
//!   `min(n, k)` values just below it, whose residues are every residue
//!   but `n`'s own, and none above it.
//! - Nim (Bouton): the mover loses iff the XOR of the piles is 0. From a
//!   nonzero XOR `x`, some pile has `x`'s top bit and can be lowered to
//!   `a ^ x`; from XOR 0, every move changes it.
//! - Staircase: the mover loses iff the XOR of the odd steps is 0. Moving
//!   stones off an odd step is a Nim move on the odd steps; moving them from
//!   an even step onto an odd one can be undone by moving the same stones
//!   one step further, onto an even step or out of play.
//! - Moore (1910): the mover loses iff in every binary column the number of
//!   piles with that bit is 0 mod `k + 1`. A move changes at most `k` piles,
//!   so it changes its top changed column by 1 to `k`; from an unbalanced
//!   position, the columns can be fixed from the top down within `k` piles.
//!
//! Complexity: `O(1)` for Bash, `O(n)` for Nim and staircase Nim, and
//! `O(n + 64)` plus one step per set bit for Moore; no recursion, 64-bit
//! counts.
//!
//! Reference: C. L. Bouton, "Nim, a game with a complete mathematical
//! theory", Annals of Mathematics 3 (1901); E. H. Moore, "A generalization
//! of the game called Nim", Annals of Mathematics 11 (1910); OI Wiki,
//! "公平组合游戏" (Bash's game, staircase Nim).

use crate::submit::Submission;

/// The SG value of Bash's game on a pile of `n`, taking 1 to `k`.
pub fn bash_grundy(n: u64, k: u64) -> u64 {
    // k = u64::MAX takes any number: the pile is a Nim heap.
    match k.checked_add(1) {
        Some(m) => n % m,
        None => n,
    }
}

/// The XOR of the piles: the SG value of Nim (Bouton).
pub fn nim_sum(piles: &[u64]) -> u64 {
    piles.iter().fold(0, |x, &a| x ^ a)
}

/// The XOR of the odd steps (`steps[0]` is step 1): staircase Nim is lost by
/// the mover exactly when it is 0.
pub fn odd_steps_sum(steps: &[u64]) -> u64 {
    steps.iter().step_by(2).fold(0, |x, &a| x ^ a)
}

/// Whether the first player wins Moore's Nim_k: some binary column has a
/// number of set bits that is not a multiple of `k + 1`.
pub fn moore_first_wins(piles: &[u64], k: u64) -> bool {
    let mut ones = [0u64; 64];
    for &a in piles {
        let mut bits = a;
        while bits != 0 {
            ones[bits.trailing_zeros() as usize] += 1;
            bits &= bits - 1;
        }
    }
    // `k + 1` in u128: no overflow whatever `k` is.
    ones.iter().any(|&c| !(c as u128).is_multiple_of(k as u128 + 1))
}


/// What `solve` answers with this module.
pub const SUBMITTED: &[Submission] = &[
    submission!(bash_game, |b| bash_grundy(b.n, b.k)),
    submission!(nim, |p| nim_sum(&p.piles) != 0),
    submission!(staircase_nim, |p| odd_steps_sum(&p.piles) != 0),
    submission!(moore_nim, |p| moore_first_wins(&p.piles, p.k)),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_by_hand() {
        assert_eq!(bash_grundy(7, 3), 3);
        assert_eq!(bash_grundy(8, 3), 0);
        assert_eq!(bash_grundy(5, 100), 5);
        assert_eq!(bash_grundy(10u64.pow(18), 10u64.pow(18)), 10u64.pow(18));
        assert_eq!(bash_grundy(10u64.pow(18), 10u64.pow(18) - 1), 0);
        assert_eq!(bash_grundy(u64::MAX, u64::MAX), u64::MAX);
        assert_eq!(nim_sum(&[1, 2, 3]), 0);
        assert_eq!(nim_sum(&[3, 5, 6, 1]), 1);
        assert_eq!(odd_steps_sum(&[1, 5, 1]), 0);
        assert_eq!(odd_steps_sum(&[0, 7]), 0);
        assert_eq!(odd_steps_sum(&[2, 9, 3]), 1);
        assert!(!moore_first_wins(&[1, 1, 1], 2));
        assert!(moore_first_wins(&[1, 1], 2));
        assert!(!moore_first_wins(&[4, 2, 6, 1, 5, 3], 2));
        assert!(moore_first_wins(&[4, 2, 6, 1, 5, 3], 1));
        assert!(!moore_first_wins(&[u64::MAX; 4], 3));
        assert!(moore_first_wins(&[1], u64::MAX));
        assert!(!moore_first_wins(&[], 1));
    }
}
