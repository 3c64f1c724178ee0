//! `wythoff` (luogu-p2252): one line `a b`, the two piles
//! (`0 <= a, b <= 10^9`); answer: `1` if the player to move wins, else `0`.

use super::{push_line, Format, Framing, Identity, Resources, Winner};
use super::{Doc, Documented};
use crate::text::{ParseError, Tokens};
use crate::wythoff::{Piles, MAX_PILE};

const WINNER: Winner = Winner {
    field: "answer",
    first: "1",
    second: "0",
};

pub struct Judge;

impl Format for Judge {
    type Case = Piles;
    type Answer = bool;
    const ID: Identity = Identity {
        name: "wythoff",
        aliases: &["luogu-p2252"],
        about: "Wythoff's game on two piles: 1 if the player to move wins, else 0",
        limits: &[("a", MAX_PILE), ("b", MAX_PILE)],
        submitted: true,
        judge: Resources {
            time_ms: 1000,
            memory_mib: 125,
            stack: super::Stack::Unknown,
        },
        guarantee: "",
    };
    const FRAMING: Framing = Framing::Single;

    fn read_case(t: &mut Tokens) -> Result<Piles, ParseError> {
        let a = t.int("a", 0, MAX_PILE as i64)? as u64;
        let b = t.int("b", 0, MAX_PILE as i64)? as u64;
        Ok(Piles { a, b })
    }

    fn write_case(p: &Piles, out: &mut String) {
        push_line(out, format_args!("{} {}", p.a, p.b));
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
        rules: "Wythoff's game on two piles: a move takes any positive number of stones from one pile, or the same \
            positive number from both. A player who cannot move loses.",
        input: "One line `a b`, the two piles (0 <= a, b <= 10^9).",
        output: "`1` if the player to move wins, else `0`.",
        sample_input: "8 4\n",
        sample_output: "1\n",
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        Judge::read_input(text).unwrap_err().to_string()
    }

    #[test]
    fn the_sample_reads_and_writes_back() {
        let cases = Judge::read_input("8 4\n").unwrap();
        assert_eq!(cases, vec![Piles { a: 8, b: 4 }]);
        assert_eq!(Judge::write_input(&cases), "8 4\n");
        assert_eq!(Judge::read_output(&cases, "1\n"), Ok(vec![true]));
        assert_eq!(Judge::read_output(&cases, "0"), Ok(vec![false]));
        assert_eq!(Judge::write_output(&[true, false]), "1\n0\n");
        assert_eq!(
            Judge::read_input("0\n1000000000\n").unwrap(),
            vec![Piles { a: 0, b: MAX_PILE }]
        );
    }

    #[test]
    fn errors_name_the_field() {
        assert_eq!(
            error("1000000001 2"),
            "line 1, field `a`: 1000000001 is out of range 0..=1000000000"
        );
        assert_eq!(error("3 -1"), "line 1, field `b`: -1 is out of range 0..=1000000000");
        assert_eq!(error("3\n"), "line 2, field `b`: input ended; expected a value here");
        assert!(error("3 4 5").contains("field `trailing`: unexpected `5`"));
        assert!(error("3 4.0").contains("expected an integer, found `4.0`"));
        let cases = Judge::read_input("8 4").unwrap();
        let e = Judge::read_output(&cases, "Yes").unwrap_err().to_string();
        assert!(e.contains("field `answer`: expected one of 1 / 0, found `Yes`"), "{e}");
        assert!(Judge::read_output(&cases, "1 0").is_err());
    }
}
