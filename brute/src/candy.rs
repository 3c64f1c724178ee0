//! Candy piles (`candy-piles`, AGC 002 E) by the rules: the brute-force
//! oracle.
//!
//! Problem: piles of candies. A move either eats a whole largest pile, or
//! eats one candy from every non-empty pile; whoever eats the last candy
//! loses. Does the first player win?
//!
//! Idea: [`crate::winlose::wins`] over positions given as the non-empty
//! piles sorted largest first (the rules name no pile but "a largest one",
//! so order cannot matter, and an empty pile allows nothing). With no candy
//! left, the player to move has won: the opponent ate the last one. Nothing
//! about diagrams or diagonals: both moves are tried everywhere.
//!
//! A position of piles below `2^w` (`w` the bit length of the largest) is a
//! `u128` of `w`-bit fields, largest pile in the lowest field, when `n w <=
//! 128`: eating the largest pile is a shift, eating one from each a
//! subtraction with no borrow (every field taken from is at least 1), and a
//! pile that reaches 0 is a zero field past the last non-empty one, gone. A
//! larger instance keeps its piles in a vector.
//!
//! Complexity: after `i` moves of the first kind and `j` of the second the
//! position is the `i + 1`-th largest pile onwards, each less `j`, so at
//! most `N * max a` positions, each costing `O(1)` to build when packed and
//! `O(N)` otherwise; capped by the [`Budget`].
//!
//! Reference: AtCoder Grand Contest 002, problem E, the rules.

use crate::winlose::{self, WinLose};
use crate::{Budget, TooBig};

/// The non-empty piles, largest first.
pub(crate) struct Candy;

impl WinLose for Candy {
    type State = Vec<u32>;

    fn terminal(&self, s: &Vec<u32>) -> Option<bool> {
        // No candy left: the opponent ate the last one.
        s.is_empty().then_some(true)
    }

    fn moves(&self, s: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        out.push(s[1..].to_vec());
        out.push(s.iter().filter(|&&a| a > 1).map(|&a| a - 1).collect());
    }
}

/// The same game on piles packed `width` bits each into a `u128` (see the
/// module doc): field `k` holds the `k + 1`-th largest pile, 0 where there is
/// none.
struct Packed {
    width: u32,
    /// A 1 in every field.
    ones: u128,
}

impl Packed {
    /// `None` when `piles` piles of `width` bits do not fit.
    fn new(piles: usize, width: u32) -> Option<Self> {
        let bits = u32::try_from(piles).ok()?.checked_mul(width)?;
        (bits <= u128::BITS).then(|| Packed {
            width,
            ones: (0..piles as u32).fold(0, |ones, k| ones | 1 << (k * width)),
        })
    }

    fn pack(&self, largest_first: &[u32]) -> u128 {
        (largest_first.iter().enumerate()).fold(0, |s, (k, &a)| s | u128::from(a) << (k as u32 * self.width))
    }
}

impl WinLose for Packed {
    type State = u128;

    fn terminal(&self, &s: &u128) -> Option<bool> {
        // No candy left: the opponent ate the last one.
        (s == 0).then_some(true)
    }

    fn moves(&self, &s: &u128, out: &mut Vec<u128>) {
        // The non-empty piles are the fields below the highest set bit.
        let used = (u128::BITS - s.leading_zeros()).div_ceil(self.width) * self.width;
        let non_empty = if used == u128::BITS { u128::MAX } else { (1 << used) - 1 };
        out.push(s >> self.width);
        out.push(s - (self.ones & non_empty));
    }
}

/// Whether the first player wins on the piles `a` (any order, all at least 1).
///
/// Returns `Err(TooBig)` once more than `budget.max_states` positions would
/// have to be memoized.
pub fn first_wins(a: &[u32], budget: &Budget) -> Result<bool, TooBig> {
    let mut s = a.to_vec();
    s.sort_unstable_by(|x, y| y.cmp(x));
    let width = (u32::BITS - s.first().copied().unwrap_or(0).leading_zeros()).max(1);
    match Packed::new(s.len(), width) {
        Some(game) => winlose::wins(&game, game.pack(&s), budget),
        None => winlose::wins(&Candy, s, budget),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wins(a: &[u32]) -> bool {
        first_wins(a, &Budget::new(1_000_000)).unwrap()
    }

    #[test]
    fn by_hand() {
        // One candy: either move eats it, and loses.
        assert!(!wins(&[1]));
        // Two in one pile: eat one from every pile, leaving [1] to the other.
        assert!(wins(&[2]));
        // [1, 1]: eat a whole pile, leaving [1].
        assert!(wins(&[1, 1]));
        // [2, 2]: the moves leave [2] and [1, 1], both won by the mover.
        assert!(!wins(&[2, 2]));
        // A pile of n: only "one from each" avoids eating it whole; n wins iff
        // n is even (the player facing 1 loses).
        assert_eq!(
            (1..=8).map(|n| wins(&[n])).collect::<Vec<_>>(),
            [false, true, false, true, false, true, false, true]
        );
    }

    #[test]
    fn the_judge_samples() {
        assert!(wins(&[1, 3]));
        assert!(wins(&[1, 2, 1]));
        assert!(!wins(&[1, 2, 3]));
    }

    #[test]
    fn order_does_not_matter() {
        assert_eq!(wins(&[3, 1]), wins(&[1, 3]));
        assert_eq!(wins(&[3, 2, 1]), wins(&[1, 3, 2]));
    }

    #[test]
    fn the_budget_counts_positions() {
        // A pile of 5 meets 5, 4, 3, 2, 1 (the empty position is terminal).
        assert_eq!(first_wins(&[5], &Budget::new(5)), Ok(false));
        assert_eq!(first_wins(&[5], &Budget::new(4)), Err(TooBig::states(4)));
    }

    #[test]
    fn packed_piles_decide_and_count_as_listed_ones() {
        let mut rng = gen::Rng::from_seed(5);
        for _ in 0..200 {
            let mut a: Vec<u32> = (0..1 + rng.index(6)).map(|_| rng.range(1, 9) as u32).collect();
            a.sort_unstable_by(|x, y| y.cmp(x));
            let width = u32::BITS - a[0].leading_zeros();
            let packed = Packed::new(a.len(), width).expect("six piles of four bits");
            for states in 0..50 {
                let budget = Budget::new(states);
                let listed = winlose::wins(&Candy, a.clone(), &budget);
                assert_eq!(
                    winlose::wins(&packed, packed.pack(&a), &budget),
                    listed,
                    "{a:?} {states}"
                );
            }
        }
        // 129 piles of one bit pass 128: listed. k ones win iff k is even (see `by_hand`).
        assert!(Packed::new(128, 1).is_some() && Packed::new(129, 1).is_none());
        assert!(wins(&[1; 128]) && !wins(&[1; 129]) && wins(&[1; 130]));
    }

    #[test]
    #[ignore = "a measurement: run it in release with --nocapture"]
    fn reach_largest_instances() {
        for (n, max) in [(10u32, 1000u64), (100, 100), (100, 1000), (300, 1000), (1000, 1000)] {
            let mut rng = gen::Rng::from_seed(1);
            let a: Vec<u32> = (0..n).map(|_| rng.range(1, max) as u32).collect();
            let clock = std::time::Instant::now();
            let got = first_wins(&a, &Budget::new(50_000_000));
            println!(
                "candy-piles: {n} piles up to {max}: {got:?} in {:.3} s",
                clock.elapsed().as_secs_f64()
            );
        }
    }
}
