//! `dag-game` (this workspace's own format): `n m`, weights `A_1 .. A_n`, then
//! `m` arcs `u v` (u must be taken before v); answer: the first player's score.

use super::forest_game::{read_score, read_weights, write_score};
use super::{push_line, push_values, read_edges, write_edges, Format, Framing, Identity, Resources};
use super::{Doc, Documented};
use crate::graph::Dag;
use crate::text::{ParseError, Tokens};

pub const MAX_N: usize = 200_000;
pub const MAX_M: usize = 400_000;

pub struct Judge;

impl Format for Judge {
    type Case = Dag;
    type Answer = u64;
    const ID: Identity = Identity {
        name: "dag-game",
        aliases: &[],
        about: "the forest game on a DAG (take a node of in-degree 0): the first player's score",
        limits: &[
            ("n", MAX_N as u64),
            ("m", MAX_M as u64),
            ("A", super::forest_game::MAX_WEIGHT),
        ],
        submitted: false,
        judge: Resources {
            time_ms: 1000,
            memory_mib: 256,
            stack: super::Stack::Unknown,
        },
        guarantee: "",
    };
    const FRAMING: Framing = Framing::Single;

    fn read_case(t: &mut Tokens) -> Result<Dag, ParseError> {
        let n = t.usize("n", 1, MAX_N)?;
        let m = t.usize("m", 0, MAX_M)?;
        let weights = read_weights(t, n)?;
        let first_arc = t.clone();
        let dag = Dag {
            weights,
            arcs: read_edges(t, n, m)?,
        };
        // Blame the arc that closes the first cycle as the arcs are read, at
        // the line of its head, as tree errors do.
        if let Some(i) = dag.first_cycle_arc() {
            let (u, v) = dag.arcs[i];
            return Err(ParseError {
                line: first_arc.line_ahead(2 * i + 1),
                field: format!("edge {}", i + 1),
                message: format!(
                    "`{} {}` closes a directed cycle with the arcs before it; dag-game needs a DAG",
                    u + 1,
                    v + 1
                ),
            });
        }
        Ok(dag)
    }

    fn write_case(dag: &Dag, out: &mut String) {
        push_line(out, format_args!("{} {}", dag.weights.len(), dag.arcs.len()));
        push_values(out, &dag.weights);
        write_edges(out, &dag.arcs);
    }

    fn read_answer(_: &Dag, t: &mut Tokens) -> Result<u64, ParseError> {
        read_score(t)
    }

    fn write_answer(score: &u64, out: &mut String) {
        write_score(score, out)
    }
}

impl Documented for Judge {
    const DOC: Doc = Doc {
        rules: "The forest game on a DAG (this workspace's own problem, not judged online). Node i weighs A_i; a move \
            takes a node none of whose predecessors is left, and scores its weight. Each player maximizes their own \
            total; print the first player's.",
        input:
            "Line 1: `n m` (1 <= n <= 200 000, 0 <= m <= 400 000).\nLine 2: `A_1 .. A_n` (1 <= A_i <= 10^9).\nThen m \
            lines `u v` (1 <= u, v <= n): u must be taken before v. The arcs form no directed cycle.",
        output: "One integer: the first player's score (needs 64 bits).",
        sample_input: "5 4\n1 5 3 2 4\n1 2\n1 3\n2 4\n2 5\n",
        sample_output: "7\n",
    };
}
