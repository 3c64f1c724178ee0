//! The bunny-and-egg board game (`bunny-egg`, NOI 2011) from its rules, on
//! the [`winlose`](crate::winlose) engine.
//!
//! A position is the colour of every cell, the empty cell and the player to
//! move. The first player moves a white piece next to the empty cell into
//! it, the second a black one; a player with no such piece loses. Nothing is
//! assumed about which cells the empty cell can reach: the search looks at
//! every legal move, and the engine would report a position that recurs.
//!
//! A round of the record is a mistake exactly as the statement defines it:
//! before her move the first player can win, and after it the second can.

use crate::winlose::{wins, WinLose};
use crate::{Budget, TooBig};
use gen::board::{Board, Cell};

/// The most cells a position packs (one bit per cell for white pieces).
pub const MAX_CELLS: usize = 128;

/// A position: white pieces as bits, the empty cell, whose turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub whites: u128,
    pub empty: u8,
    pub white_to_move: bool,
}

/// The board's adjacency, for move generation.
pub struct Game {
    neighbours: Vec<Vec<u8>>,
}

impl Game {
    pub fn new(b: &Board) -> Self {
        let neighbours = (0..b.cells.len())
            .map(|c| b.neighbours(c).map(|x| x as u8).collect())
            .collect();
        Game { neighbours }
    }
}

impl WinLose for Game {
    type State = Position;

    fn terminal(&self, _: &Position) -> Option<bool> {
        // Play ends only when the player to move is stuck: no moves.
        None
    }

    fn moves(&self, s: &Position, out: &mut Vec<Position>) {
        let empty = s.empty as usize;
        for &c in &self.neighbours[empty] {
            let white = s.whites >> c & 1 == 1;
            if white != s.white_to_move {
                continue;
            }
            // The piece at `c` slides into the empty cell; `c` becomes empty.
            let whites = if white {
                s.whites & !(1 << c) | 1 << empty
            } else {
                s.whites
            };
            out.push(Position {
                whites,
                empty: c,
                white_to_move: !s.white_to_move,
            });
        }
    }
}

/// The position before the first move of `b`'s record.
fn start(b: &Board) -> Position {
    let whites = (b.cells.iter().enumerate())
        .filter(|&(_, &c)| c == Cell::White)
        .fold(0u128, |w, (i, _)| w | 1 << i);
    Position {
        whites,
        empty: b.empty().expect("a board has an empty cell") as u8,
        white_to_move: true,
    }
}

/// Every position of the record: before each move and after the last.
pub fn positions(b: &Board) -> Vec<Position> {
    let game = Game::new(b);
    let mut p = start(b);
    let mut out = vec![p];
    let mut next = Vec::new();
    for &to in &b.moves {
        next.clear();
        game.moves(&p, &mut next);
        p = *next
            .iter()
            .find(|q| q.empty as u32 == to)
            .expect("the record is legal (validated when read)");
        out.push(p);
    }
    out
}

/// The rounds (1-based) where the first player made a mistake. Each position
/// is searched on its own with `budget`.
///
/// Returns `Err(TooBig)` when a board has more than [`MAX_CELLS`] cells or a
/// search needs more positions than `budget` allows.
pub fn mistakes(b: &Board, budget: &Budget) -> Result<Vec<u32>, TooBig> {
    if b.cells.len() > MAX_CELLS {
        return Err(TooBig::states(budget.max_states));
    }
    let game = Game::new(b);
    let at = positions(b);
    let mut out = Vec::new();
    for round in 0..b.moves.len() / 2 {
        let (before, after) = (at[2 * round], at[2 * round + 1]);
        if wins(&game, before, budget)? && wins(&game, after, budget)? {
            out.push(round as u32 + 1);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gen::judge::{bunny_egg, Format};

    fn board(text: &str) -> Board {
        bunny_egg::Judge::read_input(text).unwrap().remove(0)
    }

    fn big() -> Budget {
        Budget::new(1_000_000)
    }

    #[test]
    fn the_judge_samples() {
        let samples = [
            ("1 6\nXO.OXO\n1\n1 2\n1 1\n", vec![1]),
            (
                "3 3\nXOX\nO.O\nXOX\n4\n2 3\n1 3\n1 2\n1 1\n2 1\n3 1\n3 2\n3 3\n",
                vec![],
            ),
            ("4 4\nOOXX\nOXXO\nOO.O\nXXXO\n2\n3 2\n2 2\n1 2\n1 3\n", vec![1, 2]),
        ];
        for (input, want) in samples {
            assert_eq!(mistakes(&board(input), &big()), Ok(want), "{input}");
        }
    }

    #[test]
    fn small_positions_by_hand() {
        let game_of = |text: &str| {
            let b = board(text);
            (Game::new(&b), positions(&b))
        };
        // . O X X: white must move (1 2); then black's only move is (1 3),
        // after which the empty cell at 3 has black on both sides: white
        // loses. So the start loses for white, and black wins after her move.
        let (g, at) = game_of("1 4\n.OXX\n1\n1 2\n1 3\n");
        assert_eq!(wins(&g, at[0], &big()), Ok(false));
        assert_eq!(wins(&g, at[1], &big()), Ok(true));
        assert_eq!(wins(&g, at[2], &big()), Ok(false));
        // X O . O X O (sample 1), cells 0 to 5, empty 2. If white moves 3
        // in, the empty cell 3 sees black at 4: black moves 4 in, white
        // moves 5 in, and the empty cell 5 sees only the white piece at 4:
        // black is stuck, white wins. If white moves 1 in (the record's
        // (1 2)), black moves 0 in and the empty cell 0 sees only black:
        // white is stuck. So the start wins, and after (1 2) black wins.
        let (g, at) = game_of("1 6\nXO.OXO\n1\n1 2\n1 1\n");
        assert_eq!(wins(&g, at[0], &big()), Ok(true));
        assert_eq!(wins(&g, at[1], &big()), Ok(true));
        assert_eq!(mistakes(&board("1 6\nXO.OXO\n1\n1 2\n1 1\n"), &big()), Ok(vec![1]));
        // The same game on . O X X is no mistake: she could not win anyway.
        assert_eq!(mistakes(&board("1 4\n.OXX\n1\n1 2\n1 3\n"), &big()), Ok(vec![]));
    }

    #[test]
    fn the_budget_is_respected() {
        let b = board("3 3\nXOX\nO.O\nXOX\n4\n2 3\n1 3\n1 2\n1 1\n2 1\n3 1\n3 2\n3 3\n");
        assert_eq!(mistakes(&b, &Budget::new(2)), Err(TooBig::states(2)));
    }
}
