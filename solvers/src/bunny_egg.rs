//! The first player's mistakes in a lost bunny-and-egg game (`bunny-egg`,
//! NOI 2011).
//!
//! Problem: on an `n x m` board of white and black pieces with one empty
//! cell, the first player slides a white piece next to the empty cell into
//! it, the second a black one; who cannot move loses. Given a record of `k`
//! rounds she lost, list the rounds where she could win before her move and
//! the opponent can after it.
//!
//! Idea: the empty cell never comes back to a cell it left, so the game is
//! undirected vertex geography on the bipartite graph of the cells it can
//! enter (white cells of the other parity than the start, black cells and
//! the start of its parity). The player to move wins iff the token's cell is
//! in every maximum matching of the cells not yet visited, that is iff adding
//! it to the graph without it makes the maximum matching grow. So the record
//! is processed backwards: match the cells it never visits, then add its
//! cells from the last to the first, each with one augmenting-path search.
//!
//! Complexity: `O(V E)` for the first matching and `O(k E)` for the record,
//! with `V = n m <= 1600` cells and `E <= 2V` edges; `O(V)` memory.
//!
//! Reference: NOI 2011 day 2 "兔兔与蛋蛋游戏"; A. S. Fraenkel, E. R.
//! Scheinerman, D. Ullman (1993), *Undirected edge geography* (the matching
//! criterion for undirected vertex geography).

use gen::board::{Board, Cell};
use crate::submit::Submission;

const NONE: u32 = u32::MAX;

/// The cells the empty cell can enter, as a graph with a maximum matching
/// that grows as cells are added.
struct Matching<'b> {
    board: &'b Board,
    alive: Vec<bool>,
    mate: Vec<u32>,
    /// `seen[c] == stamp`: visited by the current search.
    seen: Vec<u32>,
    stamp: u32,
    /// The search path: (cell, next neighbour to try).
    stack: Vec<(u32, u8)>,
}

impl<'b> Matching<'b> {
    fn new(board: &'b Board) -> Self {
        let cells = board.cells.len();
        Matching {
            board,
            alive: vec![false; cells],
            mate: vec![NONE; cells],
            seen: vec![0; cells],
            stamp: 0,
            stack: Vec::new(),
        }
    }

    /// Searches an augmenting path from the unmatched cell `from` over alive
    /// cells and flips it; whether one was found. Iterative: a path may run
    /// through every cell of the board.
    fn augment(&mut self, from: usize) -> bool {
        self.stamp += 1;
        self.seen[from] = self.stamp;
        self.stack.clear();
        self.stack.push((from as u32, 0));
        while let Some(&mut (u, ref mut next)) = self.stack.last_mut() {
            let w = self.board.neighbours(u as usize).nth(*next as usize);
            *next += 1;
            let Some(w) = w else {
                self.stack.pop();
                continue;
            };
            if !self.alive[w] || self.seen[w] == self.stamp {
                continue;
            }
            self.seen[w] = self.stamp;
            let partner = self.mate[w];
            if partner == NONE {
                // Flip the path: each cell on the stack takes the cell it
                // reached, ending with `u` taking the free `w`.
                let mut free = w as u32;
                while let Some((v, _)) = self.stack.pop() {
                    let old = self.mate[v as usize];
                    self.mate[v as usize] = free;
                    self.mate[free as usize] = v;
                    free = old;
                }
                return true;
            }
            self.seen[partner as usize] = self.stamp;
            self.stack.push((partner, 0));
        }
        false
    }
}

/// The cells the empty cell can ever enter: itself, white cells of the other
/// parity, black cells of its parity. `(enterable, parity of the start)`.
fn enterable(b: &Board) -> (Vec<bool>, usize) {
    let start = b.empty().expect("a board has an empty cell");
    let p = parity(b, start);
    let cells = (0..b.cells.len())
        .map(|c| match b.cells[c] {
            Cell::Empty => true,
            Cell::White => parity(b, c) != p,
            Cell::Black => parity(b, c) == p,
        })
        .collect();
    (cells, p)
}

fn parity(b: &Board, c: usize) -> usize {
    (c / b.m + c % b.m) % 2
}

/// A maximum matching of the alive cells, by one search per cell of parity `p`.
fn match_all(g: &mut Matching, p: usize) {
    for c in 0..g.board.cells.len() {
        if g.alive[c] && parity(g.board, c) == p && g.mate[c] == NONE {
            g.augment(c);
        }
    }
}

/// Whether the player to move wins at each position of the record: before
/// each move and after the last (`2k + 1` entries).
pub fn wins_along(b: &Board) -> Vec<bool> {
    let (enterable, p) = enterable(b);
    let walk = b.walk();
    let mut g = Matching::new(b);
    g.alive.clone_from(&enterable);
    for &c in &walk {
        g.alive[c] = false;
    }
    match_all(&mut g, p);
    let mut wins = vec![false; walk.len()];
    for (j, &c) in walk.iter().enumerate().rev() {
        g.alive[c] = true;
        wins[j] = g.augment(c);
    }
    wins
}

/// [`wins_along`] forwards: one maximum matching of every enterable cell,
/// then each cell of the walk removed in turn. The token's cell is in every
/// maximum matching iff it is matched and its partner, set free, finds no
/// augmenting path without it (which also repairs the matching).
pub fn wins_along_forward(b: &Board) -> Vec<bool> {
    let (enterable, p) = enterable(b);
    let mut g = Matching::new(b);
    g.alive = enterable;
    match_all(&mut g, p);
    b.walk()
        .into_iter()
        .map(|c| {
            g.alive[c] = false;
            let partner = std::mem::replace(&mut g.mate[c], NONE);
            if partner == NONE {
                return false;
            }
            g.mate[partner as usize] = NONE;
            !g.augment(partner as usize)
        })
        .collect()
}

/// The rounds (1-based, increasing) where the first player made a mistake.
pub fn mistakes(b: &Board) -> Vec<u32> {
    rounds_lost(b, &wins_along(b))
}

/// [`mistakes`] by [`wins_along_forward`].
pub fn mistakes_forward(b: &Board) -> Vec<u32> {
    rounds_lost(b, &wins_along_forward(b))
}

/// The rounds where the player to move wins before the first player's move
/// and after it.
fn rounds_lost(b: &Board, wins: &[bool]) -> Vec<u32> {
    (0..b.moves.len() / 2)
        .filter(|&i| wins[2 * i] && wins[2 * i + 1])
        .map(|i| i as u32 + 1)
        .collect()
}

/// A deliberately wrong variant, kept to prove the harness catches it.
pub mod wrong {
    use super::*;

    /// Tests whether the token's cell is matched in one maximum matching,
    /// the greedy one found cell by cell, instead of in every maximum
    /// matching. Smallest counterexample (solvers/tests/bunny_egg_exhaustive.rs):
    /// `1 4 / O.OX / 1 / 1 3 / 1 4`, where the start is matched but a
    /// maximum matching avoids it, so the first player loses: the answer is
    /// `0`, this says `1 / 1`.
    pub fn matched_once(b: &Board) -> Vec<u32> {
        let (enterable, p) = enterable(b);
        let mut alive = enterable;
        let wins: Vec<bool> = b
            .walk()
            .into_iter()
            .map(|at| {
                let mut g = Matching::new(b);
                g.alive.clone_from(&alive);
                match_all(&mut g, p);
                alive[at] = false;
                g.mate[at] != NONE
            })
            .collect();
        rounds_lost(b, &wins)
    }
}


/// What `solve` answers with this module.
pub const SUBMITTED: &[Submission] = &[submission!(bunny_egg, mistakes)];

#[cfg(test)]
mod tests {
    use super::*;
    use gen::judge::{bunny_egg, Format};

    fn board(text: &str) -> Board {
        bunny_egg::Judge::read_input(text).unwrap().remove(0)
    }

    #[test]
    fn the_judge_samples() {
        assert_eq!(mistakes(&board("1 6\nXO.OXO\n1\n1 2\n1 1\n")), [1]);
        let b = board("3 3\nXOX\nO.O\nXOX\n4\n2 3\n1 3\n1 2\n1 1\n2 1\n3 1\n3 2\n3 3\n");
        assert_eq!(mistakes(&b), [] as [u32; 0]);
        let b = board("4 4\nOOXX\nOXXO\nOO.O\nXXXO\n2\n3 2\n2 2\n1 2\n1 3\n");
        assert_eq!(mistakes(&b), [1, 2]);
        for b in [&b, &board("1 6\nXO.OXO\n1\n1 2\n1 1\n")] {
            assert_eq!(mistakes_forward(b), mistakes(b));
        }
    }

    #[test]
    fn a_long_augmenting_path_on_a_small_stack() {
        // The full 40 x 40 checkerboard walked as a snake: augmenting paths
        // run along the whole remaining snake.
        let text = {
            let mut rows = String::new();
            for r in 0..40 {
                let row: String = (0..40)
                    .map(|c| match (r + c) % 2 {
                        _ if r + c == 0 => '.',
                        0 => 'X',
                        _ => 'O',
                    })
                    .collect();
                rows.push_str(&row);
                rows.push('\n');
            }
            let mut moves = String::new();
            let snake = (0..40).flat_map(|r| (0..40).map(move |i| (r, if r % 2 == 0 { i } else { 39 - i })));
            for (r, c) in snake.skip(1).take(1598) {
                moves.push_str(&format!("{} {}\n", r + 1, c + 1));
            }
            // The last cell of the snake, (40, 1), turned black so that the
            // first player is stuck after 1598 moves.
            let mut rows: Vec<char> = rows.chars().collect();
            rows[39 * 41] = 'X';
            format!("40 40\n{}799\n{moves}", rows.into_iter().collect::<String>())
        };
        let b = board(&text);
        let (wins, forward) = std::thread::Builder::new()
            .stack_size(256 << 10)
            .spawn(move || (wins_along(&b), wins_along_forward(&b)))
            .unwrap()
            .join()
            .unwrap();
        // Before move j the cells left are the snake from the token's cell
        // on, 1599 - j of them: an even number pairs up along the snake, an
        // odd number leaves a maximum matching that skips the token's cell.
        assert_eq!(wins.len(), 1599);
        assert_eq!(forward, wins);
        assert!(wins.iter().enumerate().all(|(j, &w)| w == ((1599 - j) % 2 == 0)));
    }
}
