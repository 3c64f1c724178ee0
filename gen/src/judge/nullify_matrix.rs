//! `nullify-matrix` (cf1451f): `t`, then per case `n m` and `n` rows of `m`
//! values; answer per case: `Ashish` if the first player wins, else `Jeel`.
//!
//! Limits (the judge's): `1 <= t <= 10`, `1 <= n, m <= 100`,
//! `0 <= a <= 10^6`.

use super::{push_line, push_values, within, Format, Framing, Identity, Resources, Winner};
use super::{Doc, Documented};
use crate::matrix::{Matrix, MAX_SIDE, MAX_T, MAX_VALUE};
use crate::text::{ParseError, Tokens};

const WINNER: Winner = Winner {
    field: "winner",
    first: "Ashish",
    second: "Jeel",
};

pub struct Judge;

impl Format for Judge {
    type Case = Matrix;
    type Answer = bool;
    // The judge is Codeforces 1451F (Round 685, Div. 2): 1 s, 256 MiB.
    const ID: Identity = Identity {
        name: "nullify-matrix",
        aliases: &["cf1451f"],
        about: "lower a cell, rewrite a monotone path after it: Ashish if the first player wins",
        limits: &[
            ("t", MAX_T as u64),
            ("n", MAX_SIDE as u64),
            ("m", MAX_SIDE as u64),
            ("a", MAX_VALUE as u64),
        ],
        submitted: true,
        judge: Resources {
            time_ms: 1000,
            memory_mib: 256,
            stack: super::Stack::WholeMemory,
        },
        guarantee: "",
    };
    const FRAMING: Framing = Framing::Counted { max: MAX_T };

    fn read_case(t: &mut Tokens) -> Result<Matrix, ParseError> {
        let n = t.usize("n", 1, MAX_SIDE)?;
        let m = t.usize("m", 1, MAX_SIDE)?;
        let mut a = Vec::with_capacity((n * m).min(t.max_tokens_left()));
        for r in 1..=n {
            for _ in 0..m {
                a.push(t.int("a", 0, MAX_VALUE as i64).map_err(within("row", r))? as u32);
            }
        }
        Ok(Matrix { n, m, a })
    }

    fn write_case(x: &Matrix, out: &mut String) {
        push_line(out, format_args!("{} {}", x.n, x.m));
        for row in x.a.chunks(x.m) {
            push_values(out, row);
        }
    }

    fn read_answer(_: &Matrix, t: &mut Tokens) -> Result<bool, ParseError> {
        WINNER.read(t)
    }

    fn write_answer(first_wins: &bool, out: &mut String) {
        WINNER.write(*first_wins, out);
    }
}

impl Documented for Judge {
    const DOC: Doc = Doc {
        rules: "An n x m matrix of values >= 0. A move picks a non-zero start cell and an end cell at or to its lower \
            right, strictly decreases the start, then changes the cells of one monotone right/down path from start \
            to end (the start excluded) to any values >= 0. When every cell is 0 the player to move loses; Ashish \
            moves first.",
        input:
            "Line 1: `t`, the number of test cases (1 <= t <= 10). Each case:\n`n m` (1 <= n, m <= 100), then n lines \
            of m values (0 <= a <= 10^6).",
        output: "One line per test case: `Ashish` if the first player wins, else `Jeel`.",
        sample_input: "3\n1 1\n0\n1 3\n0 0 5\n2 2\n0 1\n1 0\n",
        sample_output: "Jeel\nAshish\nJeel\n",
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "4\n1 1\n0\n1 3\n0 0 5\n2 2\n0 1\n1 0\n3 3\n1 2 3\n4 5 6\n7 8 9\n";

    #[test]
    fn the_sample_reads_and_writes_back() {
        let cases = Judge::read_input(SAMPLE).unwrap();
        assert_eq!(
            cases[1],
            Matrix {
                n: 1,
                m: 3,
                a: vec![0, 0, 5]
            }
        );
        assert_eq!(Judge::write_input(&cases), SAMPLE);
        let answers = Judge::read_output(&cases, "Jeel\nAshish\nJeel\nAshish\n").unwrap();
        assert_eq!(answers, [false, true, false, true]);
    }

    #[test]
    fn limits_are_errors_naming_line_and_field() {
        let e = Judge::read_input("1\n2 2\n0 1\n1 1000001\n").unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (4, "case 1: row 2: a"), "{e}");
        assert!(e.message.contains("out of range 0..=1000000"), "{e}");
        let e = Judge::read_input("1\n1 101\n").unwrap_err();
        assert_eq!(e.field, "case 1: m", "{e}");
        let e = Judge::read_input("11\n").unwrap_err();
        assert_eq!(e.field, "T", "{e}");
        let e = Judge::read_input("1\n2 2\n0 1\n1\n").unwrap_err();
        assert_eq!(e.field, "case 1: row 2: a", "{e}");
        let e = Judge::read_output(&Judge::read_input("1\n1 1\n0\n").unwrap(), "Bob\n").unwrap_err();
        assert!(e.message.contains("Ashish / Jeel"), "{e}");
    }
}
