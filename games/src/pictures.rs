//! What the problems' drawings share: a judge's graph as a picture's graph,
//! piles as bars, and Hackenbush's values and winning cuts from brute.
//!
//! A value shown is brute's, found from the rules on the position itself
//! (a subtree, the graph less one edge); past the budget it is left out and
//! the panel says so. Drawing an instance of `n` vertices and `m` edges calls
//! brute `m` times for the cuts and `n` times for subtree values, so both are
//! asked only up to the drawing's size ([`MAX_NODES`]).

use brute::{Budget, TooBig};
use engine::show::{Bar, Bars, Cell, Edge, Figure, Graph, Node, Panel, Tone, MAX_NODES};
use engine::{answer_text, Problem};

/// A judge's graph on vertices `0..n` (named `1..=n`) with root 0.
pub fn rooted(n: usize, edges: &[(u32, u32)], directed: bool) -> Graph {
    Graph {
        nodes: (1..=n).map(Node::named).collect(),
        edges: edges.iter().map(|&(u, v)| Edge::new(u as usize, v as usize)).collect(),
        roots: if n > 0 { vec![0] } else { vec![] },
        directed,
    }
}

/// Piles as bars named `1..`, or by `name`.
pub fn bars(piles: impl IntoIterator<Item = u64>, name: impl Fn(usize) -> String) -> Bars {
    Bars {
        bars: piles
            .into_iter()
            .enumerate()
            .map(|(k, value)| Bar {
                name: name(k),
                value,
                label: None,
                tone: Tone::Plain,
            })
            .collect(),
    }
}

/// A row of values as boxes.
pub fn cells<T: ToString>(values: &[T]) -> Vec<Cell> {
    values.iter().map(|v| Cell::new(v.to_string(), Tone::Plain)).collect()
}

/// What a panel says of a value brute could not reach.
pub fn beyond(what: &str, e: TooBig) -> String {
    format!(
        "{what} left out: beyond brute's reach ({} states, or more options than a drawing searches)",
        e.max_states
    )
}

/// What a panel says of values not asked for at this size.
pub fn too_large(what: &str) -> String {
    format!("{what} left out: the instance is larger than a drawing ({MAX_NODES} vertices)")
}

/// Hackenbush with edge `k` cut: brute's value of what stays connected to the root.
fn value_without(n: usize, edges: &[(u32, u32)], k: usize, budget: &Budget) -> Result<u32, TooBig> {
    let rest: Vec<(u32, u32)> = edges
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != k)
        .map(|(_, &e)| e)
        .collect();
    brute::hackenbush::grundy(n, &rest, budget)
}

/// The edges whose cut leaves value 0, each found by brute on the graph
/// without it: Hackenbush's winning moves.
pub fn winning_cuts(n: usize, edges: &[(u32, u32)], budget: &Budget) -> Result<Vec<usize>, TooBig> {
    if edges.len() > 2 * MAX_NODES {
        return Err(TooBig::states(budget.max_states));
    }
    let mut cuts = Vec::new();
    for k in 0..edges.len() {
        if value_without(n, edges, k, budget)? == 0 {
            cuts.push(k);
        }
    }
    Ok(cuts)
}

/// A cut in words, in the judge's numbering: `cut edge 3 (2–5), leaving value 0`.
pub fn cut_words(prefix: &str, k: usize, (u, v): (u32, u32)) -> String {
    format!("cut {prefix}edge {} ({}–{}), leaving value 0", k + 1, u + 1, v + 1)
}

/// Each vertex's subtree value in a tree rooted at 0 (Hackenbush on the
/// subtree hung from the ground at that vertex), by brute on each subtree.
pub fn subtree_values(n: usize, edges: &[(u32, u32)], budget: &Budget) -> Result<Vec<u32>, TooBig> {
    let mut adjacent = vec![Vec::new(); n];
    for &(u, v) in edges {
        adjacent[u as usize].push(v as usize);
        adjacent[v as usize].push(u as usize);
    }
    let mut parent = vec![usize::MAX; n];
    let mut order = vec![0];
    parent[0] = 0;
    let mut k = 0;
    while k < order.len() {
        let u = order[k];
        k += 1;
        for &v in &adjacent[u] {
            if parent[v] == usize::MAX {
                parent[v] = u;
                order.push(v);
            }
        }
    }
    (0..n)
        .map(|top| {
            // The subtree of `top`, renumbered with `top` as 0.
            let mut id = vec![u32::MAX; n];
            id[top] = 0;
            let mut inside = vec![top];
            let mut arcs = Vec::new();
            let mut j = 0;
            while j < inside.len() {
                let u = inside[j];
                j += 1;
                for &v in &adjacent[u] {
                    if parent[v] == u && v != u && id[v] == u32::MAX {
                        id[v] = inside.len() as u32;
                        inside.push(v);
                        arcs.push((id[u], id[v]));
                    }
                }
            }
            brute::hackenbush::grundy(inside.len(), &arcs, budget)
        })
        .collect()
}

/// A rooted Hackenbush graph drawn with brute's value, its winning cuts
/// marked (and numbered) and, for a tree, each vertex's subtree value.
pub fn hackenbush(n: usize, edges: &[(u32, u32)], budget: &Budget) -> Panel {
    let mut g = rooted(n, edges, false);
    let mut notes = Vec::new();
    match brute::hackenbush::grundy(n, edges, budget) {
        Ok(value) => notes.push(format!("value {value} (brute)")),
        Err(e) => notes.push(beyond("the value", e)),
    }
    let is_tree = gen::Graph::new(n, edges.to_vec()).is_tree();
    if n > MAX_NODES {
        notes.push(too_large("subtree values and winning cuts"));
    } else {
        if is_tree {
            match subtree_values(n, edges, budget) {
                Ok(values) => {
                    for (node, v) in g.nodes.iter_mut().zip(values) {
                        node.label = Some(format!("g={v}"));
                    }
                    notes.push("g= beside a vertex: the value of its subtree hung from the ground".to_string());
                }
                Err(e) => notes.push(beyond("subtree values", e)),
            }
        }
        match winning_cuts(n, edges, budget) {
            Ok(cuts) => {
                for &k in &cuts {
                    g.edges[k].marked = true;
                    g.edges[k].label = Some(format!("#{}", k + 1));
                }
                notes.push(cuts_note(cuts.len()));
            }
            Err(e) => notes.push(beyond("winning cuts", e)),
        }
    }
    Panel {
        figure: Figure::Graph(g),
        notes,
    }
}

/// A picture's note on its marked winning cuts.
fn cuts_note(cuts: usize) -> String {
    match cuts {
        0 => "no winning cut: the position is lost".to_string(),
        1 => "1 winning cut marked (it leaves value 0)".to_string(),
        c => format!("{c} winning cuts marked (each leaves value 0)"),
    }
}

/// Hackenbush's winning moves in words.
pub fn hackenbush_moves(n: usize, edges: &[(u32, u32)], budget: &Budget) -> Result<Option<Vec<String>>, TooBig> {
    let cuts = winning_cuts(n, edges, budget)?;
    Ok(Some(cuts.into_iter().map(|k| cut_words("", k, edges[k])).collect()))
}

/// A panel with brute's answer in the judge's words, or why it is left out.
pub fn with_answer<P: Problem>(panel: Panel, answer: Result<P::Answer, TooBig>) -> Panel {
    let note = match answer {
        Ok(a) => {
            let words = answer_text::<P>(&a).split_whitespace().collect::<Vec<_>>().join(" ");
            match words.char_indices().nth(120) {
                Some((cut, _)) => format!("brute's answer: {}...", &words[..cut]),
                None => format!("brute's answer: {words}"),
            }
        }
        Err(e) => beyond("brute's answer", e),
    };
    panel.note(note)
}

/// How many moves of a principal line the notes spell out.
const LINE_SHOWN: usize = 12;

/// The principal line of a node-taking game beside its picture: the order of play written on
/// each node taken (`w=5 #1`), and the line in words in the notes, or why brute gave none.
pub fn with_line(mut panel: Panel, line: Result<Vec<usize>, TooBig>, weights: &[u64]) -> Panel {
    let line = match line {
        Ok(line) => line,
        Err(e) => return panel.note(beyond("the principal line", e)),
    };
    if let Figure::Graph(g) = &mut panel.figure {
        for (k, &v) in line.iter().enumerate() {
            if let Some(label) = g.nodes.get_mut(v).and_then(|node| node.label.as_mut()) {
                label.push_str(&format!(" #{}", k + 1));
            }
        }
    }
    let moves = line.iter().enumerate().map(|(k, &v)| {
        let who = if k % 2 == 0 { "First" } else { "Second" };
        format!("{who} takes {} (w={})", v + 1, weights[v])
    });
    panel.note(line_note(Ok(moves.collect())))
}

/// A principal line in words, its first [`LINE_SHOWN`] moves spelled out, or why brute gave
/// none: the note a scoring game's picture carries.
pub fn line_note(moves: Result<Vec<String>, TooBig>) -> String {
    let moves = match moves {
        Ok(moves) => moves,
        Err(e) => return beyond("the principal line", e),
    };
    if moves.is_empty() {
        return "principal line (brute): no move".into();
    }
    let more = moves.len().saturating_sub(LINE_SHOWN);
    let tail = if more > 0 {
        format!(", and {more} more moves")
    } else {
        String::new()
    };
    format!(
        "principal line (brute): {}{tail}",
        moves[..moves.len().min(LINE_SHOWN)].join(", ")
    )
}

/// A sum of rooted graphs (christmas-game): one picture, each graph hung
/// from its own root with its value there, vertex `v` of graph `g` named
/// `g.v` (`v` when there is one graph); the cuts that leave the whole sum at value 0 marked.
pub fn hackenbush_sum(graphs: &[gen::Graph], budget: &Budget) -> Panel {
    let mut g = Graph::default();
    let mut notes = Vec::new();
    let mut values = Vec::new();
    for (k, part) in graphs.iter().enumerate() {
        let base = g.nodes.len();
        g.roots.push(base);
        let name = |v: usize| {
            if graphs.len() == 1 {
                v.to_string()
            } else {
                format!("{}.{v}", k + 1)
            }
        };
        g.nodes.extend((1..=part.n).map(|v| Node::named(name(v))));
        g.edges.extend(
            part.edges
                .iter()
                .map(|&(u, v)| Edge::new(base + u as usize, base + v as usize)),
        );
        match brute::hackenbush::grundy(part.n, &part.edges, budget) {
            Ok(v) => {
                g.nodes[base].label = Some(format!("g={v}"));
                values.push(Some(v));
            }
            Err(_) => values.push(None),
        }
    }
    if let Some(values) = values.iter().copied().collect::<Option<Vec<u32>>>() {
        let sum = values.iter().fold(0, |x, v| x ^ v);
        notes.push(format!(
            "value {sum} (brute): the XOR of the graphs' values, beside their roots"
        ));
    } else {
        notes.push("some graphs' values left out: brute needs more states".to_string());
    }
    if g.nodes.len() > MAX_NODES {
        notes.push(too_large("winning cuts"));
    } else {
        match winning_sum_cuts(graphs, budget) {
            Ok(cuts) => {
                let mut first_edge = 0;
                for (k, part) in graphs.iter().enumerate() {
                    for (j, _) in cuts.iter().filter(|(c, _)| *c == k) {
                        g.edges[first_edge + j].marked = true;
                        g.edges[first_edge + j].label = Some(format!("#{}", j + 1));
                    }
                    first_edge += part.edges.len();
                }
                notes.push(cuts_note(cuts.len()));
            }
            Err(e) => notes.push(beyond("winning cuts", e)),
        }
    }
    Panel {
        figure: Figure::Graph(g),
        notes,
    }
}

/// The cuts `(graph, edge)` after which the sum is worth 0: the graph's
/// value without the edge equals the XOR of the others'.
fn winning_sum_cuts(graphs: &[gen::Graph], budget: &Budget) -> Result<Vec<(usize, usize)>, TooBig> {
    let values = graphs
        .iter()
        .map(|g| brute::hackenbush::grundy(g.n, &g.edges, budget))
        .collect::<Result<Vec<u32>, TooBig>>()?;
    let sum = values.iter().fold(0, |x, v| x ^ v);
    let mut cuts = Vec::new();
    for (k, g) in graphs.iter().enumerate() {
        options_within(g.edges.len() as u64, budget)?;
        for j in 0..g.edges.len() {
            if value_without(g.n, &g.edges, j, budget)? == sum ^ values[k] {
                cuts.push((k, j));
            }
        }
    }
    Ok(cuts)
}

/// [`winning_sum_cuts`] in words.
pub fn hackenbush_sum_moves(graphs: &[gen::Graph], budget: &Budget) -> Result<Vec<String>, TooBig> {
    Ok(winning_sum_cuts(graphs, budget)?
        .into_iter()
        .map(|(k, j)| cut_words(&format!("graph {}'s ", k + 1), j, graphs[k].edges[j]))
        .collect())
}

/// The most options a winning-move search looks at: each is one more brute value.
pub const MAX_OPTIONS: u64 = 4096;

/// `Err(TooBig)` when a position has more than [`MAX_OPTIONS`] options.
pub fn options_within(count: u64, budget: &Budget) -> Result<(), TooBig> {
    if count > MAX_OPTIONS {
        Err(TooBig::states(budget.max_states))
    } else {
        Ok(())
    }
}

/// Piles drawn with brute's value, or why it is left out.
pub fn piles_panel(b: Bars, value: Result<u32, TooBig>) -> Panel {
    let note = match value {
        Ok(0) => "value 0 (brute): the player to move loses".to_string(),
        Ok(v) => format!("value {v} (brute): the player to move wins"),
        Err(e) => beyond("the value", e),
    };
    Panel::new(Figure::Bars(b)).note(note)
}

/// A position's winning moves as notes, marking nothing: the words are the picture.
pub fn with_moves(mut panel: Panel, moves: Result<Option<Vec<String>>, TooBig>) -> Panel {
    match moves {
        Ok(Some(moves)) if moves.is_empty() => panel.notes.push("no winning move: the position is lost".into()),
        Ok(Some(moves)) => {
            let shown = moves.len().min(5);
            for m in &moves[..shown] {
                panel.notes.push(format!("winning move: {m}"));
            }
            if moves.len() > shown {
                panel
                    .notes
                    .push(format!("and {} more winning moves", moves.len() - shown));
            }
        }
        Ok(None) => {}
        Err(e) => panel.notes.push(beyond("winning moves", e)),
    }
    panel
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_of_two_edges_is_won_by_cutting_its_top() {
        // 1-2-3 hangs from the ground at 1: value 2; cutting 1-2 leaves 0,
        // cutting 2-3 leaves a path of one edge, value 1.
        let budget = Budget::new(10_000);
        assert_eq!(winning_cuts(3, &[(0, 1), (1, 2)], &budget).unwrap(), vec![0]);
        assert_eq!(subtree_values(3, &[(0, 1), (1, 2)], &budget).unwrap(), vec![2, 1, 0]);
    }

    #[test]
    fn two_parallel_edges_are_lost() {
        // Two parallel edges at the root: value 0 by the colon principle (1 xor 1).
        let budget = Budget::new(10_000);
        assert!(winning_cuts(2, &[(0, 1), (0, 1)], &budget).unwrap().is_empty());
    }
}
