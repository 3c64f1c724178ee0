//! Isomorphism classes of single instances, as text: two instances get the
//! same text exactly when one is the other under the family's symmetry (the
//! one [`crate::Family::exhaust`] removes). What `audit` reads to call two
//! tests the same instance relabelled, and two summands of a game equal (they
//! cancel under XOR).
//!
//! Idea: rooted trees by Aho–Hopcroft–Ullman: the vertices of each depth,
//! deepest first, are ranked by their label and the sorted ranks of their
//! children, and the tree is written depth-first with the children in rank
//! order. Small graphs by [`canonical`] (individualization and refinement);
//! past [`SMALL`] vertices no class is given, as that search may not end soon.
//! Multisets sorted, pairs ordered, a row or a matrix as the least of itself
//! and its mirror.
//!
//! Complexity: a rooted tree O(n log n) (judge sizes included); a small graph
//! as [`canonical`].
//!
//! Reference: A. V. Aho, J. E. Hopcroft, J. D. Ullman, *The Design and
//! Analysis of Computer Algorithms* (1974), §3.2, the tree isomorphism example.

use std::fmt::Write as _;

use super::canonical::{canonical, Small};
use crate::csr::Csr;

/// The most vertices a graph's class is searched for.
pub const SMALL: usize = 12;

/// The class of the tree on `0..labels.len()` with `edges`, rooted at 0, each vertex
/// carrying its label. `None` if the edges do not make a tree reaching every vertex.
pub fn rooted_tree(labels: &[u64], edges: &[(u32, u32)]) -> Option<String> {
    let n = labels.len();
    if n == 0 || edges.len() + 1 != n || edges.iter().any(|&(u, v)| u as usize >= n || v as usize >= n) {
        return None;
    }
    let adj = Csr::undirected(n, edges);
    // Breadth-first from the root: each vertex's parent and depth, in visiting order.
    let mut order = Vec::with_capacity(n);
    let mut parent = vec![u32::MAX; n];
    let mut depth = vec![0usize; n];
    let mut seen = vec![false; n];
    seen[0] = true;
    order.push(0usize);
    let mut head = 0;
    while head < order.len() {
        let v = order[head];
        head += 1;
        for w in adj.heads(v) {
            let w = w as usize;
            if !seen[w] {
                seen[w] = true;
                parent[w] = v as u32;
                depth[w] = depth[v] + 1;
                order.push(w);
            }
        }
    }
    if order.len() != n {
        return None;
    }
    // Ranks, deepest level first: a vertex's key is its label and its children's sorted ranks.
    let mut rank = vec![0u32; n];
    let mut children: Vec<Vec<u32>> = vec![Vec::new(); n];
    let levels: Vec<&[usize]> = order.chunk_by(|&a, &b| depth[a] == depth[b]).collect();
    for level in levels.iter().rev() {
        let mut keyed: Vec<(u64, Vec<u32>, usize)> = level
            .iter()
            .map(|&v| {
                let mut ranks = std::mem::take(&mut children[v]);
                ranks.sort_unstable();
                (labels[v], ranks, v)
            })
            .collect();
        keyed.sort_unstable();
        let mut r = 0u32;
        for k in 0..keyed.len() {
            if k > 0 && (keyed[k].0, &keyed[k].1) != (keyed[k - 1].0, &keyed[k - 1].1) {
                r += 1;
            }
            let v = keyed[k].2;
            rank[v] = r;
            if parent[v] != u32::MAX {
                children[parent[v] as usize].push(r);
            }
        }
    }
    // Written depth-first, children in rank order: `label(children...)`.
    let mut kids: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &v in &order[1..] {
        kids[parent[v] as usize].push(v);
    }
    for list in &mut kids {
        list.sort_by_key(|&w| rank[w]);
    }
    let mut out = String::with_capacity(4 * n);
    let mut stack = vec![(0usize, 0usize)];
    let _ = write!(out, "{}(", labels[0]);
    while let Some(&mut (v, ref mut next)) = stack.last_mut() {
        if let Some(&w) = kids[v].get(*next) {
            *next += 1;
            let _ = write!(out, "{}(", labels[w]);
            stack.push((w, 0));
        } else {
            out.push(')');
            stack.pop();
        }
    }
    Some(out)
}

/// The class of a small coloured multigraph or digraph; `None` past [`SMALL`] vertices.
pub fn small(g: &Small) -> Option<String> {
    (g.n() <= SMALL).then(|| {
        let c = canonical(g);
        format!("{:?}/{:?}", c.colours, c.adj)
    })
}

/// The class of the multigraph on `0..n` rooted at 0 (the root coloured apart).
pub fn rooted_multigraph(n: usize, edges: &[(u32, u32)]) -> Option<String> {
    if n > SMALL {
        return None;
    }
    let mut g = Small::new((0..n).map(|v| u64::from(v != 0)).collect());
    for &(u, v) in edges {
        g.add_edge(u as usize, v as usize);
    }
    small(&g)
}

/// The class of a multiset: its items sorted.
pub fn multiset<T: Ord + std::fmt::Debug>(items: &[T]) -> String {
    let mut sorted: Vec<&T> = items.iter().collect();
    sorted.sort();
    format!("{sorted:?}")
}

/// The class of a sequence the game reads the same reversed: the lesser of it and its reverse.
pub fn reversible<T: Ord + Clone + std::fmt::Debug>(items: &[T]) -> String {
    let reversed: Vec<T> = items.iter().rev().cloned().collect();
    format!("{:?}", items.to_vec().min(reversed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relabelled_tree_has_the_same_class_and_a_rerooted_one_does_not() {
        // A root with a path of two and a leaf, written in two labellings.
        let a = rooted_tree(&[0; 4], &[(0, 1), (1, 2), (0, 3)]);
        let b = rooted_tree(&[0; 4], &[(3, 2), (0, 3), (1, 0)]);
        assert!(a.is_some());
        assert_eq!(a, b);
        assert_eq!(a.as_deref(), Some("0(0()0(0()))"));
        // The same tree rooted at the end of the path.
        let c = rooted_tree(&[0; 4], &[(0, 1), (1, 2), (1, 3)]);
        assert_ne!(a, c);
        // Labels count: the leaf weighted 5 is not the path's end weighted 5.
        let d = rooted_tree(&[0, 0, 0, 5], &[(0, 1), (1, 2), (0, 3)]);
        let e = rooted_tree(&[0, 0, 5, 0], &[(0, 1), (1, 2), (0, 3)]);
        assert_ne!(d, e);
    }

    #[test]
    fn a_path_of_judge_size_is_classed_without_recursion() {
        let n = 200_000u32;
        let edges: Vec<(u32, u32)> = (1..n).map(|v| (v - 1, v)).collect();
        let class = rooted_tree(&vec![0; n as usize], &edges).unwrap();
        assert_eq!(class.len(), 3 * n as usize);
    }

    #[test]
    fn what_is_not_a_tree_has_no_tree_class() {
        assert_eq!(rooted_tree(&[0; 3], &[(0, 1)]), None);
        assert_eq!(rooted_tree(&[0; 3], &[(1, 2), (2, 1)]), None);
    }

    #[test]
    fn multigraphs_are_classed_up_to_relabelling_keeping_the_root() {
        let triangle_at_root = rooted_multigraph(3, &[(0, 1), (1, 2), (2, 0)]);
        assert_eq!(triangle_at_root, rooted_multigraph(3, &[(2, 1), (0, 2), (1, 0)]));
        // A loop on the root against a loop on its neighbour.
        assert_ne!(
            rooted_multigraph(2, &[(0, 1), (0, 0)]),
            rooted_multigraph(2, &[(0, 1), (1, 1)])
        );
        assert_eq!(rooted_multigraph(SMALL + 1, &[]), None);
    }

    #[test]
    fn multisets_and_mirrored_rows() {
        assert_eq!(multiset(&[3, 1, 2]), multiset(&[2, 3, 1]));
        assert_ne!(multiset(&[1, 1, 2]), multiset(&[1, 2, 2]));
        assert_eq!(reversible(&[1, 2, 3]), reversible(&[3, 2, 1]));
        assert_ne!(reversible(&[1, 2, 3]), reversible(&[2, 1, 3]));
    }
}
