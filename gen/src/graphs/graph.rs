//! The undirected rooted multigraph every Hackenbush family is made of.

/// An undirected multigraph on vertices `0..n` whose root is vertex 0
/// (vertex 1 in the judges' formats). Self-loops and parallel edges allowed.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Graph {
    pub n: usize,
    pub edges: Vec<(u32, u32)>,
}

impl Graph {
    pub fn new(n: usize, edges: Vec<(u32, u32)>) -> Self {
        Graph { n, edges }
    }

    pub fn m(&self) -> usize {
        self.edges.len()
    }

    /// True if every vertex can be reached from every other through the edges.
    pub fn is_connected(&self) -> bool {
        let mut dsu = Dsu::new(self.n);
        let mut parts = self.n;
        for &(u, v) in &self.edges {
            if dsu.union(u as usize, v as usize) {
                parts -= 1;
            }
        }
        parts <= 1
    }

    /// True if the graph is a tree: connected, `n - 1` edges, so no loop or cycle.
    pub fn is_tree(&self) -> bool {
        self.n >= 1 && self.edges.len() == self.n - 1 && self.is_connected()
    }
}

/// A node-weighted rooted tree (forest-game): vertex 0 is the root; edges are
/// undirected, as the judge gives them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct WeightedTree {
    pub weights: Vec<u64>,
    pub edges: Vec<(u32, u32)>,
}

/// A node-weighted DAG (dag-game): an arc `(u, v)` means `u` must be taken
/// before `v` can be. A rooted forest is the special case where every node has
/// at most one incoming arc.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Dag {
    pub weights: Vec<u64>,
    pub arcs: Vec<(u32, u32)>,
}

impl Dag {
    pub fn n(&self) -> usize {
        self.weights.len()
    }

    /// A topological order of the nodes, or `None` if the arcs close a cycle.
    pub fn topological_order(&self) -> Option<Vec<u32>> {
        topological_order(self.n(), &self.arcs)
    }

    /// The index of the arc that closes the first cycle as the arcs are added
    /// in order, or `None` if they close none. A binary search over prefixes,
    /// O((n + m) log m) for cyclic arcs, one topological sort for acyclic ones.
    pub fn first_cycle_arc(&self) -> Option<usize> {
        let n = self.n();
        if topological_order(n, &self.arcs).is_some() {
            return None;
        }
        // Invariant: the first `acyclic` arcs close no cycle, the first `cyclic` do.
        let (mut acyclic, mut cyclic) = (0, self.arcs.len());
        while cyclic - acyclic > 1 {
            let mid = acyclic + (cyclic - acyclic) / 2;
            if topological_order(n, &self.arcs[..mid]).is_some() {
                acyclic = mid;
            } else {
                cyclic = mid;
            }
        }
        Some(cyclic - 1)
    }
}

/// A topological order of the nodes `0..n` under `arcs`, or `None` if the
/// arcs close a cycle.
fn topological_order(n: usize, arcs: &[(u32, u32)]) -> Option<Vec<u32>> {
    let mut indeg = vec![0u32; n];
    let mut start = vec![0usize; n + 1];
    for &(u, v) in arcs {
        indeg[v as usize] += 1;
        start[u as usize + 1] += 1;
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut heads = vec![0u32; arcs.len()];
    for &(u, v) in arcs {
        heads[fill[u as usize]] = v;
        fill[u as usize] += 1;
    }
    let mut order: Vec<u32> = (0..n as u32).filter(|&v| indeg[v as usize] == 0).collect();
    let mut i = 0;
    while i < order.len() {
        let u = order[i] as usize;
        i += 1;
        for &v in &heads[start[u]..start[u + 1]] {
            indeg[v as usize] -= 1;
            if indeg[v as usize] == 0 {
                order.push(v);
            }
        }
    }
    (order.len() == n).then_some(order)
}

/// Each node's weakly connected component, named by a representative node,
/// and, when there are several, the components largest first: what a shrinker
/// drops one at a time.
pub(crate) fn components_largest_first(n: usize, arcs: &[(u32, u32)]) -> (Vec<usize>, Vec<usize>) {
    let mut dsu = Dsu::new(n);
    for &(u, v) in arcs {
        dsu.union(u as usize, v as usize);
    }
    let component: Vec<usize> = (0..n).map(|v| dsu.find(v)).collect();
    let mut members = vec![0usize; n];
    for &c in &component {
        members[c] += 1;
    }
    let mut components: Vec<usize> = (0..n).filter(|&c| members[c] > 0).collect();
    if components.len() > 1 {
        components.sort_by_key(|&c| std::cmp::Reverse(members[c]));
    } else {
        components.clear();
    }
    (component, components)
}

/// Union-find with path halving, for connectivity checks.
pub struct Dsu {
    parent: Vec<u32>,
}

impl Dsu {
    pub fn new(n: usize) -> Self {
        Dsu {
            parent: (0..n as u32).collect(),
        }
    }

    pub fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] as usize != x {
            let grand = self.parent[self.parent[x] as usize];
            self.parent[x] = grand;
            x = grand as usize;
        }
        x
    }

    /// Joins the sets of `a` and `b`; false if they were already one.
    pub fn union(&mut self, a: usize, b: usize) -> bool {
        let (a, b) = (self.find(a), self.find(b));
        if a == b {
            return false;
        }
        self.parent[a] = b as u32;
        true
    }
}
