//! `green-hackenbush` (soj366): `n m`, then `m` lines `u v`; answer: the SG value.

use super::{push_line, read_edges, write_edges, Format, Framing, Identity, Resources};
use super::{Doc, Documented};
use crate::graph::Graph;
use crate::text::{ParseError, Tokens};

pub const MAX_N: usize = 500_000;
pub const MAX_M: usize = 1_500_000;

pub struct Judge;

impl Format for Judge {
    type Case = Graph;
    type Answer = u32;
    const ID: Identity = Identity {
        name: "green-hackenbush",
        aliases: &["soj366"],
        about: "Green Hackenbush on a rooted multigraph: its SG value",
        limits: &[("n", MAX_N as u64), ("m", MAX_M as u64)],
        submitted: true,
        judge: Resources {
            time_ms: 1000,
            memory_mib: 256,
            stack: super::Stack::Unknown,
        },
        guarantee: "",
    };
    const FRAMING: Framing = Framing::Single;

    fn read_case(t: &mut Tokens) -> Result<Graph, ParseError> {
        let n = t.usize("n", 1, MAX_N)?;
        let m = t.usize("m", 0, MAX_M)?;
        Ok(Graph::new(n, read_edges(t, n, m)?))
    }

    fn write_case(g: &Graph, out: &mut String) {
        push_line(out, format_args!("{} {}", g.n, g.edges.len()));
        write_edges(out, &g.edges);
    }

    fn read_answer(_: &Graph, t: &mut Tokens) -> Result<u32, ParseError> {
        Ok(t.int("SG value", 0, u32::MAX as i64)? as u32)
    }

    fn write_answer(sg: &u32, out: &mut String) {
        push_line(out, format_args!("{sg}"));
    }
}

impl Documented for Judge {
    const DOC: Doc = Doc {
        rules:
            "An undirected graph with a root, vertex 1; self-loops and parallel edges are allowed. A move deletes one \
            edge, then every edge no longer connected to the root is deleted too; a player who cannot move loses. \
            Print the Sprague-Grundy value of the graph.",
        input:
            "Line 1: `n m` (1 <= n <= 500 000, 0 <= m <= 1 500 000).\nThen m lines `u v` (1 <= u, v <= n): the edges. \
            The judge's graphs are connected.",
        output: "One integer: the Sprague-Grundy value.",
        sample_input: "3 3\n1 2\n2 3\n3 1\n",
        sample_output: "1\n",
    };
}
