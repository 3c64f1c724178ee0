//! Wythoff's game by the rules: the brute-force oracle.
//!
//! Problem: two piles of `a` and `b` counters. A move takes any positive
//! number of counters from one pile, or the same positive number from both.
//! A player who cannot move loses. Compute the Sprague-Grundy value.
//!
//! Idea: a position is the pair of pile sizes, smaller first (the rules do
//! not tell the piles apart), valued by [`crate::impartial::grundy`] from its
//! moves: every `(x - t, y)`, `(x, y - t)` and `(x - t, y - t)`. Nothing about
//! the losing pairs or golden ratio is assumed.
//!
//! Complexity: every pair below `(a, b)` is reachable: about `ab` positions
//! (fewer once sorted), each with `2 min + max` moves, so `O(ab(a + b))` in
//! all. The budget counts both, one per position and one per move, and the
//! search gives up before it starts when they exceed it: moves, not
//! positions, are what take the time here.
//!
//! Reference: W. A. Wythoff, "A modification of the game of Nim", Nieuw
//! Archief voor Wiskunde 7 (1907), 199-202 (the rules).

use crate::impartial::{self, Impartial, Options};
use crate::{Budget, TooBig};

/// The Sprague-Grundy value of the position with piles `a` and `b`.
///
/// Returns `Err(TooBig)` if the positions below `(a, b)` and their moves
/// number more than `budget.max_states`, or a pile passes `u32`.
pub fn grundy(a: u64, b: u64, budget: &Budget) -> Result<u32, TooBig> {
    let (x, y) = (a.min(b), a.max(b));
    let fits = work(x, y).is_some_and(|w| w <= budget.max_states as u128);
    match (u32::try_from(x), u32::try_from(y)) {
        (Ok(x), Ok(y)) if fits => impartial::grundy(&Wythoff, &[(x, y)], budget),
        _ => Err(TooBig::states(budget.max_states)),
    }
}

/// The positions of one play, valued by one search kept between them ([`impartial::Kept`]): an
/// interactive jury values every option of every position it meets.
pub struct Positions(impartial::Kept<Wythoff>);

impl Positions {
    /// The positions below `(a, b)`; `Err(TooBig)` as [`grundy`] gives up before it starts.
    pub fn new(a: u64, b: u64, budget: &Budget) -> Result<Positions, TooBig> {
        let (x, y) = (a.min(b), a.max(b));
        match work(x, y) {
            Some(w) if w <= budget.max_states as u128 && u32::try_from(y).is_ok() => {
                Ok(Positions(impartial::Kept::new(Wythoff, *budget)))
            }
            _ => Err(TooBig::states(budget.max_states)),
        }
    }

    /// The SG value of the piles `a` and `b`, a position below the start.
    pub fn value(&mut self, a: u64, b: u64) -> Result<u32, TooBig> {
        // Below the start, both piles fit in u32.
        let (x, y) = (a.min(b) as u32, a.max(b) as u32);
        self.0.grundy(&[(x, y)])
    }
}

/// Positions plus moves below `(x, y)`, `x <= y`, or `None` past `u128`.
/// The sorted positions are the pairs `(p, q)`, `p <= q`, with `p <= x` and
/// `q <= y`; `(p, q)` has `2p + q` moves. Summed over `q` in `p..=y`, then
/// over `p` with `S1 = sum p = x(x+1)/2` and `S2 = sum p² = S1(2x+1)/3`:
/// `2 moves = (4y + 5) S1 + (x+1) y(y+1) - 5 S2`.
fn work(x: u64, y: u64) -> Option<u128> {
    let (x, y) = (x as u128, y as u128);
    let s1 = x * (x + 1) / 2;
    let s2 = s1.checked_mul(2 * x + 1)? / 3;
    let positions = (x + 1) * (y + 1) - s1;
    let twice_moves = (4 * y + 5)
        .checked_mul(s1)?
        .checked_add((x + 1).checked_mul(y * (y + 1))?)?
        .checked_sub(s2.checked_mul(5)?)?;
    positions.checked_add(twice_moves / 2)
}

/// Positions are `(smaller pile, larger pile)`.
struct Wythoff;

impl Impartial for Wythoff {
    type State = (u32, u32);

    fn options(&self, &(x, y): &(u32, u32), out: &mut Options<(u32, u32)>) {
        for t in 1..=x {
            out.add((x - t, y));
            out.add((x - t, y - t));
        }
        for t in 1..=y {
            let rest = y - t;
            out.add((x.min(rest), x.max(rest)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BIG: Budget = Budget::new(50_000_000);

    #[test]
    fn the_grundy_table_by_hand() {
        // Each entry is the mex of the entries to its left, above it, and on
        // its diagonal up-left (Berlekamp, Conway, Guy, ch. 3).
        let table: [[u32; 9]; 6] = [
            [0, 1, 2, 3, 4, 5, 6, 7, 8],
            [1, 2, 0, 4, 5, 3, 7, 8, 6],
            [2, 0, 1, 5, 3, 4, 8, 6, 7],
            [3, 4, 5, 6, 2, 0, 1, 9, 10],
            [4, 5, 3, 2, 7, 6, 9, 0, 1],
            [5, 3, 4, 0, 6, 8, 10, 1, 2],
        ];
        for (a, row) in table.iter().enumerate() {
            for (b, &g) in row.iter().enumerate() {
                assert_eq!(grundy(a as u64, b as u64, &BIG), Ok(g), "({a}, {b})");
                assert_eq!(grundy(b as u64, a as u64, &BIG), Ok(g), "({b}, {a})");
            }
        }
    }

    #[test]
    fn the_positions_of_a_play_are_valued_by_one_search_within_the_budget() {
        // The work below (30, 40) is what a search of the start costs; every position below it
        // is then in the memo, even under a budget that fits that one search only.
        let need = work(30, 40).unwrap() as usize;
        let mut kept = Positions::new(40, 30, &Budget::new(need)).unwrap();
        for a in (0..=30).rev() {
            for b in (0..=40).rev() {
                assert_eq!(kept.value(a, b), grundy(a, b, &BIG), "({a}, {b})");
            }
        }
        assert!(Positions::new(30, 40, &Budget::new(need - 1)).is_err());
        assert!(Positions::new(1 << 40, 1, &BIG).is_err(), "past u32");
    }

    #[test]
    fn the_losing_positions_by_hand() {
        // Wythoff's pairs: a_k is the smallest number in no earlier pair, b_k = a_k + k.
        let losing = [
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
        for a in 0..=23u64 {
            for b in a..=23 {
                let loses = grundy(a, b, &BIG) == Ok(0);
                assert_eq!(loses, losing.contains(&(a, b)), "({a}, {b})");
            }
        }
    }

    #[test]
    fn the_sample() {
        // `8 4` -> 1: the player to move wins.
        assert_ne!(grundy(8, 4, &BIG), Ok(0));
    }

    #[test]
    fn the_budget_counts_moves() {
        for x in 0..30u64 {
            for y in x..40 {
                let (mut positions, mut moves) = (0, 0);
                for p in 0..=x {
                    for q in p..=y {
                        positions += 1;
                        moves += 2 * p + q;
                    }
                }
                assert_eq!(work(x, y), Some((positions + moves) as u128), "({x}, {y})");
            }
        }
        // (0, 0): one position, no move. (0, 1): two positions, one move.
        assert_eq!(work(0, 0), Some(1));
        assert_eq!(work(0, 1), Some(3));
        // (1, 1): (0,0) 0 moves, (0,1) 1, (1,1) 3.
        assert_eq!(work(1, 1), Some(3 + 4));
        assert_eq!(grundy(1, 1, &Budget::new(7)), Ok(2));
        assert_eq!(grundy(1, 1, &Budget::new(6)), Err(TooBig::states(6)));
        let huge = Budget::new(usize::MAX);
        assert!(grundy(1_000_000_000, 1_000_000_000, &huge).is_err());
        assert!(grundy(0, 1_000_000_000, &Budget::default()).is_err());
        assert!(grundy(0, 1 << 32, &huge).is_err());
        assert_eq!(work(u64::MAX, u64::MAX), None);
    }

    #[test]
    fn long_games_run_on_a_small_stack() {
        // One pile of 3000: its value is 3000 (the moves are Nim's), and the
        // search goes 3000 positions deep.
        let got = crate::testing::on_small_stack(|| grundy(0, 3000, &BIG));
        assert_eq!(got, Ok(3000));
    }
}
