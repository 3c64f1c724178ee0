//! Pile games by their rules: Bash's game, Nim, staircase Nim and Moore's
//! Nim_k, the brute-force oracles of `bash-game`, `nim`, `staircase-nim` and
//! `moore-nim`.
//!
//! Problem: compute the Sprague-Grundy value of
//! - Bash's game: one pile of `n`; a move takes 1 to `k` stones;
//! - Nim: a move takes any positive number of stones from one pile;
//! - staircase Nim: stones on steps `1..n`; a move moves any positive number
//!   of stones from step `i` to step `i - 1` (from step 1 they leave play);
//! - Moore's Nim_k: a move takes stones from at least one and at most `k`
//!   piles, any number from each, at least one in all.
//!
//! Idea: [`crate::impartial::grundy`] over whole positions, with no theorem
//! about these games (no Bouton, no Moore, no parity of steps): a Nim or
//! Moore position is its piles sorted, without empty piles (an empty pile
//! allows no move and order cannot matter to rules that name no pile by
//! position); a staircase is its steps in order, without empty steps at the
//! top (stones only move down, so an empty top step stays empty). A move
//! lists every position it can reach: for Moore's Nim, the piles it changes
//! are a prefix of each run of equal piles and their new sizes do not
//! decrease along the run, which skips only reorderings of the same result.
//!
//! Complexity: a Nim position with piles `a` has `sum of its distinct a_i`
//! options, a staircase `sum a_i`, Bash's game `min(n, k)`; a Moore position
//! up to `sum over sets S of at most k piles of prod_{i in S} a_i`. States
//! are exponential in the number of piles and capped by the [`Budget`]. A
//! search gives up (`TooBig`) up front when its start alone has more distinct
//! options than the budget has states, when it has more than
//! [`MAX_PILES`] nonempty piles (steps), or, for Moore's Nim, when one
//! position lists more options than the budget has states.
//!
//! Reference: E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for
//! your Mathematical Plays*, chapter 4 (subtraction games, Nim); E. H. Moore,
//! "A generalization of the game called Nim", Annals of Mathematics 11
//! (1910).

use std::cell::Cell;

use crate::impartial::{self, Impartial, Options};
use crate::{Budget, TooBig};

/// The most nonempty piles (steps) a position may have: each state is a
/// vector of them, and the budget counts states, not their bytes.
pub const MAX_PILES: usize = 32;

fn too_big(budget: &Budget) -> TooBig {
    TooBig::states(budget.max_states)
}

/// One pile; a move takes 1 to `k` stones.
struct Subtraction {
    k: u64,
}

impl Impartial for Subtraction {
    type State = u64;

    fn options(&self, &n: &u64, out: &mut Options<u64>) {
        for take in 1..=self.k.min(n) {
            out.add(n - take);
        }
    }
}

/// The SG value of Bash's game on a pile of `n`, taking 1 to `k`.
///
/// Returns `Err(TooBig)` if the pile's `min(n, k)` options (all distinct)
/// outnumber the budget's states, or the search needs more states.
pub fn bash(n: u64, k: u64, budget: &Budget) -> Result<u32, TooBig> {
    if n.min(k) >= budget.max_states as u64 {
        return Err(too_big(budget));
    }
    impartial::grundy(&Subtraction { k }, &[n], budget)
}

/// The positions of one play of Bash's game, valued by one search kept between them
/// ([`impartial::Kept`]): an interactive jury values every option of every position it meets.
pub struct BashPositions(impartial::Kept<Subtraction>);

impl BashPositions {
    /// The positions below a pile of `n`, taking 1 to `k`. `Err(TooBig)` up front when those
    /// positions (`n + 1`) and their moves (`min(s, k)` from `s`) pass the budget's states:
    /// moves, not positions, are what take the time of a jury valuing every option.
    pub fn new(n: u64, k: u64, budget: &Budget) -> Result<BashPositions, TooBig> {
        let (n, k) = (u128::from(n), u128::from(k));
        let moves = if n <= k {
            n * (n + 1) / 2
        } else {
            k * (k + 1) / 2 + (n - k) * k
        };
        if n + 1 + moves > budget.max_states as u128 {
            return Err(too_big(budget));
        }
        Ok(BashPositions(impartial::Kept::new(
            Subtraction { k: k as u64 },
            *budget,
        )))
    }

    /// The SG value of a pile of `n`, at most the start's.
    pub fn value(&mut self, n: u64) -> Result<u32, TooBig> {
        self.0.grundy(&[n])
    }
}

/// The positions of one play of Nim, valued by one search kept between them
/// ([`impartial::Kept`]).
pub struct NimPositions(impartial::Kept<Nim>);

impl NimPositions {
    /// The positions below `start`. `Err(TooBig)` up front beyond [`MAX_PILES`] nonempty piles,
    /// or when those positions (at most `prod (a_i + 1)`) and their moves (at most `sum a_i`
    /// from each) could pass the budget's states.
    pub fn new(start: &[u64], budget: &Budget) -> Result<NimPositions, TooBig> {
        let start = canonical(start.to_vec());
        let positions = start
            .iter()
            .fold(1u128, |acc, &a| acc.saturating_mul(u128::from(a) + 1));
        let moves = start.iter().fold(0u128, |acc, &a| acc + u128::from(a));
        if start.len() > MAX_PILES || positions.saturating_mul(moves + 1) > budget.max_states as u128 {
            return Err(too_big(budget));
        }
        Ok(NimPositions(impartial::Kept::new(Nim, *budget)))
    }

    /// The SG value of `piles`, a position below the start.
    pub fn value(&mut self, piles: &[u64]) -> Result<u32, TooBig> {
        self.0.grundy(&[canonical(piles.to_vec())])
    }
}

/// The nonempty piles, sorted: a position of Nim or Moore's Nim.
fn canonical(mut piles: Vec<u64>) -> Vec<u64> {
    piles.retain(|&p| p > 0);
    piles.sort_unstable();
    piles
}

/// Nim: any positive number from one pile.
struct Nim;

impl Impartial for Nim {
    type State = Vec<u64>;

    fn options(&self, piles: &Vec<u64>, out: &mut Options<Vec<u64>>) {
        for (i, &p) in piles.iter().enumerate() {
            // Equal piles give the same options.
            if i > 0 && piles[i - 1] == p {
                continue;
            }
            for rest in 0..p {
                let mut next = piles.clone();
                next[i] = rest;
                out.add(canonical(next));
            }
        }
    }
}

/// Checks a sorted nonempty Nim or Moore position against the limits: at
/// most [`MAX_PILES`] piles, and fewer distinct options than the budget's
/// states. Lowering one of the distinct values `v` to `w < v` gives
/// `sum of distinct v` options that are pairwise different positions (two
/// of them equal would need each lowered value to be the other's unlowered
/// one, so `w < v' = w'` and `w' < v = w`).
fn check_start(piles: &[u64], budget: &Budget) -> Result<(), TooBig> {
    let mut distinct = piles.to_vec();
    distinct.dedup();
    let options = distinct.iter().fold(0u64, |acc, &v| acc.saturating_add(v));
    if piles.len() > MAX_PILES || options >= budget.max_states as u64 {
        return Err(too_big(budget));
    }
    Ok(())
}

/// The SG value of Nim with these piles.
///
/// Returns `Err(TooBig)` beyond [`MAX_PILES`] nonempty piles, if the start
/// has more distinct options than the budget's states, or if the search
/// needs more states.
pub fn nim(piles: &[u64], budget: &Budget) -> Result<u32, TooBig> {
    let start = canonical(piles.to_vec());
    check_start(&start, budget)?;
    impartial::grundy(&Nim, &[start], budget)
}

/// Moore's Nim_k: from 1 to `k` piles, any number from each, at least one
/// stone in all. Lists at most `max_options` options per position; past
/// that it stops and sets `gave_up`.
struct Moore {
    k: usize,
    max_options: usize,
    gave_up: Cell<bool>,
}

/// An enumeration in progress: the new sizes chosen so far, how many piles
/// changed, and whether the pile before was changed (within its run, only a
/// prefix may change).
struct Choice<'a> {
    piles: &'a [u64],
    next: Vec<u64>,
    changed: usize,
    listed: usize,
}

impl Moore {
    /// Chooses the new size of pile `i` and on, each at most its old size;
    /// false once it has given up. Depth at most [`MAX_PILES`].
    fn choose(&self, c: &mut Choice, i: usize, previous_changed: bool, out: &mut Options<Vec<u64>>) -> bool {
        let Some(&p) = c.piles.get(i) else {
            if c.changed > 0 {
                if c.listed == self.max_options {
                    self.gave_up.set(true);
                    return false;
                }
                c.listed += 1;
                out.add(canonical(c.next.clone()));
            }
            return true;
        };
        let same_run = i > 0 && c.piles[i - 1] == p;
        // Unchanged: the piles after it in its run stay unchanged too.
        c.next[i] = p;
        if !self.choose(c, i + 1, false, out) {
            return false;
        }
        if c.changed == self.k || (same_run && !previous_changed) {
            return true;
        }
        // Changed: within a run, new sizes do not decrease.
        let least = if same_run { c.next[i - 1] } else { 0 };
        c.changed += 1;
        for w in least..p {
            c.next[i] = w;
            if !self.choose(c, i + 1, true, out) {
                return false;
            }
        }
        c.changed -= 1;
        c.next[i] = p;
        true
    }
}

impl Impartial for Moore {
    type State = Vec<u64>;

    fn options(&self, piles: &Vec<u64>, out: &mut Options<Vec<u64>>) {
        let mut c = Choice {
            piles,
            next: piles.clone(),
            changed: 0,
            listed: 0,
        };
        self.choose(&mut c, 0, false, out);
    }
}

/// The SG value of Moore's Nim_k with these piles.
///
/// Returns `Err(TooBig)` as [`nim`] does, and when one position has more
/// options than the budget's states.
pub fn moore(piles: &[u64], k: u64, budget: &Budget) -> Result<u32, TooBig> {
    let start = canonical(piles.to_vec());
    check_start(&start, budget)?;
    let game = Moore {
        k: usize::try_from(k).unwrap_or(usize::MAX),
        max_options: budget.max_states,
        gave_up: Cell::new(false),
    };
    let value = impartial::grundy(&game, &[start], budget)?;
    if game.gave_up.get() {
        return Err(too_big(budget));
    }
    Ok(value)
}

/// The positions of one play of Moore's Nim_k, valued by one search kept between them
/// ([`impartial::Kept`]): what lists a position's winning moves.
pub struct MoorePositions(impartial::Kept<Moore>);

impl MoorePositions {
    /// The positions below `start`; `Err(TooBig)` up front as [`moore`] gives it.
    pub fn new(start: &[u64], k: u64, budget: &Budget) -> Result<MoorePositions, TooBig> {
        check_start(&canonical(start.to_vec()), budget)?;
        let game = Moore {
            k: usize::try_from(k).unwrap_or(usize::MAX),
            max_options: budget.max_states,
            gave_up: Cell::new(false),
        };
        Ok(MoorePositions(impartial::Kept::new(game, *budget)))
    }

    /// The SG value of `piles`, a position below the start.
    pub fn value(&mut self, piles: &[u64]) -> Result<u32, TooBig> {
        let value = self.0.grundy(&[canonical(piles.to_vec())])?;
        if self.0.game().gave_up.get() {
            return Err(TooBig::states(self.0.game().max_options));
        }
        Ok(value)
    }
}

/// The steps without empty ones at the top.
fn trimmed(mut steps: Vec<u64>) -> Vec<u64> {
    while steps.last() == Some(&0) {
        steps.pop();
    }
    steps
}

/// Staircase Nim: stones move from step `i` to step `i - 1`; step 1 is
/// index 0, and stones moved below it leave play.
struct Staircase;

impl Impartial for Staircase {
    type State = Vec<u64>;

    fn options(&self, steps: &Vec<u64>, out: &mut Options<Vec<u64>>) {
        for (i, &a) in steps.iter().enumerate() {
            for moved in 1..=a {
                let mut next = steps.clone();
                next[i] -= moved;
                if i > 0 {
                    next[i - 1] += moved;
                }
                out.add(trimmed(next));
            }
        }
    }
}

/// The SG value of staircase Nim with `steps[i]` stones on step `i + 1`.
///
/// Returns `Err(TooBig)` beyond [`MAX_PILES`] steps (after empty top steps),
/// if the start's `sum a_i` options (all different) outnumber the budget's
/// states, or if the search needs more states.
pub fn staircase(steps: &[u64], budget: &Budget) -> Result<u32, TooBig> {
    let start = trimmed(steps.to_vec());
    let options = start.iter().fold(0u64, |acc, &a| acc.saturating_add(a));
    if start.len() > MAX_PILES || options >= budget.max_states as u64 {
        return Err(too_big(budget));
    }
    impartial::grundy(&Staircase, &[start], budget)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BIG: Budget = Budget::new(1_000_000);

    #[test]
    fn the_positions_of_a_play_are_valued_by_one_search_within_the_budget() {
        // Piles 3, 4, 5: at most 4 * 5 * 6 positions, each with at most 12 moves.
        let mut nim = NimPositions::new(&[3, 4, 5], &Budget::new(120 * 13)).unwrap();
        for piles in [[3, 4, 5], [0, 4, 5], [3, 4, 0], [1, 1, 1], [2, 0, 2]] {
            assert_eq!(
                nim.value(&piles),
                Ok(piles[0] as u32 ^ piles[1] as u32 ^ piles[2] as u32)
            );
        }
        assert!(NimPositions::new(&[3, 4, 5], &Budget::new(120 * 13 - 1)).is_err());
        assert!(NimPositions::new(&[9_999; 3], &Budget::default()).is_err());
        // A pile of 10, taking 1 to 3: 11 positions and 3 * 3 + 2 + 1 + 0 + ... = 27 moves.
        let mut bash = BashPositions::new(10, 3, &Budget::new(11 + 27)).unwrap();
        for n in (0..=10).rev() {
            assert_eq!(bash.value(n), Ok((n % 4) as u32));
        }
        assert!(BashPositions::new(10, 3, &Budget::new(11 + 26)).is_err());
        assert!(BashPositions::new(u64::MAX, u64::MAX, &Budget::default()).is_err());
    }

    #[test]
    fn bash_values_by_hand() {
        // Take 1..3: 0 1 2 3 0 1 2 3 ...; take 1: parity; k >= n: the pile
        // is a Nim heap.
        let take3: Vec<u32> = (0..9).map(|n| bash(n, 3, &BIG).unwrap()).collect();
        assert_eq!(take3, [0, 1, 2, 3, 0, 1, 2, 3, 0]);
        assert_eq!(bash(7, 1, &BIG), Ok(1));
        assert_eq!(bash(6, 100, &BIG), Ok(6));
        assert_eq!(bash(0, u64::MAX, &BIG), Ok(0));
        assert_eq!(bash(1_000_000, 3, &BIG), Err(TooBig::states(1_000_000)));
        assert_eq!(bash(u64::MAX, u64::MAX, &BIG), Err(TooBig::states(1_000_000)));
    }

    #[test]
    fn nim_values_by_hand() {
        // One heap is worth its size; 1 1 is lost; 1 2 has options 2, 1 1
        // (0) and 1 (1), so it is worth 3; 1 2 3 is lost.
        assert_eq!(nim(&[], &BIG), Ok(0));
        assert_eq!(nim(&[5], &BIG), Ok(5));
        assert_eq!(nim(&[1, 1], &BIG), Ok(0));
        assert_eq!(nim(&[1, 0], &BIG), Ok(1));
        assert_eq!(nim(&[2, 1], &BIG), Ok(3));
        assert_eq!(nim(&[1, 2, 3], &BIG), Ok(0));
        assert_eq!(nim(&[3, 5, 6, 1], &BIG), Ok(1));
        assert_eq!(nim(&[10_000], &Budget::new(10_000)), Err(TooBig::states(10_000)));
        assert_eq!(nim(&[1; 33], &BIG), Err(TooBig::states(1_000_000)));
    }

    #[test]
    fn staircase_values_by_hand() {
        // Step 1 alone is a Nim heap. Stones on step 2 must pass step 1:
        // 0 1 has one option, 1 0 (worth 1), so it is worth 0. 1 1 has
        // options 0 1 (0), 2 (2), so 1. Empty top steps change nothing.
        assert_eq!(staircase(&[4], &BIG), Ok(4));
        assert_eq!(staircase(&[0, 1], &BIG), Ok(0));
        assert_eq!(staircase(&[1, 1], &BIG), Ok(1));
        assert_eq!(staircase(&[0, 2], &BIG), Ok(0));
        assert_eq!(staircase(&[1, 0, 1], &BIG), Ok(0));
        assert_eq!(staircase(&[2, 0, 0], &BIG), Ok(2));
        assert_eq!(staircase(&[0; 40], &BIG), Ok(0));
        assert_eq!(staircase(&[1; 33], &BIG), Err(TooBig::states(1_000_000)));
    }

    #[test]
    fn moore_values_by_hand() {
        // k = 1 is Nim. With k = 2, 1 1 is won (take both) and 1 1 1 is
        // lost: every move leaves one or two 1s. 2 2 with k = 2: its options
        // are 0 2 (2), 1 2, 1 1 (0) ..., so it is won.
        assert_eq!(moore(&[1, 2, 3], 1, &BIG), Ok(0));
        assert_eq!(moore(&[1, 1], 2, &BIG), Ok(2));
        assert_eq!(moore(&[1, 1, 1], 2, &BIG), Ok(0));
        assert_ne!(moore(&[2, 2], 2, &BIG), Ok(0));
        // Moore's condition holds for 4 2 6 1 5 3 with k = 2 (three ones
        // in every column), though its XOR is 7.
        assert_eq!(moore(&[4, 2, 6, 1, 5, 3], 2, &BIG), Ok(0));
        // k at least the number of piles: only the empty position is lost.
        assert_ne!(moore(&[1, 1, 1], 3, &BIG), Ok(0));
        assert_eq!(moore(&[], 3, &BIG), Ok(0));
    }

    /// Moore's Nim_k without the symmetry cut: every set of at most `k`
    /// piles, every smaller size for each.
    struct AllSubsets {
        k: usize,
    }

    impl Impartial for AllSubsets {
        type State = Vec<u64>;

        fn options(&self, piles: &Vec<u64>, out: &mut Options<Vec<u64>>) {
            let n = piles.len();
            for set in 1u32..1 << n {
                if set.count_ones() as usize > self.k {
                    continue;
                }
                let chosen: Vec<usize> = (0..n).filter(|&i| set >> i & 1 == 1).collect();
                // Every choice of new sizes for the chosen piles, by counting.
                let mut next = piles.clone();
                for &i in &chosen {
                    next[i] = 0;
                }
                loop {
                    if next != *piles {
                        out.add(canonical(next.clone()));
                    }
                    let Some(&i) = chosen.iter().find(|&&i| next[i] < piles[i]) else {
                        break;
                    };
                    for &j in chosen.iter().take_while(|&&j| j != i) {
                        next[j] = 0;
                    }
                    next[i] += 1;
                }
            }
        }
    }

    #[test]
    fn moore_agrees_with_every_subset_listed() {
        // Every position of up to 4 piles of up to 3 stones, every k: the
        // symmetry cut loses no option.
        let mut positions = vec![vec![]];
        for _ in 0..4 {
            let longer: Vec<Vec<u64>> = positions
                .iter()
                .filter(|p| p.len() < 4)
                .flat_map(|p| (0..=3).map(move |v| [p.clone(), vec![v]].concat()))
                .collect();
            positions.extend(longer);
        }
        positions.sort();
        positions.dedup();
        assert_eq!(positions.len(), 1 + 4 + 16 + 64 + 256);
        for k in 1..=4 {
            for p in &positions {
                let naive = impartial::grundy(&AllSubsets { k }, &[canonical(p.clone())], &BIG);
                assert_eq!(moore(p, k as u64, &BIG), naive, "{p:?} k = {k}");
            }
        }
    }

    #[test]
    fn moore_gives_up_on_too_many_options() {
        // Six 3s with k = 6 have 83 options but only 3 distinct values.
        assert_eq!(moore(&[3; 6], 6, &Budget::new(50)), Err(TooBig::states(50)));
        assert!(moore(&[3; 6], 6, &BIG).is_ok());
        assert_eq!(moore(&[9, 9], 2, &Budget::new(5)), Err(TooBig::states(5)));
    }
}
