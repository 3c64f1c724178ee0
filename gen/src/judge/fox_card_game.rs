//! `fox-card-game` (cf388c): `n`, then `n` lines `s c_1 .. c_s` (top card
//! first); answer: Ciel's sum and Jiro's sum on one line.
//!
//! Limits (the judge's): `1 <= n <= 100`, `1 <= s <= 100`, `1 <= c <= 1000`.
//! A pile's cards must stand on its own line, after its `s`: a count that
//! does not match its cards is named at that line, not where the tokens
//! after it run out.

use super::{push_line, push_values, within, Format, Framing, Identity, Resources};
use super::{Doc, Documented};
use crate::cards::{Cards, MAX_CARDS, MAX_PILES, MAX_VALUE};
use crate::text::{ParseError, Tokens};

/// The largest sum either player can reach: every card of every pile.
pub const MAX_SUM: u64 = (MAX_PILES * MAX_CARDS) as u64 * MAX_VALUE as u64;

fn cards(k: usize) -> String {
    if k == 1 {
        "1 card".into()
    } else {
        format!("{k} cards")
    }
}

/// Reads one pile line `s c_1 .. c_s`, pile `i` (1-based).
fn read_pile(t: &mut Tokens, i: usize) -> Result<Vec<u32>, ParseError> {
    let s = t.usize("s", 1, MAX_CARDS).map_err(within("pile", i))?;
    let line = t.line();
    let mut pile = Vec::with_capacity(s.min(t.max_tokens_left()));
    for j in 1..=s {
        if t.at_end() || t.line_ahead(0) != line {
            return Err(ParseError {
                line,
                field: format!("pile {i}: s"),
                message: format!("s = {s}, but the line holds {}", cards(j - 1)),
            });
        }
        let c = t.int("c", 1, MAX_VALUE as i64).map_err(within("card", j));
        pile.push(c.map_err(within("pile", i))? as u32);
    }
    if !t.at_end() && t.line_ahead(0) == line {
        return Err(ParseError {
            line,
            field: format!("pile {i}: s"),
            message: format!("s = {s}, but the line holds more cards"),
        });
    }
    Ok(pile)
}

pub struct Judge;

impl Format for Judge {
    type Case = Cards;
    /// (Ciel's sum, Jiro's sum).
    type Answer = (u64, u64);
    const ID: Identity = Identity {
        name: "fox-card-game",
        aliases: &["cf388c"],
        about: "take top cards (first player) and bottom cards (second) of piles: both players' sums",
        limits: &[
            ("n", MAX_PILES as u64),
            ("s", MAX_CARDS as u64),
            ("c", MAX_VALUE as u64),
        ],
        submitted: true,
        // Codeforces 388C.
        judge: Resources {
            time_ms: 1000,
            memory_mib: 256,
            stack: super::Stack::WholeMemory,
        },
        guarantee: "",
    };
    const FRAMING: Framing = Framing::Single;

    fn read_case(t: &mut Tokens) -> Result<Cards, ParseError> {
        let n = t.usize("n", 1, MAX_PILES)?;
        let piles = (1..=n).map(|i| read_pile(t, i)).collect::<Result<_, _>>()?;
        Ok(Cards { piles })
    }

    fn write_case(c: &Cards, out: &mut String) {
        push_line(out, format_args!("{}", c.piles.len()));
        for pile in &c.piles {
            push_values(out, std::iter::once(pile.len() as u32).chain(pile.iter().copied()));
        }
    }

    fn read_answer(_: &Cards, t: &mut Tokens) -> Result<(u64, u64), ParseError> {
        let ciel = t.int("Ciel's sum", 0, MAX_SUM as i64)? as u64;
        let jiro = t.int("Jiro's sum", 0, MAX_SUM as i64)? as u64;
        Ok((ciel, jiro))
    }

    fn write_answer(&(ciel, jiro): &(u64, u64), out: &mut String) {
        push_line(out, format_args!("{ciel} {jiro}"));
    }
}

impl Documented for Judge {
    const DOC: Doc = Doc {
        rules: "n piles of cards, each with a value. Ciel (first) takes the top card of any pile, Jiro (second) the \
            bottom card of any pile, until every card is taken. Each maximizes the sum of their own cards.",
        input:
            "Line 1: `n` (1 <= n <= 100).\nThen n lines `s c_1 .. c_s`, each pile on its own line: its size (1 <= s \
            <= 100) and its cards from top to bottom (1 <= c_i <= 1000).",
        output: "One line: Ciel's sum and Jiro's sum.",
        sample_input: "2\n1 100\n2 1 10\n",
        sample_output: "101 10\n",
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_samples_read_and_write_back() {
        let text = "2\n1 100\n2 1 10\n";
        let cases = Judge::read_input(text).unwrap();
        assert_eq!(cases[0].piles, vec![vec![100], vec![1, 10]]);
        assert_eq!(Judge::write_input(&cases), text);
        assert_eq!(Judge::read_output(&cases, "101 10\n").unwrap(), vec![(101, 10)]);
        assert_eq!(Judge::write_output(&[(101, 10)]), "101 10\n");
    }

    #[test]
    fn limits_are_errors_naming_line_and_field() {
        let err = |text: &str| Judge::read_input(text).unwrap_err();
        let e = err("0\n");
        assert_eq!((e.line, e.field.as_str()), (1, "n"), "{e}");
        let e = err("101\n");
        assert!(e.message.contains("out of range 1..=100"), "{e}");
        let e = err("2\n1 5\n101 1\n");
        assert_eq!((e.line, e.field.as_str()), (3, "pile 2: s"), "{e}");
        let e = err("1\n2 5 1001\n");
        assert_eq!((e.line, e.field.as_str()), (2, "pile 1: card 2: c"), "{e}");
        assert!(e.message.contains("out of range 1..=1000"), "{e}");
        let e = err("1\n1 0\n");
        assert_eq!(e.field, "pile 1: card 1: c", "{e}");
        let e = err("2\n1 5\n");
        assert_eq!(e.field, "pile 2: s", "{e}");
    }

    #[test]
    fn a_count_that_does_not_match_its_line_is_named_there() {
        let err = |text: &str| Judge::read_input(text).unwrap_err();
        let e = err("2\n3 1 2\n1 7\n");
        assert_eq!((e.line, e.field.as_str()), (2, "pile 1: s"), "{e}");
        assert_eq!(e.message, "s = 3, but the line holds 2 cards");
        let e = err("2\n1 1 2\n1 7\n");
        assert_eq!((e.line, e.field.as_str()), (2, "pile 1: s"), "{e}");
        assert_eq!(e.message, "s = 1, but the line holds more cards");
        let e = err("1\n2 4\n");
        assert_eq!(e.message, "s = 2, but the line holds 1 card");
        let e = err("1\n2\n4 5\n");
        assert_eq!(
            (e.line, e.message.as_str()),
            (2, "s = 2, but the line holds 0 cards"),
            "{e}"
        );
    }

    #[test]
    fn answers_are_two_sums_in_range() {
        let cases = Judge::read_input("1\n1 5\n").unwrap();
        let e = Judge::read_output(&cases, "5\n").unwrap_err();
        assert_eq!(e.field, "Jiro's sum", "{e}");
        let e = Judge::read_output(&cases, "-1 0\n").unwrap_err();
        assert_eq!(e.field, "Ciel's sum", "{e}");
        assert!(Judge::read_output(&cases, "5 0 1\n").is_err());
        assert_eq!(MAX_SUM, 10_000_000);
    }
}
