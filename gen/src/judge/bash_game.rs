//! `bash-game`: `n k`, one pile of `n` stones from which a move takes 1 to
//! `k`; answer: the pile's Sprague-Grundy value.
//!
//! No judge sets limits for this problem; these are judge-like and fit
//! signed 64-bit arithmetic with room for `k + 1`: `0 <= n <= 10^18`,
//! `1 <= k <= 10^18`.

use super::{push_line, Format, Framing, Identity, Resources};
use super::{Doc, Documented};
use crate::piles::Bash;
use crate::text::{ParseError, Tokens};

pub const MAX_N: u64 = Bash::MAX_N;
pub const MAX_K: u64 = Bash::MAX_K;

pub struct Judge;

impl Format for Judge {
    type Case = Bash;
    type Answer = u64;
    const ID: Identity = Identity {
        name: "bash-game",
        aliases: &[],
        about: "Bash's game: one pile, take 1 to k; its Sprague-Grundy value",
        limits: &[("n", MAX_N), ("k", MAX_K)],
        submitted: true,
        judge: Resources {
            time_ms: 1000,
            memory_mib: 256,
            stack: super::Stack::Unknown,
        },
        guarantee: "",
    };
    const FRAMING: Framing = Framing::Single;

    fn read_case(t: &mut Tokens) -> Result<Bash, ParseError> {
        let n = t.int("n", 0, MAX_N as i64)? as u64;
        let k = t.int("k", 1, MAX_K as i64)? as u64;
        Ok(Bash { n, k })
    }

    fn write_case(b: &Bash, out: &mut String) {
        push_line(out, format_args!("{} {}", b.n, b.k));
    }

    fn read_answer(_: &Bash, t: &mut Tokens) -> Result<u64, ParseError> {
        Ok(t.int("SG value", 0, i64::MAX)? as u64)
    }

    fn write_answer(value: &u64, out: &mut String) {
        push_line(out, format_args!("{value}"));
    }
}

impl Documented for Judge {
    const DOC: Doc = Doc {
        rules: "One pile of n stones. A move takes 1 to k stones from it; a player who cannot move loses. Print the \
            pile's Sprague-Grundy value.",
        input:
            "One line `n k`: the pile and the most a move may take.\n0 <= n <= 10^18, 1 <= k <= 10^18 (no judge sets \
            limits; these are judge-like).",
        output: "One integer: the Sprague-Grundy value of the pile.",
        sample_input: "7 3\n",
        sample_output: "3\n",
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_back() {
        let cases = Judge::read_input("7 3\n").unwrap();
        assert_eq!(cases, vec![Bash { n: 7, k: 3 }]);
        assert_eq!(Judge::write_input(&cases), "7 3\n");
        assert_eq!(Judge::read_output(&cases, "3\n").unwrap(), vec![3]);
        let top = format!("{MAX_N} {MAX_K}\n");
        assert_eq!(Judge::write_input(&Judge::read_input(&top).unwrap()), top);
    }

    #[test]
    fn limits_are_errors_naming_line_and_field() {
        let e = Judge::read_input("5 0\n").unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (1, "k"), "{e}");
        let e = Judge::read_input("-1 3\n").unwrap_err();
        assert_eq!(e.field, "n", "{e}");
        let e = Judge::read_input("1000000000000000001 3\n").unwrap_err();
        assert!(e.message.contains("out of range 0..=1000000000000000000"), "{e}");
        let e = Judge::read_input("5 3 1\n").unwrap_err();
        assert_eq!(e.field, "trailing", "{e}");
        let e = Judge::read_output(&[Bash { n: 5, k: 3 }], "-1\n").unwrap_err();
        assert_eq!(e.field, "SG value", "{e}");
    }
}
