//! Wythoff's game (luogu-p2252): does the player to move win at `(a, b)`?
//!
//! Problem: two piles; a move takes any positive number of counters from one
//! pile, or the same positive number from both; a player who cannot move
//! loses. `0 <= a, b <= 10^9`.
//!
//! Idea: the losing positions are `(a_k, a_k + k)` with `a_k = floor(kφ)`,
//! `φ = (1 + √5) / 2` (Wythoff 1907). With `a <= b` and `k = b - a`, the
//! player to move loses iff `a = floor(kφ)`, that is `a <= kφ < a + 1`, that
//! is `2a - k <= k√5 < 2a + 2 - k`. Both comparisons with `k√5 >= 0` hold or
//! fail as their squares do (a negative side needs no squaring), so
//! [`first_wins`] decides in integers: no floating point and no square root.
//!
//! Two references computed differently, for sizes brute cannot reach:
//! [`first_wins_isqrt`] computes `floor(kφ) = (k + isqrt(5k²)) / 2` with the
//! exact `u128` square root, and [`LosingPairs`] generates the pairs one by
//! one by mex, as Wythoff defined them. Both are written apart from
//! `gen::wythoff`, which aims the generator, so the oracle shares no code with
//! the cases it judges. `wrong` holds deliberately wrong solvers.
//!
//! Complexity: [`first_wins`] and [`first_wins_isqrt`] are `O(1)` (a few
//! 128-bit products, one square root); [`first_wins_greedy`] takes
//! `O(|a - b|)` time and `O(|a - b|)` bits.
//!
//! Reference: W. A. Wythoff, "A modification of the game of Nim", Nieuw
//! Archief voor Wiskunde 7 (1907), 199-202; luogu P2252 and its solutions.

use crate::submit::Submission;

pub mod wrong;

/// Whether `x = floor(kφ)`, in exact integer arithmetic.
///
/// # Constraints
/// `x, k <= 10^18`, so that every square fits in an `i128`.
///
/// # Complexity
/// `O(1)`.
pub fn is_floor_k_phi(x: u64, k: u64) -> bool {
    let (x, k) = (x as i128, k as i128);
    // (k√5)², and the bounds of x <= kφ < x + 1 doubled, minus k.
    let root_squared = 5 * k * k;
    let below = 2 * x - k;
    let above = 2 * x + 2 - k;
    (below <= 0 || below * below <= root_squared) && above > 0 && above * above > root_squared
}

/// Whether the player to move wins Wythoff's game at `(a, b)`.
///
/// # Constraints
/// `a, b <= 10^18`.
///
/// # Complexity
/// `O(1)`.
pub fn first_wins(a: u64, b: u64) -> bool {
    !is_floor_k_phi(a.min(b), a.abs_diff(b))
}

/// `floor(kφ)`: `kφ = (k + k√5) / 2`, and for an integer `k` and a real
/// `x >= 0`, `floor((k + x) / 2) = floor((k + floor(x)) / 2)`.
///
/// # Constraints
/// `k < 2^62`, so that `5k²` fits in a `u128`.
pub fn floor_k_phi(k: u64) -> u64 {
    let k = k as u128;
    ((k + (5 * k * k).isqrt()) / 2) as u64
}

/// [`first_wins`] through [`floor_k_phi`]: the reference `wythoff` configs
/// trust beyond brute's reach.
///
/// # Constraints
/// `a, b < 2^62`.
pub fn first_wins_isqrt(a: u64, b: u64) -> bool {
    floor_k_phi(a.abs_diff(b)) != a.min(b)
}

/// Wythoff's losing pairs `(a_k, b_k)` for `k = 0, 1, 2, ...`, as he defined
/// them: `a_k` is the smallest number in no earlier pair, `b_k = a_k + k`.
/// Every number below the last `a_k` is in some earlier pair, so the next
/// `a_k` is the first number after it that is no earlier `b_j`.
pub struct LosingPairs {
    k: u64,
    /// Where the search for the next `a_k` starts.
    next: u64,
    /// Bit `v` is set when `v` is some earlier `b_j`.
    larger: Vec<u64>,
}

impl LosingPairs {
    pub fn new() -> Self {
        LosingPairs {
            k: 0,
            next: 0,
            larger: Vec::new(),
        }
    }

    fn is_larger(&self, v: u64) -> bool {
        self.larger
            .get((v / 64) as usize)
            .is_some_and(|w| w >> (v % 64) & 1 == 1)
    }
}

impl Default for LosingPairs {
    fn default() -> Self {
        Self::new()
    }
}

impl Iterator for LosingPairs {
    type Item = (u64, u64);

    fn next(&mut self) -> Option<(u64, u64)> {
        let mut a = self.next;
        while self.is_larger(a) {
            a += 1;
        }
        let b = a + self.k;
        let word = (b / 64) as usize;
        if word >= self.larger.len() {
            self.larger.resize(word + 1, 0);
        }
        self.larger[word] |= 1 << (b % 64);
        self.k += 1;
        self.next = a + 1;
        Some((a, b))
    }
}

/// [`first_wins`] by generating the losing pairs up to `k = |a - b|`.
///
/// # Complexity
/// `O(|a - b|)` time and `O(|a - b|)` bits: a reference for piles up to about
/// `10^7`.
pub fn first_wins_greedy(a: u64, b: u64) -> bool {
    let k = a.abs_diff(b);
    let (a_k, _) = LosingPairs::new().nth(k as usize).expect("the pairs never end");
    a_k != a.min(b)
}


/// What `solve` answers with this module.
pub const SUBMITTED: &[Submission] = &[submission!(wythoff, |p| first_wins(p.a, p.b))];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_pairs_by_hand() {
        let first = [
            (0, 0),
            (1, 2),
            (3, 5),
            (4, 7),
            (6, 10),
            (8, 13),
            (9, 15),
            (11, 18),
            (12, 20),
            (14, 23),
        ];
        let generated: Vec<(u64, u64)> = LosingPairs::new().take(first.len()).collect();
        assert_eq!(generated, first);
        for (k, &(a, b)) in first.iter().enumerate() {
            assert_eq!(floor_k_phi(k as u64), a);
            for (x, y) in [(a, b), (b, a)] {
                assert!(!first_wins(x, y) && !first_wins_isqrt(x, y) && !first_wins_greedy(x, y));
                assert!(first_wins(x + 1, y) && first_wins_isqrt(x, y + 1) && first_wins_greedy(x + 1, y + 1));
            }
        }
        // The judge's sample: `8 4` -> 1.
        assert!(first_wins(8, 4) && first_wins_isqrt(8, 4) && first_wins_greedy(8, 4));
    }

    #[test]
    fn the_three_agree_on_every_small_pair() {
        for a in 0..200 {
            for b in 0..200 {
                let fast = first_wins(a, b);
                assert_eq!(fast, first_wins_isqrt(a, b), "({a}, {b})");
                assert_eq!(fast, first_wins_greedy(a, b), "({a}, {b})");
            }
        }
    }

    #[test]
    fn at_the_judges_limits() {
        // k = 10^9, the largest difference: 10^9 φ = 1618033988.7...
        assert_eq!(floor_k_phi(1_000_000_000), 1_618_033_988);
        assert!(first_wins(0, 1_000_000_000) && first_wins(1_000_000_000, 1_000_000_000));
        // The largest losing pair within the limits.
        assert!(!first_wins(618_033_988, 999_999_999) && !first_wins_isqrt(999_999_999, 618_033_988));
        // Far past them the squares still fit.
        let k = 1_000_000_000_000_000_000;
        assert!(is_floor_k_phi(floor_k_phi(k), k));
        assert!(!is_floor_k_phi(floor_k_phi(k) + 1, k));
    }
}
