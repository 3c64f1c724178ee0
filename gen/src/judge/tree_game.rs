//! `tree-game` (hdu3094): `T`, then per case `N` and `N - 1` lines `I J`;
//! answer per case: `Alice` if the first player wins, else `Bob`.

use super::{push_line, read_tree_edges, read_winner, write_edges, Format, Framing, Identity};
use crate::graph::Graph;
use crate::text::{ParseError, Tokens};

pub const MAX_T: usize = 100;
pub const MAX_N: usize = 100_000;

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
        read_winner(t, "winner", "Alice", "Bob")
    }

    fn write_answer(first_wins: &bool, out: &mut String) {
        push_line(out, format_args!("{}", if *first_wins { "Alice" } else { "Bob" }));
    }
}
