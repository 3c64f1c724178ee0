//! `choosing-carrot` (cf794e): `n`, then `a_1 .. a_n`; answer: one line of
//! `n` values, the carrot left for each `k = 0 .. n - 1` extra moves.
//!
//! Limits (the judge's): `1 <= n <= 300 000`, `1 <= a_i <= 10^9`.

use super::{push_line, push_values, within, Format, Framing, Identity, Resources};
use super::{Doc, Documented};
use crate::row::{Carrots, MAX_N, MAX_VALUE};
use crate::text::{ParseError, Tokens};

/// Reads `n` values in `1..=MAX_VALUE`, each named `{what} i: {field}`.
fn read_values(t: &mut Tokens, n: usize, what: &'static str, field: &str) -> Result<Vec<u32>, ParseError> {
    let mut a = Vec::with_capacity(n.min(t.max_tokens_left()));
    for i in 1..=n {
        a.push(t.int(field, 1, MAX_VALUE as i64).map_err(within(what, i))? as u32);
    }
    Ok(a)
}

pub struct Judge;

impl Format for Judge {
    type Case = Carrots;
    /// Per `k = 0 .. n - 1`: the juiciness of the carrot left.
    type Answer = Vec<u32>;
    const ID: Identity = Identity {
        name: "choosing-carrot",
        aliases: &["cf794e"],
        about: "remove ends of a row, max against min, after k extra moves of max: the last value, every k",
        limits: &[("n", MAX_N as u64), ("a", MAX_VALUE as u64)],
        submitted: true,
        // Codeforces 794E.
        judge: Resources {
            time_ms: 1000,
            memory_mib: 256,
            stack: super::Stack::WholeMemory,
        },
        guarantee: "",
    };
    const FRAMING: Framing = Framing::Single;

    fn read_case(t: &mut Tokens) -> Result<Carrots, ParseError> {
        let n = t.usize("n", 1, MAX_N)?;
        Ok(Carrots {
            a: read_values(t, n, "carrot", "a")?,
        })
    }

    fn write_case(c: &Carrots, out: &mut String) {
        push_line(out, format_args!("{}", c.a.len()));
        push_values(out, &c.a);
    }

    fn read_answer(c: &Carrots, t: &mut Tokens) -> Result<Vec<u32>, ParseError> {
        read_values(t, c.a.len(), "answer", "k")
    }

    fn write_answer(a: &Vec<u32>, out: &mut String) {
        push_values(out, a);
    }
}

impl Documented for Judge {
    const DOC: Doc = Doc {
        rules: "A row of n carrots with juiciness a_1..a_n. Oleg and Igor alternately eat a carrot from either end of \
            the row, Oleg first, until one is left: Oleg wants it as juicy as possible, Igor as little. Before the \
            game Oleg makes k extra moves alone; answer for every k = 0 .. n-1.",
        input: "Line 1: `n` (1 <= n <= 300 000).\nLine 2: `a_1 .. a_n` (1 <= a_i <= 10^9).",
        output: "One line of n values separated by spaces: the juiciness of the carrot left for k = 0, 1, .., n-1.",
        sample_input: "4\n1 2 3 5\n",
        sample_output: "3 3 5 5\n",
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_samples_read_and_write_back() {
        let text = "4\n1 2 3 5\n";
        let cases = Judge::read_input(text).unwrap();
        assert_eq!(cases[0].a, vec![1, 2, 3, 5]);
        assert_eq!(Judge::write_input(&cases), text);
        assert_eq!(Judge::read_output(&cases, "3 3 5 5\n").unwrap(), vec![vec![3, 3, 5, 5]]);
        assert_eq!(Judge::write_output(&[vec![3, 3, 5, 5]]), "3 3 5 5\n");
    }

    #[test]
    fn limits_are_errors_naming_line_and_field() {
        let err = |text: &str| Judge::read_input(text).unwrap_err();
        let e = err("0\n");
        assert_eq!((e.line, e.field.as_str()), (1, "n"), "{e}");
        let e = err("300001\n");
        assert!(e.message.contains("out of range 1..=300000"), "{e}");
        let e = err("3\n1 2 1000000001\n");
        assert_eq!((e.line, e.field.as_str()), (2, "carrot 3: a"), "{e}");
        let e = err("2\n0 1\n");
        assert_eq!(e.field, "carrot 1: a", "{e}");
        let e = err("3\n1 2\n");
        assert_eq!(e.field, "carrot 3: a", "{e}");
        assert!(e.message.contains("input ended"), "{e}");
        let e = err("1\n1 2\n");
        assert_eq!(e.field, "trailing", "{e}");
    }

    #[test]
    fn an_answer_has_one_value_per_k() {
        let cases = Judge::read_input("3\n1 2 3\n").unwrap();
        let e = Judge::read_output(&cases, "2 3\n").unwrap_err();
        assert_eq!(e.field, "answer 3: k", "{e}");
        let e = Judge::read_output(&cases, "2 3 0\n").unwrap_err();
        assert!(e.message.contains("out of range 1..=1000000000"), "{e}");
        assert!(Judge::read_output(&cases, "2 3 3 3\n").is_err());
    }
}
