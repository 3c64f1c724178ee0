//! `tree-game` (hdu3094): `T`, then per case `N` and `N - 1` lines `I J`;
//! answer per case: `Alice` if the first player wins, else `Bob`.

use super::{push_line, read_tree_edges, write_edges, Format, Framing, Identity, Resources, Winner};
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
