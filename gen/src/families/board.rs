//! The bunny-and-egg board (`bunny-egg`, NOI 2011): the instance (a board of
//! white and black pieces with one empty cell, and a recorded game) and the
//! generator family.
//!
//! The first player moves a white piece next to the empty cell into it, the
//! second a black one; who cannot move loses. An instance is a game the first
//! player lost: `2k` legal moves (`k >= 1`), after which she has no move.
//!
//! The family draws a board in one of five shapes (random colours;
//! a checkerboard around the empty cell with a few cells flipped, whose games
//! run long; a strip one or two cells thin; the empty cell in a corner; the
//! full checkerboard walked as a snake from a corner, the longest record the
//! rules allow), then plays a random legal game on it. A game that ends with
//! the first player stuck is kept as it is; any other is cut after an even
//! number of moves, and the white pieces next to the empty cell that the
//! record never touches turn black, so that she is stuck there. Shrinking
//! crops the board to the walk, lays the walk out as one row, drops
//! untouched rows and columns, cuts the
//! record short, starts it a round later and blackens untouched white pieces,
//! keeping only candidates that are still games she lost.

use serde::Deserialize;

use std::collections::HashMap;

use crate::enumerate::{add, mul, pow, span, Bound, Count, Space, Symmetry};
use crate::lower;
use crate::moves::CANDIDATE_BUDGET;
use crate::range::SizeRange;
use crate::rng::Rng;

/// The judge's bounds: `1 <= n, m <= 40`, `1 <= k <= 1000`.
pub const MAX_SIDE: usize = 40;
pub const MAX_K: usize = 1000;

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// `O`, the first player's.
    White,
    /// `X`, the second player's.
    Black,
    /// `.`, the one empty cell.
    Empty,
}

impl Cell {
    pub fn letter(self) -> char {
        match self {
            Cell::White => 'O',
            Cell::Black => 'X',
            Cell::Empty => '.',
        }
    }
}

/// One judge input: the board before the game, and the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub n: usize,
    pub m: usize,
    /// Row-major, `n * m` cells, exactly one of them empty.
    pub cells: Vec<Cell>,
    /// The cell (row-major index) whose piece moves into the empty cell, move
    /// by move: the first player's at even positions. `2k` of them.
    pub moves: Vec<u32>,
}

/// Why a record is not a game the first player lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Move `i` (0-based) is not adjacent to the empty cell.
    NotAdjacent(usize),
    /// Move `i` (0-based) moves a piece of the other player, or none.
    WrongColour(usize),
    /// After the last move the first player can still move.
    NotLost,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordError::NotAdjacent(i) => write!(f, "move {} is not next to the empty cell", i + 1),
            RecordError::WrongColour(i) => write!(f, "move {} does not move a piece of the player to move", i + 1),
            RecordError::NotLost => write!(f, "after the last move the first player can still move"),
        }
    }
}

impl Board {
    /// The cells next to `c`, sharing a side with it.
    pub fn neighbours(&self, c: usize) -> impl Iterator<Item = usize> {
        let (n, m) = (self.n, self.m);
        let (r, col) = (c / m, c % m);
        let up = (r > 0).then(|| c - m);
        let down = (r + 1 < n).then(|| c + m);
        let left = (col > 0).then(|| c - 1);
        let right = (col + 1 < m).then(|| c + 1);
        [up, down, left, right].into_iter().flatten()
    }

    pub fn empty(&self) -> Option<usize> {
        self.cells.iter().position(|&c| c == Cell::Empty)
    }

    /// Plays the record move by move by the rules; the cells at the end.
    pub fn play(&self) -> Result<Vec<Cell>, RecordError> {
        let mut cells = self.cells.clone();
        let mut empty = self.empty().expect("a board has an empty cell");
        for (i, &to) in self.moves.iter().enumerate() {
            let from = to as usize;
            if !self.neighbours(empty).any(|c| c == from) {
                return Err(RecordError::NotAdjacent(i));
            }
            let mine = if i % 2 == 0 { Cell::White } else { Cell::Black };
            if cells[from] != mine {
                return Err(RecordError::WrongColour(i));
            }
            cells[empty] = mine;
            cells[from] = Cell::Empty;
            empty = from;
        }
        if self.moves.len().is_multiple_of(2) && self.neighbours(empty).any(|c| cells[c] == Cell::White) {
            return Err(RecordError::NotLost);
        }
        Ok(cells)
    }

    /// The empty cell before each move and after the last: the walk.
    pub fn walk(&self) -> Vec<usize> {
        let start = self.empty().expect("a board has an empty cell");
        std::iter::once(start)
            .chain(self.moves.iter().map(|&c| c as usize))
            .collect()
    }

    fn whites(&self) -> usize {
        self.cells.iter().filter(|&&c| c == Cell::White).count()
    }

    /// The board cut to rows `rows` and columns `cols` (both ascending).
    fn restricted(&self, rows: &[usize], cols: &[usize]) -> Board {
        let mut at = vec![u32::MAX; self.n * self.m];
        let mut cells = Vec::with_capacity(rows.len() * cols.len());
        for &r in rows {
            for &c in cols {
                at[r * self.m + c] = cells.len() as u32;
                cells.push(self.cells[r * self.m + c]);
            }
        }
        Board {
            n: rows.len(),
            m: cols.len(),
            cells,
            moves: self.moves.iter().map(|&c| at[c as usize]).collect(),
        }
    }
}

/// Turns the white pieces next to the empty cell at the end of `b`'s record
/// black where the record never touches them, so the first player is stuck
/// there. `None` if she could still move (a touched white neighbour).
fn stuck_at_end(mut b: Board) -> Option<Board> {
    match b.play() {
        Ok(_) => return Some(b),
        Err(RecordError::NotLost) => {}
        Err(_) => return None,
    }
    let walk = b.walk();
    let end = *walk.last().expect("a walk has a start");
    let turn: Vec<usize> = b
        .neighbours(end)
        .filter(|&c| b.cells[c] == Cell::White && !walk.contains(&c))
        .collect();
    for c in turn {
        b.cells[c] = Cell::Black;
    }
    b.play().ok().map(|_| b)
}

/// How the board and its game are drawn.
#[derive(Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum BoardShape {
    /// Each piece white with probability `white`, the empty cell anywhere.
    Random,
    /// White exactly where the empty cell's parity is not, then `flips`
    /// cells swapped: long games.
    Checkerboard,
    /// One or two rows (or columns), random colours.
    Strip,
    /// Random colours, the empty cell in a corner.
    Corner,
    /// The full checkerboard, the empty cell in the top-left corner, the
    /// record walking row by row as a snake: the longest games.
    Snake,
}

pub const ALL_BOARD_SHAPES: [BoardShape; 5] = [
    BoardShape::Random,
    BoardShape::Checkerboard,
    BoardShape::Strip,
    BoardShape::Corner,
    BoardShape::Snake,
];

/// The `[gen]` table of `bunny-egg.toml`.
#[derive(Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct BoardParams {
    /// Rows.
    pub n: SizeRange,
    /// Columns.
    pub m: SizeRange,
    /// The most rounds the record keeps (`k`); longer games are cut.
    pub k: SizeRange,
    /// The share of white pieces in random boards.
    pub white: f64,
    /// Cells swapped in checkerboards.
    pub flips: SizeRange,
    pub shapes: Vec<BoardShape>,
}

impl Default for BoardParams {
    fn default() -> Self {
        BoardParams {
            n: SizeRange::new(1, 4),
            m: SizeRange::new(1, 4),
            k: SizeRange::new(1, 8),
            white: 0.5,
            flips: SizeRange::new(0, 2),
            shapes: ALL_BOARD_SHAPES.to_vec(),
        }
    }
}

/// Draws made before giving up on random games and building the smallest lost game.
const ATTEMPTS: usize = 32;

impl BoardParams {
    fn draw_sides(&self, shape: BoardShape, rng: &mut Rng) -> (usize, usize) {
        let (mut n, mut m) = (self.n.sample_usize(rng), self.m.sample_usize(rng));
        if shape == BoardShape::Strip {
            let thin = |r: SizeRange, rng: &mut Rng| rng.range(r.lo, r.hi.min(2)) as usize;
            let (rows, cols) = (self.n.lo <= 2, self.m.lo <= 2);
            if rows && (!cols || rng.chance(0.5)) {
                n = thin(self.n, rng);
            } else if cols {
                m = thin(self.m, rng);
            }
        }
        (n, m)
    }

    /// One attempt: a board and a legal game on it that the first player lost.
    fn attempt(&self, rng: &mut Rng) -> Option<Board> {
        let shape = *rng.pick(&self.shapes);
        let (n, m) = self.draw_sides(shape, rng);
        let cells = n * m;
        let corner = |rng: &mut Rng| {
            let r = if rng.chance(0.5) { 0 } else { n - 1 };
            let c = if rng.chance(0.5) { 0 } else { m - 1 };
            r * m + c
        };
        let empty = match shape {
            BoardShape::Corner => corner(rng),
            BoardShape::Snake => 0,
            _ => rng.index(cells),
        };
        let parity = |c: usize| (c / m + c % m) % 2;
        let checker = |c: usize| {
            if parity(c) != parity(empty) {
                Cell::White
            } else {
                Cell::Black
            }
        };
        let mut board: Vec<Cell> = match shape {
            BoardShape::Checkerboard | BoardShape::Snake => (0..cells).map(checker).collect(),
            _ => (0..cells)
                .map(|_| {
                    if rng.chance(self.white) {
                        Cell::White
                    } else {
                        Cell::Black
                    }
                })
                .collect(),
        };
        if shape == BoardShape::Checkerboard {
            for _ in 0..self.flips.sample(rng) {
                let c = rng.index(cells);
                board[c] = if board[c] == Cell::White {
                    Cell::Black
                } else {
                    Cell::White
                };
            }
        }
        board[empty] = Cell::Empty;
        let b = Board {
            n,
            m,
            cells: board,
            moves: Vec::new(),
        };
        let rounds = self.k.sample_usize(rng);
        let moves = if shape == BoardShape::Snake {
            snake_game(&b, 2 * rounds)
        } else {
            random_game(&b, 2 * rounds, rng)
        };
        // A record ends after the first player's turn: an even number of moves.
        let even = moves.len() & !1;
        if even == 0 {
            return None;
        }
        stuck_at_end(Board {
            moves: moves[..even].to_vec(),
            ..b
        })
    }

    /// The smallest lost game on an `n x m` board of at least 3 cells: three
    /// cells in a line (or an L), empty, white, black, every other cell black.
    /// The white piece moves, then the black one, and the white piece, now in
    /// a corner of that line, is not next to the empty cell.
    fn smallest_game(&self) -> Board {
        let (n, m) = (self.n.hi as usize, self.m.hi as usize);
        let line: [usize; 3] = if m >= 3 {
            [0, 1, 2]
        } else if n >= 3 {
            [0, m, 2 * m]
        } else {
            [0, 1, m + 1]
        };
        let mut cells = vec![Cell::Black; n * m];
        cells[line[0]] = Cell::Empty;
        cells[line[1]] = Cell::White;
        Board {
            n,
            m,
            cells,
            moves: vec![line[1] as u32, line[2] as u32],
        }
    }
}

/// Random legal moves until a player is stuck or `most` moves are made.
/// Three times in four a move is drawn among those that leave the opponent
/// a move, if any: games then run longer and offer more choices.
fn random_game(b: &Board, most: usize, rng: &mut Rng) -> Vec<u32> {
    let mut cells = b.cells.clone();
    let mut empty = b.empty().expect("a board has an empty cell");
    let mut moves = Vec::new();
    let mut options = Vec::with_capacity(4);
    while moves.len() < most {
        let (mine, theirs) = if moves.len() % 2 == 0 {
            (Cell::White, Cell::Black)
        } else {
            (Cell::Black, Cell::White)
        };
        options.clear();
        options.extend(b.neighbours(empty).filter(|&c| cells[c] == mine));
        if options.is_empty() {
            break;
        }
        // After moving `c` in, the empty cell is at `c`; `empty` holds `mine`.
        let goes_on = |c: usize| b.neighbours(c).any(|x| x != empty && cells[x] == theirs);
        let longer: Vec<usize> = options.iter().copied().filter(|&c| goes_on(c)).collect();
        let from = if !longer.is_empty() && rng.below(4) != 0 {
            *rng.pick(&longer)
        } else {
            *rng.pick(&options)
        };
        cells[empty] = mine;
        cells[from] = Cell::Empty;
        empty = from;
        moves.push(from as u32);
    }
    moves
}

/// The snake's walk (row 0 left to right, row 1 right to left, ...), as far
/// as it stays legal, at most `most` moves.
fn snake_game(b: &Board, most: usize) -> Vec<u32> {
    let mut cells = b.cells.clone();
    let mut empty = b.empty().expect("a board has an empty cell");
    let mut moves = Vec::new();
    let snake = (0..b.n).flat_map(|r| (0..b.m).map(move |i| r * b.m + if r % 2 == 0 { i } else { b.m - 1 - i }));
    for from in snake.skip(1).take(most) {
        let mine = if moves.len().is_multiple_of(2) {
            Cell::White
        } else {
            Cell::Black
        };
        if cells[from] != mine || !b.neighbours(empty).any(|c| c == from) {
            break;
        }
        cells[empty] = mine;
        cells[from] = Cell::Empty;
        empty = from;
        moves.push(from as u32);
    }
    moves
}

/// The most cells whose lost games are counted exactly before the run (a
/// pass over every position, `2^(c-1) c` of them); past it the count is an
/// upper bound.
const COUNTED_CELLS: u64 = 16;

/// The side pairs `(n, m)` within the ranges, by cells, then rows.
fn sides(rows: SizeRange, cols: SizeRange) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = (rows.lo..=rows.hi)
        .flat_map(|n| (cols.lo..=cols.hi).map(move |m| (n as usize, m as usize)))
        .collect();
    out.sort_by_key(|&(n, m)| (n * m, n));
    out
}

/// The cells next to `c` on an `n x m` board.
fn around(n: usize, m: usize, c: usize) -> impl Iterator<Item = usize> {
    Board {
        n,
        m,
        cells: Vec::new(),
        moves: Vec::new(),
    }
    .neighbours(c)
    .collect::<Vec<_>>()
    .into_iter()
}

/// How many records of `rounds` rounds the first player loses, over every
/// board of `n x m` with its empty cell anywhere: positions (white pieces as
/// a bit mask, the empty cell) carry how many games reach them, move by move.
fn lost_games(n: usize, m: usize, rounds: SizeRange) -> u128 {
    let cells = n * m;
    let mut at: HashMap<(u64, usize), u128> = HashMap::new();
    for empty in 0..cells {
        for mask in 0..1u64 << cells {
            if mask >> empty & 1 == 0 {
                at.insert((mask, empty), 1);
            }
        }
    }
    let mut lost = 0u128;
    for depth in 0..=2 * rounds.hi as usize {
        let white = depth % 2 == 0;
        let mut next: HashMap<(u64, usize), u128> = HashMap::new();
        for (&(mask, empty), &ways) in &at {
            // Black pieces are the cells neither white nor empty.
            let mine = |c: usize| (mask >> c & 1 == 1) == white;
            let options: Vec<usize> = around(n, m, empty).filter(|&c| mine(c)).collect();
            if white && options.is_empty() && depth >= 2 && (depth / 2) as u64 >= rounds.lo {
                lost = add(lost, ways);
            }
            if depth == 2 * rounds.hi as usize {
                continue;
            }
            for c in options {
                // The piece at `c` moves into `empty`.
                let moved = if white { mask & !(1 << c) | 1 << empty } else { mask };
                let entry = next.entry((moved, c)).or_insert(0);
                *entry = add(*entry, ways);
            }
        }
        at = next;
    }
    lost
}

/// Every record of exactly `2 * rounds` moves on `board` that the first
/// player loses, in order of the moved cells.
fn records(board: &Board, rounds: usize) -> Vec<Vec<u32>> {
    fn walk(
        b: &Board,
        cells: &mut Vec<Cell>,
        empty: usize,
        moves: &mut Vec<u32>,
        rounds: usize,
        out: &mut Vec<Vec<u32>>,
    ) {
        let mine = if moves.len().is_multiple_of(2) {
            Cell::White
        } else {
            Cell::Black
        };
        let options: Vec<usize> = b.neighbours(empty).filter(|&c| cells[c] == mine).collect();
        if moves.len() == 2 * rounds {
            if options.is_empty() {
                out.push(moves.clone());
            }
            return;
        }
        let mut sorted = options;
        sorted.sort_unstable();
        for c in sorted {
            cells[empty] = mine;
            cells[c] = Cell::Empty;
            moves.push(c as u32);
            walk(b, cells, c, moves, rounds, out);
            moves.pop();
            cells[c] = mine;
            cells[empty] = Cell::Empty;
        }
    }
    let mut out = Vec::new();
    let empty = board.empty().expect("a board has an empty cell");
    walk(
        board,
        &mut board.cells.clone(),
        empty,
        &mut Vec::new(),
        rounds,
        &mut out,
    );
    out
}

impl crate::Family for BoardParams {
    type Instance = Board;

    fn check(&self) -> Result<(), String> {
        self.n.within("n", 1, MAX_SIDE as u64)?;
        self.m.within("m", 1, MAX_SIDE as u64)?;
        self.k.within("k", 1, MAX_K as u64)?;
        self.flips.within("flips", 0, (MAX_SIDE * MAX_SIDE) as u64)?;
        if !(0.0..=1.0).contains(&self.white) {
            return Err(format!("`white` = {} must lie within [0, 1]", self.white));
        }
        if self.n.hi * self.m.hi < 3 {
            return Err("`n` and `m` allow no board of 3 cells: a lost game of one round needs 3".into());
        }
        if self.shapes.is_empty() {
            return Err("`shapes` must name at least one of random, checkerboard, strip, corner, snake".into());
        }
        Ok(())
    }

    fn generate(&self, rng: &mut Rng) -> Board {
        (0..ATTEMPTS)
            .find_map(|_| self.attempt(rng))
            .unwrap_or_else(|| self.smallest_game())
    }

    fn validate(&self, b: &Board) -> Result<(), String> {
        if !(1..=MAX_SIDE).contains(&b.n) || !(1..=MAX_SIDE).contains(&b.m) {
            return Err(format!("the board is {} x {}, not within 40 x 40", b.n, b.m));
        }
        if b.cells.len() != b.n * b.m {
            return Err(format!("{} cells on a {} x {} board", b.cells.len(), b.n, b.m));
        }
        let empties = b.cells.iter().filter(|&&c| c == Cell::Empty).count();
        if empties != 1 {
            return Err(format!("{empties} empty cells, not one"));
        }
        let k = b.moves.len() / 2;
        if !b.moves.len().is_multiple_of(2) || !(1..=MAX_K).contains(&k) {
            return Err(format!("{} moves, not 2k with 1 <= k <= {MAX_K}", b.moves.len()));
        }
        if let Some(i) = b.moves.iter().position(|&c| c as usize >= b.cells.len()) {
            return Err(format!("move {} is off the board", i + 1));
        }
        b.play().map(|_| ()).map_err(|e| e.to_string())
    }

    /// The board cropped to the walk's bounding box; the walk unrolled into one
    /// row; one untouched row or
    /// column dropped; the record cut to fewer rounds (the lowered counts),
    /// or started one round later; one untouched white piece turned black.
    /// Only candidates that are still lost games are kept.
    fn shrink(&self, b: &Board) -> Vec<Board> {
        let walk = b.walk();
        let touched_rows: Vec<bool> = (0..b.n).map(|r| walk.iter().any(|&c| c / b.m == r)).collect();
        let touched_cols: Vec<bool> = (0..b.m).map(|c| walk.iter().any(|&w| w % b.m == c)).collect();
        let mut out = Vec::new();
        let rows: Vec<usize> = (0..b.n).collect();
        let cols: Vec<usize> = (0..b.m).collect();
        let first = |t: &[bool]| t.iter().position(|&x| x).expect("the walk has a start");
        let last = |t: &[bool]| t.iter().rposition(|&x| x).expect("the walk has a start");
        let (r0, r1) = (first(&touched_rows), last(&touched_rows));
        let (c0, c1) = (first(&touched_cols), last(&touched_cols));
        if (r1 - r0 + 1, c1 - c0 + 1) != (b.n, b.m) {
            out.push(b.restricted(&rows[r0..=r1], &cols[c0..=c1]));
        }
        if walk.len() < b.cells.len() && walk.len() <= MAX_SIDE {
            out.push(unrolled(b, &walk));
        }
        for r in (0..b.n).filter(|&r| !touched_rows[r]) {
            let fewer: Vec<usize> = rows.iter().copied().filter(|&x| x != r).collect();
            out.push(b.restricted(&fewer, &cols));
        }
        for c in (0..b.m).filter(|&c| !touched_cols[c]) {
            let fewer: Vec<usize> = cols.iter().copied().filter(|&x| x != c).collect();
            out.push(b.restricted(&rows, &fewer));
        }
        let k = b.moves.len() / 2;
        for j in lower::lowered(k, 1) {
            let cut = Board {
                moves: b.moves[..2 * j].to_vec(),
                ..b.clone()
            };
            out.extend(stuck_at_end(cut));
        }
        if k > 1 {
            let mut later = b.clone();
            for (i, &to) in b.moves[..2].iter().enumerate() {
                let empty = later.empty().expect("a board has an empty cell");
                later.cells[empty] = if i == 0 { Cell::White } else { Cell::Black };
                later.cells[to as usize] = Cell::Empty;
            }
            later.moves.drain(..2);
            out.push(later);
        }
        let limit = (CANDIDATE_BUDGET / b.cells.len()).max(1);
        let untouched_whites = (0..b.cells.len()).filter(|&c| b.cells[c] == Cell::White && !walk.contains(&c));
        for c in untouched_whites.take(limit) {
            let mut blacker = b.clone();
            blacker.cells[c] = Cell::Black;
            out.push(blacker);
        }
        out.retain(|c| c.play().is_ok());
        out
    }

    /// Every board of `n x m` cells (each piece white or black, the empty
    /// cell anywhere) with every record of `k` rounds the first player
    /// loses, by cells, then rounds, then board (the empty cell, then the
    /// white pieces as a bit mask), then record. Labelled: a rotated or
    /// reflected board is listed again. Exact count up to 16 cells, an
    /// upper bound (every move sequence) beyond. `white`, `flips` and
    /// `shapes` are ignored.
    fn exhaust(&self) -> Result<Space<Board>, String> {
        let (rows, cols, k) = (self.n, self.m, self.k);
        let sides = sides(rows, cols);
        let counted = sides.clone();
        // Lost records are counted by playing them: only when asked for.
        let count = move || {
            counted.iter().fold(Count::Exact(0), |acc, &(n, m)| {
                let cells = (n * m) as u64;
                let here = if cells <= COUNTED_CELLS {
                    Count::Exact(lost_games(n, m, k))
                } else {
                    // Each move has at most 3 choices after the first's 4.
                    let boards = mul(cells as u128, pow(2, cells - 1));
                    Count::AtMost(mul(
                        boards,
                        (k.lo..=k.hi).fold(0, |acc, r| add(acc, mul(4, pow(3, 2 * r - 1)))),
                    ))
                };
                match (acc, here) {
                    (Count::Exact(a), Count::Exact(b)) => Count::Exact(add(a, b)),
                    (a, b) => Count::AtMost(add(a.bound(), b.bound())),
                }
            })
        };
        Ok(Space::counted_later(
            format!(
                "every bunny-egg board of {} by {} cells with every lost record of {} rounds",
                span(rows),
                span(cols),
                span(k)
            ),
            Symmetry::Labelled,
            "cells, then rounds",
            count,
            vec![Bound::new("n", rows), Bound::new("m", cols), Bound::new("k", k)],
            move || {
                let by_cells = sides.clone();
                Box::new(by_cells.into_iter().flat_map(move |(n, m)| {
                    (k.lo.max(1)..=k.hi).flat_map(move |rounds| {
                        let cells = n * m;
                        (0..cells).flat_map(move |empty| {
                            (0..1u64 << cells)
                                .filter(move |mask| mask >> empty & 1 == 0)
                                .flat_map(move |mask| {
                                    let board = Board {
                                        n,
                                        m,
                                        cells: (0..cells)
                                            .map(|c| match (c == empty, mask >> c & 1 == 1) {
                                                (true, _) => Cell::Empty,
                                                (false, true) => Cell::White,
                                                (false, false) => Cell::Black,
                                            })
                                            .collect(),
                                        moves: Vec::new(),
                                    };
                                    let games = records(&board, rounds as usize);
                                    games.into_iter().map(move |moves| Board { moves, ..board.clone() })
                                })
                        })
                    })
                }))
            },
        ))
    }
}

/// The walk laid out as one row, its cells in the order the empty cell
/// visits them with the pieces they held: each move still slides a piece
/// from the next cell of the row, and at the end the empty cell's only
/// neighbour holds the black piece that moved last, so the first player is
/// still stuck.
fn unrolled(b: &Board, walk: &[usize]) -> Board {
    Board {
        n: 1,
        m: walk.len(),
        cells: walk.iter().map(|&c| b.cells[c]).collect(),
        moves: (1..walk.len() as u32).collect(),
    }
}

/// `(cells, moves, white pieces)`: what shrinking lowers.
pub fn size_key(b: &Board) -> (usize, usize, usize) {
    (b.cells.len(), b.moves.len(), b.whites())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::testing::check_shrinks;
    use crate::Family;

    #[test]
    fn every_lost_record_once() {
        use crate::families::testing::{check_space, judge_round_trip};
        let p = params((1, 2), (1, 3), (1, 2), &ALL_BOARD_SHAPES);
        let space = p.exhaust().unwrap();
        assert!(space.count().is_exact());
        let size = |b: &Board| (b.n * b.m, b.moves.len());
        let key = |b: &Board| {
            (
                b.n,
                b.m,
                b.cells.iter().map(|c| c.letter()).collect::<String>(),
                b.moves.clone(),
            )
        };
        let all = check_space(&space, size, |b| p.validate(b), key);
        assert!(!all.is_empty());
        // The smallest lost game: O moves into the empty corner, X follows.
        assert!(all.iter().any(|b| b.n * b.m == 3 && b.moves.len() == 2));
        for b in all.iter().take(300) {
            assert_eq!(&judge_round_trip::<crate::judge::bunny_egg::Judge>(b), b);
        }
        let big = params((4, 5), (4, 5), (1, 8), &ALL_BOARD_SHAPES);
        assert!(!big.exhaust().unwrap().count().is_exact());
    }

    fn params(n: (u64, u64), m: (u64, u64), k: (u64, u64), shapes: &[BoardShape]) -> BoardParams {
        BoardParams {
            n: SizeRange::new(n.0, n.1),
            m: SizeRange::new(m.0, m.1),
            k: SizeRange::new(k.0, k.1),
            shapes: shapes.to_vec(),
            ..Default::default()
        }
    }

    #[test]
    fn generated_instances_and_their_shrinks_are_valid() {
        let mut checked = 0;
        for seed in 0..600u64 {
            let p = match seed % 3 {
                0 => BoardParams::default(),
                1 => params((1, 8), (1, 8), (1, 30), &ALL_BOARD_SHAPES),
                _ => params((1, 2), (1, 3), (1, 3), &ALL_BOARD_SHAPES),
            };
            p.check().unwrap();
            let b = p.generate(&mut Rng::for_case(seed, 4));
            p.validate(&b).unwrap_or_else(|e| panic!("seed {seed}: {e}: {b:?}"));
            assert!(b.moves.len() / 2 <= p.k.hi as usize);
            checked += check_shrinks(b, 3, 12, |b| p.shrink(b), |b| p.validate(b), size_key);
        }
        assert!(checked > 3_000, "{checked}");
    }

    #[test]
    fn generation_is_deterministic_per_seed() {
        let p = params((1, 10), (1, 10), (1, 40), &ALL_BOARD_SHAPES);
        for case in 0..50 {
            assert_eq!(
                p.generate(&mut Rng::for_case(7, case)),
                p.generate(&mut Rng::for_case(7, case))
            );
        }
    }

    #[test]
    fn the_snake_walks_the_whole_judge_board() {
        // 1600 cells: the walk can visit 1599 more, and a record has an even
        // number of moves, so 799 rounds are the most there can be.
        let p = params((40, 40), (40, 40), (1000, 1000), &[BoardShape::Snake]);
        let b = p.generate(&mut Rng::from_seed(1));
        p.validate(&b).unwrap();
        assert_eq!(b.moves.len(), 2 * 799);
    }

    #[test]
    fn shapes_hold() {
        let mut rng = Rng::from_seed(3);
        let strip = params((1, 10), (1, 10), (1, 5), &[BoardShape::Strip]);
        let corner = params((1, 10), (1, 10), (1, 5), &[BoardShape::Corner]);
        for _ in 0..100 {
            let b = strip.generate(&mut rng);
            assert!(b.n <= 2 || b.m <= 2, "{b:?}");
            let b = corner.generate(&mut rng);
            let e = b.empty().unwrap();
            assert!(e / b.m == 0 || e / b.m == b.n - 1, "{b:?}");
            assert!(e.is_multiple_of(b.m) || e % b.m == b.m - 1, "{b:?}");
        }
    }

    #[test]
    fn a_two_cell_board_falls_back_to_the_smallest_game() {
        // 1 x 2 boards have no lost game; 1 x 3 always has one.
        let p = params((1, 1), (2, 3), (1, 1), &[BoardShape::Random]);
        for seed in 0..50 {
            let b = p.generate(&mut Rng::from_seed(seed));
            p.validate(&b).unwrap();
            assert_eq!((b.n, b.m), (1, 3));
        }
    }

    #[test]
    fn shrinking_reaches_one_round_on_three_cells() {
        let p = params((1, 6), (1, 6), (1, 12), &ALL_BOARD_SHAPES);
        let mut rng = Rng::from_seed(9);
        for _ in 0..100 {
            let mut b = p.generate(&mut rng);
            while let Some(c) = p.shrink(&b).into_iter().next() {
                b = c;
            }
            assert_eq!((b.cells.len(), b.moves.len()), (3, 2), "{b:?}");
        }
    }

    #[test]
    fn records_that_are_no_lost_game_are_named() {
        use Cell::{Black as X, Empty as E, White as O};
        let board = |cells: Vec<Cell>, moves: Vec<u32>| Board {
            n: 1,
            m: 4,
            cells,
            moves,
        };
        // . O X X: white from 1, black from 2; the empty cell at 2 then has
        // black on both sides.
        assert_eq!(board(vec![E, O, X, X], vec![1, 2]).play().map(|_| ()), Ok(()));
        assert_eq!(
            board(vec![E, O, X, X], vec![2, 1]).play(),
            Err(RecordError::NotAdjacent(0))
        );
        assert_eq!(
            board(vec![E, X, O, X], vec![1, 2]).play(),
            Err(RecordError::WrongColour(0))
        );
        assert_eq!(
            board(vec![E, O, O, X], vec![1, 2]).play(),
            Err(RecordError::WrongColour(1))
        );
        // . O X O: the white piece at 3 is next to the empty cell at the end.
        assert_eq!(board(vec![E, O, X, O], vec![1, 2]).play(), Err(RecordError::NotLost));
    }

    #[test]
    fn check_names_the_key() {
        let bad = [
            (params((0, 3), (1, 3), (1, 1), &ALL_BOARD_SHAPES), "`n`"),
            (params((1, 41), (1, 3), (1, 1), &ALL_BOARD_SHAPES), "`n`"),
            (params((1, 3), (1, 3), (1, 1001), &ALL_BOARD_SHAPES), "`k`"),
            (params((1, 1), (1, 2), (1, 1), &ALL_BOARD_SHAPES), "3 cells"),
            (params((1, 3), (1, 3), (1, 1), &[]), "`shapes`"),
        ];
        for (p, key) in bad {
            assert!(p.check().unwrap_err().contains(key), "{key}");
        }
        let p = BoardParams {
            white: 1.5,
            ..Default::default()
        };
        assert!(p.check().unwrap_err().contains("`white`"));
    }
}
