//! Edits on rooted multigraphs shared by the generators and shrinkers of the
//! graph families: delete or contract edges, drop what the root cannot reach,
//! relabel compactly (the root stays vertex 0), scramble labels.
//!
//! Every edit is O(n + m) (contraction adds the near-constant union-find
//! factor); [`cut_loss`] is one iterative lowlink DFS (Tarjan's bridges, with
//! the parent skipped by edge id so parallel edges count as cycles).
//! Reference: R. E. Tarjan, "A note on finding the bridges of a graph", 1974.

use std::ops::Range;

use crate::csr::Csr;
use crate::graph::{Dsu, Graph};
use crate::rng::Rng;

/// Keeps the vertices with `keep_vertex` and the edges with `keep_edge` whose
/// ends are both kept, relabelled `0..n'` in their old order.
fn restrict(g: &Graph, keep_vertex: &[bool], keep_edge: impl Fn(usize) -> bool) -> Graph {
    let mut label = vec![u32::MAX; g.n];
    let mut n = 0u32;
    for v in 0..g.n {
        if keep_vertex[v] {
            label[v] = n;
            n += 1;
        }
    }
    let edges = (g.edges.iter().enumerate())
        .filter(|&(i, &(u, v))| keep_edge(i) && keep_vertex[u as usize] && keep_vertex[v as usize])
        .map(|(_, &(u, v))| (label[u as usize], label[v as usize]))
        .collect();
    Graph::new(n as usize, edges)
}

/// Deletes the edges marked in `drop`; the vertices stay.
pub fn remove_edges(g: &Graph, drop: &[bool]) -> Graph {
    restrict(g, &vec![true; g.n], |i| !drop[i])
}

pub fn remove_edge(g: &Graph, i: usize) -> Graph {
    restrict(g, &vec![true; g.n], |j| j != i)
}

/// Contracts the edges marked in `merge`: each class of merged vertices becomes
/// the vertex of its smallest member (so the root stays 0), labels keep their
/// order, and the other edges inside a class become loops.
pub fn contract_edges(g: &Graph, merge: &[bool]) -> Graph {
    let mut dsu = Dsu::new(g.n);
    for (i, &(u, v)) in g.edges.iter().enumerate() {
        if merge[i] {
            dsu.union(u as usize, v as usize);
        }
    }
    let mut class_label = vec![u32::MAX; g.n];
    let mut n = 0u32;
    let label: Vec<u32> = (0..g.n)
        .map(|v| {
            let r = dsu.find(v);
            if class_label[r] == u32::MAX {
                class_label[r] = n;
                n += 1;
            }
            class_label[r]
        })
        .collect();
    let edges = (g.edges.iter().enumerate())
        .filter(|&(i, _)| !merge[i])
        .map(|(_, &(u, v))| (label[u as usize], label[v as usize]))
        .collect();
    Graph::new(n as usize, edges)
}

/// Merges the ends of edge `i` (contracting a loop just deletes it).
pub fn contract_edge(g: &Graph, i: usize) -> Graph {
    let mut merge = vec![false; g.m()];
    merge[i] = true;
    contract_edges(g, &merge)
}

/// Which vertices the root reaches (none if there is no vertex).
pub fn reachable(g: &Graph) -> Vec<bool> {
    let mut seen = vec![false; g.n];
    if g.n == 0 {
        return seen;
    }
    let adj = Csr::undirected(g.n, &g.edges);
    let mut stack = vec![0u32];
    seen[0] = true;
    while let Some(v) = stack.pop() {
        for &(w, _) in adj.neighbours(v as usize) {
            if !seen[w as usize] {
                seen[w as usize] = true;
                stack.push(w);
            }
        }
    }
    seen
}

/// Drops the vertices and edges not connected to the root, relabelling compactly.
pub fn drop_unreachable(g: &Graph) -> Graph {
    restrict(g, &reachable(g), |_| true)
}

/// Drops isolated vertices other than the root, relabelling compactly.
pub fn compact(g: &Graph) -> Graph {
    let adj = Csr::undirected(g.n, &g.edges);
    let keep: Vec<bool> = (0..g.n).map(|v| v == 0 || adj.degree(v) > 0).collect();
    restrict(g, &keep, |_| true)
}

/// Relabels the vertices at random with `root` becoming vertex 0, then
/// shuffles the edge order and flips each edge's orientation at random, so no
/// solver can lean on the order a generator builds things in. In place: a
/// stress run generates a few small graphs per case, whose allocations were
/// most of what generating them cost.
pub fn scramble(mut g: Graph, root: usize, rng: &mut Rng) -> Graph {
    let mut label: Vec<u32> = (0..g.n as u32).collect();
    rng.shuffle(&mut label);
    let zero = label.iter().position(|&l| l == 0).expect("a graph with a root");
    label.swap(zero, root);
    for edge in &mut g.edges {
        let (a, b) = (label[edge.0 as usize], label[edge.1 as usize]);
        *edge = if rng.below(2) == 0 { (a, b) } else { (b, a) };
    }
    rng.shuffle(&mut g.edges);
    g
}

/// For each edge, `(vertices, edges)` lost when it is deleted together with
/// everything that deletion cuts off from the root: `(0, 1)` unless it is a bridge.
pub fn cut_loss(g: &Graph) -> Vec<(usize, usize)> {
    const UNSEEN: u32 = u32::MAX;
    let mut loss = vec![(0, 1); g.m()];
    if g.n == 0 {
        return loss;
    }
    let adj = Csr::undirected(g.n, &g.edges);
    let (mut tin, mut low) = (vec![UNSEEN; g.n], vec![0u32; g.n]);
    let mut size = vec![1usize; g.n];
    // Incidences in the DFS subtree: for a bridge's lower side that is twice
    // its inner edges plus the bridge itself.
    let mut ends: Vec<usize> = (0..g.n).map(|v| adj.degree(v)).collect();
    let mut stack: Vec<(usize, u32, usize)> = vec![(0, UNSEEN, 0)];
    let mut timer = 1;
    tin[0] = 0;
    while let Some(&(v, parent_edge, next)) = stack.last() {
        if let Some(&(w, e)) = adj.neighbours(v).get(next) {
            stack.last_mut().expect("non-empty").2 += 1;
            let w = w as usize;
            if e == parent_edge {
                continue;
            }
            if tin[w] == UNSEEN {
                (tin[w], low[w]) = (timer, timer);
                timer += 1;
                stack.push((w, e, 0));
            } else {
                low[v] = low[v].min(tin[w]);
            }
            continue;
        }
        stack.pop();
        if let Some(&(p, _, _)) = stack.last() {
            low[p] = low[p].min(low[v]);
            size[p] += size[v];
            ends[p] += ends[v];
            if low[v] > tin[p] {
                loss[parent_edge as usize] = (size[v], (ends[v] - 1) / 2 + 1);
            }
        }
    }
    loss
}

/// Blocks of consecutive edge indices for coarse shrinking: halves, quarters,
/// eighths, ... of `0..m` while a block still holds at least two edges.
pub fn edge_blocks(m: usize) -> Vec<Range<usize>> {
    let mut blocks = Vec::new();
    let mut parts = 2;
    while m / parts >= 2 {
        blocks.extend((0..parts).map(|k| k * m / parts..(k + 1) * m / parts));
        parts *= 2;
    }
    blocks
}

/// The most candidate material (vertices plus edges over all candidates) one
/// shrink step builds: a huge instance then offers only its coarse moves,
/// instead of O(m) copies of itself.
pub const CANDIDATE_BUDGET: usize = 1 << 23;

/// Takes candidates in order until [`CANDIDATE_BUDGET`] is spent, then orders
/// them by `(edges, vertices)`, smallest (largest reduction) first.
pub fn within_budget<T>(candidates: impl Iterator<Item = T>, size: impl Fn(&T) -> (usize, usize)) -> Vec<T> {
    let mut spent = 0;
    let mut taken = Vec::new();
    for c in candidates {
        let (m, n) = size(&c);
        taken.push(c);
        spent += m + n;
        if spent >= CANDIDATE_BUDGET {
            break;
        }
    }
    taken.sort_by_key(|c| size(c));
    taken
}

/// Shrink candidates of a connected rooted graph, all connected and strictly
/// smaller (fewer edges): contract or cut off blocks of edges, then delete one
/// edge with all it cuts off, then contract one edge. Deleting a bridge keeps a
/// tree a tree and contracting keeps it one, so trees and multigraphs share this.
pub fn shrink_connected(g: &Graph) -> Vec<Graph> {
    let blocks = edge_blocks(g.m()).into_iter().flat_map(|r| {
        let mut mask = vec![false; g.m()];
        mask[r].fill(true);
        [drop_unreachable(&remove_edges(g, &mask)), contract_edges(g, &mask)]
    });
    // Edges with the same ends give the same candidates: offer each pair once.
    let key = |i: usize| {
        let (u, v) = g.edges[i];
        (u.min(v), u.max(v))
    };
    let mut order: Vec<usize> = (0..g.m()).collect();
    order.sort_by_key(|&i| key(i));
    order.dedup_by_key(|i| key(*i));
    let loss = cut_loss(g);
    order.sort_by_key(|&i| std::cmp::Reverse((loss[i].1, loss[i].0)));
    let cuts = order.clone().into_iter().map(|i| drop_unreachable(&remove_edge(g, i)));
    let contractions = (order.into_iter())
        .filter(|&i| g.edges[i].0 != g.edges[i].1)
        .map(|i| contract_edge(g, i));
    within_budget(blocks.chain(cuts).chain(contractions), |c| (c.m(), c.n))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(u32, u32)]) -> Graph {
        Graph::new(n, edges.to_vec())
    }

    #[test]
    fn contraction_keeps_root_and_makes_loops() {
        // Triangle 0-1-2 plus pendant 3 at 2: contracting 1-2 leaves 0-1 twice
        // (one was 0-2), and 3 becomes 2.
        let g = graph(4, &[(0, 1), (1, 2), (2, 0), (2, 3)]);
        assert_eq!(contract_edge(&g, 1), graph(3, &[(0, 1), (1, 0), (1, 2)]));
        // Contracting a double edge turns its twin into a loop at the root.
        let d = graph(2, &[(1, 0), (0, 1)]);
        assert_eq!(contract_edge(&d, 0), graph(1, &[(0, 0)]));
        assert_eq!(contract_edge(&graph(1, &[(0, 0)]), 0), graph(1, &[]));
    }

    #[test]
    fn drop_unreachable_and_compact_relabel_in_order() {
        let g = graph(5, &[(0, 2), (1, 3), (3, 3), (2, 2)]);
        assert_eq!(drop_unreachable(&g), graph(2, &[(0, 1), (1, 1)]));
        let h = graph(5, &[(0, 2), (4, 4)]);
        assert_eq!(compact(&h), graph(3, &[(0, 1), (2, 2)]));
        assert_eq!(compact(&graph(3, &[])), graph(1, &[]));
        assert_eq!(remove_edge(&g, 1), graph(5, &[(0, 2), (3, 3), (2, 2)]));
    }

    #[test]
    fn cut_loss_counts_what_a_bridge_cuts_off() {
        // 0-1 bridge; 1-2-3 triangle; 3-4 bridge with a loop at 4; 0-5 double edge.
        let g = graph(6, &[(0, 1), (1, 2), (2, 3), (3, 1), (3, 4), (4, 4), (0, 5), (5, 0)]);
        let loss = cut_loss(&g);
        // Edge 0 cuts {1, 2, 3, 4}: 4 vertices, itself + 3 triangle + bridge + loop.
        assert_eq!(loss[0], (4, 6));
        assert_eq!(loss[4], (1, 2));
        for i in [1, 2, 3, 5, 6, 7] {
            assert_eq!(loss[i], (0, 1), "edge {i}");
        }
        // Cross-check against actually cutting.
        for (i, &(dn, dm)) in loss.iter().enumerate() {
            let c = drop_unreachable(&remove_edge(&g, i));
            assert_eq!((g.n - c.n, g.m() - c.m()), (dn, dm));
        }
    }

    #[test]
    fn scramble_keeps_the_graph_up_to_relabelling() {
        let g = graph(5, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 4)]);
        let mut rng = Rng::from_seed(5);
        let s = scramble(g, 4, &mut rng);
        let adj = Csr::undirected(s.n, &s.edges);
        // Old vertex 4 (an end with a loop) is the new root: degree 1 + 2.
        assert_eq!(adj.degree(0), 3);
        let mut degrees: Vec<usize> = (0..s.n).map(|v| adj.degree(v)).collect();
        degrees.sort_unstable();
        assert_eq!(degrees, vec![1, 2, 2, 2, 3]);
        assert!(s.is_connected());
    }

    #[test]
    fn blocks_halve_down_to_pairs() {
        assert!(edge_blocks(3).is_empty());
        assert_eq!(edge_blocks(4), vec![0..2, 2..4]);
        let b = edge_blocks(10);
        assert_eq!(b.len(), 2 + 4);
        assert!(b.iter().all(|r| r.len() >= 2));
    }

    #[test]
    fn shrink_connected_is_connected_and_smaller() {
        let g = graph(6, &[(0, 1), (1, 2), (2, 3), (3, 1), (3, 4), (4, 4), (0, 5), (5, 0)]);
        let c = shrink_connected(&g);
        assert!(!c.is_empty());
        for h in &c {
            assert!(h.is_connected() && h.m() < g.m());
        }
        assert!(c.windows(2).all(|w| (w[0].m(), w[0].n) <= (w[1].m(), w[1].n)));
    }
}
