//! SVG: the panels stacked under the caption, each figure at its own scale.
//!
//! Every vertex is one `<circle class="node">`, every edge one
//! `<path class="edge">` (a loop or a parallel edge bent so each shows), a
//! grid cell one `<rect class="cell">`, a bar one `<rect class="bar">`, a
//! box of a sequence one `<rect class="item">`: a reader, or a test, counts
//! them by class, and a marked one (a winning move, a losing position)
//! carries the class `marked` too.

use std::collections::HashMap;
use std::fmt::Write;

use super::layout::Layout;
use super::{escape, Bars, Figure, Graph, Grid, Picture, Sequence, Tone};

const MARGIN: f64 = 16.0;
const LINE: f64 = 17.0;
/// The width of a character of the 12px sans-serif text, about.
const CHAR: f64 = 7.6;
const COLUMN: f64 = 56.0;
const LAYER: f64 = 80.0;
const RADIUS: f64 = 13.0;
const CELL: f64 = 32.0;
const BAR: f64 = 30.0;
const BAR_HEIGHT: f64 = 150.0;
const RED: &str = "#d62728";
const BLUE: &str = "#1f5fbf";

/// A drawn piece: its size and its elements, from `(0, 0)`.
struct Block {
    width: f64,
    height: f64,
    body: String,
}

pub fn picture(p: &Picture) -> String {
    let mut blocks = Vec::new();
    let mut head = lines(std::slice::from_ref(&p.title), "title");
    head.height += 2.0;
    blocks.push(head);
    blocks.push(lines(&p.caption, "caption"));
    for (title, panel) in &p.panels {
        if !title.is_empty() {
            blocks.push(lines(std::slice::from_ref(title), "panel"));
        }
        blocks.push(figure(&panel.figure));
        blocks.push(lines(&panel.notes, "note"));
    }
    let width = blocks.iter().map(|b| b.width).fold(120.0, f64::max) + 2.0 * MARGIN;
    let mut y = MARGIN;
    let mut body = String::new();
    for b in blocks.iter().filter(|b| b.height > 0.0) {
        let _ = writeln!(body, "<g transform=\"translate({MARGIN},{y})\">\n{}</g>", b.body);
        y += b.height + 6.0;
    }
    let height = y + MARGIN;
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} \
         {height:.0}\" font-family=\"sans-serif\" font-size=\"12\">\n<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" \
         refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L \
         0 10 z\" fill=\"#333\"/></marker></defs>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n{body}</svg>\n"
    )
}

fn lines(text: &[String], class: &str) -> Block {
    let mut body = String::new();
    let weight = if class == "title" || class == "panel" {
        " font-weight=\"bold\""
    } else {
        ""
    };
    for (k, line) in text.iter().enumerate() {
        let _ = writeln!(
            body,
            "<text class=\"{class}\" x=\"0\" y=\"{:.0}\"{weight}>{}</text>",
            LINE * (k as f64 + 1.0) - 4.0,
            escape(line)
        );
    }
    Block {
        width: text
            .iter()
            .map(|l| l.chars().count() as f64 * if weight.is_empty() { CHAR } else { 1.1 * CHAR })
            .fold(0.0, f64::max),
        height: LINE * text.len() as f64,
        body,
    }
}

fn figure(f: &Figure) -> Block {
    match f {
        Figure::Graph(g) => graph(g),
        Figure::Grid(g) => grid(g),
        Figure::Bars(b) => bars(b),
        Figure::Sequence(s) => sequence(s),
    }
}

fn graph(g: &Graph) -> Block {
    let l = Layout::of(g);
    // Room above each layer for loops.
    let at = |v: usize| {
        (
            RADIUS + 8.0 + l.x[v] * COLUMN,
            RADIUS + 30.0 + l.layer[v] as f64 * LAYER,
        )
    };
    let mut body = String::new();
    let mut pairs: HashMap<(usize, usize), usize> = HashMap::new();
    for e in &g.edges {
        *pairs.entry((e.from.min(e.to), e.from.max(e.to))).or_default() += 1;
    }
    let mut seen: HashMap<(usize, usize), usize> = HashMap::new();
    for e in &g.edges {
        let key = (e.from.min(e.to), e.from.max(e.to));
        let k = *seen.entry(key).and_modify(|k| *k += 1).or_default();
        let (stroke, width) = if e.marked { (RED, 3.0) } else { ("#333", 1.5) };
        let class = if e.marked { "edge marked" } else { "edge" };
        let arrow = if g.directed { " marker-end=\"url(#arrow)\"" } else { "" };
        let (d, label_at) = if e.from == e.to {
            loop_path(at(e.from), k)
        } else {
            let tree = l.parent[e.to] == Some(e.from) || l.parent[e.from] == Some(e.to);
            let spread = (k as f64 - (pairs[&key] as f64 - 1.0) / 2.0) * 18.0;
            let bend = if spread == 0.0 && !tree { 24.0 } else { spread };
            arc_path(at(e.from), at(e.to), bend, g.directed)
        };
        let _ = writeln!(
            body,
            "<path class=\"{class}\" d=\"{d}\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"{width}\"{arrow}/>"
        );
        if let Some(label) = &e.label {
            let colour = if e.marked { RED } else { BLUE };
            let _ = writeln!(
                body,
                "<text class=\"edge-label\" x=\"{:.1}\" y=\"{:.1}\" fill=\"{colour}\" text-anchor=\"middle\" \
                 font-size=\"11\" stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\">{}</text>",
                label_at.0,
                label_at.1 + 4.0,
                escape(label)
            );
        }
    }
    // A root wears a second ring (the ground, in Hackenbush): a bar above it would cross its loops.
    for &r in &g.roots {
        let (x, y) = at(r);
        let _ = writeln!(
            body,
            "<circle class=\"root\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{}\" fill=\"none\" stroke=\"#7a5a2a\" \
             stroke-width=\"3\"/>",
            RADIUS + 4.0
        );
    }
    for (v, node) in g.nodes.iter().enumerate() {
        let (x, y) = at(v);
        let (fill, ink, stroke, width) = match node.tone {
            Tone::Plain => ("white", "#111", "#333", 1.5),
            Tone::Dark => ("#222", "white", "#111", 1.5),
            Tone::Marked => ("#fde0dc", "#111", RED, 3.0),
        };
        let _ = writeln!(
            body,
            "<circle class=\"node\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{RADIUS}\" fill=\"{fill}\" stroke=\"{stroke}\" \
             stroke-width=\"{width}\"/>\n<text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{ink}\" \
             font-size=\"11\">{}</text>",
            y + 4.0,
            escape(&node.name)
        );
        if let Some(label) = &node.label {
            let _ = writeln!(
                body,
                "<text class=\"node-label\" x=\"{:.1}\" y=\"{:.1}\" fill=\"{BLUE}\" font-size=\"11\" stroke=\"white\" \
                 stroke-width=\"3\" paint-order=\"stroke\">{}</text>",
                x + RADIUS + 1.0,
                y - RADIUS + 2.0,
                escape(label)
            );
        }
    }
    let longest_label = g
        .nodes
        .iter()
        .filter_map(|n| n.label.as_ref())
        .map(|l| l.chars().count() as f64 * CHAR)
        .fold(0.0, f64::max);
    Block {
        width: l.width * COLUMN + 2.0 * RADIUS + 16.0 + longest_label,
        height: l.depth as f64 * LAYER + 24.0,
        body,
    }
}

/// A quadratic curve from `a` to `b` bowed `bend` pixels to the side (a line
/// when 0), ended short of `b`'s circle when it carries an arrow; and the
/// point halfway along it, for its label.
fn arc_path(a: (f64, f64), b: (f64, f64), bend: f64, arrow: bool) -> (String, (f64, f64)) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length = dx.hypot(dy).max(1.0);
    let normal = (-dy / length, dx / length);
    let middle = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    let control = (middle.0 + normal.0 * 2.0 * bend, middle.1 + normal.1 * 2.0 * bend);
    let towards = |from: (f64, f64), to: (f64, f64)| {
        let (ex, ey) = (to.0 - from.0, to.1 - from.1);
        let d = ex.hypot(ey).max(1.0);
        (to.0 - ex / d * RADIUS, to.1 - ey / d * RADIUS)
    };
    let start = towards(control, a);
    let end = if arrow { towards(control, b) } else { b };
    let peak = (middle.0 + normal.0 * bend, middle.1 + normal.1 * bend);
    let d = if bend == 0.0 {
        format!("M {:.1} {:.1} L {:.1} {:.1}", start.0, start.1, end.0, end.1)
    } else {
        format!(
            "M {:.1} {:.1} Q {:.1} {:.1} {:.1} {:.1}",
            start.0, start.1, control.0, control.1, end.0, end.1
        )
    };
    (d, peak)
}

/// The `k`-th loop at a vertex: a teardrop above it, each one larger.
fn loop_path(at: (f64, f64), k: usize) -> (String, (f64, f64)) {
    let (x, y) = at;
    let size = 14.0 + 8.0 * k as f64;
    let top = y - RADIUS - 1.6 * size;
    let d = format!(
        "M {:.1} {:.1} C {:.1} {:.1} {:.1} {:.1} {:.1} {:.1}",
        x - 5.0,
        y - RADIUS + 1.0,
        x - 5.0 - size,
        top,
        x + 5.0 + size,
        top,
        x + 5.0,
        y - RADIUS + 1.0
    );
    (d, (x, y - RADIUS - 1.2 * size))
}

fn tone_fill(tone: Tone, plain: &'static str) -> (&'static str, &'static str) {
    match tone {
        Tone::Plain => (plain, "#111"),
        Tone::Dark => ("#333", "white"),
        Tone::Marked => ("#f6b8b0", "#111"),
    }
}

/// The shade of a heat map's cell: pale yellow to deep blue.
fn heat_fill(heat: f64) -> String {
    let t = heat.clamp(0.0, 1.0);
    let mix = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
    format!(
        "#{:02x}{:02x}{:02x}",
        mix(255.0, 40.0),
        mix(247.0, 90.0),
        mix(214.0, 170.0)
    )
}

fn grid(g: &Grid) -> Block {
    let name = |names: &[String], k: usize| names.get(k).cloned().unwrap_or_else(|| (k + 1).to_string());
    let mut body = String::new();
    let left = 10.0
        + (0..g.rows)
            .map(|r| name(&g.row_names, r).len() as f64 * 6.0)
            .fold(12.0, f64::max);
    let top = 16.0;
    for c in 0..g.cols {
        let _ = writeln!(
            body,
            "<text x=\"{:.1}\" y=\"11\" text-anchor=\"middle\" fill=\"#777\" font-size=\"10\">{}</text>",
            left + (c as f64 + 0.5) * CELL,
            escape(&name(&g.col_names, c))
        );
    }
    for r in 0..g.rows {
        let y = top + r as f64 * CELL;
        let _ = writeln!(
            body,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"#777\" font-size=\"10\">{}</text>",
            left - 5.0,
            y + CELL / 2.0 + 4.0,
            escape(&name(&g.row_names, r))
        );
        for c in 0..g.cols {
            let cell = &g.cells[r * g.cols + c];
            let x = left + c as f64 * CELL;
            let (fill, ink) = match (cell.tone, cell.heat) {
                (Tone::Plain, Some(h)) => {
                    let ink = if h > 0.55 { "white" } else { "#111" };
                    (heat_fill(h), ink)
                }
                (tone, _) => {
                    let (fill, ink) = tone_fill(tone, "#f4f1e8");
                    (fill.to_string(), ink)
                }
            };
            let class = if cell.tone == Tone::Marked {
                "cell marked"
            } else {
                "cell"
            };
            let _ = writeln!(
                body,
                "<rect class=\"{class}\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" \
                 stroke=\"#555\"/>\n<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{ink}\">{}</text>",
                x + CELL / 2.0,
                y + CELL / 2.0 + 4.0,
                escape(&cell.text)
            );
        }
    }
    Block {
        width: left + g.cols as f64 * CELL,
        height: top + g.rows as f64 * CELL + 4.0,
        body,
    }
}

fn bars(b: &Bars) -> Block {
    let most = b.bars.iter().map(|b| b.value).max().unwrap_or(0).max(1);
    let mut body = String::new();
    let mut width: f64 = 0.0;
    let top = 16.0;
    let mut x = 0.0;
    for bar in &b.bars {
        let text = bar.value.to_string();
        let room = BAR.max(text.len() as f64 * CHAR + 6.0);
        // Heights in proportion, and at least a sliver so an empty pile still shows.
        let height = (bar.value as f64 / most as f64 * BAR_HEIGHT).max(2.0);
        let (fill, _) = tone_fill(bar.tone, "#7fa8d8");
        let centre = x + room / 2.0;
        let bottom = top + BAR_HEIGHT;
        let (class, ink) = match bar.tone {
            Tone::Marked => ("bar marked", RED),
            _ => ("bar", "#111"),
        };
        let _ = writeln!(
            body,
            "<rect class=\"{class}\" x=\"{:.1}\" y=\"{:.1}\" width=\"{BAR}\" height=\"{height:.1}\" fill=\"{fill}\" \
             stroke=\"#335\"/>\n<text x=\"{centre:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{ink}\">{}</text>\n<text \
             x=\"{centre:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#555\">{}</text>",
            centre - BAR / 2.0,
            bottom - height,
            bottom - height - 4.0,
            text,
            bottom + 15.0,
            escape(&bar.name)
        );
        if let Some(label) = &bar.label {
            let _ = writeln!(
                body,
                "<text class=\"bar-label\" x=\"{centre:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{BLUE}\">{}</text>",
                bottom + 30.0,
                escape(label)
            );
        }
        x += room + 8.0;
        width = x;
    }
    let labelled = b.bars.iter().any(|b| b.label.is_some());
    Block {
        width,
        height: top + BAR_HEIGHT + if labelled { 36.0 } else { 22.0 },
        body,
    }
}

fn sequence(s: &Sequence) -> Block {
    let name_width = s
        .rows
        .iter()
        .map(|(n, _)| n.chars().count() as f64 * CHAR)
        .fold(0.0, f64::max)
        + 8.0;
    let mut body = String::new();
    let mut width: f64 = 0.0;
    for (r, (name, boxes)) in s.rows.iter().enumerate() {
        let y = r as f64 * (CELL + 6.0);
        let _ = writeln!(
            body,
            "<text x=\"0\" y=\"{:.1}\" fill=\"#555\">{}</text>",
            y + CELL / 2.0 + 4.0,
            escape(name)
        );
        let mut x = name_width;
        for cell in boxes {
            let room = CELL.max(cell.text.chars().count() as f64 * CHAR + 8.0);
            let (fill, ink) = tone_fill(cell.tone, "#f4f1e8");
            let _ = writeln!(
                body,
                "<rect class=\"item\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{room:.1}\" height=\"{CELL}\" rx=\"4\" \
                 fill=\"{fill}\" stroke=\"#555\"/>\n<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" \
                 fill=\"{ink}\">{}</text>",
                x + room / 2.0,
                y + CELL / 2.0 + 4.0,
                escape(&cell.text)
            );
            x += room + 3.0;
        }
        width = width.max(x);
    }
    Block {
        width,
        height: s.rows.len() as f64 * (CELL + 6.0),
        body,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::show::{Edge, Node, Panel};

    #[test]
    fn loops_and_parallel_edges_each_get_a_path_of_their_own() {
        let g = Graph {
            nodes: vec![Node::named(1), Node::named(2)],
            edges: vec![Edge::new(0, 1), Edge::new(0, 1), Edge::new(1, 1), Edge::new(1, 1)],
            roots: vec![0],
            directed: false,
        };
        let p = Picture {
            title: "t".into(),
            caption: vec![],
            panels: vec![(String::new(), Panel::new(Figure::Graph(g)))],
        };
        let svg = picture(&p);
        let paths: Vec<&str> = svg.lines().filter(|l| l.contains("class=\"edge")).collect();
        assert_eq!(paths.len(), 4);
        let mut shapes: Vec<&str> = paths.iter().map(|l| l.split("d=\"").nth(1).unwrap()).collect();
        shapes.sort();
        shapes.dedup();
        assert_eq!(shapes.len(), 4, "two edges share a drawing: {paths:?}");
        assert_eq!(svg.matches("class=\"node\"").count(), 2);
    }
}
