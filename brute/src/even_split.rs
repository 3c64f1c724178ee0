//! Even splitting (`jiangnan-le`, HNOI 2014) by the rules: the brute-force oracle.
//!
//! Problem: piles of tokens and a bound `F`. A move picks a pile of `x >= F`
//! tokens and an integer `M` with `2 <= M <= x`, and splits the pile into `M`
//! piles as evenly as possible: with `x = qM + r` (`0 <= r < M`), that is
//! `M - r` piles of `q` and `r` piles of `q + 1`. Who cannot move loses.
//! Compute the Sprague-Grundy value of a sum of piles.
//!
//! Idea: a position is one pile, its size; every `M` is tried. An option is
//! the sum of its `M` piles, and the engine values a sum as the XOR of its
//! components, so two equal piles contribute nothing: each option is given
//! with one pile of `q` if `M - r` is odd and one of `q + 1` if `r` is odd.
//! That is the Sprague-Grundy theorem only (`g(X + X) = 0`), nothing about
//! this game: no grouping of the `M`, no pattern in the values.
//!
//! Complexity: a pile of `y >= F` has `y - 1` options of at most two
//! components. From a pile `x` only the sizes `floor(x / k)` and
//! `floor(x / k) + 1` are reachable, `O(sqrt x)` of them, so valuing `x` costs
//! `O(x log x)` look-ups (about a million for `x = 10^5`), each one load from
//! an array of the sizes up to the largest pile (a hash map past `2^16`).
//!
//! Reference: HNOI 2014 《江南乐》 (Luogu P3235), the rules.

use gen::even_split::EvenSplit;

use crate::impartial::{self, Impartial, Options};
use crate::{Budget, TooBig};

/// The piles a split of `x` into `m` leaves, up to pairs of equal piles, which cancel in a sum:
/// with `x = qm + r`, one pile of `q` if `m - r` is odd and one of `q + 1` if `r` is.
pub fn split(x: u32, m: u32) -> impl Iterator<Item = u32> {
    let (q, r) = (x / m, x % m);
    let odd_q = ((m - r) % 2 == 1).then_some(q);
    let odd_q1 = (r % 2 == 1).then_some(q + 1);
    odd_q.into_iter().chain(odd_q1)
}

/// Piles of at least `f` may be split.
struct EvenSplitGame {
    f: u32,
    /// The largest pile of the start: a split never makes a larger one.
    largest: u32,
}

impl Impartial for EvenSplitGame {
    type State = u32;

    fn options(&self, &x: &u32, out: &mut Options<u32>) {
        if x < self.f {
            return;
        }
        for m in 2..=x {
            out.add_sum(split(x, m));
        }
    }

    /// A state is a pile size, at most the largest: its own number.
    fn indices(&self) -> Option<usize> {
        (self.largest as usize).checked_add(1)
    }

    fn index(&self, &x: &u32) -> usize {
        x as usize
    }
}

/// The SG value of the sum of `piles` when piles of at least `f` may be split.
///
/// Returns `Err(TooBig)` once more than `budget.max_states` pile sizes would
/// have to be valued.
pub fn grundy(f: u32, piles: &[u32], budget: &Budget) -> Result<u32, TooBig> {
    let largest = piles.iter().copied().max().unwrap_or(0);
    impartial::grundy(&EvenSplitGame { f, largest }, piles, budget)
}

/// Per test case: does the first player win (is the sum's value non-zero)?
pub fn first_wins(s: &EvenSplit, budget: &Budget) -> Result<Vec<bool>, TooBig> {
    s.games.iter().map(|g| Ok(grundy(s.f, g, budget)? != 0)).collect()
}

/// The positions below one start, valued by one search kept between them ([`impartial::Kept`]):
/// finding the winning moves of a position values every split of every pile.
pub struct Positions(impartial::Kept<EvenSplitGame>);

impl Positions {
    /// The positions below `piles` when piles of at least `f` may be split.
    pub fn new(f: u32, piles: &[u32], budget: &Budget) -> Positions {
        let largest = piles.iter().copied().max().unwrap_or(0);
        Positions(impartial::Kept::new(EvenSplitGame { f, largest }, *budget))
    }

    /// The SG value of the sum of `piles`, a position below the start.
    pub fn value(&mut self, piles: &[u32]) -> Result<u32, TooBig> {
        self.0.grundy(piles)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BIG: Budget = Budget::new(1_000_000);

    fn value(f: u32, piles: &[u32]) -> u32 {
        grundy(f, piles, &BIG).unwrap()
    }

    #[test]
    fn small_piles_by_hand() {
        // F = 1. 1: no M <= 1 with M >= 2, so 0. 2: M = 2 gives 1+1, worth
        // 0: mex{0} = 1. 3: M = 2 gives 1+2 (0 ^ 1 = 1), M = 3 gives three 1s
        // (0): mex{1, 0} = 2. 4: 2+2 (0), 1+1+2 (1), four 1s (0): 2.
        // 5: 2+3 (1 ^ 2 = 3), 1+2+2 (0), 1+1+1+2 (1), five 1s (0): 2.
        let got: Vec<u32> = (1..=5).map(|x| value(1, &[x])).collect();
        assert_eq!(got, [0, 1, 2, 2, 2]);
        // Below F nothing moves.
        assert_eq!(value(6, &[5]), 0);
        assert_eq!(value(100, &[99, 98, 1]), 0);
    }

    #[test]
    fn the_judge_sample() {
        // F = 3: piles 1 and 2 cannot move (0); 3 goes to 1+2 or 1+1+1, both
        // 0, so 1; 5 goes to 2+3 (1), 1+2+2, 1+1+1+2, five 1s (0): 2.
        let s = EvenSplit {
            f: 3,
            games: vec![vec![1], vec![2], vec![3], vec![5]],
        };
        assert_eq!(first_wins(&s, &BIG), Ok(vec![false, false, true, true]));
        assert_eq!((value(3, &[3]), value(3, &[5])), (1, 2));
    }

    #[test]
    fn sums_are_xors() {
        // Equal piles cancel; 3 and 5 under F = 1 are 2 and 2.
        assert_eq!(value(1, &[7, 7]), 0);
        assert_eq!(value(1, &[3, 5]), 0);
        assert_eq!(value(1, &[2, 3]), 3);
    }

    #[test]
    fn the_reachable_sizes_are_few() {
        // 99 999 reaches only floor(99 999 / k) and one more: about 4 sqrt(x) sizes, though each
        // lists a move per part count.
        let states = |n| Budget::new(n).with_max_moves(usize::MAX);
        assert!(grundy(1, &[99_999], &states(1300)).is_ok());
        assert_eq!(grundy(1, &[99_999], &states(100)), Err(TooBig::states(100)));
    }

    #[test]
    #[ignore = "a measurement: run it in release with --nocapture"]
    fn reach_largest_piles() {
        for x in [1_000u32, 10_000, 30_000, 99_999] {
            let clock = std::time::Instant::now();
            let g = value(1, &[x]);
            println!(
                "even split: pile {x} (F = 1) worth {g} in {:.3} s",
                clock.elapsed().as_secs_f64()
            );
        }
    }
}
