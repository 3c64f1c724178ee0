//! Nullify the matrix (`nullify-matrix`, CF 1451F) from its rules, capped, on
//! the [`winlose`](crate::winlose) engine.
//!
//! A move picks a non-zero start cell and an end cell to its lower right,
//! strictly lowers the start, then sets the cells of one monotone
//! (right/down) path from start to end, the start excluded, to any values
//! `>= 0`; with all cells 0 the player to move loses.
//!
//! The cap: values set by a move stay below `2^b`, where `b` is the larger of
//! the `bits` asked for and the bit length of the largest value of the
//! instance, so that the game is finite and small. It has the same winner as
//! the uncapped game. The reason (this is why the cap is safe, not how brute
//! decides: brute searches the capped game's moves from the rules): call a
//! position quiet when every anti-diagonal (cells with equal `r + c`) XORs to
//! zero. (1) From a quiet position every move, capped or not, leaves one that
//! is not: a monotone path meets each anti-diagonal once, so on the start's
//! anti-diagonal only the start changes, and it strictly decreases. (2) From
//! a position that is not quiet, a move to a quiet one exists and is capped:
//! on the first non-zero anti-diagonal (XOR `x`) some cell `v` has
//! `v ^ x < v` (the top bit of `x`), start there with `v ^ x`, take the path
//! to the bottom-right corner and set each of its cells `u` on an
//! anti-diagonal of XOR `y` to `u ^ y`, which is below `2^b` because `u` and
//! `y` are. The game is finite (the matrix read row by row decreases
//! lexicographically), so by (1) and (2) quiet positions are exactly the
//! losing ones, in both games. `capped_winner_does_not_depend_on_the_cap`
//! tests this claim by searching two caps.
//!
//! A position is packed `b` bits per cell into a `u64`, row by row: its own
//! number, so a small board's memo is an array.

use std::cell::RefCell;

use rustc_hash::FxHashSet;

use crate::memo::MAX_DENSE;
use crate::winlose::{wins, WinLose};
use crate::{Budget, TooBig};
use gen::matrix::Matrix;

struct Game {
    n: usize,
    m: usize,
    bits: u32,
    /// For every cell, the cells (besides it) of every monotone path from it
    /// to the bottom-right corner. Any shorter path is a prefix of one of
    /// these, and cells may be left unchanged, so these give every move.
    paths: Vec<Vec<Vec<usize>>>,
    /// The positions one move away listed so far: a position reached by two moves is listed
    /// once. Kept between calls so that listing moves does not allocate.
    listed: RefCell<Listed>,
}

/// The positions listed among one position's moves: on a small board a stamp per position (the
/// stamp of the listing under way marks it), else a hash set.
enum Listed {
    Stamped { stamp: Vec<u32>, now: u32 },
    Hashed(FxHashSet<u64>),
}

impl Listed {
    fn new(positions: Option<usize>) -> Self {
        match positions {
            Some(n) if n <= MAX_DENSE => Listed::Stamped {
                stamp: vec![0; n],
                now: 0,
            },
            _ => Listed::Hashed(FxHashSet::default()),
        }
    }

    /// Forgets every position: a new listing begins.
    fn clear(&mut self) {
        match self {
            Listed::Stamped { stamp, now } => {
                *now = now.wrapping_add(1);
                if *now == 0 {
                    stamp.fill(0);
                    *now = 1;
                }
            }
            Listed::Hashed(set) => set.clear(),
        }
    }

    /// Whether `s` is new to this listing; it is listed from now on.
    fn insert(&mut self, s: u64) -> bool {
        match self {
            Listed::Stamped { stamp, now } => {
                let new = stamp[s as usize] != *now;
                stamp[s as usize] = *now;
                new
            }
            Listed::Hashed(set) => set.insert(s),
        }
    }
}

impl Game {
    fn get(&self, s: u64, c: usize) -> u64 {
        s >> (c as u32 * self.bits) & ((1 << self.bits) - 1)
    }

    fn set(&self, s: u64, c: usize, v: u64) -> u64 {
        let shift = c as u32 * self.bits;
        s & !(((1 << self.bits) - 1) << shift) | v << shift
    }
    /// The most moves one position can generate, distinct or not: every start
    /// lowered to every smaller value, every path, every assignment of its
    /// cells. Generating them is the search's work for that position, which the
    /// budget must bound as it bounds positions: past it, one position's moves
    /// would cost more than the whole search may.
    fn most_moves(&self) -> u64 {
        let top = 1u64 << self.bits;
        let assignments = |path: &Vec<usize>| top.saturating_pow(path.len() as u32);
        self.paths
            .iter()
            .map(|paths| (top - 1).saturating_mul(paths.iter().map(assignments).fold(0, u64::saturating_add)))
            .fold(0, u64::saturating_add)
    }
}

/// The cells after `(r, c)` on every monotone path to the corner.
fn paths_from(n: usize, m: usize, r: usize, c: usize) -> Vec<Vec<usize>> {
    if (r, c) == (n - 1, m - 1) {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for (nr, nc) in [(r + 1, c), (r, c + 1)] {
        if nr < n && nc < m {
            for rest in paths_from(n, m, nr, nc) {
                out.push(std::iter::once(nr * m + nc).chain(rest).collect());
            }
        }
    }
    out
}

impl WinLose for Game {
    type State = u64;

    fn terminal(&self, _: &u64) -> Option<bool> {
        // All zero leaves no start cell: no moves, the player to move loses.
        None
    }

    fn moves(&self, &s: &u64, out: &mut Vec<u64>) {
        let top = 1u64 << self.bits;
        let mut seen = self.listed.borrow_mut();
        seen.clear();
        for start in 0..self.n * self.m {
            let v = self.get(s, start);
            for lowered in 0..v {
                let base = self.set(s, start, lowered);
                for path in &self.paths[start] {
                    // Every assignment of the path's cells, as a counter in base `top`.
                    let len = path.len() as u32;
                    for code in 0..top.pow(len) {
                        let mut next = base;
                        let mut rest = code;
                        for &c in path {
                            next = self.set(next, c, rest % top);
                            rest /= top;
                        }
                        if seen.insert(next) {
                            out.push(next);
                        }
                    }
                }
            }
        }
    }

    fn indices(&self) -> Option<usize> {
        1usize.checked_shl((self.n * self.m) as u32 * self.bits)
    }

    fn index(&self, &s: &u64) -> usize {
        s as usize
    }
}

/// Whether the first player wins, with values set by moves below `2^b`, `b`
/// the larger of `bits` and the bit length of the largest value.
///
/// Returns `Err(TooBig)` when the position does not pack into 64 bits or the
/// search needs more positions than `budget` allows.
pub fn first_wins(x: &Matrix, bits: u32, budget: &Budget) -> Result<bool, TooBig> {
    let (game, start) = capped(x, bits, budget)?;
    wins(&game, start, budget)
}

/// Every position one move from `x`, each once, under the cap of [`first_wins`]: what its
/// search tries from the start (a winning move leaves one that [`first_wins`] calls lost).
pub fn options(x: &Matrix, bits: u32, budget: &Budget) -> Result<Vec<Matrix>, TooBig> {
    let (game, start) = capped(x, bits, budget)?;
    let mut packed = Vec::new();
    game.moves(&start, &mut packed);
    let unpack = |s: u64| Matrix {
        n: x.n,
        m: x.m,
        a: (0..x.a.len()).map(|c| game.get(s, c) as u32).collect(),
    };
    Ok(packed.into_iter().map(unpack).collect())
}

/// The capped game of `x` and its start, or `Err(TooBig)` past 64 bits or the budget's moves.
fn capped(x: &Matrix, bits: u32, budget: &Budget) -> Result<(Game, u64), TooBig> {
    let largest = x.a.iter().copied().max().unwrap_or(0);
    let bits = bits.max(32 - largest.leading_zeros()).max(1);
    let too_big = TooBig::states(budget.max_states);
    if x.a.len() as u32 * bits > 64 {
        return Err(too_big);
    }
    let paths = (0..x.n * x.m).map(|i| paths_from(x.n, x.m, i / x.m, i % x.m)).collect();
    let positions = 1usize.checked_shl(x.a.len() as u32 * bits);
    let game = Game {
        n: x.n,
        m: x.m,
        bits,
        paths,
        listed: RefCell::new(Listed::new(positions)),
    };
    if game.most_moves() > budget.max_states as u64 {
        return Err(too_big);
    }
    let start = (x.a.iter().enumerate()).fold(0, |s, (c, &v)| game.set(s, c, v as u64));
    Ok((game, start))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matrix(n: usize, m: usize, a: &[u32]) -> Matrix {
        Matrix { n, m, a: a.to_vec() }
    }

    fn big() -> Budget {
        Budget::new(5_000_000)
    }

    #[test]
    fn the_judge_sample_within_reach() {
        // The sample's 3 x 3 case of values up to 9 needs 4 bits a cell over
        // 9 cells, 16^9 positions: beyond reach.
        assert_eq!(first_wins(&matrix(1, 1, &[0]), 1, &big()), Ok(false));
        assert_eq!(first_wins(&matrix(1, 3, &[0, 0, 5]), 1, &big()), Ok(true));
        assert_eq!(first_wins(&matrix(2, 2, &[0, 1, 1, 0]), 1, &big()), Ok(false));
    }

    #[test]
    fn small_positions_by_hand() {
        // One cell: lower it to 0 and win.
        assert_eq!(first_wins(&matrix(1, 1, &[3]), 2, &big()), Ok(true));
        // 1 x 2 [1, 1]: lower (1 1) to 0 and set (1 2), on its path, to 0:
        // all zero, a win.
        assert_eq!(first_wins(&matrix(1, 2, &[1, 1]), 1, &big()), Ok(true));
        // 2 x 1 [0, 1]: only (2 1) can start, and lowering it to 0 wins.
        assert_eq!(first_wins(&matrix(2, 1, &[0, 1]), 1, &big()), Ok(true));
        // 2 x 2 [0 1 / 1 0]: either 1 can only drop to 0 (its path holds the
        // corner only), leaving a single 1 (and the corner, set to anything):
        // the opponent takes the 1 to 0 and zeroes the corner. Lost.
        assert_eq!(first_wins(&matrix(2, 2, &[0, 1, 1, 0]), 1, &big()), Ok(false));
    }

    #[test]
    fn capped_winner_does_not_depend_on_the_cap() {
        // Every 1 x 2, 2 x 1, 1 x 3 and 3 x 1 matrix of values below 4 and
        // every 2 x 2 one of values below 2, searched with cap b and b + 1.
        let mut checked = 0;
        for (n, m, top) in [(1, 2, 4u32), (2, 1, 4), (1, 3, 4), (3, 1, 4), (2, 2, 2)] {
            let cells = n * m;
            for code in 0..top.pow(cells as u32) {
                let a: Vec<u32> = (0..cells).map(|i| code / top.pow(i as u32) % top).collect();
                let x = matrix(n, m, &a);
                let bits = 32 - (top - 1).leading_zeros();
                let low = first_wins(&x, bits, &big()).unwrap();
                let high = first_wins(&x, bits + 1, &big()).unwrap();
                assert_eq!(low, high, "{x:?}");
                checked += 1;
            }
        }
        assert_eq!(checked, 16 + 16 + 64 + 64 + 16);
    }

    #[test]
    fn the_budget_is_respected() {
        let x = matrix(2, 2, &[1, 1, 1, 1]);
        assert_eq!(first_wins(&x, 1, &Budget::new(3)), Err(TooBig::states(3)));
        // 5 x 5 cells of 4 bits do not pack into 64.
        assert_eq!(
            first_wins(&matrix(5, 5, &[9; 25]), 1, &big()),
            Err(TooBig::states(5_000_000))
        );
        // 8 x 8 cells of one bit pack, but a position has 3432 paths of 14
        // cells from the top-left corner alone, 2^14 assignments each: given
        // up before the first move is generated, where it would not finish.
        assert_eq!(
            first_wins(&matrix(8, 8, &[1; 64]), 1, &big()),
            Err(TooBig::states(5_000_000))
        );
    }
}
