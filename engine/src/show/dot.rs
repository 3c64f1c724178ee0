//! Graphviz DOT: one `digraph`, a cluster per panel, for users who have
//! Graphviz (`dot -Tsvg`). An undirected edge is an arc drawn without its
//! head (`dir=none`), so directed and undirected panels share one file.
//! Grids, bars and sequences are HTML-like tables in one node.

use std::fmt::Write;

use super::{escape, Cell, Figure, Graph, Picture, Tone};

pub fn picture(p: &Picture) -> String {
    let mut out =
        String::from("digraph picture {\n  node [fontname=\"sans-serif\"];\n  edge [fontname=\"sans-serif\"];\n");
    let mut caption = vec![p.title.clone()];
    caption.extend(p.caption.iter().cloned());
    let _ = writeln!(out, "  labelloc=t;\n  label={};", quoted(&caption.join("\n")));
    for (k, (title, panel)) in p.panels.iter().enumerate() {
        let _ = writeln!(out, "  subgraph cluster_{k} {{");
        let mut label = vec![title.clone()];
        label.extend(panel.notes.iter().cloned());
        label.retain(|l| !l.is_empty());
        let _ = writeln!(out, "    label={};", quoted(&label.join("\n")));
        match &panel.figure {
            Figure::Graph(g) => graph(&mut out, k, g),
            Figure::Grid(g) => {
                let rows: Vec<&[Cell]> = g.cells.chunks(g.cols.max(1)).collect();
                table(
                    &mut out,
                    k,
                    &rows.iter().map(|r| (String::new(), r.to_vec())).collect::<Vec<_>>(),
                );
            }
            Figure::Bars(b) => {
                let cells = b
                    .bars
                    .iter()
                    .map(|bar| {
                        let label = bar.label.as_ref().map(|l| format!(" ({l})")).unwrap_or_default();
                        Cell::new(format!("{}: {}{label}", bar.name, bar.value), bar.tone)
                    })
                    .collect();
                table(&mut out, k, &[(String::new(), cells)]);
            }
            Figure::Sequence(s) => table(&mut out, k, &s.rows),
        }
        out.push_str("  }\n");
    }
    out.push_str("}\n");
    out
}

fn graph(out: &mut String, k: usize, g: &Graph) {
    for (v, node) in g.nodes.iter().enumerate() {
        let label = match &node.label {
            Some(l) => format!("{}\n{l}", node.name),
            None => node.name.clone(),
        };
        let style = match node.tone {
            Tone::Plain => "",
            Tone::Dark => ", style=filled, fillcolor=black, fontcolor=white",
            Tone::Marked => ", color=red, penwidth=3",
        };
        let shape = if g.roots.contains(&v) { "doublecircle" } else { "circle" };
        let _ = writeln!(out, "    p{k}n{v} [label={}, shape={shape}{style}];", quoted(&label));
    }
    for e in &g.edges {
        let mut attributes = Vec::new();
        if !g.directed {
            attributes.push("dir=none".to_string());
        }
        if let Some(l) = &e.label {
            attributes.push(format!("label={}", quoted(l)));
        }
        if e.marked {
            attributes.push("color=red, penwidth=3".to_string());
        }
        let _ = writeln!(out, "    p{k}n{} -> p{k}n{} [{}];", e.from, e.to, attributes.join(", "));
    }
}

fn table(out: &mut String, k: usize, rows: &[(String, Vec<Cell>)]) {
    let mut html = String::from("<table border=\"0\" cellborder=\"1\" cellspacing=\"0\">");
    for (name, cells) in rows {
        html.push_str("<tr>");
        if !name.is_empty() {
            let _ = write!(html, "<td border=\"0\">{}</td>", escape(name));
        }
        for c in cells {
            let colour = match c.tone {
                Tone::Plain => "",
                Tone::Dark => " bgcolor=\"black\"",
                Tone::Marked => " bgcolor=\"#f6b8b0\"",
            };
            let text = if c.tone == Tone::Dark {
                format!("<font color=\"white\">{}</font>", escape(&c.text))
            } else {
                escape(&c.text)
            };
            let _ = write!(html, "<td{colour}>{text}</td>");
        }
        html.push_str("</tr>");
    }
    html.push_str("</table>");
    let _ = writeln!(out, "    p{k}table [shape=plaintext, label=<{html}>];");
}

/// A DOT string: quotes and backslashes escaped, lines as `\n`.
fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            _ => out.push(c),
        }
    }
    out.push('"');
    out
}
