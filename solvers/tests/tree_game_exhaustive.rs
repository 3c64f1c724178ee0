//! `wrong::small_arrays` against the rules on every labelled tree of up to 8
//! vertices, proving its documented smallest counterexample: it is right on all
//! of them, and fails (an index out of bounds) on 9 vertices.
//!
//! The reference is [`rules`], written here from the rules alone (the `brute`
//! crate is not a dependency of `solvers`): Green Hackenbush rooted at vertex
//! 0, a position is the set of edges still joined to the root, its value the
//! mex of its options'. Trees are every Prüfer sequence, so every labelling of
//! every shape: `n^(n-2)` trees on `n` vertices.

use solvers::wrong;

const MAX_N: usize = 8;

/// The SG value of the tree `edges` (vertices `0..=edges.len()`, root 0).
fn rules(edges: &[(u32, u32)]) -> u32 {
    let below = cut_off(edges);
    let mut memo = vec![u8::MAX; 1 << edges.len()];
    value(&below, (1u32 << edges.len()) - 1, &mut memo)
}

/// For each edge, the edges a cut there removes: itself and every edge below it, away from the
/// root.
fn cut_off(edges: &[(u32, u32)]) -> Vec<u32> {
    let n = edges.len() + 1;
    // `toward[v]`: the edge joining `v` to its parent; found from the root outward.
    let mut toward = vec![usize::MAX; n];
    let mut reached = vec![false; n];
    reached[0] = true;
    let mut queue = vec![0u32];
    while let Some(v) = queue.pop() {
        for (e, &(a, b)) in edges.iter().enumerate() {
            let w = if a == v {
                b
            } else if b == v {
                a
            } else {
                continue;
            };
            if !reached[w as usize] {
                reached[w as usize] = true;
                toward[w as usize] = e;
                queue.push(w);
            }
        }
    }
    let mut below = vec![0u32; edges.len()];
    // Each edge lies below every edge on its lower end's path to the root.
    for v in 1..n {
        let e = toward[v];
        let mut at = v as u32;
        while at != 0 {
            let up = toward[at as usize];
            below[up] |= 1 << e;
            let (a, b) = edges[up];
            at = if a == at { b } else { a };
        }
    }
    below
}

/// The mex of the options of the position `mask`: cutting an edge drops everything below it.
fn value(below: &[u32], mask: u32, memo: &mut [u8]) -> u32 {
    if memo[mask as usize] != u8::MAX {
        return u32::from(memo[mask as usize]);
    }
    let mut options = 0u64;
    for (e, &cut) in below.iter().enumerate() {
        if mask >> e & 1 == 1 {
            options |= 1 << value(below, mask & !cut, memo);
        }
    }
    let mex = options.trailing_ones();
    memo[mask as usize] = mex as u8;
    mex
}

/// The tree a Prüfer sequence names, on `seq.len() + 2` vertices.
fn decode(seq: &[u32]) -> Vec<(u32, u32)> {
    let n = seq.len() + 2;
    let mut degree = vec![1u32; n];
    for &v in seq {
        degree[v as usize] += 1;
    }
    let mut edges = Vec::with_capacity(n - 1);
    for &v in seq {
        let leaf = (0..n).find(|&u| degree[u] == 1).expect("a tree has a leaf");
        edges.push((leaf as u32, v));
        degree[leaf] -= 1;
        degree[v as usize] -= 1;
    }
    let last: Vec<u32> = (0..n as u32).filter(|&u| degree[u as usize] == 1).collect();
    edges.push((last[0], last[1]));
    edges
}

/// Every labelled tree on `n` vertices (`n >= 2`).
fn trees(n: usize, mut each: impl FnMut(&[(u32, u32)])) {
    let mut seq = vec![0u32; n - 2];
    loop {
        each(&decode(&seq));
        // The next sequence, counting in base n.
        let Some(i) = seq.iter().rposition(|&d| d + 1 < n as u32) else {
            return;
        };
        seq[i] += 1;
        seq[i + 1..].iter_mut().for_each(|d| *d = 0);
    }
}

#[test]
fn the_rules_know_the_hand_values() {
    // A path of k edges from the root is the nimber k; a star of k edges is k edges of 1: k mod 2.
    assert_eq!(rules(&[(0, 1), (1, 2), (2, 3)]), 3);
    assert_eq!(rules(&[(0, 1), (0, 2), (0, 3)]), 1);
    // Two branches of 2 and 1 edges: 2 xor 1.
    assert_eq!(rules(&[(0, 1), (1, 2), (0, 3)]), 3);
}

#[test]
fn small_arrays_is_right_on_every_tree_up_to_eight_vertices() {
    assert_eq!(wrong::small_arrays(1, &[]), 0);
    let mut counted = Vec::new();
    for n in 2..=MAX_N {
        let mut count = 0u64;
        trees(n, |edges| {
            count += 1;
            assert_eq!(wrong::small_arrays(n, edges), rules(edges), "{edges:?}");
            let flipped: Vec<(u32, u32)> = edges.iter().map(|&(a, b)| (b, a)).collect();
            assert_eq!(wrong::small_arrays(n, &flipped), rules(edges), "{flipped:?}");
        });
        counted.push(count);
    }
    // Cayley: n^(n-2) labelled trees on n vertices.
    assert_eq!(counted, [1, 3, 16, 125, 1296, 16807, 262144]);
}

#[test]
fn small_arrays_fails_on_nine_vertices() {
    let path: Vec<(u32, u32)> = (0..8).map(|v| (v, v + 1)).collect();
    let outcome = std::panic::catch_unwind(|| wrong::small_arrays(9, &path));
    assert!(outcome.is_err(), "{outcome:?}");
}
