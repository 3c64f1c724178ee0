//! The judges' input and output formats, one module per problem.
//!
//! A module knows how one test case and one answer look as text; [`Framing`]
//! says how cases are packed into one input file, so the harness can batch
//! many cases into a single run of an external program.

pub mod christmas_game;
pub mod dag_game;
pub mod forest_game;
pub mod green_hackenbush;
pub mod tree_game;

use crate::text::{ParseError, Tokens};

/// How a judge's input file holds its test cases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Framing {
    /// One case per file.
    Single,
    /// A first line with the case count `T` (1..=max), then the cases.
    Counted { max: usize },
    /// Cases one after another until end of file (at most `max` per batch).
    UntilEof { max: usize },
}

impl Framing {
    /// The most cases one input file may carry.
    pub fn max_cases(self) -> usize {
        match self {
            Framing::Single => 1,
            Framing::Counted { max } | Framing::UntilEof { max } => max,
        }
    }
}

/// Reads every case of an input file.
pub fn read_cases<T>(
    text: &str,
    framing: Framing,
    mut read_case: impl FnMut(&mut Tokens) -> Result<T, ParseError>,
) -> Result<Vec<T>, ParseError> {
    let mut t = Tokens::new(text);
    let mut cases = Vec::new();
    let in_case = |i: usize, mut e: ParseError| {
        e.field = format!("case {i}: {}", e.field);
        e
    };
    match framing {
        Framing::Single => cases.push(read_case(&mut t)?),
        Framing::Counted { max } => {
            let count = t.usize("T", 1, max)?;
            for i in 1..=count {
                cases.push(read_case(&mut t).map_err(|e| in_case(i, e))?);
            }
        }
        Framing::UntilEof { .. } => {
            while !t.at_end() {
                let i = cases.len() + 1;
                cases.push(read_case(&mut t).map_err(|e| in_case(i, e))?);
            }
            if cases.is_empty() {
                return Err(t.error("first case", "the input is empty"));
            }
        }
    }
    t.expect_end("the last case")?;
    Ok(cases)
}

/// Writes cases as one input file.
pub fn write_cases<T>(cases: &[T], framing: Framing, mut write_case: impl FnMut(&T, &mut String)) -> String {
    let mut out = String::new();
    if let Framing::Counted { .. } = framing {
        out.push_str(&format!("{}\n", cases.len()));
    }
    for c in cases {
        write_case(c, &mut out);
    }
    out
}

/// Reads a word answer such as `Alice` / `Bob`: true for the first choice.
pub fn read_winner(t: &mut Tokens, field: &str, first: &str, second: &str) -> Result<bool, ParseError> {
    Ok(t.one_of(field, &[first, second])? == 0)
}

pub(crate) fn push_line(out: &mut String, args: std::fmt::Arguments) {
    use std::fmt::Write;
    out.write_fmt(args).expect("writing to a String cannot fail");
    out.push('\n');
}

/// Prefixes an error's field with what it belonged to, e.g. `edge 3: `.
/// Names are built only on error: a maximal input has millions of tokens.
pub(crate) fn within(what: &'static str, i: usize) -> impl FnOnce(ParseError) -> ParseError {
    move |mut e| {
        e.field = format!("{what} {i}: {}", e.field);
        e
    }
}

/// Reads `m` edges `u v` over vertices `1..=n`, as 0-based pairs.
pub(crate) fn read_edges(t: &mut Tokens, n: usize, m: usize) -> Result<Vec<(u32, u32)>, ParseError> {
    let mut edges = Vec::with_capacity(m);
    for i in 1..=m {
        let u = t.vertex("u", n).map_err(within("edge", i))?;
        let v = t.vertex("v", n).map_err(within("edge", i))?;
        edges.push((u, v));
    }
    Ok(edges)
}

pub(crate) fn write_edges(out: &mut String, edges: &[(u32, u32)]) {
    for &(u, v) in edges {
        push_line(out, format_args!("{} {}", u + 1, v + 1));
    }
}
