//! Sprague-Grundy values of finite impartial games, from the rules alone.
//!
//! Problem: given an impartial game by its move rule (every position lists the
//! positions one move away), compute the Grundy value of a position under
//! normal play (0 if and only if the player to move loses).
//!
//! Idea: `g(s) = mex { g(o) : o an option of s }`, memoized per state, by a
//! depth-first search on an explicit stack. The one theorem used is
//! Sprague-Grundy's: a sum of independent games has the XOR of their values, so
//! a game may describe an option as a sum of components, and the engine values
//! each component on its own.
//!
//! A position on the stack values its options' components in the order listed,
//! XORing each option's as it goes and marking the option's value in a bitset,
//! so that its mex is ready when the last component has a value; a component
//! not yet in the memo is pushed on the stack and valued first. The memo keeps
//! a value in one byte (a larger one aside), a position on the stack being
//! marked there too, so that meeting it again is a cycle.
//!
//! Complexity: one memo look-up per component of every option of every
//! distinct reachable state, plus the game's own option generation; memory is
//! linear in the number of distinct states, capped by the [`Budget`]. A game
//! whose states number themselves densely (a bitset of at most 16 edges) gets
//! an array for a memo, a look-up being one load of a byte; any other a hash
//! map.
//!
//! Reference: E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your
//! Mathematical Plays*, chapter 4; R. Sprague (1935), P. M. Grundy (1939).

use std::any::Any;
use std::cell::RefCell;
use std::hash::Hash;
use std::num::NonZeroU8;

use rustc_hash::FxHashMap;

use crate::budget::Moves;
use crate::memo::{Memo, Spare};
use crate::{Budget, TooBig};

/// A finite impartial game: no position may be reachable from itself.
pub trait Impartial {
    type State: Clone + Eq + Hash + 'static;
    /// Every position reachable in one move. Each option is a *sum* of
    /// independent components, so a game can split a position (the
    /// Sprague-Grundy theorem).
    fn options(&self, s: &Self::State, out: &mut Options<Self::State>);
    /// `Some(n)` when [`Impartial::index`] numbers every state below `n`,
    /// one number per state: the memo may then be an array.
    fn indices(&self) -> Option<usize> {
        None
    }
    /// The state's number below [`Impartial::indices`]; asked only when that
    /// is `Some`.
    fn index(&self, _: &Self::State) -> usize {
        unreachable!("a game without indices is memoized by hashing")
    }
}

/// The options of every position on the search stack, kept flat: one arena of
/// component states and, per option, where its components end. Adding an
/// option allocates nothing once the arena has grown to its working size.
pub struct Options<S> {
    states: Vec<S>,
    ends: Vec<usize>,
}

impl<S> Options<S> {
    fn new() -> Self {
        Options {
            states: Vec::new(),
            ends: Vec::new(),
        }
    }

    /// Adds an option that is a single position.
    pub fn add(&mut self, s: S) {
        self.states.push(s);
        self.ends.push(self.states.len());
    }

    /// Adds an option that is the sum of independent components. No
    /// components at all is the empty game, of value 0.
    pub fn add_sum<I: IntoIterator<Item = S>>(&mut self, components: I) {
        self.states.extend(components);
        self.ends.push(self.states.len());
    }

    fn truncate(&mut self, states: usize, ends: usize) {
        self.states.truncate(states);
        self.ends.truncate(ends);
    }
}

/// Every option of `s`, each as its components in the order listed: what a
/// test compares with the rules.
#[cfg(test)]
pub(crate) fn options_of<G: Impartial>(game: &G, s: &G::State) -> Vec<Vec<G::State>> {
    let mut out = Options::new();
    game.options(s, &mut out);
    let mut start = 0;
    (out.ends.iter())
        .map(|&end| {
            let option = out.states[start..end].to_vec();
            start = end;
            option
        })
        .collect()
}

/// The Grundy value of the sum of the positions in `start` (the XOR of theirs).
///
/// Returns `Err(TooBig)` once more than `budget.max_states` distinct states
/// would have to be memoized, or more than [`Budget::max_moves`] options listed.
///
/// # Panics
/// If a position is reachable from itself: such a game has no Grundy values.
pub fn grundy<G: Impartial>(game: &G, start: &[G::State], budget: &Budget) -> Result<u32, TooBig> {
    Kept::new(game, *budget).grundy(start)
}

/// One search kept across many positions of a game: its memo stays, so valuing every option of
/// every position along a play (what an interactive jury does) costs one search of the start,
/// within one budget, instead of a search per position.
pub struct Kept<G: Impartial> {
    search: Search<G>,
    /// Set by the first `TooBig`: the budget is spent, and the memo holds unfinished states.
    spent: Option<TooBig>,
}

impl<G: Impartial> Kept<G> {
    pub fn new(game: G, budget: Budget) -> Self {
        Kept {
            search: Search::new(game, budget),
            spent: None,
        }
    }

    /// The Grundy value of the sum of `start`, as [`grundy`]; once it has given up, it gives up
    /// on every position.
    pub fn grundy(&mut self, start: &[G::State]) -> Result<u32, TooBig> {
        if let Some(too_big) = self.spent {
            return Err(too_big);
        }
        let value = start.iter().try_fold(0, |acc, s| Ok(acc ^ self.search.value(s)?));
        self.spent = value.err();
        value
    }

    pub fn game(&self) -> &G {
        &self.search.game
    }
}

/// A game seen through a reference is the same game.
impl<G: Impartial> Impartial for &G {
    type State = G::State;

    fn options(&self, s: &Self::State, out: &mut Options<Self::State>) {
        (**self).options(s, out)
    }

    fn indices(&self) -> Option<usize> {
        (**self).indices()
    }

    fn index(&self, s: &Self::State) -> usize {
        (**self).index(s)
    }
}

impl<G: Impartial> Drop for Search<G> {
    fn drop(&mut self) {
        let Some(mut kept) = self.kept.take() else {
            return;
        };
        // A search that gave up leaves frames and options behind.
        self.opts.truncate(0, 0);
        self.frames.clear();
        self.above.clear();
        kept.memo = self.values.memo.take_spare();
        kept.opts = std::mem::replace(&mut self.opts, Options::new());
        kept.frames = std::mem::take(&mut self.frames);
        kept.above = std::mem::take(&mut self.above);
        keep(kept);
    }
}

/// A memo entry: a known value `g` below [`WIDE`] is kept as `g + 1`, so that an entry takes one
/// byte and an array memo's entries stay in the cache nearest the core.
pub(crate) type Code = NonZeroU8;

/// Marks a state whose value is at least `WIDE`, kept aside ([`Values`]).
const WIDE: u8 = u8::MAX - 1;

/// Marks a state whose value is being computed, so meeting it again is a cycle.
pub(crate) const IN_PROGRESS: Code = Code::MAX;

/// A position whose options are being valued: its options are in the arena from `first_state` /
/// `first_option` on, up to those of the frame above it. The values of the options before
/// `option` are marked in `seen` (and `above`), and `sum` is the XOR of the values of the
/// components of option `option` before `cursor`.
#[derive(Clone, Copy)]
struct Frame {
    first_state: usize,
    first_option: usize,
    cursor: usize,
    option: usize,
    sum: u32,
    /// Bit `g` for an option of value `g < 64`.
    seen: u64,
    /// Where the frame's words for the values from 64 on start in `Search::above`: a frame of
    /// `k` options has `k / 64` of them, as `k` options cannot cover `0..=k` and no value above
    /// `k` matters.
    above: usize,
}

impl Frame {
    /// The mex of the option values marked, `above` being the tail of `Search::above` that
    /// holds this frame's words.
    fn mex(&self, above: &[u64]) -> u32 {
        if self.seen != u64::MAX {
            return self.seen.trailing_ones();
        }
        let word = (above.iter())
            .position(|&w| w != u64::MAX)
            .expect("k options leave a value in 0..=k unmarked");
        64 * (word as u32 + 1) + above[word].trailing_ones()
    }
}

struct Search<G: Impartial> {
    game: G,
    values: Values<G::State>,
    opts: Options<G::State>,
    frames: Vec<Frame>,
    /// The frames' words of values from 64 on (see [`Frame::above`]).
    above: Vec<u64>,
    moves: Moves,
    budget: Budget,
    /// The thread's kept buffers, emptied of what the search took, to give them back in when
    /// it is dropped.
    kept: Option<Box<Buffers<G::State>>>,
}

/// A search's buffers, emptied. A thread keeps those of its last search for its next search of
/// states of the same type: a search of a few dozen states (a small Hackenbush graph) would
/// spend more on allocating them and zeroing its memo's array than on searching.
struct Buffers<S> {
    memo: Spare<Code>,
    opts: Options<S>,
    frames: Vec<Frame>,
    above: Vec<u64>,
}

thread_local! {
    /// Kept buffers, each a `Buffers<S>` of its own `S`, boxed so that taking them and keeping
    /// them again moves a pointer and allocates nothing.
    static KEPT: RefCell<Vec<Box<dyn Any>>> = const { RefCell::new(Vec::new()) };
}

impl<S: 'static> Buffers<S> {
    /// The buffers the thread keeps for `S`, else new ones.
    fn take() -> Box<Self> {
        let kept = KEPT.try_with(|kept| {
            let mut kept = kept.try_borrow_mut().ok()?;
            let at = kept.iter().position(|b| b.is::<Self>())?;
            kept.swap_remove(at).downcast::<Self>().ok()
        });
        kept.ok().flatten().unwrap_or_else(|| Box::new(Buffers::new()))
    }

    fn new() -> Self {
        Buffers {
            memo: Spare::default(),
            opts: Options::new(),
            frames: Vec::new(),
            above: Vec::new(),
        }
    }
}

/// Keeps `buffers` for the thread's next search, unless it keeps some for `S` already (those of
/// a search that ran inside this one's lifetime).
fn keep<S: 'static>(buffers: Box<Buffers<S>>) {
    // Past the thread's end there is nothing to keep them for.
    let _ = KEPT.try_with(|kept| {
        if let Ok(mut kept) = kept.try_borrow_mut() {
            if !kept.iter().any(|b| b.is::<Buffers<S>>()) {
                kept.push(buffers);
            }
        }
    });
}

impl<G: Impartial> Search<G> {
    fn new(game: G, budget: Budget) -> Self {
        let mut kept = Buffers::take();
        Search {
            values: Values {
                memo: Memo::reusing(game.indices(), &budget, std::mem::take(&mut kept.memo)),
                wide: FxHashMap::default(),
            },
            game,
            opts: std::mem::replace(&mut kept.opts, Options::new()),
            frames: std::mem::take(&mut kept.frames),
            above: std::mem::take(&mut kept.above),
            moves: Moves::new(&budget),
            budget,
            kept: Some(kept),
        }
    }

    fn value(&mut self, s: &G::State) -> Result<u32, TooBig> {
        let index = |s: &G::State| self.game.index(s);
        if let Some(code) = self.values.memo.get(s, index) {
            return Ok(self.values.decode(code, s));
        }
        self.enter(s.clone())?;
        loop {
            if let Some(child) = self.unknown_component() {
                self.enter(child)?;
                continue;
            }
            let Some(done) = self.frames.pop() else {
                unreachable!("the search stack is never empty inside the loop")
            };
            let g = done.mex(&self.above[done.above..]);
            self.above.truncate(done.above);
            self.opts.truncate(done.first_state, done.first_option);
            // The state done is its parent's component at the cursor, or the start.
            let game = &self.game;
            let Some(parent) = self.frames.last_mut() else {
                self.values.set(s, |s| game.index(s), g);
                return Ok(g);
            };
            self.values.set(&self.opts.states[parent.cursor], |s| game.index(s), g);
            parent.sum ^= g;
            parent.cursor += 1;
        }
    }

    /// Pushes `s` on the search stack with its options.
    fn enter(&mut self, s: G::State) -> Result<(), TooBig> {
        self.values.memo.admit(&self.budget)?;
        let first_state = self.opts.states.len();
        let first_option = self.opts.ends.len();
        self.game.options(&s, &mut self.opts);
        let options = self.opts.ends.len() - first_option;
        self.moves.add(options, &self.budget)?;
        let game = &self.game;
        self.values.memo.insert(s, |s| game.index(s), IN_PROGRESS);
        let above = self.above.len();
        self.above.resize(above + options / 64, 0);
        self.frames.push(Frame {
            first_state,
            first_option,
            cursor: first_state,
            option: first_option,
            sum: 0,
            seen: 0,
            above,
        });
        Ok(())
    }

    /// Values the top frame's components in order from its cursor, marking each option whose
    /// components all have a value, up to the first component without one; returns that one.
    fn unknown_component(&mut self) -> Option<G::State> {
        let top = self.frames.last_mut()?;
        let (game, opts, values) = (&self.game, &self.opts, &self.values);
        loop {
            let above = &mut self.above[top.above..];
            // One loop per kind of memo: matching on the kind at every component costs more
            // than the look-up in an array.
            let stop = match values.memo.dense() {
                Some(dense) => scan(top, opts, above, |c| dense[game.index(c)]),
                None => scan(top, opts, above, |c| values.memo.get(c, |s| game.index(s))),
            };
            match stop {
                Stop::Done => return None,
                Stop::Unknown(c) => return Some(c),
                Stop::Rare(code) => {
                    top.sum ^= values.rare(code, &opts.states[top.cursor]);
                    top.cursor += 1;
                }
            }
        }
    }
}

/// Where [`scan`] stopped.
enum Stop<S> {
    /// Every option of the frame has its value.
    Done,
    /// The component at the cursor, not in the memo.
    Unknown(S),
    /// The entry of the component at the cursor, [`WIDE`] or [`IN_PROGRESS`].
    Rare(Code),
}

/// The scan of [`Search::unknown_component`] from `top`'s cursor, `entry` giving a component's
/// memo entry, `above` the frame's words. It leaves a rare entry to its caller: the map of wide
/// values kept at hand would cost the loop a register.
#[inline]
fn scan<S: Clone>(
    top: &mut Frame,
    opts: &Options<S>,
    above: &mut [u64],
    entry: impl Fn(&S) -> Option<Code>,
) -> Stop<S> {
    // The frame's counters stay in locals: through `top` they would go to memory and back at
    // every component.
    let Frame {
        mut cursor,
        mut option,
        mut sum,
        mut seen,
        ..
    } = *top;
    let stop = 'options: loop {
        let Some(&end) = opts.ends.get(option) else {
            break Stop::Done;
        };
        while cursor < end {
            let c = &opts.states[cursor];
            match entry(c) {
                Some(code) if code.get() < WIDE => sum ^= u32::from(code.get() - 1),
                Some(code) => break 'options Stop::Rare(code),
                None => break 'options Stop::Unknown(c.clone()),
            }
            cursor += 1;
        }
        mark(&mut seen, above, sum);
        sum = 0;
        option += 1;
    };
    (top.cursor, top.option, top.sum, top.seen) = (cursor, option, sum, seen);
    stop
}

/// Marks an option of value `g` in a frame's bits `seen` and its words `above` (see
/// [`Frame::above`]).
#[inline]
fn mark(seen: &mut u64, above: &mut [u64], g: u32) {
    if g < 64 {
        *seen |= 1 << g;
    } else if let Some(word) = above.get_mut(g as usize / 64 - 1) {
        *word |= 1 << (g % 64);
    }
}

/// The memo, with the values from [`WIDE`] on, of the states whose entry is `WIDE`: a state of
/// such a value has that many options, so `wide` holds at most one state per `WIDE` moves of the
/// budget.
struct Values<S> {
    memo: Memo<S, Code>,
    wide: FxHashMap<S, u32>,
}

impl<S: Clone + Eq + Hash> Values<S> {
    /// The value of `s` from its entry `code`; [`IN_PROGRESS`] is a cycle.
    #[inline]
    fn decode(&self, code: Code, s: &S) -> u32 {
        if code.get() < WIDE {
            u32::from(code.get() - 1)
        } else {
            self.rare(code, s)
        }
    }

    /// The value of `s` from its entry `code`, [`WIDE`] or [`IN_PROGRESS`] (a cycle).
    #[cold]
    fn rare(&self, code: Code, s: &S) -> u32 {
        assert!(
            code != IN_PROGRESS,
            "not a finite game: a position is reachable from itself"
        );
        self.wide[s]
    }

    /// Memoizes the value `g` of `s`, whose entry is [`IN_PROGRESS`].
    fn set(&mut self, s: &S, index: impl Fn(&S) -> usize, g: u32) {
        let code = match u8::try_from(g + 1) {
            Ok(code) if code < WIDE => code,
            _ => {
                self.wide.insert(s.clone(), g);
                WIDE
            }
        };
        self.memo.set(s, index, Code::new(code).expect("a code is at least 1"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One heap; a move takes 1, 2 or 3 counters.
    struct Subtract123;
    impl Impartial for Subtract123 {
        type State = u32;
        fn options(&self, &n: &u32, out: &mut Options<u32>) {
            for take in 1..=3.min(n) {
                out.add(n - take);
            }
        }
    }

    /// A game whose states are numbered below `.1`, for an array memo.
    struct Numbered<G>(G, usize);
    impl<G: Impartial<State = u32>> Impartial for Numbered<G> {
        type State = u32;
        fn options(&self, &n: &u32, out: &mut Options<u32>) {
            self.0.options(&n, out)
        }
        fn indices(&self) -> Option<usize> {
            Some(self.1)
        }
        fn index(&self, &n: &u32) -> usize {
            n as usize
        }
    }

    /// One heap; a move takes any positive number of counters.
    struct NimHeap;
    impl Impartial for NimHeap {
        type State = u32;
        fn options(&self, &n: &u32, out: &mut Options<u32>) {
            for rest in 0..n {
                out.add(rest);
            }
        }
    }

    /// Lasker's Nim on one heap: take any positive number of counters, or split
    /// the heap into two non-empty heaps (an option that is a sum).
    struct Lasker;
    impl Impartial for Lasker {
        type State = u32;
        fn options(&self, &n: &u32, out: &mut Options<u32>) {
            if n > 0 {
                out.add_sum(None);
            }
            for rest in 1..n {
                out.add(rest);
            }
            for a in 1..=n / 2 {
                out.add_sum([a, n - a]);
            }
        }
    }

    /// Position n moves only to n - 1.
    struct Chain;
    impl Impartial for Chain {
        type State = u32;
        fn options(&self, &n: &u32, out: &mut Options<u32>) {
            if n > 0 {
                out.add(n - 1);
            }
        }
    }

    /// Two positions that move to each other: not a finite game.
    struct Loop;
    impl Impartial for Loop {
        type State = bool;
        fn options(&self, &s: &bool, out: &mut Options<bool>) {
            out.add(!s);
        }
    }

    const BIG: Budget = Budget::new(1_000_000);

    #[test]
    fn subtraction_game_is_n_mod_4() {
        // Known formula: a subtraction game with moves {1..k} has SG = n mod (k + 1).
        for n in 0..200 {
            assert_eq!(grundy(&Subtract123, &[n], &BIG), Ok(n % 4), "n = {n}");
        }
    }

    #[test]
    fn the_budget_bounds_the_moves_listed_as_well_as_the_states() {
        // A heap of n has n + 1 states below it and lists n (n + 1) / 2 options in all: within
        // 32 per state up to n = 64.
        let within = Budget::new(65);
        assert_eq!(grundy(&NimHeap, &[64], &within), Ok(64));
        let over = grundy(&NimHeap, &[65], &Budget::new(66)).unwrap_err();
        assert_eq!((over.moves, over.memory), (Some(2112), None), "{over:?}");
        assert_eq!(
            over.to_string(),
            "brute force gave up after 2112 moves (at most 32 per state of its budget of 66 states)"
        );
        let unbounded = Budget::new(66).with_max_moves(usize::MAX);
        assert_eq!(grundy(&NimHeap, &[65], &unbounded), Ok(65));
    }

    #[test]
    fn nim_heaps_sum_to_their_xor() {
        // A Nim heap of n is worth n (its options are exactly the heaps 0..n).
        for n in [0, 1, 63, 64, 65, 200] {
            assert_eq!(grundy(&NimHeap, &[n], &BIG), Ok(n), "heap {n}");
        }
        // Bouton: 3 ^ 5 ^ 6 = 0 and 1 ^ 2 ^ 4 = 7.
        assert_eq!(grundy(&NimHeap, &[3, 5, 6], &BIG), Ok(0));
        assert_eq!(grundy(&NimHeap, &[1, 2, 4], &BIG), Ok(7));
        assert_eq!(grundy(&NimHeap, &[], &BIG), Ok(0));
    }

    #[test]
    fn laskers_nim_follows_its_formula() {
        // Winning Ways, ch. 4: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4,
        // g(4k+4) = 4k+3 (and g(0) = 0).
        let expected = |n: u32| match n % 4 {
            3 => n + 1,
            0 if n > 0 => n - 1,
            _ => n,
        };
        for n in 0..120 {
            assert_eq!(grundy(&Lasker, &[n], &BIG), Ok(expected(n)), "heap {n}");
        }
        assert_eq!(grundy(&Lasker, &[3, 4], &BIG), Ok(4 ^ 3));
    }

    #[test]
    fn deep_chain_runs_on_a_small_stack() {
        let run = || (grundy(&Chain, &[100_000], &BIG), grundy(&Chain, &[99_999], &BIG));
        let got = crate::testing::on_small_stack(run);
        // A chain alternates losing and winning positions: g(n) = n mod 2.
        assert_eq!(got, (Ok(0), Ok(1)));
    }

    #[test]
    fn budget_caps_the_memo() {
        // Heap 1000 of the subtraction game reaches exactly the 1001 states 0..=1000.
        assert_eq!(grundy(&Subtract123, &[1000], &Budget::new(1001)), Ok(0));
        assert_eq!(
            grundy(&Subtract123, &[1000], &Budget::new(1000)),
            Err(TooBig::states(1000))
        );
        assert_eq!(grundy(&Subtract123, &[1000], &Budget::new(10)), Err(TooBig::states(10)));
    }

    #[test]
    fn a_search_after_one_that_gave_up_starts_afresh() {
        // The thread keeps a search's buffers and its memo's array for the next search: none of
        // the states of one counts in the next, whether it gave up or not.
        let game = Numbered(Subtract123, 1024);
        assert_eq!(grundy(&game, &[1000], &Budget::new(10)), Err(TooBig::states(10)));
        assert_eq!(grundy(&game, &[1000], &Budget::new(1001)), Ok(0));
        assert_eq!(grundy(&game, &[1000], &Budget::new(1000)), Err(TooBig::states(1000)));
        assert_eq!(grundy(&game, &[7, 1], &BIG), Ok(3 ^ 1));
    }

    #[test]
    fn a_kept_search_values_later_positions_from_its_memo_and_stays_spent() {
        // Heap 1000 reaches the 1001 states 0..=1000: every later position is in the memo, so
        // a budget of 1001 states values them all.
        let mut kept = Kept::new(Subtract123, Budget::new(1001));
        assert_eq!(kept.grundy(&[1000]), Ok(0));
        for n in (0..1000).rev() {
            assert_eq!(kept.grundy(&[n, 3]), Ok((n % 4) ^ 3), "heap {n}");
        }
        // Past its budget it gives up, and then on every position, even one it knew.
        let mut kept = Kept::new(Subtract123, Budget::new(10));
        assert_eq!(kept.grundy(&[5]), Ok(1));
        assert_eq!(kept.grundy(&[20]), Err(TooBig::states(10)));
        assert_eq!(kept.grundy(&[5]), Err(TooBig::states(10)));
    }

    #[test]
    fn values_past_a_byte_are_kept_exactly() {
        // An entry holds a value below 253 in its byte and keeps a larger one aside: heaps on
        // both sides of the bound, the second start valued from the memo, hashed and in an array.
        for n in [251, 252, 253, 254, 300] {
            assert_eq!(grundy(&NimHeap, &[n, n - 1], &BIG), Ok(n ^ (n - 1)), "heap {n}");
            assert_eq!(
                grundy(&Numbered(NimHeap, 512), &[n, n - 1], &BIG),
                Ok(n ^ (n - 1)),
                "heap {n}"
            );
            assert_eq!(grundy(&Numbered(NimHeap, 512), &[n, 1], &BIG), Ok(n ^ 1), "heap {n}");
        }
        let mut kept = Kept::new(NimHeap, BIG);
        assert_eq!(kept.grundy(&[300]), Ok(300));
        assert_eq!((kept.grundy(&[299]), kept.grundy(&[253, 3])), (Ok(299), Ok(253 ^ 3)));
    }

    #[test]
    #[should_panic(expected = "not a finite game")]
    fn a_cycle_is_reported() {
        let _ = grundy(&Loop, &[false], &BIG);
    }

    /// Position n moves to n + 1 modulo 3.
    struct Round;
    impl Impartial for Round {
        type State = u32;
        fn options(&self, &n: &u32, out: &mut Options<u32>) {
            out.add((n + 1) % 3);
        }
    }

    #[test]
    #[should_panic(expected = "not a finite game")]
    fn a_cycle_is_reported_with_an_array_memo() {
        let _ = grundy(&Numbered(Round, 3), &[0], &BIG);
    }
}
