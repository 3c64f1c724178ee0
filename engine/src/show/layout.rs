//! Where each vertex of a [`Graph`] goes: layers from the roots down, and a
//! tidy order within each layer.
//!
//! Problem: place a rooted multigraph (or a DAG) so that the root is on top,
//! a tree looks like a tree, and the edges that close cycles stand out.
//!
//! Idea: a spanning forest fixes the layers: breadth-first from the roots for
//! an undirected graph (so a vertex's layer is its distance to the root, and
//! every edge joins a layer to itself or a neighbouring one), the longest
//! path from a source for a directed one (so every arc points down). In the
//! forest, each leaf gets a column of its own and each parent is centred over
//! its children, Wetherell and Shannon's tidy drawing without Reingold and
//! Tilford's packing: subtrees never overlap, at the price of some width. The
//! edges outside the forest (back and cross edges, loops, parallel edges) are
//! the renderer's to bend.
//!
//! Complexity: `O(n + m)`, iteratively (no recursion a long path overflows).
//!
//! Reference: C. Wetherell, A. Shannon, "Tidy drawings of trees", IEEE TSE
//! 1979; E. Reingold, J. Tilford, "Tidier drawings of trees", IEEE TSE 1981.

use std::collections::VecDeque;

use super::Graph;

/// The place of each vertex and the spanning forest that fixed it.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// The column of each vertex (half columns centre a parent).
    pub x: Vec<f64>,
    pub layer: Vec<usize>,
    /// Each vertex's parent in the spanning forest; `None` for its roots.
    pub parent: Vec<Option<usize>>,
    /// The vertices by layer, then column: nearest the roots first.
    pub order: Vec<usize>,
    /// Columns used.
    pub width: f64,
    /// Layers used.
    pub depth: usize,
}

impl Layout {
    pub fn of(g: &Graph) -> Layout {
        let n = g.nodes.len();
        let (layer, parent) = if g.directed { longest_path(g) } else { breadth_first(g) };
        let mut children = vec![Vec::new(); n];
        let mut tops = Vec::new();
        for (v, p) in parent.iter().enumerate() {
            match p {
                Some(p) => children[*p].push(v),
                None => tops.push(v),
            }
        }
        // The named roots first, in their order: the picture starts where the game does.
        tops.sort_by_key(|&v| (g.roots.iter().position(|&r| r == v).unwrap_or(usize::MAX), v));
        if !g.directed {
            for c in &mut children {
                c.sort_by_key(|&v| (layer[v], v));
            }
        }
        let x = tidy(&tops, &children, n);
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| layer[a].cmp(&layer[b]).then(x[a].total_cmp(&x[b])));
        let width = x.iter().copied().fold(0.0, f64::max) + 1.0;
        let depth = layer.iter().max().map_or(0, |d| d + 1);
        Layout {
            x,
            layer,
            parent,
            order,
            width,
            depth,
        }
    }
}

/// Distances from the roots, then from each vertex no root reaches, in index order.
fn breadth_first(g: &Graph) -> (Vec<usize>, Vec<Option<usize>>) {
    let n = g.nodes.len();
    let mut adjacent = vec![Vec::new(); n];
    for e in &g.edges {
        adjacent[e.from].push(e.to);
        adjacent[e.to].push(e.from);
    }
    let mut layer = vec![usize::MAX; n];
    let mut parent = vec![None; n];
    let starts = g.roots.iter().copied().chain(0..n);
    let mut queue = VecDeque::new();
    for s in starts {
        if layer[s] != usize::MAX {
            continue;
        }
        layer[s] = 0;
        queue.push_back(s);
        while let Some(u) = queue.pop_front() {
            for &v in &adjacent[u] {
                if layer[v] == usize::MAX {
                    layer[v] = layer[u] + 1;
                    parent[v] = Some(u);
                    queue.push_back(v);
                }
            }
        }
    }
    (layer, parent)
}

/// Longest paths from the sources (Kahn's order); the parent is the lowest
/// numbered predecessor one layer up. Vertices on a cycle, which a DAG has
/// none of, stay on top.
fn longest_path(g: &Graph) -> (Vec<usize>, Vec<Option<usize>>) {
    let n = g.nodes.len();
    let mut out = vec![Vec::new(); n];
    let mut indegree = vec![0usize; n];
    for e in &g.edges {
        out[e.from].push(e.to);
        indegree[e.to] += 1;
    }
    let mut layer = vec![0usize; n];
    let mut ready: VecDeque<usize> = (0..n).filter(|&v| indegree[v] == 0).collect();
    while let Some(u) = ready.pop_front() {
        for &v in &out[u] {
            layer[v] = layer[v].max(layer[u] + 1);
            indegree[v] -= 1;
            if indegree[v] == 0 {
                ready.push_back(v);
            }
        }
    }
    let mut parent: Vec<Option<usize>> = vec![None; n];
    for e in &g.edges {
        if e.from != e.to && layer[e.to] == layer[e.from] + 1 && parent[e.to].is_none_or(|p| e.from < p) {
            parent[e.to] = Some(e.from);
        }
    }
    (layer, parent)
}

/// Columns: leaves left to right in post-order, each parent at the middle of
/// its first and last child; half a column between trees.
fn tidy(tops: &[usize], children: &[Vec<usize>], n: usize) -> Vec<f64> {
    let mut x = vec![0.0; n];
    let mut next = 0.0;
    for &top in tops {
        let mut stack = vec![(top, 0usize)];
        while let Some((v, k)) = stack.pop() {
            if let Some(&c) = children[v].get(k) {
                stack.push((v, k + 1));
                stack.push((c, 0));
                continue;
            }
            x[v] = match (children[v].first(), children[v].last()) {
                (Some(&a), Some(&b)) => (x[a] + x[b]) / 2.0,
                _ => {
                    next += 1.0;
                    next - 1.0
                }
            };
        }
        next += 0.5;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::show::{Edge, Node};

    fn graph(n: usize, edges: &[(usize, usize)], directed: bool) -> Graph {
        Graph {
            nodes: (1..=n).map(Node::named).collect(),
            edges: edges.iter().map(|&(u, v)| Edge::new(u, v)).collect(),
            roots: vec![0],
            directed,
        }
    }

    #[test]
    fn a_root_sits_over_the_middle_of_its_children() {
        // 1 with children 2, 3, 4; 3 has a child 5.
        let l = Layout::of(&graph(5, &[(0, 1), (0, 2), (0, 3), (2, 4)], false));
        assert_eq!(l.layer, vec![0, 1, 1, 1, 2]);
        assert_eq!(l.x[1..4], [0.0, 1.0, 2.0]);
        assert_eq!(l.x[0], 1.0);
        assert_eq!(l.x[4], 1.0);
        assert_eq!(l.order, vec![0, 1, 2, 3, 4]);
    }

    #[test]
    fn a_cycle_through_the_root_closes_one_layer_down() {
        // The triangle 1-2-3: 2 and 3 both at distance 1, the edge 2-3 outside the tree.
        let l = Layout::of(&graph(3, &[(0, 1), (1, 2), (2, 0)], false));
        assert_eq!(l.layer, vec![0, 1, 1]);
        assert_eq!(l.parent, vec![None, Some(0), Some(0)]);
    }

    #[test]
    fn every_arc_of_a_dag_points_down() {
        let arcs = [(0, 1), (1, 2), (0, 2), (3, 2)];
        let l = Layout::of(&graph(4, &arcs, true));
        for (u, v) in arcs {
            assert!(l.layer[u] < l.layer[v], "{u}->{v}: {:?}", l.layer);
        }
        assert_eq!(l.layer[2], 2, "the longest path to 3 has two arcs");
    }

    #[test]
    fn a_long_path_lays_out_without_recursion() {
        let edges: Vec<(usize, usize)> = (1..200_000).map(|v| (v - 1, v)).collect();
        let l = Layout::of(&graph(200_000, &edges, false));
        assert_eq!(l.depth, 200_000);
    }
}
