//! Rooted trees, free trees and coloured rooted trees, each isomorphism class
//! once.
//!
//! Problem: list every rooted tree with `n` vertices up to isomorphism
//! (A000081), every free tree (A000055), and every rooted tree whose
//! vertices carry one of `k` colours (weights), up to isomorphisms that keep
//! the colours.
//!
//! Idea: a rooted tree is written as its level sequence in preorder (the
//! root at level 0); the canonical one lists every vertex's subtrees in
//! non-increasing lexicographic order. Beyer and Hedetniemi's successor
//! goes from the path to the star through exactly the canonical sequences:
//! take the last vertex `p` deeper than 1, its parent `q`, and repeat the
//! subtree pattern of `q` from `p` on. Free trees are the canonical
//! sequences rooted at a centre whose first subtree is not "too big"
//! (Wright, Richmond, Odlyzko and McKay), with a jump past the invalid ones.
//! A coloured tree is canonical when its shape is and, among consecutive
//! siblings of equal shape (adjacent blocks of the preorder), the colours of
//! the first block are lexicographically at least those of the second:
//! colourings are listed in lexicographic order under exactly those caps.
//!
//! Complexity: rooted trees in constant amortized time per tree (the copy
//! behind `p` averages O(1)); free trees O(n) per tree; coloured trees O(n c)
//! per colouring, `c` the number of sibling pairs of equal shape. Counts by
//! the recurrence `t(n + 1) = (1/n) sum_j c(j) t(n + 1 - j)`,
//! `c(j) = sum_(d | j) d t(d)`, `t(1) = k` (rooted trees with `k` colours).
//!
//! Reference: T. Beyer, S. M. Hedetniemi, "Constant time generation of rooted
//! trees", SIAM J. Comput. 9 (1980); R. A. Wright, B. Richmond, A. Odlyzko,
//! B. D. McKay, "Constant time generation of free trees", SIAM J. Comput. 15
//! (1986); OEIS A000081, A000055, A038055.

use crate::graph::Graph;

/// Every rooted tree with `n >= 1` vertices, as canonical level sequences,
/// from the path to the star. A lending iterator: [`RootedTrees::advance`]
/// borrows each sequence in turn, so listing trees allocates nothing.
pub struct RootedTrees {
    levels: Vec<u32>,
    started: bool,
}

impl RootedTrees {
    /// # Panics
    /// If `n == 0`.
    pub fn new(n: usize) -> Self {
        assert!(n >= 1, "a rooted tree has a vertex");
        RootedTrees {
            levels: (0..n as u32).collect(),
            started: false,
        }
    }

    /// The next canonical level sequence, or `None` after the star.
    pub fn advance(&mut self) -> Option<&[u32]> {
        if !self.started {
            self.started = true;
            return Some(&self.levels);
        }
        successor(&mut self.levels, None).then_some(&self.levels[..])
    }
}

/// Beyer and Hedetniemi's step on a canonical level sequence: the next one,
/// in place; false after the last. `from` names the vertex `p` to start at
/// (the free-tree jump), else the last vertex deeper than 1.
fn successor(levels: &mut [u32], from: Option<usize>) -> bool {
    let n = levels.len();
    let mut p = from.unwrap_or(n - 1);
    if from.is_none() {
        while p > 0 && levels[p] <= 1 {
            p -= 1;
        }
    }
    if p == 0 {
        return false;
    }
    let mut q = p - 1;
    while levels[q] != levels[p] - 1 {
        q -= 1;
    }
    // Copying forward repeats the pattern: each read sees an updated value.
    let d = p - q;
    for i in p..n {
        levels[i] = levels[i - d];
    }
    true
}

/// The tree of a level sequence: vertex `i` is the `i`-th in preorder (the
/// root 0), its edges `(parent, child)` in preorder of the child.
pub fn tree_of(levels: &[u32]) -> Graph {
    Graph::new(levels.len(), parent_edges(levels))
}

/// The edges `(parent, child)` of a level sequence, in preorder of the child.
pub fn parent_edges(levels: &[u32]) -> Vec<(u32, u32)> {
    let mut last_at = vec![0u32; levels.len()];
    let mut edges = Vec::with_capacity(levels.len().saturating_sub(1));
    for (i, &l) in levels.iter().enumerate() {
        if l > 0 {
            edges.push((last_at[l as usize - 1], i as u32));
        }
        last_at[l as usize] = i as u32;
    }
    edges
}

/// Every free (unrooted) tree with `n >= 1` vertices once, each as a level
/// sequence rooted at a centre, first subtree no higher than the rest.
pub struct FreeTrees {
    /// The next sequence to try, `None` once the last tree is out.
    next: Option<Vec<u32>>,
    current: Vec<u32>,
    /// `n <= 2`: the one tree, not yet handed out.
    small: bool,
}

impl FreeTrees {
    /// # Panics
    /// If `n == 0`.
    pub fn new(n: usize) -> Self {
        assert!(n >= 1, "a tree has a vertex");
        let small = n <= 2;
        // The path rooted at its centre: arms of n / 2 and (n - 1) / 2 vertices.
        let start: Vec<u32> = if small {
            (0..n as u32).collect()
        } else {
            (0..=n as u32 / 2).chain(1..(n as u32).div_ceil(2)).collect()
        };
        FreeTrees {
            next: Some(start.clone()),
            current: start,
            small,
        }
    }

    /// The next free tree's level sequence, or `None` after the last.
    pub fn advance(&mut self) -> Option<&[u32]> {
        if self.small {
            self.small = false;
            self.next = None;
            return Some(&self.current);
        }
        let candidate = self.next.take()?;
        self.current = valid_or_jump(candidate)?;
        let mut after = self.current.clone();
        self.next = successor(&mut after, None).then_some(after);
        Some(&self.current)
    }
}

/// The first subtree of the root (levels lowered by one) and the rest of the
/// tree (the root and its other subtrees).
fn split(levels: &[u32]) -> (Vec<u32>, Vec<u32>) {
    let m = (2..levels.len()).find(|&i| levels[i] == 1).unwrap_or(levels.len());
    let left = levels[1..m].iter().map(|&l| l - 1).collect();
    let rest = std::iter::once(0).chain(levels[m..].iter().copied()).collect();
    (left, rest)
}

/// `candidate` if it is a free tree's sequence (rooted at a centre: the
/// first subtree no higher than the rest, and if as high, no larger and not
/// lexicographically after it), else the valid sequence the jump of Wright
/// et al. reaches; `None` when none is left.
fn valid_or_jump(mut candidate: Vec<u32>) -> Option<Vec<u32>> {
    let (left, rest) = split(&candidate);
    let height = |s: &[u32]| s.iter().copied().max().unwrap_or(0);
    let (lh, rh) = (height(&left), height(&rest));
    let valid = rh > lh || (rh == lh && (left.len() < rest.len() || (left.len() == rest.len() && left <= rest)));
    if valid {
        return Some(candidate);
    }
    let p = left.len();
    let deep = candidate[p] > 2;
    if !successor(&mut candidate, Some(p)) {
        return None;
    }
    if deep {
        // The new first subtree is as high as it may be; the rest becomes the
        // path of one more level, the smallest rest that stays valid.
        let lh = height(&split(&candidate).0) as usize;
        let n = candidate.len();
        for (i, level) in (1..=lh as u32 + 1).enumerate() {
            candidate[n - (lh + 1) + i] = level;
        }
    }
    Some(candidate)
}

/// How many rooted trees with `1..=n_max` vertices there are when each
/// vertex takes one of `k` colours, up to isomorphism: entry `n` of the
/// result (entry 0 is 0). `k = 1` gives A000081, `k = 2` A038055. Saturates
/// at `u128::MAX`.
pub fn coloured_rooted_counts(n_max: usize, k: u128) -> Vec<u128> {
    let mut t = vec![0u128; n_max + 1];
    if n_max == 0 {
        return t;
    }
    t[1] = k;
    // c[j] = sum over divisors d of j of d t(d).
    let mut c = vec![0u128; n_max + 1];
    for n in 1..n_max {
        for d in (1..=n).filter(|d| n % d == 0) {
            c[n] = c[n].saturating_add((d as u128).saturating_mul(t[d]));
        }
        let mut sum: Option<u128> = Some(0);
        for j in 1..=n {
            sum = sum.and_then(|s| c[j].checked_mul(t[n + 1 - j]).and_then(|x| s.checked_add(x)));
        }
        t[n + 1] = sum.map_or(u128::MAX, |s| s / n as u128);
    }
    t
}

/// Rooted trees with `lo..=hi` vertices whose vertices take `colours`
/// colours, up to isomorphism; saturates (past 90 vertices there are more
/// than 2^128 even with one colour).
pub fn coloured_count(lo: u64, hi: u64, colours: u128) -> u128 {
    const SATURATED: u64 = 90;
    if hi > SATURATED && colours > 0 {
        return u128::MAX;
    }
    let t = coloured_rooted_counts(hi as usize, colours);
    (lo.max(1)..=hi).fold(0u128, |acc, k| acc.saturating_add(t[k as usize]))
}

/// Every rooted tree with `lo..=hi` vertices coloured from `first..=last`,
/// up to isomorphism, by vertices, then shape (as [`RootedTrees`]), then
/// colours: each as its edges `(parent, child)` over vertices in preorder
/// (the root 0) and the colours in that order.
pub fn coloured_trees(lo: u64, hi: u64, first: u64, last: u64) -> impl Iterator<Item = (Vec<(u32, u32)>, Vec<u64>)> {
    (lo.max(1)..=hi).flat_map(move |n| {
        let mut shapes = RootedTrees::new(n as usize);
        std::iter::from_fn(move || shapes.advance().map(<[u32]>::to_vec)).flat_map(move |levels| {
            let edges = parent_edges(&levels);
            let mut colourings = Colourings::new(&levels, first, last);
            std::iter::from_fn(move || colourings.advance().map(|c| (edges.clone(), c.to_vec())))
        })
    })
}

/// The subtree sizes of a level sequence's vertices.
fn subtree_sizes(levels: &[u32]) -> Vec<usize> {
    let n = levels.len();
    let mut size = vec![1usize; n];
    // A vertex's subtree ends where a vertex at its level or above starts.
    let mut open: Vec<usize> = Vec::new();
    for i in 0..=n {
        let l = levels.get(i).copied().unwrap_or(0);
        while let Some(&top) = open.last() {
            if i == n || levels[top] >= l {
                size[top] = i - top;
                open.pop();
            } else {
                break;
            }
        }
        if i < n {
            open.push(i);
        }
    }
    size
}

/// Consecutive siblings of equal shape in a canonical level sequence, as
/// `(first, second, length)`: the second's subtree starts right after the
/// first's, and their level sequences are equal.
pub fn equal_sibling_blocks(levels: &[u32]) -> Vec<(usize, usize, usize)> {
    let size = subtree_sizes(levels);
    let n = levels.len();
    (1..n)
        .filter_map(|u| {
            let (s, v) = (size[u], u + size[u]);
            let twin = v < n && levels[v] == levels[u] && size[v] == s && levels[u..v] == levels[v..v + s];
            twin.then_some((u, v, s))
        })
        .collect()
}

/// Every canonical colouring of one canonical shape with colours `lo..=hi`,
/// in lexicographic order of the colours in preorder: each coloured tree of
/// that shape once, up to isomorphism. A lending iterator, as [`RootedTrees`].
pub struct Colourings {
    colours: Vec<u64>,
    /// `(first, second, length)` blocks the first of which must not be
    /// lexicographically below the second ([`equal_sibling_blocks`]).
    blocks: Vec<(usize, usize, usize)>,
    /// For each vertex, the blocks whose second part holds it.
    inside: Vec<Vec<usize>>,
    lo: u64,
    hi: u64,
    started: bool,
}

impl Colourings {
    pub fn new(levels: &[u32], lo: u64, hi: u64) -> Self {
        let blocks = equal_sibling_blocks(levels);
        let mut inside = vec![Vec::new(); levels.len()];
        for (b, &(_, second, len)) in blocks.iter().enumerate() {
            for list in &mut inside[second..second + len] {
                list.push(b);
            }
        }
        Colourings {
            colours: vec![lo; levels.len()],
            blocks,
            inside,
            lo,
            hi,
            started: false,
        }
    }

    /// The largest colour vertex `p` may take given the colours before it:
    /// where a block's second part has so far equalled its first, it may not
    /// pass the first's colour at the same offset.
    fn cap(&self, p: usize) -> u64 {
        let mut cap = self.hi;
        for &b in &self.inside[p] {
            let (first, second, _) = self.blocks[b];
            let off = p - second;
            if self.colours[first..first + off] == self.colours[second..p] {
                cap = cap.min(self.colours[first + off]);
            }
        }
        cap
    }

    /// The next colouring, or `None` after the last.
    pub fn advance(&mut self) -> Option<&[u64]> {
        if !self.started {
            self.started = true;
            return Some(&self.colours);
        }
        // The lowest colours after a raised vertex satisfy every cap.
        let p = (0..self.colours.len()).rev().find(|&p| self.colours[p] < self.cap(p))?;
        self.colours[p] += 1;
        self.colours[p + 1..].fill(self.lo);
        Some(&self.colours)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    const A000081: [usize; 16] = [
        1, 1, 2, 4, 9, 20, 48, 115, 286, 719, 1842, 4766, 12486, 32973, 87811, 235381,
    ];
    const A000055: [usize; 18] = [
        1, 1, 1, 2, 3, 6, 11, 23, 47, 106, 235, 551, 1301, 3159, 7741, 19320, 48629, 123867,
    ];

    /// Children lists of a level sequence's tree.
    fn children(levels: &[u32]) -> Vec<Vec<usize>> {
        let mut out = vec![Vec::new(); levels.len()];
        for (p, c) in parent_edges(levels) {
            out[p as usize].push(c as usize);
        }
        out
    }

    /// The AHU code of the subtree at `v`, colours included.
    fn ahu(v: usize, kids: &[Vec<usize>], colours: &[u64]) -> String {
        let mut parts: Vec<String> = kids[v].iter().map(|&c| ahu(c, kids, colours)).collect();
        parts.sort();
        format!("{}({})", colours[v], parts.concat())
    }

    /// The code of a free tree: the smaller AHU code over its centres.
    fn free_code(levels: &[u32]) -> String {
        let n = levels.len();
        let mut adj = vec![Vec::new(); n];
        for (p, c) in parent_edges(levels) {
            adj[p as usize].push(c as usize);
            adj[c as usize].push(p as usize);
        }
        // Peel leaves layer by layer; the last one or two vertices are the centres.
        let mut degree: Vec<usize> = adj.iter().map(Vec::len).collect();
        let mut layer: Vec<usize> = (0..n).filter(|&v| degree[v] <= 1).collect();
        let mut left = n;
        while left > 2 {
            left -= layer.len();
            let mut next = Vec::new();
            for &v in &layer {
                for &w in &adj[v] {
                    degree[w] -= 1;
                    if degree[w] == 1 {
                        next.push(w);
                    }
                }
            }
            layer = next;
        }
        fn rooted(v: usize, from: usize, adj: &[Vec<usize>]) -> String {
            let mut parts: Vec<String> = adj[v]
                .iter()
                .filter(|&&w| w != from)
                .map(|&w| rooted(w, v, adj))
                .collect();
            parts.sort();
            format!("({})", parts.concat())
        }
        layer
            .iter()
            .map(|&c| rooted(c, usize::MAX, &adj))
            .min()
            .expect("a centre")
    }

    #[test]
    fn rooted_trees_are_a000081_each_class_once() {
        for (k, &want) in A000081.iter().enumerate() {
            let n = k + 1;
            let mut all = RootedTrees::new(n);
            let mut codes = BTreeSet::new();
            let mut count = 0;
            while let Some(levels) = all.advance() {
                count += 1;
                if n <= 12 {
                    assert!(codes.insert(ahu(0, &children(levels), &vec![0; n])), "{levels:?} twice");
                }
                assert_eq!(parent_edges(levels).len(), n - 1);
            }
            assert_eq!(count, want, "n = {n}");
        }
        let mut star = RootedTrees::new(4);
        let listed: Vec<Vec<u32>> = std::iter::from_fn(|| star.advance().map(<[u32]>::to_vec)).collect();
        assert_eq!(listed.first(), Some(&vec![0, 1, 2, 3]));
        assert_eq!(listed.last(), Some(&vec![0, 1, 1, 1]));
        assert_eq!(tree_of(&[0, 1, 2, 1]).edges, vec![(0, 1), (1, 2), (0, 3)]);
    }

    #[test]
    fn free_trees_are_a000055_each_class_once() {
        for (k, &want) in A000055.iter().enumerate() {
            let n = k + 1;
            let mut all = FreeTrees::new(n);
            let mut codes = BTreeSet::new();
            let mut count = 0;
            while let Some(levels) = all.advance() {
                count += 1;
                assert_eq!(levels.len(), n);
                if n <= 14 {
                    assert!(codes.insert(free_code(levels)), "{levels:?} is a tree listed before");
                }
            }
            assert_eq!(count, want, "n = {n}");
        }
    }

    #[test]
    fn coloured_counts_are_a038055_and_a000081() {
        let ones = coloured_rooted_counts(16, 1);
        assert_eq!(ones[1..].iter().map(|&c| c as usize).collect::<Vec<_>>(), A000081);
        let a038055 = [2u128, 4, 14, 52, 214, 916, 4116, 18996, 89894, 433196];
        assert_eq!(coloured_rooted_counts(10, 2)[1..], a038055);
        assert_eq!(coloured_rooted_counts(200, 3)[200], u128::MAX);
        assert_eq!(subtree_sizes(&[0, 1, 2, 1, 1]), vec![5, 2, 1, 1, 1]);
        assert_eq!(equal_sibling_blocks(&[0, 1, 2, 1, 2, 1]), vec![(1, 3, 2)]);
        assert_eq!(equal_sibling_blocks(&[0, 1, 1, 1]), vec![(1, 2, 1), (2, 3, 1)]);
    }

    #[test]
    fn colourings_list_each_coloured_tree_once() {
        // Against the coloured AHU codes of every colouring of every shape.
        for (k, lo) in [(2u64, 0u64), (3, 1)] {
            let counts = coloured_rooted_counts(7, k as u128);
            for (n, &expected) in counts.iter().enumerate().skip(1) {
                let mut shapes = RootedTrees::new(n);
                let (mut listed, mut every) = (BTreeSet::new(), BTreeSet::new());
                let mut count = 0u128;
                while let Some(levels) = shapes.advance() {
                    let kids = children(levels);
                    let mut colourings = Colourings::new(levels, lo, lo + k - 1);
                    while let Some(colours) = colourings.advance() {
                        count += 1;
                        assert!(listed.insert(ahu(0, &kids, colours)), "{levels:?} {colours:?} twice");
                    }
                    for code in 0..k.pow(n as u32) {
                        let colours: Vec<u64> = (0..n).map(|i| lo + code / k.pow(i as u32) % k).collect();
                        every.insert(ahu(0, &kids, &colours));
                    }
                }
                assert_eq!(count, expected, "n = {n}, {k} colours");
                assert_eq!(listed, every, "n = {n}, {k} colours");
            }
        }
    }
}
