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
//! Complexity: as [`crate::impartial::grundy`]'s, plus a listing's fixed cost
//! (the look-ups of the class's parts of blocks) once more for each class
//! searched from it. States, moves and memory count against the [`Budget`] as
//! in that engine, so both give up on the same searches.
//!
//! Reference: E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your
//! Mathematical Plays*, chapter 4 (mex), chapter 7 (the rules).

use std::ops::ControlFlow;

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

/// The Grundy value of the sum of the classes `start` of `game`, within `budget`.
pub(super) fn grundy<M: Mask>(game: &Hackenbush<M>, start: &[M], budget: &Budget) -> Result<u32, TooBig> {
    let mut buffers = game.search.take();
    let mut search = Search {
        game,
        memo: Memo::reusing(game.indices(), budget, std::mem::take(&mut buffers.memo)),
        frames: std::mem::take(&mut buffers.frames),
        moves: Moves::new(budget),
        budget,
    };
    let value = start.iter().try_fold(0, |acc, &s| Ok(acc ^ search.value(s)?));
    // A search that gave up leaves frames behind.
    search.frames.clear();
    buffers.memo = search.memo.take_spare();
    buffers.frames = search.frames;
    game.search.replace(buffers);
    value
}

struct Search<'g, M> {
    game: &'g Hackenbush<M>,
    memo: Memo<M, Code>,
    frames: Vec<Frame<M>>,
    moves: Moves,
    budget: &'g Budget,
}

impl<M: Mask> Search<'_, M> {
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
            let unknown = self.game.each_option(top.edges, top.todo, |e, classes| {
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
            });
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
        self.memo.admit(self.budget)?;
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
