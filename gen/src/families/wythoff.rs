//! Pairs of piles for Wythoff's game (`wythoff`): uniform, near the maximum,
//! and on and around the losing positions, where solutions go wrong.
//!
//! Problem: draw pile pairs `(a, b)` that catch wrong Wythoff solutions. A
//! uniform pair almost never is a losing position (there are about `N / φ`
//! of them among `N²` pairs), and the pairs where a floating-point
//! `floor(kφ)` is off by one are rarer still: 14 values of `k` in the
//! judge's whole range.
//!
//! Idea: the losing positions are `(a_k, b_k) = (floor(kφ), floor(kφ) + k)`
//! for `k >= 0` (Wythoff 1907), with `floor(kφ) = (k + isqrt(5k²)) / 2`
//! exactly. One [`PairMode`] per case: a uniform pair; a pair near the
//! ranges' upper ends; a losing pair with `k` uniform among those whose pair
//! fits the ranges (in either order), or one of its eight neighbours (±1 in
//! `a`, in `b`, in both); the same with `k` drawn from
//! [`near_integer_multipliers`], the `k` where `kφ` lies within `2^-23` of an
//! integer, which are the only ones where `f64` can floor `kφ` wrongly.
//! Shrinking keeps that structure: a losing pair (or a neighbour of one)
//! steps to the pair of a smaller `k` at the same offset (a binary-search
//! ladder over `k`, and the near-integer multipliers below it); then both
//! piles are lowered together, then each alone ([`crate::lower`]).
//!
//! The family knows the losing positions only to aim its cases and shrink
//! moves: were it wrong, cases would be less pointed, never judged wrongly.
//!
//! Complexity: a few exact square roots per case (the `k` that fit the
//! ranges are found by walking from an `f64` estimate, exactly); the
//! multipliers are found once, among a few thousand Zeckendorf sums.
//!
//! Reference: W. A. Wythoff, "A modification of the game of Nim", Nieuw
//! Archief voor Wiskunde 7 (1907), 199-202; for `kφ` near an integer, the
//! identity `F_n φ - F_(n+1) = -(-1/φ)^n` (Binet) and Zeckendorf's theorem.

use std::sync::OnceLock;

use serde::Deserialize;

use crate::enumerate::{mul, nonempty, span, Bound, Count, Space, Symmetry};
use crate::lower::lowered;
use crate::range::SizeRange;
use crate::rng::Rng;

/// A position of Wythoff's game: the two pile sizes, in the judge's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piles {
    pub a: u64,
    pub b: u64,
}

/// The judge's bound on each pile (luogu-p2252).
pub const MAX_PILE: u64 = 1_000_000_000;

/// `floor(kφ)` exactly: `kφ = (k + k√5) / 2`, and for an integer `k` and a
/// real `x >= 0`, `floor((k + x) / 2) = floor((k + floor(x)) / 2)`.
///
/// # Constraints
/// `k < 2^62`, so that `5k²` fits in a `u128`.
pub fn floor_k_phi(k: u64) -> u64 {
    let k = k as u128;
    ((k + (5 * k * k).isqrt()) / 2) as u64
}

/// The `k`-th losing position `(a_k, b_k)`, smaller pile first.
pub fn losing_pair(k: u64) -> (u64, u64) {
    let a = floor_k_phi(k);
    (a, a + k)
}

/// The `k` of the losing position `{x, y}` (in either order), if it is one.
pub fn losing_index(x: u64, y: u64) -> Option<u64> {
    let k = x.abs_diff(y);
    (floor_k_phi(k) == x.min(y)).then_some(k)
}

/// `kφ` lies within `2^-NEAR_BITS` of an integer for the multipliers of
/// [`near_integer_multipliers`]. For `k <= 3.9 * 10^8`, `kφ < 2^30`, so an
/// `f64` product `k * φ_f64` is off by at most half an ulp (`2^-24`) plus
/// `k |φ_f64 - φ|` (`k * 5.5e-17 < 2.1e-8`): below `8.1e-8 < 2^-23`. Its floor
/// can therefore be wrong only for these `k`.
pub const NEAR_BITS: u32 = 23;

/// Every `k >= 1` with `b_k <= MAX_PILE` such that `kφ` is within
/// `2^-NEAR_BITS` (about `1.2e-7`) of an integer, ascending: 90 values.
///
/// Found, not scanned: with `k = F_i1 + F_i2 + ...` in Zeckendorf form
/// (`i1 < i2 < ...`, no two adjacent, `F_2 = 1`), `kφ - (F_(i1+1) + ...)`
/// equals `sum (-1)^(i+1) φ^-i`, whose size lies between `φ^-(i1+2)` and
/// `φ^-(i1-1) <= 0.62`. So `kφ` can be that near an integer only if
/// `i1 > log_φ(2^23) - 2 = 31.1`;
/// every Zeckendorf sum with `i1 >= FIRST_INDEX` is tried and measured
/// exactly ([`distance_to_integer`]).
pub fn near_integer_multipliers() -> &'static [u64] {
    /// Below the bound 32 derived above, for margin: smaller indices only
    /// add candidates that the exact measure then drops.
    const FIRST_INDEX: usize = 28;
    static NEAR: OnceLock<Vec<u64>> = OnceLock::new();
    NEAR.get_or_init(|| near_integer_sums(max_multiplier(), NEAR_BITS, FIRST_INDEX))
}

/// The Zeckendorf sums `k <= k_max` of Fibonacci numbers `F_i`, `i >=
/// first_index`, whose `kφ` lies within `2^-bits` of an integer, ascending.
fn near_integer_sums(k_max: u64, bits: u32, first_index: usize) -> Vec<u64> {
    let mut fib = vec![0u64, 1];
    while *fib.last().expect("two seeds") <= k_max {
        fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
    }
    let terms = &fib[first_index.min(fib.len())..];
    let mut found = Vec::new();
    // Each mask with no two adjacent bits is one Zeckendorf sum.
    for mask in 1u64..1 << terms.len() {
        if mask & (mask >> 1) != 0 {
            continue;
        }
        let k: u64 = (0..terms.len()).filter(|i| mask >> i & 1 == 1).map(|i| terms[i]).sum();
        if k <= k_max && distance_to_integer(k) < 1 << (DISTANCE_BITS - bits) {
            found.push(k);
        }
    }
    found.sort_unstable();
    found
}

/// Fractional bits of [`distance_to_integer`].
const DISTANCE_BITS: u32 = 33;

/// How far `kφ` lies from the nearest integer, in units of `2^-33`, exact to
/// one unit: `2kφ = k + k√5`, and `isqrt(5k² · 4^32) = floor(k√5 · 2^32)`.
///
/// # Panics
/// If `k > 2^30` (then `5k² · 4^32` might not fit in a `u128`).
pub fn distance_to_integer(k: u64) -> u64 {
    assert!(k <= 1 << 30, "distance_to_integer({k}): k must be at most 2^30");
    let k = k as u128;
    let scaled = (k << (DISTANCE_BITS - 1)) + ((5 * k * k) << (2 * (DISTANCE_BITS - 1))).isqrt();
    let fraction = (scaled & ((1 << DISTANCE_BITS) - 1)) as u64;
    fraction.min((1 << DISTANCE_BITS) - fraction)
}

/// The largest `k` whose losing pair fits the judge: `b_k <= MAX_PILE`.
pub fn max_multiplier() -> u64 {
    first_reaching(MAX_PILE + 1, Side::Larger) - 1
}

/// One side of the losing pairs: `a_k = floor(kφ)` or `b_k = a_k + k`.
#[derive(Clone, Copy)]
enum Side {
    Smaller,
    Larger,
}

impl Side {
    fn of(self, k: u64) -> u64 {
        let (a, b) = losing_pair(k);
        match self {
            Side::Smaller => a,
            Side::Larger => b,
        }
    }

    /// About `side(k) / k`: φ or φ².
    fn slope(self) -> f64 {
        match self {
            Side::Smaller => 1.618_033_988_749_895,
            Side::Larger => 2.618_033_988_749_895,
        }
    }
}

/// The smallest `k` with `side(k) >= v`. Both sides grow strictly with `k`,
/// so a walk from the estimate `v / slope` (off by at most a few steps)
/// finds it exactly.
fn first_reaching(v: u64, side: Side) -> u64 {
    let mut k = (v as f64 / side.slope()) as u64;
    while k > 0 && side.of(k - 1) >= v {
        k -= 1;
    }
    while side.of(k) < v {
        k += 1;
    }
    k
}

/// The `k` whose pair `(a_k, b_k)` has `a_k` in `first` and `b_k` in
/// `second`, as an inclusive interval, or `None`.
fn fitting(first: SizeRange, second: SizeRange) -> Option<(u64, u64)> {
    let lo = first_reaching(first.lo, Side::Smaller).max(first_reaching(second.lo, Side::Larger));
    let end = first_reaching(first.hi + 1, Side::Smaller).min(first_reaching(second.hi + 1, Side::Larger));
    (lo < end).then(|| (lo, end - 1))
}

/// How a case's pair is drawn; one mode is picked per case.
#[derive(Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum PairMode {
    /// `a` and `b` uniform in their ranges.
    Uniform,
    /// Each pile within 64 of its range's upper end: overflow and limits.
    NearMax,
    /// A losing pair with `k` uniform among those that fit the ranges, or one
    /// of its eight neighbours, in either order.
    Losing,
    /// As `losing`, with `k` among [`near_integer_multipliers`]: where a
    /// floating-point `floor(kφ)` is off by one, if anywhere.
    NearInteger,
}

pub const ALL_PAIR_MODES: [PairMode; 4] = [
    PairMode::Uniform,
    PairMode::NearMax,
    PairMode::Losing,
    PairMode::NearInteger,
];

/// The `[gen]` table of the `wythoff` configs.
#[derive(Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct WythoffParams {
    /// The first pile.
    pub a: SizeRange,
    /// The second pile.
    pub b: SizeRange,
    pub modes: Vec<PairMode>,
}

impl Default for WythoffParams {
    fn default() -> Self {
        WythoffParams {
            a: SizeRange::new(0, MAX_PILE),
            b: SizeRange::new(0, MAX_PILE),
            modes: ALL_PAIR_MODES.to_vec(),
        }
    }
}

/// Offsets from a losing pair, the pair itself first: the shrink moves look
/// for them in this order.
const OFFSETS: [(i64, i64); 9] = [
    (0, 0),
    (1, 1),
    (-1, -1),
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, -1),
    (-1, 1),
];

/// `(x + dx, y + dy)` if both stay within `0..=MAX_PILE`.
fn offset(x: u64, y: u64, (dx, dy): (i64, i64)) -> Option<Piles> {
    let move_by = |v: u64, d: i64| v.checked_add_signed(d).filter(|&v| v <= MAX_PILE);
    Some(Piles {
        a: move_by(x, dx)?,
        b: move_by(y, dy)?,
    })
}

/// A pile within 64 of the range's upper end.
fn near_top(r: SizeRange, rng: &mut Rng) -> u64 {
    r.hi - rng.range(0, (r.hi - r.lo).min(63))
}

/// Where the `k` of a losing pair is drawn from.
#[derive(Clone, Copy)]
enum Multipliers {
    /// Any `k`.
    All,
    /// [`near_integer_multipliers`].
    NearInteger,
}

impl Multipliers {
    /// The candidates in `lo..=hi`: the first one's position and how many.
    fn within(self, (lo, hi): (u64, u64)) -> (u64, u64) {
        match self {
            Multipliers::All => (lo, hi - lo + 1),
            Multipliers::NearInteger => {
                let near = near_integer_multipliers();
                let from = near.partition_point(|&k| k < lo);
                (from as u64, (near.partition_point(|&k| k <= hi) - from) as u64)
            }
        }
    }

    fn nth(self, i: u64) -> u64 {
        match self {
            Multipliers::All => i,
            Multipliers::NearInteger => near_integer_multipliers()[i as usize],
        }
    }
}

/// A losing pair with `k` uniform among `ks`' candidates that fit the
/// ranges, in an orientation where some fit (either, if both do), moved to a
/// neighbour two times in three. `None` if no candidate fits.
fn around_losing(p: &WythoffParams, ks: Multipliers, rng: &mut Rng) -> Option<Piles> {
    let candidates = |first, second| {
        fitting(first, second)
            .map(|interval| ks.within(interval))
            .filter(|&(_, count)| count > 0)
    };
    let (straight, swapped) = (candidates(p.a, p.b), candidates(p.b, p.a));
    let ((from, count), swap) = match (straight, swapped) {
        (Some(s), Some(w)) => {
            if rng.chance(0.5) {
                (s, false)
            } else {
                (w, true)
            }
        }
        (Some(s), None) => (s, false),
        (None, Some(w)) => (w, true),
        (None, None) => return None,
    };
    let (x, y) = losing_pair(ks.nth(from + rng.below(count)));
    let (x, y) = if swap { (y, x) } else { (x, y) };
    let shift = if rng.chance(1.0 / 3.0) {
        (0, 0)
    } else {
        OFFSETS[1 + rng.index(OFFSETS.len() - 1)]
    };
    Some(offset(x, y, shift).unwrap_or(Piles { a: x, b: y }))
}

fn uniform(p: &WythoffParams, rng: &mut Rng) -> Piles {
    Piles {
        a: p.a.sample(rng),
        b: p.b.sample(rng),
    }
}

pub fn generate(p: &WythoffParams, rng: &mut Rng) -> Piles {
    match *rng.pick(&p.modes) {
        PairMode::Uniform => uniform(p, rng),
        PairMode::NearMax => Piles {
            a: near_top(p.a, rng),
            b: near_top(p.b, rng),
        },
        PairMode::Losing => around_losing(p, Multipliers::All, rng).unwrap_or_else(|| uniform(p, rng)),
        PairMode::NearInteger => around_losing(p, Multipliers::NearInteger, rng)
            .or_else(|| around_losing(p, Multipliers::All, rng))
            .unwrap_or_else(|| uniform(p, rng)),
    }
}

pub fn validate(p: &Piles) -> Result<(), String> {
    if p.a > MAX_PILE || p.b > MAX_PILE {
        Err(format!("piles {} {} exceed the judge's {MAX_PILE}", p.a, p.b))
    } else {
        Ok(())
    }
}

/// The `j < k` worth stepping to from the losing pair of `k`, ascending: the
/// binary-search ladder toward 0 ([`lowered`]) and the near-integer
/// multipliers below `k`.
fn smaller_multipliers(k: u64) -> Vec<u64> {
    let near = near_integer_multipliers();
    let mut js = lowered(k, 0);
    js.extend_from_slice(&near[..near.partition_point(|&j| j < k)]);
    js.sort_unstable();
    js.dedup();
    js
}

/// Smaller pairs, most promising first; each is smaller in `(a + b, a)`:
/// the piles in ascending order; for a losing pair or a neighbour of one, the
/// pair of each smaller `k` of [`smaller_multipliers`] at the same offset and
/// in the same order; both piles lowered by the same amount; each pile
/// lowered alone.
pub fn shrink(p: &Piles) -> Vec<Piles> {
    let (a, b) = (p.a, p.b);
    let mut out = Vec::new();
    if a > b {
        out.push(Piles { a: b, b: a });
    }
    for (da, db) in OFFSETS {
        let (Some(x), Some(y)) = (a.checked_add_signed(-da), b.checked_add_signed(-db)) else {
            continue;
        };
        let Some(k) = losing_index(x, y) else { continue };
        for j in smaller_multipliers(k) {
            let (lo, hi) = losing_pair(j);
            let (x, y) = if x <= y { (lo, hi) } else { (hi, lo) };
            out.extend(offset(x, y, (da, db)));
        }
    }
    let both = a.min(b);
    out.extend(lowered(both, 0).into_iter().map(|v| Piles {
        a: a - (both - v),
        b: b - (both - v),
    }));
    out.extend(lowered(a, 0).into_iter().map(|a| Piles { a, b }));
    out.extend(lowered(b, 0).into_iter().map(|b| Piles { a, b }));
    let mut seen = std::collections::HashSet::new();
    out.retain(|q| seen.insert(*q));
    out
}

impl crate::Family for WythoffParams {
    type Instance = Piles;

    fn class(&self, p: &Piles) -> Option<String> {
        Some(format!("{} {}", p.a.min(p.b), p.a.max(p.b)))
    }

    fn check(&self) -> Result<(), String> {
        self.a.within("a", 0, MAX_PILE)?;
        self.b.within("b", 0, MAX_PILE)?;
        if self.modes.is_empty() {
            return Err("`modes` must list at least one of uniform, near-max, losing, near-integer".into());
        }
        Ok(())
    }

    fn generate(&self, rng: &mut Rng) -> Piles {
        generate(self, rng)
    }

    fn validate(&self, p: &Piles) -> Result<(), String> {
        validate(p)
    }

    fn shrink(&self, p: &Piles) -> Vec<Piles> {
        shrink(p)
    }

    /// Both piles at their lower ends, drawn uniformly: `(a.lo, b.lo)`.
    fn pinned(&self) -> Option<Self> {
        Some(WythoffParams {
            a: self.a.pinned(),
            b: self.b.pinned(),
            modes: vec![PairMode::Uniform],
        })
    }

    /// Every pair with `a` and `b` in their ranges as unordered pairs (the
    /// game is symmetric in its piles): `(a, b)` is left out when `a > b`
    /// and `(b, a)` is within the ranges too. By stones, then `a`. `modes`
    /// is ignored.
    fn exhaust(&self) -> Result<Space<Piles>, String> {
        let (a, b) = (self.a, self.b);
        let width = |r: SizeRange| (r.hi - r.lo) as u128 + 1;
        let common = (a.hi.min(b.hi) + 1).saturating_sub(a.lo.max(b.lo)) as u128;
        let count = mul(width(a), width(b)) - common * common.saturating_sub(1) / 2;
        let inside = move |x: u64, y: u64| (a.lo..=a.hi).contains(&x) && (b.lo..=b.hi).contains(&y);
        nonempty(Space::new(
            format!("every wythoff pair with a = {} and b = {}", span(a), span(b)),
            Symmetry::UnorderedPairs,
            "stones, then a",
            Count::Exact(count),
            vec![Bound::new("a", a), Bound::new("b", b)],
            move || {
                Box::new((a.lo + b.lo..=a.hi + b.hi).flat_map(move |total| {
                    let first = a.lo.max(total.saturating_sub(b.hi));
                    (first..=a.hi.min(total - b.lo))
                        .map(move |x| Piles { a: x, b: total - x })
                        .filter(move |p| p.a <= p.b || !inside(p.b, p.a))
                }))
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::testing::{check_shrinks, check_space, judge_round_trip};
    use crate::Family;

    #[test]
    fn every_unordered_pair_once() {
        let p = params((0, 20), (0, 20), &[PairMode::Uniform]);
        let space = p.exhaust().unwrap();
        assert_eq!(space.count(), Count::Exact(21 * 22 / 2));
        let stones = |x: &Piles| (x.a + x.b, x.a);
        let class = |x: &Piles| (x.a.min(x.b), x.a.max(x.b));
        let all = check_space(&space, stones, validate, class);
        assert!(all.iter().all(|x| x.a <= x.b));
        for x in &all {
            assert_eq!(&judge_round_trip::<crate::judge::wythoff::Judge>(x), x);
        }
        // Overlapping ranges: only pairs both of whose orders fit are merged.
        let q = params((3, 9), (0, 5), &[PairMode::Uniform]);
        let space = q.exhaust().unwrap();
        let all = check_space(&space, stones, validate, class);
        let mut every: Vec<(u64, u64)> = (3..=9)
            .flat_map(|x| (0..=5).map(move |y| (x.min(y), x.max(y))))
            .collect();
        every.sort_unstable();
        every.dedup();
        assert_eq!(all.len(), every.len());
        assert!(
            params((0, MAX_PILE), (0, MAX_PILE), &[PairMode::Uniform])
                .exhaust()
                .unwrap()
                .count()
                .bound()
                > 10u128.pow(17)
        );
    }

    fn params(a: (u64, u64), b: (u64, u64), modes: &[PairMode]) -> WythoffParams {
        WythoffParams {
            a: SizeRange::new(a.0, a.1),
            b: SizeRange::new(b.0, b.1),
            modes: modes.to_vec(),
        }
    }

    fn key(p: &Piles) -> (u64, u64) {
        (p.a + p.b, p.a)
    }

    #[test]
    fn losing_pairs_by_hand() {
        // Wythoff's table: each a_k is the smallest number in no earlier
        // pair, b_k = a_k + k.
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
        for (k, &pair) in first.iter().enumerate() {
            assert_eq!(losing_pair(k as u64), pair, "k = {k}");
            assert_eq!(losing_index(pair.1, pair.0), Some(k as u64));
        }
        assert_eq!(losing_index(4, 8), None);
        // F_40 φ = F_41 - φ^-40 = 165580141 - 4.4e-9.
        assert_eq!(floor_k_phi(102_334_155), 165_580_140);
        assert_eq!(losing_pair(max_multiplier()), (618_033_988, 999_999_999));
        assert!(losing_pair(max_multiplier() + 1).1 > MAX_PILE);
    }

    #[test]
    fn fitting_intervals_are_exact() {
        for (first, second) in [
            ((0, 30), (0, 30)),
            ((3, 3), (5, 5)),
            ((5, 100), (0, 9)),
            ((4, 4), (8, 8)),
        ] {
            let (first, second) = (SizeRange::new(first.0, first.1), SizeRange::new(second.0, second.1));
            let want: Vec<u64> = (0..200)
                .filter(|&k| {
                    let (a, b) = losing_pair(k);
                    (first.lo..=first.hi).contains(&a) && (second.lo..=second.hi).contains(&b)
                })
                .collect();
            let got = fitting(first, second).map(|(lo, hi)| (lo..=hi).collect::<Vec<_>>());
            assert_eq!(got.unwrap_or_default(), want, "{first:?} {second:?}");
        }
        let all = fitting(SizeRange::new(0, MAX_PILE), SizeRange::new(0, MAX_PILE));
        assert_eq!(all, Some((0, max_multiplier())));
    }

    #[test]
    fn zeckendorf_sums_are_every_near_integer_multiplier() {
        // Against a scan of every k, at a scale a scan reaches: within 2^-12,
        // the bound needs indices >= 16 (log_φ(2^12) - 2 = 15.3).
        let k_max = 1_000_000;
        let scan: Vec<u64> = (1..=k_max)
            .filter(|&k| distance_to_integer(k) < 1 << (DISTANCE_BITS - 12))
            .collect();
        assert_eq!(near_integer_sums(k_max, 12, 16), scan);
        assert_eq!(near_integer_sums(k_max, 12, 10), scan);
        assert!(scan.len() > 100, "{}", scan.len());
    }

    #[test]
    fn near_integer_multipliers_are_near_and_fit() {
        let near = near_integer_multipliers();
        assert_eq!(near.len(), 90);
        assert!(near.windows(2).all(|w| w[0] < w[1]));
        assert!(*near.last().unwrap() <= max_multiplier());
        // F_n φ is within φ^-n of F_(n+1): F_34 (φ^-34 = 7.8e-8) to F_42 are
        // among them, F_33 (1.3e-7) is not.
        assert!(!near.contains(&3_524_578));
        for f in [5_702_887, 9_227_465, 102_334_155, 267_914_296] {
            assert!(near.contains(&f), "{f}");
        }
        // φ^-40 = 4.37e-9 = 37.5 units of 2^-33, below an integer: 38 once floored.
        assert_eq!(distance_to_integer(102_334_155), 38);
        assert_eq!(distance_to_integer(0), 0);
        assert!(distance_to_integer(1) > 1 << 31);
    }

    #[test]
    fn generated_pairs_are_valid_with_valid_shrinks() {
        let mut count = 0;
        for seed in 0..2000u64 {
            let p = match seed % 4 {
                0 => WythoffParams::default(),
                1 => params((0, 30), (0, 30), &ALL_PAIR_MODES),
                2 => params((0, 5), (100, 200), &[ALL_PAIR_MODES[(seed / 4) as usize % 4]]),
                _ => params((MAX_PILE, MAX_PILE), (0, MAX_PILE), &ALL_PAIR_MODES),
            };
            assert!(p.check().is_ok());
            let pair = generate(&p, &mut Rng::for_case(seed, 1));
            validate(&pair).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            count += check_shrinks(pair, 3, 30, shrink, validate, key);
        }
        assert!(count > 50_000, "{count}");
    }

    #[test]
    fn modes_make_what_they_promise() {
        let mut rng = Rng::from_seed(5);
        let full = |mode| params((0, MAX_PILE), (0, MAX_PILE), &[mode]);
        let near = near_integer_multipliers();
        let (mut exact, mut swapped) = (0, 0);
        for _ in 0..3000 {
            let p = generate(&full(PairMode::NearMax), &mut rng);
            assert!(p.a > MAX_PILE - 64 && p.b > MAX_PILE - 64, "{p:?}");
            for mode in [PairMode::Losing, PairMode::NearInteger] {
                let p = generate(&full(mode), &mut rng);
                let k = OFFSETS
                    .iter()
                    .find_map(|&(da, db)| losing_index(p.a.checked_add_signed(-da)?, p.b.checked_add_signed(-db)?))
                    .unwrap_or_else(|| panic!("{p:?} is no neighbour of a losing pair"));
                if mode == PairMode::NearInteger {
                    exact += usize::from(losing_index(p.a, p.b).is_some());
                    swapped += usize::from(p.a > p.b);
                    assert!(near.contains(&k) || losing_index(p.a, p.b).is_none(), "{p:?}");
                }
            }
        }
        // One in three exact; the neighbours (1, 1) and (-1, -1) keep k too.
        assert!((800..1400).contains(&exact), "{exact}");
        assert!((1200..1800).contains(&swapped), "{swapped}");
        // In small ranges the pairs stay within one of them.
        let small = params((0, 30), (0, 30), &[PairMode::Losing, PairMode::NearInteger]);
        for _ in 0..1000 {
            let p = generate(&small, &mut rng);
            assert!(p.a <= 31 && p.b <= 31, "{p:?}");
        }
        // No pair fits: uniform instead.
        let none = params((1, 1), (1, 1), &[PairMode::NearInteger]);
        assert_eq!(generate(&none, &mut rng), Piles { a: 1, b: 1 });
    }

    #[test]
    fn pinned_makes_one_pair_whatever_the_seed() {
        let p = params((3, 20), (7, 9), &ALL_PAIR_MODES).pinned().unwrap();
        for seed in 0..100 {
            assert_eq!(p.generate(&mut Rng::for_case(seed, seed)), Piles { a: 3, b: 7 });
        }
    }

    /// Greedy shrinking under `fails`: the pair reached and the steps taken.
    fn greedy(mut p: Piles, fails: impl Fn(&Piles) -> bool) -> (Piles, usize) {
        let mut steps = 0;
        while let Some(c) = shrink(&p).into_iter().find(|c| fails(c)) {
            p = c;
            steps += 1;
        }
        (p, steps)
    }

    #[test]
    fn shrinking_keeps_losing_pairs_and_finds_the_smallest_k() {
        // A failure at every losing pair with k >= t: the ladder over k finds t.
        for t in [1, 2, 77, 1000, 123_456_789] {
            let (x, y) = losing_pair(max_multiplier());
            let fails = |p: &Piles| losing_index(p.a, p.b).is_some_and(|k| k >= t);
            let (p, steps) = greedy(Piles { a: y, b: x }, fails);
            assert_eq!((p.a, p.b), losing_pair(t), "t = {t}");
            assert!(steps <= 40, "t = {t}: {steps} steps");
        }
        // A failure at near-integer k of 10^8 and more, one above the pair
        // in both piles: one step to the smallest.
        let (x, y) = losing_pair(370_248_451);
        let fails = |p: &Piles| {
            losing_index(p.a - 1, p.b - 1).is_some_and(|k| k >= 100_000_000 && near_integer_multipliers().contains(&k))
        };
        let (p, steps) = greedy(Piles { a: x + 1, b: y + 1 }, |p| p.a > 0 && p.b > 0 && fails(p));
        assert_eq!(
            (p, steps),
            (
                Piles {
                    a: 165_580_141,
                    b: 267_914_296
                },
                1
            )
        );
        // Plain values: a failure when a + b >= 1000 ends at a sum of 1000.
        let (p, _) = greedy(Piles { a: 987_654_321, b: 5 }, |p| p.a + p.b >= 1000);
        assert_eq!(p.a + p.b, 1000, "{p:?}");
        assert_eq!(
            greedy(Piles { a: 40, b: 40 }, |p| p.a == p.b && p.a > 0).0,
            Piles { a: 1, b: 1 }
        );
    }

    #[test]
    fn check_names_the_key() {
        let bad_a = params((0, MAX_PILE + 1), (0, 1), &ALL_PAIR_MODES);
        assert!(bad_a.check().unwrap_err().contains("`a`"));
        let bad_b = params((0, 1), (5, MAX_PILE + 1), &ALL_PAIR_MODES);
        assert!(bad_b.check().unwrap_err().contains("`b`"));
        assert!(params((0, 1), (0, 1), &[]).check().unwrap_err().contains("`modes`"));
        use serde::de::{value::Error, IntoDeserializer};
        let mode = PairMode::deserialize(IntoDeserializer::<Error>::into_deserializer("near-integer"));
        assert_eq!(mode, Ok(PairMode::NearInteger));
    }

    #[test]
    fn same_seed_same_pair() {
        let p = WythoffParams::default();
        for case in 0..200 {
            assert_eq!(
                generate(&p, &mut Rng::for_case(3, case)),
                generate(&p, &mut Rng::for_case(3, case))
            );
        }
    }
}
