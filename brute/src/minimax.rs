//! Minimax value of two-player games played for a final payoff.
//!
//! Problem: two players alternate; play ends when the player to move has no
//! move, and the final position has a payoff (such as the last element left).
//! Max wants the payoff high, Min wants it low. Compute the payoff under
//! optimal play by both.
//!
//! Convention: the moves and the payoff depend on the position alone, not on
//! who is to move (a game where they do puts the turn in its state); the payoff
//! is asked for only where there is no move. Because the same position can be
//! met with either player to move, a value belongs to a (position, player to
//! move) pair. The game must be finite: no position may be reachable from
//! itself.
//!
//! Idea: `value(s, Max) = max { value(o, Min) : o a move from s }`, and the
//! same with the roles swapped, down to the payoff; depth-first search on an
//! explicit stack, memoizing every finished pair, one memo per player to move.
//!
//! Complexity: every reachable (position, player to move) pair is expanded
//! once, for the game's move generation plus one memo look-up per move (one
//! load where the game numbers its positions densely, [`MinMax::indices`],
//! else one hash look-up); memory is linear in the number of pairs, capped by
//! the [`Budget`].
//!
//! Reference: J. von Neumann (1928), *Zur Theorie der Gesellschaftsspiele*;
//! D. E. Knuth and R. W. Moore, *An analysis of alpha-beta pruning*,
//! Artificial Intelligence 6 (1975), §1 (the minimax value).

use crate::budget::Moves;
use crate::memo::Memo;
use crate::{Budget, TooBig};
use std::hash::Hash;

/// A finite game played for a payoff: no position may be reachable from itself.
pub trait MinMax {
    type State: Clone + Eq + Hash;
    type Value: Copy + Ord;
    /// Every position one move away, whoever is to move. No moves means play
    /// is over. `out` is empty on entry.
    fn moves(&self, s: &Self::State, out: &mut Vec<Self::State>);
    /// The payoff of a position where play is over (one without moves).
    fn payoff(&self, s: &Self::State) -> Self::Value;
    /// `Some(n)` when [`MinMax::index`] numbers every state below `n`, one
    /// number per state: the memo may then be an array.
    fn indices(&self) -> Option<usize> {
        None
    }
    /// The state's number below [`MinMax::indices`]; asked only when that is
    /// `Some`.
    fn index(&self, _: &Self::State) -> usize {
        unreachable!("a game without indices is memoized by hashing")
    }
}

/// The payoff of `start` under optimal play, Max to move if `max_to_move`.
///
/// Returns `Err(TooBig)` once more than `budget.max_states` distinct
/// (position, player to move) pairs would have to be memoized, or more than
/// [`Budget::max_moves`] moves generated.
///
/// # Panics
/// If a position is reachable from itself: such a game may never end.
pub fn value<G: MinMax>(game: &G, start: G::State, max_to_move: bool, budget: &Budget) -> Result<G::Value, TooBig> {
    Search::new(game, budget).value(start, max_to_move)
}

/// The payoffs of several starts, searched with one memo: what one start
/// valued, the next reuses, and `budget` bounds them all together, not each.
pub fn values<G: MinMax>(
    game: &G,
    starts: impl IntoIterator<Item = (G::State, bool)>,
    budget: &Budget,
) -> Result<Vec<G::Value>, TooBig> {
    let mut search = Search::new(game, budget);
    starts
        .into_iter()
        .map(|(s, max_to_move)| search.value(s, max_to_move))
        .collect()
}

/// The principal line from `start`, Max to move if `max_to_move`: each position optimal play
/// moves to, in turn, until play is over, choosing the first best move of [`MinMax::moves`]'
/// order where several are as good. Along it the value stays the start's; one search of the
/// start values every position it meets.
pub fn principal_line<G: MinMax>(
    game: &G,
    start: G::State,
    max_to_move: bool,
    budget: &Budget,
) -> Result<Vec<G::State>, TooBig> {
    let mut search = Search::new(game, budget);
    let value = search.value(start.clone(), max_to_move)?;
    let (mut line, mut state, mut turn, mut moves) = (Vec::new(), start, max_to_move, Vec::new());
    loop {
        moves.clear();
        game.moves(&state, &mut moves);
        let mut best = None;
        for next in moves.drain(..) {
            if search.value(next.clone(), !turn)? == value {
                best = Some(next);
                break;
            }
        }
        let Some(next) = best else { return Ok(line) };
        line.push(next.clone());
        (state, turn) = (next, !turn);
    }
}

/// A memo entry. Pairs on the search stack are entered too, so that meeting
/// one again is recognised as a cycle and the budget counts them.
#[derive(Clone, Copy)]
enum Entry<V> {
    OnStack,
    Known(V),
}

/// A position being expanded; `best` is the best value among its moves
/// already valued, for the player to move.
struct Frame<S, V> {
    state: S,
    max_to_move: bool,
    /// Moves not looked at yet.
    moves: Vec<S>,
    best: Option<V>,
}

impl<S, V: Ord> Frame<S, V> {
    fn improve(&mut self, v: V) {
        self.best = Some(match self.best.take() {
            None => v,
            Some(b) if self.max_to_move => b.max(v),
            Some(b) => b.min(v),
        });
    }
}

struct Search<'g, G: MinMax> {
    game: &'g G,
    /// `memo[usize::from(max_to_move)]`: one map per player to move, so that a
    /// look-up needs no key built from a clone of the position.
    memo: [Memo<G::State, Entry<G::Value>>; 2],
    stack: Vec<Frame<G::State, G::Value>>,
    /// Move buffers of finished frames, empty, so that expanding a position
    /// does not allocate.
    spare: Vec<Vec<G::State>>,
    moves: Moves,
    budget: Budget,
}

impl<'g, G: MinMax> Search<'g, G> {
    fn new(game: &'g G, budget: &Budget) -> Self {
        // Two array memos share the memory cap; hashed ones each count their own table, as before.
        let dense = budget.with_max_memory(budget.max_memory() / 2);
        Search {
            game,
            memo: [(); 2].map(|()| Memo::new(game.indices(), &dense)),
            stack: Vec::new(),
            spare: Vec::new(),
            moves: Moves::new(budget),
            budget: *budget,
        }
    }

    fn value(&mut self, start: G::State, max_to_move: bool) -> Result<G::Value, TooBig> {
        let game = self.game;
        let index = |s: &G::State| game.index(s);
        if let Some(Entry::Known(v)) = self.memo[usize::from(max_to_move)].get(&start, index) {
            return Ok(v);
        }
        self.enter(start, max_to_move)?;
        loop {
            let top = self
                .stack
                .last_mut()
                .expect("the start stays on the stack until valued");
            if let Some(next) = top.moves.pop() {
                let turn = !top.max_to_move;
                match self.memo[usize::from(turn)].get(&next, index) {
                    None => self.enter(next, turn)?,
                    Some(Entry::OnStack) => panic!("not a finite game: a position is reachable from itself"),
                    Some(Entry::Known(v)) => top.improve(v),
                }
            } else {
                let done = self.stack.pop().expect("the frame just looked at");
                let v = done.best.unwrap_or_else(|| self.game.payoff(&done.state));
                self.memo[usize::from(done.max_to_move)].insert(done.state, index, Entry::Known(v));
                self.spare.push(done.moves);
                match self.stack.last_mut() {
                    None => return Ok(v),
                    Some(parent) => parent.improve(v),
                }
            }
        }
    }

    /// Pushes `state` on the stack with its moves.
    fn enter(&mut self, state: G::State, max_to_move: bool) -> Result<(), TooBig> {
        if self.memo[0].len() + self.memo[1].len() >= self.budget.max_states {
            return Err(TooBig::states(self.budget.max_states));
        }
        let memo = &mut self.memo[usize::from(max_to_move)];
        memo.make_room(&self.budget)?;
        let game = self.game;
        memo.insert(state.clone(), |s| game.index(s), Entry::OnStack);
        let mut moves = self.spare.pop().unwrap_or_default();
        self.game.moves(&state, &mut moves);
        self.moves.add(moves.len(), &self.budget)?;
        self.stack.push(Frame {
            state,
            max_to_move,
            moves,
            best: None,
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Choosing Carrot (Codeforces 794 E): a move removes the first or the last
    /// element of a row until one is left, which is the payoff. The state is
    /// the window `[lo, hi)`.
    struct Carrot(Vec<u64>);
    impl MinMax for Carrot {
        type State = (usize, usize);
        type Value = u64;
        fn moves(&self, &(lo, hi): &(usize, usize), out: &mut Vec<(usize, usize)>) {
            if hi - lo >= 2 {
                out.extend([(lo + 1, hi), (lo, hi - 1)]);
            }
        }
        fn payoff(&self, &(lo, _): &(usize, usize)) -> u64 {
            self.0[lo]
        }
    }

    /// [`Carrot`] with its windows numbered: memoized in arrays.
    struct NumberedCarrot(Vec<u64>);
    impl MinMax for NumberedCarrot {
        type State = (usize, usize);
        type Value = u64;
        fn moves(&self, s: &(usize, usize), out: &mut Vec<(usize, usize)>) {
            Carrot(Vec::new()).moves(s, out)
        }
        fn payoff(&self, &(lo, _): &(usize, usize)) -> u64 {
            self.0[lo]
        }
        fn indices(&self) -> Option<usize> {
            Some((self.0.len() + 1).pow(2))
        }
        fn index(&self, &(lo, hi): &(usize, usize)) -> usize {
            lo * (self.0.len() + 1) + hi
        }
    }

    /// Position n moves only to n - 1; play ends at 0 with payoff 42.
    struct Chain;
    impl MinMax for Chain {
        type State = u32;
        type Value = u32;
        fn moves(&self, &n: &u32, out: &mut Vec<u32>) {
            if n > 0 {
                out.push(n - 1);
            }
        }
        fn payoff(&self, _: &u32) -> u32 {
            42
        }
    }

    /// 0 moves to 1 and to 2; 2 moves only to 1; 1 moves to the ends 3
    /// (payoff 0) and 4 (payoff 10). So 1 is met after one move and after two.
    /// The flag lists 0's moves in the other order, so that whichever order
    /// the search takes them in, one of the two games meets 1 directly first.
    struct Detour(bool);
    impl MinMax for Detour {
        type State = u32;
        type Value = u32;
        fn moves(&self, &s: &u32, out: &mut Vec<u32>) {
            match s {
                0 if self.0 => out.extend([2, 1]),
                0 => out.extend([1, 2]),
                1 => out.extend([3, 4]),
                2 => out.push(1),
                _ => {}
            }
        }
        fn payoff(&self, &s: &u32) -> u32 {
            if s == 4 {
                10
            } else {
                0
            }
        }
    }

    /// Two positions that move to each other: not a finite game.
    struct Loop;
    impl MinMax for Loop {
        type State = bool;
        type Value = u32;
        fn moves(&self, &s: &bool, out: &mut Vec<bool>) {
            out.push(!s);
        }
        fn payoff(&self, _: &bool) -> u32 {
            0
        }
    }

    fn big() -> Budget {
        Budget::new(1_000_000)
    }

    fn carrot(row: &[u64], max_to_move: bool) -> u64 {
        value(&Carrot(row.to_vec()), (0, row.len()), max_to_move, &big()).expect("small row")
    }

    /// The answer after Max's `k` extra moves: Max keeps the best window of
    /// `n - k` elements, then the game proper begins with Max to move.
    fn carrot_after(row: &[u64], k: usize) -> u64 {
        let game = Carrot(row.to_vec());
        let len = row.len() - k;
        (0..=k)
            .map(|lo| value(&game, (lo, lo + len), true, &big()).expect("small row"))
            .max()
            .expect("at least one window")
    }

    #[test]
    fn carrot_samples() {
        let row = [1, 2, 3, 5];
        assert_eq!(carrot(&row, true), 3);
        let extra: Vec<u64> = (0..4).map(|k| carrot_after(&row, k)).collect();
        assert_eq!(extra, [3, 3, 5, 5]);
        let g = 1_000_000_000;
        let row = [g, g, g, g, 1];
        let extra: Vec<u64> = (0..5).map(|k| carrot_after(&row, k)).collect();
        assert_eq!(extra, [g; 5]);
    }

    #[test]
    fn carrot_by_hand() {
        // One element: play is over whoever is to move.
        assert_eq!(carrot(&[5], true), 5);
        assert_eq!(carrot(&[5], false), 5);
        // Two elements: the mover removes the one they do not want.
        assert_eq!(carrot(&[1, 9], true), 9);
        assert_eq!(carrot(&[1, 9], false), 1);
        // [3, 1, 2], Max first: removing 3 leaves [1, 2] and removing 2 leaves
        // [3, 1]; either way Min keeps the 1. Min first: [1, 2] goes to Max for
        // 2 and [3, 1] for 3, so Min removes 3 and gets 2.
        assert_eq!(carrot(&[3, 1, 2], true), 1);
        assert_eq!(carrot(&[3, 1, 2], false), 2);
    }

    #[test]
    fn carrot_follows_the_middle_rule() {
        // Codeforces 794 E editorial, Max first on m elements, middle c = m / 2:
        // m even: max(a[c - 1], a[c]); m odd > 1: max(min(a[c - 1], a[c]),
        // min(a[c], a[c + 1])); m = 1: a[0].
        let mut rng = gen::Rng::from_seed(3);
        for _ in 0..300 {
            let m = 1 + rng.index(9);
            let a: Vec<u64> = (0..m).map(|_| rng.range(1, 9)).collect();
            let c = m / 2;
            let expected = match m {
                1 => a[0],
                _ if m.is_multiple_of(2) => a[c - 1].max(a[c]),
                _ => a[c - 1].min(a[c]).max(a[c].min(a[c + 1])),
            };
            assert_eq!(carrot(&a, true), expected, "{a:?}");
        }
    }

    #[test]
    fn the_turn_is_part_of_the_memo_key() {
        // Position 1 is worth 10 with Max to move and 0 with Min to move.
        // Max at 0 goes through 2, so that Max moves at 1: 10. Min at 0 does
        // the same for 0. A memo keyed by position alone, having valued 1
        // directly for the opponent first, would reuse that value through 2
        // and answer 0 and 10 instead.
        for game in [Detour(false), Detour(true)] {
            assert_eq!(value(&game, 1, true, &big()), Ok(10));
            assert_eq!(value(&game, 1, false, &big()), Ok(0));
            assert_eq!(value(&game, 0, true, &big()), Ok(10));
            assert_eq!(value(&game, 0, false, &big()), Ok(0));
        }
    }

    #[test]
    fn long_line_of_play_on_a_small_stack() {
        let run = || {
            let budget = Budget::new(300_000);
            (
                value(&Chain, 200_000, true, &budget),
                value(&Chain, 200_001, false, &budget),
            )
        };
        let got = crate::testing::on_small_stack(run);
        assert_eq!(got, (Ok(42), Ok(42)));
    }

    #[test]
    fn budget_counts_pairs() {
        // Chain from 10 meets the 11 positions 10 down to 0, each with one
        // player to move.
        assert_eq!(value(&Chain, 10, true, &Budget::new(11)), Ok(42));
        assert_eq!(value(&Chain, 10, true, &Budget::new(10)), Err(TooBig::states(10)));
        // Detour from 0 meets 0 and 2 with one player to move, and 1, 3 and 4
        // with both: 8 pairs.
        assert_eq!(value(&Detour(false), 0, true, &Budget::new(8)), Ok(10));
        assert_eq!(value(&Detour(false), 0, true, &Budget::new(7)), Err(TooBig::states(7)));
    }

    #[test]
    fn array_memos_value_and_count_as_hash_maps() {
        let row = vec![3, 1, 4, 1, 5, 9, 2];
        let (hashed, numbered) = (Carrot(row.clone()), NumberedCarrot(row));
        for budget in 0..40 {
            let budget = Budget::new(budget);
            for max_to_move in [true, false] {
                let got = value(&numbered, (0, 7), max_to_move, &budget);
                assert_eq!(got, value(&hashed, (0, 7), max_to_move, &budget), "{budget:?}");
            }
        }
        // [3, 1, 4, 1, 5, 9, 2], Max first: the middle rule's max(min(4, 1), min(1, 5)) = 1.
        assert_eq!(value(&numbered, (0, 7), true, &big()), Ok(1));
    }

    #[test]
    #[should_panic(expected = "not a finite game")]
    fn a_cycle_is_reported() {
        let _ = value(&Loop, false, true, &big());
    }
}
