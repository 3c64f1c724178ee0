//! `candy-piles` (agc002e): `N`, then `a_1 .. a_N`; answer: `First` if the
//! first player wins, else `Second`.
//!
//! Limits (the judge's): `1 <= N <= 100 000`, `1 <= a_i <= 10^9`.

use super::{push_line, push_values, within, Format, Framing, Identity, Resources, Winner};
use super::{Doc, Documented};
use crate::candy::{CandyPiles, MAX_N, MAX_VALUE};
use crate::text::{ParseError, Tokens};

const WINNER: Winner = Winner {
    field: "answer",
    first: "First",
    second: "Second",
};

pub struct Judge;

impl Format for Judge {
    type Case = CandyPiles;
    type Answer = bool;
    const ID: Identity = Identity {
        name: "candy-piles",
        aliases: &["agc002e"],
        about: "eat a largest pile or one candy from each, who eats the last loses: First or Second",
        limits: &[("N", MAX_N as u64), ("a", MAX_VALUE as u64)],
        submitted: true,
        // AtCoder Grand Contest 002, problem E.
        judge: Resources {
            time_ms: 2000,
            memory_mib: 256,
            stack: super::Stack::Unknown,
        },
        guarantee: "",
    };
    const FRAMING: Framing = Framing::Single;

    fn read_case(t: &mut Tokens) -> Result<CandyPiles, ParseError> {
        let n = t.usize("N", 1, MAX_N)?;
        let mut a = Vec::with_capacity(n.min(t.max_tokens_left()));
        for i in 1..=n {
            a.push(t.int("a", 1, MAX_VALUE as i64).map_err(within("pile", i))? as u32);
        }
        Ok(CandyPiles { a })
    }

    fn write_case(c: &CandyPiles, out: &mut String) {
        push_line(out, format_args!("{}", c.a.len()));
        push_values(out, &c.a);
    }

    fn read_answer(_: &CandyPiles, t: &mut Tokens) -> Result<bool, ParseError> {
        WINNER.read(t)
    }

    fn write_answer(first_wins: &bool, out: &mut String) {
        WINNER.write(*first_wins, out);
    }
}

impl Documented for Judge {
    const DOC: Doc = Doc {
        rules: "N piles of candies. A move either eats every candy of one largest pile, or eats one candy from every \
            non-empty pile. Whoever eats the last candy loses.",
        input: "Line 1: `N` (1 <= N <= 100 000).\nLine 2: `a_1 .. a_N`, the piles (1 <= a_i <= 10^9).",
        output: "`First` if the first player wins, else `Second`.",
        sample_input: "3\n1 2 3\n",
        sample_output: "Second\n",
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_samples_read_and_write_back() {
        let text = "3\n1 2 3\n";
        let cases = Judge::read_input(text).unwrap();
        assert_eq!(cases[0].a, vec![1, 2, 3]);
        assert_eq!(Judge::write_input(&cases), text);
        assert_eq!(Judge::read_output(&cases, "Second\n").unwrap(), vec![false]);
        assert_eq!(Judge::write_output(&[true]), "First\n");
    }

    #[test]
    fn limits_are_errors_naming_line_and_field() {
        let err = |text: &str| Judge::read_input(text).unwrap_err();
        let e = err("0\n");
        assert_eq!((e.line, e.field.as_str()), (1, "N"), "{e}");
        let e = err("100001\n");
        assert!(e.message.contains("out of range 1..=100000"), "{e}");
        let e = err("2\n1 1000000001\n");
        assert_eq!((e.line, e.field.as_str()), (2, "pile 2: a"), "{e}");
        let e = err("2\n0 1\n");
        assert_eq!(e.field, "pile 1: a", "{e}");
        let e = err("3\n1 2\n");
        assert_eq!(e.field, "pile 3: a", "{e}");
        let e = Judge::read_output(&Judge::read_input("1\n1\n").unwrap(), "first\n").unwrap_err();
        assert!(e.message.contains("First / Second"), "{e}");
    }
}
