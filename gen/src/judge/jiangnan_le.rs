//! `jiangnan-le` (luogu-p3235, HNOI 2014): `T F`, then `T` lines `N a_1 .. a_N`;
//! answer: one line of `T` values, `1` if the first player wins that case,
//! else `0`.
//!
//! The whole file is one instance ([`Framing::Single`]): `F` is shared by
//! every case and the answers share one line, so cases cannot be batched
//! apart. Limits as the judge states them (`T, N < 100`, `F, a_i < 100 000`),
//! with `F >= 1` and `a_i >= 1`.

use super::{push_line, push_values, within, Format, Framing, Identity, Resources};
use super::{Doc, Documented};
use crate::even_split::{EvenSplit, MAX_F, MAX_N, MAX_PILE, MAX_T};
use crate::text::{ParseError, Tokens};

pub struct Judge;

impl Format for Judge {
    type Case = EvenSplit;
    /// Per case: does the first player win?
    type Answer = Vec<bool>;
    const ID: Identity = Identity {
        name: "jiangnan-le",
        aliases: &["luogu-p3235"],
        about: "split a pile of at least F into M >= 2 near-equal piles: who wins each case",
        limits: &[
            ("T", MAX_T as u64),
            ("N", MAX_N as u64),
            ("F", MAX_F as u64),
            ("a", MAX_PILE as u64),
        ],
        submitted: true,
        judge: Resources {
            time_ms: 1000,
            memory_mib: 125,
            stack: super::Stack::Unknown,
        },
        guarantee: "",
    };
    const FRAMING: Framing = Framing::Single;

    fn read_case(t: &mut Tokens) -> Result<EvenSplit, ParseError> {
        let count = t.usize("T", 1, MAX_T)?;
        let f = t.int("F", 1, MAX_F as i64)? as u32;
        let mut games = Vec::with_capacity(count.min(t.max_tokens_left()));
        for k in 1..=count {
            let n = t.usize("N", 1, MAX_N).map_err(within("case", k))?;
            let piles = (1..=n)
                .map(|i| {
                    let a = t.int("a", 1, MAX_PILE as i64).map_err(within("pile", i));
                    Ok(a.map_err(within("case", k))? as u32)
                })
                .collect::<Result<Vec<u32>, ParseError>>()?;
            games.push(piles);
        }
        Ok(EvenSplit { f, games })
    }

    fn write_case(s: &EvenSplit, out: &mut String) {
        push_line(out, format_args!("{} {}", s.games.len(), s.f));
        for g in &s.games {
            push_values(out, std::iter::once(g.len() as u32).chain(g.iter().copied()));
        }
    }

    /// `T` values `0` or `1`, all on the line of the first.
    fn read_answer(s: &EvenSplit, t: &mut Tokens) -> Result<Vec<bool>, ParseError> {
        let mut line = None;
        let mut wins = Vec::with_capacity(s.games.len());
        for k in 1..=s.games.len() {
            let field = format!("answer {k}");
            let win = t.one_of(&field, &["0", "1"])? == 1;
            match line {
                None => line = Some(t.line()),
                Some(first) if t.line() != first => {
                    return Err(t.error(
                        field,
                        format!(
                            "the {} answers go on one line, separated by spaces; this one is on line {}, not {first}",
                            s.games.len(),
                            t.line()
                        ),
                    ))
                }
                Some(_) => {}
            }
            wins.push(win);
        }
        Ok(wins)
    }

    fn write_answer(wins: &Vec<bool>, out: &mut String) {
        let values: Vec<&str> = wins.iter().map(|&w| if w { "1" } else { "0" }).collect();
        push_line(out, format_args!("{}", values.join(" ")));
    }
}

impl Documented for Judge {
    const DOC: Doc = Doc {
        rules:
            "A sum of pile games with a shared F. A move picks a pile of at least F stones and an integer M >= 2, and \
            splits the pile into M piles as evenly as possible (sizes differ by at most 1); a player who cannot move \
            loses. Answer T games.",
        input:
            "Line 1: `T F` (1 <= T <= 99, 1 <= F <= 99 999).\nThen T lines `N a_1 .. a_N`: a game of N piles (1 <= N \
            <= 99, 1 <= a_i <= 99 999).",
        output: "One line of T values separated by spaces: `1` if the first player wins that game, else `0`.",
        sample_input: "4 3\n1 1\n1 2\n1 3\n1 5\n",
        sample_output: "0 0 1 1\n",
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "4 3\n1 1\n1 2\n1 3\n1 5\n";

    #[test]
    fn the_sample_reads_and_writes_back() {
        let cases = Judge::read_input(SAMPLE).unwrap();
        assert_eq!(
            cases,
            [EvenSplit {
                f: 3,
                games: vec![vec![1], vec![2], vec![3], vec![5]]
            }]
        );
        assert_eq!(Judge::write_input(&cases), SAMPLE);
        let answers = Judge::read_output(&cases, "0 0 1 1\n").unwrap();
        assert_eq!(answers, [vec![false, false, true, true]]);
        assert_eq!(Judge::write_output(&answers), "0 0 1 1\n");
    }

    #[test]
    fn limits_are_errors_naming_line_and_field() {
        let err = |text: &str| Judge::read_input(text).unwrap_err();
        let e = err("100 3\n");
        assert_eq!((e.line, e.field.as_str()), (1, "T"), "{e}");
        let e = err("1 0\n1 1\n");
        assert_eq!((e.line, e.field.as_str()), (1, "F"), "{e}");
        let e = err("1 100000\n1 1\n");
        assert!(e.message.contains("out of range 1..=99999"), "{e}");
        let e = err("2 3\n1 1\n100 1\n");
        assert_eq!((e.line, e.field.as_str()), (3, "case 2: N"), "{e}");
        let e = err("2 3\n1 1\n2 4 100000\n");
        assert_eq!((e.line, e.field.as_str()), (3, "case 2: pile 2: a"), "{e}");
        let e = err("1 3\n2 4 -1\n");
        assert_eq!(e.field, "case 1: pile 2: a", "{e}");
        let e = err("1 3\n1 0\n");
        assert!(e.message.contains("out of range 1..=99999"), "{e}");
        let e = err("2 3\n1 1\n");
        assert_eq!(e.field, "case 2: N", "{e}");
        let e = err("1 3\n1 1 1\n");
        assert_eq!(e.field, "trailing", "{e}");
    }

    #[test]
    fn answers_share_one_line() {
        let cases = Judge::read_input(SAMPLE).unwrap();
        let e = Judge::read_output(&cases, "0\n0\n1\n1\n").unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (2, "answer 2"), "{e}");
        assert!(e.message.contains("one line"), "{e}");
        let e = Judge::read_output(&cases, "0 0 1\n").unwrap_err();
        assert_eq!(e.field, "answer 4", "{e}");
        let e = Judge::read_output(&cases, "0 0 1 2\n").unwrap_err();
        assert!(e.message.contains("expected one of 0 / 1"), "{e}");
        assert!(Judge::read_output(&cases, "0 0 1 1 0\n").is_err());
        assert!(Judge::read_output(&cases, "\n  0 0 1 1  \n\n").is_ok());
    }
}
