//! Deliberately wrong Green Hackenbush solvers, for testing the harness.
//!
//! Each is [`crate::hackenbush::grundy`] with one realistic bug. Each doc
//! states the fewest edges of a rooted connected multigraph on which the bug
//! shows, with a smallest example; `tests/hackenbush_exhaustive.rs` proves
//! every minimum by checking all such graphs up to 5 edges: the solver agrees
//! with the rules on every graph with fewer edges and disagrees on the example.
//!
//! Complexity: that of the real solver, O(n + m).

use crate::hackenbush::{bridges, colon_sum, grundy, loop_parities, two_edge_components, Components, NONE};
use gen::csr::Csr;

/// Bug: self-loops are filtered out before solving ("a loop cannot
/// disconnect anything, so it does not matter").
///
/// Minimum 1 edge: a loop at the root is worth 1; this returns 0.
pub fn ignore_loops(n: usize, edges: &[(u32, u32)]) -> u32 {
    let kept: Vec<(u32, u32)> = edges.iter().copied().filter(|&(u, v)| u != v).collect();
    grundy(n, &kept)
}

/// Bug: the colon principle adds where it should XOR:
/// `SG(c) = parity(c) + sum over children d of (SG(d) + 1)`.
///
/// Minimum 2 edges: a star of two edges at the root is worth 1 ^ 1 = 0; this
/// returns 1 + 1 = 2. (One edge or one loop is worth 1 either way.)
pub fn sum_not_xor(n: usize, edges: &[(u32, u32)]) -> u32 {
    assert!(n >= 1, "the root vertex 0 must exist");
    let csr = Csr::undirected(n, edges);
    let is_bridge = bridges(&csr);
    let parts = two_edge_components(&csr, &is_bridge);
    let mut sg = loop_parities(edges, &parts, &is_bridge);
    for c in (1..parts.parent.len()).rev() {
        sg[parts.parent[c] as usize] += sg[c] + 1;
    }
    sg[0]
}

/// Bug: the fusion principle applied to loops only: a component's own loops
/// are counted mod 2, its other edges not at all, as if every cycle through
/// two or more vertices were even.
///
/// Minimum 3 edges (an odd cycle through two or more vertices needs 3):
/// a triangle through the root (0-1, 1-2, 2-0) is worth 1; this returns 0.
/// Three parallel edges 0-1 fail the same way.
pub fn cycles_even(n: usize, edges: &[(u32, u32)]) -> u32 {
    assert!(n >= 1, "the root vertex 0 must exist");
    let csr = Csr::undirected(n, edges);
    let is_bridge = bridges(&csr);
    let parts = two_edge_components(&csr, &is_bridge);
    let parity = own_loop_parities(edges, &parts);
    colon_sum(&parts.parent, &parity)
}

/// Number of loops of each component, mod 2.
fn own_loop_parities(edges: &[(u32, u32)], parts: &Components) -> Vec<u32> {
    let mut parity = vec![0u32; parts.parent.len()];
    for &(u, v) in edges {
        let c = parts.of_vertex[u as usize];
        if u == v && c != NONE {
            parity[c as usize] ^= 1;
        }
    }
    parity
}

/// Bug: Tarjan skips the edge back to the DFS parent by comparing *vertices*,
/// so an edge parallel to a tree edge is never seen from below: the tree edge
/// is taken for a bridge and its parallel copies for loops, counted at the
/// copy's first endpoint (which is harmless only when bridges are right).
///
/// Minimum 2 edges, and the input order matters: a 2-cycle at the root written
/// `(1, 0), (1, 0)` is worth 0; this returns 2 (an edge to vertex 1 carrying a
/// loop). Written `(0, 1), (0, 1)` the loop lands at the root and the answer is
/// right by luck: loop + edge = 1 ^ 1 = 0.
pub fn parent_by_vertex(n: usize, edges: &[(u32, u32)]) -> u32 {
    assert!(n >= 1, "the root vertex 0 must exist");
    let csr = Csr::undirected(n, edges);
    let is_bridge = bridges_skipping_parent_vertex(&csr);
    let parts = two_edge_components(&csr, &is_bridge);
    let parity = loop_parities(edges, &parts, &is_bridge);
    colon_sum(&parts.parent, &parity)
}

/// [`bridges`] with the bug: `w == parent` instead of `e == entered_by`.
fn bridges_skipping_parent_vertex(csr: &Csr) -> Vec<bool> {
    let mut is_bridge = vec![false; csr.m()];
    let mut disc = vec![0u32; csr.n()];
    let mut low = vec![0u32; csr.n()];
    // Frames: (vertex, its DFS parent, edge id it was entered by, next position).
    let mut stack: Vec<(u32, u32, u32, u32)> = vec![(0, NONE, NONE, 0)];
    disc[0] = 1;
    low[0] = 1;
    let mut time = 1u32;
    while let Some(frame) = stack.last_mut() {
        let (v, parent, entered_by, pos) = *frame;
        if let Some(&(w, e)) = csr.neighbours(v as usize).get(pos as usize) {
            frame.3 += 1;
            if w == parent {
                continue;
            }
            let w = w as usize;
            if disc[w] == 0 {
                time += 1;
                disc[w] = time;
                low[w] = time;
                stack.push((w as u32, v, e, 0));
            } else {
                low[v as usize] = low[v as usize].min(disc[w]);
            }
        } else {
            stack.pop();
            if parent != NONE {
                let (parent, v) = (parent as usize, v as usize);
                low[parent] = low[parent].min(low[v]);
                if low[v] > disc[parent] {
                    is_bridge[entered_by as usize] = true;
                }
            }
        }
    }
    is_bridge
}

/// The colon principle on a tree with arrays sized for the sample, as a
/// contestant who forgot the limits writes it: it panics (index out of
/// bounds) on any tree with more than 8 vertices, so the smallest input that
/// shows the bug has 9 vertices (8 edges). The answer is right up to 8.
pub fn small_arrays(n: usize, edges: &[(u32, u32)]) -> u32 {
    const MAXN: usize = 8;
    let mut sg = [0u32; MAXN];
    let mut parent = [u32::MAX; MAXN];
    let mut order = [0u32; MAXN];
    let mut seen = [false; MAXN];
    seen[0] = true;
    let (mut head, mut tail) = (0, 1);
    while head < tail {
        let v = order[head];
        head += 1;
        for &(a, b) in edges {
            let w = if a == v {
                b
            } else if b == v {
                a
            } else {
                continue;
            };
            if !seen[w as usize] {
                seen[w as usize] = true;
                parent[w as usize] = v;
                order[tail] = w;
                tail += 1;
            }
        }
    }
    debug_assert_eq!(tail, n);
    for &v in order[1..tail].iter().rev() {
        sg[parent[v as usize] as usize] ^= sg[v as usize] + 1;
    }
    sg[0]
}

#[cfg(test)]
mod tests {
    use super::{cycles_even, ignore_loops, parent_by_vertex, sum_not_xor};
    use crate::hackenbush::grundy;

    #[test]
    fn documented_smallest_examples_fail() {
        // Truth and wrong values as derived by hand in each doc comment.
        let root_loop = [(0, 0)];
        assert_eq!((grundy(1, &root_loop), ignore_loops(1, &root_loop)), (1, 0));
        let star = [(0, 1), (0, 2)];
        assert_eq!((grundy(3, &star), sum_not_xor(3, &star)), (0, 2));
        let triangle = [(0, 1), (1, 2), (2, 0)];
        assert_eq!((grundy(3, &triangle), cycles_even(3, &triangle)), (1, 0));
        let triple = [(0, 1), (0, 1), (0, 1)];
        assert_eq!((grundy(2, &triple), cycles_even(2, &triple)), (1, 0));
        let pair_from_below = [(1, 0), (1, 0)];
        assert_eq!(
            (grundy(2, &pair_from_below), parent_by_vertex(2, &pair_from_below)),
            (0, 2)
        );
        let pair_from_root = [(0, 1), (0, 1)];
        assert_eq!(parent_by_vertex(2, &pair_from_root), 0);
    }

    #[test]
    fn right_where_the_bug_does_not_reach() {
        // A tree with no loops, parallel edges or branching: path of 7 = 7.
        let path: Vec<_> = (0..7).map(|i| (i, i + 1)).collect();
        for solve in [ignore_loops, sum_not_xor, cycles_even, parent_by_vertex] {
            assert_eq!(solve(8, &path), 7);
        }
    }
}
