//! The engine of `solvers::octal` before the rare/common rewrite (issue 32),
//! kept verbatim but for its result type as the bench's baseline: the mask
//! chosen from the last half of the values, without the heap's parity, and
//! the rare values below the common candidate searched one pair at a time.
//! Used only by `octal_speed.rs`; `proven_period` and `sparsest_mask` are
//! unchanged, so the library's are used.

use gen::octal::{OctalCode, LEAVE_NONE, LEAVE_ONE, LEAVE_TWO};
use solvers::octal::{proven_period, sparsest_mask, Period};

/// The values computed and the period proven, as `Values` held them.
pub struct Before {
    pub g: Vec<u32>,
    pub period: Option<Period>,
}

/// The values of heaps `0..=up_to`, by the engine as it was.
pub fn compute(code: &OctalCode, up_to: usize) -> Before {
    Search::new(code).run(up_to)
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

    fn run(mut self, up_to: usize) -> Before {
        let mut checkpoint = 64;
        while self.g.len() <= up_to {
            if self.g.len() == checkpoint {
                if let Some(period) = proven_period(&self.g, self.t) {
                    return Before {
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
        Before {
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
