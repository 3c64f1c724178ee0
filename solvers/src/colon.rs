//! Green Hackenbush on trees and on the cacti of POJ 3710, by the colon
//! principle alone.
//!
//! Problem: as in [`crate::hackenbush`] (root 0, a move deletes an edge and
//! everything cut off from the root; who cannot move loses; find the SG value),
//! restricted to a tree ([`tree_grundy`], hdu3094) or to the cacti of POJ 3710
//! ([`pendant_cycles`]).
//!
//! Idea: colon principle, `SG(v) = XOR over children c of (SG(c) + 1)`,
//! accumulated leaves first: on a tree by peeling leaves toward the root with
//! each vertex's remaining neighbours kept as an XOR of labels. For POJ 3710 every cycle hangs from one vertex and
//! is worth one edge there if odd, nothing if even.
//!
//! Complexity: O(n + m) time and memory, no recursion.
//!
//! Reference: Berlekamp, Conway, Guy, *Winning Ways*, ch. 7 (colon principle);
//! Jia Zhihao, 《组合游戏略述——浅谈SG游戏的若干拓展及变形》 (2009), the source
//! of the classic POJ 3710 solution.
//!
//! Written apart from [`crate::hackenbush`] (no shared code but the adjacency)
//! so that the two check each other.

use gen::csr::Csr;
use crate::submit::Submission;

const UNSEEN: u32 = u32::MAX;

/// The SG value of a tree on `0..n` rooted at 0 (`n >= 1`, `n - 1` edges,
/// connected). On any other input the value means nothing.
///
/// Leaves are peeled toward the root. Each vertex keeps how many neighbours it
/// has left and the XOR of their labels, so when one neighbour is left the XOR
/// names it: the parent. No adjacency lists are built, and a vertex is peeled
/// only after all its children, which is when its colon sum is complete.
pub fn tree_grundy(n: usize, edges: &[(u32, u32)]) -> u32 {
    assert!(n >= 1, "the root vertex 0 must exist");
    debug_assert_eq!(edges.len() + 1, n, "tree_grundy needs a tree on 0..n");
    let mut vertex = vec![Peeled::default(); n];
    for &(u, v) in edges {
        vertex[u as usize].link(v);
        vertex[v as usize].link(u);
    }
    let mut leaves: Vec<u32> = (1..n as u32).filter(|&v| vertex[v as usize].left == 1).collect();
    while let Some(v) = leaves.pop() {
        let Peeled { others: parent, sg, .. } = vertex[v as usize];
        let p = &mut vertex[parent as usize];
        p.sg ^= sg + 1;
        p.unlink(v);
        if p.left == 1 && parent != 0 {
            leaves.push(parent);
        }
    }
    vertex[0].sg
}

/// A vertex while leaves are peeled: its unpeeled neighbours, counted and
/// XORed, and the colon sum of its peeled children so far.
#[derive(Clone, Copy, Default)]
struct Peeled {
    left: u32,
    others: u32,
    sg: u32,
}

impl Peeled {
    fn link(&mut self, w: u32) {
        self.left += 1;
        self.others ^= w;
    }

    fn unlink(&mut self, w: u32) {
        self.left -= 1;
        self.others ^= w;
    }
}

/// The classic POJ 3710 (Christmas Game) solution: the SG value of one rooted
/// graph on `0..n` (`n >= 1`) that satisfies that judge's guarantee.
///
/// Guarantee: every edge is on at most one cycle, and every cycle meets the
/// rest of the graph, **the root counting as part of the rest**, in exactly
/// one vertex, its attachment; so the cycle's other vertices carry nothing
/// but the cycle. A pair of parallel edges is a 2-cycle and a loop a 1-cycle.
///
/// Method: a DFS from the root finds each cycle as a back edge `v -> w` plus
/// the tree path `w .. v`, `w` being the attachment. An odd cycle becomes one
/// edge hanging at `w`, an even one vanishes; the cycle's other vertices are
/// dropped together with everything below them; then the colon principle.
///
/// **Wrong on general cacti**: whatever hangs from a cycle vertex other than
/// the attachment (a tree, another cycle) is dropped. Smallest case: edges
/// 0-1, 0-1, 1-2 (a 2-cycle through the root with an edge at its other vertex)
/// is worth 1, this returns 0. Outside cacti the cycle walks may cost O(n m).
pub fn pendant_cycles(n: usize, edges: &[(u32, u32)]) -> u32 {
    assert!(n >= 1, "the root vertex 0 must exist");
    let csr = Csr::undirected(n, edges);
    let tree = dfs_with_back_edges(&csr, edges.len());
    let mut dropped = vec![false; n];
    let mut odd_cycles = vec![0u32; n];
    for &(v, w) in &tree.back_edges {
        let (mut x, mut length) = (v as usize, 1u32);
        while x != w as usize {
            dropped[x] = true;
            x = tree.parent[x] as usize;
            length += 1;
        }
        odd_cycles[w as usize] ^= length & 1;
    }
    let mut sg = odd_cycles;
    for &v in tree.preorder.iter().skip(1).rev() {
        let (v, p) = (v as usize, tree.parent[v as usize] as usize);
        if !dropped[v] && !dropped[p] {
            sg[p] ^= sg[v] + 1;
        }
    }
    sg[0]
}

/// A DFS tree of the root's component and its non-tree edges.
struct DfsTree {
    /// Vertices in discovery order, the root first.
    preorder: Vec<u32>,
    /// Tree parent of each reached vertex (`UNSEEN` for the root).
    parent: Vec<u32>,
    /// Each non-tree edge once, as `(v, w)` with `w` an ancestor of `v` or `v`
    /// itself (a loop).
    back_edges: Vec<(u32, u32)>,
}

/// Iterative DFS that never walks an edge twice (edge ids, so parallel edges
/// stay apart). A non-tree edge is always first met from its deeper end: the
/// deeper end is finished before its ancestor scans on.
fn dfs_with_back_edges(csr: &Csr, m: usize) -> DfsTree {
    let mut parent = vec![UNSEEN; csr.n()];
    let mut seen = vec![false; csr.n()];
    let mut walked = vec![false; m];
    let mut back_edges = Vec::new();
    seen[0] = true;
    let mut preorder = vec![0u32];
    // Frames: (vertex, next row position to scan).
    let mut stack = vec![(0u32, 0usize)];
    while let Some(frame) = stack.last_mut() {
        let (v, pos) = *frame;
        let Some(&(w, e)) = csr.neighbours(v as usize).get(pos) else {
            stack.pop();
            continue;
        };
        frame.1 += 1;
        if walked[e as usize] {
            continue;
        }
        walked[e as usize] = true;
        if seen[w as usize] {
            back_edges.push((v, w));
        } else {
            seen[w as usize] = true;
            parent[w as usize] = v;
            preorder.push(w);
            stack.push((w, 0));
        }
    }
    DfsTree {
        preorder,
        parent,
        back_edges,
    }
}


/// What `solve` answers with this module.
pub const SUBMITTED: &[Submission] = &[submission!(tree_game, |g| tree_grundy(g.n, &g.edges) != 0)];

#[cfg(test)]
mod tests {
    use super::{pendant_cycles, tree_grundy};
    use crate::hackenbush::grundy;

    type Edge = (u32, u32);

    #[test]
    fn paths_and_stars() {
        // Path of k edges = k; star of k edges = k mod 2 (XOR of k ones).
        for k in 0..=12u32 {
            let path: Vec<_> = (0..k).map(|i| (i, i + 1)).collect();
            assert_eq!(tree_grundy(k as usize + 1, &path), k);
            let star: Vec<_> = (1..=k).map(|v| (v, 0)).collect();
            assert_eq!(tree_grundy(k as usize + 1, &star), k % 2);
        }
    }

    #[test]
    fn hdu3094_sample() {
        // Converted to 0-based. By hand: path of 2 -> 2 (Alice); star of 2 -> 0
        // (Bob); third tree: 0-8-4-7, 7 has children 3 (with leaf 2) and 5
        // (with children 1 (with leaf 6) and leaf 9). Leaves first: 1 = 1,
        // 5 = (1+1) ^ (0+1) = 3, 3 = 1, 7 = (1+1) ^ (3+1) = 6, 4 = 7, 8 = 8,
        // root = 9 (Alice).
        assert_eq!(tree_grundy(3, &[(0, 1), (1, 2)]), 2);
        assert_eq!(tree_grundy(3, &[(0, 1), (0, 2)]), 0);
        let third = [(5, 1), (3, 2), (7, 3), (8, 4), (7, 5), (1, 6), (4, 7), (0, 8), (5, 9)];
        assert_eq!(tree_grundy(10, &third), 9);
        assert_eq!(grundy(10, &third), 9);
    }

    #[test]
    fn half_million_vertex_trees() {
        let n = 500_000u32;
        let path: Vec<_> = (0..n - 1).map(|i| (i + 1, i)).collect();
        assert_eq!(tree_grundy(n as usize, &path), n - 1);
        // A caterpillar: spine 0..s, one leaf on every spine vertex but the
        // root. Hand: a spine vertex with a leaf and a child worth x is worth
        // 1 ^ (x + 1); the last spine vertex is worth 1.
        let s = 250_000u32;
        let mut edges: Vec<_> = (0..s - 1).map(|i| (i, i + 1)).collect();
        edges.extend((1..s).map(|i| (i, s + i - 1)));
        let mut want = 1u32;
        for _ in 1..s - 1 {
            want = 1 ^ (want + 1);
        }
        want += 1;
        assert_eq!(tree_grundy(2 * s as usize - 1, &edges), want);
        assert_eq!(grundy(2 * s as usize - 1, &edges), want);
    }

    #[test]
    fn poj3710_sample() {
        // Graph 1: one edge (1). Graph 2: edge 0-1 then a triangle 1-2-3 at 1,
        // worth 1 + 1 = 2. 1 ^ 2 != 0: Sally wins.
        assert_eq!(pendant_cycles(2, &[(0, 1)]), 1);
        let second = [(0, 1), (1, 2), (1, 3), (2, 3)];
        assert_eq!(pendant_cycles(4, &second), 2);
        assert_eq!(grundy(4, &second), 2);
    }

    #[test]
    fn judge_style_cacti_agree_with_the_general_solver() {
        // Hand values follow from "odd cycle = one edge, even = nothing":
        // - a loop and a 2-cycle at the root, and a 4-cycle at vertex 1 on a
        //   stalk 0-1: 1 ^ 0 ^ (0 + 1) = 0;
        // - at the root a 5-cycle and a path of 3 whose end carries a
        //   triangle and a loop: 1 ^ (3 + 0) = 2;
        // - root -> 1 -> {2 carrying a 3-cycle, 3 carrying a 2-cycle}:
        //   node 2 = 1, node 3 = 0, node 1 = 2 ^ 1 = 3, root = 4.
        // (n, edges, value)
        let cases: [(usize, &[Edge], u32); 3] = [
            (6, &[(0, 0), (0, 2), (2, 0), (0, 1), (1, 3), (3, 4), (4, 5), (5, 1)], 0),
            (
                10,
                &[
                    (0, 1),
                    (1, 2),
                    (2, 3),
                    (3, 4),
                    (4, 0),
                    (0, 5),
                    (5, 6),
                    (6, 7),
                    (7, 8),
                    (8, 9),
                    (9, 7),
                    (7, 7),
                ],
                2,
            ),
            (7, &[(0, 1), (1, 2), (1, 3), (2, 4), (4, 5), (5, 2), (3, 6), (6, 3)], 4),
        ];
        for (n, edges, want) in cases {
            assert_eq!(pendant_cycles(n, edges), want, "{edges:?}");
            assert_eq!(grundy(n, edges), want, "{edges:?}");
        }
    }

    #[test]
    fn general_cactus_where_pendant_cycles_is_wrong() {
        // A triangle through the root with an edge hanging at vertex 1: the
        // triangle fuses into one loop (1), the hanging edge adds 0 + 1, so the
        // true value is 1 ^ 1 = 0; pendant_cycles drops the hanging edge.
        let edges = [(0, 1), (1, 2), (2, 0), (1, 3)];
        assert_eq!(grundy(4, &edges), 0);
        assert_eq!(pendant_cycles(4, &edges), 1);
        // The 3-edge case of the doc: true 0 ^ (0 + 1) = 1.
        let edges = [(0, 1), (0, 1), (1, 2)];
        assert_eq!(grundy(3, &edges), 1);
        assert_eq!(pendant_cycles(3, &edges), 0);
    }
}
