//! `election-promises` (CF 1149E): `n m`, values `h_1 .. h_n`, then `m`
//! arcs `u v` of a DAG; answer: `LOSE`, or `WIN` and on the next line a
//! position `h'_1 .. h'_n` reachable in one move from which the opponent
//! loses. Many answers are right; the harness's check verifies them.

use super::{push_line, push_values, read_edges, within, write_edges, Format, Framing, Identity, Resources};
use super::{Doc, Documented};
use crate::text::{ParseError, Tokens};
use crate::valued_dag::{ValuedDag, MAX_M, MAX_N, MAX_VALUE};

/// The largest value an answer may set.
pub const MAX_ANSWER_VALUE: u64 = 2_000_000_000_000_000_000;

/// What the first player does.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Promise {
    /// Every move leads to a position the opponent wins.
    Lose,
    /// The position after a winning move.
    Win(Vec<u64>),
}

pub struct Judge;

impl Format for Judge {
    type Case = ValuedDag;
    type Answer = Promise;
    const ID: Identity = Identity {
        name: "election-promises",
        aliases: &["cf1149e"],
        about: "lower a city's tax and set its direct successors' at will: LOSE, or WIN and a losing position",
        limits: &[("n", MAX_N), ("m", MAX_M), ("h", MAX_VALUE)],
        submitted: true,
        // Codeforces 1149E's page could not be read here; these are the
        // limits the workspace's problem list gives for it.
        judge: Resources {
            time_ms: 2000,
            memory_mib: 256,
            stack: super::Stack::WholeMemory,
        },
        guarantee: "",
    };
    const FRAMING: Framing = Framing::Single;

    fn read_case(t: &mut Tokens) -> Result<ValuedDag, ParseError> {
        let n = t.usize("n", 1, MAX_N as usize)?;
        let m = t.usize("m", 0, MAX_M as usize)?;
        let mut values = Vec::with_capacity(n.min(t.max_tokens_left()));
        for i in 1..=n {
            values.push(t.int("h", 0, MAX_VALUE as i64).map_err(within("value", i))? as u64);
        }
        let first_arc = t.clone();
        let arcs = read_edges(t, n, m)?;
        let d = ValuedDag { values, arcs };
        // The arc to blame, at the line of its head as tree errors do.
        let blame = |i: usize, message: String| ParseError {
            line: first_arc.line_ahead(2 * i + 1),
            field: format!("edge {}", i + 1),
            message,
        };
        if let Some(i) = d.arcs.iter().position(|&(u, v)| u == v) {
            let u = d.arcs[i].0 + 1;
            return Err(blame(i, format!("`{u} {u}` is a road from a city to itself")));
        }
        let mut sorted: Vec<(u32, u32, usize)> = d.arcs.iter().enumerate().map(|(i, &(u, v))| (u, v, i)).collect();
        sorted.sort_unstable();
        if let Some(w) = sorted
            .windows(2)
            .filter(|w| (w[0].0, w[0].1) == (w[1].0, w[1].1))
            .min_by_key(|w| w[1].2)
        {
            let (u, v, i) = w[1];
            return Err(blame(
                i,
                format!(
                    "`{} {}` repeats edge {}: there are no multiple roads",
                    u + 1,
                    v + 1,
                    w[0].2 + 1
                ),
            ));
        }
        if let Some(i) = d.first_cycle_arc() {
            let (u, v) = d.arcs[i];
            return Err(blame(
                i,
                format!(
                    "`{} {}` closes a directed cycle with the arcs before it; the roads must form a DAG",
                    u + 1,
                    v + 1
                ),
            ));
        }
        Ok(d)
    }

    fn write_case(d: &ValuedDag, out: &mut String) {
        push_line(out, format_args!("{} {}", d.n(), d.arcs.len()));
        push_values(out, &d.values);
        write_edges(out, &d.arcs);
    }

    fn read_answer(d: &ValuedDag, t: &mut Tokens) -> Result<Promise, ParseError> {
        if t.one_of("verdict", &["WIN", "LOSE"])? == 1 {
            return Ok(Promise::Lose);
        }
        let n = d.n();
        let mut values = Vec::with_capacity(n.min(t.max_tokens_left()));
        for i in 1..=n {
            values.push(t.int("h", 0, MAX_ANSWER_VALUE as i64).map_err(within("value", i))? as u64);
        }
        Ok(Promise::Win(values))
    }

    fn write_answer(p: &Promise, out: &mut String) {
        match p {
            Promise::Lose => push_line(out, format_args!("LOSE")),
            Promise::Win(values) => {
                push_line(out, format_args!("WIN"));
                push_values(out, values);
            }
        }
    }
}

impl Documented for Judge {
    const DOC: Doc = Doc {
        rules:
            "A DAG of n cities, city v with tax h_v >= 0. A move picks a city v, lowers h_v to any smaller value and \
            sets the tax of every direct successor of v to any value >= 0; the player who makes the last move wins. \
            Say whether the first player wins and, if so, show a winning move.",
        input:
            "Line 1: `n m` (1 <= n <= 200 000, 0 <= m <= 200 000).\nLine 2: `h_1 .. h_n` (0 <= h_i <= 10^9).\nThen m \
            lines `u v` (1 <= u, v <= n): a road from u to v. No road from a city to itself, no road twice, no \
            directed cycle.",
        output:
            "`LOSE` if the first player loses; else `WIN` and on the next line `h'_1 .. h'_n` (0 <= h'_i <= 2*10^18), \
            a position reachable in one move from which the opponent loses. Any such position is accepted.",
        sample_input: "4 2\n2 1 1 5\n1 2\n3 4\n",
        sample_output: "WIN\n1 5 1 5\n",
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_samples_round_trip() {
        let text = "4 2\n2 1 1 5\n1 2\n3 4\n";
        let cases = Judge::read_input(text).unwrap();
        assert_eq!(cases[0].values, vec![2, 1, 1, 5]);
        assert_eq!(cases[0].arcs, vec![(0, 1), (2, 3)]);
        assert_eq!(Judge::write_input(&cases), text);
        let win = Judge::read_output(&cases, "WIN\n1 5 1 5\n").unwrap();
        assert_eq!(win, vec![Promise::Win(vec![1, 5, 1, 5])]);
        assert_eq!(Judge::write_output(&win), "WIN\n1 5 1 5\n");
        assert_eq!(Judge::read_output(&cases, "LOSE\n").unwrap(), vec![Promise::Lose]);
        let big = "WIN\n2000000000000000000 0 0 0\n";
        assert_eq!(Judge::write_output(&Judge::read_output(&cases, big).unwrap()), big);
    }

    #[test]
    fn errors_name_the_line_and_field() {
        let e = Judge::read_input("2 1\n1 1000000001\n1 2\n").unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (2, "value 2: h"), "{e}");
        let e = Judge::read_input("3 3\n1 1 1\n1 2\n2 3\n3 1\n").unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (5, "edge 3"), "{e}");
        assert!(e.message.contains("cycle"), "{e}");
        let e = Judge::read_input("3 3\n1 1 1\n1 2\n2 3\n1 2\n").unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (5, "edge 3"), "{e}");
        assert!(e.message.contains("repeats edge 1"), "{e}");
        let e = Judge::read_input("2 1\n1 1\n2 2\n").unwrap_err();
        assert!(e.message.contains("to itself"), "{e}");
        let e = Judge::read_input("2 200001\n").unwrap_err();
        assert_eq!(e.field, "m", "{e}");
        let cases = Judge::read_input("2 1\n1 1\n1 2\n").unwrap();
        let e = Judge::read_output(&cases, "WIN\n1 2000000000000000001\n").unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (2, "value 2: h"), "{e}");
        let e = Judge::read_output(&cases, "YES\n").unwrap_err();
        assert_eq!(e.field, "verdict", "{e}");
        let e = Judge::read_output(&cases, "WIN\n0\n").unwrap_err();
        assert!(e.message.contains("input ended"), "{e}");
    }
}
