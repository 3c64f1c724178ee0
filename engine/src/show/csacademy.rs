//! The CS Academy graph editor's text: every node name on a line of its
//! own, then a line `u v` or `u v label` per edge (paste it into the
//! editor's "Graph Data" box; choose "Directed" for a DAG). The editor draws
//! graphs only. Several panels keep their names apart with a `case.`
//! prefix (the editor takes any word as a name).

use std::fmt::Write;

use anyhow::{bail, Result};

use super::{Figure, Picture};

pub fn picture(p: &Picture) -> Result<String> {
    let mut out = String::new();
    let several = p.panels.len() > 1;
    for (k, (_, panel)) in p.panels.iter().enumerate() {
        let Figure::Graph(g) = &panel.figure else {
            bail!(
                "the CS Academy graph editor draws graphs, and this input is drawn as a {}: use --format svg or dot",
                kind(&panel.figure)
            );
        };
        let name = |v: usize| {
            let word = g.nodes[v].name.replace(char::is_whitespace, "_");
            if several {
                format!("{}.{word}", k + 1)
            } else {
                word
            }
        };
        for v in 0..g.nodes.len() {
            let _ = writeln!(out, "{}", name(v));
        }
        for e in &g.edges {
            match &e.label {
                Some(l) => {
                    let _ = writeln!(
                        out,
                        "{} {} {}",
                        name(e.from),
                        name(e.to),
                        l.replace(char::is_whitespace, "_")
                    );
                }
                None => {
                    let _ = writeln!(out, "{} {}", name(e.from), name(e.to));
                }
            }
        }
    }
    Ok(out)
}

fn kind(f: &Figure) -> &'static str {
    match f {
        Figure::Graph(_) => "graph",
        Figure::Grid(_) => "grid",
        Figure::Bars(_) => "row of piles",
        Figure::Sequence(_) => "sequence",
    }
}
