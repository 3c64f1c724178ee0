//! The search that values Hackenbush's classes: the memoized search of
//! [`crate::impartial`], with the options of a class valued as they are listed
//! rather than listed first.
//!
//! Problem: the Grundy value of a class (edges connected to the root through
//! non-root vertices), from its options, each a sum of classes.
//!
//! Idea: a class on the search stack keeps the edges whose deletion it has not
//! valued yet and the bitset of the option values it has seen. Listing its
//! options ([`Hackenbush::each_option`]) stops at the first class not in the
//! memo, which is searched first; then the listing resumes with the edges left.
//! No option is stored: a state of a small cactus has five options of one class
//! each, and writing them to an arena and reading them back cost more than
//! valuing them. A class of `k` edges has at most `k` options, each a sum of
//! classes of fewer edges, so every value of a class with at most `M::BITS`
//! edges is below `M::BITS` but the start's, and a mask of values is an `M`.
//!
//! Whether a class has one given value `h` ([`is`]) is often settled in fewer
//! states: `g(C) = h` exactly when no option of `C` is worth `h` and every
//! value below `h` is some option's, and one option worth `h` settles it. An
//! option's classes but its largest are valued, which makes the question about
//! the option one about its largest class; the options whose value is known
//! are read at once, and the others asked about, the smallest first. Each
//! question settled is kept: a yes is the class's value (in the memo), a no a
//! value it has not (one byte per class, for values below 7; larger ones are
//! answered by valuing the class). A problem that asks only who wins asks this
//! of its largest graph, with the XOR of the others' values: brute takes 0.62
//! to 0.64 times as long on `tree`'s cases (one tree: `h = 0`, whether the
//! first player loses), and 0.91 to 0.93 on `cactus`'s (0.63 with one graph,
//! about as long with three, when most of the time goes into valuing the
//! others). A large class with many cycles is valued by questions too
//! ([`by_questions`]): is its value 0, is it 1, and so on.
//!
//! Complexity: as [`crate::impartial::grundy`]'s, plus a listing's fixed cost
//! (the look-ups of the class's parts of blocks) once more for each class
//! searched from it. States, moves and memory count against the [`Budget`] as
//! in that engine, so both give up on the same searches. A question counts
//! the classes it finds a value absent from as states too, and its two tables
//! count together against the memory cap.
//!
//! Reference: E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your
//! Mathematical Plays*, chapter 4 (mex), chapter 7 (the rules).

use std::num::NonZeroU8;
use std::ops::{ControlFlow, Range};

use super::{Hackenbush, Mask};
use crate::budget::Moves;
use crate::impartial::{Code, Impartial, IN_PROGRESS};
use crate::memo::{Memo, Spare};
use crate::{Budget, TooBig};

/// What a search keeps from one instance to the next: a few dozen states would spend more on
/// allocating them and zeroing an array memo than on searching.
#[derive(Default)]
pub(super) struct Buffers<M> {
    memo: Spare<Code>,
    frames: Vec<Frame<M>>,
    absent: Spare<Absent>,
    splits: Vec<Split<M>>,
}

/// Values below [`Absent::BELOW`] a class was found not to have: bit `h` for the value `h`, the
/// top bit always set. One byte, so that the table is as small as the memo's.
#[derive(Clone, Copy)]
struct Absent(NonZeroU8);

impl Absent {
    const BELOW: u32 = 7;
    const NONE: Absent = Absent(NonZeroU8::new(1 << Absent::BELOW).unwrap());

    fn has(self, h: u32) -> bool {
        self.0.get() >> h & 1 == 1
    }

    fn with(self, h: u32) -> Absent {
        Absent(self.0 | 1 << h)
    }
}

/// A class being valued.
#[derive(Clone, Copy)]
struct Frame<M> {
    edges: M,
    /// The moves whose options are not valued yet.
    todo: M,
    /// Bit `g` for an option of value `g`.
    seen: M,
}

/// An option of a class asked about by [`Search::is`]: its largest class, and the XOR of the
/// values of the others.
#[derive(Clone, Copy)]
struct Split<M> {
    largest: M,
    /// The option's other class, none or one, valued into `others` when the option is first
    /// asked about: an option worth the value asked about may settle the question before.
    other: M,
    others: u32,
    /// The largest class's edges: the smallest is tried first.
    size: u32,
}

/// Whether `class` is valued by questions ([`Search::value_by_questions`]): when it has
/// [`ASK_FROM`] edges or more and fewer than half of them are bridges. A question lists a class's
/// options at about 2.5 times the cost of a valuing, but need not meet all their states: it pays
/// on large classes with many cycles, whose values are small. On graphs of `multigraph`'s
/// generator, by their number of edges, questions took 0.58 times as long at 14 edges and 0.74
/// at 12, but 1.5 to 2.5 times as long at 4 to 9; on trees of up to 16 vertices (`tree`'s),
/// whose values are large, 1.8 times as long. With the bridges' rule, all the graphs of those
/// generators and `cactus`'s took 0.73 to 0.74, 0.99 to 1.01 and 0.94 to 1.01 times as long as
/// valued (two runs), and single cacti of 10 to 14 vertices 0.65 to 0.69; a floor of 6, 8 or 10
/// edges instead of 12 made `cactus`'s 1.08 to 1.12.
pub(super) fn by_questions<M: Mask>(game: &Hackenbush<M>, class: M) -> bool {
    let edges = class.count();
    edges >= ASK_FROM && 2 * (class & game.cuts).count() < edges
}

/// The fewest edges of a class valued by questions ([`by_questions`]).
pub(super) const ASK_FROM: usize = 12;

/// The Grundy value of the sum of the classes `start` of `game`, within `budget`: each class
/// valued by the search, or by questions where [`by_questions`] says so and `questions` allows.
pub(super) fn grundy<M: Mask>(
    game: &Hackenbush<M>,
    start: &[M],
    budget: &Budget,
    questions: bool,
) -> Result<u32, TooBig> {
    searching(game, budget, |search| {
        start.iter().try_fold(0, |acc, &class| {
            let value = if questions && by_questions(game, class) {
                search.value_by_questions(class)?
            } else {
                search.value(class)?
            };
            Ok(acc ^ value)
        })
    })
}

/// Whether the Grundy value of the sum of the classes `start` of `game` is `target`, within
/// `budget`: all the classes but the largest are valued, and the largest asked about.
pub(super) fn is<M: Mask>(game: &Hackenbush<M>, start: &[M], target: u32, budget: &Budget) -> Result<bool, TooBig> {
    let Some(largest) = start.iter().copied().max_by_key(|c| c.count()) else {
        return Ok(target == 0);
    };
    searching(game, budget, |search| {
        let others = (start.iter())
            .filter(|&&c| c != largest)
            .try_fold(0, |acc, &c| Ok(acc ^ search.value(c)?))?;
        search.is(largest, target ^ others)
    })
}

/// Runs `f` on a search of `game` in the buffers the last search left, and leaves them for the
/// next.
fn searching<M: Mask, R>(
    game: &Hackenbush<M>,
    budget: &Budget,
    f: impl FnOnce(&mut Search<'_, M>) -> Result<R, TooBig>,
) -> Result<R, TooBig> {
    let mut buffers = game.search.take();
    let memo = Memo::reusing(game.indices(), budget, std::mem::take(&mut buffers.memo));
    // The table of values found absent is an array only if it fits beside the memo.
    let beside = budget.with_max_memory(budget.max_memory().saturating_sub(memo.bytes()));
    let mut search = Search {
        game,
        absent: Memo::reusing(game.indices(), &beside, std::mem::take(&mut buffers.absent)),
        memo,
        frames: std::mem::take(&mut buffers.frames),
        asked: 0,
        splits: std::mem::take(&mut buffers.splits),
        moves: Moves::new(budget),
        budget,
    };
    let got = f(&mut search);
    // A search that gave up leaves frames and options behind.
    search.frames.clear();
    search.splits.clear();
    buffers.memo = search.memo.take_spare();
    buffers.frames = search.frames;
    buffers.absent = search.absent.take_spare();
    buffers.splits = search.splits;
    game.search.replace(buffers);
    got
}

struct Search<'g, M> {
    game: &'g Hackenbush<M>,
    memo: Memo<M, Code>,
    frames: Vec<Frame<M>>,
    /// Values [`Search::is`] found classes have not.
    absent: Memo<M, Absent>,
    /// The classes in `absent`, counted here: a look at the table's length in every state
    /// entered cost a stress run of `multigraph` 0.8% more instructions.
    asked: usize,
    /// The options of the classes [`Search::is`] is asking about, each class's in a range.
    splits: Vec<Split<M>>,
    moves: Moves,
    budget: &'g Budget,
}

impl<M: Mask> Search<'_, M> {
    /// Whether the class `class` (none, or one with a root edge) has the value `h`.
    fn is(&mut self, class: M, h: u32) -> Result<bool, TooBig> {
        if class.is_empty() {
            return Ok(h == 0);
        }
        if let Some(code) = self.memo.get(&class, |c| c.as_index()) {
            return Ok(decode(code) == h);
        }
        // Only values below `Absent::BELOW` are asked about: a question of a larger one, which
        // the one-byte table of absent values cannot keep, is answered by the class's value.
        if h >= Absent::BELOW {
            return Ok(self.value(class)? == h);
        }
        let absent = self.absent.get(&class, |c| c.as_index());
        if absent.is_some_and(|a| a.has(h)) {
            return Ok(false);
        }
        let todo = self.game.moves(class);
        // A class has a value no larger than its number of options.
        if h as usize > todo.count() {
            return Ok(false);
        }
        self.admit()?;
        self.absent.make_room_beside(self.budget, || self.memo.bytes())?;
        self.moves.add(todo.count(), self.budget)?;
        let first = self.splits.len();
        let game = self.game;
        let listed = game.each_option(class, todo, |_, classes| {
            let (largest, other) = match *classes {
                [] => (M::ZERO, M::ZERO),
                [one] => (one, M::ZERO),
                [a, b] if a.count() >= b.count() => (a, b),
                [a, b] => (b, a),
                _ => unreachable!("a deletion leaves at most two classes"),
            };
            // The smaller class's value is found below, out of the listing.
            self.splits.push(Split {
                largest,
                other,
                others: 0,
                size: largest.count() as u32,
            });
            ControlFlow::<()>::Continue(())
        });
        debug_assert!(listed.is_continue());
        // The options of one class whose value is known go into `seen`; the others stay, to be
        // asked about.
        let mut seen = M::ZERO;
        let mut end = first;
        for i in first..self.splits.len() {
            let split = self.splits[i];
            match self.memo.get(&split.largest, |c| c.as_index()) {
                _ if split.largest.is_empty() => seen |= M::bit(0),
                Some(code) if split.other.is_empty() => seen |= M::bit(decode(code) as usize),
                _ => {
                    self.splits[end] = split;
                    end += 1;
                }
            }
        }
        self.splits.truncate(end);
        // The smallest first: the quickest to settle, and an option worth `h` ends the question.
        self.splits[first..end].sort_unstable_by_key(|s| s.size);
        let mut is_h = !self.some_option_worth(seen, first..end, h)?;
        for below in 0..h {
            if !is_h {
                break;
            }
            is_h = self.some_option_worth(seen, first..end, below)?;
        }
        self.splits.truncate(first);
        if is_h {
            self.memo
                .insert(class, |c| c.as_index(), Code::new(h as u8 + 1).expect("h + 1 > 0"));
        } else {
            self.asked += usize::from(absent.is_none());
            let absent = absent.unwrap_or(Absent::NONE).with(h);
            self.absent.insert(class, |c| c.as_index(), absent);
        }
        Ok(is_h)
    }

    /// Whether some option of the class [`Search::is`] is asking about is worth `v`: one whose
    /// value is known (bit `v` of `seen`), or one of the others (`options`, a range of
    /// `splits`), asked about in turn. Inlined: called, it cost a `cactus` run 0.5% more
    /// instructions.
    #[inline(always)]
    fn some_option_worth(&mut self, seen: M, options: Range<usize>, v: u32) -> Result<bool, TooBig> {
        if seen.has(v as usize) {
            return Ok(true);
        }
        for i in options {
            let other = std::mem::replace(&mut self.splits[i].other, M::ZERO);
            if !other.is_empty() {
                self.splits[i].others = self.value(other)?;
            }
            let Split { largest, others, .. } = self.splits[i];
            if self.is(largest, v ^ others)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The value of `class`, found by asking whether it is 0, then 1, and so on, while the
    /// table of values found absent can keep the answer: a question meets only the states that
    /// settle it.
    fn value_by_questions(&mut self, class: M) -> Result<u32, TooBig> {
        for h in 0..Absent::BELOW {
            if self.is(class, h)? {
                return Ok(h);
            }
        }
        self.value(class)
    }

    /// Whether the budget has room for one more state in the memo, those [`Search::is`] found a
    /// value a class has not counting with the valued ones.
    fn admit(&mut self) -> Result<(), TooBig> {
        if self.memo.len() + self.asked >= self.budget.max_states {
            return Err(TooBig::states(self.budget.max_states));
        }
        self.memo.make_room_beside(self.budget, || self.absent.bytes())
    }

    fn value(&mut self, class: M) -> Result<u32, TooBig> {
        if let Some(code) = self.memo.get(&class, |c| c.as_index()) {
            return Ok(decode(code));
        }
        self.enter(class)?;
        loop {
            let top = self
                .frames
                .last_mut()
                .expect("the stack is never empty inside the loop");
            let memo = &self.memo;
            // Inlined at each of the listing's calls, which rustc stopped doing once the question
            // came: a call per option cost a stress run of `multigraph` 8% more instructions.
            let unknown = self.game.each_option(
                top.edges,
                top.todo,
                #[inline(always)]
                |e, classes| {
                    let mut sum = 0;
                    for class in classes {
                        match memo.get(class, |c| c.as_index()) {
                            Some(code) => sum ^= decode(code),
                            None => return ControlFlow::Break(*class),
                        }
                    }
                    top.seen |= M::bit(sum as usize);
                    top.todo &= !M::bit(e);
                    ControlFlow::Continue(())
                },
            );
            if let ControlFlow::Break(class) = unknown {
                self.enter(class)?;
                continue;
            }
            let done = self.frames.pop().expect("the top frame");
            // Kept as `g + 1` in the engine's one-byte entries: at most 129 for 128 edges, far
            // below the values the engine keeps aside.
            let g = mex(done.seen);
            self.memo.set(
                &done.edges,
                |c| c.as_index(),
                Code::new(g as u8 + 1).expect("g + 1 > 0"),
            );
            if self.frames.is_empty() {
                return Ok(g);
            }
        }
    }

    /// Pushes `class` on the stack, or gives up if the budget has no room for it.
    fn enter(&mut self, class: M) -> Result<(), TooBig> {
        self.admit()?;
        let todo = self.game.moves(class);
        self.moves.add(todo.count(), self.budget)?;
        // On the stack, the class is memoized as in progress (never met again: an option has
        // fewer edges), so that it counts among the states.
        self.memo.insert(class, |c| c.as_index(), IN_PROGRESS);
        self.frames.push(Frame {
            edges: class,
            todo,
            seen: M::ZERO,
        });
        Ok(())
    }
}

fn decode(code: Code) -> u32 {
    debug_assert!(code != IN_PROGRESS, "a class met again while on the stack");
    u32::from(code.get() - 1)
}

/// The least value not in `seen`.
fn mex<M: Mask>(seen: M) -> u32 {
    if seen == !M::ZERO {
        M::BITS as u32
    } else {
        (!seen).lowest() as u32
    }
}
