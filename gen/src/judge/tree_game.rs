//! `tree-game` (hdu3094): `T`, then per case `N` and `N - 1` lines `I J`;
//! answer per case: `Alice` if the first player wins, else `Bob`.

use super::{push_line, read_tree_edges, write_edges, Format, Framing, Identity, Resources, Winner};
use super::{Doc, Documented};
use crate::graph::Graph;
use crate::text::{ParseError, Tokens};

pub const MAX_T: usize = 100;
pub const MAX_N: usize = 100_000;

const WINNER: Winner = Winner {
    field: "winner",
    first: "Alice",
    second: "Bob",
};

pub struct Judge;

impl Format for Judge {
    type Case = Graph;
    type Answer = bool;
    const ID: Identity = Identity {
        name: "tree-game",
        aliases: &["hdu3094"],
        about: "Green Hackenbush on a rooted tree: Alice (first) or Bob wins",
        limits: &[("T", MAX_T as u64), ("N", MAX_N as u64)],
        submitted: true,
        judge: Resources {
            time_ms: 1000,
            memory_mib: 32,
            stack: super::Stack::Unknown,
        },
        guarantee: "",
    };
    const FRAMING: Framing = Framing::Counted { max: MAX_T };

    fn read_case(t: &mut Tokens) -> Result<Graph, ParseError> {
        let n = t.usize("N", 1, MAX_N)?;
        Ok(Graph::new(n, read_tree_edges(t, n)?))
    }

    fn write_case(g: &Graph, out: &mut String) {
        push_line(out, format_args!("{}", g.n));
        write_edges(out, &g.edges);
    }

    fn read_answer(_: &Graph, t: &mut Tokens) -> Result<bool, ParseError> {
        WINNER.read(t)
    }

    fn write_answer(first_wins: &bool, out: &mut String) {
        WINNER.write(*first_wins, out);
    }
}

impl Documented for Judge {
    const DOC: Doc = Doc {
        rules:
            "Green Hackenbush on a tree rooted at vertex 1: a move deletes one edge, and the part no longer connected \
            to the root goes with it; a player who cannot move loses. Alice moves first.",
        input: "Line 1: `T`, the number of test cases (1 <= T <= 100). Each case:\n`N` (1 <= N <= 100 000), then N-1 \
            lines `I J` (1 <= I, J <= N): the tree's edges.",
        output: "One line per test case: `Alice` if the first player wins, else `Bob`.",
        sample_input: "3\n3\n1 2\n2 3\n3\n1 2\n1 3\n10\n6 2\n4 3\n8 4\n9 5\n8 6\n2 7\n5 8\n1 9\n6 10\n",
        sample_output: "Alice\nBob\nAlice\n",
    };
}
