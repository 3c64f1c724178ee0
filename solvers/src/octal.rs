//! Octal games: the Sprague-Grundy value of a row of heaps, for any code and
//! heaps up to 10^6.
//!
//! Problem: an octal code `0.d1d2...dt` and heaps. A move takes `i` tokens
//! from one heap when digit `d_i` allows what is left: bit 1, nothing (the
//! heap had exactly `i`); bit 2, one non-empty heap; bit 4, two non-empty
//! heaps. Who cannot move loses. Compute the SG value of the sum of the
//! heaps: the XOR of the heaps' values `g(n)`.
//!
//! Idea: `g(n)` is the mex of `0` (take a whole heap of `i`), `g(n - i)`
//! (leave one heap) and `g(a) ^ g(b)` for `a + b = n - i`, `a, b >= 1` (leave
//! two). The two-heap options cost `O(n)` each; two ideas avoid them.
//!
//! 1. *Periodicity* (the Guy-Smith periodicity theorem): if `g(n + p) = g(n)`
//!    for all `n` with `n0 <= n < 2 n0 + p + t`, where `n0 >= 1` and `t` is the
//!    most tokens a move may take (the last non-zero digit's index), then `g(n + p) = g(n)`
//!    for every `n >= n0`. (By induction on `n >= 2 n0 + p + t`: a split of
//!    `n + p - i` has a part of at least `n0 + p`, a split of `n - i` one of at
//!    least `n0`, and moving `p` tokens between those parts pairs the options
//!    of `n` and `n + p` with equal values; no move takes a whole heap that
//!    large.) The values are computed in order; at sizes `64, 128, 256, ...`
//!    the smallest period the theorem proves from the values so far is
//!    looked for, and once one is, every larger heap is read off the period.
//!    Kayles (`0.77`: period 12 from 71) is settled at 256 values, Dawson's
//!    chess (`0.137`: period 34 from 52) at 256.
//! 2. *Sparse space* (Winning Ways, "Sparse space spells speed"): for a bit
//!    mask `m`, call a value *common* if `popcount(v & m)` is odd, *rare*
//!    otherwise. Two commons or two rares XOR to a rare, a rare and a common
//!    to a common. So every common option comes from a pair with a rare part:
//!    trying each rare `a` (few, for a good mask) finds all of them. The mex is
//!    then the smallest common value `c` not found, unless a rare value below
//!    `c` is missing too; each missing rare is searched among all pairs, and
//!    such searches usually stop early, as rare values below `c` are reachable
//!    in many ways. The result is exact for any mask; the mask only sets the
//!    speed. At each checkpoint the mask with the fewest rare values among
//!    the last half of the values is found (by a Walsh-Hadamard transform of
//!    their histogram: the number of rare values of every mask at once) and
//!    priced by valuing a few recent heaps again; it is kept if it looks at
//!    fewer than half the pairs the direct method would, else every pair is
//!    tried directly (mask 0) until the next checkpoint.
//!
//! Complexity: `O(N (R k + C + s))` time and `O(N)` memory for heaps up to `N`
//! (stopping early once a period is proven), where `k` is the number of
//! two-heap digits, `R` the number of rare positions, `C` the values' range
//! in 64-bit words and `s` the length of the searches for missing rare
//! values. With a sparse space (`R` bounded, `s` small) that is about
//! `O(N k)`; without one, `O(N^2 k)` at worst, as the direct method ([`plain_values`]).
//! Codes known periodic, such as Kayles and Dawson's chess, cost `O(1)` per
//! heap beyond the proven period.
//!
//! Reference: E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for
//! your Mathematical Plays*, ch. 4 (octal games, the periodicity theorem,
//! sparse space); A. N. Siegel, *Combinatorial Game Theory*, IV.2 (the
//! Octal Periodicity Theorem); R. Gangolli, T. Plambeck, "A note on
//! periodicity in some octal games", Int. J. Game Theory 18 (1989) (0.16's
//! period 149459, which the tests find again).

use gen::octal::{OctalCode, OctalPosition, LEAVE_NONE, LEAVE_ONE, LEAVE_TWO};
use crate::submit::Submission;

/// `g(n + length) = g(n)` for every `n >= start`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    pub start: usize,
    pub length: usize,
}

/// The values `g(0), g(1), ...` of a code, as far as they were computed, and
/// the period beyond, when one was proven.
#[derive(Clone, Debug)]
pub struct Values {
    g: Vec<u32>,
    period: Option<Period>,
}

impl Values {
    /// The values of heaps `0..=up_to`: computed until a period is proven,
    /// then read off it.
    ///
    /// # Complexity
    /// See the module doc: `O(up_to k)` with a sparse space or an early
    /// period, `O(up_to^2 k)` at worst.
    pub fn compute(code: &OctalCode, up_to: usize) -> Values {
        Search::new(code).run(up_to)
    }

    /// `g(n)`.
    ///
    /// # Panics
    /// If `n` is beyond the computed values and no period was proven.
    pub fn get(&self, n: usize) -> u32 {
        match (self.g.get(n), self.period) {
            (Some(&v), _) => v,
            (None, Some(p)) => self.g[p.start + (n - p.start) % p.length],
            (None, None) => panic!("g({n}) was not computed"),
        }
    }

    /// The proven period, if the computation found one.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// How many values were computed directly.
    pub fn computed(&self) -> usize {
        self.g.len()
    }
}

/// The SG value of the game: the XOR of its heaps' values.
pub fn grundy(game: &OctalPosition) -> u32 {
    let max = game.heaps.iter().copied().max().unwrap_or(0) as usize;
    let values = Values::compute(&game.code, max);
    game.heaps.iter().fold(0, |acc, &h| acc ^ values.get(h as usize))
}

/// The smallest period the theorem proves from `g` (all values known so
/// far) for a code taking at most `t` tokens: for each length `p`, the
/// periodic stretch is found from the top down, and `p` is proven when the
/// values cover `2 n0 + 2p + t` sizes (`n0 >= 1`). A wrong `p` usually fails
/// within a few values, so the check costs about `O(g.len())`.
pub fn proven_period(g: &[u32], t: usize) -> Option<Period> {
    let len = g.len();
    let most = len.checked_sub(t + 2)? / 2;
    (1..=most).find_map(|p| {
        let last_exception = (p..len).rev().find(|&m| g[m] != g[m - p]);
        let start = last_exception.map_or(1, |m| (m + 1 - p).max(1));
        (2 * start + 2 * p + t <= len).then_some(Period { start, length: p })
    })
}

/// The bit mask whose rare values (`popcount(v & mask)` even) are fewest
/// among `values`, ties to the smallest mask; 0 (every value rare) if none
/// does better. By the Walsh-Hadamard transform `H` of the values'
/// histogram, `H[m] = rare(m) - common(m)`, so `rare(m) = (len + H[m]) / 2`.
pub fn sparsest_mask(values: &[u32]) -> u32 {
    let top = values.iter().copied().max().unwrap_or(0);
    let size = (top as usize + 1).next_power_of_two();
    let mut h = vec![0i64; size];
    for &v in values {
        h[v as usize] += 1;
    }
    let mut half = 1;
    while half < size {
        for block in h.chunks_mut(2 * half) {
            let (lo, hi) = block.split_at_mut(half);
            for (a, b) in lo.iter_mut().zip(hi) {
                (*a, *b) = (*a + *b, *a - *b);
            }
        }
        half *= 2;
    }
    // Minimal H[m] is minimal rare(m); min_by_key keeps the first (smallest m).
    (0..size).min_by_key(|&m| h[m]).unwrap_or(0) as u32
}

/// A fixed-size set of small values, one bit each.
#[derive(Clone, Debug, Default)]
struct Bits(Vec<u64>);

impl Bits {
    fn with_capacity(values: usize) -> Self {
        Bits(vec![0; values.div_ceil(64)])
    }

    fn insert(&mut self, v: u32) {
        self.0[v as usize / 64] |= 1 << (v % 64);
    }

    fn contains(&self, v: u32) -> bool {
        self.0[v as usize / 64] >> (v % 64) & 1 == 1
    }

    fn clear(&mut self) {
        self.0.fill(0);
    }
}

/// Heaps valued again at each checkpoint to price a mask.
const TRIALS: usize = 8;

/// The state of one computation of a code's values.
struct Search {
    /// `(i, d_i)` for every non-zero digit.
    moves: Vec<(usize, u8)>,
    /// The `i` whose digit allows two heaps.
    splits: Vec<usize>,
    /// The code's reach `t`.
    t: usize,
    g: Vec<u32>,
    /// 0 values every pair directly (every value is rare).
    mask: u32,
    /// Values below `cap` (a power of two above every value so far) can
    /// occur as options; `common` holds those that are common under `mask`.
    cap: u32,
    common: Bits,
    /// Positions `a >= 1` whose value is rare, ascending.
    rare: Vec<u32>,
    /// How many positions `a >= 1` have a common value.
    commons: usize,
    /// The option values of the heap being valued.
    found: Bits,
    /// Pairs looked at, to price a mask.
    work: usize,
}

impl Search {
    fn new(code: &OctalCode) -> Self {
        let moves: Vec<(usize, u8)> = (1..)
            .zip(code.digits().iter().copied())
            .filter(|&(_, d)| d != 0)
            .collect();
        let splits = moves
            .iter()
            .filter(|&&(_, d)| d & LEAVE_TWO != 0)
            .map(|&(i, _)| i)
            .collect();
        let mut search = Search {
            moves,
            splits,
            t: code.reach(),
            g: vec![0],
            mask: 0,
            cap: 1,
            common: Bits::default(),
            rare: Vec::new(),
            commons: 0,
            found: Bits::default(),
            work: 0,
        };
        search.resize(2);
        search
    }

    fn is_common(&self, v: u32) -> bool {
        (v & self.mask).count_ones() % 2 == 1
    }

    /// Grows the value range to `cap` (a power of two).
    fn resize(&mut self, cap: u32) {
        self.cap = cap;
        self.common = Bits::with_capacity(cap as usize);
        for v in 0..cap {
            if self.is_common(v) {
                self.common.insert(v);
            }
        }
        self.found = Bits::with_capacity(cap as usize);
    }

    /// Sorts every position by `mask`.
    fn set_mask(&mut self, mask: u32) {
        self.mask = mask;
        self.resize(self.cap);
        self.rare.clear();
        self.commons = 0;
        for a in 1..self.g.len() {
            if self.is_common(self.g[a]) {
                self.commons += 1;
            } else {
                self.rare.push(a as u32);
            }
        }
    }

    /// Picks the mask for the next stretch: the sparsest one for the recent
    /// half of the values, if valuing a few recent heaps again with it looks
    /// at fewer than half the pairs the direct method would; else 0. The
    /// values found again must be the values known (a free self-check).
    fn remask(&mut self) {
        let len = self.g.len();
        let candidate = sparsest_mask(&self.g[len / 2..]);
        if candidate != 0 {
            self.set_mask(candidate);
            let (mut sparse, mut direct) = (0, 0);
            for k in 0..TRIALS {
                let n = len / 2 + k * (len / 2) / TRIALS;
                self.work = 0;
                assert_eq!(
                    self.value(n),
                    self.g[n],
                    "the sparse search disagrees with itself at {n}"
                );
                sparse += self.work;
                direct += self.splits.iter().map(|&i| n.saturating_sub(i) / 2).sum::<usize>();
            }
            if 2 * sparse < direct {
                return;
            }
        }
        self.set_mask(0);
    }

    fn run(mut self, up_to: usize) -> Values {
        let mut checkpoint = 64;
        while self.g.len() <= up_to {
            if self.g.len() == checkpoint {
                if let Some(period) = proven_period(&self.g, self.t) {
                    return Values {
                        g: self.g,
                        period: Some(period),
                    };
                }
                self.remask();
                checkpoint *= 2;
            }
            let n = self.g.len();
            let v = self.value(n);
            self.g.push(v);
            if v >= self.cap {
                self.resize((v + 1).next_power_of_two());
            }
            if self.is_common(v) {
                self.commons += 1;
            } else {
                self.rare.push(n as u32);
            }
        }
        Values {
            g: self.g,
            period: None,
        }
    }

    /// `g(n)` from the values of the smaller heaps.
    fn value(&mut self, n: usize) -> u32 {
        let g = &self.g;
        self.found.clear();
        for &(i, d) in &self.moves {
            if d & LEAVE_NONE != 0 && n == i {
                self.found.insert(0);
            }
            if d & LEAVE_ONE != 0 && n > i {
                self.found.insert(g[n - i]);
            }
        }
        let sizes = || self.splits.iter().filter_map(|&i| n.checked_sub(i).filter(|&s| s >= 2));
        if self.mask == 0 {
            // Every value is rare: every pair, directly.
            for s in sizes() {
                self.work += s / 2;
                for a in 1..=s / 2 {
                    self.found.insert(g[a] ^ g[s - a]);
                }
            }
            return (0..self.cap).find(|&v| !self.found.contains(v)).unwrap_or(self.cap);
        }
        // Every common option, and the rare ones with two rare parts.
        for s in sizes() {
            for &a in self.rare.iter().take_while(|&&a| (a as usize) < s) {
                self.work += 1;
                self.found.insert(g[a as usize] ^ g[s - a as usize]);
            }
        }
        // The smallest common value not found, or `cap` (above every option).
        let c = (self.common.0.iter().zip(&self.found.0))
            .enumerate()
            .find_map(|(w, (common, found))| {
                let open = common & !found;
                (open != 0).then(|| (w * 64) as u32 + open.trailing_zeros())
            })
            .unwrap_or(self.cap);
        let open = |v: &u32| !self.common.contains(*v) && !self.found.contains(*v);
        let mut wanted = (0..c).filter(open).count();
        if wanted > 0 && self.commons > 0 {
            // Rare values below c may come from two common parts: search
            // the pairs, smallest part first, until none is missing.
            'search: for s in sizes() {
                for a in 1..=s / 2 {
                    self.work += 1;
                    let v = g[a] ^ g[s - a];
                    if v < c && !self.found.contains(v) {
                        self.found.insert(v);
                        if !self.common.contains(v) {
                            wanted -= 1;
                            if wanted == 0 {
                                break 'search;
                            }
                        }
                    }
                }
            }
        }
        (0..c).find(|&v| !self.found.contains(v)).unwrap_or(c)
    }
}

/// The values of heaps `0..=up_to` by the definition alone: every option of
/// every heap. An independent check of [`Values`], and the reference where
/// brute is too slow.
///
/// # Complexity
/// `O(up_to^2 k)` time, `O(up_to)` memory.
pub fn plain_values(code: &OctalCode, up_to: usize) -> Vec<u32> {
    let mut g = vec![0u32; up_to + 1];
    let mut seen: Vec<usize> = Vec::new();
    for n in 1..=up_to {
        let mut options = Vec::new();
        for (i, &d) in (1..=n).zip(code.digits()) {
            if d & LEAVE_NONE != 0 && n == i {
                options.push(0);
            }
            if d & LEAVE_ONE != 0 && n > i {
                options.push(g[n - i]);
            }
            if d & LEAVE_TWO != 0 {
                let rest = n - i;
                options.extend((1..=rest / 2).map(|a| g[a] ^ g[rest - a]));
            }
        }
        seen.clear();
        seen.resize(options.len() + 1, 0);
        for &v in &options {
            if let Some(s) = seen.get_mut(v as usize) {
                *s = n;
            }
        }
        g[n] = seen.iter().position(|&s| s != n).unwrap_or(options.len()) as u32;
    }
    g
}

/// [`grundy`] by [`plain_values`].
pub fn plain_grundy(game: &OctalPosition) -> u32 {
    let max = game.heaps.iter().copied().max().unwrap_or(0) as usize;
    let g = plain_values(&game.code, max);
    game.heaps.iter().fold(0, |acc, &h| acc ^ g[h as usize])
}

/// Deliberately wrong variants, each with its smallest counterexample, proven
/// by `tests/octal_exhaustive.rs`.
pub mod wrong {
    use super::plain_values;
    use gen::octal::{OctalCode, OctalPosition, LEAVE_TWO};

    /// Bug: two-heap moves are ignored ("splitting only rearranges tokens").
    ///
    /// Smallest (one heap, one digit, fewest move bits, smallest heap): code
    /// `0.4`, heap 3. Taking 1 and splitting the 2 left into 1 + 1 is worth
    /// 0 ^ 0, so the heap is worth 1; without splits it has no move: 0. A heap
    /// of 2 or less cannot be split after a move, and `0.7` (Kayles' first
    /// digit) happens to agree at 3.
    pub fn no_splits(game: &OctalPosition) -> u32 {
        let digits: Vec<u8> = game.code.digits().iter().map(|&d| d & !LEAVE_TWO).collect();
        let max = game.heaps.iter().copied().max().unwrap_or(0) as usize;
        let g = plain_values(&OctalCode::new(digits), max);
        game.heaps.iter().fold(0, |acc, &h| acc ^ g[h as usize])
    }

    /// Bug: periodicity trusted as soon as the last `p` values repeat the `p`
    /// before them, without the theorem's bound `2 n0 + p + t`.
    ///
    /// Smallest: code `0.2` (take one token, never the last), heap 2: the
    /// values start 0, 0, so "period 1" is declared at once and every heap is
    /// worth 0; but 2 moves to 1, worth 0, so it is worth 1.
    pub fn early_period(game: &OctalPosition) -> u32 {
        let max = game.heaps.iter().copied().max().unwrap_or(0) as usize;
        let g = plain_values(&game.code, max);
        // The first prefix whose last p values repeat the p before them.
        let declared = (1..=g.len()).find_map(|len| {
            let seen = &g[..len];
            (1..=len / 2)
                .find(|&p| seen[len - p..] == seen[len - 2 * p..len - p])
                .map(|p| (len, p))
        });
        game.heaps.iter().fold(0, |acc, &h| {
            let h = h as usize;
            acc ^ match declared {
                Some((len, p)) if h >= len => g[len - 2 * p + (h - (len - 2 * p)) % p],
                _ => g[h],
            }
        })
    }
}


/// What `solve` answers with this module.
pub const SUBMITTED: &[Submission] = &[submission!(octal_game, grundy)];

#[cfg(test)]
mod tests {
    use super::*;

    fn code(s: &str) -> OctalCode {
        OctalCode::parse(s).unwrap()
    }

    /// The values up to `n` and the period, computed.
    fn compute(s: &str, n: usize) -> Values {
        Values::compute(&code(s), n)
    }

    #[test]
    fn kayles_period_12_from_71() {
        // Winning Ways, ch. 4: Kayles' last exception is at 70, then period 12.
        let v = compute("0.77", 1_000_000);
        assert_eq!(v.period(), Some(Period { start: 71, length: 12 }));
        assert!(v.computed() <= 256, "{}", v.computed());
        let plain = plain_values(&code("0.77"), 400);
        for (n, &want) in plain.iter().enumerate() {
            assert_eq!(v.get(n), want, "heap {n}");
        }
        assert_eq!(v.get(1_000_000), plain[71 + (1_000_000 - 71) % 12]);
    }

    #[test]
    fn dawsons_chess_period_34_from_52_and_dawsons_kayles_one_later() {
        let chess = compute("0.137", 1_000_000);
        assert_eq!(chess.period(), Some(Period { start: 52, length: 34 }));
        let kayles = compute("0.07", 1_000_000);
        assert_eq!(kayles.period(), Some(Period { start: 53, length: 34 }));
        for n in 0..5000 {
            assert_eq!(kayles.get(n + 1), chess.get(n), "heap {n}");
        }
    }

    #[test]
    fn the_theorem_needs_its_whole_bound() {
        // Kayles' values repeat with period 12 over stretches that end in an
        // exception; the proof comes only with 2 * 71 + 2 * 12 + 2 values.
        let g = plain_values(&code("0.77"), 400);
        assert_eq!(proven_period(&g[..167], 2), None);
        assert_eq!(proven_period(&g[..168], 2), Some(Period { start: 71, length: 12 }));
        // A subtraction game: 0.333 is n mod 4 from the start (n0 = 1).
        let g = plain_values(&code("0.333"), 20);
        assert_eq!(proven_period(&g[..13], 3), Some(Period { start: 1, length: 4 }));
        assert_eq!(proven_period(&g[..12], 3), None);
    }

    #[test]
    fn sparsest_mask_by_hand() {
        // Mask 3 makes 1 and 2 common (one masked bit), 0 and 3 rare: 2 rare
        // values here, against 3 for masks 1 and 2.
        assert_eq!(sparsest_mask(&[1, 2, 1, 2, 3, 0]), 3);
        // Masks 4 and 5 both leave one rare value (1, resp. 5): the smaller wins.
        assert_eq!(sparsest_mask(&[4, 4, 5, 1]), 4);
        // 0 is rare under every mask.
        assert_eq!(sparsest_mask(&[0, 0, 0]), 0);
    }

    #[test]
    fn sparse_search_is_exact_on_many_codes() {
        // Every code of one or two digits, and some longer ones, against the
        // direct method well past the first checkpoints.
        let mut codes: Vec<String> = (1..8).map(|d| format!("0.{d}")).collect();
        codes.extend((0..8).flat_map(|a| (1..8).map(move |b| format!("0.{a}{b}"))));
        codes.extend(["0.007", "0.16", "0.6", "0.165", "0.3456", "0.5777", "0.04", "0.4"].map(String::from));
        for c in codes {
            let plain = plain_values(&code(&c), 1500);
            let v = compute(&c, 1500);
            for (n, &want) in plain.iter().enumerate() {
                assert_eq!(v.get(n), want, "{c}: heap {n}, period {:?}", v.period());
            }
        }
    }

    #[test]
    fn dot_16_has_period_149459() {
        // Gangolli and Plambeck (1989): 0.16 is periodic with period 149459,
        // its last exception at 105350. Found here by the sparse space (mask
        // 30, no rare value after the first few hundred heaps) and proven
        // by the theorem at 2^19 values.
        let v = compute("0.16", 1_000_000);
        assert_eq!(
            v.period(),
            Some(Period {
                start: 105_351,
                length: 149_459
            })
        );
        assert_eq!(v.computed(), 1 << 19);
    }

    #[test]
    fn an_aperiodic_code_within_reach() {
        // 0.007 is not known to be periodic: the values are computed directly.
        let v = compute("0.007", 20_000);
        assert_eq!(v.period(), None);
        assert_eq!(v.computed(), 20_001);
        let plain = plain_values(&code("0.007"), 4000);
        assert!((0..=4000).all(|n| v.get(n) == plain[n]));
    }

    #[test]
    fn sums_and_empty_heaps() {
        let kayles = |heaps: &[u32]| OctalPosition {
            code: code("0.77"),
            heaps: heaps.to_vec(),
        };
        // g = 3, 4, 6 for heaps 3, 5, 11.
        assert_eq!(grundy(&kayles(&[3, 5, 11])), 1);
        assert_eq!(plain_grundy(&kayles(&[3, 5, 11])), 1);
        assert_eq!(grundy(&kayles(&[0])), 0);
        assert_eq!(grundy(&kayles(&[1_000_000, 1_000_000])), 0);
    }

    #[test]
    fn wrong_solvers_on_their_smallest_examples() {
        let one = |c: &str, h: u32| OctalPosition {
            code: code(c),
            heaps: vec![h],
        };
        assert_eq!((grundy(&one("0.4", 3)), wrong::no_splits(&one("0.4", 3))), (1, 0));
        assert_eq!(wrong::no_splits(&one("0.7", 3)), grundy(&one("0.7", 3)));
        assert_eq!((grundy(&one("0.2", 2)), wrong::early_period(&one("0.2", 2))), (1, 0));
    }
}
