//! Green Hackenbush on a rooted undirected multigraph, in O(n + m).
//!
//! Problem: vertices `0..n`, root 0, self-loops and parallel edges allowed. A
//! move deletes one edge, then every edge no longer connected to the root goes
//! too; who cannot move loses. Find the Sprague-Grundy value. Edges not
//! connected to the root at the start take no part.
//!
//! Idea: by the fusion principle a 2-edge-connected component (a maximal set
//! of vertices no single edge deletion separates) is worth one vertex carrying
//! its edge count mod 2 as loops, loops included; what remains is the bridge
//! tree, where the colon principle gives
//! `SG(c) = XOR over child components d of (SG(d) + 1), XOR parity(c)`.
//! Bridges come from one iterative Tarjan DFS that skips the edge it came in
//! by *edge id*, so that a parallel pair is a cycle of length 2, not a bridge.
//! [`grundy`] does it all in that one DFS: a component closes when the bridge
//! above it is found, children before parents, so its value is known at once
//! and passed up the bridge. The separate passes ([`bridges`],
//! [`two_edge_components`], [`loop_parities`], [`colon_sum`]) remain for the
//! deliberately wrong solvers, each of which changes one of them.
//!
//! Complexity: O(n + m) time and memory, no recursion.
//!
//! References: Berlekamp, Conway, Guy, *Winning Ways*, ch. 7 (colon and fusion
//! principles); R. E. Tarjan, "A note on finding the bridges of a graph",
//! Inf. Proc. Letters 2 (1974).

use gen::csr::Csr;
use crate::submit::Submission;

/// Marks "none": an unvisited vertex, the root component's parent.
pub(crate) const NONE: u32 = u32::MAX;

/// The SG value of the Green Hackenbush position `(n, edges)` rooted at 0.
/// `n` must be at least 1 and every endpoint below `n`.
pub fn grundy(n: usize, edges: &[(u32, u32)]) -> u32 {
    assert!(n >= 1, "the root vertex 0 must exist");
    one_pass(Rows::undirected(n, edges))
}

/// A DFS frame: a vertex on the path from the root, with what Tarjan's
/// algorithm keeps for it. Keeping `low` here rather than in a per-vertex
/// array leaves `disc` the only array the DFS reads at random.
struct Frame {
    v: u32,
    /// The parent until the edge back to it has been skipped once, then
    /// `NONE`: the first entry back to the parent is the tree edge, any other
    /// a parallel edge, hence a cycle.
    skip: u32,
    /// The next and the end position of `v`'s row in the adjacency.
    next: u32,
    end: u32,
    disc: u32,
    low: u32,
    /// `v`'s place on the stack of open vertices.
    slot: u32,
}

impl Frame {
    /// Moves along the row to the next neighbour not yet discovered, lowering
    /// `low` by the discovered ones passed on the way; `None` at the row's end.
    #[inline]
    fn scan(&mut self, heads: &[u32], node: &[Node]) -> Option<u32> {
        let (mut next, mut low, mut skip) = (self.next, self.low, self.skip);
        let mut found = None;
        while next < self.end {
            let w = heads[next as usize];
            next += 1;
            if w == skip {
                skip = NONE;
                continue;
            }
            match node[w as usize].disc {
                0 => {
                    found = Some(w);
                    break;
                }
                disc => low = low.min(disc),
            }
        }
        (self.next, self.low, self.skip) = (next, low, skip);
        found
    }
}

/// An open vertex: one whose 2-edge-connected component has not closed yet.
#[derive(Clone, Copy)]
struct Open {
    /// Its degree (a loop counts 2) less the bridges that lead down from it:
    /// its edge ends inside its own component, but for the bridge above it.
    ends: u32,
    /// XOR of `SG(d) + 1` over the components `d` hanging from it by
    /// bridges: the colon principle's terms.
    colon: u32,
}

/// Tarjan's bridge DFS that closes each 2-edge-connected component when the
/// bridge above it is found. The vertices not yet closed sit on `open` in
/// discovery order; those from `v`'s slot up when `v` closes are `v`'s
/// component, so all it needs from below is summed there. Its edges are half
/// its inner edge ends; fusion makes it worth that count mod 2 in loops.
fn one_pass(graph: Rows) -> u32 {
    let n = graph.node.len() - 1;
    let mut dfs = Dfs {
        node: graph.node,
        // Both can grow to n; reserving spares the copies of doubling.
        open: Vec::with_capacity(n),
        stack: Vec::with_capacity(n),
        time: 0,
    };
    let heads = graph.heads;
    dfs.enter(0, NONE);
    loop {
        let frame = dfs
            .stack
            .last_mut()
            .expect("the root's frame returns when it is popped");
        if let Some(w) = frame.scan(&heads, &dfs.node) {
            let v = frame.v;
            dfs.enter(w, v);
            continue;
        }
        let Frame { low, slot, .. } = dfs.stack.pop().expect("just looked at");
        let Some(parent) = dfs.stack.last_mut() else {
            return close(&mut dfs.open, slot, 0);
        };
        parent.low = parent.low.min(low);
        if low > parent.disc {
            let sg = close(&mut dfs.open, slot, 1);
            let above = &mut dfs.open[parent.slot as usize];
            above.colon ^= sg + 1;
            above.ends -= 1;
        }
    }
}

/// A vertex's row start in the adjacency beside its discovery time (from 1;
/// 0 is unvisited), so that the check whether a neighbour is new also brings
/// its row's bounds: one cache miss per vertex instead of two.
#[derive(Clone, Copy, Default)]
struct Node {
    start: u32,
    disc: u32,
}

/// Undirected adjacency without edge ids: the row of `v` is
/// `heads[node[v].start..node[v + 1].start]`, a loop listed twice. The walk
/// tells the edge it came in by as the first entry back to the parent.
struct Rows {
    node: Vec<Node>,
    heads: Vec<u32>,
}

impl Rows {
    /// By counting sort. Each row fills from its end, stepping its start
    /// back from the row's end, so no second per-vertex array is written at
    /// random; rows list their edges in reverse input order.
    fn undirected(n: usize, edges: &[(u32, u32)]) -> Self {
        let total = u32::try_from(2 * edges.len()).expect("adjacency: 2m must fit in u32");
        let mut node = vec![Node::default(); n + 1];
        for &(u, v) in edges {
            node[u as usize].start += 1;
            node[v as usize].start += 1;
        }
        let mut end = 0;
        for x in &mut node[..n] {
            end += x.start;
            x.start = end;
        }
        node[n].start = total;
        let mut heads = vec![0u32; total as usize];
        for &(u, v) in edges {
            for (from, to) in [(u, v), (v, u)] {
                let row = &mut node[from as usize].start;
                *row -= 1;
                heads[*row as usize] = to;
            }
        }
        Rows { node, heads }
    }
}

struct Dfs {
    node: Vec<Node>,
    open: Vec<Open>,
    stack: Vec<Frame>,
    time: u32,
}

impl Dfs {
    /// Discovers `w` from `parent`.
    fn enter(&mut self, w: u32, parent: u32) {
        self.time += 1;
        self.node[w as usize].disc = self.time;
        let (next, end) = (self.node[w as usize].start, self.node[w as usize + 1].start);
        self.open.push(Open {
            ends: end - next,
            colon: 0,
        });
        self.stack.push(Frame {
            v: w,
            skip: parent,
            next,
            end,
            disc: self.time,
            low: self.time,
            slot: self.open.len() as u32 - 1,
        });
    }
}

/// Pops the component whose first vertex sits at `slot` of `open` and returns
/// its value; `up` is the number of bridge ends to its parent (0 at the root).
fn close(open: &mut Vec<Open>, slot: u32, up: u32) -> u32 {
    let (ends, colon) = open
        .drain(slot as usize..)
        .fold((0u32, 0u32), |(ends, colon), o| (ends + o.ends, colon ^ o.colon));
    colon ^ (((ends - up) / 2) & 1)
}

/// `is_bridge[e]`: edge `e` is a bridge of the part of the graph reachable from
/// the root (edges out of reach are reported as non-bridges).
///
/// Iterative Tarjan: `low[v]` is the smallest discovery time reachable from
/// `v`'s DFS subtree by one non-tree edge; the tree edge into `w` is a bridge
/// iff `low[w] > disc[parent]`. A loop meets its own vertex, which never lowers
/// `low`, so a loop is never a bridge.
pub(crate) fn bridges(csr: &Csr) -> Vec<bool> {
    let mut is_bridge = vec![false; csr.m()];
    // Discovery times start at 1 so that 0 means "unvisited".
    let mut disc = vec![0u32; csr.n()];
    let mut low = vec![0u32; csr.n()];
    // Frames: (vertex, edge id it was entered by, next row position to scan).
    let mut stack: Vec<(u32, u32, u32)> = vec![(0, NONE, 0)];
    disc[0] = 1;
    low[0] = 1;
    let mut time = 1u32;
    while let Some(frame) = stack.last_mut() {
        let (v, entered_by, pos) = *frame;
        let row = csr.neighbours(v as usize);
        if let Some(&(w, e)) = row.get(pos as usize) {
            frame.2 += 1;
            if e == entered_by {
                continue;
            }
            let w = w as usize;
            if disc[w] == 0 {
                time += 1;
                disc[w] = time;
                low[w] = time;
                stack.push((w as u32, e, 0));
            } else {
                low[v as usize] = low[v as usize].min(disc[w]);
            }
        } else {
            stack.pop();
            if let Some(&(parent, _, _)) = stack.last() {
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

/// The 2-edge-connected components reachable from the root, numbered so that
/// every component's number exceeds its parent's in the bridge tree.
pub(crate) struct Components {
    /// Component of each vertex, `NONE` if out of the root's reach.
    pub of_vertex: Vec<u32>,
    /// Parent component in the bridge tree; `parent[0] == NONE` (the root's).
    pub parent: Vec<u32>,
}

/// Flood fill from the root: a non-bridge edge stays in its component, a
/// bridge to an unlabelled vertex opens a child component. Correct because a
/// component can only be entered from outside through the one bridge joining
/// it to its parent.
pub(crate) fn two_edge_components(csr: &Csr, is_bridge: &[bool]) -> Components {
    let mut of_vertex = vec![NONE; csr.n()];
    let mut parent = vec![NONE];
    of_vertex[0] = 0;
    let mut stack = vec![0u32];
    while let Some(v) = stack.pop() {
        let here = of_vertex[v as usize];
        for &(w, e) in csr.neighbours(v as usize) {
            let w = w as usize;
            if of_vertex[w] != NONE {
                continue;
            }
            of_vertex[w] = if is_bridge[e as usize] {
                parent.push(here);
                (parent.len() - 1) as u32
            } else {
                here
            };
            stack.push(w as u32);
        }
    }
    Components { of_vertex, parent }
}

/// Fusion principle: each component's count of non-bridge edges (loops
/// included) mod 2, the number of loops it is worth.
pub(crate) fn loop_parities(edges: &[(u32, u32)], parts: &Components, is_bridge: &[bool]) -> Vec<u32> {
    let mut parity = vec![0u32; parts.parent.len()];
    for (&(u, _), &bridge) in edges.iter().zip(is_bridge) {
        let c = parts.of_vertex[u as usize];
        if c != NONE && !bridge {
            parity[c as usize] ^= 1;
        }
    }
    parity
}

/// Colon principle on the bridge tree, children before parents (they have the
/// larger numbers): returns the root component's value.
pub(crate) fn colon_sum(parent: &[u32], parity: &[u32]) -> u32 {
    let mut sg = parity.to_vec();
    for c in (1..parent.len()).rev() {
        sg[parent[c] as usize] ^= sg[c] + 1;
    }
    sg[0]
}


/// Green Hackenbush on one graph, and christmas-game: a forest of cacti, won when the
/// Sprague-Grundy values' sum is not zero.
pub const SUBMITTED: &[Submission] = &[
    submission!(green_hackenbush, |g| grundy(g.n, &g.edges)),
    submission!(christmas_game, |forest| forest.iter().fold(0, |x, g| x ^ grundy(g.n, &g.edges)) != 0),
];

#[cfg(test)]
mod tests {
    use super::grundy;
    use gen::Rng;
    use std::time::Instant;

    fn path(k: u32) -> Vec<(u32, u32)> {
        (0..k).map(|i| (i, i + 1)).collect()
    }

    /// A k-cycle through vertex `at` on fresh vertices `first..first + k - 1`
    /// (k = 1 is a loop, k = 2 a parallel pair).
    fn cycle(at: u32, first: u32, k: u32) -> Vec<(u32, u32)> {
        let ring: Vec<u32> = std::iter::once(at).chain(first..first + k - 1).collect();
        (0..k as usize).map(|i| (ring[i], ring[(i + 1) % k as usize])).collect()
    }

    #[test]
    fn path_of_k_edges_is_a_nim_heap_of_k() {
        for k in 0..=12 {
            let mut edges = path(k);
            assert_eq!(grundy(k as usize + 1, &edges), k);
            edges.reverse();
            assert_eq!(grundy(k as usize + 1, &edges), k);
        }
    }

    #[test]
    fn loops_and_stars_at_the_root_are_worth_their_count_mod_2() {
        for k in 0..=9u32 {
            let loops = vec![(0, 0); k as usize];
            assert_eq!(grundy(1, &loops), k % 2, "{k} loops");
            let star: Vec<_> = (1..=k).map(|v| (0, v)).collect();
            assert_eq!(grundy(k as usize + 1, &star), k % 2, "star of {k}");
        }
    }

    #[test]
    fn cycle_through_the_root_is_worth_its_length_mod_2() {
        for k in 1..=10 {
            assert_eq!(grundy(k as usize, &cycle(0, 1, k)), k % 2, "{k}-cycle");
        }
    }

    #[test]
    fn cycle_on_a_stalk() {
        // By hand: the cycle fuses into (k mod 2) loops at vertex 1, so
        // SG = (k mod 2) + 1: 2 for odd k, 1 for even k. Check k = 1 from the
        // rules: stalk + loop; deleting the stalk gives 0, the loop gives a
        // single edge (1); mex {0, 1} = 2.
        for k in 1..=10 {
            let mut edges = vec![(0, 1)];
            edges.extend(cycle(1, 2, k));
            let want = if k % 2 == 1 { 2 } else { 1 };
            assert_eq!(grundy(k as usize + 1, &edges), want, "{k}-cycle on a stalk");
        }
    }

    #[test]
    fn judge_examples() {
        // The problem statement's examples, converted to 0-based vertices.
        assert_eq!(grundy(1, &[(0, 0)]), 1);
        assert_eq!(grundy(3, &[(0, 1), (1, 2), (2, 0)]), 1);
        assert_eq!(grundy(2, &[(0, 1), (0, 1)]), 0);
        assert_eq!(grundy(3, &[(0, 1), (0, 2)]), 0);
    }

    #[test]
    fn edges_out_of_the_roots_reach_are_ignored() {
        // Root part: a single edge (1). The rest (a triangle with a loop) is
        // cut off from the root.
        let edges = [(2, 3), (0, 1), (3, 4), (4, 2), (3, 3)];
        assert_eq!(grundy(5, &edges), 1);
    }

    #[test]
    fn half_million_vertex_path() {
        let n = 500_000u32;
        let mut edges = path(n - 1);
        let start = Instant::now();
        assert_eq!(grundy(n as usize, &edges), n - 1);
        eprintln!("path n = {n}: {:?}", start.elapsed());
        // The same path listed far end first and with endpoints swapped.
        edges.reverse();
        for e in &mut edges {
            *e = (e.1, e.0);
        }
        assert_eq!(grundy(n as usize, &edges), n - 1);
    }

    /// A connected multigraph: a random recursive spanning tree plus random
    /// extra edges, some of them loops and some doubling an earlier edge.
    fn random_connected(rng: &mut Rng, n: usize, m: usize) -> Vec<(u32, u32)> {
        let mut edges: Vec<(u32, u32)> = (1..n).map(|v| (rng.index(v) as u32, v as u32)).collect();
        while edges.len() < m {
            let edge = if rng.chance(0.05) {
                let v = rng.index(n) as u32;
                (v, v)
            } else if rng.chance(0.05) {
                *rng.pick(&edges)
            } else {
                (rng.index(n) as u32, rng.index(n) as u32)
            };
            edges.push(edge);
        }
        edges
    }

    /// The same graph with vertices 1.. renamed, edges shuffled and each edge's
    /// endpoints swapped at random; the root stays 0.
    fn relabel(rng: &mut Rng, n: usize, edges: &[(u32, u32)]) -> Vec<(u32, u32)> {
        let mut name: Vec<u32> = (0..n as u32).collect();
        rng.shuffle(&mut name[1..]);
        let mut out: Vec<(u32, u32)> = edges
            .iter()
            .map(|&(u, v)| {
                let (u, v) = (name[u as usize], name[v as usize]);
                if rng.chance(0.5) {
                    (v, u)
                } else {
                    (u, v)
                }
            })
            .collect();
        rng.shuffle(&mut out);
        out
    }

    #[test]
    fn judge_size_random_multigraph_is_invariant_under_relabelling() {
        let (n, m) = (500_000, 1_500_000);
        let mut rng = Rng::from_seed(366);
        let edges = random_connected(&mut rng, n, m);
        let start = Instant::now();
        let value = grundy(n, &edges);
        eprintln!("random n = {n}, m = {m}: SG {value} in {:?}", start.elapsed());
        let renamed = relabel(&mut rng, n, &edges);
        assert_eq!(grundy(n, &renamed), value);
        // Gluing a path of 37 edges at the root adds a nim heap of 37.
        let mut glued = renamed;
        glued.extend((0..37).map(|i| (if i == 0 { 0 } else { (n + i - 1) as u32 }, (n + i) as u32)));
        assert_eq!(grundy(n + 37, &glued), value ^ 37);
    }
}
