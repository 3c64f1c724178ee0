//! The engine of `solvers::octal` as it was at commit 9301fbc (issue 32),
//! kept verbatim but for its result type as the bench's baseline: the
//! rare/common split with the heap's parity as a tag, every value an
//! `u32`, the rare positions a list of indices into the values, and the
//! rare values below the common candidate checked a chunk of pairs at a
//! time against a list retained after each chunk. Used only by
//! `octal_speed`.

use gen::octal::{OctalCode, LEAVE_NONE, LEAVE_ONE, LEAVE_TWO};
use solvers::octal::Period;

/// The values computed and the period proven, as `Values` held them.
pub struct Before {
    pub g: Vec<u32>,
    pub period: Option<Period>,
}

/// The values of heaps `0..=up_to`, by the engine as it was.
pub fn compute(code: &OctalCode, up_to: usize) -> Before {
    Search::new(code).run(up_to)
}

/// The sparsest mask of a histogram of values (its length a power of two)
/// and how many values it leaves rare. By the Walsh-Hadamard transform `H`
/// of the histogram, `H[m] = rare(m) - common(m)`, so
/// `rare(m) = (total + H[m]) / 2`: every mask is priced at once.
fn sparsest_in(mut h: Vec<i64>) -> (u32, usize) {
    let total: i64 = h.iter().sum();
    let mut half = 1;
    while half < h.len() {
        for block in h.chunks_mut(2 * half) {
            let (lo, hi) = block.split_at_mut(half);
            for (a, b) in lo.iter_mut().zip(hi) {
                (*a, *b) = (*a + *b, *a - *b);
            }
        }
        half *= 2;
    }
    // Minimal H[m] is minimal rare(m); min_by_key keeps the first (smallest m).
    let best = (0..h.len()).min_by_key(|&m| h[m]).unwrap_or(0);
    (best as u32, ((total + h.get(best).copied().unwrap_or(0)) / 2) as usize)
}

/// Pairs tried between two checks of the values still missing.
const CHUNK: usize = 128;

/// The state of one computation of a code's values.
///
/// Positions are classed by a *tagged* value `2 g(x) + tag(x)`. When every
/// split move takes tokens of one parity `q`, `tag(x) = (x + q) mod 2`, and
/// the two parts `a + b = n - i` of a split of `n` have
/// `tag(a) ^ tag(b) = tag(n)`: the parity of the heap joins the value's bits
/// (Officers' values are sparse only so). Else `tag` is 0. A position is
/// *rare* when `popcount(tagged & mask)` is even.
struct Search {
    /// `(i, d_i)` for every non-zero digit.
    moves: Vec<(usize, u8)>,
    /// The `i` whose digit allows two heaps.
    splits: Vec<usize>,
    /// The code's reach `t`.
    t: usize,
    /// `q`, when every split move takes tokens of one parity.
    split_parity: Option<usize>,
    g: Vec<u32>,
    /// How many positions `x >= 1` have each tagged value (length `2 cap`).
    histogram: Vec<i64>,
    /// Over tagged values; 0 values every pair directly (every value rare).
    mask: u32,
    /// A power of two above every value so far, hence above every option.
    cap: u32,
    /// `common[tag][v]`: option value `v` is common for a heap of that tag.
    common: [Vec<bool>; 2],
    /// Positions `x >= 1` that are rare, ascending.
    rare: Vec<u32>,
    /// How many rare positions there were when the mask was chosen.
    rare_at_mask: usize,
    /// `seen[v] == n + 1`: `v` is an option of the heap `n` being valued.
    /// Stamps, not a set to clear: marking an option is one store.
    seen: Vec<u32>,
    /// The rare values below the common candidate not yet seen, ascending.
    missing: Vec<u32>,
}

impl Search {
    fn new(code: &OctalCode) -> Self {
        let moves: Vec<(usize, u8)> = (1..)
            .zip(code.digits().iter().copied())
            .filter(|&(_, d)| d != 0)
            .collect();
        let splits: Vec<usize> = moves
            .iter()
            .filter(|&&(_, d)| d & LEAVE_TWO != 0)
            .map(|&(i, _)| i)
            .collect();
        let split_parity = splits
            .first()
            .map(|&i| i % 2)
            .filter(|&q| splits.iter().all(|&i| i % 2 == q));
        let mut search = Search {
            moves,
            splits,
            t: code.reach(),
            split_parity,
            g: vec![0],
            histogram: Vec::new(),
            mask: 0,
            cap: 1,
            common: Default::default(),
            rare: Vec::new(),
            rare_at_mask: 0,
            seen: Vec::new(),
            missing: Vec::new(),
        };
        search.resize(2);
        search
    }

    fn tag(&self, x: usize) -> u32 {
        self.split_parity.map_or(0, |q| ((x + q) % 2) as u32)
    }

    fn is_rare(&self, tagged: u32) -> bool {
        (tagged & self.mask).count_ones().is_multiple_of(2)
    }

    /// Grows the value range to `cap` (a power of two).
    fn resize(&mut self, cap: u32) {
        self.cap = cap;
        self.histogram.resize(2 * cap as usize, 0);
        self.seen.resize(cap as usize, 0);
        self.classify_values();
    }

    fn classify_values(&mut self) {
        for tag in 0..2 {
            self.common[tag as usize] = (0..self.cap).map(|v| !self.is_rare(2 * v + tag)).collect();
        }
    }

    /// Takes the mask that leaves the fewest rare positions so far, if they
    /// are under a third of all (else every pair is tried directly, mask 0),
    /// and lists the rare positions.
    fn remask(&mut self) {
        let (best, rares) = sparsest_in(self.histogram.clone());
        self.mask = if 3 * rares < self.g.len() - 1 { best } else { 0 };
        self.classify_values();
        self.rare.clear();
        if self.mask != 0 {
            self.rare = (1..self.g.len())
                .filter(|&x| self.is_rare(2 * self.g[x] + self.tag(x)))
                .map(|x| x as u32)
                .collect();
        }
        self.rare_at_mask = self.rare.len();
    }

    fn run(mut self, up_to: usize) -> Before {
        let mut checkpoint = 64;
        while self.g.len() <= up_to {
            let n = self.g.len();
            if n == checkpoint {
                if let Some(period) = proven_period(&self.g, self.t) {
                    return Before {
                        g: self.g,
                        period: Some(period),
                    };
                }
                self.remask();
                checkpoint *= 2;
            } else if self.rare.len() > 2 * self.rare_at_mask + 64 {
                // The mask has gone stale: price every mask again.
                self.remask();
            }
            let v = self.value(n);
            self.g.push(v);
            if v >= self.cap {
                self.resize((v + 1).next_power_of_two());
            }
            let tagged = 2 * v + self.tag(n);
            self.histogram[tagged as usize] += 1;
            if self.mask != 0 && self.is_rare(tagged) {
                self.rare.push(n as u32);
            }
        }
        Before {
            g: self.g,
            period: None,
        }
    }

    /// `g(n)` from the values of the smaller heaps.
    fn value(&mut self, n: usize) -> u32 {
        let stamp = n as u32 + 1;
        let tag = self.tag(n) as usize;
        let (g, seen) = (&self.g, &mut self.seen);
        for &(i, d) in &self.moves {
            if d & LEAVE_NONE != 0 && n == i {
                seen[0] = stamp;
            }
            if d & LEAVE_ONE != 0 && n > i {
                seen[g[n - i] as usize] = stamp;
            }
        }
        let sizes = self.splits.iter().filter_map(|&i| n.checked_sub(i).filter(|&s| s >= 2));
        let unseen = |seen: &[u32]| seen.iter().position(|&s| s != stamp).unwrap_or(seen.len()) as u32;
        if self.mask == 0 {
            for s in sizes {
                mark_pairs(g, s, 1..s / 2 + 1, seen, stamp);
            }
            return unseen(seen);
        }
        // Every common option has a rare part: the rare positions find them all.
        for s in sizes.clone() {
            for &a in self.rare.iter().take_while(|&&a| (a as usize) < s) {
                seen[(g[a as usize] ^ g[s - a as usize]) as usize] = stamp;
            }
        }
        // The smallest common value not seen, or `cap` (above every option).
        let common = &self.common[tag];
        let c = (0..self.cap)
            .find(|&v| common[v as usize] && seen[v as usize] != stamp)
            .unwrap_or(self.cap);
        // Every value below c not seen is rare, and may yet come from two
        // common parts. Which are reached is found by the pairs with the
        // smallest part first, a chunk at a time, until none is missing.
        let missing = &mut self.missing;
        missing.clear();
        missing.extend((0..c).filter(|&v| seen[v as usize] != stamp));
        for s in sizes {
            let mut a = 1;
            while !missing.is_empty() && a <= s / 2 {
                let end = (a + CHUNK).min(s / 2 + 1);
                mark_pairs(g, s, a..end, seen, stamp);
                missing.retain(|&v| seen[v as usize] != stamp);
                a = end;
            }
        }
        missing.first().copied().unwrap_or(c)
    }
}

/// Marks the values of the splits `(a, s - a)` of a heap of `s`, for `a` in `parts`.
fn mark_pairs(g: &[u32], s: usize, parts: std::ops::Range<usize>, seen: &mut [u32], stamp: u32) {
    for a in parts {
        seen[(g[a] ^ g[s - a]) as usize] = stamp;
    }
}

/// The smallest period the theorem proves from `g` (all values known so
/// far) for a code taking at most `t` tokens: for each length `p`, the
/// periodic stretch is found from the top down, and `p` is proven when the
/// values cover `2 n0 + 2p + t` sizes (`n0 >= 1`). A wrong `p` usually fails
/// within a few values, so the check costs about `O(g.len())`.
fn proven_period(g: &[u32], t: usize) -> Option<Period> {
    let len = g.len();
    let most = len.checked_sub(t + 2)? / 2;
    (1..=most).find_map(|p| {
        let last_exception = (p..len).rev().find(|&m| g[m] != g[m - p]);
        let start = last_exception.map_or(1, |m| (m + 1 - p).max(1));
        (2 * start + 2 * p + t <= len).then_some(Period { start, length: p })
    })
}
