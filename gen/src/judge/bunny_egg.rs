//! `bunny-egg` (noi2011, luogu-p1971): `n m`, `n` rows of `m` characters
//! (`O` white, `X` black, `.` the one empty cell), `k`, then `2k` lines `x y`,
//! the cell whose piece moves into the empty cell, the first player first.
//! The record is a game she lost: every move legal, and after the last one
//! she has no move. Answer: `r`, then the `r` rounds where she made a
//! mistake (she could win before her move, the opponent can after it),
//! increasing, one per line.
//!
//! Limits (the judge's): `1 <= n, m <= 40`, `1 <= k <= 1000`.

use super::{push_line, within, Format, Framing, Identity, Resources};
use super::{Doc, Documented};
use crate::board::{Board, Cell, RecordError, MAX_K, MAX_SIDE};
use crate::text::{ParseError, Tokens};

pub struct Judge;

/// Reads one row of `m` cells.
fn read_row(t: &mut Tokens, m: usize, row: usize, cells: &mut Vec<Cell>) -> Result<(), ParseError> {
    let field = || format!("row {row}");
    let w = t.word(&field())?;
    if w.len() != m {
        return Err(t.error(field(), format!("has {} characters, not m = {m}", w.chars().count())));
    }
    for (i, b) in w.bytes().enumerate() {
        cells.push(match b {
            b'O' => Cell::White,
            b'X' => Cell::Black,
            b'.' => Cell::Empty,
            _ => {
                let c = w[i..].chars().next().expect("a character starts here");
                return Err(t.error(
                    field(),
                    format!("column {}: `{}` is none of O, X, .", i + 1, c.escape_default()),
                ));
            }
        });
    }
    Ok(())
}

impl Format for Judge {
    type Case = Board;
    type Answer = Vec<u32>;
    // The judge is Luogu P1971 (NOI 2011 day 2): 1 s, 125 MiB.
    const ID: Identity = Identity {
        name: "bunny-egg",
        aliases: &["noi2011", "luogu-p1971"],
        about: "white and black pieces slide into the empty cell: the first player's mistakes in a lost game",
        limits: &[("n", MAX_SIDE as u64), ("m", MAX_SIDE as u64), ("k", MAX_K as u64)],
        submitted: true,
        judge: Resources {
            time_ms: 1000,
            memory_mib: 125,
            stack: super::Stack::Unknown,
        },
        guarantee: "",
    };
    const FRAMING: Framing = Framing::Single;

    fn read_case(t: &mut Tokens) -> Result<Board, ParseError> {
        let n = t.usize("n", 1, MAX_SIDE)?;
        let m = t.usize("m", 1, MAX_SIDE)?;
        let mut cells = Vec::with_capacity(n * m);
        let mut empty_row = None;
        for row in 1..=n {
            let before = cells.len();
            read_row(t, m, row, &mut cells)?;
            let here = cells[before..].iter().filter(|&&c| c == Cell::Empty).count();
            match (here, empty_row) {
                (0, _) => {}
                (1, None) => empty_row = Some(row),
                (1, Some(first)) => {
                    return Err(t.error(
                        format!("row {row}"),
                        format!("a second empty cell (row {first} has one); the board has exactly one"),
                    ))
                }
                _ => return Err(t.error(format!("row {row}"), "two empty cells; the board has exactly one")),
            }
        }
        if empty_row.is_none() {
            return Err(t.error(format!("row {n}"), "no empty cell `.` on the board"));
        }
        let k = t.usize("k", 1, MAX_K)?;
        let first_move = t.clone();
        let mut moves = Vec::with_capacity((2 * k).min(t.max_tokens_left() / 2));
        for i in 1..=2 * k {
            let x = t.usize("x", 1, n).map_err(within("move", i))?;
            let y = t.usize("y", 1, m).map_err(within("move", i))?;
            moves.push(((x - 1) * m + y - 1) as u32);
        }
        let board = Board { n, m, cells, moves };
        board.play().map_err(|e| {
            let (i, line) = match e {
                RecordError::NotAdjacent(i) | RecordError::WrongColour(i) => (i + 1, first_move.line_ahead(2 * i)),
                RecordError::NotLost => (2 * k, t.line()),
            };
            ParseError {
                line,
                field: format!("move {i}"),
                message: e.to_string(),
            }
        })?;
        Ok(board)
    }

    fn write_case(b: &Board, out: &mut String) {
        push_line(out, format_args!("{} {}", b.n, b.m));
        for row in b.cells.chunks(b.m) {
            let line: String = row.iter().map(|c| c.letter()).collect();
            push_line(out, format_args!("{line}"));
        }
        push_line(out, format_args!("{}", b.moves.len() / 2));
        for &c in &b.moves {
            let c = c as usize;
            push_line(out, format_args!("{} {}", c / b.m + 1, c % b.m + 1));
        }
    }

    fn read_answer(b: &Board, t: &mut Tokens) -> Result<Vec<u32>, ParseError> {
        let k = b.moves.len() / 2;
        let r = t.usize("r", 0, k)?;
        let mut rounds = Vec::with_capacity(r);
        for i in 1..=r {
            let lo = rounds.last().map_or(1, |&last: &u32| last as usize + 1);
            let round = t.usize("round", 1, k).map_err(within("mistake", i))?;
            if round < lo {
                return Err(t.error(
                    format!("mistake {i}: round"),
                    format!("{round} is not above the round before it: rounds go in increasing order"),
                ));
            }
            rounds.push(round as u32);
        }
        Ok(rounds)
    }

    fn write_answer(rounds: &Vec<u32>, out: &mut String) {
        push_line(out, format_args!("{}", rounds.len()));
        for r in rounds {
            push_line(out, format_args!("{r}"));
        }
    }
}

impl Documented for Judge {
    const DOC: Doc = Doc {
        rules: "An n x m board has one empty cell `.`; every other cell holds a white piece `O` or a black piece `X`. \
            The first player moves a white piece next to the empty cell (sharing a side) into it, the second a black \
            piece; a player who cannot move loses. Given a recorded game that the first player lost, list her \
            mistakes: her moves before which she could force a win and after which the opponent can.",
        input: "Line 1: `n m` (1 <= n, m <= 40).\nNext n lines: the board, each a row of m characters from `O`, `X`, \
            `.`, with exactly one `.` on the board.\nThen `k` (1 <= k <= 1000), the number of rounds.\nThen 2k lines \
            `x y` (1 <= x <= n, 1 <= y <= m): the cell whose piece moves into the empty cell, the first player's \
            move first in every round. Every move is legal, and after the last one the first player has no move.",
        output: "Line 1: r, the number of mistakes.\nThen r lines: the rounds (1..k) of her mistakes, increasing.",
        sample_input: "1 6\nXO.OXO\n1\n1 2\n1 1\n",
        sample_output: "1\n1\n",
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLES: [(&str, &str); 3] = [
        ("1 6\nXO.OXO\n1\n1 2\n1 1\n", "1\n1\n"),
        ("3 3\nXOX\nO.O\nXOX\n4\n2 3\n1 3\n1 2\n1 1\n2 1\n3 1\n3 2\n3 3\n", "0\n"),
        ("4 4\nOOXX\nOXXO\nOO.O\nXXXO\n2\n3 2\n2 2\n1 2\n1 3\n", "2\n1\n2\n"),
    ];

    fn error(text: &str) -> ParseError {
        Judge::read_input(text).unwrap_err()
    }

    #[test]
    fn the_samples_read_and_write_back() {
        for (input, output) in SAMPLES {
            let cases = Judge::read_input(input).unwrap();
            assert_eq!(Judge::write_input(&cases), input);
            let answers = Judge::read_output(&cases, output).unwrap();
            assert_eq!(Judge::write_output(&answers), output);
        }
        let b = &Judge::read_input(SAMPLES[0].0).unwrap()[0];
        assert_eq!((b.n, b.m, b.moves.clone()), (1, 6, vec![1, 0]));
    }

    #[test]
    fn bad_boards_are_named() {
        let e = error("1 3\nO.X.\n1\n");
        assert_eq!((e.line, e.field.as_str()), (2, "row 1"), "{e}");
        assert!(e.message.contains("not m = 3"), "{e}");
        let e = error("2 3\nOOX\nXXO\n1\n1 1\n1 2\n");
        assert_eq!((e.line, e.field.as_str()), (3, "row 2"), "{e}");
        assert!(e.message.contains("no empty cell"), "{e}");
        let e = error("2 3\nO.X\nX.O\n1\n");
        assert_eq!((e.line, e.field.as_str()), (3, "row 2"), "{e}");
        assert!(e.message.contains("second empty cell"), "{e}");
        let e = error("1 3\n..X\n1\n");
        assert!(e.message.contains("two empty cells"), "{e}");
        let e = error("1 3\nO.x\n1\n");
        assert_eq!(e.field, "row 1", "{e}");
        assert!(e.message.contains("column 3: `x`"), "{e}");
        let e = error("41 1\n");
        assert_eq!(e.field, "n", "{e}");
        let e = error("1 3\n.OX\n1001\n");
        assert_eq!(e.field, "k", "{e}");
    }

    #[test]
    fn bad_records_are_named_at_their_line() {
        // Move 1 not next to the empty cell (1, 1).
        let e = error("1 4\n.OXX\n1\n1 3\n1 2\n");
        assert_eq!((e.line, e.field.as_str()), (4, "move 1"), "{e}");
        assert!(e.message.contains("not next to the empty cell"), "{e}");
        // Move 2 moves white, which is the first player's colour.
        let e = error("1 4\n.OOX\n1\n1 2\n1 3\n");
        assert_eq!((e.line, e.field.as_str()), (5, "move 2"), "{e}");
        assert!(e.message.contains("not move a piece of the player to move"), "{e}");
        // She can still move at the end: the white piece at (1, 4).
        let e = error("1 4\n.OXO\n1\n1 2\n1 3\n");
        assert_eq!((e.line, e.field.as_str()), (5, "move 2"), "{e}");
        assert!(e.message.contains("can still move"), "{e}");
        let e = error("1 4\n.OXX\n1\n1 2\n2 3\n");
        assert_eq!((e.line, e.field.as_str()), (5, "move 2: x"), "{e}");
        let e = error("1 4\n.OXX\n1\n1 2\n");
        assert_eq!(e.field, "move 2: x", "{e}");
    }

    #[test]
    fn bad_answers_are_named() {
        let cases = Judge::read_input(SAMPLES[2].0).unwrap();
        let e = Judge::read_output(&cases, "3\n1\n2\n2\n").unwrap_err();
        assert_eq!(e.field, "r", "{e}");
        let e = Judge::read_output(&cases, "2\n2\n1\n").unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (3, "mistake 2: round"), "{e}");
        let e = Judge::read_output(&cases, "1\n3\n").unwrap_err();
        assert_eq!(e.field, "mistake 1: round", "{e}");
    }
}
