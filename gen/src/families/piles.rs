//! Pile games (`nim`, `staircase-nim`, `moore-nim`, `bash-game`): positions
//! in the shapes where pile-game solutions break, losing positions and
//! positions one column off losing, and shrink moves that keep a losing
//! position losing.
//!
//! Problem: draw positions for Nim, staircase Nim (stones on steps `1..n`,
//! moved down one step at a time), Moore's Nim_k (a move takes from up to `k`
//! piles) and Bash's game (one pile, take 1 to `k`), as a setter who wants
//! to break wrong solutions would: piles from a range, near the range's top,
//! all equal, powers of two, `2^j - 1`, mostly at the floor, and above all
//! the losing positions and those next to them, which are what a wrong
//! formula gets wrong.
//!
//! Idea: one condition describes the losing positions of the first three
//! games. On the piles that *count* (every pile; on a staircase the odd
//! steps, 0-based indices 0, 2, 4, ...), every binary column must sum to 0
//! mod `k + 1`: Moore's theorem, with Nim as Moore's Nim_1 and a staircase
//! whose odd steps play Nim (`k = 1` for both). The generator builds
//! positions from that condition and never solves one (brute answers every
//! case): [`make_balanced`] fixes each column from the top bit down by
//! clearing the bit in `r` piles that have it or setting it in `k + 1 - r`
//! that lack it (while they stay within the range's top), where `r` is the
//! column's sum mod `k + 1`, so no column disturbs another; a position one
//! column off losing is then made by changing one column by `1..=k` in the
//! same direction ([`unbalance`]), which no mod `k + 1` count can hide.
//! Bash's game is lost exactly at multiples of `k + 1`; its near-losing
//! positions are one stone off one.
//!
//! Shrinking (each candidate strictly smaller by piles, then stones, then
//! `k`): if the position is balanced, halves repaired by up to `k` piles that
//! restore every column; halves; then, if balanced, moves that keep it so
//! (drop the zero piles, drop `k + 1` equal piles, lower `k + 1` equal
//! piles together, clear one bit in `k + 1` piles that have it; on a
//! staircase also drop a zero odd step with its neighbour, and lower the
//! even steps, which do not count), then drop one pile and lower one pile
//! ([`crate::lower`]: to 0, halved, the ladder, minus one) and lower `k`.
//!
//! The `piles` key gives a position outright (`piles = [3, 0, 5]`):
//! generation returns exactly it, with `k` from its range. `harness table`
//! addresses its elements as `piles.1`, `piles.2`, ..., e.g.
//! `harness table --problem staircase-nim --set piles=[0,0] --vary piles.1=0..7 --vary piles.2=0..7`.
//!
//! Complexity: generation is `O(n)` for drawing and `O(64 n)` to balance or
//! unbalance; each shrink candidate costs `O(n)`, and each kind of move
//! offers at most [`move_limit`] candidates.
//!
//! Reference: E. H. Moore, "A generalization of the game called Nim", Annals
//! of Mathematics 11 (1910); C. L. Bouton, "Nim, a game with a complete
//! mathematical theory" (1901); OI Wiki, "公平组合游戏" (staircase Nim,
//! Bash's game).

use std::fmt::Debug;
use std::marker::PhantomData;

use serde::Deserialize;

use crate::enumerate::multisets::{sequences_by_total, ValueMultisets};
use crate::enumerate::{add, mul, nonempty, pow, span, Bound, Count, Space, Symmetry};
use crate::lower::{self, ALL_LOWERINGS};
use crate::range::{probability, SizeRange};
use crate::rng::Rng;
use crate::weights::move_limit;

/// A position of Nim, staircase Nim or Moore's Nim.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piles {
    /// The pile sizes; on a staircase, the stones on steps `1..n` in order.
    pub piles: Vec<u64>,
    /// A move takes from up to `k` piles: Moore's Nim_k. Always 1 for Nim
    /// (Moore's Nim_1) and staircase Nim.
    pub k: u64,
}

/// A position of Bash's game: one pile of `n`, a move takes 1 to `k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bash {
    pub n: u64,
    pub k: u64,
}

impl Bash {
    /// No judge sets limits for Bash's game; these are judge-like and fit
    /// signed 64-bit arithmetic with room for `k + 1`.
    pub const MAX_N: u64 = 1_000_000_000_000_000_000;
    pub const MAX_K: u64 = 1_000_000_000_000_000_000;
}

/// How an instance's pile sizes are drawn within the `values` range; one
/// shape is picked per instance.
#[derive(Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum PileShape {
    /// Uniform in the range.
    Uniform,
    /// Within 3 of the range's top: at judge settings, near the judge's maximum.
    NearMax,
    /// One value for every pile (for Bash's game: `n = k`, kept in range).
    Equal,
    /// Powers of two in the range (uniform if there are none).
    Powers,
    /// Numbers `2^j - 1`, all ones in binary, in the range (uniform if none).
    Masks,
    /// Three piles in four at the range's floor (0 by default), the rest uniform.
    Zeros,
}

pub const ALL_PILE_SHAPES: [PileShape; 6] = [
    PileShape::Uniform,
    PileShape::NearMax,
    PileShape::Equal,
    PileShape::Powers,
    PileShape::Masks,
    PileShape::Zeros,
];

fn check_shapes(shapes: &[PileShape]) -> Result<(), String> {
    if shapes.is_empty() {
        Err("`shapes` must name at least one of uniform, near-max, equal, powers, masks, zeros".into())
    } else {
        Ok(())
    }
}

fn check_rates(losing: f64, near_losing: f64) -> Result<(), String> {
    if losing + near_losing > 1.0 {
        Err(format!(
            "`losing` + `near_losing` = {} exceeds 1: they are shares of the instances",
            losing + near_losing
        ))
    } else {
        Ok(())
    }
}

/// The values `Powers` and `Masks` pick from within `range` (`None` for the
/// other shapes): powers of two, or `2^j - 1` for `j = 0..=64`.
fn special_values(shape: PileShape, range: SizeRange) -> Option<Vec<u64>> {
    let all: Vec<u64> = match shape {
        PileShape::Powers => (0..64).map(|j| 1u64 << j).collect(),
        PileShape::Masks => (0..=64).map(|j| u64::MAX.checked_shr(64 - j).unwrap_or(0)).collect(),
        _ => return None,
    };
    Some(all.into_iter().filter(|v| (range.lo..=range.hi).contains(v)).collect())
}

/// `n` piles in `shape` from `range`.
fn draw_piles(shape: PileShape, n: usize, range: SizeRange, rng: &mut Rng) -> Vec<u64> {
    let (lo, hi) = (range.lo, range.hi);
    match (shape, special_values(shape, range)) {
        (_, Some(fits)) if !fits.is_empty() => (0..n).map(|_| *rng.pick(&fits)).collect(),
        (PileShape::Equal, _) => vec![rng.range(lo, hi); n],
        (PileShape::NearMax, _) => (0..n).map(|_| rng.range(hi.saturating_sub(3).max(lo), hi)).collect(),
        (PileShape::Zeros, _) => (0..n)
            .map(|_| if rng.chance(0.75) { lo } else { rng.range(lo, hi) })
            .collect(),
        _ => (0..n).map(|_| rng.range(lo, hi)).collect(),
    }
}

/// Whether pile `i` counts toward the losing condition: every pile, or on a
/// staircase the odd steps (0-based even indices).
fn counts(staircase: bool, i: usize) -> bool {
    !staircase || i.is_multiple_of(2)
}

/// Whether every binary column of the counted piles sums to 0 mod `k + 1`:
/// the losing positions of Nim (`k = 1`), of Moore's Nim_k and, with
/// `staircase`, of staircase Nim. `O(64 n)`.
pub fn balanced(piles: &[u64], k: u64, staircase: bool) -> bool {
    let m = k as u128 + 1;
    (0..64).all(|b| {
        let ones = (piles.iter().enumerate())
            .filter(|&(i, &p)| counts(staircase, i) && p >> b & 1 == 1)
            .count();
        (ones as u128).is_multiple_of(m)
    })
}

/// The first `count` of `items` after a partial shuffle: a uniform sample.
fn sample(rng: &mut Rng, mut items: Vec<usize>, count: usize) -> Vec<usize> {
    for i in 0..count {
        let j = i + rng.index(items.len() - i);
        items.swap(i, j);
    }
    items.truncate(count);
    items
}

/// Makes the counted piles [`balanced`], column by column from the top: a
/// column summing to `r` mod `m = k + 1` loses its bit in `r` piles that have
/// it, or (with chance 1/2, when `m - r` piles lacking it can take it
/// without passing `hi`) gains it in those. Changing one bit leaves the other
/// columns alone, so one pass suffices. Values stay at most `hi` (and may
/// fall below the range's floor).
pub fn make_balanced(piles: &mut [u64], k: u64, staircase: bool, hi: u64, rng: &mut Rng) {
    let m = k as u128 + 1;
    let top = piles.iter().copied().chain([hi]).max().unwrap_or(0);
    for b in (0..u64::BITS - top.leading_zeros()).rev() {
        let bit = 1u64 << b;
        let (mut with, mut without) = (Vec::new(), Vec::new());
        for (i, &p) in piles.iter().enumerate().filter(|&(i, _)| counts(staircase, i)) {
            if p & bit != 0 {
                with.push(i);
            } else if p.checked_add(bit).is_some_and(|v| v <= hi) {
                without.push(i);
            }
        }
        let r = (with.len() as u128 % m) as usize;
        if r == 0 {
            continue;
        }
        let need = (m - r as u128) as usize;
        if without.len() >= need && rng.chance(0.5) {
            for i in sample(rng, without, need) {
                piles[i] |= bit;
            }
        } else {
            for i in sample(rng, with, r) {
                piles[i] &= !bit;
            }
        }
    }
}

/// Moves a balanced position one column off: one column changes by `j` in
/// `1..=k`, all in one direction (a bit set in `j` counted piles that lack
/// it and stay at most `hi`, or cleared in `j` that have it), so it sums to
/// `j` or `-j`, not 0, mod `k + 1`. Leaves the position alone if no column
/// can change (every counted pile 0 and `hi` 0).
pub fn unbalance(piles: &mut [u64], k: u64, staircase: bool, hi: u64, rng: &mut Rng) {
    let counted = (0..piles.len()).filter(|&i| counts(staircase, i)).count() as u64;
    let top = piles.iter().copied().chain([hi]).max().unwrap_or(0);
    if top == 0 || counted == 0 {
        return;
    }
    let bits = (u64::BITS - top.leading_zeros()) as u64;
    // A random column may have too few piles to change; a few draws find one
    // that has them, whenever the top bit alone does not decide.
    for _ in 0..16 {
        let bit = 1u64 << rng.below(bits);
        let j = if rng.chance(0.5) {
            1
        } else {
            rng.range(1, k.min(counted))
        } as usize;
        let (mut set, mut clear) = (Vec::new(), Vec::new());
        for (i, &p) in piles.iter().enumerate().filter(|&(i, _)| counts(staircase, i)) {
            if p & bit != 0 {
                clear.push(i);
            } else if p.checked_add(bit).is_some_and(|v| v <= hi) {
                set.push(i);
            }
        }
        let up = set.len() >= j && (clear.len() < j || rng.chance(0.5));
        if up {
            for i in sample(rng, set, j) {
                piles[i] |= bit;
            }
            return;
        }
        if clear.len() >= j {
            for i in sample(rng, clear, j) {
                piles[i] &= !bit;
            }
            return;
        }
    }
}

/// What distinguishes the pile games for the shared [`PileParams`]: the
/// judge's limits, the defaults of the `[gen]` table, and which piles the
/// losing condition counts. The limits are declared here and the judge
/// formats (`judge/nim.rs`, ...) read them, so they flow one way.
pub trait PileGame: Clone + Debug + PartialEq + Send + Sync + 'static {
    /// The registry name, for messages (the judge's `Identity` has the same;
    /// its tests check that).
    const NAME: &'static str;
    const MAX_PILES: u64;
    const MAX_VALUE: u64;
    /// The most piles one move may take from; 1 fixes `k` at 1.
    const MAX_K: u64;
    /// The losing condition counts only the odd steps, and pile order matters.
    const STAIRCASE: bool;
    const DEFAULT_N: SizeRange;
    const DEFAULT_VALUES: SizeRange;
    const DEFAULT_K: SizeRange;
}

/// Nim (luogu-p2197): any number from one pile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Nim;

/// Staircase Nim: stones move from step `i` to step `i - 1`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Staircase;

/// Moore's Nim_k: from up to `k` piles at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Moore;

impl PileGame for Nim {
    const NAME: &'static str = "nim";
    const MAX_PILES: u64 = 10_000;
    /// Sizes are below 10 000.
    const MAX_VALUE: u64 = 9_999;
    const MAX_K: u64 = 1;
    const STAIRCASE: bool = false;
    const DEFAULT_N: SizeRange = SizeRange::new(1, 4);
    const DEFAULT_VALUES: SizeRange = SizeRange::new(0, 7);
    const DEFAULT_K: SizeRange = SizeRange::new(1, 1);
}

impl PileGame for Staircase {
    const NAME: &'static str = "staircase-nim";
    const MAX_PILES: u64 = 100_000;
    const MAX_VALUE: u64 = 1_000_000_000;
    const MAX_K: u64 = 1;
    const STAIRCASE: bool = true;
    const DEFAULT_N: SizeRange = SizeRange::new(1, 5);
    const DEFAULT_VALUES: SizeRange = SizeRange::new(0, 3);
    const DEFAULT_K: SizeRange = SizeRange::new(1, 1);
}

impl PileGame for Moore {
    const NAME: &'static str = "moore-nim";
    const MAX_PILES: u64 = 100_000;
    const MAX_VALUE: u64 = 1_000_000_000;
    const MAX_K: u64 = 100_000;
    const STAIRCASE: bool = false;
    const DEFAULT_N: SizeRange = SizeRange::new(1, 4);
    const DEFAULT_VALUES: SizeRange = SizeRange::new(0, 5);
    const DEFAULT_K: SizeRange = SizeRange::new(1, 3);
}

/// The `[gen]` table of `nim`, `staircase-nim` and `moore-nim`
/// ([`NimParams`], [`StaircaseParams`], [`MooreParams`]).
#[derive(Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default, bound = "")]
pub struct PileParams<G: PileGame> {
    /// Piles (steps on a staircase).
    pub n: SizeRange,
    /// Pile sizes.
    pub values: SizeRange,
    /// Moore's Nim: a move takes from up to `k` piles. Fixed at 1 otherwise.
    pub k: SizeRange,
    pub shapes: Vec<PileShape>,
    /// Share of positions made losing ([`make_balanced`]).
    #[serde(deserialize_with = "probability")]
    pub losing: f64,
    /// Share made one column off losing ([`unbalance`]).
    #[serde(deserialize_with = "probability")]
    pub near_losing: f64,
    /// Exactly this position: `n`, `values`, `shapes` and the shares are
    /// then unused.
    pub piles: Option<Vec<u64>>,
    #[serde(skip)]
    pub game: PhantomData<G>,
}

impl<G: PileGame> Default for PileParams<G> {
    fn default() -> Self {
        PileParams {
            n: G::DEFAULT_N,
            values: G::DEFAULT_VALUES,
            k: G::DEFAULT_K,
            shapes: ALL_PILE_SHAPES.to_vec(),
            losing: 0.35,
            near_losing: 0.35,
            piles: None,
            game: PhantomData,
        }
    }
}

impl<G: PileGame> PileParams<G> {
    pub fn check(&self) -> Result<(), String> {
        self.n.within("n", 1, G::MAX_PILES)?;
        self.values.within("values", 0, G::MAX_VALUE)?;
        if G::MAX_K == 1 && self.k != SizeRange::new(1, 1) {
            return Err(format!(
                "`k` is for moore-nim only: {} takes from one pile at a time (k = 1)",
                G::NAME
            ));
        }
        self.k.within("k", 1, G::MAX_K)?;
        check_shapes(&self.shapes)?;
        check_rates(self.losing, self.near_losing)?;
        if let Some(piles) = &self.piles {
            check_piles::<G>(piles).map_err(|e| format!("`piles`: {e}"))?;
        }
        Ok(())
    }
}

/// Pile count and sizes within the judge's limits.
fn check_piles<G: PileGame>(piles: &[u64]) -> Result<(), String> {
    if !(1..=G::MAX_PILES).contains(&(piles.len() as u64)) {
        return Err(format!(
            "{} piles; {} takes 1 to {}",
            piles.len(),
            G::NAME,
            G::MAX_PILES
        ));
    }
    match piles.iter().position(|&p| p > G::MAX_VALUE) {
        Some(i) => Err(format!(
            "pile {} is {}, above the limit {}",
            i + 1,
            piles[i],
            G::MAX_VALUE
        )),
        None => Ok(()),
    }
}

pub fn generate<G: PileGame>(p: &PileParams<G>, rng: &mut Rng) -> Piles {
    let k = p.k.sample(rng);
    if let Some(piles) = &p.piles {
        return Piles {
            piles: piles.clone(),
            k,
        };
    }
    let n = p.n.sample_usize(rng);
    let shape = *rng.pick(&p.shapes);
    let mut piles = draw_piles(shape, n, p.values, rng);
    let hi = p.values.hi;
    if rng.chance(p.losing) {
        make_balanced(&mut piles, k, G::STAIRCASE, hi, rng);
    } else if rng.chance(p.near_losing / (1.0 - p.losing)) {
        make_balanced(&mut piles, k, G::STAIRCASE, hi, rng);
        unbalance(&mut piles, k, G::STAIRCASE, hi, rng);
    }
    Piles { piles, k }
}

pub fn validate<G: PileGame>(p: &Piles) -> Result<(), String> {
    check_piles::<G>(&p.piles)?;
    if !(1..=G::MAX_K).contains(&p.k) {
        return Err(format!("k = {} is outside [1, {}]", p.k, G::MAX_K));
    }
    Ok(())
}

/// `piles` with the positions in `gone` (ascending) removed.
fn without(piles: &[u64], gone: &[usize]) -> Vec<u64> {
    let mut out = Vec::with_capacity(piles.len() - gone.len());
    let mut skip = gone.iter().peekable();
    for (i, &p) in piles.iter().enumerate() {
        if skip.peek() == Some(&&i) {
            skip.next();
        } else {
            out.push(p);
        }
    }
    out
}

/// `part` made balanced again by up to `k` repair piles at its end (on a
/// staircase, on odd steps): repair pile `j` has bit `b` when `j` is below
/// the ones column `b` lacks, `(k + 1 - count mod (k + 1)) mod (k + 1)`.
/// `None` if a repair pile would pass `max`.
fn repaired(part: &[u64], k: u64, staircase: bool, max: u64) -> Option<Vec<u64>> {
    let m = k as u128 + 1;
    let mut repairs: Vec<u64> = Vec::new();
    for b in 0..64 {
        let ones = (part.iter().enumerate())
            .filter(|&(i, &p)| counts(staircase, i) && p >> b & 1 == 1)
            .count() as u128;
        let lacking = ((m - ones % m) % m) as usize;
        if repairs.len() < lacking {
            repairs.resize(lacking, 0);
        }
        for r in &mut repairs[..lacking] {
            *r |= 1 << b;
        }
    }
    if repairs.iter().any(|&r| r > max) {
        return None;
    }
    let mut out = part.to_vec();
    for r in repairs {
        // Repairs go on counted positions: even 0-based indices on a staircase.
        if staircase && out.len() % 2 == 1 {
            out.push(0);
        }
        out.push(r);
    }
    Some(out)
}

/// About half of a balanced position, the first piles or the last,
/// repaired ([`repaired`]) to fewer piles than before: greedy shrinking of a
/// losing position with thousands of piles then takes logarithmically many
/// steps, not one per pile. A repair pile may pass `max`, so each side tries
/// cuts at `n / 2`, then 1, 2, ... piles (2, 4, ... steps on a staircase,
/// which keeps the parities) to either side, and keeps the first that fits.
fn balanced_halves(piles: &[u64], k: u64, staircase: bool, max: u64) -> Vec<Vec<u64>> {
    let n = piles.len();
    let step = if staircase { 2 } else { 1 };
    let half = if staircase { (n / 2) & !1 } else { n / 2 };
    let cuts: Vec<usize> = (0..8)
        .map(|j: usize| j.div_ceil(2) * step)
        .enumerate()
        .filter_map(|(j, d)| {
            if j % 2 == 1 {
                half.checked_sub(d)
            } else {
                Some(half + d)
            }
        })
        .filter(|&cut| 0 < cut && cut < n)
        .collect();
    let first = cuts
        .iter()
        .find_map(|&cut| repaired(&piles[..cut], k, staircase, max).filter(|c| c.len() < n));
    let last = cuts
        .iter()
        .find_map(|&cut| repaired(&piles[cut..], k, staircase, max).filter(|c| c.len() < n));
    first.into_iter().chain(last).collect()
}

/// Moves that keep a balanced position balanced (see the module doc), at
/// most `limit` per kind.
fn balanced_moves(piles: &[u64], k: u64, staircase: bool, limit: usize) -> Vec<Vec<u64>> {
    let n = piles.len();
    // Valid positions have k <= 10^5.
    let m = usize::try_from(k + 1).unwrap_or(usize::MAX);
    let mut out = Vec::new();
    // Positions of the counted piles, grouped by value, in order of value.
    let mut by_value: Vec<(u64, usize)> = (0..n)
        .filter(|&i| counts(staircase, i) && piles[i] > 0)
        .map(|i| (piles[i], i))
        .collect();
    by_value.sort_unstable();
    let groups: Vec<&[(u64, usize)]> = by_value.chunk_by(|a, b| a.0 == b.0).collect();
    if staircase {
        // The top step when it does not count or is empty; a zero odd step
        // with the step above it (later steps keep their parity).
        if n > 1 && (!counts(true, n - 1) || piles[n - 1] == 0) {
            out.push(piles[..n - 1].to_vec());
        }
        if n > 2 {
            let pairs = (0..n - 1).filter(|&i| counts(true, i) && piles[i] == 0);
            out.extend(pairs.take(limit).map(|i| without(piles, &[i, i + 1])));
        }
    } else {
        let zeros: Vec<usize> = (0..n).filter(|&i| piles[i] == 0).collect();
        if !zeros.is_empty() && zeros.len() < n {
            out.push(without(piles, &zeros));
        }
        for group in groups.iter().filter(|g| g.len() >= m && n > m).take(limit) {
            let mut gone: Vec<usize> = group[..m].iter().map(|&(_, i)| i).collect();
            gone.sort_unstable();
            out.push(without(piles, &gone));
        }
    }
    let mut lowered_groups = 0;
    'groups: for group in groups.iter().filter(|g| g.len() >= m) {
        for w in lower::lowered(group[0].0, 0) {
            if lowered_groups == limit {
                break 'groups;
            }
            let mut next = piles.to_vec();
            for &(_, i) in &group[..m] {
                next[i] = w;
            }
            out.push(next);
            lowered_groups += 1;
        }
    }
    let top = piles.iter().copied().max().unwrap_or(0);
    for b in (0..u64::BITS - top.leading_zeros()).rev().take(limit) {
        let bit = 1u64 << b;
        let carriers: Vec<usize> = (0..n)
            .filter(|&i| counts(staircase, i) && piles[i] & bit != 0)
            .take(m)
            .collect();
        if carriers.len() == m {
            let mut next = piles.to_vec();
            for i in carriers {
                next[i] &= !bit;
            }
            out.push(next);
        }
    }
    if staircase {
        // The even steps do not count: lower them freely.
        let even: Vec<usize> = (0..n).filter(|&i| !counts(true, i) && piles[i] > 0).collect();
        let mut lowered = 0;
        'even: for &i in &even {
            for w in lower::lowered(piles[i], 0) {
                if lowered == limit {
                    break 'even;
                }
                let mut next = piles.to_vec();
                next[i] = w;
                out.push(next);
                lowered += 1;
            }
        }
    }
    out
}

/// Smaller positions, most promising first (see the module doc): each has
/// fewer piles, or as many and fewer stones, or the same piles and a smaller
/// `k`, and is valid whenever `p` is.
pub fn shrink<G: PileGame>(p: &Piles) -> Vec<Piles> {
    let piles = &p.piles;
    let n = piles.len();
    let limit = move_limit(n);
    let mut out: Vec<Vec<u64>> = Vec::new();
    let balanced = balanced(piles, p.k, G::STAIRCASE);
    if balanced {
        out.extend(balanced_halves(piles, p.k, G::STAIRCASE, G::MAX_VALUE));
    }
    if n >= 2 {
        out.push(piles[..n / 2].to_vec());
        // On a staircase only an even number of low steps may go, so the
        // rest keep their parity.
        let from = if G::STAIRCASE { (n / 2) & !1 } else { n / 2 };
        if from > 0 {
            out.push(piles[from..].to_vec());
        }
    }
    if balanced {
        out.extend(balanced_moves(piles, p.k, G::STAIRCASE, limit));
    }
    if n >= 2 {
        if G::STAIRCASE {
            out.extend((0..n).take(limit).map(|i| without(piles, &[i])));
            if n > 2 {
                out.extend((0..n - 1).take(limit).map(|i| without(piles, &[i, i + 1])));
            }
        } else {
            // Removing any of several equal piles gives the same game.
            let mut seen = std::collections::HashSet::new();
            let distinct = (0..n).rev().filter(|&i| seen.insert(piles[i]));
            out.extend(distinct.take(limit).map(|i| without(piles, &[i])));
        }
    }
    out.extend(lower::lowered_vectors(piles, 0, &ALL_LOWERINGS, limit));
    let mut candidates: Vec<Piles> = out.into_iter().map(|piles| Piles { piles, k: p.k }).collect();
    candidates.extend(lower::lowered(p.k, 1).into_iter().map(|k| Piles {
        piles: piles.clone(),
        k,
    }));
    candidates
}

impl<G: PileGame> PileParams<G> {
    /// Every range at its lower end, one shape, no losing or near-losing
    /// share: one instance whatever the seed (`piles`, if given, is kept).
    pub fn pinned(&self) -> Self {
        PileParams {
            n: self.n.pinned(),
            values: self.values.pinned(),
            k: self.k.pinned(),
            shapes: vec![PileShape::Uniform],
            losing: 0.0,
            near_losing: 0.0,
            piles: self.piles.clone(),
            game: PhantomData,
        }
    }
}

/// Every position of `G` within `p`'s bounds, by stones: multisets of piles
/// for Nim and Moore's Nim (the games are symmetric in their piles; for
/// Moore's Nim each with every `k` in its range), sequences for staircase
/// Nim, whose steps are ordered. `shapes` and the shares are ignored; a
/// pinned `piles` position is refused.
fn exhaust<G: PileGame>(p: &PileParams<G>) -> Result<Space<Piles>, String> {
    if p.piles.is_some() {
        return Err("`piles` pins one position: remove it to enumerate every position within `n` and `values`".into());
    }
    let (n, values, k) = (p.n, p.values, p.k);
    let mut bounds = vec![Bound::new("n", n), Bound::new("values", values)];
    let things = if G::STAIRCASE { "steps" } else { "piles" };
    let what = format!(
        "every {} position of {} {things} of {} stones",
        G::NAME,
        span(n),
        span(values)
    );
    if G::STAIRCASE {
        let kinds = (values.hi - values.lo) as u128 + 1;
        let count = (n.lo..=n.hi).fold(0u128, |acc, j| add(acc, pow(kinds, j)));
        return nonempty(Space::new(
            what,
            Symmetry::None,
            "stones",
            Count::Exact(count),
            bounds,
            move || Box::new(sequences_by_total(n, values.lo, values.hi).map(|piles| Piles { piles, k: 1 })),
        ));
    }
    let multisets = ValueMultisets::new(n, values);
    let ks = (k.hi - k.lo) as u128 + 1;
    let what = if G::MAX_K > 1 {
        bounds.push(Bound::new("k", k));
        format!("{what}, k = {}", span(k))
    } else {
        what
    };
    nonempty(Space::new(
        what,
        Symmetry::Multisets,
        "stones",
        Count::Exact(mul(multisets.count(), ks)),
        bounds,
        move || {
            // By stones first: each total's multisets once per k.
            let lister = std::sync::Arc::new(multisets.lister());
            let (lo, hi) = multisets.totals();
            Box::new((lo..=hi).flat_map(move |t| {
                let lister = lister.clone();
                (k.lo..=k.hi).flat_map(move |k| lister.within((t, t)).map(move |piles| Piles { piles, k }))
            }))
        },
    ))
}

/// The families of the three games, each a [`PileParams`] under its own
/// name (which `harness list --map` shows).
macro_rules! pile_families {
    ($($(#[$doc:meta])* $name:ident = $game:ty;)*) => {$(
        $(#[$doc])*
        #[derive(Deserialize, Clone, Debug, Default, PartialEq)]
        #[serde(transparent)]
        pub struct $name(pub PileParams<$game>);

        impl crate::Family for $name {
            type Instance = Piles;

            fn check(&self) -> Result<(), String> {
                self.0.check()
            }

            fn generate(&self, rng: &mut Rng) -> Piles {
                generate(&self.0, rng)
            }

            fn validate(&self, p: &Piles) -> Result<(), String> {
                validate::<$game>(p)
            }

            fn shrink(&self, p: &Piles) -> Vec<Piles> {
                shrink::<$game>(p)
            }

            fn pinned(&self) -> Option<Self> {
                Some($name(self.0.pinned()))
            }

            fn exhaust(&self) -> Result<Space<Piles>, String> {
                exhaust(&self.0)
            }

            fn class(&self, p: &Piles) -> Option<String> {
                (!<$game>::STAIRCASE).then(|| format!("k={} {}", p.k, crate::enumerate::classes::multiset(&p.piles)))
            }

            fn summands(&self, p: &Piles) -> Option<Vec<String>> {
                // Moore's Nim_k with k > 1 is no sum: one move may take from several piles.
                (!<$game>::STAIRCASE && p.k == 1)
                    .then(|| p.piles.iter().filter(|&&a| a > 0).map(u64::to_string).collect())
            }
        }
    )*};
}

pile_families! {
    /// The `[gen]` table of `nim`.
    NimParams = Nim;
    /// The `[gen]` table of `staircase-nim`.
    StaircaseParams = Staircase;
    /// The `[gen]` table of `moore-nim`.
    MooreParams = Moore;
}

/// The `[gen]` table of `bash-game`.
#[derive(Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct BashParams {
    /// The pile.
    pub n: SizeRange,
    /// A move takes 1 to `k`.
    pub k: SizeRange,
    /// How `n` is drawn: as one pile of [`PileShape`] (`equal`: `n = k`).
    pub shapes: Vec<PileShape>,
    /// Share of positions with `n` a multiple of `k + 1` (losing).
    #[serde(deserialize_with = "probability")]
    pub losing: f64,
    /// Share with `n` one off a multiple of `k + 1`.
    #[serde(deserialize_with = "probability")]
    pub near_losing: f64,
}

impl Default for BashParams {
    fn default() -> Self {
        BashParams {
            n: SizeRange::new(0, 60),
            k: SizeRange::new(1, 10),
            shapes: ALL_PILE_SHAPES.to_vec(),
            losing: 0.3,
            near_losing: 0.3,
        }
    }
}

impl BashParams {
    pub fn check(&self) -> Result<(), String> {
        self.n.within("n", 0, Bash::MAX_N)?;
        self.k.within("k", 1, Bash::MAX_K)?;
        check_shapes(&self.shapes)?;
        check_rates(self.losing, self.near_losing)
    }
}

/// A multiple of `m` near `n`: below it if that is at least `lo`, else above
/// it if that is at most `hi`, else below (at least 0).
fn multiple_near(n: u64, m: u64, lo: u64, hi: u64) -> u64 {
    let below = n / m * m;
    match below.checked_add(m) {
        Some(above) if below < lo && above <= hi => above,
        _ => below,
    }
}

pub fn generate_bash(p: &BashParams, rng: &mut Rng) -> Bash {
    let k = p.k.sample(rng);
    let shape = *rng.pick(&p.shapes);
    let mut n = match shape {
        PileShape::Equal => k.clamp(p.n.lo, p.n.hi),
        _ => draw_piles(shape, 1, p.n, rng)[0],
    };
    // k <= 10^18, so k + 1 does not overflow.
    let m = k + 1;
    if rng.chance(p.losing) {
        n = multiple_near(n, m, p.n.lo, p.n.hi);
    } else if rng.chance(p.near_losing / (1.0 - p.losing)) {
        n = multiple_near(n, m, p.n.lo, p.n.hi);
        n = if n > 0 && (n == Bash::MAX_N || rng.chance(0.5)) {
            n - 1
        } else {
            n + 1
        };
    }
    Bash { n, k }
}

pub fn validate_bash(b: &Bash) -> Result<(), String> {
    if b.n > Bash::MAX_N {
        return Err(format!("n = {} is above {}", b.n, Bash::MAX_N));
    }
    if !(1..=Bash::MAX_K).contains(&b.k) {
        return Err(format!("k = {} is outside [1, {}]", b.k, Bash::MAX_K));
    }
    Ok(())
}

/// Smaller positions (by `n`, then `k`), most promising first: if `n` is a
/// positive multiple `j (k + 1)`, smaller multiples, `j (k' + 1)` for smaller
/// `k'`, and smaller `k'` with `k' + 1` dividing `n`; then `n` lowered, then
/// `k` lowered ([`crate::lower`]).
pub fn shrink_bash(b: &Bash) -> Vec<Bash> {
    let m = b.k + 1;
    let mut out = Vec::new();
    if b.n > 0 && b.n.is_multiple_of(m) {
        out.extend(
            lower::lowered(b.n / m, 0)
                .into_iter()
                .map(|j| Bash { n: j * m, k: b.k }),
        );
        let j = b.n / m;
        // The same multiple of a smaller k + 1, and a smaller k + 1 dividing n.
        out.extend(lower::lowered(b.k, 1).into_iter().map(|k| Bash { n: j * (k + 1), k }));
        let divides = lower::lowered(b.k, 1)
            .into_iter()
            .filter(|&k| b.n.is_multiple_of(k + 1));
        out.extend(divides.map(|k| Bash { n: b.n, k }));
    }
    out.extend(lower::lowered(b.n, 0).into_iter().map(|n| Bash { n, k: b.k }));
    out.extend(lower::lowered(b.k, 1).into_iter().map(|k| Bash { n: b.n, k }));
    let mut seen = std::collections::HashSet::new();
    out.retain(|c| seen.insert(*c));
    out
}

impl crate::Family for BashParams {
    type Instance = Bash;

    fn check(&self) -> Result<(), String> {
        BashParams::check(self)
    }

    fn generate(&self, rng: &mut Rng) -> Bash {
        generate_bash(self, rng)
    }

    fn validate(&self, b: &Bash) -> Result<(), String> {
        validate_bash(b)
    }

    fn shrink(&self, b: &Bash) -> Vec<Bash> {
        shrink_bash(b)
    }

    /// Every pair `(n, k)` within the ranges, by `n`, then `k`: a pile and
    /// a move limit have no symmetry. `shapes` and the shares are ignored.
    fn exhaust(&self) -> Result<Space<Bash>, String> {
        let (n, k) = (self.n, self.k);
        let count = mul((n.hi - n.lo) as u128 + 1, (k.hi - k.lo) as u128 + 1);
        nonempty(Space::new(
            format!("every bash-game position of {} stones, k = {}", span(n), span(k)),
            Symmetry::None,
            "stones, then k",
            Count::Exact(count),
            vec![Bound::new("n", n), Bound::new("k", k)],
            move || Box::new((n.lo..=n.hi).flat_map(move |n| (k.lo..=k.hi).map(move |k| Bash { n, k }))),
        ))
    }

    fn pinned(&self) -> Option<Self> {
        Some(BashParams {
            n: self.n.pinned(),
            k: self.k.pinned(),
            shapes: vec![PileShape::Uniform],
            losing: 0.0,
            near_losing: 0.0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::testing::{check_shrinks, check_space, judge_round_trip};
    use crate::Family;
    use serde::de::value::{Error, MapDeserializer};
    use serde::de::IntoDeserializer;

    /// What every shrink move must lower, lexicographically.
    fn key(p: &Piles) -> (usize, u128, u64) {
        (p.piles.len(), p.piles.iter().map(|&v| v as u128).sum(), p.k)
    }

    fn params<G: PileGame>(n: (u64, u64), values: (u64, u64)) -> PileParams<G> {
        PileParams {
            n: SizeRange::new(n.0, n.1),
            values: SizeRange::new(values.0, values.1),
            ..Default::default()
        }
    }

    fn position(piles: &[u64], k: u64) -> Piles {
        Piles {
            piles: piles.to_vec(),
            k,
        }
    }

    /// Greedy shrinking as the harness does it: the first candidate that
    /// still `fails`, until none does.
    fn greedy<T: Clone>(mut at: T, shrink: impl Fn(&T) -> Vec<T>, fails: impl Fn(&T) -> bool) -> T {
        while let Some(next) = shrink(&at).into_iter().find(|c| fails(c)) {
            at = next;
        }
        at
    }

    #[test]
    fn nim_positions_are_multisets_and_partitions_a000041() {
        let p = NimParams(params::<Nim>((1, 8), (1, 8)));
        let space = p.exhaust().unwrap();
        // Multisets of 1 to 8 values from 8: C(16, 8) - 1.
        assert_eq!(space.count(), Count::Exact(12_869));
        let sorted = |x: &Piles| {
            let mut v = x.piles.clone();
            v.sort_unstable();
            (v, x.k)
        };
        let stones = |x: &Piles| x.piles.iter().sum::<u64>();
        let all = check_space(&space, stones, |x| p.validate(x), sorted);
        let a000041 = [1usize, 2, 3, 5, 7, 11, 15, 22];
        for (t, &want) in a000041.iter().enumerate() {
            assert_eq!(
                all.iter().filter(|x| stones(x) == t as u64 + 1).count(),
                want,
                "p({})",
                t + 1
            );
        }
        for x in all.iter().take(500) {
            assert_eq!(&judge_round_trip::<crate::judge::nim::Judge>(x), x);
        }
        let with_zeros = NimParams(params::<Nim>((1, 4), (0, 7)));
        let space = with_zeros.exhaust().unwrap();
        assert_eq!(space.count(), Count::Exact(8 + 36 + 120 + 330));
        check_space(&space, stones, |x| with_zeros.validate(x), sorted);
        let pinned = NimParams(PileParams {
            piles: Some(vec![1, 2]),
            ..params::<Nim>((1, 4), (0, 7))
        });
        assert!(pinned.exhaust().unwrap_err().contains("`piles`"));
    }

    #[test]
    fn moore_positions_take_every_k_and_staircases_keep_their_order() {
        let p = MooreParams(PileParams {
            k: SizeRange::new(1, 3),
            ..params::<Moore>((1, 3), (0, 3))
        });
        let space = p.exhaust().unwrap();
        assert_eq!(space.count(), Count::Exact(3 * (4 + 10 + 20)));
        let stones = |x: &Piles| x.piles.iter().sum::<u64>();
        let all = check_space(
            &space,
            stones,
            |x| p.validate(x),
            |x: &Piles| {
                let mut v = x.piles.clone();
                v.sort_unstable();
                (v, x.k)
            },
        );
        for x in &all {
            assert_eq!(&judge_round_trip::<crate::judge::moore_nim::Judge>(x), x);
        }
        let s = StaircaseParams(params::<Staircase>((1, 3), (0, 2)));
        let space = s.exhaust().unwrap();
        assert_eq!(space.count(), Count::Exact(3 + 9 + 27));
        let all = check_space(&space, stones, |x| s.validate(x), |x: &Piles| x.piles.clone());
        assert!(all.contains(&position(&[0, 1], 1)) && all.contains(&position(&[1, 0], 1)));
        for x in &all {
            assert_eq!(&judge_round_trip::<crate::judge::staircase_nim::Judge>(x), x);
        }
        let b = BashParams {
            n: SizeRange::new(0, 9),
            k: SizeRange::new(1, 4),
            ..BashParams::default()
        };
        let space = b.exhaust().unwrap();
        assert_eq!(space.count(), Count::Exact(40));
        let all = check_space(&space, |x: &Bash| (x.n, x.k), validate_bash, |x: &Bash| (x.n, x.k));
        for x in &all {
            assert_eq!(&judge_round_trip::<crate::judge::bash_game::Judge>(x), x);
        }
    }

    #[test]
    fn balanced_by_hand() {
        // Bouton: 1 ^ 2 ^ 3 = 0; Moore: three 1s sum to 0 mod 3.
        assert!(balanced(&[1, 2, 3], 1, false));
        assert!(!balanced(&[1, 2], 1, false));
        assert!(balanced(&[1, 1, 1], 2, false));
        assert!(!balanced(&[1, 1], 2, false));
        // Columns 1, 2 and 4 each hold three ones; the XOR is 7.
        assert!(balanced(&[4, 2, 6, 1, 5, 3], 2, false));
        assert!(balanced(&[0, 0], 100_000, false));
        // Staircase: only steps 1, 3, 5, ... count.
        assert!(balanced(&[1, 5, 1], 1, true));
        assert!(balanced(&[0, 7], 1, true));
        assert!(!balanced(&[1, 0, 0], 1, true));
        assert!(balanced(&[u64::MAX, 3, u64::MAX], 1, true));
    }

    #[test]
    fn check_names_the_key() {
        assert_eq!(PileParams::<Nim>::default().check(), Ok(()));
        assert_eq!(PileParams::<Staircase>::default().check(), Ok(()));
        assert_eq!(PileParams::<Moore>::default().check(), Ok(()));
        let bad = |p: PileParams<Nim>, key: &str| {
            let e = p.check().unwrap_err();
            assert!(e.contains(key), "{e}");
        };
        bad(params((0, 3), (0, 7)), "`n`");
        bad(params((1, 10_001), (0, 7)), "`n`");
        bad(params((1, 3), (0, 10_000)), "`values`");
        bad(
            PileParams {
                k: SizeRange::new(2, 2),
                ..Default::default()
            },
            "`k` is for moore-nim only",
        );
        bad(
            PileParams {
                shapes: vec![],
                ..Default::default()
            },
            "`shapes`",
        );
        bad(
            PileParams {
                losing: 0.7,
                near_losing: 0.4,
                ..Default::default()
            },
            "`losing` + `near_losing`",
        );
        bad(
            PileParams {
                piles: Some(vec![]),
                ..Default::default()
            },
            "`piles`: 0 piles",
        );
        bad(
            PileParams {
                piles: Some(vec![3, 10_000]),
                ..Default::default()
            },
            "`piles`: pile 2 is 10000",
        );
        let moore = PileParams::<Moore> {
            k: SizeRange::new(1, Moore::MAX_K + 1),
            ..Default::default()
        };
        assert!(moore.check().unwrap_err().contains("`k`"));
        let bash = |n: (u64, u64), k: (u64, u64)| BashParams {
            n: SizeRange::new(n.0, n.1),
            k: SizeRange::new(k.0, k.1),
            ..Default::default()
        };
        assert_eq!(bash((0, Bash::MAX_N), (1, Bash::MAX_K)).check(), Ok(()));
        assert!(bash((0, 5), (0, 3)).check().unwrap_err().contains("`k`"));
        assert!(bash((0, Bash::MAX_N + 1), (1, 3)).check().unwrap_err().contains("`n`"));
    }

    #[test]
    fn serde_spellings() {
        let shape = PileShape::deserialize(IntoDeserializer::<Error>::into_deserializer("near-max"));
        assert_eq!(shape, Ok(PileShape::NearMax));
        assert!(PileShape::deserialize(IntoDeserializer::<Error>::into_deserializer("near_max")).is_err());
        let table = |key: &'static str| MapDeserializer::<_, Error>::new([(key, 7u64)].into_iter());
        let p = PileParams::<Moore>::deserialize(table("k")).expect("a known key");
        assert_eq!(p.k, SizeRange::new(7, 7));
        assert!(PileParams::<Nim>::deserialize(table("pile")).is_err());
        assert_eq!(MooreParams::deserialize(table("k")).unwrap().0.k, SizeRange::new(7, 7));
        assert!(NimParams::deserialize(table("pile")).is_err());
        assert_eq!(BashParams::deserialize(table("n")).unwrap().n, SizeRange::new(7, 7));
        assert!(BashParams::deserialize(table("values")).is_err());
    }

    fn generated_and_shrunk<G: PileGame>(settings: &[PileParams<G>]) -> usize {
        let mut checked = 0;
        for seed in 0..1500u64 {
            let p = &settings[seed as usize % settings.len()];
            assert_eq!(p.check(), Ok(()));
            let i = generate(p, &mut Rng::for_case(seed, 1));
            validate::<G>(&i).unwrap_or_else(|e| panic!("{}: seed {seed}: {e}: {i:?}", G::NAME));
            assert!(p.n.lo as usize <= i.piles.len() && i.piles.len() <= p.n.hi as usize);
            assert!(i.piles.iter().all(|&v| v <= p.values.hi), "{i:?}");
            checked += check_shrinks(i, 2, 20, shrink::<G>, validate::<G>, key);
        }
        checked
    }

    #[test]
    fn generated_positions_are_valid_with_valid_shrinks() {
        let judge_size = |n: u64, v: u64| (n, v);
        let nim = [
            PileParams::<Nim>::default(),
            params((1, 1), (0, 0)),
            params((1, 12), (0, 63)),
            params((1, 40), judge_size(0, Nim::MAX_VALUE)),
        ];
        let staircase = [
            PileParams::<Staircase>::default(),
            params((1, 2), (0, 1)),
            params((1, 40), (0, Staircase::MAX_VALUE)),
        ];
        let moore = [
            PileParams::<Moore>::default(),
            PileParams {
                k: SizeRange::new(1, 9),
                ..params((1, 12), (0, 31))
            },
            PileParams {
                k: SizeRange::new(Moore::MAX_K, Moore::MAX_K),
                ..params((1, 5), (0, 3))
            },
            PileParams {
                k: SizeRange::new(1, 3),
                ..params((1, 40), (1000, Moore::MAX_VALUE))
            },
        ];
        let checked = generated_and_shrunk(&nim) + generated_and_shrunk(&staircase) + generated_and_shrunk(&moore);
        assert!(checked > 50_000, "{checked}");
    }

    #[test]
    fn losing_positions_are_balanced_and_near_losing_ones_are_not() {
        fn shares<G: PileGame>(p: PileParams<G>) {
            for (losing, near) in [(1.0, 0.0), (0.0, 1.0)] {
                let p = PileParams {
                    losing,
                    near_losing: near,
                    ..p.clone()
                };
                let mut rng = Rng::from_seed(5);
                for _ in 0..2000 {
                    let i = generate(&p, &mut rng);
                    let zero = i
                        .piles
                        .iter()
                        .enumerate()
                        .all(|(j, &v)| !counts(G::STAIRCASE, j) || v == 0);
                    let b = balanced(&i.piles, i.k, G::STAIRCASE);
                    // Near-losing needs a column that can change: not all zero with top 0.
                    let stuck = zero && p.values.hi == 0;
                    assert_eq!(b, losing == 1.0 || stuck, "{}: {i:?}", G::NAME);
                }
            }
        }
        shares(PileParams::<Nim>::default());
        shares(params::<Nim>((1, 30), (0, Nim::MAX_VALUE)));
        shares(params::<Nim>((1, 3), (0, 0)));
        shares(PileParams::<Staircase>::default());
        shares(params::<Staircase>((1, 30), (0, Staircase::MAX_VALUE)));
        for k in [1, 2, 3, 7, 100_000] {
            shares(PileParams::<Moore> {
                k: SizeRange::new(k, k),
                ..params((1, 12), (0, 20))
            });
        }
    }

    #[test]
    fn losing_positions_reach_the_top_of_the_range() {
        // Setting bits as well as clearing them keeps near-max positions near
        // the maximum: a Nim position of 9 999s stays mostly there.
        let p = PileParams::<Nim> {
            shapes: vec![PileShape::NearMax],
            losing: 1.0,
            near_losing: 0.0,
            ..params((6, 6), (0, Nim::MAX_VALUE))
        };
        let mut rng = Rng::from_seed(6);
        let high = (0..500)
            .filter(|_| generate(&p, &mut rng).piles.iter().filter(|&&v| v >= 9_000).count() >= 3)
            .count();
        assert!(high > 250, "{high} of 500");
    }

    #[test]
    fn shapes_have_their_values() {
        let mut rng = Rng::from_seed(7);
        let in_shape = |shape: PileShape, values: (u64, u64), rng: &mut Rng| {
            let p = PileParams::<Nim> {
                shapes: vec![shape],
                losing: 0.0,
                near_losing: 0.0,
                ..params((8, 8), values)
            };
            generate(&p, rng).piles
        };
        for _ in 0..200 {
            let near = in_shape(PileShape::NearMax, (0, Nim::MAX_VALUE), &mut rng);
            assert!(near.iter().all(|&v| v >= Nim::MAX_VALUE - 3), "{near:?}");
            let equal = in_shape(PileShape::Equal, (0, 50), &mut rng);
            assert!(equal.iter().all(|&v| v == equal[0]));
            let powers = in_shape(PileShape::Powers, (3, 100), &mut rng);
            assert!(
                powers.iter().all(|&v| v.is_power_of_two() && (4..=64).contains(&v)),
                "{powers:?}"
            );
            let masks = in_shape(PileShape::Masks, (0, Nim::MAX_VALUE), &mut rng);
            assert!(masks.iter().all(|&v| (v + 1).is_power_of_two()), "{masks:?}");
            // No power of two in [5, 7]: uniform instead.
            let fallback = in_shape(PileShape::Powers, (5, 7), &mut rng);
            assert!(fallback.iter().all(|v| (5..=7).contains(v)));
        }
        let zeros: usize = (0..200)
            .map(|_| {
                in_shape(PileShape::Zeros, (0, 9), &mut rng)
                    .iter()
                    .filter(|&&v| v == 0)
                    .count()
            })
            .sum();
        assert!(zeros > 200 * 8 * 7 / 10, "{zeros}");
    }

    #[test]
    fn pinned_settings_make_one_instance_for_any_seed() {
        let nim = PileParams::<Nim>::default().pinned();
        for seed in 0..50 {
            assert_eq!(generate(&nim, &mut Rng::from_seed(seed)), position(&[0], 1));
        }
        let moore = MooreParams(PileParams {
            k: SizeRange::new(3, 7),
            ..params((2, 9), (5, 40))
        })
        .pinned()
        .unwrap();
        let staircase = PileParams::<Staircase> {
            piles: Some(vec![3, 0, 5]),
            ..Default::default()
        }
        .pinned();
        let bash = BashParams {
            n: SizeRange::new(17, 17),
            k: SizeRange::new(3, 3),
            ..Default::default()
        }
        .pinned()
        .unwrap();
        for seed in 0..50 {
            let mut rng = Rng::from_seed(seed);
            assert_eq!(moore.generate(&mut rng), position(&[5, 5], 3));
            assert_eq!(generate(&staircase, &mut rng), position(&[3, 0, 5], 1));
            assert_eq!(generate_bash(&bash, &mut rng), Bash { n: 17, k: 3 });
        }
        // The ranges pin to their lower ends.
        let wide = MooreParams::default().pinned().unwrap().0;
        assert_eq!(
            (wide.n, wide.values, wide.k),
            (SizeRange::new(1, 1), SizeRange::new(0, 0), SizeRange::new(1, 1))
        );
    }

    #[test]
    fn balanced_positions_shrink_to_the_smallest_balanced_ones() {
        // What a solver wrong only on losing positions needs: shrinking that
        // stays among them reaches the smallest. Nim: two equal piles, 1 1;
        // Moore's Nim_2: three 1s; a staircase: 1 on steps 1 and 3.
        fn smallest<G: PileGame>(p: &PileParams<G>, seeds: u64) -> Vec<Piles> {
            let nonzero = |i: &Piles| {
                i.piles
                    .iter()
                    .enumerate()
                    .any(|(j, &v)| counts(G::STAIRCASE, j) && v > 0)
            };
            let mut found: Vec<Piles> = (0..seeds)
                .map(|seed| generate(p, &mut Rng::for_case(seed, 2)))
                .filter(nonzero)
                .map(|i| greedy(i, shrink::<G>, |c| balanced(&c.piles, c.k, G::STAIRCASE) && nonzero(c)))
                .collect();
            found.sort_by_key(key);
            found.dedup();
            found
        }
        fn losing<G: PileGame>(values: (u64, u64)) -> PileParams<G> {
            PileParams {
                losing: 1.0,
                near_losing: 0.0,
                ..params((1, 12), values)
            }
        }
        assert_eq!(
            smallest::<Nim>(&losing((0, Nim::MAX_VALUE)), 300),
            vec![position(&[1, 1], 1)]
        );
        let moore = PileParams::<Moore> {
            k: SizeRange::new(2, 2),
            ..losing((0, 100))
        };
        assert_eq!(smallest(&moore, 300), vec![position(&[1, 1, 1], 2)]);
        assert_eq!(
            smallest::<Staircase>(&losing((0, 1000)), 300),
            vec![position(&[1, 0, 1], 1)]
        );
    }

    #[test]
    fn balanced_moves_keep_the_balance() {
        let mut rng = Rng::from_seed(8);
        for case in 0..3000 {
            let staircase = case % 3 == 0;
            let k = if staircase { 1 } else { rng.range(1, 4) };
            let n = rng.range(1, 12) as usize;
            let mut piles: Vec<u64> = (0..n).map(|_| rng.range(0, 40)).collect();
            make_balanced(&mut piles, k, staircase, 40, &mut rng);
            assert!(balanced(&piles, k, staircase), "{piles:?} k = {k}");
            for c in balanced_moves(&piles, k, staircase, 1000) {
                assert!(balanced(&c, k, staircase), "{piles:?} -> {c:?}, k = {k}");
            }
            for c in balanced_halves(&piles, k, staircase, 63) {
                assert!(balanced(&c, k, staircase), "{piles:?} -> {c:?}, k = {k}");
                assert!(c.len() < piles.len() && c.iter().all(|&v| v <= 63));
            }
        }
    }

    #[test]
    fn thousands_of_balanced_piles_shrink_in_few_steps() {
        // Halves repaired to stay balanced: about log2(n) steps to a few piles.
        let p = PileParams::<Nim> {
            losing: 1.0,
            near_losing: 0.0,
            ..params((5000, 5000), (0, Nim::MAX_VALUE))
        };
        let start = generate(&p, &mut Rng::from_seed(10));
        let mut at = start;
        let mut steps = 0;
        while at.piles.len() > 8 {
            at = shrink::<Nim>(&at)
                .into_iter()
                .find(|c| balanced(&c.piles, 1, false))
                .expect("a balanced candidate");
            steps += 1;
        }
        assert!(steps <= 20, "{steps} steps");
    }

    #[test]
    fn bash_positions_are_valid_with_valid_shrinks() {
        let key = |b: &Bash| (b.n, b.k);
        let settings = [
            BashParams::default(),
            BashParams {
                n: SizeRange::new(0, Bash::MAX_N),
                k: SizeRange::new(1, Bash::MAX_K),
                ..Default::default()
            },
            BashParams {
                n: SizeRange::new(Bash::MAX_N - 5, Bash::MAX_N),
                k: SizeRange::new(1, 3),
                ..Default::default()
            },
            BashParams {
                n: SizeRange::new(0, 0),
                k: SizeRange::new(1, 1),
                ..Default::default()
            },
        ];
        let mut checked = 0;
        for seed in 0..2000u64 {
            let p = &settings[seed as usize % settings.len()];
            let b = generate_bash(p, &mut Rng::for_case(seed, 3));
            validate_bash(&b).unwrap_or_else(|e| panic!("{e}: {b:?}"));
            checked += check_shrinks(b, 3, 20, shrink_bash, validate_bash, key);
        }
        assert!(checked > 10_000, "{checked}");
        // Losing: a multiple of k + 1; near-losing: one off a multiple.
        let mut rng = Rng::from_seed(9);
        for (losing, near) in [(1.0, 0.0), (0.0, 1.0)] {
            let p = BashParams {
                losing,
                near_losing: near,
                ..settings[1].clone()
            };
            for _ in 0..2000 {
                let b = generate_bash(&p, &mut rng);
                let r = b.n % (b.k + 1);
                if losing == 1.0 {
                    assert_eq!(r, 0, "{b:?}");
                } else {
                    assert!(r == 1 || r == b.k, "{b:?}");
                }
            }
        }
        // A positive multiple of k + 1 shrinks to 2 with k = 1.
        for seed in 0..200 {
            let b = generate_bash(
                &BashParams {
                    losing: 1.0,
                    ..settings[1].clone()
                },
                &mut Rng::for_case(seed, 4),
            );
            if b.n > 0 {
                let end = greedy(b, shrink_bash, |c| c.n > 0 && c.n % (c.k + 1) == 0);
                assert_eq!(end, Bash { n: 2, k: 1 }, "from {b:?}");
            }
        }
    }

    #[test]
    fn judge_size_positions_quickly() {
        let start = std::time::Instant::now();
        let p = PileParams::<Moore> {
            k: SizeRange::new(3, 3),
            losing: 1.0,
            near_losing: 0.0,
            ..params((100_000, 100_000), (0, Moore::MAX_VALUE))
        };
        let i = generate(&p, &mut Rng::from_seed(1));
        assert!(balanced(&i.piles, 3, false));
        let candidates = shrink::<Moore>(&i);
        assert!(
            !candidates.is_empty() && candidates.len() < 1000,
            "{}",
            candidates.len()
        );
        println!(
            "moore-nim n = 100000: generated and shrunk once in {:?}",
            start.elapsed()
        );
    }
}
