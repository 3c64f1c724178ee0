//! Pictures of instances: a small model of what can be drawn, knowing no game.
//!
//! A problem turns an instance into a [`Panel`] (`Problem::draw`): a graph
//! (rooted or not, directed or not, loops and parallel edges allowed), a grid
//! (boards, matrices), bars (piles) or a sequence of rows (cards, a row of
//! values), with nodes, edges and cells that may carry a label (a weight, a
//! Sprague-Grundy value) and a mark (a winning move). A [`Picture`] is the
//! panels of one input with its caption. Three renderers read the model:
//! SVG with the workspace's own layout ([`layout`], no external program),
//! Graphviz DOT, and the CS Academy graph editor's text (node names, then
//! `u v [label]` lines).
//!
//! Pictures stay readable up to [`MAX_NODES`] vertices or items and a
//! [`MAX_SIDE`]×[`MAX_SIDE`] grid, the sizes shrinking produces; [`Figure::clip`]
//! keeps what fits and says what it left out.
//!
//! Complexity: every renderer is linear in nodes, edges and cells after the
//! layout, which is `O(n + m)`.

mod csacademy;
mod dot;
pub mod draw;
pub mod invoke_report;
pub mod layout;
pub mod report;
mod svg;
pub mod testset_report;

pub use draw::{draw, Request, Subject as DrawSubject};

/// Vertices, bars or items a figure keeps.
pub const MAX_NODES: usize = 60;
/// Rows and columns a grid keeps.
pub const MAX_SIDE: usize = 20;
/// Cases of one input drawn.
pub const MAX_PANELS: usize = 12;

/// How a node, cell or bar stands out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Tone {
    #[default]
    Plain,
    /// Filled dark: a black vertex, a black piece.
    Dark,
    /// A winning move, or a losing position.
    Marked,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The judge's name of the vertex, e.g. `1`.
    pub name: String,
    /// Drawn beside the node: a weight, a value.
    pub label: Option<String>,
    pub tone: Tone,
}

impl Node {
    pub fn named(name: impl ToString) -> Node {
        Node {
            name: name.to_string(),
            label: None,
            tone: Tone::Plain,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    pub from: usize,
    pub to: usize,
    pub label: Option<String>,
    /// A winning move.
    pub marked: bool,
}

impl Edge {
    pub fn new(from: usize, to: usize) -> Edge {
        Edge {
            from,
            to,
            label: None,
            marked: false,
        }
    }
}

/// A graph, drawn in layers from its roots down.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Graph {
    pub nodes: Vec<Node>,
    pub edges: Vec<Edge>,
    /// Drawn on top; a part no root reaches hangs from its first node.
    pub roots: Vec<usize>,
    pub directed: bool,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct Cell {
    pub text: String,
    pub tone: Tone,
    /// A heat map's shade of a plain cell, from 0 (pale) to 1 (deep).
    pub heat: Option<f64>,
}

impl Cell {
    pub fn new(text: impl ToString, tone: Tone) -> Cell {
        Cell {
            text: text.to_string(),
            tone,
            heat: None,
        }
    }
}

/// A board or a matrix, row-major.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Grid {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<Cell>,
    /// The rows' and columns' names (a table's key values); `1..` when empty.
    pub row_names: Vec<String>,
    pub col_names: Vec<String>,
}

impl Grid {
    /// A `rows` x `cols` grid of `cells`, row-major, its rows and columns numbered from 1.
    pub fn new(rows: usize, cols: usize, cells: Vec<Cell>) -> Grid {
        Grid {
            rows,
            cols,
            cells,
            ..Grid::default()
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bar {
    pub name: String,
    pub value: u64,
    /// Drawn under the name: a value.
    pub label: Option<String>,
    pub tone: Tone,
}

/// Piles, as bars whose heights are their sizes.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Bars {
    pub bars: Vec<Bar>,
}

/// Rows of boxes: cards in piles, a row of values.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Sequence {
    /// Each row's name and boxes.
    pub rows: Vec<(String, Vec<Cell>)>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Figure {
    Graph(Graph),
    Grid(Grid),
    Bars(Bars),
    Sequence(Sequence),
}

/// One case of an input, drawn, with what the problem says about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    pub figure: Figure,
    /// Lines under the figure: values, the winning moves, what was left out.
    pub notes: Vec<String>,
}

impl Panel {
    pub fn new(figure: Figure) -> Panel {
        Panel {
            figure,
            notes: Vec::new(),
        }
    }

    pub fn note(mut self, line: impl ToString) -> Panel {
        self.notes.push(line.to_string());
        self
    }
}

/// The panels of one input and its caption.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Picture {
    pub title: String,
    pub caption: Vec<String>,
    pub panels: Vec<(String, Panel)>,
}

/// The formats a picture is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Svg,
    Png,
    Dot,
    CsAcademy,
}

impl Picture {
    /// The picture as text in `format` (PNG goes through SVG, [`draw()`]).
    pub fn render(&self, format: Format) -> anyhow::Result<String> {
        match format {
            Format::Svg | Format::Png => Ok(svg::picture(self)),
            Format::Dot => Ok(dot::picture(self)),
            Format::CsAcademy => csacademy::picture(self),
        }
    }

    /// Only the figure of each panel, as an HTML report inlines it.
    pub fn svg(&self) -> String {
        svg::picture(self)
    }
}

impl Figure {
    /// Keeps what stays readable and says what was left out: the first
    /// [`MAX_NODES`] vertices in layout order (so what is kept hangs
    /// together), bars or items, or the top-left [`MAX_SIDE`]² of a grid.
    pub fn clip(&mut self) -> Option<String> {
        match self {
            Figure::Graph(g) => clip_graph(g),
            Figure::Grid(g) => clip_grid(g),
            Figure::Bars(b) => clip_list(&mut b.bars, "bars"),
            Figure::Sequence(s) => {
                let total: usize = s.rows.iter().map(|(_, r)| r.len()).sum();
                if total <= MAX_NODES {
                    return None;
                }
                let mut room = MAX_NODES;
                for (_, row) in &mut s.rows {
                    row.truncate(room);
                    room -= row.len();
                }
                s.rows.retain(|(_, row)| !row.is_empty());
                Some(format!(
                    "drew {MAX_NODES} of {total} items (the first ones, row by row)"
                ))
            }
        }
    }
}

fn clip_list<T>(items: &mut Vec<T>, what: &str) -> Option<String> {
    let total = items.len();
    (total > MAX_NODES).then(|| {
        items.truncate(MAX_NODES);
        format!("drew the first {MAX_NODES} of {total} {what}")
    })
}

fn clip_grid(g: &mut Grid) -> Option<String> {
    if g.rows <= MAX_SIDE && g.cols <= MAX_SIDE {
        return None;
    }
    let (rows, cols) = (g.rows.min(MAX_SIDE), g.cols.min(MAX_SIDE));
    let cells = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (r, c)))
        .map(|(r, c)| g.cells[r * g.cols + c].clone())
        .collect();
    let note = format!("drew the top-left {rows}x{cols} of the {}x{} grid", g.rows, g.cols);
    g.row_names.truncate(rows);
    g.col_names.truncate(cols);
    g.rows = rows;
    g.cols = cols;
    g.cells = cells;
    Some(note)
}

fn clip_graph(g: &mut Graph) -> Option<String> {
    let n = g.nodes.len();
    if n <= MAX_NODES {
        return None;
    }
    let order = layout::Layout::of(g).order;
    let mut new_id = vec![usize::MAX; n];
    for (k, &v) in order.iter().take(MAX_NODES).enumerate() {
        new_id[v] = k;
    }
    let nodes = order.iter().take(MAX_NODES).map(|&v| g.nodes[v].clone()).collect();
    let m = g.edges.len();
    let edges: Vec<Edge> = g
        .edges
        .iter()
        .filter(|e| new_id[e.from] != usize::MAX && new_id[e.to] != usize::MAX)
        .map(|e| Edge {
            from: new_id[e.from],
            to: new_id[e.to],
            ..e.clone()
        })
        .collect();
    let roots = g
        .roots
        .iter()
        .map(|&r| new_id[r])
        .filter(|&r| r != usize::MAX)
        .collect();
    let note = format!(
        "drew {MAX_NODES} of {n} vertices (the nearest the roots) and {} of {m} edges",
        edges.len()
    );
    *g = Graph {
        nodes,
        edges,
        roots,
        directed: g.directed,
    };
    Some(note)
}

/// Escapes text for XML and HTML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(n: usize) -> Graph {
        Graph {
            nodes: (1..=n).map(Node::named).collect(),
            edges: (1..n).map(|v| Edge::new(v - 1, v)).collect(),
            roots: vec![0],
            directed: false,
        }
    }

    #[test]
    fn a_long_path_keeps_its_top() {
        let mut f = Figure::Graph(path(100));
        let note = f.clip().expect("100 vertices are past the limit");
        assert!(note.contains("60 of 100 vertices"), "{note}");
        let Figure::Graph(g) = f else { unreachable!() };
        assert_eq!(g.nodes.len(), 60);
        assert_eq!(g.edges.len(), 59);
        assert_eq!(g.nodes[0].name, "1");
        assert_eq!(g.nodes[59].name, "60");
    }

    #[test]
    fn a_small_figure_is_kept_whole() {
        let mut f = Figure::Graph(path(60));
        assert_eq!(f.clip(), None);
        let mut grid = Figure::Grid(Grid::new(30, 2, vec![Cell::default(); 60]));
        assert!(grid.clip().unwrap().contains("20x2 of the 30x2"));
    }
}
