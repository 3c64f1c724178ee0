//! `nim` (luogu-p2197): `T`, then per case `n` and the `n` pile sizes;
//! answer per case: `Yes` if the first player wins, else `No`.
//!
//! Limits (the judge's): `1 <= T <= 10`, `1 <= n <= 10 000`,
//! `0 <= a < 10 000`.

use super::{push_line, push_values, within, Format, Framing, Identity, Resources, Winner};
use super::{Doc, Documented};
use crate::piles::{Nim, PileGame, Piles};
use crate::text::{ParseError, Tokens};

pub const MAX_T: usize = 10;
pub const MAX_N: usize = Nim::MAX_PILES as usize;
/// The largest pile: sizes are below 10 000.
pub const MAX_A: u64 = Nim::MAX_VALUE;

/// Reads `n` pile sizes in `0..=max`, each named `{what} i: a`.
pub(crate) fn read_piles(t: &mut Tokens, n: usize, max: u64, what: &'static str) -> Result<Vec<u64>, ParseError> {
    // A claimed `n` is not believed beyond what the text can hold.
    let mut piles = Vec::with_capacity(n.min(t.max_tokens_left()));
    for i in 1..=n {
        piles.push(t.int("a", 0, max as i64).map_err(within(what, i))? as u64);
    }
    Ok(piles)
}

const WINNER: Winner = Winner {
    field: "answer",
    first: "Yes",
    second: "No",
};

pub struct Judge;

impl Format for Judge {
    type Case = Piles;
    type Answer = bool;
    const ID: Identity = Identity {
        name: "nim",
        aliases: &["luogu-p2197"],
        about: "Nim: take any number from one pile; Yes if the first player wins",
        limits: &[("T", MAX_T as u64), ("n", MAX_N as u64), ("a", MAX_A)],
        submitted: true,
        judge: Resources {
            time_ms: 1000,
            memory_mib: 125,
            stack: super::Stack::Unknown,
        },
        guarantee: "",
    };
    const FRAMING: Framing = Framing::Counted { max: MAX_T };

    fn read_case(t: &mut Tokens) -> Result<Piles, ParseError> {
        let n = t.usize("n", 1, MAX_N)?;
        Ok(Piles {
            piles: read_piles(t, n, MAX_A, "pile")?,
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
        rules: "Nim: n piles of stones. A move takes any positive number of stones from one pile; a player who cannot \
            move loses.",
        input:
            "Line 1: `T`, the number of test cases (1 <= T <= 10). Each case:\n`n` (1 <= n <= 10 000), then `a_1 .. \
            a_n`, the piles (0 <= a_i <= 9 999).",
        output: "One line per test case: `Yes` if the first player wins, else `No`.",
        sample_input: "2\n2\n1 1\n2\n1 0\n",
        sample_output: "No\nYes\n",
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pile family names its games in messages; the names are the judges'.
    #[test]
    fn the_pile_family_names_its_games_as_the_judges_do() {
        use crate::judge::{moore_nim, staircase_nim};
        use crate::piles::{Moore, Staircase};
        assert_eq!(Nim::NAME, Judge::ID.name);
        assert_eq!(Staircase::NAME, staircase_nim::Judge::ID.name);
        assert_eq!(Moore::NAME, moore_nim::Judge::ID.name);
    }

    #[test]
    fn the_sample_reads_and_writes_back() {
        let text = "2\n2\n1 1\n2\n1 0\n";
        let cases = Judge::read_input(text).unwrap();
        assert_eq!(
            cases.iter().map(|c| c.piles.clone()).collect::<Vec<_>>(),
            [vec![1, 1], vec![1, 0]]
        );
        assert_eq!(Judge::write_input(&cases), text);
        assert_eq!(Judge::read_output(&cases, "No\nYes\n").unwrap(), vec![false, true]);
    }

    #[test]
    fn limits_are_errors_naming_line_and_field() {
        let e = Judge::read_input("1\n2\n1 10000\n").unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (3, "case 1: pile 2: a"), "{e}");
        assert!(e.message.contains("out of range 0..=9999"), "{e}");
        let e = Judge::read_input("1\n1\n-1\n").unwrap_err();
        assert_eq!(e.field, "case 1: pile 1: a", "{e}");
        let e = Judge::read_input("11\n").unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (1, "T"), "{e}");
        let e = Judge::read_input("1\n0\n").unwrap_err();
        assert_eq!(e.field, "case 1: n", "{e}");
        let e = Judge::read_input("1\n10001\n").unwrap_err();
        assert!(e.message.contains("out of range 1..=10000"), "{e}");
        let e = Judge::read_input("1\n3\n1 2\n").unwrap_err();
        assert_eq!(e.field, "case 1: pile 3: a", "{e}");
        let e = Judge::read_output(&Judge::read_input("1\n1\n1\n").unwrap(), "yes\n").unwrap_err();
        assert!(e.message.contains("Yes / No"), "{e}");
    }
}
