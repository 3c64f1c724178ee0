//! `tree-game` (hdu3094): `T`, then per case `N` and `N - 1` lines `I J`;
//! answer per case: `Alice` if the first player wins, else `Bob`.

use super::{push_line, read_edges, read_winner, write_edges, Framing};
use crate::graph::Graph;
use crate::text::{ParseError, Tokens};

pub const FRAMING: Framing = Framing::Counted { max: 100 };
pub const MAX_N: usize = 100_000;

pub fn read_case(t: &mut Tokens) -> Result<Graph, ParseError> {
    let n = t.usize("N", 1, MAX_N)?;
    let line = t.line();
    let g = Graph::new(n, read_edges(t, n, n - 1)?);
    if !g.is_tree() {
        return Err(ParseError {
            line,
            field: "edges".into(),
            message: format!("the {} edges from this line on do not form a tree on {n} vertices", n - 1),
        });
    }
    Ok(g)
}

pub fn write_case(g: &Graph, out: &mut String) {
    push_line(out, format_args!("{}", g.n));
    write_edges(out, &g.edges);
}

pub fn read_answer(t: &mut Tokens) -> Result<bool, ParseError> {
    read_winner(t, "winner", "Alice", "Bob")
}

pub fn write_answer(first_wins: &bool, out: &mut String) {
    push_line(out, format_args!("{}", if *first_wins { "Alice" } else { "Bob" }));
}
