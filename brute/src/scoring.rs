//! Memoized negamax for two-player scoring games.
//!
//! Players alternate; every move scores points for the mover; the game ends
//! when the player to move has no move; each player maximizes their own total.
//! The value of a position is the mover's total minus the other's under
//! optimal play: `value(s) = max over moves (points - value(next))`, and 0 when
//! there is no move.
//!
//! Depth-first search with an explicit stack (a line of play 100 000 moves
//! long needs no call stack), memoizing every finished position: each
//! reachable position is expanded once, so the cost is one memo look-up per
//! move of a reachable position: one load where the game numbers its positions
//! densely ([`Scoring::indices`]), else one hash look-up. Positions must never
//! repeat along a line of play (the game graph is acyclic), as in every finite
//! game.
//!
//! Reference: D. E. Knuth and R. W. Moore, *An analysis of alpha-beta
//! pruning*, Artificial Intelligence 6 (1975), §2 (the negamax formulation).

use crate::budget::Moves;
use crate::memo::Memo;
use crate::{Budget, TooBig};
use std::hash::Hash;

/// A scoring game given by its move rule.
pub trait Scoring {
    type State: Clone + Eq + Hash;
    /// Each move: (points the mover scores, resulting state). No moves = game over.
    /// `out` is empty on entry.
    fn moves(&self, s: &Self::State, out: &mut Vec<(i64, Self::State)>);
    /// `Some(n)` when [`Scoring::index`] numbers every state below `n`, one
    /// number per state: the memo may then be an array.
    fn indices(&self) -> Option<usize> {
        None
    }
    /// The state's number below [`Scoring::indices`]; asked only when that is
    /// `Some`.
    fn index(&self, _: &Self::State) -> usize {
        unreachable!("a game without indices is memoized by hashing")
    }
}

/// A position being expanded.
struct Frame<S> {
    state: S,
    /// Moves not looked at yet.
    pending: Vec<(i64, S)>,
    /// Points of the move whose resulting position is being searched above this frame.
    points: i64,
    best: Option<i64>,
}

impl<S> Frame<S> {
    fn improve(&mut self, candidate: i64) {
        self.best = Some(self.best.map_or(candidate, |b| b.max(candidate)));
    }
}

/// The value of `start`: the mover's total minus the other player's total
/// under optimal play. Fails when more than `budget.max_states` distinct
/// positions would be needed, or more than [`Budget::max_moves`] moves
/// generated.
pub fn value<G: Scoring>(game: &G, start: G::State, budget: &Budget) -> Result<i64, TooBig> {
    search(game, start, budget, &mut Memo::new(game.indices(), budget))
}

/// The principal line from `start`: each move of optimal play, as (points, state after),
/// until the game ends, choosing the first best move of [`Scoring::moves`]' order where
/// several are as good. One search of `start` values every position the line meets.
pub fn principal_line<G: Scoring>(game: &G, start: G::State, budget: &Budget) -> Result<Vec<(i64, G::State)>, TooBig> {
    let mut memo = Memo::new(game.indices(), budget);
    let mut value = search(game, start.clone(), budget, &mut memo)?;
    let known = |memo: &Memo<G::State, i64>, s: &G::State| memo.get(s, |s| game.index(s)).unwrap_or(0);
    let mut line = Vec::new();
    let mut state = start;
    let mut moves = Vec::new();
    loop {
        moves.clear();
        game.moves(&state, &mut moves);
        // Every position reachable from the start is memoized: the search expands them all.
        let best = moves
            .drain(..)
            .find(|(points, next)| points - known(&memo, next) == value);
        let Some((points, next)) = best else {
            return Ok(line);
        };
        value = known(&memo, &next);
        line.push((points, next.clone()));
        state = next;
    }
}

/// [`value`], leaving the value of every position it expanded but `start` in `memo`.
fn search<G: Scoring>(
    game: &G,
    start: G::State,
    budget: &Budget,
    memo: &mut Memo<G::State, i64>,
) -> Result<i64, TooBig> {
    let index = |s: &G::State| game.index(s);
    let too_big = TooBig::states(budget.max_states);
    if budget.max_states == 0 {
        return Err(too_big);
    }
    // Move buffers of finished frames, reused so that expanding a position
    // does not allocate.
    let mut spare: Vec<Vec<(i64, G::State)>> = Vec::new();
    let mut moves = Moves::new(budget);
    let mut stack = vec![open(game, start, &mut spare, &mut moves, budget)?];
    loop {
        let depth = stack.len();
        let frame = stack.last_mut().expect("the stack holds the start until it returns");
        if let Some((points, next)) = frame.pending.pop() {
            if let Some(v) = memo.get(&next, index) {
                frame.improve(points - v);
                continue;
            }
            // Positions on the stack are distinct and not memoized yet, so this
            // counts every position touched so far.
            if memo.len() + depth >= budget.max_states {
                return Err(too_big);
            }
            frame.points = points;
            stack.push(open(game, next, &mut spare, &mut moves, budget)?);
        } else {
            let done = stack.pop().expect("the frame just looked at");
            let v = done.best.unwrap_or(0);
            spare.push(done.pending);
            match stack.last_mut() {
                None => return Ok(v),
                Some(parent) => {
                    parent.improve(parent.points - v);
                    memo.make_room(budget)?;
                    memo.insert(done.state, index, v);
                }
            }
        }
    }
}

fn open<G: Scoring>(
    game: &G,
    state: G::State,
    spare: &mut Vec<Vec<(i64, G::State)>>,
    moves: &mut Moves,
    budget: &Budget,
) -> Result<Frame<G::State>, TooBig> {
    let mut pending = spare.pop().unwrap_or_default();
    game.moves(&state, &mut pending);
    moves.add(pending.len(), budget)?;
    Ok(Frame {
        state,
        pending,
        points: 0,
        best: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Take any one number from a pile; the state is the sorted remaining pile.
    struct Pile;

    impl Scoring for Pile {
        type State = Vec<i64>;
        fn moves(&self, s: &Vec<i64>, out: &mut Vec<(i64, Vec<i64>)>) {
            for i in 0..s.len() {
                let mut rest = s.clone();
                let taken = rest.remove(i);
                out.push((taken, rest));
            }
        }
    }

    /// Take the first or the last number of a row; the state is the window `[lo, hi)`.
    struct Row(Vec<i64>);

    impl Scoring for Row {
        type State = (usize, usize);
        fn moves(&self, &(lo, hi): &(usize, usize), out: &mut Vec<(i64, (usize, usize))>) {
            if lo < hi {
                out.push((self.0[lo], (lo + 1, hi)));
                out.push((self.0[hi - 1], (lo, hi - 1)));
            }
        }
    }

    /// A forced line: from position k > 0 the only move scores k and leads to k - 1.
    struct Countdown;

    impl Scoring for Countdown {
        type State = u32;
        fn moves(&self, &k: &u32, out: &mut Vec<(i64, u32)>) {
            if k > 0 {
                out.push((i64::from(k), k - 1));
            }
        }
    }

    /// [`Countdown`] with its positions numbered below `0.0`: memoized in an array.
    struct NumberedCountdown(usize);

    impl Scoring for NumberedCountdown {
        type State = u32;
        fn moves(&self, k: &u32, out: &mut Vec<(i64, u32)>) {
            Countdown.moves(k, out)
        }
        fn indices(&self) -> Option<usize> {
            Some(self.0)
        }
        fn index(&self, &k: &u32) -> usize {
            k as usize
        }
    }

    /// From k, a move to any smaller position, scoring nothing.
    struct Fan;

    impl Scoring for Fan {
        type State = u32;
        fn moves(&self, &k: &u32, out: &mut Vec<(i64, u32)>) {
            out.extend((0..k).map(|rest| (0, rest)));
        }
    }

    fn big() -> Budget {
        Budget::new(1_000_000)
    }

    #[test]
    fn empty_game_is_zero() {
        assert_eq!(value(&Pile, vec![], &big()), Ok(0));
        assert_eq!(value(&Row(vec![]), (0, 0), &big()), Ok(0));
    }

    #[test]
    fn pile_values_by_hand() {
        // Single number: the mover takes it.
        assert_eq!(value(&Pile, vec![7], &big()), Ok(7));
        // {1, 2, 3}: both players take the largest left: 3 - 2 + 1 = 2.
        assert_eq!(value(&Pile, vec![1, 2, 3], &big()), Ok(2));
        // {1, 1, 4, 5, 9}: 9 - 5 + 4 - 1 + 1 = 8.
        assert_eq!(value(&Pile, vec![1, 1, 4, 5, 9], &big()), Ok(8));
        // {-3, -1}: taking -1 leaves -3 to the other: -1 - (-3) = 2; the other
        // choice gives -3 - (-1) = -2, so the mover picks 2.
        assert_eq!(value(&Pile, vec![-3, -1], &big()), Ok(2));
    }

    #[test]
    fn pile_is_the_alternating_sum_of_the_sorted_pile() {
        // Taking the largest is optimal in a pile (exchange argument), so the
        // value is the alternating sum in decreasing order.
        let mut rng = gen::Rng::from_seed(4);
        for _ in 0..50 {
            let len = rng.index(8);
            let mut pile: Vec<i64> = (0..len).map(|_| rng.range(0, 20) as i64 - 5).collect();
            pile.sort_unstable();
            let expected: i64 = pile
                .iter()
                .rev()
                .enumerate()
                .map(|(i, &x)| if i % 2 == 0 { x } else { -x })
                .sum();
            assert_eq!(value(&Pile, pile, &big()), Ok(expected));
        }
    }

    #[test]
    fn row_values_by_hand() {
        // [1, 5, 2]: taking 1 leaves [5, 2] (the other takes 5, then 2 is
        // ours): 1 + 2 - 5 = -2; taking 2 leaves [1, 5]: 2 + 1 - 5 = -2.
        assert_eq!(value(&Row(vec![1, 5, 2]), (0, 3), &big()), Ok(-2));
        // [8, 15, 3, 7], the textbook case: the first player gets 22 of 33
        // (take 7; on 8 take 15 next, on 3 take 15 next), so 22 - 11 = 11.
        assert_eq!(value(&Row(vec![8, 15, 3, 7]), (0, 4), &big()), Ok(11));
    }

    #[test]
    fn long_forced_line_on_a_small_stack() {
        // Countdown from n: n - (n - 1) + (n - 2) - ... pairs up into n / 2
        // ones, plus a final 1 when n is odd.
        let run = || {
            let budget = Budget::new(300_000);
            (value(&Countdown, 100_000, &budget), value(&Countdown, 100_001, &budget))
        };
        let got = crate::testing::on_small_stack(run);
        assert_eq!(got, (Ok(50_000), Ok(50_001)));
    }

    #[test]
    fn the_principal_line_takes_the_best_each_time_and_sums_to_the_value() {
        // A pile 1 5 2: the mover takes 5, the other 2, the mover 1: value 5 - 2 + 1 = 4.
        let line = principal_line(&Pile, vec![1, 2, 5], &big()).unwrap();
        let points: Vec<i64> = line.iter().map(|(p, _)| *p).collect();
        assert_eq!(points, [5, 2, 1]);
        assert_eq!(line.last().unwrap().1, Vec::<i64>::new());
        let signed: i64 = points
            .iter()
            .enumerate()
            .map(|(k, p)| if k % 2 == 0 { *p } else { -p })
            .sum();
        assert_eq!(signed, value(&Pile, vec![1, 2, 5], &big()).unwrap());
        assert!(principal_line(&Pile, vec![], &big()).unwrap().is_empty());
    }

    #[test]
    fn budget_counts_positions() {
        // Countdown from 10 touches 11 positions (10 down to 0).
        assert_eq!(value(&Countdown, 10, &Budget::new(11)), Ok(5));
        assert_eq!(value(&Countdown, 10, &Budget::new(10)), Err(TooBig::states(10)));
        assert_eq!(value(&Countdown, 0, &Budget::new(0)), Err(TooBig::states(0)));
    }

    #[test]
    fn an_array_memo_values_and_counts_as_a_hash_map() {
        for budget in 0..14 {
            let budget = Budget::new(budget);
            let hashed = value(&Countdown, 10, &budget);
            assert_eq!(value(&NumberedCountdown(11), 10, &budget), hashed);
            let line = |game| principal_line(game, 10, &budget).map(|l| l.len());
            assert_eq!(
                line(&NumberedCountdown(11)),
                principal_line(&Countdown, 10, &budget).map(|l| l.len())
            );
        }
        assert_eq!(value(&NumberedCountdown(11), 10, &big()), Ok(5));
    }

    #[test]
    fn budget_counts_moves() {
        // Fan from k touches k + 1 positions and lists k (k + 1) / 2 moves: within 32 per
        // position up to k = 64.
        assert_eq!(value(&Fan, 64, &Budget::new(65)), Ok(0));
        let over = value(&Fan, 65, &Budget::new(66)).unwrap_err();
        assert_eq!(over.moves, Some(2112), "{over:?}");
    }
}
