//! Win or loss in two-player games that end by their own rule.
//!
//! Problem: given a two-player game of perfect information by its end rule and
//! its move rule, decide whether the player to move wins. The game itself says
//! when play is over and who has won (misère play, "whoever eats the last candy
//! loses", a board game's goal), so this is neither normal play nor a sum.
//!
//! Convention: where the game's [`WinLose::terminal`] gives a verdict, it
//! stands and no move is asked for. Anywhere else the player to move wins if
//! and only if some move leads to a position the opponent loses; in particular
//! a player with no move loses (being stuck loses). The game must be finite: no
//! position may be reachable from itself.
//!
//! Idea: backward induction, as a depth-first search on an explicit stack that
//! memoizes the verdict of every position it finishes. A position is finished
//! at its first move to a position the opponent loses: the moves after that
//! one are never searched.
//!
//! Complexity: every distinct reachable non-terminal position is expanded at
//! most once, for the game's move generation plus one `terminal` call and one
//! memo look-up per move looked at (one load where the game numbers its
//! positions densely, [`WinLose::indices`], else one hash look-up); memory is
//! linear in the number of positions memoized, capped by the [`Budget`].
//! Terminal positions are not memoized and do not count against it.
//!
//! Reference: E. Zermelo (1913), *Über eine Anwendung der Mengenlehre auf die
//! Theorie des Schachspiels*; E. R. Berlekamp, J. H. Conway, R. K. Guy,
//! *Winning Ways for your Mathematical Plays*, chapter 13 (misère play).

use crate::budget::Moves;
use crate::memo::Memo;
use crate::{Budget, TooBig};
use std::hash::Hash;

/// A finite two-player game with its own end rule: no position may be
/// reachable from itself.
pub trait WinLose {
    type State: Clone + Eq + Hash;
    /// `Some(true)` if the player to move at `s` has already won, `Some(false)`
    /// if they have already lost, `None` if play goes on. Asked about every
    /// position reached, before its memo entry, so it should be cheap.
    fn terminal(&self, s: &Self::State) -> Option<bool>;
    /// Every position one move away from `s`, which is never terminal. No
    /// moves means the player to move loses. `out` is empty on entry. Moves are
    /// searched in the order listed, so listing likely winners first saves work.
    fn moves(&self, s: &Self::State, out: &mut Vec<Self::State>);
    /// `Some(n)` when [`WinLose::index`] numbers every state below `n`, one
    /// number per state: the memo may then be an array.
    fn indices(&self) -> Option<usize> {
        None
    }
    /// The state's number below [`WinLose::indices`]; asked only when that is
    /// `Some`.
    fn index(&self, _: &Self::State) -> usize {
        unreachable!("a game without indices is memoized by hashing")
    }
}

/// Whether the player to move at `start` wins under perfect play.
///
/// Returns `Err(TooBig)` once more than `budget.max_states` distinct
/// non-terminal positions would have to be memoized, or more than
/// [`Budget::max_moves`] moves generated.
///
/// # Panics
/// If a position searched is reachable from itself: such a game may never end.
pub fn wins<G: WinLose>(game: &G, start: G::State, budget: &Budget) -> Result<bool, TooBig> {
    if let Some(won) = game.terminal(&start) {
        return Ok(won);
    }
    let mut search = Search {
        game,
        memo: Memo::new(game.indices(), budget),
        stack: Vec::new(),
        spare: Vec::new(),
        moves: Moves::new(budget),
        budget: *budget,
    };
    search.enter(start)?;
    loop {
        match search.next() {
            Next::Enter(s) => search.enter(s)?,
            Next::Decided(won) => {
                let done = search.stack.pop().expect("the frame just looked at");
                search.memo.insert(done.state, |s| game.index(s), Entry::Known(won));
                let mut moves = done.moves;
                moves.clear();
                search.spare.push(moves);
                if search.stack.is_empty() {
                    return Ok(won);
                }
            }
        }
    }
}

/// A memo entry. Positions on the search stack are entered too, so that
/// meeting one again is recognised as a cycle and the budget counts them.
#[derive(Clone, Copy)]
enum Entry {
    OnStack,
    /// Whether the player to move wins.
    Known(bool),
}

/// What the top of the search stack needs next.
enum Next<S> {
    /// A position whose verdict is not known yet: search it first.
    Enter(S),
    /// The top position's verdict: whether its player to move wins.
    Decided(bool),
}

/// A position being expanded: `moves[..cursor]` all win for the opponent.
struct Frame<S> {
    state: S,
    moves: Vec<S>,
    cursor: usize,
}

struct Search<'g, G: WinLose> {
    game: &'g G,
    memo: Memo<G::State, Entry>,
    stack: Vec<Frame<G::State>>,
    /// Move buffers of finished frames, emptied, so that expanding a position
    /// does not allocate.
    spare: Vec<Vec<G::State>>,
    moves: Moves,
    budget: Budget,
}

impl<G: WinLose> Search<'_, G> {
    /// Pushes the non-terminal position `state` on the stack with its moves.
    fn enter(&mut self, state: G::State) -> Result<(), TooBig> {
        self.memo.admit(&self.budget)?;
        let game = self.game;
        self.memo.insert(state.clone(), |s| game.index(s), Entry::OnStack);
        let mut moves = self.spare.pop().unwrap_or_default();
        self.game.moves(&state, &mut moves);
        self.moves.add(moves.len(), &self.budget)?;
        self.stack.push(Frame {
            state,
            moves,
            cursor: 0,
        });
        Ok(())
    }

    /// Moves the top frame's cursor past every move known to win for the
    /// opponent. A position searched on behalf of a move stays under the
    /// cursor, so its verdict is read back from the memo here.
    fn next(&mut self) -> Next<G::State> {
        let top = self
            .stack
            .last_mut()
            .expect("the start stays on the stack until decided");
        while let Some(s) = top.moves.get(top.cursor) {
            let opponent_wins = match self.game.terminal(s) {
                Some(won) => won,
                None => match self.memo.get(s, |s| self.game.index(s)) {
                    None => return Next::Enter(s.clone()),
                    Some(Entry::OnStack) => panic!("not a finite game: a position is reachable from itself"),
                    Some(Entry::Known(won)) => won,
                },
            };
            if !opponent_wins {
                return Next::Decided(true);
            }
            top.cursor += 1;
        }
        Next::Decided(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Misère Nim: a move takes any positive number of counters from one pile;
    /// whoever takes the last counter loses. The state is the sorted piles.
    struct MisereNim;
    impl WinLose for MisereNim {
        type State = Vec<u32>;
        fn terminal(&self, s: &Vec<u32>) -> Option<bool> {
            // No counter left: the opponent took the last one.
            s.is_empty().then_some(true)
        }
        fn moves(&self, s: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
            for (i, &pile) in s.iter().enumerate() {
                if i > 0 && s[i - 1] == pile {
                    continue;
                }
                for rest in 0..pile {
                    let mut next = s.clone();
                    next.remove(i);
                    if rest > 0 {
                        let at = next.partition_point(|&p| p < rest);
                        next.insert(at, rest);
                    }
                    out.push(next);
                }
            }
        }
    }

    /// Position n moves only to n - 1; 0 has no move.
    struct Chain;
    impl WinLose for Chain {
        type State = u32;
        fn terminal(&self, _: &u32) -> Option<bool> {
            None
        }
        fn moves(&self, &n: &u32, out: &mut Vec<u32>) {
            if n > 0 {
                out.push(n - 1);
            }
        }
    }

    /// [`Chain`] with its positions numbered below `0.0`: memoized in an array.
    struct NumberedChain(usize);
    impl WinLose for NumberedChain {
        type State = u32;
        fn terminal(&self, _: &u32) -> Option<bool> {
            None
        }
        fn moves(&self, n: &u32, out: &mut Vec<u32>) {
            Chain.moves(n, out)
        }
        fn indices(&self) -> Option<usize> {
            Some(self.0)
        }
        fn index(&self, &n: &u32) -> usize {
            n as usize
        }
    }

    /// 0 moves to 1 (stuck) and to 2, whose expansion is a bug.
    struct FirstMoveWins;
    impl WinLose for FirstMoveWins {
        type State = u32;
        fn terminal(&self, _: &u32) -> Option<bool> {
            None
        }
        fn moves(&self, &n: &u32, out: &mut Vec<u32>) {
            match n {
                0 => out.extend([1, 2]),
                1 => {}
                _ => panic!("position {n} expanded after a winning move was found"),
            }
        }
    }

    /// Two positions that move to each other: not a finite game.
    struct Loop;
    impl WinLose for Loop {
        type State = bool;
        fn terminal(&self, _: &bool) -> Option<bool> {
            None
        }
        fn moves(&self, &s: &bool, out: &mut Vec<bool>) {
            out.push(!s);
        }
    }

    fn big() -> Budget {
        Budget::new(1_000_000)
    }

    /// Candy Piles (AGC 002 E), the game of [`crate::candy`].
    fn candy(piles: &[u32]) -> bool {
        crate::candy::first_wins(piles, &big()).expect("small candy game")
    }

    #[test]
    fn misere_nim_by_hand() {
        // [1]: the only move takes the last counter.
        assert_eq!(wins(&MisereNim, vec![1], &big()), Ok(false));
        // [1, 1]: take one pile, the opponent is left with [1].
        assert_eq!(wins(&MisereNim, vec![1, 1], &big()), Ok(true));
        // [2]: take one counter, the opponent is left with [1].
        assert_eq!(wins(&MisereNim, vec![2], &big()), Ok(true));
        // [1, 1, 1]: the only move leaves [1, 1], a win for the opponent.
        assert_eq!(wins(&MisereNim, vec![1, 1, 1], &big()), Ok(false));
        // [2, 2]: the moves leave [2] or [1, 2]; from either the opponent
        // leaves [1] (take the 2, or take one from it).
        assert_eq!(wins(&MisereNim, vec![2, 2], &big()), Ok(false));
        // Nothing left: the opponent took the last counter.
        assert_eq!(wins(&MisereNim, vec![], &big()), Ok(true));
    }

    #[test]
    fn misere_nim_follows_bouton() {
        // Bouton (1902): with a pile of 2 or more the mover wins iff the XOR is
        // non-zero, as in normal play; with piles of 1 only, iff their number
        // is even.
        for code in 0..6u32.pow(4) {
            let mut piles: Vec<u32> = (0..4).map(|d| code / 6u32.pow(d) % 6).filter(|&p| p > 0).collect();
            piles.sort_unstable();
            let expected = if piles.iter().any(|&p| p >= 2) {
                piles.iter().fold(0, |x, &p| x ^ p) != 0
            } else {
                piles.len().is_multiple_of(2)
            };
            assert_eq!(wins(&MisereNim, piles.clone(), &big()), Ok(expected), "{piles:?}");
        }
    }

    #[test]
    fn candy_samples() {
        assert!(candy(&[1, 3]));
        assert!(candy(&[1, 2, 1]));
        assert!(!candy(&[1, 2, 3]));
    }

    #[test]
    fn candy_by_hand() {
        // [1]: both moves eat the last candy.
        assert!(!candy(&[1]));
        // [n]: eating the pile loses, so the only sensible move is to [n - 1];
        // [1] loses, so [n] wins iff n is even.
        assert!(candy(&[2]));
        assert!(!candy(&[3]));
        assert!(candy(&[4]));
        // k ones: eating one pile leaves k - 1 ones, the other move eats all;
        // so k ones win iff k - 1 ones lose: iff k is even.
        assert!(candy(&[1, 1]));
        assert!(!candy(&[1, 1, 1]));
        assert!(candy(&[1, 1, 1, 1]));
        // [2, 2]: the moves leave [2] and [1, 1], both wins for the opponent.
        assert!(!candy(&[2, 2]));
        // [2, 2, 1]: eating a 2 leaves [2, 1], which wins by eating the 2; one
        // from each leaves [1, 1], a win too. So [2, 2, 1] loses.
        assert!(!candy(&[2, 2, 1]));
    }

    #[test]
    fn candy_follows_the_staircase_rule() {
        // The AGC 002 E editorial: piles sorted largest first are a Young
        // diagram walked from its corner; the diagonal step keeps the verdict,
        // so only the last diagonal cell k matters, from which the two arms
        // have r and c further cells. The mover wins iff r or c is odd.
        let mut rng = gen::Rng::from_seed(2);
        for _ in 0..300 {
            let len = 1 + rng.index(6);
            let mut a: Vec<u32> = (0..len).map(|_| rng.range(1, 7) as u32).collect();
            a.sort_unstable_by(|x, y| y.cmp(x));
            let k = (0..len).take_while(|&i| a[i] as usize > i).last().expect("a[0] >= 1");
            let r = a[k] as usize - k - 1;
            let c = a[k + 1..].iter().filter(|&&x| x as usize > k).count();
            assert_eq!(candy(&a), r % 2 == 1 || c % 2 == 1, "{a:?}");
        }
    }

    #[test]
    fn stops_at_the_first_winning_move() {
        assert_eq!(wins(&FirstMoveWins, 0, &big()), Ok(true));
    }

    #[test]
    fn long_line_of_play_on_a_small_stack() {
        let run = || {
            let budget = Budget::new(300_000);
            (wins(&Chain, 200_000, &budget), wins(&Chain, 200_001, &budget))
        };
        let got = crate::testing::on_small_stack(run);
        // 0 is stuck and loses, so n wins iff n is odd.
        assert_eq!(got, (Ok(false), Ok(true)));
    }

    #[test]
    fn budget_caps_the_memo() {
        // Chain from 10 reaches the 11 positions 10 down to 0.
        assert_eq!(wins(&Chain, 10, &Budget::new(11)), Ok(false));
        assert_eq!(wins(&Chain, 10, &Budget::new(10)), Err(TooBig::states(10)));
        assert_eq!(wins(&Chain, 0, &Budget::new(0)), Err(TooBig::states(0)));
        // A terminal start memoizes nothing.
        assert_eq!(wins(&crate::candy::Candy, vec![], &Budget::new(0)), Ok(true));
    }

    #[test]
    fn an_array_memo_decides_and_counts_as_a_hash_map() {
        for n in 0..12 {
            for budget in 0..14 {
                let budget = Budget::new(budget);
                assert_eq!(
                    wins(&NumberedChain(12), n, &budget),
                    wins(&Chain, n, &budget),
                    "{n} {budget:?}"
                );
            }
        }
        assert_eq!(wins(&NumberedChain(12), 11, &big()), Ok(true));
    }

    #[test]
    #[should_panic(expected = "not a finite game")]
    fn a_cycle_is_reported() {
        let _ = wins(&Loop, false, &big());
    }
}
