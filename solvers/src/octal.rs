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
//!    large.) The values are computed in order; at checkpoints an eighth
//!    apart, rounded up to whole blocks (64, 80, 96, 112, ...: a proof is
//!    found at most an eighth and a block after the theorem's bound) the
//!    smallest period the theorem proves from the values so far is looked
//!    for, and once one is, every larger heap is read off the period.
//!    Kayles (`0.77`: period 12 from 71) and Dawson's chess (`0.137`:
//!    period 34 from 52) are settled at 176 values, `0.56`
//!    (period 144 from 326 640) at the first checkpoint past 653 570.
//! 2. *Sparse space* (Winning Ways, "Sparse space spells speed"; A.
//!    Flammenkamp's tables; J. P. Grossman, "Searching for periodicity in
//!    Officers", Games of No Chance 5): for a bit mask `m`, call a value
//!    *common* if `popcount(v & m)` is odd, *rare* otherwise. Two commons or
//!    two rares XOR to a rare, a rare and a common to a common. When every
//!    split takes tokens of one parity, the heap's parity joins the value as
//!    one more bit (the two parts of a split of `n` have parities XORing to
//!    `n`'s, shifted by the split's): `0.104` and `0.324` are sparse only
//!    so. Officers (`0.6`) is sparse without it: its sparsest mask leaves
//!    the parity bit out (1 583 rare positions, all below 20 628).
//!    To value `n`, only the pairs with a rare part are all tried, from the
//!    list of rare positions; they give every common option, so the smallest
//!    common value `c` they miss is the mex unless a rare value below `c` is
//!    missing. Those are checked against the common-common pairs, smallest
//!    part first (with AVX-512, the chunks likeliest to give them first:
//!    [`Search::order_chunks`]; and where the last values come late from
//!    the smallest parts, from the parts near `s / 2` too: [`Ends`]), a
//!    chunk at a time, until each is reached (they almost always are: the
//!    check stops early) or the pairs run out. The mask is the one leaving
//!    the fewest rare positions (a Walsh-Hadamard transform of the
//!    histogram of values prices every mask at once), chosen again at each
//!    checkpoint and whenever the rare positions double; if even the best
//!    leaves a third of the positions rare (a sixth where the dense scan
//!    of 6. can take over), every pair is tried directly until the next
//!    checkpoint. The result is exact for any mask; the mask only sets the
//!    speed.
//! 3. *The hot loops.* The rare positions are stored with their values side
//!    by side. For a block of 16 consecutive heaps, the splits of a rare
//!    position `r` at least 16 from both ends have their large parts at 16
//!    consecutive positions, all known before the block: one pass over the
//!    rare positions marks them for the whole block, and only the few rare
//!    positions near the ends are tried heap by heap. Each heap has a lane
//!    of stamps, the lanes interleaved (a value's 16 stamps side by side)
//!    and stamped once per block, so a mark is one store at the value's
//!    slot plus a constant: no register per lane, where 8 separate lanes
//!    and stamps spilled to the stack (that and the block of 16 made one
//!    heap of 10^6 of Officers 1.9 times as fast). Where the code has
//!    two-heap moves of adjacent sizes `i` and `i + 1`, a large part is
//!    also that of `i + 1` for the next heap, and one store marks both
//!    (`block_plan`). While the values fit
//!    16 bits, they are also kept forwards and backwards, so the splits
//!    `(a, s - a)` for consecutive `a` are two ascending runs: the check of
//!    the rare values below `c` takes 256 splits at a time (a look at the
//!    values still missing costs a load each: at 64 splits a time it cost
//!    as much as the marks), marks their values while more than 16 are
//!    missing, then looks for each of the few left with one vectorised
//!    comparison per chunk.
//! 4. *With AVX-512* (F, BW, VBMI and BMI2, checked at run time; else, and
//!    once a value reaches 2048, as in 3.), a heap's options are a set of
//!    1024 bits, or 2048 once a value reaches 1024 (`0.564` from about 6 600
//!    on, 0.73 times as long for a heap of 10^6 as when those went as in
//!    3.). A block's marks are byte stamps (16 KB, 32 KB past 1024, which the cache
//!    keeps while the rare positions and values stream past; four slots
//!    by one 64-bit XOR, shift and OR, then a store each, faster than a
//!    scatter of 16 stamps), and `unhit[v]`, the heaps of the block no mark gave `v`,
//!    is read off them 64 bytes at a time. A heap's values not reached are
//!    then one test per 32 values, less its own few options; `c` is the
//!    first common one, and the rare ones below `c` are looked up 64 splits
//!    at a time in a bitmap held in two registers (four past 1024): each
//!    split's byte of it by `vpermi2b` (a 7-bit index into 128 bytes; past
//!    1024, in both pairs, the index's top bit choosing), tested against its bit,
//!    so a chunk costs the same however many values are missing (while the
//!    values are below 256, from byte copies of the values: one `vpermb`
//!    in 32 bytes, and half the memory a walk through every split streams).
//!    Only a hit is handled alone, clearing its bit in the registers (a store and
//!    a reload would wait for the store), and after eight the chunk is
//!    looked up again. Per heap of Officers near 10^6: about 57 rare values
//!    missing, 43 chunks and 74 hits; the marks take half the time, the
//!    chunks and the hits a fifth each. This made one heap of 10^6 of
//!    Officers 1.6 times as fast (10^7: 1.5 times, 0.7 million values a
//!    second), and `0.376` (values below 256) 2 times. The marks are bound
//!    by their stores, scattered bytes that commit about one a cycle, not
//!    by the instructions that place them: a layout that placed each with
//!    a load, an XOR and a store (about 4.7 instructions today) was no
//!    faster (Officers, median of 6 alternating pairs 0.998), so only
//!    fewer marks would pay. Doing each part twice prices it: of the
//!    1.38 s a heap of 10^6 of Officers took with every rare position
//!    marked, the block marks cost 0.57 s and the check of the rare
//!    values below `c` 0.53 s (43 chunks, 17 of them with hits, 65 hits a
//!    heap). The check is bound neither by its branches nor by a hit's
//!    wait for the bitmap: one branch for two chunks looked up in the
//!    same bitmap took 1.05 times as long, a look-up in the bitmap of the
//!    chunk before and a hit's value taken from its register instead of
//!    memory no less (four alternating pairs each).
//! 5. *Candidates* (the AVX-512 path, [`Search::split_rares`]). Not every
//!    rare position is marked: at each checkpoint, those that least often
//!    alone gave a sampled heap a common option below its `c` (256 heaps
//!    a checkpoint up to 2 048, the counts kept while the mask is; more
//!    when rare positions come) are *checked* instead, at most nine tenths
//!    of them, against each heap's first eight *candidates*, the common
//!    values no marked position gives it.
//!    Per checked position and two candidates of the block's 16 heaps, a
//!    ternary XOR of the options with the candidates and a minimum keep
//!    the least XOR, 0 where a position gives the candidate: two
//!    operations where a mark is 16 stores. `c` is then the first
//!    candidate left, exact as long as one is; when all fell (0.4% of the
//!    heaps of Officers near 10^6) the heap is valued with every checked
//!    position. The share checked shrinks when more than one heap in a
//!    hundred loses all its candidates (by three tenths past one in
//!    twenty), and grows when fewer than one in five hundred does: Officers
//!    stays at six tenths, `0.14` goes to nine, where it loses none (with
//!    every position checked, half its heaps lost all their candidates).
//!    The rare options a checked position gives (two
//!    rare parts, only while the heaps are small) are left to the check
//!    below `c`, which looks at every split. Codes with splits of
//!    adjacent sizes mark every position: one store marks two splits there
//!    (`0.64` was 1.1 times as slow checked). With four candidates and six
//!    tenths marked this was no faster (1.05 times as long); as it is, a
//!    heap of 10^6 takes 0.92 times as long as with every position marked
//!    for Officers, 0.82 for `0.14` (medians of 8 pairs of runs), and with
//!    up to nine tenths checked where it was six, `0.14` 0.84 times as
//!    long again.
//!
//! 6. *Dense scan* (the AVX-512 path, [`Search::value_dense`]). Where every pair
//!    is tried (no mask) and the values fit 16 bits, a heap's options are not
//!    marked pair by pair, a store each: its own options and those of its first
//!    `2 cap` splits of each size are (most values come there, as bytes stamped
//!    for the heap), then the values below `cap` not yet given make a set in
//!    registers, 1024 values to a pair of them, and the other splits are looked
//!    up in it 64 at a time ([`drop_reached`]: each split's byte by `vpermi2b`
//!    in every pair, the right one chosen by blends on the bits of `v / 1024`),
//!    only a hit handled alone, one branch for the hits of eight chunks; past
//!    8192 values the set stays in memory and 16 splits gather their words of it
//!    ([`drop_gathered`]). The mex is the first value left. Per heap up to
//!    200 000 of `0.04` (values below 2048): 738 chunks of 64, 187 of them with
//!    hits, 384 hits. With it the rare positions must be fewer than a sixth
//!    (else no mask), where a third was: marking one costs a store a heap, where
//!    the scan costs a fraction of one a pair. Against the marks
//!    (`bench/octal_pairs.sh`, medians of 4 pairs), one heap of 10^5 of `0.76`
//!    takes 0.45 times as long, `0.06` 0.42, `0.164` 0.42, `0.414` 0.48; of
//!    200 000, `0.125` 0.41, and `0.024` and `0.004`, no mask past a sixth, 0.71
//!    and 0.66. Stamping the first splits' values as bytes rather than clearing
//!    their bits in the set (a chain through memory where values share a word)
//!    made `0.76` 1.46 times as fast; `2 cap` first splits is as fast as `cap`
//!    and faster than `4 cap`. The branch for eight chunks' hits, not one a
//!    chunk: `0.76` 0.94, `0.06` 0.86, `0.164` 0.92, `0.414` 0.98, `0.125` 0.87,
//!    `0.024` 0.88, `0.004` 0.91 (medians of 4 pairs).
//!
//! Complexity: `O(N k (R + s))` time and `O(N)` memory for heaps up to `N`
//! (stopping early once a period is proven), where `k` is the number of
//! two-heap digits, `R` the number of rare positions and `s` the pairs the
//! check of the rare values below `c` looks at (about `D ln D` for `D`
//! distinct values). Officers has `R` = 1583 and `D` about 300 (its values
//! pass 255 at heap 10 344), so a heap costs about 1 600 marks and 2 000
//! to 3 000 splits looked at. A heap whose value is rare looks at all its
//! splits (`0.376`: 200 chunks of 64 per heap on average). Without a
//! sparse space (`0.007`, Treblecross), `O(N^2 k)`, as the direct method
//! ([`plain_values`]), with a constant a few times smaller on the dense
//! scan. Codes known periodic, such as Kayles and Dawson's
//! chess, cost `O(1)` per heap beyond the proven period.
//!
//! Reference: E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for
//! your Mathematical Plays*, ch. 4 (octal games, the periodicity theorem,
//! sparse space); A. N. Siegel, *Combinatorial Game Theory*, IV.2 (the
//! Octal Periodicity Theorem); J. P. Grossman, "Searching for periodicity
//! in Officers", *Games of No Chance 5* (2019); R. Gangolli, T. Plambeck, "A note on
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
        Search::new(code).run_fastest(up_to)
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
/// within a few values, so the check costs about `O(g.len())`. A period
/// whose stretch is long but not yet long enough would make every multiple
/// of it scan the same stretch again (`0.56`: 2 000 multiples of 144 over
/// 300 000 values at each checkpoint): its multiples are not tried, and the
/// period itself is proven at a later checkpoint.
pub fn proven_period(g: &[u32], t: usize) -> Option<Period> {
    let len = g.len();
    let most = len.checked_sub(t + 2)? / 2;
    let mut unproven: Vec<usize> = Vec::new();
    let top = g[len - 1];
    for p in 1..=most {
        // A `p` the last value breaks proves nothing and is not kept: its
        // stretch is shorter than `p`.
        if g[len - 1 - p] != top {
            continue;
        }
        if unproven.iter().any(|&q| p % q == 0) {
            continue;
        }
        let last_exception = (p..len).rev().find(|&m| g[m] != g[m - p]);
        let start = last_exception.map_or(1, |m| (m + 1 - p).max(1));
        if 2 * start + 2 * p + t <= len {
            return Some(Period { start, length: p });
        }
        if len - start >= 4 * p {
            unproven.push(p);
        }
    }
    None
}

/// The bit mask whose rare values (`popcount(v & mask)` even) are fewest
/// among `values`, ties to the smallest mask; 0 (every value rare) if none
/// does better.
pub fn sparsest_mask(values: &[u32]) -> u32 {
    let top = values.iter().copied().max().unwrap_or(0);
    let mut histogram = vec![0; (top as usize + 1).next_power_of_two()];
    for &v in values {
        histogram[v as usize] += 1;
    }
    sparsest_in(histogram).0
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

/// Pairs looked at between two looks at the rare values still missing.
const CHUNK: usize = 256;

/// Heaps whose pairs with the rare positions are marked in one pass over
/// those positions: for a rare `r` far enough from both ends, the large
/// parts of consecutive heaps are consecutive values, read at once.
const BLOCK: usize = 16;

/// `$look!(a, past)` for each chunk of 64 splits `[a, a + 64)` the check of
/// the rare values below `c` looks at, the `$full` from `a = 1`: those
/// [`ordered`] gives first, then the others in place, and when `$both`,
/// from the last one too, alternately, once [`DEEP`] of them were looked
/// at in place; `past` is the number of chunks looked at past the ordered
/// ones and [`DEEP`] (evaluated only where the body uses it).
/// `$len` is the length of the slice of first parts. A macro, as the body
/// it repeats must stay in the function that has the target features.
macro_rules! each_chunk {
    ($order:expr, $full:expr, $len:expr, $both:expr, $look:ident) => {{
        let first = ordered($order, $full);
        let deep = first.len() + DEEP;
        for &k in first {
            $look!(1 + 64 * usize::from(k), 0);
        }
        // In place, up to DEEP of them when both ends are taken (bounded by
        // `$len`, the parts' slice: then a chunk's loads need no check).
        let mut a = 1 + 64 * first.len();
        let end = if $both { (1 + 64 * deep).min($len) } else { $len };
        while a + 64 <= end {
            $look!(a, ((a - 1) / 64 + 1).saturating_sub(deep));
            a += 64;
        }
        // Then one from each end in turn: the chunks `low..high` are left.
        let (mut low, mut high) = ((a - 1) / 64, $full);
        while low < high {
            let k = if (high - low) % 2 == 1 {
                high -= 1;
                high
            } else {
                low += 1;
                low - 1
            };
            $look!(1 + 64 * k, low - deep + $full - high);
        }
    }};
}

/// Chunks looked at in place before the check of the rare values below
/// `c` may take the chunks from the last one too ([`Ends`]).
const DEEP: usize = 256;

/// Whether the check of the rare values below `c` takes the chunks from
/// the last one too once [`DEEP`] in place gave no end ([`each_chunk`]).
/// Where a value comes late from the smallest parts it may come early
/// from the parts near `s / 2`: `0.143` from 400 000 on takes 2 100
/// chunks a heap in place, 230 from the middle. Where values come as in
/// `0.376`, from the smallest parts more often the further in, both ends
/// cost (one heap of 10^6 1.07 to 1.13 times as long, both ends always
/// taken). So each way is measured: the chunks past those [`DEEP`] that
/// the heaps which found every value there looked at, one heap in
/// [`PROBE`] taken the other way; both ends are taken while they cost a
/// fifth less (a chunk from the middle is far from the values in the
/// cache). One heap of 10^6 of `0.143` takes 0.45 times as long so,
/// `0.376` 1.015 (medians of 6 pairs over three layouts of the code).
#[derive(Default)]
struct Ends {
    /// Both ends for the heaps but one in [`PROBE`] (else for that one).
    on: bool,
    /// Both ends for the heap being valued.
    now: bool,
    /// Since the last choice, in place (0) and from both ends (1): the
    /// heaps that found their last value past [`DEEP`], and the chunks
    /// they looked at past it.
    heaps: [u64; 2],
    chunks: [u64; 2],
}

/// One heap in this many (a power of two) is looked at the other way
/// ([`Ends::take`]).
const PROBE: u64 = 16;

impl Ends {
    /// Counts a heap that found every value after looking at `past` chunks
    /// past [`DEEP`] (none: it is not counted).
    fn found(&mut self, past: usize) {
        if past > 0 {
            self.heaps[usize::from(self.now)] += 1;
            self.chunks[usize::from(self.now)] += past as u64;
        }
    }

    /// Chooses again, once 16 heaps have been counted each way.
    fn choose(&mut self) {
        let [place, both] = self.heaps;
        if place >= 16 && both >= 16 {
            self.on = 5 * self.chunks[1] * place < 4 * self.chunks[0] * both;
            (self.heaps, self.chunks) = ([0; 2], [0; 2]);
        }
    }

    /// Whether the heap `n` takes both ends: one in [`PROBE`] the other
    /// way, by a hash of `n` (heaps `n` a multiple of 16 would all be even,
    /// and the values of even heaps can come otherwise).
    fn take(&mut self, n: usize) {
        let probe = (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - PROBE.trailing_zeros()) == 0;
        self.now = self.on != probe;
    }
}

/// How many chunks of 64 splits [`Search::order_chunks`] orders.
const ORDERED: usize = 200;

/// How many common values [`Search::split_rares`]'s candidates are per heap:
/// an even number (two to a compare).
const CANDIDATES: usize = 8;

/// Missing values searched for one by one in a chunk (a vectorised compare
/// each) rather than by marking every pair's value (a store each).
const FEW: usize = 16;

/// The values as 16-bit words, while every value is below 2^16, forwards
/// and backwards: the splits `(a, s - a)` for consecutive `a` are then two
/// ascending runs, which the compiler vectorises.
struct Narrow {
    /// `forward[x] = g(x)`.
    forward: Vec<u16>,
    /// `backward[top - x] = g(x)`, filled from the end.
    backward: Vec<u16>,
    top: usize,
    /// `forward` and `backward` as bytes while every value is below 256
    /// (then `None`): half the memory a walk through every split streams.
    bytes: Option<(Vec<u8>, Vec<u8>)>,
}

impl Narrow {
    fn new(top: usize) -> Self {
        Narrow {
            forward: Vec::with_capacity(top + 1),
            backward: vec![0; top + 1],
            top,
            bytes: Some((Vec::with_capacity(top + 1), vec![0; top + 1])),
        }
    }

    fn push(&mut self, v: u16) {
        let x = self.forward.len();
        self.forward.push(v);
        self.backward[self.top - x] = v;
        match (&mut self.bytes, u8::try_from(v)) {
            (Some((forward, backward)), Ok(v)) => {
                forward.push(v);
                backward[self.top - x] = v;
            }
            (bytes, _) => *bytes = None,
        }
    }

    /// `g(a) ^ g(s - a)` for `a` in `from..from + out.len()` (all below `s`).
    #[inline(always)]
    fn splits(&self, s: usize, from: usize, out: &mut [u16]) {
        let small = &self.forward[from..from + out.len()];
        let start = self.top - s + from;
        let large = &self.backward[start..start + out.len()];
        for ((x, &p), &q) in out.iter_mut().zip(small).zip(large) {
            *x = p ^ q;
        }
    }
}

/// A rare position and its value, side by side: the scan over the rare
/// positions reads both in one stream.
#[derive(Clone, Copy, Debug)]
struct Rare {
    pos: u32,
    value: u32,
}

/// The rare positions [`Search::mark_block_bytes`] checks against each
/// heap's first [`CANDIDATES`] instead of marking them
/// ([`Search::split_rares`]).
#[derive(Default)]
struct Checked {
    /// The checked positions, and `marked` the others, each ascending; both
    /// empty while all are marked.
    rare: Vec<Rare>,
    marked: Vec<Rare>,
    /// Each checked position's value in both halves of a word, which the
    /// check broadcasts straight from memory.
    keys: Vec<u32>,
    /// Tenths of the positions that may be checked.
    tenths: usize,
    /// `critical[k]`: how many sampled heaps had a common option below
    /// their `c` from `rare[k]` of [`Search`] alone, over every split under
    /// this mask.
    critical: Vec<u32>,
    /// The heaps sampled for `critical`, and how many rare positions there
    /// were at the last sample.
    sampled: usize,
    sampled_rares: usize,
    /// Heaps valued with candidates since the last split, and of those the
    /// heaps whose candidates all fell, valued with every checked position.
    heaps: usize,
    fallen: usize,
}

/// A block's candidates ([`Search::choose_candidates`]).
struct Candidates {
    /// `values[k BLOCK + j]`: the `k`-th smallest common value no mark of
    /// the block gave the heap `start + j` (`u16::MAX` past the last below
    /// `cap`).
    values: [u16; CANDIDATES * BLOCK],
    /// `hit[k]`: the heaps of the block whose `k`-th candidate a checked
    /// rare position gives ([`Search::check_candidates`]).
    hit: [u16; CANDIDATES],
    /// The values no mark of the block gave each of its heaps, in `words`
    /// words.
    opens: [Bitmap; BLOCK],
    words: usize,
}

/// The state of one computation of a code's values.
///
/// Positions are classed by a *tagged* value `2 g(x) + tag(x)`. When every
/// split move takes tokens of one parity `q`, `tag(x) = (x + q) mod 2`, and
/// the two parts `a + b = n - i` of a split of `n` have
/// `tag(a) ^ tag(b) = tag(n)`: the parity of the heap joins the value's bits
/// (`0.104` and `0.324` are sparse only so). Else `tag` is 0. A position is
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
    /// `commons[tag]`: the option values common for a heap of that tag,
    /// ascending; `rares[tag]` the others.
    commons: [Vec<u32>; 2],
    rares: [Vec<u32>; 2],
    /// Positions `x >= 1` that are rare, ascending.
    rare: Vec<Rare>,
    /// For each split of `splits`, the rare positions whose pairs
    /// [`Search::mark_block`] marked for the current block
    /// ([`middle_rares`]); new rare positions come after them.
    middles: Vec<std::ops::Range<usize>>,
    /// How many rare positions there were when the mask was chosen.
    rare_at_mask: usize,
    /// The rare positions checked against candidates rather than marked.
    checked: Checked,
    /// The order of the first [`ORDERED`] chunks of the check of the rare
    /// values below `c` ([`Search::order_chunks`]), and how many values
    /// there were when it was chosen.
    chunk_order: Vec<u16>,
    ordered_at: usize,
    /// Whether that check looks at the chunks from the last one too.
    ends: Ends,
    /// The block's candidates.
    candidates: Candidates,
    /// `seen[v BLOCK + j] == block_stamp(n)`: `v` is an option of the heap
    /// `n`, where `j = n mod BLOCK` (a lane of `cap` stamps per heap of a
    /// block, interleaved: a block's marks of one value are side by side,
    /// and a lane is the slice from `j` on, read at [`slot`]s). Stamps, not
    /// a set to clear: marking an option is one store. Byte stamps, cleared
    /// once in 255 blocks when they wrap: a quarter of the memory `u32`
    /// stamps took, which the cache keeps where the values pass 1024 (two
    /// pairs of runs each: one heap of 2 * 10^5 of `0.125` takes 0.72 times
    /// as long so, of 10^5 of `0.76` 0.62, of 3 * 10^5 of `0.114` 0.82).
    seen: Vec<u8>,
    /// The rare values below the common candidate not yet seen, ascending.
    missing: Vec<u32>,
    /// The values as 16-bit words, until one is 2^16 or more.
    narrow: Option<Narrow>,
    /// `unhit[v]`: the heaps of the block (bit `j` for `start + j`) that no
    /// mark of [`Search::mark_block`] gave the option `v` (every heap for
    /// `v` at or above `cap` at the block's start); kept by the AVX-512
    /// path only.
    unhit: Vec<u16>,
    /// `block_marks[v BLOCK + j] == byte_stamp`: a mark of
    /// [`Search::mark_block_bytes`] gave the heap `start + j` the option
    /// `v`. The stamp counts the blocks so marked, the marks cleared when
    /// it wraps.
    block_marks: Vec<u8>,
    byte_stamp: u8,
    /// [`BITMAP_CAP`], lower only to test the hand-over to `seen`.
    bitmap_cap: usize,
    /// Whether [`Search::value_dense`] may value the heaps (the AVX-512 path).
    dense_scan: bool,
    /// [`DENSE_CAP`], lower only to test [`drop_gathered`] on small values.
    dense_cap: usize,
    /// `dense_marks[v] == dense_stamp`: the heap [`Search::value_dense`]
    /// values has the option `v` from a move that leaves one heap or from
    /// one of the first splits. The stamp counts the heaps, the marks
    /// cleared when it wraps.
    dense_marks: Vec<u8>,
    dense_stamp: u8,
    /// The values [`Search::value_dense`] has not found yet, a bit each.
    dense_missing: Vec<u64>,
    /// `common_bits[tag]`, `rare_bits[tag]`: `commons[tag]` and
    /// `rares[tag]` as sets, while `cap` is at most [`BITMAP_CAP`].
    common_bits: [Bitmap; 2],
    rare_bits: [Bitmap; 2],
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
            commons: Default::default(),
            rares: Default::default(),
            rare: Vec::new(),
            middles: Vec::new(),
            rare_at_mask: 0,
            chunk_order: Vec::new(),
            ordered_at: 0,
            ends: Ends::default(),
            checked: Checked {
                tenths: 5,
                ..Checked::default()
            },
            candidates: Candidates {
                values: [u16::MAX; CANDIDATES * BLOCK],
                hit: [0; CANDIDATES],
                opens: [[0; BITMAP_CAP / 64]; BLOCK],
                words: 0,
            },
            seen: Vec::new(),
            missing: Vec::new(),
            narrow: None,
            unhit: vec![u16::MAX; BITMAP_CAP],
            block_marks: vec![0; BLOCK * BITMAP_CAP],
            byte_stamp: 0,
            bitmap_cap: BITMAP_CAP,
            dense_scan: false,
            dense_cap: DENSE_CAP,
            dense_marks: vec![0; DENSE_CAP],
            dense_stamp: 0,
            dense_missing: Vec::new(),
            common_bits: [[0; BITMAP_CAP / 64]; 2],
            rare_bits: [[0; BITMAP_CAP / 64]; 2],
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
        let new = cap as usize;
        // A value's slots do not depend on `cap`: the lanes only grow.
        self.seen.resize(BLOCK * new, 0);
        self.cap = cap;
        self.histogram.resize(2 * new, 0);
        self.classify_values();
    }

    fn classify_values(&mut self) {
        for tag in 0..2 {
            let (rares, commons): (Vec<u32>, Vec<u32>) = (0..self.cap).partition(|&v| self.is_rare(2 * v + tag));
            let set = |values: &[u32]| {
                let mut set: Bitmap = [0; BITMAP_CAP / 64];
                for &v in values.iter().take_while(|&&v| (v as usize) < BITMAP_CAP) {
                    set[v as usize / 64] |= 1 << (v % 64);
                }
                set
            };
            self.rare_bits[tag as usize] = set(&rares);
            self.common_bits[tag as usize] = set(&commons);
            self.rares[tag as usize] = rares;
            self.commons[tag as usize] = commons;
        }
    }

    /// Takes the mask that leaves the fewest rare positions so far, if they
    /// are under a third of all (else every pair is tried directly, mask 0),
    /// and lists the rare positions.
    fn remask(&mut self) {
        let (best, rares) = sparsest_in(self.histogram.clone());
        // A rare position costs a store a heap, where the dense scan costs
        // about a sixth of one a pair ([`Search::value_dense`]).
        let dense = self.dense_scan && self.cap as usize <= self.dense_cap && self.narrow.is_some();
        let share = if dense { 6 } else { 3 };
        let mask = if share * rares < self.g.len() - 1 { best } else { 0 };
        // Under the same mask `rare` is kept as it is: `run` lists each new
        // rare position as it comes.
        if mask != self.mask {
            // The rare positions under another mask are others.
            self.checked.critical.clear();
            self.checked.sampled = 0;
            self.mask = mask;
            self.rare = match mask {
                0 => Vec::new(),
                _ => (1..self.g.len())
                    .filter(|&x| self.is_rare(2 * self.g[x] + self.tag(x)))
                    .map(|x| Rare {
                        pos: x as u32,
                        value: self.g[x],
                    })
                    .collect(),
            };
        }
        self.classify_values();
        self.rare_at_mask = self.rare.len();
        self.checked.rare.clear();
        self.checked.marked.clear();
    }

    /// The rare positions the block marks: all of them, or those
    /// [`Search::split_rares`] left to be marked.
    fn marked(&self) -> &[Rare] {
        if self.checked.rare.is_empty() {
            &self.rare
        } else {
            &self.checked.marked
        }
    }

    /// Chooses the rare positions to check rather than mark: of those
    /// below every block's splits from here on, the share (`tenths` of [`Checked`])
    /// that least often alone gave a sampled heap a common option below its
    /// `c` (the others make the candidates: the commons no marked position
    /// gives a heap). 256 heaps are sampled at each checkpoint until 2 048
    /// have been under this mask, and again whenever new rare positions
    /// came. The share shrinks when more than one heap in a hundred lost
    /// all its candidates since the last split (by three tenths when more
    /// than one in twenty did), and grows, up to nine tenths, when fewer
    /// than one in five hundred did. Codes with splits of adjacent
    /// sizes mark every position: there one store marks two splits
    /// ([`block_plan`]), where the check takes one pass for each (`0.64`
    /// was 1.1 times as slow checked).
    fn split_rares(&mut self) {
        const SAMPLES: usize = 256;
        self.checked.rare.clear();
        self.checked.marked.clear();
        if self.splits.windows(2).any(|w| w[1] == w[0] + 1) {
            return;
        }
        if self.checked.heaps >= 1000 {
            let (fallen, heaps) = (self.checked.fallen, self.checked.heaps);
            if 20 * fallen > heaps {
                self.checked.tenths = self.checked.tenths.saturating_sub(3).max(1);
            } else if 100 * fallen > heaps {
                self.checked.tenths = self.checked.tenths.saturating_sub(1).max(1);
            } else if 500 * fallen < heaps {
                self.checked.tenths = (self.checked.tenths + 1).min(9);
            }
        }
        (self.checked.heaps, self.checked.fallen) = (0, 0);
        let n0 = self.g.len();
        let reach = self.splits.iter().max().map_or(0, |&i| i + 1);
        let eligible: Vec<bool> = self.rare.iter().map(|r| r.pos as usize >= BLOCK && r.pos as usize + reach < n0).collect();
        let count = eligible.iter().filter(|&&e| e).count();
        let share = count * self.checked.tenths / 10;
        if share < 128 {
            return;
        }
        let cap = self.cap as usize;
        let (mut hits, mut who) = (vec![0u8; cap], vec![0usize; cap]);
        let mut critical = std::mem::take(&mut self.checked.critical);
        critical.resize(self.rare.len(), 0);
        let sample = self.checked.sampled < 8 * SAMPLES || self.rare.len() > self.checked.sampled_rares;
        if sample {
            (self.checked.sampled, self.checked.sampled_rares) = (self.checked.sampled + SAMPLES, self.rare.len());
        }
        for h in (0..SAMPLES).filter(|_| sample).map(|k| n0 / 2 + k * (n0 / 2) / SAMPLES) {
            hits.fill(0);
            for &(i, d) in &self.moves {
                if d & LEAVE_NONE != 0 && h == i {
                    hits[0] = 2;
                }
                if d & LEAVE_ONE != 0 && h > i {
                    hits[self.g[h - i] as usize] = 2;
                }
            }
            for s in self.splits.iter().filter_map(|&i| h.checked_sub(i)) {
                for (k, r) in self.rare.iter().enumerate().take_while(|(_, r)| (r.pos as usize) < s) {
                    let x = (self.g[s - r.pos as usize] ^ r.value) as usize;
                    hits[x] = hits[x].saturating_add(if eligible[k] { 1 } else { 2 });
                    who[x] = k;
                }
            }
            let commons = &self.commons[self.tag(h) as usize];
            for &v in commons.iter().take_while(|&&v| hits[v as usize] != 0) {
                if hits[v as usize] == 1 {
                    critical[who[v as usize]] += 1;
                }
            }
        }
        let mut order: Vec<usize> = (0..self.rare.len()).filter(|&k| eligible[k]).collect();
        order.sort_by_key(|&k| (critical[k], k));
        let mut check = vec![false; self.rare.len()];
        for &k in &order[..share] {
            check[k] = true;
        }
        self.checked.critical = critical;
        for (r, &check) in self.rare.iter().zip(&check) {
            if check { &mut self.checked.rare } else { &mut self.checked.marked }.push(*r);
        }
        self.checked.keys = self.checked.rare.iter().map(|r| r.value * 0x1_0001).collect();
    }

    /// Orders the first [`ORDERED`] chunks of 64 splits `(a, s - a)` for
    /// the check of the rare values below `c`, by how likely each is to
    /// give them, the hardest first. With `p(u)` the share of the positions
    /// of value `u`, a chunk's score is the sum over the rare values `w`
    /// below a bound of `1 - prod(1 - p(g(a) ^ w))` over its parts `a`,
    /// over the mean of `p(g(a) ^ w)` over all the chunks' parts. The bound
    /// is a percentile of the last 4 096 values (where `c` lies): of the
    /// orders for the 60th, 75th, 90th and 99th, the natural one and, on
    /// values past 255, one fitted to other recent heaps
    /// ([`Search::fitted_order`]), the one that finds the rare values below
    /// their value for 64 of the last heaps in the fewest chunks is kept
    /// (Officers: 26 chunks a heap where the natural order takes 43; `0.14`:
    /// 12 where it takes 37). Chosen again whenever the values are four
    /// times as many (a choice costs 3 to 7 ms on values past 255, the
    /// time of 3 000 to 7 000 of Officers' heaps); the order only sets the
    /// speed.
    fn order_chunks(&mut self) {
        let n = self.g.len();
        if n < self.ordered_at * 4 || n < 2 * (1 + 64 * ORDERED) + 4096 {
            return;
        }
        self.ordered_at = n;
        let cap = self.cap as usize;
        let total: i64 = self.histogram.iter().sum();
        let p: Vec<f64> = (0..cap).map(|u| (self.histogram[2 * u] + self.histogram[2 * u + 1]) as f64 / total as f64).collect();
        let mut recent: Vec<u32> = self.g[n - 4096..].to_vec();
        recent.sort_unstable();
        // Rare for a heap of either tag (`by_bitmap`: `cap` fits the sets).
        let rare: Bitmap = std::array::from_fn(|w| self.rare_bits[0][w] | self.rare_bits[1][w]);
        let is_rare = |w: u32| contains(&rare, w);
        let tops = [60, 75, 90, 99].map(|percent| recent[recent.len() * percent / 100]);
        // gain[k][j]: what chunk k adds to the score for the j-th rare value
        // below the highest bound; a bound's score sums a prefix.
        let hard: Vec<u32> = (0..tops[3]).filter(|&w| is_rare(w)).collect();
        let parts = 1..1 + 64 * ORDERED;
        let gain: Vec<Vec<f64>> = {
            // By the parts' values, `count[u]` of them: a sum over the
            // parts was a chain of 12 800 additions for each `w`.
            let mut count = vec![0u32; cap];
            for a in parts.clone() {
                count[self.g[a] as usize] += 1;
            }
            let mean: Vec<f64> = hard
                .iter()
                .map(|&w| (0..cap).map(|u| f64::from(count[u]) * p[u ^ w as usize]).sum::<f64>() / parts.len() as f64)
                .collect();
            // Each part's factor taken into the products of every `w` at
            // once: one product is a chain of multiplications, these are
            // side by side.
            let miss: Vec<f64> = p.iter().map(|&p| 1.0 - p).collect();
            (0..ORDERED)
                .map(|k| {
                    let mut unfound = vec![1.0; hard.len()];
                    for a in 1 + 64 * k..65 + 64 * k {
                        let u = self.g[a];
                        for (unfound, &w) in unfound.iter_mut().zip(&hard) {
                            *unfound *= miss[(u ^ w) as usize];
                        }
                    }
                    unfound.iter().zip(&mean).map(|(&unfound, &m)| (1.0 - unfound) / (m + 1e-4)).collect()
                })
                .collect()
        };
        let order_below = |top: u32| {
            let below = hard.partition_point(|&w| w < top);
            let score: Vec<f64> = gain.iter().map(|gain| gain[..below].iter().sum()).collect();
            let mut order: Vec<u16> = (0..ORDERED as u16).collect();
            order.sort_by(|&x, &y| score[usize::from(y)].total_cmp(&score[usize::from(x)]).then(x.cmp(&y)));
            order
        };
        let mut orders = vec![Vec::new()];
        orders.extend(tops.map(order_below));
        // The heaps of a split of the first size whose value is common: the
        // rare values below it are those the check looked for.
        let Some(&i) = self.splits.first() else { return };
        // On values below 256 the chunks looked at take a fitted order no less
        // time than the natural one (`0.14`: 7% fewer chunks, 1.07 times as long).
        if self.narrow.as_ref().is_some_and(|narrow| narrow.bytes.is_none()) {
            orders.push(self.fitted_order(i, &rare));
        }
        // The trial heaps `h` with their splits' sum and the rare values
        // below their value, which the check looked for.
        let trials: Vec<(usize, Vec<bool>)> = self
            .common_heaps(1, &rare)
            .into_iter()
            .map(|h| (h - i, (0..cap as u32).map(|w| w < self.g[h] && is_rare(w)).collect()))
            .collect();
        let chunks = |order: &[u16]| -> usize {
            let chunks_of = |s: usize, mut missing: Vec<bool>| {
                let mut left = missing.iter().filter(|&&m| m).count();
                let mut looked = 0;
                macro_rules! count {
                    ($a:expr, $past:expr) => {{
                        if left == 0 {
                            return looked;
                        }
                        looked += 1;
                        let a = $a;
                        for x in (a..a + 64).map(|a| (self.g[a] ^ self.g[s - a]) as usize) {
                            left -= usize::from(std::mem::take(&mut missing[x]));
                        }
                    }};
                }
                // Past the first ORDERED chunks every order is the same.
                let full = ((s / 2) / 64).min(ORDERED);
                each_chunk!(order, full, 1 + 64 * full, false, count);
                looked
            };
            trials.iter().map(|(s, missing)| chunks_of(*s, missing.clone())).sum()
        };
        // An order must beat the natural one by a tenth: the trial's missing
        // values are only those below the heap's value.
        let costs: Vec<usize> = orders.iter().map(|order| chunks(order)).collect();
        let best = (1..orders.len()).min_by_key(|&k| (costs[k], k)).expect("four orders or five");
        self.chunk_order = if 10 * costs[best] < 9 * costs[0] { std::mem::take(&mut orders[best]) } else { Vec::new() };
    }

    /// An order of the first [`ORDERED`] chunks fitted to 64 recent heaps
    /// (others than [`Search::order_chunks`] tries orders on), for a split
    /// of `i`: greedily, each next chunk the one that gives those heaps the
    /// most rare values (of `rare`) below their value no chunk before gave,
    /// until none gives more ([`greedy_cover`]); the others follow in
    /// place. Where the scores of value shares miss the values' structure,
    /// this finds it: `0.74`'s scored orders take more chunks than the
    /// natural one (4 183 to 4 407 against 3 807 for the trial heaps at
    /// 506 992), the fitted one 3 013, and a heap of 10^6 takes 0.89 to 0.91
    /// times as long (medians of 9 pairs over three layouts of the code,
    /// `bench/octal_pairs.sh`); Officers' fitted orders beat its scored ones
    /// (1 203 chunks against 1 313) for a time 0.98 times as long. Fitting
    /// costs about 2.7 ms a time (64 heaps, 200 chunks), up to 5 times for
    /// a heap of 10^6.
    #[cold]
    fn fitted_order(&self, i: usize, rare: &Bitmap) -> Vec<u16> {
        let words = (self.cap as usize).div_ceil(64);
        let heaps = self.common_heaps(31, rare);
        let missing: Vec<Vec<u64>> = heaps.iter().map(|&h| (0..words).map(|w| rare[w] & below(self.g[h] as usize, w)).collect()).collect();
        // gives[t][k words..]: the values chunk k gives the t-th heap.
        let gives: Vec<Vec<u64>> = heaps
            .iter()
            .map(|&h| {
                let mut sets = vec![0u64; ORDERED * words];
                for (k, set) in sets.chunks_exact_mut(words).enumerate() {
                    for a in 1 + 64 * k..65 + 64 * k {
                        let v = (self.g[a] ^ self.g[h - i - a]) as usize;
                        set[v / 64] |= 1 << (v % 64);
                    }
                }
                sets
            })
            .collect();
        greedy_cover(missing, &gives, words)
    }

    /// 64 recent heaps whose value is common (not in `rare`), 61 apart from
    /// the `last`-th last on: the trial heaps of [`Search::order_chunks`]
    /// and those [`Search::fitted_order`] fits to.
    fn common_heaps(&self, last: usize, rare: &Bitmap) -> Vec<usize> {
        let n = self.g.len();
        (0..64).map(|k| n - last - k * 61).filter(|&h| !contains(rare, self.g[h])).collect()
    }

    /// [`Search::run`] compiled for AVX-512 (with VBMI's byte permutes, for
    /// the bitmap of missing values) or AVX2 (twice the vector width of the
    /// x86-64 baseline), whichever the processor has.
    fn run_fastest(self, up_to: usize) -> Values {
        #[cfg(target_arch = "x86_64")]
        {
            if has_avx512() {
                // SAFETY: the processor has AVX-512 F, BW, VBMI and BMI2, just checked.
                return unsafe { self.run_avx512(up_to) };
            }
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: the processor has AVX2, just checked.
                return unsafe { self.run_avx2(up_to) };
            }
        }
        self.run(up_to, true, false)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn run_avx2(self, up_to: usize) -> Values {
        self.run(up_to, true, false)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,bmi2")]
    unsafe fn run_avx512(self, up_to: usize) -> Values {
        self.run(up_to, true, true)
    }

    /// The values up to `up_to`; `narrow`: with the 16-bit copy while the
    /// values fit (false only to test the wide path on small values);
    /// `avx512`: the hot loops use AVX-512 F, BW, VBMI and BMI2 (only where the
    /// processor has them).
    #[inline(always)]
    fn run(mut self, up_to: usize, narrow: bool, avx512: bool) -> Values {
        self.dense_scan = avx512;
        if narrow {
            let mut words = Narrow::new(up_to);
            words.push(0);
            self.narrow = Some(words);
        }
        // A multiple of BLOCK: the mask changes only between blocks.
        let mut checkpoint = 64;
        while self.g.len() <= up_to {
            let n = self.g.len();
            if n.is_multiple_of(BLOCK) {
                self.start_block(n);
                if n == checkpoint {
                    if let Some(period) = proven_period(&self.g, self.t) {
                        return Values {
                            g: self.g,
                            period: Some(period),
                        };
                    }
                    self.remask();
                    if avx512 && self.by_bitmap() {
                        self.split_rares();
                        self.order_chunks();
                        self.ends.choose();
                    }
                    checkpoint = (checkpoint + checkpoint / 8).next_multiple_of(BLOCK);
                } else if self.rare.len() > 2 * self.rare_at_mask + 64 {
                    // The mask has gone stale: price every mask again.
                    self.remask();
                }
                if self.mask != 0 {
                    self.set_middles(n, avx512 && self.by_bitmap());
                    self.mark_block(n, avx512);
                }
            }
            let v = self.value(n, avx512);
            let by_bitmap = avx512 && self.by_bitmap();
            self.g.push(v);
            match (&mut self.narrow, u16::try_from(v)) {
                (Some(narrow), Ok(v)) => narrow.push(v),
                (narrow, _) => *narrow = None,
            }
            if v >= self.cap {
                self.resize((v + 1).next_power_of_two());
                if by_bitmap && !self.by_bitmap() {
                    // The block's marks went to `block_marks`; the rest of
                    // the block reads `seen`, marked by every rare position.
                    self.set_middles(n - n % BLOCK, false);
                    self.mark_block(n - n % BLOCK, false);
                }
            }
            let tagged = 2 * v + self.tag(n);
            self.histogram[tagged as usize] += 1;
            if self.mask != 0 && self.is_rare(tagged) {
                self.rare.push(Rare { pos: n as u32, value: v });
                if !self.checked.rare.is_empty() {
                    self.checked.marked.push(Rare { pos: n as u32, value: v });
                }
            }
        }
        Values {
            g: self.g,
            period: None,
        }
    }

    /// Clears `seen` at the block whose stamp wrapped to 1 ([`block_stamp`]):
    /// a lane may still hold that stamp from 255 blocks before.
    fn start_block(&mut self, start: usize) {
        if start > 0 && block_stamp(start) == 1 {
            self.seen.fill(0);
        }
    }

    /// The middle rare positions of the block at `start` for each split:
    /// among those [`Search::marked`] when `bitmap` (the AVX-512 path),
    /// else among all.
    fn set_middles(&mut self, start: usize, bitmap: bool) {
        let mut middles = std::mem::take(&mut self.middles);
        let rare = if bitmap { self.marked() } else { &self.rare };
        middles.clear();
        middles.extend(self.splits.iter().map(|&i| middle_rares(rare, start, i)));
        self.middles = middles;
    }

    /// Marks, for every heap `start + j` of the block (`j < BLOCK`) and
    /// every split of `i`, the pairs of the middle rare positions `r`:
    /// the large parts `start + j - i - r` are below `start`, hence known,
    /// and consecutive in `j`.
    #[inline(always)]
    fn mark_block(&mut self, start: usize, avx512: bool) {
        #[cfg(target_arch = "x86_64")]
        if avx512 && self.by_bitmap() {
            // SAFETY: `avx512` only where the processor has AVX-512 F, BW,
            // VBMI and BMI2 (`Search::run`).
            unsafe { self.mark_block_bytes(start) };
            return;
        }
        let cap = self.cap as usize;
        for (i, twins, middle) in block_plan(&self.splits, &self.middles) {
            let rare = &self.rare[middle];
            match &self.narrow {
                Some(narrow) => mark_block_pairs(&narrow.forward, start, i, twins, rare, &mut self.seen, cap),
                None => mark_block_pairs(&self.g, start, i, twins, rare, &mut self.seen, cap),
            }
        }
    }

    /// [`Search::mark_block`] for [`Search::value_by_bitmap`]: the marks go
    /// to `block_marks`, a byte per value and heap (16 KB where `seen`
    /// takes 64 KB, so the cache keeps it while the rare positions and the
    /// values stream past), then `unhit` is read off them 64 bytes at a
    /// time.
    ///
    /// # Safety
    /// The processor has AVX-512 F and BW; [`Search::by_bitmap`].
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512bw")]
    unsafe fn mark_block_bytes(&mut self, start: usize) {
        use std::arch::x86_64::*;
        let stamp = next_stamp(&mut self.byte_stamp, &mut self.block_marks);
        let g = &self.narrow.as_ref().expect("by_bitmap: 16-bit values").forward;
        let mut marks = std::mem::take(&mut self.block_marks);
        for (i, twins, middle) in block_plan(&self.splits, &self.middles) {
            let rare = &self.marked()[middle];
            if twins {
                mark_rare_twins(g, start - i - 1, rare, &mut marks, stamp);
            } else {
                mark_rares(g, start - i, rare, &mut marks, stamp);
            }
        }
        self.block_marks = marks;
        let cap = self.cap as usize;
        let stamps = _mm512_set1_epi8(stamp as i8);
        let fours = self.unhit.chunks_exact_mut(4).zip(self.block_marks.chunks_exact(4 * BLOCK));
        for (unhit, marks) in fours.take(cap.div_ceil(4)) {
            // SAFETY: 64 bytes, the marks of four values.
            let reached = _mm512_cmpeq_epi8_mask(unsafe { _mm512_loadu_si512(marks.as_ptr().cast()) }, stamps);
            for (k, unhit) in unhit.iter_mut().enumerate() {
                *unhit = !(reached >> (BLOCK * k)) as u16;
            }
        }
        self.unhit[cap..].fill(u16::MAX);
        if !self.checked.rare.is_empty() {
            // SAFETY: as this function's.
            unsafe {
                self.choose_candidates(start);
                self.check_candidates(start);
            }
        }
    }

    /// [`Candidates`] for the block at `start`: each heap's first
    /// [`CANDIDATES`] common values in no mark of the block, from `unhit`.
    ///
    /// # Safety
    /// The processor has AVX-512 F and BW; [`Search::by_bitmap`].
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512bw")]
    unsafe fn choose_candidates(&mut self, start: usize) {
        let words = (self.cap as usize).div_ceil(64);
        self.candidates.words = words;
        for j in 0..BLOCK {
            let commons = &self.common_bits[self.tag(start + j) as usize];
            self.candidates.opens[j] = unsafe { open_bits(&self.unhit, j, words) };
            let open = &self.candidates.opens[j];
            let mut k = 0;
            'words: for (w, (&open, &common)) in open.iter().zip(commons).enumerate().take(words) {
                let mut bits = open & common;
                while bits != 0 {
                    if k == CANDIDATES {
                        break 'words;
                    }
                    self.candidates.values[k * BLOCK + j] = (64 * w) as u16 + bits.trailing_zeros() as u16;
                    bits &= bits - 1;
                    k += 1;
                }
            }
            for k in k..CANDIDATES {
                self.candidates.values[k * BLOCK + j] = u16::MAX;
            }
        }
    }

    /// [`Candidates::hit`] for the block at `start`: for each checked rare
    /// position and split, the options of the block's 16 heaps compared
    /// with two candidates of each at once, as the least XOR with the
    /// candidate over the positions (0 where one gives it).
    ///
    /// # Safety
    /// The processor has AVX-512 F and BW; [`Search::by_bitmap`], and every
    /// checked position is below `start - i - 1` for every split `i`
    /// ([`Search::split_rares`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512bw")]
    unsafe fn check_candidates(&mut self, start: usize) {
        use std::arch::x86_64::*;
        let g = &self.narrow.as_ref().expect("by_bitmap: 16-bit values").forward;
        // SAFETY (every load): 64 bytes within `candidates`, or 32 within `g`.
        let pairs: [__m512i; CANDIDATES / 2] =
            std::array::from_fn(|k| unsafe { _mm512_loadu_si512(self.candidates.values[2 * k * BLOCK..].as_ptr().cast()) });
        let mut least = [_mm512_set1_epi16(-1); CANDIDATES / 2];
        for &i in &self.splits {
            let s0 = start - i;
            for (r, key) in self.checked.rare.iter().zip(&self.checked.keys) {
                debug_assert!(BLOCK <= r.pos as usize && r.pos as usize + i < start && start <= g.len());
                // SAFETY: `BLOCK <= r.pos` and `r.pos + i < start`
                // ([`Search::split_rares`] takes no other), so the 16
                // values from `s0 - r.pos` end below `start`, within `g`.
                let large = unsafe { _mm256_loadu_si256(g.as_ptr().add(s0 - r.pos as usize).cast()) };
                let (large, key) = (_mm512_broadcast_i64x4(large), _mm512_set1_epi32(*key as i32));
                for (least, &pair) in least.iter_mut().zip(&pairs) {
                    *least = _mm512_min_epu16(*least, _mm512_ternarylogic_epi32::<0x96>(large, key, pair));
                }
            }
        }
        for (k, least) in least.iter().enumerate() {
            let hit = _mm512_cmpeq_epi16_mask(*least, _mm512_setzero_si512());
            self.candidates.hit[2 * k] = hit as u16;
            self.candidates.hit[2 * k + 1] = (hit >> 16) as u16;
        }
    }

    /// Whether [`Search::value_dense`] values the heaps: every pair tried
    /// (mask 0), on the AVX-512 path, every value below 2^16.
    fn by_dense_scan(&self) -> bool {
        self.dense_scan && self.mask == 0 && self.narrow.is_some()
    }

    /// [`Search::value`] where every pair is tried (no sparse space): the
    /// values below `cap` as a set, the heap's own options and those of the
    /// first `2 cap` splits of each size dropped one by one (most values
    /// come there), the rest by [`drop_reached`], 64 splits a look-up (past
    /// [`DENSE_CAP`], by [`drop_gathered`], 16 a gather); the mex is the
    /// first value left. A marked pair costs a store, a look-up about a
    /// sixth of that per pair, and a value comes once a heap.
    ///
    /// # Safety
    /// The processor has AVX-512 F, BW, VBMI and BMI2; [`Search::by_dense_scan`].
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,bmi2")]
    unsafe fn value_dense(&mut self, n: usize) -> u32 {
        use std::arch::x86_64::*;
        let cap = self.cap as usize;
        if self.dense_marks.len() < cap {
            self.dense_marks.resize(cap, 0);
        }
        let stamp = next_stamp(&mut self.dense_stamp, &mut self.dense_marks);
        let marks = &mut self.dense_marks;
        let g = &self.g[..n];
        for &(i, d) in &self.moves {
            if d & LEAVE_NONE != 0 && n == i {
                marks[0] = stamp;
            }
            if d & LEAVE_ONE != 0 && n > i {
                marks[g[n - i] as usize] = stamp;
            }
        }
        let first = 2 * cap.next_multiple_of(64);
        let narrow = self.narrow.as_ref().expect("by_dense_scan: 16-bit values");
        let splits = self.splits.iter().filter_map(|&i| n.checked_sub(i).filter(|&s| s >= 2));
        for s in splits.clone() {
            let end = (s / 2).min(first);
            for (&x, &y) in narrow.forward[1..=end].iter().zip(&narrow.backward[narrow.top - s + 1..]) {
                marks[usize::from(x ^ y)] = stamp;
            }
        }
        let mut missing = std::mem::take(&mut self.dense_missing);
        missing.resize(16 * cap.div_ceil(1024), 0);
        let stamps = _mm512_set1_epi8(stamp as i8);
        for (w, (word, marks)) in missing.iter_mut().zip(marks.chunks_exact(64)).enumerate() {
            // SAFETY: 64 bytes, a chunk of `marks`.
            let marked = _mm512_cmpeq_epi8_mask(unsafe { _mm512_loadu_si512(marks.as_ptr().cast()) }, stamps);
            *word = !marked & below(cap, w);
        }
        for s in splits {
            let from = (s / 2).min(first) + 1;
            // SAFETY: as this function's; values below `cap`, at most
            // `1024 T`, and `missing` has 16 words for each 1024.
            unsafe {
                match missing.len() / 16 {
                    _ if cap > self.dense_cap => drop_gathered(narrow, s, from, &mut missing),
                    1 => drop_reached::<1>(narrow, s, from, &mut missing),
                    2 => drop_reached::<2>(narrow, s, from, &mut missing),
                    4 => drop_reached::<4>(narrow, s, from, &mut missing),
                    _ => drop_reached::<8>(narrow, s, from, &mut missing),
                }
            }
        }
        let mex = first_in(&missing).unwrap_or(cap as u32);
        self.dense_missing = missing;
        mex
    }

    /// Whether [`Search::value_by_bitmap`] values the heaps: sparse, and
    /// every value (hence every option) below `bitmap_cap`.
    fn by_bitmap(&self) -> bool {
        self.mask != 0 && self.cap as usize <= self.bitmap_cap && self.narrow.is_some()
    }

    /// [`Search::value`] on sets of values: the values no block mark reached
    /// for this heap, read off `unhit` (a test per 32 values), less the
    /// heap's own options; `c` is the smallest common one left, and the
    /// rare ones below `c` are looked for by [`find_in_bitmap`], in `T`
    /// pairs of tables. The sets are of `W = 16 T` words: a parameter of
    /// its own, as stable Rust takes no `16 * T` for an array's length, and
    /// checked against `T` when compiled.
    ///
    /// # Safety
    /// The processor has AVX-512 F, BW, VBMI and BMI2; [`Search::by_bitmap`],
    /// and `cap` is at most `1024 T` (`T`, 1 or 2, is checked when compiled).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,bmi2")]
    unsafe fn value_by_bitmap<const T: usize, const W: usize>(&mut self, n: usize) -> u32 {
        const { assert!((T == 1 || T == 2) && W == 16 * T) };
        let cap = self.cap as usize;
        debug_assert!(cap <= 64 * W);
        let j = n % BLOCK;
        let mut open: [u64; W] = match self.checked.rare.is_empty() || self.candidates.words != cap.div_ceil(64) {
            // SAFETY: as this function's.
            true => unsafe { open_bits(&self.unhit, j, cap.div_ceil(64)) },
            false => self.candidates.opens[j][..W].try_into().expect("W words"),
        };
        let g = &self.g[..n];
        let reach = |open: &mut [u64; W], v: u32| open[v as usize / 64] &= !(1 << (v % 64));
        for &(i, d) in &self.moves {
            if d & LEAVE_NONE != 0 && n == i {
                reach(&mut open, 0);
            }
            if d & LEAVE_ONE != 0 && n > i {
                reach(&mut open, g[n - i]);
            }
        }
        // `(s, middle)`: a split leaves `s` tokens to share, at least 2;
        // `middle`: the rare positions `mark_block` took.
        let splits = (self.splits.iter().zip(&self.middles))
            .filter_map(|(&i, middle)| Some((n.checked_sub(i).filter(|&s| s >= 2)?, middle)));
        for (s, middle) in splits.clone() {
            for rare in end_rares(self.marked(), middle, s) {
                for r in rare {
                    reach(&mut open, g[s - r.pos as usize] ^ r.value);
                }
            }
        }
        let tag = self.tag(n) as usize;
        let first_common = |open: &[u64; W]| {
            let common: [u64; W] = std::array::from_fn(|w| open[w] & self.common_bits[tag][w]);
            first_in(&common).map_or(cap, |c| c as usize)
        };
        let mut c;
        if self.checked.rare.is_empty() {
            c = first_common(&open);
        } else {
            // The checked positions gave the candidates they hit; past the
            // last candidate they were not looked at. The common values
            // open below a candidate are candidates, so `c` is the first
            // one neither hit nor taken since, found without a branch on
            // each (they went either way unforeseeably); the others are
            // dropped from `open` only when none is left.
            let candidate = |k: usize| usize::from(self.candidates.values[k * BLOCK + j]);
            let left = (0..CANDIDATES).fold(0u32, |left, k| {
                let v = candidate(k);
                let alive = (self.candidates.hit[k] >> j & 1 == 0) & (v < cap) & contains(&open, v.min(cap - 1) as u32);
                left | u32::from(alive) << k
            });
            c = match left.trailing_zeros() as usize {
                k if k < CANDIDATES => candidate(k),
                _ => {
                    for (k, hit) in self.candidates.hit.iter().enumerate() {
                        if hit >> j & 1 != 0 {
                            reach(&mut open, candidate(k) as u32);
                        }
                    }
                    first_common(&open)
                }
            };
            self.checked.heaps += 1;
            let last = self.candidates.values[(CANDIDATES - 1) * BLOCK + j];
            if last != u16::MAX && c > usize::from(last) {
                self.checked.fallen += 1;
                for (s, _) in splits.clone() {
                    for r in self.checked.rare.iter().take_while(|r| (r.pos as usize) < s) {
                        reach(&mut open, g[s - r.pos as usize] ^ r.value);
                    }
                }
                c = first_common(&open);
            }
        }
        let mut missing: [u64; W] = std::array::from_fn(|w| open[w] & self.rare_bits[tag][w] & below(c, w));
        if first_in(&missing).is_some() {
            let narrow = self.narrow.as_ref().expect("by_bitmap: 16-bit values");
            self.ends.take(n);
            for (s, _) in splits {
                // SAFETY: the processor has AVX-512 F, BW, VBMI and BMI2, and the
                // values are below `cap`, at most `1024 T`, `16 T` words.
                let done = unsafe {
                    // Values below 256 take one pair of tables: one caller,
                    // which `find_in_bytes` is inlined into (with two, it was
                    // not, and `0.376` took 1.06 times as long).
                    match &narrow.bytes {
                        Some((forward, backward)) if T == 1 => {
                            find_in_bytes(forward, &backward[narrow.top - s..], s, &mut missing, &self.chunk_order, &mut self.ends)
                        }
                        _ => find_in_bitmap::<T>(narrow, s, &mut missing, &self.chunk_order, &mut self.ends),
                    }
                };
                if done {
                    break;
                }
            }
        }
        first_in(&missing).map_or(c as u32, |v| v)
    }

    /// `g(n)` from the values of the smaller heaps (`avx512` as in
    /// [`Search::run`]).
    #[inline(always)]
    fn value(&mut self, n: usize, avx512: bool) -> u32 {
        #[cfg(target_arch = "x86_64")]
        if avx512 && self.by_bitmap() {
            // SAFETY: `avx512` only where the processor has AVX-512 F, BW,
            // VBMI and BMI2 (`Search::run`).
            // `T` pairs of tables of 1024 values, as few as hold `cap`: sets
            // of 2048 for every code made Officers 1.05 times as long.
            return unsafe {
                match self.cap {
                    ..=1024 => self.value_by_bitmap::<1, 16>(n),
                    _ => self.value_by_bitmap::<2, 32>(n),
                }
            };
        }
        #[cfg(target_arch = "x86_64")]
        if avx512 && self.by_dense_scan() {
            // SAFETY: as for `value_by_bitmap`.
            return unsafe { self.value_dense(n) };
        }
        let stamp = block_stamp(n);
        let tag = self.tag(n) as usize;
        let (g, seen) = (&self.g[..n], &mut self.seen[n % BLOCK..]);
        for &(i, d) in &self.moves {
            if d & LEAVE_NONE != 0 && n == i {
                seen[slot(0)] = stamp;
            }
            if d & LEAVE_ONE != 0 && n > i {
                seen[slot(g[n - i])] = stamp;
            }
        }
        // A split of `i` leaves `s` tokens to share, at least 2.
        let split = |i: usize| n.checked_sub(i).filter(|&s| s >= 2);
        let splits = self.splits.iter().filter_map(|&i| split(i));
        let mut marks = Marks { g, seen, stamp };
        if self.mask == 0 {
            for s in splits.clone() {
                marks.pairs(s, 1, s / 2 + 1);
            }
            return first_unseen(0..self.cap, marks.seen, stamp).unwrap_or(self.cap);
        }
        // Every common option has a rare part: the rare positions find them
        // all, the middle ones already marked by `mark_block`.
        for (&i, middle) in self.splits.iter().zip(&self.middles) {
            if let Some(s) = split(i) {
                for rare in end_rares(&self.rare, middle, s) {
                    marks.rare_pairs(s, rare);
                }
            }
        }
        // The smallest common value not seen, or `cap` (above every option).
        let c = first_unseen(self.commons[tag].iter().copied(), marks.seen, stamp).unwrap_or(self.cap);
        // Every value below c not seen is rare, and may yet come from two
        // common parts. Which are reached is found by the pairs with the
        // smallest part first, a chunk at a time, until none is missing.
        let missing = &mut self.missing;
        missing.clear();
        let rares = &self.rares[tag];
        missing.extend(rares[..rares.partition_point(|&v| v < c)].iter().copied());
        keep_unseen(missing, marks.seen, stamp);
        for s in splits {
            match &self.narrow {
                Some(narrow) => find_in_words(narrow, s, missing, &mut marks),
                None => find_by_marks(s, missing, &mut marks),
            }
        }
        missing.first().copied().unwrap_or(c)
    }
}

/// The block marks of one split for the rare positions `rare` (each
/// `BLOCK <= r.pos < s0`): heap `start + j` has the option
/// `r.value ^ g(s0 + j - r.pos)`, where `s0 = start - i` for the split of
/// `i`, marked in `marks` at [`slot`]`(option) + j`.
#[inline(always)]
fn mark_rares(g: &[u16], s0: usize, rare: &[Rare], marks: &mut [u8], stamp: u8) {
    for r in rare {
        let from = s0 - r.pos as usize;
        let large: &[u16; BLOCK] = g[from..from + BLOCK].try_into().expect("BLOCK values");
        for_slots(large, r.value, |slot, _| {
            // SAFETY: values and their XORs are below `cap`, at most
            // BITMAP_CAP, so `slot = option BLOCK + j` is below
            // `BLOCK * BITMAP_CAP` (at most 2^15), the length of `marks`.
            unsafe { *marks.get_unchecked_mut(slot) = stamp };
        });
    }
}

/// [`mark_rares`] for the splits of `i` and `i + 1` at once ([`block_plan`];
/// `s1` is `start - i - 1`): the large part `g(s1 + m - r)` is that of the
/// split of `i` for the heap `start + m - 1` and of `i + 1` for
/// `start + m`, so for `m` in `1..BLOCK` one two-byte store marks both.
#[inline(always)]
fn mark_rare_twins(g: &[u16], s1: usize, rare: &[Rare], marks: &mut [u8], stamp: u8) {
    for r in rare {
        let from = s1 - r.pos as usize;
        // m = 0: the split of `i + 1` for the block's first heap alone.
        let first = usize::from(g[from] ^ r.value as u16);
        let large: &[u16; BLOCK] = g[from + 1..from + 1 + BLOCK].try_into().expect("BLOCK values");
        // SAFETY (every store): `slot + 1` is below BLOCK * BITMAP_CAP, as
        // in `mark_rares`; the two-byte stores have a lane below BLOCK - 1.
        unsafe { *marks.get_unchecked_mut(slot(first as u32)) = stamp };
        for_slots(large, r.value, |slot, lane| {
            if lane + 1 < BLOCK {
                unsafe { marks.as_mut_ptr().add(slot).cast::<[u8; 2]>().write_unaligned([stamp; 2]) };
            } else {
                unsafe { *marks.get_unchecked_mut(slot) = stamp };
            }
        });
    }
}

/// Calls `f(slot(large[j] ^ value) + j, j)` for each `j < BLOCK`: four slots
/// to a word, by one XOR, shift and OR (an option and its slot fit 16
/// bits), where a vector of the 16 would cost two operations to take each
/// out of it.
#[inline(always)]
fn for_slots(large: &[u16; BLOCK], value: u32, mut f: impl FnMut(usize, usize)) {
    let key = u64::from(value) * 0x0001_0001_0001_0001;
    for (q, four) in large.chunks_exact(4).enumerate() {
        let four = u64::from(four[0]) | u64::from(four[1]) << 16 | u64::from(four[2]) << 32 | u64::from(four[3]) << 48;
        let lanes = (4 * q as u64) * 0x0001_0001_0001_0001 + 0x0003_0002_0001_0000;
        let slots = (four ^ key) << 4 | lanes;
        for k in 0..4 {
            f(usize::from((slots >> (16 * k)) as u16), 4 * q + k);
        }
    }
}

/// The rare positions below `s` whose pairs with `s` (a split of a heap
/// of the block whose middle rare positions are `middle`)
/// [`Search::mark_block`] leaves to be marked heap by heap: those below
/// `BLOCK`, and those from `s0` on (fewer than `BLOCK` past the first
/// blocks).
fn end_rares<'a>(rare: &'a [Rare], middle: &std::ops::Range<usize>, s: usize) -> [&'a [Rare]; 2] {
    [&rare[..middle.start], &rare[middle.end..]].map(|rare| &rare[..rare.partition_point(|r| (r.pos as usize) < s)])
}

/// The values no block mark gave the heap in lane `j` (bit `v % 64` of
/// word `v / 64`, below `64 words`), from `unhit`: a test per 32 values.
///
/// # Safety
/// The processor has AVX-512 F and BW.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn open_bits<const W: usize>(unhit: &[u16], j: usize, words: usize) -> [u64; W] {
    use std::arch::x86_64::*;
    let lane = _mm512_set1_epi16((1u16 << j) as i16);
    let mut open = [0; W];
    for (word, unhit) in open[..words].iter_mut().zip(unhit.chunks_exact(64)) {
        // SAFETY: 64 bytes, within `unhit`.
        let half = |k: usize| unsafe { _mm512_loadu_si512(unhit[k..k + 32].as_ptr().cast()) };
        let (low, high) = (_mm512_test_epi16_mask(half(0), lane), _mm512_test_epi16_mask(half(32), lane));
        *word = u64::from(low) | u64::from(high) << 32;
    }
    open
}

/// Whether the processor has what [`Search::run`]'s AVX-512 path uses:
/// AVX-512 F, BW and VBMI, and BMI2's shifts.
#[cfg(target_arch = "x86_64")]
fn has_avx512() -> bool {
    use std::arch::is_x86_feature_detected as has;
    has!("avx512f") && has!("avx512bw") && has!("avx512vbmi") && has!("bmi2")
}

/// Where in `rare` the positions `r` in `BLOCK..s0` are, for a split of
/// `i` from the heap `start` (`s0 = start - i`): their pairs are marked for
/// the whole block by [`Search::mark_block`], the others heap by heap.
fn middle_rares(rare: &[Rare], start: usize, i: usize) -> std::ops::Range<usize> {
    let s0 = start.saturating_sub(i);
    let lo = rare.partition_point(|r| (r.pos as usize) < BLOCK);
    lo..rare.partition_point(|r| (r.pos as usize) < s0).max(lo)
}

/// How [`Search::mark_block`] goes over the splits of a block:
/// `(i, twins, middle)`, the rare positions `middle` marked for the split of
/// `i`, and of `i + 1` too when `twins`. A large part `g(start + j - i - r)`
/// is also that of the split of `i + 1` for the heap `start + j + 1`, so
/// where a code has two-heap moves of adjacent sizes (`0.64`, `0.774`,
/// `0.165`, ...) one store marks the two heaps' options, side by side in a
/// value's lanes: 17 stores for a rare position where two splits took 32
/// (one heap of 10^6: `0.64` 1.3 times as fast, `0.74` 1.4 times, `0.376`
/// 1.2 times; `bench/octal_pairs.sh`).
fn block_plan<'a>(
    splits: &'a [usize],
    middles: &'a [std::ops::Range<usize>],
) -> impl Iterator<Item = (usize, bool, std::ops::Range<usize>)> + 'a {
    let mut k = 0;
    std::iter::from_fn(move || {
        let (&i, middle) = (splits.get(k)?, &middles[k]);
        let twins = splits.get(k + 1) == Some(&(i + 1));
        // The middle rare positions of the split of `i + 1` are those of `i`
        // but the last few, which `i` marks alone.
        let both = if twins { middles[k + 1].clone() } else { middle.start..middle.start };
        k += 1 + usize::from(twins);
        Some([(i, true, both.clone()), (i, false, both.end..middle.end)])
    })
    .flatten()
    // The marks read `g(start - i - r)`, there only for a rare position
    // below `start - i`: none when the range is empty.
    .filter(|(_, _, rare)| !rare.is_empty())
}

/// For the heaps `start + j` (`j < BLOCK`, lane `j` of `seen`, `cap` slots
/// each), marks the splits of `i` (and of `i + 1` when `twins`, as in
/// [`block_plan`]) with every `r` in `rare` (each `BLOCK <= r.pos` and
/// `r.pos < start - i`, or `start - i - 1` for twins), reading
/// `g(start - i - r ..)` at once.
#[inline(always)]
fn mark_block_pairs<V: Copy + Into<u32>>(
    g: &[V],
    start: usize,
    i: usize,
    twins: bool,
    rare: &[Rare],
    seen: &mut [u8],
    cap: usize,
) {
    assert_eq!(seen.len(), BLOCK * cap);
    let stamp = block_stamp(start);
    let mark = |seen: &mut [u8], v: V, r: &Rare, j: usize, lanes: usize| {
        let option = (v.into() ^ r.value) as usize;
        debug_assert!(option < cap && j + lanes <= BLOCK);
        // SAFETY: values and their XORs are below `cap`, a power of
        // two, and `j + lanes <= BLOCK`, so the slots are below `BLOCK * cap`.
        unsafe {
            let at = seen.as_mut_ptr().add(option * BLOCK + j);
            match lanes {
                2 => at.cast::<[u8; 2]>().write_unaligned([stamp; 2]),
                _ => at.write(stamp),
            }
        }
    };
    for r in rare {
        if twins {
            let from = start - i - 1 - r.pos as usize;
            mark(seen, g[from], r, 0, 1);
            let large: &[V; BLOCK] = g[from + 1..from + 1 + BLOCK].try_into().expect("BLOCK values");
            for (j, &v) in large.iter().enumerate() {
                mark(seen, v, r, j, if j + 1 < BLOCK { 2 } else { 1 });
            }
        } else {
            let from = start - i - r.pos as usize;
            let large: &[V; BLOCK] = g[from..from + BLOCK].try_into().expect("BLOCK values");
            for (j, &v) in large.iter().enumerate() {
                mark(seen, v, r, j, 1);
            }
        }
    }
}

/// The stamp of the heaps of `n`'s block in their lanes of `seen`: one per
/// block, since a lane serves one heap of each block (and the marks of a
/// whole block then keep a single stamp in a register), from 1 to 255 and
/// again, `seen` cleared at the block stamped 1.
fn block_stamp(n: usize) -> u8 {
    ((n / BLOCK) % 255) as u8 + 1
}

/// The stamp after `stamp`, which it becomes: byte stamps that count
/// blocks or heaps, `marks` cleared when they wrap.
fn next_stamp(stamp: &mut u8, marks: &mut [u8]) -> u8 {
    *stamp = stamp.checked_add(1).unwrap_or_else(|| {
        marks.fill(0);
        1
    });
    *stamp
}

/// Drops from `missing` the values of splits of a heap of `s`, smallest
/// part first, a chunk at a time, until none is left or the splits are.
#[inline(always)]
fn find_by_marks(s: usize, missing: &mut Vec<u32>, marks: &mut Marks) {
    let mut a = 1;
    while !missing.is_empty() && a <= s / 2 {
        let end = (a + CHUNK).min(s / 2 + 1);
        marks.pairs(s, a, end);
        keep_unseen(missing, marks.seen, marks.stamp);
        a = end;
    }
}

/// [`find_by_marks`] on 16-bit values: while many values are missing, a
/// chunk's values are marked; once few are, each is looked for in the
/// chunk by a comparison the compiler vectorises.
#[inline(always)]
fn find_in_words(narrow: &Narrow, s: usize, missing: &mut Vec<u32>, marks: &mut Marks) {
    let mut chunk = [0u16; CHUNK];
    let mut a = 1;
    while !missing.is_empty() && a <= s / 2 {
        let end = (a + CHUNK).min(s / 2 + 1);
        let values = &mut chunk[..end - a];
        narrow.splits(s, a, values);
        if missing.len() > FEW {
            for &v in values.iter() {
                marks.mark(u32::from(v));
            }
            keep_unseen(missing, marks.seen, marks.stamp);
        } else {
            // Missing values are below `cap`, at most 2^16 while values are 16-bit.
            missing.retain(|&v| !values.iter().fold(false, |found, &x| found | (x == v as u16)));
        }
        a = end;
    }
}

/// Values below this are kept in a [`Bitmap`] by the AVX-512 path: a
/// value's byte of it is looked up in one or two pairs of 64-byte tables
/// (VBMI's `vpermi2b` takes a 7-bit byte index; [`look_up`]).
const BITMAP_CAP: usize = 2048;

/// A set of values below [`BITMAP_CAP`].
type Bitmap = [u64; BITMAP_CAP / 64];

/// The chunks (the sets of `words` words one after another in each
/// `gives[t]`) in greedy order: each next the one whose sets give the most
/// values still in the sets `missing` (one per `gives[t]`), the smallest on
/// a tie, until none gives more; then the others in place. Sets of `words`
/// words, not [`Bitmap`]s: fitting streams them, and most are shorter.
#[cold]
fn greedy_cover(mut missing: Vec<Vec<u64>>, gives: &[Vec<u64>], words: usize) -> Vec<u16> {
    let chunks = gives.first().map_or(0, |sets| sets.len() / words);
    fn set(gives: &[u64], k: usize, words: usize) -> &[u64] {
        &gives[k * words..(k + 1) * words]
    }
    let gain = |missing: &[Vec<u64>], k: usize| -> u32 {
        missing.iter().zip(gives).map(|(missing, gives)| missing.iter().zip(set(gives, k, words)).map(|(m, g)| (m & g).count_ones()).sum::<u32>()).sum()
    };
    // Lazily: a chunk's gain only falls as values are found, so one whose
    // gain, counted again, still tops every other's last count is the best.
    let mut bounds: std::collections::BinaryHeap<(u32, std::cmp::Reverse<usize>)> =
        (0..chunks).map(|k| (gain(&missing, k), std::cmp::Reverse(k))).collect();
    let mut order = Vec::new();
    let mut picked = vec![false; chunks];
    while let Some((bound, std::cmp::Reverse(k))) = bounds.pop() {
        if bound == 0 {
            break;
        }
        let now = (gain(&missing, k), std::cmp::Reverse(k));
        if bounds.peek().is_some_and(|&next| next > now) {
            bounds.push(now);
            continue;
        }
        if now.0 == 0 {
            break;
        }
        picked[k] = true;
        order.push(k as u16);
        for (missing, gives) in missing.iter_mut().zip(gives) {
            for (m, g) in missing.iter_mut().zip(set(gives, k, words)) {
                *m &= !g;
            }
        }
    }
    order.extend((0..chunks as u16).filter(|&k| !picked[usize::from(k)]));
    order
}

/// Word `w` of the set of the values below `c`, without branches: the
/// same by a `match` on its three cases made `0.376` 1.045 times as long
/// (the median of 9 pairs over three layouts of the code).
fn below(c: usize, w: usize) -> u64 {
    ((1u128 << c.saturating_sub(64 * w).min(64)) - 1) as u64
}

/// The smallest value in `set`, a bit a value.
fn first_in(set: &[u64]) -> Option<u32> {
    let word = set.iter().position(|&w| w != 0)?;
    Some(64 * word as u32 + set[word].trailing_zeros())
}

/// Whether `v` is in `set`.
fn contains(set: &[u64], v: u32) -> bool {
    set[v as usize / 64] >> (v % 64) & 1 != 0
}

/// Drops from `missing` (a bit a value) the values of the splits `(a, s -
/// a)` for `a` in `parts`, one by one (`small[a] = g(a)`,
/// `large[a] = g(s - a)`): the splits past a function's last whole chunk.
fn drop_splits<V>(small: &[V], large: &[V], parts: std::ops::Range<usize>, missing: &mut [u64])
where
    V: Copy + std::ops::BitXor<Output = V> + Into<usize>,
{
    for a in parts {
        let v: usize = (small[a] ^ large[a]).into();
        missing[v / 64] &= !(1 << (v % 64));
    }
}

/// The chunks of 64 splits [`find_in_bitmap`] looks at first, among the
/// `full` chunks `(a, s - a)`, `a` in `1 + 64 k..65 + 64 k`: `order`
/// when it is a permutation of some of them (it is one of its length),
/// else none. The others follow ([`each_chunk`]).
fn ordered(order: &[u16], full: usize) -> &[u16] {
    if order.len() <= full {
        order
    } else {
        &[]
    }
}

/// [`find_in_bitmap`] on values below 256, as bytes (`small[a] = g(a)`,
/// `large[a] = g(s - a)`): the bitmap is 32 bytes of one register, a
/// split's byte of it found by `vpermb`, and a chunk of 64 splits is one
/// load from each copy. Once two values or fewer are left, each chunk is
/// compared with them instead: a ternary XOR and a minimum per value, the
/// least XOR 0 once a split gives it, tested every fourth chunk. In
/// `0.376`, nine chunks in ten are looked at for one or two values, and a
/// heap of 10^6 takes 0.96 to 0.97 times as long so (medians of 12 and 8
/// pairs of runs); the same for 16-bit values in [`find_in_bitmap`] was no faster
/// (Officers 1.03 times as long, `0.74` 0.99 to 1.03).
///
/// # Safety
/// The processor has AVX-512 F, BW, VBMI and BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,bmi2")]
unsafe fn find_in_bytes(small: &[u8], large: &[u8], s: usize, missing: &mut [u64], order: &[u16], ends: &mut Ends) -> bool {
    use std::arch::x86_64::*;
    let small = &small[..=s / 2];
    let bits: [u8; 64] = std::array::from_fn(|k| 1 << (k % 8));
    // SAFETY (every load and store here): 64 bytes, within the array or
    // slice the pointer is taken from.
    let bits = unsafe { _mm512_loadu_si512(bits.as_ptr().cast()) };
    let mut table = unsafe { _mm512_loadu_si512(missing.as_ptr().cast()) };
    let full = (small.len() - 1) / 64;
    macro_rules! words {
        ($table:expr) => {{
            let mut words = [0u64; 8];
            unsafe { _mm512_storeu_si512(words.as_mut_ptr().cast(), $table) };
            words
        }};
    }
    // The values compared with the chunks (the one left twice), and the
    // least XOR of each with a split so far.
    let mut last: Option<[u8; 2]> = None;
    let (mut want, mut least) = ([_mm512_setzero_si512(); 2], [_mm512_setzero_si512(); 2]);
    let mut since = 0;
    macro_rules! compare_with {
        ($left:expr) => {{
            let mut left: [u64; 8] = $left;
            let x = first_in(&left).expect("a value left");
            left[x as usize / 64] &= !(1 << (x % 64));
            let two = [x, first_in(&left).unwrap_or(x)].map(|v| v as u8);
            (last, want, least) = (Some(two), two.map(|v| _mm512_set1_epi8(v as i8)), [_mm512_set1_epi8(-1); 2]);
        }};
    }
    // Drops from `table` the values compared with that a split gave
    // (returning true once none is left); the values left, if any went.
    macro_rules! drop_found {
        ($past:expr) => {{
            let found = least.map(|least| _mm512_testn_epi8_mask(least, least) != 0);
            match last {
                Some(two) if found.contains(&true) => {
                    let mut left = words!(table);
                    for (v, _) in two.iter().zip(found).filter(|(_, found)| *found) {
                        left[usize::from(v / 64)] &= !(1 << (v % 64));
                    }
                    if left == [0; 8] {
                        missing.fill(0);
                        ends.found($past);
                        return true;
                    }
                    table = unsafe { _mm512_loadu_si512(left.as_ptr().cast()) };
                    Some(left)
                }
                _ => None,
            }
        }};
    }
    // One body for the chunks in `order` and for the others in place: a
    // closure would be compiled apart, without this function's target
    // features, and called.
    macro_rules! look {
        ($a:expr, $past:expr) => {{
            let a = $a;
            let (p, q) = unsafe {
                (_mm512_loadu_si512(small[a..a + 64].as_ptr().cast()), _mm512_loadu_si512(large[a..a + 64].as_ptr().cast()))
            };
            if last.is_some() {
                for (least, &want) in least.iter_mut().zip(&want) {
                    *least = _mm512_min_epu8(*least, _mm512_ternarylogic_epi32::<0x96>(p, q, want));
                }
                since += 1;
                if since % 4 == 0 {
                    if let Some(left) = drop_found!($past) {
                        compare_with!(left);
                    }
                }
            } else {
                let x = _mm512_xor_si512(p, q);
                // Byte k, for the k-th split's value v: byte v / 8 of the bitmap
                // (`vpermb` reads an index's low 6 bits), and the bit 1 << (v % 8).
                let index = _mm512_and_si512(_mm512_srli_epi16::<3>(x), _mm512_set1_epi8(0x1f));
                let bit = _mm512_permutexvar_epi8(x, bits);
                let mut hits = _mm512_test_epi8_mask(_mm512_permutexvar_epi8(index, table), bit);
                if hits != 0 {
                    let mut values = [0u8; 64];
                    unsafe { _mm512_storeu_si512(values.as_mut_ptr().cast(), x) };
                    while hits != 0 {
                        // As in `find_in_bitmap`: eight hits, then a look again.
                        for _ in 0..8 {
                            let v = values[hits.trailing_zeros() as usize % 64];
                            hits &= hits.wrapping_sub(1);
                            let one = _mm512_set1_epi64(1 << (v % 64));
                            table = _mm512_mask_andnot_epi64(table, 1 << (v / 64), one, table);
                            if hits == 0 {
                                break;
                            }
                        }
                        if hits != 0 {
                            hits &= _mm512_test_epi8_mask(_mm512_permutexvar_epi8(index, table), bit);
                        }
                    }
                    let left = words!(table);
                    match left.iter().map(|w| w.count_ones()).sum::<u32>() {
                        0 => {
                            missing.fill(0);
                            ends.found($past);
                            return true;
                        }
                        1 | 2 => compare_with!(left),
                        _ => {}
                    }
                }
            }
        }};
    }
    each_chunk!(order, full, small.len(), ends.now, look);
    drop_found!(0);
    unsafe { _mm512_storeu_si512(missing.as_mut_ptr().cast(), table) };
    drop_splits(small, large, 1 + 64 * full..small.len(), missing);
    missing.iter().all(|&w| w == 0)
}

/// Byte `k`: `2 k`, the low byte of the `k`-th word of two registers.
const LOW_BYTES: [u8; 64] = {
    let mut bytes = [0; 64];
    let mut k = 0;
    while k < 64 {
        bytes[k] = 2 * k as u8;
        k += 1;
    }
    bytes
};

/// Byte `k`: `1 << (k % 8)`, the bit of a value in its byte of a set.
const BITS: [u8; 64] = {
    let mut bytes = [0; 64];
    let mut k = 0;
    while k < 64 {
        bytes[k] = 1 << (k % 8);
        k += 1;
    }
    bytes
};

/// The 64 splits `(a + k, s - a - k)` of a heap of `s`, where
/// `small[a + k] = g(a + k)` and `large[a + k] = g(s - a - k)`: their values,
/// 32 words in each of two registers, and for the `k`-th split's value `v`,
/// in byte `k`, its byte `v / 8` in a set of 2048 values ([`look_up`] reads
/// it) and its bit `1 << (v % 8)`.
///
/// # Safety
/// The processor has AVX-512 F, BW and VBMI.
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
unsafe fn chunk_bytes(small: &[u16], large: &[u16], a: usize) -> [std::arch::x86_64::__m512i; 4] {
    use std::arch::x86_64::*;
    // SAFETY (every load here): 64 bytes, within the array or slice the
    // pointer is taken from.
    let words = |k: usize| unsafe {
        let p = _mm512_loadu_si512(small[a + k..a + k + 32].as_ptr().cast());
        let q = _mm512_loadu_si512(large[a + k..a + k + 32].as_ptr().cast());
        _mm512_xor_si512(p, q)
    };
    let (x, y) = (words(0), words(32));
    let (low_bytes, bits) = unsafe { (_mm512_loadu_si512(LOW_BYTES.as_ptr().cast()), _mm512_loadu_si512(BITS.as_ptr().cast())) };
    let index = _mm512_permutex2var_epi8(_mm512_srli_epi16::<3>(x), low_bytes, _mm512_srli_epi16::<3>(y));
    let bit = _mm512_permutexvar_epi8(_mm512_permutex2var_epi8(x, low_bytes, y), bits);
    [x, y, index, bit]
}

/// The 64 words of two registers, to read one by one.
///
/// # Safety
/// The processor has AVX-512 F.
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "avx512f")]
unsafe fn words_of(x: std::arch::x86_64::__m512i, y: std::arch::x86_64::__m512i) -> [u16; 64] {
    use std::arch::x86_64::*;
    let mut words = [0u16; 64];
    // SAFETY: 64 words, the 128 bytes of `words`.
    unsafe {
        _mm512_storeu_si512(words.as_mut_ptr().cast(), x);
        _mm512_storeu_si512(words[32..].as_mut_ptr().cast(), y);
    }
    words
}

/// Drops from `missing` the values of the splits `(a, s - a)` of a heap of
/// `s`, the chunks in `order` first, then from both ends when `ends` says
/// so ([`each_chunk`], counted in `ends`), until none is left (then true)
/// or the splits are: 64 splits at a time, each value's byte of the bitmap
/// looked up with `vpermi2b` and tested against its bit, so the cost does
/// not grow with the values missing; only a hit is looked at alone. The
/// bitmap is `T` pairs of registers, 1024 values to a pair ([`look_up`]).
///
/// # Safety
/// The processor has AVX-512 F, BW, VBMI and BMI2; every value of `narrow` is
/// below `1024 T`, and `missing` has `16 T` words (`T`, 1 or 2, is checked
/// when compiled).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,bmi2")]
unsafe fn find_in_bitmap<const T: usize>(narrow: &Narrow, s: usize, missing: &mut [u64], order: &[u16], ends: &mut Ends) -> bool {
    use std::arch::x86_64::*;
    const { assert!(T == 1 || T == 2) };
    debug_assert_eq!(missing.len(), 16 * T);
    // `g(a) = small[a]`, `g(s - a) = large[a]`.
    let (small, large) = (&narrow.forward[..=s / 2], &narrow.backward[narrow.top - s..]);
    // The bitmap stays in registers while it is looked up: a store of
    // one word and a load of all (to look up the next chunk) would wait
    // for the store to reach the cache.
    // SAFETY: 64 bytes at `64 (2 t + h)`, within the `128 T` of `missing`.
    let mut tables: [[__m512i; 2]; T] =
        std::array::from_fn(|t| std::array::from_fn(|h| unsafe { _mm512_loadu_si512(missing[16 * t + 8 * h..].as_ptr().cast()) }));
    let full = (small.len() - 1) / 64;
    // One body for the chunks in `order` and for the others in place, as
    // in `find_in_bytes`.
    macro_rules! look {
        ($a:expr, $past:expr) => {{
            // SAFETY: as this function's.
            let [x, y, index, bit] = unsafe { chunk_bytes(small, large, $a) };
            let mut hits = _mm512_test_epi8_mask(unsafe { look_up(&tables, index) }, bit);
            if hits != 0 {
                // SAFETY: as this function's.
                let values = unsafe { words_of(x, y) };
                while hits != 0 {
                    // Eight hits at most, then the rest looked up again: a value
                    // found drops its other hits in the chunk (with few values,
                    // most of a chunk hits a handful of them).
                    for _ in 0..8 {
                        let v = values[hits.trailing_zeros() as usize % 64];
                        hits &= hits.wrapping_sub(1);
                        let (word, one) = (1u32 << (v / 64), _mm512_set1_epi64(1 << (v % 64)));
                        for (t, pair) in tables.iter_mut().enumerate() {
                            for (h, half) in pair.iter_mut().enumerate() {
                                *half = _mm512_mask_andnot_epi64(*half, (word >> (16 * t + 8 * h)) as u8, one, *half);
                            }
                        }
                        if hits == 0 {
                            break;
                        }
                    }
                    if hits != 0 {
                        hits &= _mm512_test_epi8_mask(unsafe { look_up(&tables, index) }, bit);
                    }
                }
                let any = tables.iter().flatten().fold(_mm512_setzero_si512(), |any, &half| _mm512_or_si512(any, half));
                if _mm512_test_epi64_mask(any, any) == 0 {
                    missing.fill(0);
                    ends.found($past);
                    return true;
                }
            }
        }};
    }
    each_chunk!(order, full, small.len(), ends.now, look);
    for (t, pair) in tables.iter().enumerate() {
        for (h, &half) in pair.iter().enumerate() {
            // SAFETY: as the loads'.
            unsafe { _mm512_storeu_si512(missing[16 * t + 8 * h..].as_mut_ptr().cast(), half) };
        }
    }
    drop_splits(small, large, 1 + 64 * full..small.len(), missing);
    missing.iter().all(|&w| w == 0)
}

/// The byte `index` (of a value `v`: `v / 8`, as [`chunk_bytes`] gives it)
/// of `T` pairs of tables, 128 bytes a pair: `vpermi2b` reads its low 7
/// bits in each pair, and its top bit chooses the pair when there are two.
///
/// # Safety
/// The processor has AVX-512 F, BW and VBMI.
#[cfg(target_arch = "x86_64")]
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
unsafe fn look_up<const T: usize>(
    tables: &[[std::arch::x86_64::__m512i; 2]; T],
    index: std::arch::x86_64::__m512i,
) -> std::arch::x86_64::__m512i {
    use std::arch::x86_64::*;
    const { assert!(T == 1 || T == 2) };
    let low = _mm512_permutex2var_epi8(tables[0][0], index, tables[0][1]);
    match T {
        1 => low,
        _ => _mm512_mask_blend_epi8(_mm512_movepi8_mask(index), low, _mm512_permutex2var_epi8(tables[1][0], index, tables[1][1])),
    }
}

/// Values below this are kept by [`Search::value_dense`] in `T` pairs of
/// registers of 1024 bits each (`T` up to 8).
const DENSE_CAP: usize = 8192;

/// Drops from `missing` (`T` sets of 1024 values, one after another) the
/// values of the splits `(a, s - a)` for `a` in `from..=s / 2`, 64 at a time:
/// each split's byte of the set looked up with `vpermi2b` in each pair of
/// registers, the one of its 1024 values chosen by a tournament of blends on
/// the bits of `v / 1024`, then tested against its bit; eight chunks at a
/// time, their hits then looked at alone, each bit cleared in the
/// registers.
///
/// # Safety
/// The processor has AVX-512 F, BW, VBMI and BMI2; every value of `narrow`
/// is below `1024 T`, and `missing` has `16 T` words.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,bmi2")]
unsafe fn drop_reached<const T: usize>(narrow: &Narrow, s: usize, from: usize, missing: &mut [u64]) {
    use std::arch::x86_64::*;
    assert_eq!(missing.len(), 16 * T);
    let (small, large) = (&narrow.forward[..=s / 2], &narrow.backward[narrow.top - s..]);
    // SAFETY (every load and store here): 64 bytes, within the array or
    // slice the pointer is taken from.
    let low_bytes = unsafe { _mm512_loadu_si512(LOW_BYTES.as_ptr().cast()) };
    let mut tables: [[__m512i; 2]; T] = std::array::from_fn(|t| unsafe {
        [_mm512_loadu_si512(missing[16 * t..].as_ptr().cast()), _mm512_loadu_si512(missing[16 * t + 8..].as_ptr().cast())]
    });
    // The hits of a chunk: its values' bits still in `tables`.
    macro_rules! look {
        ($x:expr, $y:expr, $index:expr, $bit:expr) => {{
            let mut looked: [__m512i; T] = std::array::from_fn(|t| _mm512_permutex2var_epi8(tables[t][0], $index, tables[t][1]));
            if T > 1 {
                // Byte k: the set of 1024 of the k-th split's value.
                let set = _mm512_permutex2var_epi8(_mm512_srli_epi16::<10>($x), low_bytes, _mm512_srli_epi16::<10>($y));
                let (mut width, mut level) = (T, 1);
                while width > 1 {
                    let odd = _mm512_test_epi8_mask(set, _mm512_set1_epi8(level));
                    for k in 0..width / 2 {
                        looked[k] = _mm512_mask_blend_epi8(odd, looked[2 * k], looked[2 * k + 1]);
                    }
                    (width, level) = (width / 2, level << 1);
                }
            }
            _mm512_test_epi8_mask(looked[0], $bit)
        }};
    }
    // Clears the values of `hits` (bits of `values`) in the registers: a
    // store and a load of them would wait for the store to reach the cache.
    macro_rules! clear {
        ($hits:expr, $values:expr) => {{
            let mut hits: u64 = $hits;
            while hits != 0 {
                let v = $values[hits.trailing_zeros() as usize];
                hits &= hits - 1;
                let (word, one) = (1u128 << (v / 64), _mm512_set1_epi64(1 << (v % 64)));
                for (t, table) in tables.iter_mut().enumerate() {
                    for (h, half) in table.iter_mut().enumerate() {
                        *half = _mm512_mask_andnot_epi64(*half, (word >> (16 * t + 8 * h)) as u8, one, *half);
                    }
                }
            }
        }};
    }
    let mut a = from.max(1);
    // Eight chunks looked up in the same registers, one branch for their
    // hits (a value two of them give is cleared twice): a hit chunk was a
    // branch mispredicted or two. One heap of 10^5 of `0.76` took 0.92 to
    // 0.97 times as long with groups of 4, of 2 * 10^5 of `0.125` 0.88;
    // groups of 8, 0.91 to 0.99 times as long again, of 16 up to 1.2.
    const GROUP: usize = 8;
    while a + 64 * GROUP <= small.len() {
        let mut values = [[0u16; 64]; GROUP];
        let mut hits = [0u64; GROUP];
        for (k, (values, hits)) in values.iter_mut().zip(&mut hits).enumerate() {
            // SAFETY: as this function's.
            let [x, y, index, bit] = unsafe { chunk_bytes(small, large, a + 64 * k) };
            *hits = look!(x, y, index, bit);
            // SAFETY: as this function's.
            *values = unsafe { words_of(x, y) };
        }
        if hits != [0; GROUP] {
            for (&hits, values) in hits.iter().zip(&values) {
                clear!(hits, values);
            }
        }
        a += 64 * GROUP;
    }
    while a + 64 <= small.len() {
        // SAFETY: as this function's.
        let [x, y, index, bit] = unsafe { chunk_bytes(small, large, a) };
        let hits = look!(x, y, index, bit);
        if hits != 0 {
            // SAFETY: as this function's.
            let values = unsafe { words_of(x, y) };
            clear!(hits, values);
        }
        a += 64;
    }
    for (t, table) in tables.iter().enumerate() {
        for (h, half) in table.iter().enumerate() {
            // SAFETY: 64 bytes, within `missing`.
            unsafe { _mm512_storeu_si512(missing[16 * t + 8 * h..].as_mut_ptr().cast(), *half) };
        }
    }
    drop_splits(small, large, a..small.len(), missing);
}

/// [`drop_reached`] past [`DENSE_CAP`] values: `missing` stays in memory
/// (a bit a value below `64 missing.len()`, above every value of `narrow`),
/// and 16 splits at a time gather their words of it and test their bits; a
/// hit clears its bit, which the next gathers read. One heap of 10^6 of
/// `0.164`, whose values pass 8192 near heap 390 000, took 0.80 times as
/// long so as with every pair marked past 8192 (260 s against 323 s).
///
/// # Safety
/// The processor has AVX-512 F and BW; every value of `narrow` is below
/// `64 missing.len()`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn drop_gathered(narrow: &Narrow, s: usize, from: usize, missing: &mut [u64]) {
    use std::arch::x86_64::*;
    let (small, large) = (&narrow.forward[..=s / 2], &narrow.backward[narrow.top - s..]);
    let (one, low) = (_mm512_set1_epi32(1), _mm512_set1_epi32(31));
    let mut a = from.max(1);
    while a + 16 <= small.len() {
        // SAFETY: 32 bytes each, within `small` and `large`.
        let v = unsafe {
            _mm256_xor_si256(_mm256_loadu_si256(small[a..a + 16].as_ptr().cast()), _mm256_loadu_si256(large[a..a + 16].as_ptr().cast()))
        };
        let v = _mm512_cvtepu16_epi32(v);
        // SAFETY: the 32-bit word `v / 32` of `missing` is within it, as `v`
        // is below `64 missing.len()`.
        let words = unsafe { _mm512_i32gather_epi32::<4>(_mm512_srli_epi32::<5>(v), missing.as_ptr().cast()) };
        let mut hits = _mm512_test_epi32_mask(words, _mm512_sllv_epi32(one, _mm512_and_si512(v, low)));
        while hits != 0 {
            let k = hits.trailing_zeros() as usize;
            hits &= hits - 1;
            drop_splits(small, large, a + k..a + k + 1, missing);
        }
        a += 16;
    }
    drop_splits(small, large, a..small.len(), missing);
}

/// The options of the heap being valued, marked in `seen` with its stamp.
struct Marks<'a> {
    /// The values of the smaller heaps.
    g: &'a [u32],
    /// The heap's lane of `seen`, read at [`slot`]s: `cap` of them, above
    /// every value in `g` and every XOR of two.
    seen: &'a mut [u8],
    stamp: u8,
}

impl Marks<'_> {
    /// Marks the splits `(a, s - a)` of a heap of `s` for `a` in `from..to`
    /// (`1 <= from`, `to <= s / 2 + 1`). The parts are read as two slices
    /// walked in opposite directions, so only the store is indexed.
    #[inline(always)]
    fn pairs(&mut self, s: usize, from: usize, to: usize) {
        let small = &self.g[from..to];
        let large = &self.g[s + 1 - to..=s - from];
        for (&x, &y) in small.iter().zip(large.iter().rev()) {
            self.mark(x ^ y);
        }
    }

    /// Marks the splits `(r.pos, s - r.pos)` of a heap of `s` for every
    /// rare `r` (each `1 <= r.pos < s`): the few near the ends, which
    /// [`mark_block_pairs`] leaves out.
    #[inline(always)]
    fn rare_pairs(&mut self, s: usize, rare: &[Rare]) {
        for r in rare {
            self.mark(self.g[s - r.pos as usize] ^ r.value);
        }
    }

    #[inline(always)]
    fn mark(&mut self, v: u32) {
        debug_assert!(slot(v) < self.seen.len());
        // SAFETY: every value is below `cap`, a power of two, and so is the
        // XOR of two; `seen` is a lane of `cap` slots (`Search::value`).
        unsafe { *self.seen.get_unchecked_mut(slot(v)) = self.stamp };
    }
}

/// Where a lane of `seen` keeps the stamp of the value `v`.
#[inline(always)]
fn slot(v: u32) -> usize {
    v as usize * BLOCK
}

/// The first of `values` not marked with `stamp` in the lane `seen`.
#[inline(always)]
fn first_unseen(mut values: impl Iterator<Item = u32>, seen: &[u8], stamp: u8) -> Option<u32> {
    values.find(|&v| seen[slot(v)] != stamp)
}

/// Drops the values marked with `stamp`, without a branch per value.
#[inline(always)]
fn keep_unseen(values: &mut Vec<u32>, seen: &[u8], stamp: u8) {
    let mut kept = 0;
    for k in 0..values.len() {
        let v = values[k];
        values[kept] = v;
        kept += usize::from(seen[slot(v)] != stamp);
    }
    values.truncate(kept);
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
    fn the_wide_path_is_exact_too() {
        // Values of 2^16 and more are read as `u32`, without the 16-bit
        // copy: the same search, checked here on small values.
        for c in ["0.6", "0.376", "0.56", "0.007", "0.165", "0.3456", "0.77"] {
            let plain = plain_values(&code(c), 3000);
            let v = Search::new(&code(c)).run(3000, false, false);
            assert!((0..=3000).all(|n| v.get(n) == plain[n]), "{c}");
        }
    }

    #[test]
    fn the_portable_path_is_exact_too() {
        // `Values::compute` takes the AVX-512 path where the processor has
        // it; the path of every other processor, checked here.
        let mut codes: Vec<String> = (0..8).flat_map(|a| (1..8).map(move |b| format!("0.{a}{b}"))).collect();
        codes.extend(["0.6", "0.16", "0.376", "0.104", "0.324", "0.165", "0.3456"].map(String::from));
        for c in codes {
            let plain = plain_values(&code(&c), 1500);
            let v = Search::new(&code(&c)).run(1500, true, false);
            assert!((0..=1500).all(|n| v.get(n) == plain[n]), "{c}");
        }
    }

    /// Whether the AVX-512 path can run here; a test that needs it says when it cannot.
    #[cfg(target_arch = "x86_64")]
    fn avx512_here() -> bool {
        let here = has_avx512();
        if !here {
            eprintln!("skipped: this processor lacks one of AVX-512 F, BW, VBMI and BMI2");
        }
        here
    }

    #[test]
    fn drop_reached_drops_what_the_splits_give() {
        // Random values below 1024 T and random sets: each split's value
        // looked up in the right register of the right table (or gathered,
        // past 8 tables), and every hit cleared there, as the splits taken
        // one by one do.
        #[cfg(target_arch = "x86_64")]
        if avx512_here() {
            let mut next = xorshift(0x2545_f491_4f6c_dd1d);
            for tables in [1, 2, 4, 8, 16, 64] {
                let top = 5000;
                let mut narrow = Narrow::new(top);
                let g: Vec<u16> = (0..=top).map(|_| (next() % (1024 * tables as u64)) as u16).collect();
                for &v in &g {
                    narrow.push(v);
                }
                for case in 0..40 {
                    let s = 2 + next() as usize % (top - 1);
                    let from = 1 + next() as usize % (s / 2 + 1);
                    // Dense sets early on (many hits a chunk), sparse ones later.
                    let mut missing: Vec<u64> = (0..16 * tables).map(|_| if case < 20 { next() } else { next() & next() & next() }).collect();
                    let mut want = missing.clone();
                    for a in from..=s / 2 {
                        let v = usize::from(g[a] ^ g[s - a]);
                        want[v / 64] &= !(1 << (v % 64));
                    }
                    // SAFETY: the processor has AVX-512 F, BW, VBMI and BMI2, just
                    // checked; values below 1024 `tables`, 16 words a table.
                    unsafe {
                        match tables {
                            1 => drop_reached::<1>(&narrow, s, from, &mut missing),
                            2 => drop_reached::<2>(&narrow, s, from, &mut missing),
                            4 => drop_reached::<4>(&narrow, s, from, &mut missing),
                            8 => drop_reached::<8>(&narrow, s, from, &mut missing),
                            _ => drop_gathered(&narrow, s, from, &mut missing),
                        }
                    }
                    assert_eq!(missing, want, "{tables} tables, heap {s}, from {from}");
                }
            }
        }
    }

    #[test]
    fn the_dense_scan_is_exact_past_1024_values() {
        // Codes without a sparse space, valued by `Search::value_dense` on
        // the AVX-512 path, far enough that values pass 1024 (`0.76` near
        // 30 000), against the portable path; and with the values past 1024
        // gathered from memory, as those past 8192 are.
        #[cfg(target_arch = "x86_64")]
        if avx512_here() {
            for (c, n) in [("0.76", 36_000), ("0.024", 8_000), ("0.007", 8_000)] {
                let portable = Search::new(&code(c)).run(n, true, false);
                let mut gathering = Search::new(&code(c));
                gathering.dense_cap = 1024;
                // SAFETY: the processor has AVX-512 F, BW, VBMI and BMI2, just checked.
                let paths = [("registers", Values::compute(&code(c), n)), ("gathers", unsafe { gathering.run_avx512(n) })];
                for (path, dense) in paths {
                    let top = (0..=n).map(|k| dense.get(k)).max();
                    assert!(c != "0.76" || top >= Some(1024), "{c}: values up to {top:?} only");
                    let wrong = (0..=n).find(|&k| dense.get(k) != portable.get(k));
                    assert_eq!(wrong, None, "{c}, {path}: the first heap valued wrong");
                }
            }
        }
    }

    #[test]
    fn byte_stamps_wrap_on_a_cleared_lane() {
        let stamps: std::collections::BTreeSet<u8> = (0..255).map(|b| block_stamp(b * BLOCK)).collect();
        assert_eq!((stamps.len(), stamps.first(), stamps.last()), (255, Some(&1), Some(&255)));
        let wrapped = 255 * BLOCK;
        assert_eq!(block_stamp(wrapped), 1);
        let mut search = Search::new(&code("0.6"));
        search.resize(64);
        // Every slot marked 255 blocks before, with the stamp that comes again.
        search.seen.fill(1);
        search.start_block(wrapped - BLOCK);
        assert!(search.seen.iter().all(|&s| s == 1), "cleared a block early");
        search.start_block(wrapped);
        assert!(search.seen.iter().all(|&s| s == 0), "a stale stamp left where it comes again");
    }

    #[test]
    fn the_portable_path_is_exact_past_wrapped_stamps() {
        // Codes valued with `seen` throughout (every pair marked, `0.76`;
        // values past the AVX-512 path's 1024, `0.125`), past two wraps of
        // the byte stamps, against the direct method.
        for c in ["0.76", "0.125", "0.6"] {
            let n = 9_000;
            let plain = plain_values(&code(c), n);
            let portable = Search::new(&code(c)).run(n, true, false);
            let wrong = (0..=n).find(|&k| portable.get(k) != plain[k]);
            assert_eq!(wrong, None, "{c}: the first heap valued wrong");
        }
    }

    #[test]
    fn twin_marks_are_exact() {
        // Codes with two-heap moves of adjacent sizes, far enough that
        // their blocks mark both splits with one store ([`block_plan`]):
        // the AVX-512 path where the processor has it, the portable one and
        // the wide one, against the direct method.
        for c in ["0.56", "0.64", "0.165", "0.774"] {
            let n = 12_000;
            let plain = plain_values(&code(c), n);
            let paths = [
                ("fastest", Values::compute(&code(c), n)),
                ("portable", Search::new(&code(c)).run(n, true, false)),
                ("wide", Search::new(&code(c)).run(n, false, false)),
            ];
            for (path, values) in paths {
                let wrong = (0..=n).find(|&k| values.get(k) != plain[k]);
                assert_eq!(wrong, None, "{c}, {path} path: the first heap valued wrong");
            }
        }
    }

    #[test]
    fn the_two_paths_agree_far_out() {
        // Past the first thousands of heaps the check of the rare values
        // below `c` looks at many chunks of pairs, sometimes all of them.
        #[cfg(target_arch = "x86_64")]
        if avx512_here() {
            // `0.564`'s values pass 1024 before 10 000 (two pairs of tables).
            for c in ["0.6", "0.376", "0.104", "0.324", "0.56", "0.165", "0.64", "0.774", "0.564"] {
                let n = 40_000;
                let portable = Search::new(&code(c)).run(n, true, false);
                // SAFETY: the processor has AVX-512 F, BW, VBMI and BMI2, just checked.
                let avx512 = unsafe { Search::new(&code(c)).run_avx512(n) };
                assert!((0..=n).all(|k| avx512.get(k) == portable.get(k)), "{c}");
            }
        }
    }

    #[test]
    fn checked_positions_leave_the_values_exact() {
        // The default share checked, and every position that may be: then
        // most marks are gone, the candidates fall often, and those heaps
        // are valued with every checked position.
        #[cfg(target_arch = "x86_64")]
        if avx512_here() {
            for c in ["0.6", "0.14", "0.34"] {
                let n = 40_000;
                let portable = Search::new(&code(c)).run(n, true, false);
                for tenths in [5, 10] {
                    let mut search = Search::new(&code(c));
                    search.checked.tenths = tenths;
                    // SAFETY: the processor has AVX-512 F, BW, VBMI and BMI2, just checked.
                    let avx512 = unsafe { search.run_avx512(n) };
                    assert!((0..=n).all(|k| avx512.get(k) == portable.get(k)), "{c}, {tenths} tenths");
                }
            }
        }
    }

    /// A search of Officers with the values to `n` (by the direct method)
    /// and its mask and rare positions, as at a checkpoint.
    fn officers_to(n: usize) -> Search {
        let c = code("0.6");
        let mut search = Search::new(&c);
        search.g = plain_values(&c, n);
        search.resize((search.g.iter().max().unwrap() + 1).next_power_of_two());
        for x in 1..=n {
            search.histogram[2 * search.g[x] as usize] += 1;
        }
        search.remask();
        search
    }

    #[test]
    fn split_rares_checks_the_least_critical_share() {
        let n = 30_000;
        let mut search = officers_to(n);
        search.split_rares();
        let eligible = search.rare.iter().filter(|r| r.pos as usize >= BLOCK && r.pos as usize + 2 < n + 1).count();
        assert_eq!(search.rare.len(), 1583, "Officers' rare positions");
        assert_eq!(search.checked.rare.len(), eligible / 2);
        assert_eq!(search.checked.rare.len() + search.checked.marked.len(), search.rare.len());
        for list in [&search.checked.rare, &search.checked.marked] {
            assert!(list.windows(2).all(|w| w[0].pos < w[1].pos));
        }
        assert!(search.checked.rare.iter().all(|r| r.pos as usize >= BLOCK && search.g[r.pos as usize] == r.value));
        assert!(search.checked.rare.iter().zip(&search.checked.keys).all(|(r, &key)| key == r.value | r.value << 16));
        // The positions never alone below `c` in the sample come first.
        let most = search.checked.rare.iter().map(|r| search.checked.critical[search.rare.iter().position(|q| q.pos == r.pos).unwrap()]).max();
        let least = search.checked.marked.iter().filter(|r| r.pos as usize >= BLOCK).map(|r| search.checked.critical[search.rare.iter().position(|q| q.pos == r.pos).unwrap()]).min();
        assert!(most <= least, "checked up to {most:?}, marked from {least:?}");
    }

    #[test]
    fn the_share_checked_follows_the_heaps_that_lost_their_candidates() {
        let mut search = officers_to(30_000);
        let eligible = search.rare.iter().filter(|r| r.pos as usize >= BLOCK && (r.pos as usize) < 30_000 - 1).count();
        // (tenths before, heaps, heaps that lost all, tenths after)
        for (before, heaps, fallen, after) in [
            (5, 1000, 1, 6),
            (8, 1000, 0, 9),
            (9, 1000, 0, 9),
            (6, 1000, 3, 6),
            (6, 1000, 11, 5),
            (9, 1000, 51, 6),
            (2, 1000, 500, 1),
            (5, 999, 500, 5),
        ] {
            (search.checked.tenths, search.checked.heaps, search.checked.fallen) = (before, heaps, fallen);
            search.split_rares();
            assert_eq!(search.checked.tenths, after, "{fallen} of {heaps} from {before} tenths");
            assert_eq!(search.checked.rare.len(), eligible * after / 10, "{after} tenths");
            assert_eq!((search.checked.heaps, search.checked.fallen), (0, 0));
        }
    }

    /// Random 64-bit words from `state` (xorshift), the same on every run.
    fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    #[test]
    fn greedy_cover_picks_as_the_plain_greedy_does() {
        // The lazy greedy against one that counts every chunk's gain at each
        // pick, on sparse random sets (many ties).
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for case in 0..30 {
            let (heaps, chunks, words) = (1 + case % 7, 5 + 3 * case, 1 + case % 3);
            let mut sparse = |n: usize| -> Vec<u64> { (0..n).map(|_| next() & next() & next()).collect() };
            let missing: Vec<Vec<u64>> = (0..heaps).map(|_| sparse(words)).collect();
            let gives: Vec<Vec<u64>> = (0..heaps).map(|_| sparse(chunks * words)).collect();
            let (mut left, mut picked, mut plain) = (missing.clone(), vec![false; chunks], Vec::new());
            loop {
                let gain = |k: usize| -> u32 {
                    left.iter().zip(&gives).map(|(m, g)| (0..words).map(|w| (m[w] & g[k * words + w]).count_ones()).sum::<u32>()).sum()
                };
                let Some(k) = (0..chunks).filter(|&k| !picked[k] && gain(k) > 0).max_by_key(|&k| (gain(k), std::cmp::Reverse(k))) else {
                    break;
                };
                picked[k] = true;
                plain.push(k as u16);
                for (m, g) in left.iter_mut().zip(&gives) {
                    for w in 0..words {
                        m[w] &= !g[k * words + w];
                    }
                }
            }
            plain.extend((0..chunks as u16).filter(|&k| !picked[usize::from(k)]));
            assert_eq!(greedy_cover(missing, &gives, words), plain, "case {case}");
        }
    }

    #[test]
    fn the_fitted_order_is_one_of_the_ordered_chunks() {
        let search = officers_to(30_000);
        let rare: Bitmap = std::array::from_fn(|w| search.rare_bits[0][w] | search.rare_bits[1][w]);
        let mut order = search.fitted_order(1, &rare);
        order.sort_unstable();
        assert_eq!(order, (0..ORDERED as u16).collect::<Vec<_>>());
    }

    #[test]
    fn the_chunks_looked_at_first_change_no_answer() {
        let n = 60_000;
        let mut search = officers_to(n);
        search.order_chunks();
        let order = search.chunk_order.clone();
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..ORDERED as u16).collect::<Vec<_>>(), "Officers takes an order of every chunk");
        assert_ne!(order, sorted, "and not the natural one");
        assert_eq!(ordered(&order, ORDERED - 1), &[] as &[u16], "too few chunks: the natural order");
        #[cfg(target_arch = "x86_64")]
        if avx512_here() {
            let mut narrow = Narrow::new(n);
            for &v in &search.g {
                narrow.push(v as u16);
            }
            // Every value below a heap's, and a value no split gives.
            for h in (n - 2_000..n).step_by(97) {
                let mut missing: Bitmap = [0; BITMAP_CAP / 64];
                for w in (0..search.g[h]).chain([1023]) {
                    missing[w as usize / 64] |= 1 << (w % 64);
                }
                let (mut natural, mut two) = (missing, missing);
                // SAFETY: the processor has AVX-512 F, BW, VBMI and BMI2, just checked.
                let found = unsafe {
                    [
                        find_in_bitmap::<1>(&narrow, h - 1, &mut missing[..16], &order, &mut Ends { now: true, ..Ends::default() }),
                        find_in_bitmap::<1>(&narrow, h - 1, &mut natural[..16], &[], &mut Ends::default()),
                        find_in_bitmap::<2>(&narrow, h - 1, &mut two, &order, &mut Ends::default()),
                    ]
                };
                assert_eq!((found[0], missing), (found[1], natural), "heap {h}");
                assert_eq!((found[0], missing), (found[2], two), "heap {h}, two pairs of tables");
            }
        }
    }

    #[test]
    fn the_last_two_values_are_looked_for_in_every_chunk() {
        // 1 in every chunk, so the first chunk leaves 2 and 4 missing, which
        // `find_in_bytes` then compares with each chunk: one of them is at
        // `a` (each chunk in turn, and the split past the last whole one),
        // the other nowhere.
        #[cfg(target_arch = "x86_64")]
        if avx512_here() {
            let chunks = ORDERED + DEEP + 41;
            let n = 2 * 64 * chunks + 40;
            let s = n - 1;
            let shuffled: Vec<u16> = (0..ORDERED as u16).map(|k| (k * 37 + 11) % ORDERED as u16).collect();
            let last = s / 2;
            for (given, never) in [(2, 4), (4, 2)] {
                for (order, both) in [(Vec::new(), false), (Vec::new(), true), (shuffled.clone(), false), (shuffled.clone(), true)] {
                    for a in (0..chunks).map(|k| 2 + 64 * k + k % 63).chain([last]) {
                        let mut narrow = Narrow::new(n);
                        for x in 0..=n {
                            narrow.push(match x {
                                _ if x == a => given,
                                _ if x <= last && x % 64 == 1 => 1,
                                _ => 0,
                            });
                        }
                        let (forward, backward) = narrow.bytes.as_ref().expect("values below 256");
                        let mut wanted: Bitmap = [0; BITMAP_CAP / 64];
                        wanted[0] = 1 << 1 | 1 << 2 | 1 << 4;
                        let (mut words, mut bytes) = (wanted, wanted);
                        let mut ends = Ends { now: both, ..Ends::default() };
                        // SAFETY: the processor has AVX-512 F, BW, VBMI and BMI2, just checked.
                        let found = unsafe {
                            [
                                find_in_bitmap::<1>(&narrow, s, &mut words[..16], &order, &mut ends),
                                find_in_bytes(forward, &backward[1..], s, &mut bytes, &order, &mut ends),
                            ]
                        };
                        let mut left: Bitmap = [0; BITMAP_CAP / 64];
                        left[0] = 1 << never;
                        let case = format!("{given} at {a}, {} ordered, both ends {both}", order.len());
                        assert_eq!(found, [false; 2], "{case}");
                        assert_eq!([words, bytes], [left; 2], "{case}");
                    }
                }
            }
        }
    }

    #[test]
    fn both_ends_are_taken_while_they_cost_a_fifth_less() {
        let mut ends = Ends::default();
        // 16 heaps counted each way at least, or no choice yet.
        (ends.heaps, ends.chunks) = ([100, 15], [1_000, 15]);
        ends.choose();
        assert!(!ends.on && ends.heaps == [100, 15], "too few from both ends");
        // 10 chunks a heap in place; from both ends 7.9, then 8.1.
        (ends.heaps, ends.chunks) = ([100, 20], [1_000, 158]);
        ends.choose();
        assert!(ends.on && ends.heaps == [0, 0], "a fifth less and more");
        (ends.heaps, ends.chunks) = ([100, 20], [1_000, 162]);
        ends.choose();
        assert!(!ends.on, "less than a fifth less");
        // One heap in PROBE the other way, either way.
        for on in [false, true] {
            ends.on = on;
            let other = (0..1 << 16).filter(|&n| {
                ends.take(n);
                ends.now != on
            });
            let share = other.count() as f64 / f64::from(1 << 16);
            assert!((share * PROBE as f64 - 1.0).abs() < 0.1, "{share} with both ends {on}");
        }
    }

    #[test]
    fn every_chunk_is_looked_at_in_any_order() {
        // Every value 0 but one, at `a`: only the split `(a, s - a)` gives 5.
        #[cfg(target_arch = "x86_64")]
        if avx512_here() {
            // Past the ordered chunks and DEEP more: the last ones are
            // looked at from the end.
            let chunks = ORDERED + DEEP + 41;
            let n = 2 * 64 * chunks;
            let shuffled: Vec<u16> = (0..ORDERED as u16).map(|k| (k * 37 + 11) % ORDERED as u16).collect();
            for (order, both) in [(Vec::new(), false), (Vec::new(), true), (shuffled.clone(), false), (shuffled, true)] {
                for k in 0..chunks {
                    let a = 1 + 64 * k + k % 64;
                    let mut narrow = Narrow::new(n);
                    for x in 0..=n {
                        narrow.push(if x == a { 5 } else { 0 });
                    }
                    let (forward, backward) = narrow.bytes.as_ref().expect("values below 256");
                    let mut five: Bitmap = [0; BITMAP_CAP / 64];
                    five[0] = 1 << 5;
                    let (mut words, mut bytes) = (five, five);
                    let mut ends = Ends { now: both, ..Ends::default() };
                    // SAFETY: the processor has AVX-512 F, BW, VBMI and BMI2, just checked.
                    let found = unsafe {
                        [
                            find_in_bitmap::<1>(&narrow, n - 1, &mut words[..16], &order, &mut ends),
                            find_in_bytes(forward, &backward[1..], n - 1, &mut bytes, &order, &mut ends),
                        ]
                    };
                    let case = format!("a = {a}, {} ordered, both ends {both}", order.len());
                    assert_eq!(found, [true; 2], "{case}");
                    // A heap is counted, with the chunks it looked at past
                    // the ordered ones and DEEP, when its value came there,
                    // in a whole chunk (of `chunks - 1`): in place, the
                    // chunks up to its own; from both ends, twice as many
                    // (one from the end each), or twice those from the end
                    // and one when it is from the end.
                    let (deep, full) = (order.len() + DEEP, chunks - 1);
                    let past = match k {
                        _ if k < deep || k >= full => 0,
                        _ if !both => k + 1 - deep,
                        _ if k - deep < full - k => 2 * (k - deep) + 1,
                        _ => 2 * (full - k),
                    } as u64;
                    let way = usize::from(both);
                    assert_eq!((ends.heaps[way], ends.chunks[way]), (2 * u64::from(past > 0), 2 * past), "{case}");
                    assert_eq!((ends.heaps[1 - way], ends.chunks[1 - way]), (0, 0), "{case}");
                }
            }
        }
    }

    #[test]
    fn the_avx512_path_hands_over_when_the_values_grow() {
        // Values of `bitmap_cap` and more leave the bitmaps for the stamps
        // of `seen`, in the middle of a block: here from 16 on.
        #[cfg(target_arch = "x86_64")]
        if avx512_here() {
            for c in ["0.6", "0.376", "0.324", "0.165"] {
                let n = 20_000;
                let portable = Search::new(&code(c)).run(n, true, false);
                let mut search = Search::new(&code(c));
                search.bitmap_cap = 16;
                // SAFETY: the processor has AVX-512 F, BW, VBMI and BMI2, just checked.
                let avx512 = unsafe { search.run_avx512(n) };
                assert!((0..=n).any(|k| portable.get(k) >= 16), "{c}: the values stay below 16");
                assert!((0..=n).all(|k| avx512.get(k) == portable.get(k)), "{c}");
            }
        }
    }

    #[test]
    fn dot_16_has_period_149459() {
        // Gangolli and Plambeck (1989): 0.16 is periodic with period 149459,
        // its last exception at 105350. Found here by the sparse space (no
        // rare position after the first few hundred heaps) and proven by the
        // theorem at the first checkpoint past 2 * 105351 + 2 * 149459 + 2
        // values (checkpoints are an eighth apart).
        let v = compute("0.16", 1_000_000);
        assert_eq!(
            v.period(),
            Some(Period {
                start: 105_351,
                length: 149_459
            })
        );
        let bound = 2 * 105_351 + 2 * 149_459 + 2;
        assert!((bound..bound + bound / 8).contains(&v.computed()), "{}", v.computed());
    }

    #[test]
    fn officers_first_values_by_hand() {
        // 0.6: take one token, leave one or two heaps. g(1) = 0 (no move);
        // 2 -> 1: mex{0} = 1; 3 -> 2 or 1+1: mex{1, 0} = 2; 4 -> 3 or 2+1:
        // mex{2, 1} = 0; 5 -> 4, 3+1, 2+2: mex{0, 2, 0} = 1; 6 -> 5, 4+1,
        // 3+2: mex{1, 0, 3} = 2; 7 -> 6, 5+1, 4+2, 3+3: mex{2, 1, 1, 0} = 3.
        let v = compute("0.6", 1 << 12);
        assert_eq!((0..8).map(|n| v.get(n)).collect::<Vec<_>>(), [0, 0, 1, 2, 0, 1, 2, 3]);
        assert_eq!(v.period(), None);
    }

    #[test]
    fn oeis_values_and_periods() {
        // A071436: 0.56 from heap 1 (period 144 after 326637, beyond this run).
        let v = compute("0.56", 100);
        let a071436 = [1, 0, 2, 2, 4, 1, 1, 3, 2, 4, 4, 6, 6, 2, 1, 1, 7, 6, 8, 4, 1, 1, 6, 5, 4, 8];
        assert!(a071436.iter().enumerate().all(|(k, &want)| v.get(k + 1) == want));
        // A071435: 0.177, period 20, last exception 496.
        assert_eq!(compute("0.177", 4000).period(), Some(Period { start: 497, length: 20 }));
        // A125920: 0.176, period 8, last exception 23.
        assert_eq!(compute("0.176", 4000).period(), Some(Period { start: 24, length: 8 }));
        // A071464: 0.127 (Gangolli and Plambeck), period 4, last exception
        // 46577: proven once 2 * 46578 + 2 * 4 + 3 values are known.
        let v = compute("0.127", 1_000_000);
        assert_eq!(v.period(), Some(Period { start: 46_578, length: 4 }));
        let bound = 2 * 46_578 + 2 * 4 + 3;
        assert!((bound..bound + bound / 8).contains(&v.computed()), "{}", v.computed());
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
