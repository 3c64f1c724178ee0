//! Bunny-and-egg solvers against the rules on every small lost game, and the
//! deliberately wrong one's smallest counterexample.
//!
//! The reference is [`Rules`], written here from the rules alone (the `brute`
//! crate is not a dependency of `solvers`): a memoized search over (cells,
//! empty cell, player to move). Every board of up to `MAX_CELLS` cells, every
//! colouring, every empty cell and every complete game the first player
//! loses is enumerated.

use std::collections::HashMap;

use gen::board::{Board, Cell};
use solvers::bunny_egg::{mistakes, mistakes_forward, wrong};

const MAX_CELLS: usize = 10;

struct Rules<'b> {
    board: &'b Board,
    memo: HashMap<(Vec<Cell>, usize, bool), bool>,
}

impl Rules<'_> {
    /// Whether the player to move wins; `white`: the first player moves.
    fn wins(&mut self, cells: &[Cell], empty: usize, white: bool) -> bool {
        if let Some(&w) = self.memo.get(&(cells.to_vec(), empty, white)) {
            return w;
        }
        let mine = if white { Cell::White } else { Cell::Black };
        let options: Vec<usize> = self.board.neighbours(empty).filter(|&c| cells[c] == mine).collect();
        let mut won = false;
        for c in options {
            let mut next = cells.to_vec();
            next[empty] = mine;
            next[c] = Cell::Empty;
            if !self.wins(&next, c, !white) {
                won = true;
                break;
            }
        }
        self.memo.insert((cells.to_vec(), empty, white), won);
        won
    }

    fn mistakes(board: &Board) -> Vec<u32> {
        let mut rules = Rules {
            board,
            memo: HashMap::new(),
        };
        let mut cells = board.cells.clone();
        let mut empty = board.empty().unwrap();
        let mut wins = Vec::new();
        for (i, &to) in board.moves.iter().enumerate() {
            let white = i % 2 == 0;
            wins.push(rules.wins(&cells, empty, white));
            let mine = if white { Cell::White } else { Cell::Black };
            cells[empty] = mine;
            cells[to as usize] = Cell::Empty;
            empty = to as usize;
        }
        (0..board.moves.len() / 2)
            .filter(|&r| wins[2 * r] && wins[2 * r + 1])
            .map(|r| r as u32 + 1)
            .collect()
    }
}

/// Every complete game from `b`'s start that ends with the first player stuck.
fn lost_games(b: &Board) -> Vec<Vec<u32>> {
    fn walk(b: &Board, cells: &mut Vec<Cell>, empty: usize, moves: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        let mine = if moves.len().is_multiple_of(2) {
            Cell::White
        } else {
            Cell::Black
        };
        let options: Vec<usize> = b.neighbours(empty).filter(|&c| cells[c] == mine).collect();
        if options.is_empty() && mine == Cell::White && !moves.is_empty() {
            out.push(moves.clone());
        }
        for c in options {
            cells[empty] = mine;
            cells[c] = Cell::Empty;
            moves.push(c as u32);
            walk(b, cells, c, moves, out);
            moves.pop();
            cells[c] = mine;
            cells[empty] = Cell::Empty;
        }
    }
    let mut out = Vec::new();
    let mut cells = b.cells.clone();
    walk(b, &mut cells, b.empty().unwrap(), &mut Vec::new(), &mut out);
    out
}

/// Every lost game on boards of up to `max` cells.
fn every_instance(max: usize) -> Vec<Board> {
    let mut out = Vec::new();
    for n in 1..=max {
        for m in 1..=max / n {
            let cells = n * m;
            for empty in 0..cells {
                for colours in 0..1u32 << (cells - 1) {
                    let mut bits = colours;
                    let cells: Vec<Cell> = (0..cells)
                        .map(|c| {
                            if c == empty {
                                return Cell::Empty;
                            }
                            let white = bits & 1 == 1;
                            bits >>= 1;
                            if white {
                                Cell::White
                            } else {
                                Cell::Black
                            }
                        })
                        .collect();
                    let start = Board {
                        n,
                        m,
                        cells,
                        moves: vec![],
                    };
                    for moves in lost_games(&start) {
                        out.push(Board { moves, ..start.clone() });
                    }
                }
            }
        }
    }
    out
}

fn whites(b: &Board) -> usize {
    b.cells.iter().filter(|&&c| c == Cell::White).count()
}

#[test]
fn the_rules_give_the_judge_samples() {
    use gen::judge::{bunny_egg, Format};
    let sample = "4 4\nOOXX\nOXXO\nOO.O\nXXXO\n2\n3 2\n2 2\n1 2\n1 3\n";
    let b = bunny_egg::Judge::read_input(sample).unwrap().remove(0);
    assert_eq!(Rules::mistakes(&b), [1, 2]);
}

#[test]
fn both_solvers_follow_the_rules_on_every_small_lost_game() {
    let all = every_instance(MAX_CELLS);
    assert!(all.len() > 15_000, "{}", all.len());
    let mut with_mistakes = 0;
    for b in &all {
        let want = Rules::mistakes(b);
        with_mistakes += usize::from(!want.is_empty());
        assert_eq!(mistakes(b), want, "{b:?}");
        assert_eq!(mistakes_forward(b), want, "{b:?}");
    }
    assert!(with_mistakes > 2_000, "{with_mistakes}");
}

#[test]
fn matched_once_fails_first_on_three_cells_in_a_row() {
    // Smallest by (cells, moves, white pieces), the order shrinking lowers:
    // `.OX`, white moves (1 2) in, black (1 3). The cells the empty cell can
    // enter are the path (1 1)-(1 2)-(1 3). The greedy matching pairs the
    // start with (1 2), but (1 2)-(1 3) is a maximum matching too, so she
    // loses whatever she does: no mistake, where matched_once says round 1.
    let all = every_instance(3);
    let failing: Vec<&Board> = all
        .iter()
        .filter(|b| wrong::matched_once(b) != Rules::mistakes(b))
        .collect();
    let key = |b: &Board| (b.cells.len(), b.moves.len(), whites(b));
    let smallest = failing
        .iter()
        .map(|b| key(b))
        .min()
        .expect("a counterexample within 3 cells");
    assert_eq!(smallest, (3, 2, 1));
    let found = Board {
        n: 1,
        m: 3,
        cells: vec![Cell::Empty, Cell::White, Cell::Black],
        moves: vec![1, 2],
    };
    assert!(failing.contains(&&found), "{failing:?}");
    assert_eq!(Rules::mistakes(&found), [] as [u32; 0]);
    assert_eq!(wrong::matched_once(&found), [1]);
    // Nothing smaller exists at all: no board of 1 or 2 cells holds a lost game.
    assert!(all.iter().all(|b| b.cells.len() == 3));
}
