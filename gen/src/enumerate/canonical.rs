//! Canonical forms of small vertex-coloured multigraphs and digraphs, and
//! their isomorphism classes grown one edge or one vertex at a time.
//!
//! Problem: list the connected rooted multigraphs (loops and parallel edges
//! allowed), the cacti and the vertex-weighted DAGs with a few vertices, each
//! isomorphism class once.
//!
//! Idea: individualization and refinement, as nauty does it without its
//! automorphism pruning. The vertices start in cells by colour (the root has
//! its own), each cell is split by how many edges its vertices send into
//! every cell until nothing splits (an equitable partition, found the same
//! way whatever the labels), then each vertex of the first cell left with
//! several is tried first in turn; every branch ends in a labelling, and the
//! one whose colours-then-adjacency code is smallest is the canonical form.
//! Two vertices of a cell with the same neighbours (twins) give the same
//! codes, so only the first is tried: stars and empty graphs stay cheap.
//! Classes of size `k + 1` are the canonical forms of the classes of size `k`
//! with one edge (or one vertex) added, kept when they pass a test; every
//! class is reached because each one has an edge (or a vertex) whose removal
//! leaves a class of the smaller size that passes the same test.
//!
//! Complexity: refinement costs `O(n^3)` per pass; the search visits at most
//! `n!` leaves and usually a handful. Fine for the tens of vertices an
//! exhaustive run can afford, never for judge sizes.
//!
//! Reference: B. D. McKay, A. Piperno, "Practical graph isomorphism, II",
//! J. Symbolic Computation 60 (2014); R. C. Read, "Every one a winner"
//! (1978), orderly generation.

use std::collections::HashSet;

/// A small multigraph or digraph with coloured vertices: `adj[u * n + v]`
/// edges from `u` to `v` (symmetric when undirected; a loop counts once, on
/// the diagonal).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Small {
    pub colours: Vec<u64>,
    pub adj: Vec<u8>,
}

impl Small {
    pub fn new(colours: Vec<u64>) -> Self {
        let n = colours.len();
        Small {
            colours,
            adj: vec![0; n * n],
        }
    }

    pub fn n(&self) -> usize {
        self.colours.len()
    }

    pub fn at(&self, u: usize, v: usize) -> u8 {
        self.adj[u * self.n() + v]
    }

    /// Adds an undirected edge (a loop when `u == v`).
    pub fn add_edge(&mut self, u: usize, v: usize) {
        let n = self.n();
        self.adj[u * n + v] += 1;
        if u != v {
            self.adj[v * n + u] += 1;
        }
    }

    /// Adds an arc from `u` to `v`.
    pub fn add_arc(&mut self, u: usize, v: usize) {
        let n = self.n();
        self.adj[u * n + v] += 1;
    }

    /// The graph with one more vertex of colour `colour`, unconnected.
    pub fn with_vertex(&self, colour: u64) -> Small {
        let n = self.n();
        let mut g = Small::new(self.colours.iter().copied().chain([colour]).collect());
        for u in 0..n {
            for v in 0..n {
                g.adj[u * (n + 1) + v] = self.at(u, v);
            }
        }
        g
    }

    /// Undirected edges `(u, v)`, `u <= v`, each as often as it occurs, by `u` then `v`.
    pub fn edges(&self) -> Vec<(u32, u32)> {
        let n = self.n();
        let mut out = Vec::new();
        for u in 0..n {
            for v in u..n {
                out.extend(std::iter::repeat_n((u as u32, v as u32), self.at(u, v) as usize));
            }
        }
        out
    }

    /// Arcs `(u, v)`, each as often as it occurs, by `u` then `v`.
    pub fn arcs(&self) -> Vec<(u32, u32)> {
        let n = self.n();
        let mut out = Vec::new();
        for u in 0..n {
            for v in 0..n {
                out.extend(std::iter::repeat_n((u as u32, v as u32), self.at(u, v) as usize));
            }
        }
        out
    }

    /// The graph relabelled: vertex `order[i]` becomes `i`.
    fn relabelled(&self, order: &[usize]) -> Small {
        let n = self.n();
        let mut g = Small::new(order.iter().map(|&v| self.colours[v]).collect());
        for i in 0..n {
            for j in 0..n {
                g.adj[i * n + j] = self.at(order[i], order[j]);
            }
        }
        g
    }

    /// Whether swapping `u` and `v` maps the graph to itself.
    fn twins(&self, u: usize, v: usize) -> bool {
        let n = self.n();
        self.colours[u] == self.colours[v]
            && self.at(u, u) == self.at(v, v)
            && self.at(u, v) == self.at(v, u)
            && (0..n)
                .filter(|&w| w != u && w != v)
                .all(|w| self.at(u, w) == self.at(v, w) && self.at(w, u) == self.at(w, v))
    }
}

/// Splits every cell by how many edges (out, then in) each vertex has into
/// each cell, keeping the cells' order and ordering the parts by that count,
/// until no cell splits.
fn refine(g: &Small, cells: &mut Vec<Vec<usize>>) {
    let n = g.n();
    loop {
        let mut cell_of = vec![0usize; n];
        for (c, cell) in cells.iter().enumerate() {
            for &v in cell {
                cell_of[v] = c;
            }
        }
        let signature = |v: usize| -> Vec<(u32, u32)> {
            let mut sig = vec![(0u32, 0u32); cells.len()];
            for w in 0..n {
                sig[cell_of[w]].0 += g.at(v, w) as u32;
                sig[cell_of[w]].1 += g.at(w, v) as u32;
            }
            sig
        };
        let mut next = Vec::with_capacity(n);
        let mut split = false;
        for cell in cells.iter() {
            if cell.len() == 1 {
                next.push(cell.clone());
                continue;
            }
            let mut keyed: Vec<(Vec<(u32, u32)>, usize)> = cell.iter().map(|&v| (signature(v), v)).collect();
            keyed.sort();
            let before = next.len();
            for group in keyed.chunk_by(|a, b| a.0 == b.0) {
                next.push(group.iter().map(|&(_, v)| v).collect());
            }
            split |= next.len() - before > 1;
        }
        *cells = next;
        if !split {
            return;
        }
    }
}

/// The smallest relabelled graph over the leaves below `cells`.
fn search(g: &Small, mut cells: Vec<Vec<usize>>, best: &mut Option<Small>) {
    refine(g, &mut cells);
    let Some(c) = cells.iter().position(|cell| cell.len() > 1) else {
        let order: Vec<usize> = cells.iter().map(|cell| cell[0]).collect();
        let candidate = g.relabelled(&order);
        if best.as_ref().is_none_or(|b| candidate < *b) {
            *best = Some(candidate);
        }
        return;
    };
    let mut tried: Vec<usize> = Vec::new();
    for &v in &cells[c] {
        if tried.iter().any(|&u| g.twins(u, v)) {
            continue;
        }
        tried.push(v);
        let mut branch = cells.clone();
        let rest: Vec<usize> = cells[c].iter().copied().filter(|&w| w != v).collect();
        branch.splice(c..=c, [vec![v], rest]);
        search(g, branch, best);
    }
}

/// The canonical form of `g`: isomorphic graphs (by maps that keep colours)
/// get equal forms, and only they. Vertices come in increasing colour.
pub fn canonical(g: &Small) -> Small {
    let mut order: Vec<usize> = (0..g.n()).collect();
    order.sort_by_key(|&v| g.colours[v]);
    let cells: Vec<Vec<usize>> = order
        .chunk_by(|&a, &b| g.colours[a] == g.colours[b])
        .map(<[usize]>::to_vec)
        .collect();
    let mut best = None;
    search(g, cells, &mut best);
    best.unwrap_or_else(|| g.clone())
}

/// The classes one step larger than `layer`: the canonical forms of what
/// `children` makes from each, kept when `keep` accepts them, sorted.
pub fn grow(layer: &[Small], children: impl Fn(&Small) -> Vec<Small>, keep: impl Fn(&Small) -> bool) -> Vec<Small> {
    let mut seen: HashSet<Small> = HashSet::new();
    for g in layer {
        for child in children(g) {
            if keep(&child) {
                seen.insert(canonical(&child));
            }
        }
    }
    let mut next: Vec<Small> = seen.into_iter().collect();
    next.sort_by(|a, b| (a.n(), a).cmp(&(b.n(), b)));
    next
}

/// A rooted multigraph with one more edge: every pair of existing vertices
/// (loops too), and, below `n_max` vertices, a new vertex joined to each.
pub fn edge_children(g: &Small, n_max: usize) -> Vec<Small> {
    let n = g.n();
    let mut out = Vec::new();
    for u in 0..n {
        for v in u..n {
            let mut child = g.clone();
            child.add_edge(u, v);
            out.push(child);
        }
    }
    if n < n_max {
        for u in 0..n {
            let mut child = g.with_vertex(1);
            child.add_edge(u, n);
            out.push(child);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(colours: &[u64], edges: &[(usize, usize)]) -> Small {
        let mut g = Small::new(colours.to_vec());
        for &(u, v) in edges {
            g.add_edge(u, v);
        }
        g
    }

    /// Every permutation of `0..n` fixing the vertices where `fixed` holds.
    fn permutations(n: usize) -> Vec<Vec<usize>> {
        if n == 0 {
            return vec![vec![]];
        }
        let mut out = Vec::new();
        for p in permutations(n - 1) {
            for i in 0..=p.len() {
                let mut q = p.clone();
                q.insert(i, n - 1);
                out.push(q);
            }
        }
        out
    }

    #[test]
    fn relabelled_copies_share_one_form_and_others_do_not() {
        let samples = [
            graph(&[0, 1, 1, 1, 1], &[(0, 1), (0, 2), (0, 3), (0, 4)]),
            graph(&[0, 1, 1, 1, 1], &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 1)]),
            graph(&[0, 1, 1, 1], &[(0, 1), (0, 1), (1, 2), (2, 2), (2, 3), (3, 1)]),
            graph(
                &[0, 1, 1, 1, 1, 1],
                &[(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3), (0, 3)],
            ),
            graph(&[2, 1, 1, 2, 1], &[(0, 1), (1, 2), (2, 3), (3, 4)]),
        ];
        let mut forms = HashSet::new();
        for g in &samples {
            let form = canonical(g);
            for order in permutations(g.n()) {
                assert_eq!(canonical(&g.relabelled(&order)), form, "{g:?} under {order:?}");
            }
            assert!(forms.insert(form));
        }
        // The root's place matters: a path rooted at an end or in the middle.
        let end = canonical(&graph(&[0, 1, 1], &[(0, 1), (1, 2)]));
        let middle = canonical(&graph(&[0, 1, 1], &[(0, 1), (0, 2)]));
        assert_ne!(end, middle);
        // Directed: u -> v and v -> u are one class on plain vertices.
        let mut a = Small::new(vec![0, 0]);
        a.add_arc(0, 1);
        let mut b = Small::new(vec![0, 0]);
        b.add_arc(1, 0);
        assert_eq!(canonical(&a), canonical(&b));
    }
}
