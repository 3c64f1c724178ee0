//! Combat on a tree (SPOJ COT3): every winning first move.
//!
//! Problem: a tree rooted at vertex 0 whose vertices are black or white; a
//! move paints the path from the root to a white vertex black, and a player
//! who cannot move loses. List the first moves after which the opponent loses.
//!
//! Idea: play inside the subtree of `u` paints a path from `u` down, and
//! leaves the subtrees hanging off that path as a sum. With `S(u)` the XOR
//! of the children's values, the move at `v` below `u` (path `u = w_0, ...,
//! w_k = v`) is worth `XOR_i S(w_i) ^ XOR_{i>=1} SG(w_i)`, so the set of
//! values reachable from `u` is `{S(u)}` if `u` is white, plus each child's
//! set XORed with `S(u) ^ SG(c)`. Each set is a binary trie; XORing a whole
//! trie is a lazy tag, the union is trie merging, and `SG(u)` is the mex,
//! found by walking down past full subtrees. The winning first moves are the
//! white `v` whose value from the root is 0.
//!
//! Complexity: `O(n log V)` time and memory with `V = 2^17 > n`: each vertex
//! inserts one value (`log V` nodes), and every step of a merge frees a
//! node. Nothing recurses: the tree is walked in BFS order and merging keeps
//! its own list of node pairs.
//!
//! Reference: SPOJ COT3; the trie-merging technique as in "线段树合并"
//! (merging segment trees).

use gen::csr::Csr;
use crate::submit::Submission;

/// Values are below `2^BITS`: Grundy values are at most `n <= 100 000`, and
/// XORs of values below a power of two stay below it.
const BITS: u32 = 17;

/// Binary tries over `BITS`-bit values sharing one arena; node 0 is "none".
struct Tries {
    child: Vec<[u32; 2]>,
    /// A pending XOR for the whole subtree below the node.
    tag: Vec<u32>,
    /// The subtree holds every value of its range.
    full: Vec<bool>,
    /// Scratch for [`Tries::merge`]: node pairs still to merge, and the
    /// merged nodes in the order they were met.
    pending: Vec<(u32, u32, u32)>,
    met: Vec<(u32, u32)>,
}

impl Tries {
    fn with_capacity(nodes: usize) -> Self {
        let mut t = Tries {
            child: Vec::with_capacity(nodes),
            tag: Vec::with_capacity(nodes),
            full: Vec::with_capacity(nodes),
            pending: Vec::new(),
            met: Vec::new(),
        };
        t.node();
        t
    }

    fn node(&mut self) -> u32 {
        self.child.push([0, 0]);
        self.tag.push(0);
        self.full.push(false);
        (self.child.len() - 1) as u32
    }

    /// XORs every value of the trie at `x` with `t`.
    fn xor_all(&mut self, x: u32, t: u32) {
        if x != 0 {
            self.tag[x as usize] ^= t;
        }
    }

    /// Applies the tag of `x`, a node at `depth < BITS`, to its children.
    fn push(&mut self, x: u32, depth: u32) {
        let x = x as usize;
        let t = self.tag[x];
        if t == 0 {
            return;
        }
        if t >> (BITS - 1 - depth) & 1 == 1 {
            self.child[x].swap(0, 1);
        }
        let [a, b] = self.child[x];
        self.xor_all(a, t);
        self.xor_all(b, t);
        self.tag[x] = 0;
    }

    fn refresh(&mut self, x: u32) {
        let [a, b] = self.child[x as usize];
        self.full[x as usize] = self.full[a as usize] && self.full[b as usize];
    }

    /// The trie at `root` (0 for empty) with `value` added; returns its root.
    fn insert(&mut self, root: u32, value: u32) -> u32 {
        let root = if root == 0 { self.node() } else { root };
        let mut path = [0u32; BITS as usize];
        let mut x = root;
        for depth in 0..BITS {
            self.push(x, depth);
            path[depth as usize] = x;
            let bit = (value >> (BITS - 1 - depth) & 1) as usize;
            if self.child[x as usize][bit] == 0 {
                let fresh = self.node();
                self.child[x as usize][bit] = fresh;
            }
            x = self.child[x as usize][bit];
        }
        self.full[x as usize] = true;
        for &x in path.iter().rev() {
            self.refresh(x);
        }
        root
    }

    /// The union of the tries at `a` and `b`, built from their nodes (both
    /// are consumed); returns its root.
    fn merge(&mut self, a: u32, b: u32) -> u32 {
        if a == 0 || b == 0 {
            return a | b;
        }
        self.pending.push((a, b, 0));
        while let Some((a, b, depth)) = self.pending.pop() {
            if depth == BITS {
                // Two leaves: the value is in the union once.
                continue;
            }
            self.push(a, depth);
            self.push(b, depth);
            self.met.push((a, depth));
            for side in 0..2 {
                let (x, y) = (self.child[a as usize][side], self.child[b as usize][side]);
                if x == 0 {
                    self.child[a as usize][side] = y;
                } else if y != 0 {
                    self.pending.push((x, y, depth + 1));
                }
            }
        }
        // Children were met after their parents: refresh bottom-up.
        while let Some((x, _)) = self.met.pop() {
            self.refresh(x);
        }
        a
    }

    /// The smallest value not in the trie at `root`.
    fn mex(&mut self, root: u32) -> u32 {
        let mut x = root;
        let mut value = 0;
        for depth in 0..BITS {
            if x == 0 {
                return value;
            }
            self.push(x, depth);
            let [zero, one] = self.child[x as usize];
            if self.full[zero as usize] {
                value |= 1 << (BITS - 1 - depth);
                x = one;
            } else {
                x = zero;
            }
        }
        assert_eq!(x, 0, "a trie of at most n < 2^{BITS} values is never full");
        value
    }
}

/// Every winning first move (0-based, increasing) on the tree with
/// `black.len()` vertices, root 0 and the given undirected edges; empty when
/// the first player loses.
///
/// # Constraints
/// The edges form a tree on `0..black.len()`, and `black.len() < 2^17`.
///
/// # Complexity
/// `O(n log n)` time and memory; no recursion.
pub fn winning_moves(black: &[bool], edges: &[(u32, u32)]) -> Vec<u32> {
    moves_valued(black, edges, Valuation::Rules)
}

/// Each vertex's parent (the root is its own) and the vertices in BFS
/// order from the root, so every parent comes before its children.
fn bfs(adj: &Csr) -> (Vec<u32>, Vec<u32>) {
    let n = adj.n();
    let mut parent = vec![u32::MAX; n];
    let mut order = Vec::with_capacity(n);
    order.push(0u32);
    parent[0] = 0;
    let mut i = 0;
    while i < order.len() {
        let u = order[i] as usize;
        i += 1;
        for w in adj.heads(u) {
            if parent[w as usize] == u32::MAX {
                parent[w as usize] = u as u32;
                order.push(w);
            }
        }
    }
    assert_eq!(order.len(), n, "the edges must connect every vertex to the root");
    (parent, order)
}

/// The same answer from explicit sets: each vertex keeps every value
/// reachable in its subtree as a plain list, and a move's value is summed
/// along its whole path from the root. `O(n^2)` time and `O(n)` memory per
/// list: the reference for trees beyond brute's reach, independent of the
/// tries and of the top-down pass.
pub fn winning_moves_plain(black: &[bool], edges: &[(u32, u32)]) -> Vec<u32> {
    let n = black.len();
    let adj = Csr::undirected(n, edges);
    let (parent, order) = bfs(&adj);
    let mut sg = vec![0u32; n];
    let mut children_xor = vec![0u32; n];
    let mut reach: Vec<Vec<u32>> = vec![Vec::new(); n];
    for &u in order.iter().rev() {
        let u = u as usize;
        let s = children_xor[u];
        let mut set: Vec<u32> = if black[u] { Vec::new() } else { vec![s] };
        for c in adj.heads(u).filter(|&c| parent[c as usize] as usize == u) {
            let shift = s ^ sg[c as usize];
            set.extend(std::mem::take(&mut reach[c as usize]).into_iter().map(|x| x ^ shift));
        }
        set.sort_unstable();
        set.dedup();
        sg[u] = set
            .iter()
            .zip(0..)
            .find(|&(&x, i)| x != i)
            .map_or(set.len() as u32, |(_, i)| i);
        reach[u] = set;
        if u != 0 {
            children_xor[parent[u] as usize] ^= sg[u];
        }
    }
    (0..n)
        .filter(|&v| !black[v])
        .filter(|&v| {
            // Walk up from v: every path vertex adds S(w); all but the root
            // also take out their own value.
            let mut value = 0;
            let mut w = v;
            loop {
                value ^= children_xor[w];
                if w == 0 {
                    break;
                }
                value ^= sg[w];
                w = parent[w] as usize;
            }
            value == 0
        })
        .map(|v| v as u32)
        .collect()
}

/// How a move's value counts the path's own vertices.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Valuation {
    /// The path's vertices below the top leave the sum: `^ SG(w_i)`.
    Rules,
    /// The mistake in [`wrong::path_child_stays`].
    PathChildStays,
}

fn moves_valued(black: &[bool], edges: &[(u32, u32)], valuation: Valuation) -> Vec<u32> {
    let n = black.len();
    assert!(n < 1 << BITS, "at most 2^{BITS} - 1 vertices");
    let adj = Csr::undirected(n, edges);
    let (parent, order) = bfs(&adj);

    // How much the child's own value is taken out when play enters it.
    let leaves = |sg: u32| if valuation == Valuation::Rules { sg } else { 0 };
    let mut tries = Tries::with_capacity(n * (BITS as usize + 1) + 1);
    let mut trie = vec![0u32; n];
    let mut sg = vec![0u32; n];
    let mut children_xor = vec![0u32; n];
    for &u in order.iter().rev() {
        let u = u as usize;
        let s = children_xor[u];
        let mut root = 0;
        // The root is its own parent, and never its own neighbour.
        for c in adj.heads(u).filter(|&c| parent[c as usize] as usize == u) {
            let c = c as usize;
            tries.xor_all(trie[c], s ^ leaves(sg[c]));
            root = tries.merge(root, trie[c]);
        }
        if !black[u] {
            root = tries.insert(root, s);
        }
        trie[u] = root;
        sg[u] = tries.mex(root);
        if u != 0 {
            children_xor[parent[u] as usize] ^= sg[u];
        }
    }

    // The value of the move at v from the root, top-down along BFS order.
    let mut value = vec![0u32; n];
    value[0] = children_xor[0];
    for &v in &order[1..] {
        let v = v as usize;
        value[v] = value[parent[v] as usize] ^ children_xor[v] ^ leaves(sg[v]);
    }
    (0..n as u32)
        .filter(|&v| !black[v as usize] && value[v as usize] == 0)
        .collect()
}

/// Deliberately wrong variants, kept to prove the harness catches them.
pub mod wrong {
    use super::{moves_valued, Valuation};

    /// Values a move as if the children on the painted path still counted:
    /// the child's set is XORed with `S(u)` instead of `S(u) ^ SG(c)`, a
    /// plausible slip when the recurrence is written from "the subtrees
    /// hanging off the path" without taking out the path's own subtree.
    ///
    /// Smallest counterexample (proven in `tests/combat_exhaustive.rs`): two
    /// vertices, a black root and a white child. The only move wins, but the
    /// child's value 1 stays in the sum and makes it look losing.
    pub fn path_child_stays(black: &[bool], edges: &[(u32, u32)]) -> Vec<u32> {
        moves_valued(black, edges, Valuation::PathChildStays)
    }
}


/// What `solve` answers with this module.
pub const SUBMITTED: &[Submission] = &[submission!(combat_on_a_tree, |t| winning_moves(&t.black, &t.edges))];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_judges_samples() {
        let tree = |pairs: &[(u32, u32)]| pairs.iter().map(|&(u, v)| (u - 1, v - 1)).collect::<Vec<_>>();
        let colours = |s: &str| s.split(' ').map(|c| c == "1").collect::<Vec<bool>>();
        let first = tree(&[(1, 2), (1, 3), (2, 6), (3, 4), (3, 5), (5, 7), (7, 8)]);
        assert_eq!(winning_moves(&colours("1 1 0 1 0 0 1 0"), &first), vec![4]);
        let second = tree(&[
            (1, 2),
            (2, 3),
            (2, 4),
            (1, 5),
            (1, 6),
            (5, 7),
            (5, 8),
            (2, 9),
            (8, 10),
            (1, 11),
            (1, 12),
            (9, 13),
            (6, 14),
            (14, 15),
            (7, 16),
            (11, 17),
            (2, 18),
            (7, 19),
            (12, 20),
        ]);
        let c = colours("1 1 1 0 1 1 1 0 1 0 0 0 1 0 1 0 0 0 0 0");
        assert_eq!(winning_moves(&c, &second), vec![7, 10, 11]);
        assert_eq!(winning_moves_plain(&c, &second), vec![7, 10, 11]);
    }

    #[test]
    fn a_white_path_is_worth_its_length() {
        // On an all-white path from the root, the move at depth d leaves the
        // path below it, worth n - d - 1; so SG = n and only the far end wins.
        for n in 1..40u32 {
            let edges: Vec<(u32, u32)> = (1..n).map(|v| (v - 1, v)).collect();
            assert_eq!(winning_moves(&vec![false; n as usize], &edges), vec![n - 1]);
            assert_eq!(winning_moves_plain(&vec![false; n as usize], &edges), vec![n - 1]);
        }
    }

    #[test]
    fn tries_merge_xor_and_mex() {
        let mut t = Tries::with_capacity(16);
        let mut a = 0;
        for v in [0, 1, 2, 5] {
            a = t.insert(a, v);
        }
        assert_eq!(t.mex(a), 3);
        let mut b = 0;
        for v in [3, 4] {
            b = t.insert(b, v);
        }
        // {3, 4} ^ 7 = {4, 3}: unchanged as a set; merged with a: 0..=5.
        t.xor_all(b, 7);
        let ab = t.merge(a, b);
        assert_eq!(t.mex(ab), 6);
        // {0..=5} ^ 1 = {1, 0, 3, 2, 5, 4}: still 0..=5.
        t.xor_all(ab, 1);
        assert_eq!(t.mex(ab), 6);
        // ^ 8: {8..=13}, so 0 is missing.
        t.xor_all(ab, 8);
        assert_eq!(t.mex(ab), 0);
        assert_eq!(t.mex(0), 0);
    }

    #[test]
    fn a_path_of_the_judges_size_on_a_small_stack() {
        let n = 100_000u32;
        let run = move || {
            let edges: Vec<(u32, u32)> = (1..n).map(|v| (v - 1, v)).collect();
            winning_moves(&vec![false; n as usize], &edges)
        };
        let got = std::thread::Builder::new()
            .stack_size(256 << 10)
            .spawn(run)
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(got, vec![n - 1]);
    }
}
