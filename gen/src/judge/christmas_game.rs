//! `christmas-game` (poj3710): test cases until end of file; each is `N` rooted
//! graphs, each graph `m k` then `k` lines `a b` (vertex 1 is its root).
//! Answer per case: `Sally` if the first player wins, else `Harry`.

use super::{push_line, read_edges, within, write_edges, Format, Framing, Identity, Resources, Winner};
use super::{Doc, Documented};
pub use crate::cactus::{MAX_EDGES, MAX_GRAPHS, MAX_VERTICES};
use crate::graph::Graph;
use crate::text::{ParseError, Tokens};

const WINNER: Winner = Winner {
    field: "winner",
    first: "Sally",
    second: "Harry",
};

pub struct Judge;

impl Format for Judge {
    type Case = Vec<Graph>;
    type Answer = bool;
    const ID: Identity = Identity {
        name: "christmas-game",
        aliases: &["poj3710"],
        about: "Green Hackenbush on a forest of rooted cacti: Sally (first) or Harry wins",
        limits: &[
            ("N", MAX_GRAPHS as u64),
            ("m", MAX_VERTICES as u64),
            ("k", MAX_EDGES as u64),
        ],
        submitted: true,
        judge: Resources {
            time_ms: 1000,
            memory_mib: 64,
            stack: super::Stack::Unknown,
        },
        guarantee: "mode = \"poj\"",
    };
    const FRAMING: Framing = Framing::UntilEof { max: 100 };

    fn read_case(t: &mut Tokens) -> Result<Vec<Graph>, ParseError> {
        let count = t.usize("N", 1, MAX_GRAPHS)?;
        let mut graphs = Vec::with_capacity(count);
        for i in 1..=count {
            let m = t.usize("m", 1, MAX_VERTICES).map_err(within("graph", i))?;
            let k = t.usize("k", 0, MAX_EDGES).map_err(within("graph", i))?;
            let edges = read_edges(t, m, k).map_err(within("graph", i))?;
            graphs.push(Graph::new(m, edges));
        }
        Ok(graphs)
    }

    fn write_case(graphs: &Vec<Graph>, out: &mut String) {
        push_line(out, format_args!("{}", graphs.len()));
        for g in graphs {
            push_line(out, format_args!("{} {}", g.n, g.edges.len()));
            write_edges(out, &g.edges);
        }
    }

    fn read_answer(_: &Vec<Graph>, t: &mut Tokens) -> Result<bool, ParseError> {
        WINNER.read(t)
    }

    fn write_answer(first_wins: &bool, out: &mut String) {
        WINNER.write(*first_wins, out);
    }
}

impl Documented for Judge {
    const DOC: Doc = Doc {
        rules:
            "Green Hackenbush on a sum of rooted graphs: a move deletes one edge, and every edge no longer connected \
            to its graph's root is deleted too; a player who cannot move loses. Every edge lies on at most one \
            cycle, and every cycle shares exactly one vertex with the rest of its graph (two parallel edges form a \
            cycle). Sally moves first.",
        input: "Test cases until the end of the file. Each case:\n`N`, the number of graphs (1 <= N <= 99); then for \
            each graph\n`m k` (1 <= m <= 99 vertices, 0 <= k <= 499 edges), then k lines `a b` (1 <= a, b <= m), its \
            edges. Vertex 1 is each graph's root.",
        output: "One line per test case: `Sally` if the first player wins, else `Harry`.",
        sample_input: "2\n2 1\n1 2\n4 4\n1 2\n2 3\n2 4\n3 4\n",
        sample_output: "Sally\n",
    };
}
