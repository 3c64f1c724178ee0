//! `moore-nim`: `n k`, then the `n` pile sizes; answer: `First` if the first
//! player wins, else `Second`.
//!
//! A move takes stones from at least one and at most `k` piles (any number
//! from each, at least one stone in all). No judge sets limits for this
//! problem; these are judge-like: `1 <= n <= 100 000`, `1 <= k <= 100 000`,
//! `0 <= a_i <= 10^9`.

use super::nim::read_piles;
use super::{push_line, push_values, Format, Framing, Identity, Resources, Winner};
use super::{Doc, Documented};
use crate::piles::{Moore, PileGame, Piles};
use crate::text::{ParseError, Tokens};

pub const MAX_N: usize = Moore::MAX_PILES as usize;
pub const MAX_K: u64 = Moore::MAX_K;
pub const MAX_A: u64 = Moore::MAX_VALUE;

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
        name: "moore-nim",
        aliases: &[],
        about: "Moore's Nim: take from up to k piles at once; First or Second wins",
        limits: &[("n", MAX_N as u64), ("k", MAX_K), ("a", MAX_A)],
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
        let k = t.int("k", 1, MAX_K as i64)? as u64;
        Ok(Piles {
            piles: read_piles(t, n, MAX_A, "pile")?,
            k,
        })
    }

    fn write_case(p: &Piles, out: &mut String) {
        push_line(out, format_args!("{} {}", p.piles.len(), p.k));
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
        rules: "Moore's Nim: n piles of stones. A move takes stones from at least one and at most k piles (any number \
            from each, at least one stone in all); a player who cannot move loses.",
        input: "Line 1: `n k` (1 <= n <= 100 000, 1 <= k <= 100 000).\nLine 2: `a_1 .. a_n`, the piles (0 <= a_i <= \
            10^9). No judge sets limits; these are judge-like.",
        output: "`First` if the first player wins, else `Second`.",
        sample_input: "2 2\n1 1\n",
        sample_output: "First\n",
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_back() {
        let text = "3 2\n1 1 1\n";
        let cases = Judge::read_input(text).unwrap();
        assert_eq!(
            cases,
            vec![Piles {
                piles: vec![1, 1, 1],
                k: 2
            }]
        );
        assert_eq!(Judge::write_input(&cases), text);
        assert_eq!(Judge::read_output(&cases, "First\n").unwrap(), vec![true]);
    }

    #[test]
    fn limits_are_errors_naming_line_and_field() {
        let e = Judge::read_input("2 0\n1 1\n").unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (1, "k"), "{e}");
        assert!(e.message.contains("out of range 1..=100000"), "{e}");
        let e = Judge::read_input("1 1\n1000000001\n").unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (2, "pile 1: a"), "{e}");
        let e = Judge::read_input("2 1\n4\n").unwrap_err();
        assert_eq!(e.field, "pile 2: a", "{e}");
        assert!(e.message.contains("input ended"), "{e}");
        let e = Judge::read_input("100001 1\n").unwrap_err();
        assert_eq!(e.field, "n", "{e}");
    }
}
