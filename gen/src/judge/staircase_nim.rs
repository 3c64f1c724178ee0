//! `staircase-nim`: `n`, then `a_1 .. a_n`, the stones on steps `1..n`;
//! answer: `First` if the first player wins, else `Second`.
//!
//! A move takes any positive number of stones from one step `i` down to step
//! `i - 1`; stones moved to step 0 are out of play. No judge sets limits for
//! this problem; these are judge-like: `1 <= n <= 100 000`,
//! `0 <= a_i <= 10^9`.

use super::nim::read_piles;
use super::{push_line, push_values, Format, Framing, Identity, Resources, Winner};
use super::{Doc, Documented};
use crate::piles::{PileGame, Piles, Staircase};
use crate::text::{ParseError, Tokens};

pub const MAX_N: usize = Staircase::MAX_PILES as usize;
pub const MAX_A: u64 = Staircase::MAX_VALUE;

const WINNER: Winner = Winner {
    field: "winner",
    first: "First",
    second: "Second",
};

pub struct Judge;

impl Format for Judge {
    type Case = Piles;
    type Answer = bool;
    const ID: Identity = Identity {
        name: "staircase-nim",
        aliases: &[],
        about: "staircase Nim: move stones from a step to the one below; First or Second wins",
        limits: &[("n", MAX_N as u64), ("a", MAX_A)],
        submitted: true,
        judge: Resources {
            time_ms: 1000,
            memory_mib: 256,
            stack: super::Stack::Unknown,
        },
        guarantee: "",
    };
    const FRAMING: Framing = Framing::Single;

    fn read_case(t: &mut Tokens) -> Result<Piles, ParseError> {
        let n = t.usize("n", 1, MAX_N)?;
        Ok(Piles {
            piles: read_piles(t, n, MAX_A, "step")?,
            k: 1,
        })
    }

    fn write_case(p: &Piles, out: &mut String) {
        push_line(out, format_args!("{}", p.piles.len()));
        push_values(out, &p.piles);
    }

    fn read_answer(_: &Piles, t: &mut Tokens) -> Result<bool, ParseError> {
        WINNER.read(t)
    }

    fn write_answer(first_wins: &bool, out: &mut String) {
        WINNER.write(*first_wins, out);
    }
}

impl Documented for Judge {
    const DOC: Doc = Doc {
        rules:
            "Staircase Nim: stones on steps 1..n. A move takes any positive number of stones from one step i down to \
            step i-1; stones moved to step 0 are out of play. A player who cannot move loses.",
        input:
            "Line 1: `n` (1 <= n <= 100 000).\nLine 2: `a_1 .. a_n`, the stones on steps 1..n (0 <= a_i <= 10^9). No \
            judge sets limits; these are judge-like.",
        output: "`First` if the first player wins, else `Second`.",
        sample_input: "3\n1 2 1\n",
        sample_output: "Second\n",
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_back() {
        let text = "3\n1 0 5\n";
        let cases = Judge::read_input(text).unwrap();
        assert_eq!(cases[0].piles, vec![1, 0, 5]);
        assert_eq!(Judge::write_input(&cases), text);
        assert_eq!(Judge::read_output(&cases, "Second\n").unwrap(), vec![false]);
    }

    #[test]
    fn limits_are_errors_naming_line_and_field() {
        let e = Judge::read_input("2\n1\n1000000001\n").unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (3, "step 2: a"), "{e}");
        let e = Judge::read_input("2\n1 -3\n").unwrap_err();
        assert!(e.message.contains("out of range 0..=1000000000"), "{e}");
        let e = Judge::read_input("0\n").unwrap_err();
        assert_eq!(e.field, "n", "{e}");
        let e = Judge::read_input("100001\n").unwrap_err();
        assert_eq!(e.field, "n", "{e}");
        let e = Judge::read_input("1\n1\n2\n").unwrap_err();
        assert_eq!(e.field, "trailing", "{e}");
    }
}
