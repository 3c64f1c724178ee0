//! Node-weighted rooted trees (forest-game) and DAGs (dag-game): generators,
//! validity checks and shrink moves.
//!
//! Weights follow the judge's subtasks: `small` (many ties), `property-a`
//! (every arc `u -> v` has `A_v <= A_u`) and `property-b` (uniform in
//! `[1, 10^9]`). A property-A instance takes sorted weights along a random
//! linear extension of its arcs, so any such instance can come out. DAG
//! shapes are forests of shaped trees, random DAGs over a hidden
//! topological order, and layered DAGs; labels and arcs are shuffled.
//!
//! Generation is `O(n + m)` except for `dag` and `layered`, which draw every
//! candidate pair (`O(n^2)`), hence their smaller size limit.

use serde::Deserialize;

use crate::csr::Csr;
use crate::graph::{Dag, Dsu, Graph, WeightedTree};
use crate::moves::{scramble, CANDIDATE_BUDGET};
use crate::range::SizeRange;
use crate::rng::Rng;
use crate::tree::{check_shapes, pick_root, shaped_tree, TreeShape, ALL_SHAPES};

/// The judge's bound on `A_i`.
pub const MAX_WEIGHT: u64 = 1_000_000_000;
/// The judge's bound on `n`.
pub const MAX_NODES: u64 = 200_000;
/// `dag` and `layered` draw a coin for every candidate pair of nodes.
pub const MAX_PAIRWISE_NODES: u64 = 2_000;

/// How an instance's weights are drawn; one mode is picked per instance.
#[derive(Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum WeightMode {
    /// Uniform in `[1, max_weight]`: many ties.
    Small,
    /// Every arc `u -> v` (parent to child) has `A_v <= A_u`; the values come
    /// from `[1, max_weight]` or `[1, 10^9]` with equal chance, so both
    /// tie-heavy and tie-free instances appear.
    PropertyA,
    /// Uniform in `[1, 10^9]`.
    PropertyB,
}

pub const ALL_WEIGHT_MODES: [WeightMode; 3] = [WeightMode::Small, WeightMode::PropertyA, WeightMode::PropertyB];

/// The `[gen]` table of forest-game.
#[derive(Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct WeightedTreeParams {
    pub n: SizeRange,
    pub shapes: Vec<TreeShape>,
    pub weights: Vec<WeightMode>,
    /// The top of the `small` weights (and of half the `property-a` ones).
    pub max_weight: u64,
}

impl Default for WeightedTreeParams {
    fn default() -> Self {
        WeightedTreeParams {
            n: SizeRange::new(1, 12),
            shapes: ALL_SHAPES.to_vec(),
            weights: ALL_WEIGHT_MODES.to_vec(),
            max_weight: 5,
        }
    }
}

fn check_weights(weights: &[WeightMode], max_weight: u64) -> Result<(), String> {
    if weights.is_empty() {
        return Err("`weights` must list at least one of small, property-a, property-b".into());
    }
    if !(1..=MAX_WEIGHT).contains(&max_weight) {
        return Err(format!("`max_weight` = {max_weight} must lie within [1, {MAX_WEIGHT}]"));
    }
    Ok(())
}

impl WeightedTreeParams {
    pub fn check(&self) -> Result<(), String> {
        self.n.within("n", 1, MAX_NODES)?;
        check_shapes(&self.shapes)?;
        check_weights(&self.weights, self.max_weight)
    }
}

/// How a DAG instance is built.
#[derive(Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum DagShape {
    /// Several rooted trees of random shapes, arcs from parent to child.
    Forest,
    /// Each forward pair of a hidden topological order is an arc with
    /// probability `arc_rate`.
    Dag,
    /// Random non-empty layers; every node below the first layer has one
    /// parent in the layer above, plus each other pair of consecutive layers
    /// is an arc with probability `arc_rate`.
    Layered,
}

pub const ALL_DAG_SHAPES: [DagShape; 3] = [DagShape::Forest, DagShape::Dag, DagShape::Layered];

/// The `[gen]` table of dag-game.
#[derive(Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct DagParams {
    pub n: SizeRange,
    pub shapes: Vec<DagShape>,
    /// For `forest`: the number of trees (capped at `n`).
    pub roots: SizeRange,
    #[serde(deserialize_with = "crate::range::probability")]
    pub arc_rate: f64,
    pub weights: Vec<WeightMode>,
    pub max_weight: u64,
}

impl Default for DagParams {
    fn default() -> Self {
        DagParams {
            n: SizeRange::new(1, 10),
            shapes: ALL_DAG_SHAPES.to_vec(),
            roots: SizeRange::new(1, 3),
            arc_rate: 0.25,
            weights: ALL_WEIGHT_MODES.to_vec(),
            max_weight: 5,
        }
    }
}

impl DagParams {
    pub fn check(&self) -> Result<(), String> {
        self.n.within("n", 1, MAX_NODES)?;
        if self.shapes.is_empty() {
            return Err("`shapes` must list at least one of forest, dag, layered".into());
        }
        if self.shapes.iter().any(|&s| s != DagShape::Forest) && self.n.hi > MAX_PAIRWISE_NODES {
            return Err(format!(
                "`n` = [{}, {}] must lie within [1, {MAX_PAIRWISE_NODES}] when `shapes` has `dag` or `layered` \
                 (they draw every pair of nodes); only `forest` goes up to {MAX_NODES}",
                self.n.lo, self.n.hi
            ));
        }
        self.roots.within("roots", 1, MAX_NODES)?;
        check_weights(&self.weights, self.max_weight)
    }
}

/// The tree's edges as arcs from parent to child, rooted at 0, in BFS order.
/// The tree must be valid.
fn orient(n: usize, edges: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let csr = Csr::undirected(n, edges);
    let mut seen = vec![false; n];
    seen[0] = true;
    let mut queue = vec![0u32];
    let mut arcs = Vec::with_capacity(n.saturating_sub(1));
    let mut i = 0;
    while i < queue.len() {
        let u = queue[i];
        i += 1;
        for v in csr.heads(u as usize) {
            if !seen[v as usize] {
                seen[v as usize] = true;
                arcs.push((u, v));
                queue.push(v);
            }
        }
    }
    arcs
}

/// A random topological order, built by taking a uniform available node
/// each step (not uniform over orders, but every order can come out).
fn random_linear_extension(n: usize, arcs: &[(u32, u32)], rng: &mut Rng) -> Vec<u32> {
    let out = Csr::directed(n, arcs);
    let mut indeg = vec![0u32; n];
    for &(_, v) in arcs {
        indeg[v as usize] += 1;
    }
    let mut ready: Vec<u32> = (0..n as u32).filter(|&v| indeg[v as usize] == 0).collect();
    let mut order = Vec::with_capacity(n);
    while !ready.is_empty() {
        let u = ready.swap_remove(rng.index(ready.len()));
        order.push(u);
        for v in out.heads(u as usize) {
            indeg[v as usize] -= 1;
            if indeg[v as usize] == 0 {
                ready.push(v);
            }
        }
    }
    order
}

fn draw_weights(mode: WeightMode, max_weight: u64, n: usize, arcs: &[(u32, u32)], rng: &mut Rng) -> Vec<u64> {
    match mode {
        WeightMode::Small => (0..n).map(|_| rng.range(1, max_weight)).collect(),
        WeightMode::PropertyB => (0..n).map(|_| rng.range(1, MAX_WEIGHT)).collect(),
        WeightMode::PropertyA => {
            let top = if rng.chance(0.5) { max_weight } else { MAX_WEIGHT };
            let mut values: Vec<u64> = (0..n).map(|_| rng.range(1, top)).collect();
            values.sort_unstable_by(|a, b| b.cmp(a));
            let mut weights = vec![0; n];
            for (v, w) in random_linear_extension(n, arcs, rng).into_iter().zip(values) {
                weights[v as usize] = w;
            }
            weights
        }
    }
}

/// A tree of `shape` rooted as tree-game roots it (the natural root or a
/// uniform vertex), relabelled so the root is 0 and the rest is shuffled.
fn scrambled_tree(n: usize, shape: TreeShape, rng: &mut Rng) -> Vec<(u32, u32)> {
    let natural = Graph::new(n, shaped_tree(n, shape, rng));
    let root = pick_root(n, rng);
    scramble(&natural, root, rng).edges
}

pub fn generate_tree(p: &WeightedTreeParams, rng: &mut Rng) -> WeightedTree {
    let n = p.n.sample_usize(rng);
    let shape = *rng.pick(&p.shapes);
    let edges = scrambled_tree(n, shape, rng);
    let mode = *rng.pick(&p.weights);
    let weights = draw_weights(mode, p.max_weight, n, &orient(n, &edges), rng);
    WeightedTree { weights, edges }
}

fn check_weight_range(weights: &[u64]) -> Result<(), String> {
    match weights.iter().position(|w| !(1..=MAX_WEIGHT).contains(w)) {
        Some(v) => Err(format!("node {v} has weight {}, outside [1, {MAX_WEIGHT}]", weights[v])),
        None => Ok(()),
    }
}

fn check_endpoints(n: usize, pairs: &[(u32, u32)], what: &str) -> Result<(), String> {
    match pairs.iter().position(|&(u, v)| u as usize >= n || v as usize >= n) {
        Some(i) => Err(format!("{what} {i} = {:?} has an endpoint outside 0..{n}", pairs[i])),
        None => Ok(()),
    }
}

/// A tree on `weights.len() >= 1` vertices with weights in `[1, 10^9]`.
pub fn validate_tree(t: &WeightedTree) -> Result<(), String> {
    let n = t.weights.len();
    if n == 0 {
        return Err("a tree needs at least one vertex".into());
    }
    check_weight_range(&t.weights)?;
    check_endpoints(n, &t.edges, "edge")?;
    if t.edges.len() != n - 1 {
        return Err(format!("{} edges on {n} vertices: a tree has n - 1", t.edges.len()));
    }
    if !Graph::new(n, t.edges.clone()).is_tree() {
        return Err("the edges are not connected: some vertex cannot reach the root".into());
    }
    Ok(())
}

/// Random sizes `>= 1` summing to `n`, in `parts` pieces (`1 <= parts <= n`):
/// cut `0..n` at `parts - 1` distinct random points.
fn split(n: usize, parts: usize, rng: &mut Rng) -> Vec<usize> {
    let mut cuts: Vec<usize> = (1..n).collect();
    rng.shuffle(&mut cuts);
    cuts.truncate(parts - 1);
    cuts.sort_unstable();
    cuts.push(n);
    let mut last = 0;
    cuts.into_iter()
        .map(|c| {
            let size = c - last;
            last = c;
            size
        })
        .collect()
}

/// Arcs of `sizes.len()` shaped trees on consecutive label ranges.
fn forest_arcs(sizes: &[usize], rng: &mut Rng) -> Vec<(u32, u32)> {
    let mut arcs = Vec::new();
    let mut base = 0u32;
    for &size in sizes {
        let shape = *rng.pick(&ALL_SHAPES);
        let edges = scrambled_tree(size, shape, rng);
        arcs.extend(orient(size, &edges).into_iter().map(|(u, v)| (base + u, base + v)));
        base += size as u32;
    }
    arcs
}

/// Arcs `i -> j` for `i < j`, each with probability `rate`.
fn pairwise_arcs(n: usize, rate: f64, rng: &mut Rng) -> Vec<(u32, u32)> {
    let mut arcs = Vec::new();
    for j in 1..n as u32 {
        for i in 0..j {
            if rng.chance(rate) {
                arcs.push((i, j));
            }
        }
    }
    arcs
}

/// Layers of the given sizes on consecutive labels; each node below the first
/// layer gets one parent in the layer above for sure and the others with
/// probability `rate`.
fn layered_arcs(sizes: &[usize], rate: f64, rng: &mut Rng) -> Vec<(u32, u32)> {
    let mut arcs = Vec::new();
    let mut above = 0..0u32;
    let mut base = 0u32;
    for &size in sizes {
        let layer = base..base + size as u32;
        for v in layer.clone() {
            if above.is_empty() {
                continue;
            }
            let sure = above.start + rng.below(above.len() as u64) as u32;
            for u in above.clone() {
                if u == sure || rng.chance(rate) {
                    arcs.push((u, v));
                }
            }
        }
        base = layer.end;
        above = layer;
    }
    arcs
}

pub fn generate_dag(p: &DagParams, rng: &mut Rng) -> Dag {
    let n = p.n.sample_usize(rng);
    let shape = *rng.pick(&p.shapes);
    let arcs = match shape {
        DagShape::Forest => {
            let trees = p.roots.sample_usize(rng).clamp(1, n);
            forest_arcs(&split(n, trees, rng), rng)
        }
        DagShape::Dag => pairwise_arcs(n, p.arc_rate, rng),
        DagShape::Layered => {
            let layers = rng.range(1, n as u64) as usize;
            layered_arcs(&split(n, layers, rng), p.arc_rate, rng)
        }
    };
    let mode = *rng.pick(&p.weights);
    let drawn = draw_weights(mode, p.max_weight, n, &arcs, rng);
    // The builders number nodes in a topological order; hide it.
    let mut label: Vec<u32> = (0..n as u32).collect();
    rng.shuffle(&mut label);
    let mut weights = vec![0; n];
    for (v, w) in drawn.into_iter().enumerate() {
        weights[label[v] as usize] = w;
    }
    let mut arcs: Vec<(u32, u32)> = arcs
        .into_iter()
        .map(|(u, v)| (label[u as usize], label[v as usize]))
        .collect();
    rng.shuffle(&mut arcs);
    Dag { weights, arcs }
}

/// At least one node, weights in `[1, 10^9]`, arcs between existing distinct
/// nodes, no arc twice, no cycle.
pub fn validate_dag(d: &Dag) -> Result<(), String> {
    let n = d.n();
    if n == 0 {
        return Err("a DAG needs at least one node".into());
    }
    check_weight_range(&d.weights)?;
    check_endpoints(n, &d.arcs, "arc")?;
    if let Some(&(u, _)) = d.arcs.iter().find(|&&(u, v)| u == v) {
        return Err(format!("self arc ({u}, {u})"));
    }
    let mut sorted = d.arcs.clone();
    sorted.sort_unstable();
    if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!("arc {:?} appears twice", w[0]));
    }
    if d.topological_order().is_none() {
        return Err("the arcs close a cycle".into());
    }
    Ok(())
}

/// How many candidates one kind of shrink move may offer, for an instance
/// of `size` nodes plus arcs: all of them on small instances, a few on huge
/// ones, so the up to eight kinds together stay within the shared budget.
fn move_limit(size: usize) -> usize {
    (CANDIDATE_BUDGET / 8 / size.max(1)).max(1)
}

/// The pairs among kept nodes, relabelled compactly in the old order.
fn keep_nodes(keep: &[bool], weights: &[u64], pairs: &[(u32, u32)]) -> (Vec<u64>, Vec<(u32, u32)>) {
    let mut label = vec![u32::MAX; keep.len()];
    let mut kept = Vec::new();
    for (v, &k) in keep.iter().enumerate() {
        if k {
            label[v] = kept.len() as u32;
            kept.push(weights[v]);
        }
    }
    let pairs = pairs
        .iter()
        .filter(|&&(u, v)| keep[u as usize] && keep[v as usize])
        .map(|&(u, v)| (label[u as usize], label[v as usize]))
        .collect();
    (kept, pairs)
}

/// Smaller weight vectors: each weight to 1, halved, minus 1 (in that order
/// of promise), then every weight equal to the smallest.
fn lowered_weights(weights: &[u64], limit: usize) -> Vec<Vec<u64>> {
    // Each guard skips values an earlier kind already offered: halving 2 or
    // 3, or taking 1 from 2, gives 1.
    let lowerings: [fn(u64) -> Option<u64>; 3] = [
        |w| (w >= 2).then_some(1),
        |w| (w >= 4).then_some(w / 2),
        |w| (w >= 3).then_some(w - 1),
    ];
    let mut out = Vec::new();
    for lower in lowerings {
        let changes = weights
            .iter()
            .enumerate()
            .filter_map(|(v, &w)| lower(w).map(|to| (v, to)));
        for (v, to) in changes.take(limit) {
            let mut lowered = weights.to_vec();
            lowered[v] = to;
            out.push(lowered);
        }
    }
    let smallest = weights.iter().copied().min().unwrap_or(1);
    if weights.iter().any(|&w| w != smallest) {
        out.push(vec![smallest; weights.len()]);
    }
    out
}

/// Smaller trees, most promising first: drop a whole subtree (largest first),
/// remove a leaf, contract an edge (the child merges into its parent, which
/// keeps its weight), then lower weights. The root stays vertex 0 and labels
/// stay compact.
pub fn shrink_tree(t: &WeightedTree) -> Vec<WeightedTree> {
    let n = t.weights.len();
    let limit = move_limit(n + t.edges.len());
    let arcs = orient(n, &t.edges);
    let mut parent = vec![u32::MAX; n];
    for &(u, v) in &arcs {
        parent[v as usize] = u;
    }
    // Arcs are in BFS order, so children come after their parents.
    let mut size = vec![1usize; n];
    for &(u, v) in arcs.iter().rev() {
        size[u as usize] += size[v as usize];
    }
    let mut out = Vec::new();
    let without = |gone: &dyn Fn(usize) -> bool| {
        let keep: Vec<bool> = (0..n).map(|v| !gone(v)).collect();
        let (weights, edges) = keep_nodes(&keep, &t.weights, &t.edges);
        WeightedTree { weights, edges }
    };

    let mut subtrees: Vec<usize> = (1..n).filter(|&v| size[v] >= 2).collect();
    subtrees.sort_by_key(|&v| std::cmp::Reverse(size[v]));
    for &root in subtrees.iter().take(limit) {
        let mut gone = vec![false; n];
        gone[root] = true;
        for &(u, v) in &arcs {
            gone[v as usize] |= gone[u as usize];
        }
        out.push(without(&|v| gone[v]));
    }
    for leaf in (1..n).filter(|&v| size[v] == 1).take(limit) {
        out.push(without(&|v| v == leaf));
    }
    for child in (1..n).take(limit) {
        let p = parent[child];
        let edges: Vec<(u32, u32)> = t
            .edges
            .iter()
            .filter(|&&(u, v)| !((u == p && v as usize == child) || (v == p && u as usize == child)))
            .map(|&(u, v)| {
                let lift = |x: u32| if x as usize == child { p } else { x };
                (lift(u), lift(v))
            })
            .collect();
        let keep: Vec<bool> = (0..n).map(|v| v != child).collect();
        let (weights, edges) = keep_nodes(&keep, &t.weights, &edges);
        out.push(WeightedTree { weights, edges });
    }
    for weights in lowered_weights(&t.weights, limit) {
        out.push(WeightedTree {
            weights,
            edges: t.edges.clone(),
        });
    }
    out
}

/// Smaller DAGs, most promising first: drop a weakly connected component
/// (largest first), remove a node (sinks first), contract an arc into a node
/// of in-degree 1 (it merges into its parent, which keeps its weight),
/// remove an arc, then lower weights. Labels stay compact.
pub fn shrink_dag(d: &Dag) -> Vec<Dag> {
    let n = d.n();
    let limit = move_limit(n + d.arcs.len());
    let mut out = Vec::new();
    let without = |gone: &dyn Fn(usize) -> bool| {
        let keep: Vec<bool> = (0..n).map(|v| !gone(v)).collect();
        let (weights, arcs) = keep_nodes(&keep, &d.weights, &d.arcs);
        Dag { weights, arcs }
    };

    let mut dsu = Dsu::new(n);
    for &(u, v) in &d.arcs {
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
        for &c in components.iter().take(limit) {
            out.push(without(&|v| component[v] == c));
        }
    }

    let mut outdeg = vec![0u32; n];
    let mut indeg = vec![0u32; n];
    for &(u, v) in &d.arcs {
        outdeg[u as usize] += 1;
        indeg[v as usize] += 1;
    }
    if n >= 2 {
        let mut nodes: Vec<usize> = (0..n).collect();
        nodes.sort_by_key(|&v| outdeg[v] != 0);
        for &node in nodes.iter().take(limit) {
            out.push(without(&|v| v == node));
        }
    }

    for &(p, child) in d.arcs.iter().filter(|&&(_, v)| indeg[v as usize] == 1).take(limit) {
        // `child`'s only in-arc is the contracted one; its out-arcs move to
        // `p`, except those `p` already has.
        let mut from_p = vec![false; n];
        for &(u, v) in &d.arcs {
            from_p[v as usize] |= u == p;
        }
        let arcs: Vec<(u32, u32)> = d
            .arcs
            .iter()
            .filter(|&&(u, v)| v != child && !(u == child && from_p[v as usize]))
            .map(|&(u, v)| (if u == child { p } else { u }, v))
            .collect();
        let keep: Vec<bool> = (0..n).map(|v| v != child as usize).collect();
        let (weights, arcs) = keep_nodes(&keep, &d.weights, &arcs);
        out.push(Dag { weights, arcs });
    }

    for i in 0..d.arcs.len().min(limit) {
        let mut arcs = d.arcs.clone();
        arcs.remove(i);
        out.push(Dag {
            weights: d.weights.clone(),
            arcs,
        });
    }
    for weights in lowered_weights(&d.weights, limit) {
        out.push(Dag {
            weights,
            arcs: d.arcs.clone(),
        });
    }
    out
}

impl crate::Family for WeightedTreeParams {
    type Instance = WeightedTree;

    fn check(&self) -> Result<(), String> {
        WeightedTreeParams::check(self)
    }

    fn generate(&self, rng: &mut Rng) -> WeightedTree {
        generate_tree(self, rng)
    }

    fn validate(&self, t: &WeightedTree) -> Result<(), String> {
        validate_tree(t)
    }

    fn shrink(&self, t: &WeightedTree) -> Vec<WeightedTree> {
        shrink_tree(t)
    }
}

impl crate::Family for DagParams {
    type Instance = Dag;

    fn check(&self) -> Result<(), String> {
        DagParams::check(self)
    }

    fn generate(&self, rng: &mut Rng) -> Dag {
        generate_dag(self, rng)
    }

    fn validate(&self, d: &Dag) -> Result<(), String> {
        validate_dag(d)
    }

    fn shrink(&self, d: &Dag) -> Vec<Dag> {
        shrink_dag(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::check_shrinks;
    use serde::de::value::{Error, MapDeserializer};
    use serde::de::IntoDeserializer;

    fn tree_params(lo: u64, hi: u64, shape: TreeShape, mode: WeightMode) -> WeightedTreeParams {
        WeightedTreeParams {
            n: SizeRange::new(lo, hi),
            shapes: vec![shape],
            weights: vec![mode],
            max_weight: 5,
        }
    }

    fn dag_params(lo: u64, hi: u64, shape: DagShape, mode: WeightMode) -> DagParams {
        DagParams {
            n: SizeRange::new(lo, hi),
            shapes: vec![shape],
            weights: vec![mode],
            ..DagParams::default()
        }
    }

    /// What every shrink move must lower, lexicographically.
    fn tree_key(t: &WeightedTree) -> (usize, usize, u64) {
        (t.weights.len(), t.edges.len(), t.weights.iter().sum())
    }

    fn dag_key(d: &Dag) -> (usize, usize, u64) {
        (d.n(), d.arcs.len(), d.weights.iter().sum())
    }

    /// Parent-to-child arcs of a valid tree, by an independent walk from the root.
    fn tree_arcs(t: &WeightedTree) -> Vec<(u32, u32)> {
        let n = t.weights.len();
        let mut reached = vec![false; n];
        reached[0] = true;
        let mut arcs = Vec::new();
        while arcs.len() + 1 < n {
            for &(u, v) in &t.edges {
                if reached[u as usize] != reached[v as usize] {
                    let (p, c) = if reached[u as usize] { (u, v) } else { (v, u) };
                    reached[c as usize] = true;
                    arcs.push((p, c));
                }
            }
        }
        arcs
    }

    #[test]
    fn check_names_the_key() {
        assert_eq!(WeightedTreeParams::default().check(), Ok(()));
        assert_eq!(DagParams::default().check(), Ok(()));
        let tree = WeightedTreeParams::default;
        assert!(WeightedTreeParams {
            n: SizeRange::new(0, 3),
            ..tree()
        }
        .check()
        .unwrap_err()
        .contains("`n`"));
        let too_big = WeightedTreeParams {
            n: SizeRange::new(1, MAX_NODES + 1),
            ..tree()
        };
        assert!(too_big.check().unwrap_err().contains("`n`"));
        assert!(WeightedTreeParams {
            shapes: vec![],
            ..tree()
        }
        .check()
        .unwrap_err()
        .contains("`shapes`"));
        assert!(WeightedTreeParams {
            weights: vec![],
            ..tree()
        }
        .check()
        .unwrap_err()
        .contains("`weights`"));
        assert!(WeightedTreeParams {
            max_weight: 0,
            ..tree()
        }
        .check()
        .unwrap_err()
        .contains("`max_weight`"));
        let heavy = WeightedTreeParams {
            max_weight: MAX_WEIGHT + 1,
            ..tree()
        };
        assert!(heavy.check().unwrap_err().contains("`max_weight`"));

        let dag = DagParams::default;
        let big = SizeRange::new(1, MAX_NODES);
        assert!(DagParams { n: big, ..dag() }.check().unwrap_err().contains("`n`"));
        assert_eq!(
            DagParams {
                n: big,
                shapes: vec![DagShape::Forest],
                ..dag()
            }
            .check(),
            Ok(())
        );
        assert!(DagParams {
            roots: SizeRange::new(0, 2),
            ..dag()
        }
        .check()
        .unwrap_err()
        .contains("`roots`"));
        assert!(DagParams {
            shapes: vec![],
            ..dag()
        }
        .check()
        .unwrap_err()
        .contains("`shapes`"));
        assert!(DagParams { max_weight: 0, ..dag() }
            .check()
            .unwrap_err()
            .contains("`max_weight`"));
    }

    #[test]
    fn serde_spellings() {
        let mode = WeightMode::deserialize(IntoDeserializer::<Error>::into_deserializer("property-a"));
        assert_eq!(mode, Ok(WeightMode::PropertyA));
        let shape = DagShape::deserialize(IntoDeserializer::<Error>::into_deserializer("layered"));
        assert_eq!(shape, Ok(DagShape::Layered));
        let table = |key: &'static str| MapDeserializer::<_, Error>::new([(key, 7u64)].into_iter());
        let p = WeightedTreeParams::deserialize(table("max_weight")).expect("a known key");
        assert_eq!(
            p,
            WeightedTreeParams {
                max_weight: 7,
                ..WeightedTreeParams::default()
            }
        );
        assert!(WeightedTreeParams::deserialize(table("max_wieght")).is_err());
        assert!(DagParams::deserialize(table("root")).is_err());
    }

    #[test]
    fn trees_of_every_shape_and_mode_validate_and_shrink_validly() {
        let mut rng = Rng::from_seed(1);
        for shape in ALL_SHAPES {
            for mode in ALL_WEIGHT_MODES {
                let p = tree_params(1, 30, shape, mode);
                for case in 0..400 {
                    let t = generate_tree(&p, &mut rng);
                    assert_eq!(validate_tree(&t), Ok(()), "{shape:?} {mode:?}: {t:?}");
                    if case % 20 == 0 {
                        check_shrinks(t, 3, 6, shrink_tree, validate_tree, tree_key);
                    }
                }
            }
        }
    }

    #[test]
    fn dags_of_every_shape_and_mode_validate_and_shrink_validly() {
        let mut rng = Rng::from_seed(2);
        for shape in ALL_DAG_SHAPES {
            for mode in ALL_WEIGHT_MODES {
                for rate in [0.0, 0.25, 1.0] {
                    let p = DagParams {
                        arc_rate: rate,
                        roots: SizeRange::new(1, 5),
                        ..dag_params(1, 25, shape, mode)
                    };
                    for case in 0..300 {
                        let d = generate_dag(&p, &mut rng);
                        assert_eq!(validate_dag(&d), Ok(()), "{shape:?} {mode:?}: {d:?}");
                        if case % 20 == 0 {
                            check_shrinks(d, 3, 6, shrink_dag, validate_dag, dag_key);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn weights_follow_their_mode() {
        let mut rng = Rng::from_seed(3);
        let mut big_b = 0;
        let mut all_b = 0;
        for shape in ALL_SHAPES {
            for case in 0..300 {
                let a = generate_tree(&tree_params(1, 40, shape, WeightMode::PropertyA), &mut rng);
                for (p, c) in tree_arcs(&a) {
                    assert!(a.weights[c as usize] <= a.weights[p as usize], "case {case}: {a:?}");
                }
                let small = generate_tree(&tree_params(1, 40, shape, WeightMode::Small), &mut rng);
                assert!(small.weights.iter().all(|&w| (1..=5).contains(&w)));
                let b = generate_tree(&tree_params(1, 40, shape, WeightMode::PropertyB), &mut rng);
                all_b += b.weights.len();
                big_b += b.weights.iter().filter(|&&w| w > 1_000_000).count();
            }
        }
        // A uniform draw from [1, 10^9] is at most 10^6 with chance 1/1000.
        assert!(big_b * 100 >= all_b * 99, "{big_b} of {all_b} above 10^6");
        for shape in ALL_DAG_SHAPES {
            for _ in 0..300 {
                let d = generate_dag(&dag_params(1, 30, shape, WeightMode::PropertyA), &mut rng);
                for &(u, v) in &d.arcs {
                    assert!(d.weights[v as usize] <= d.weights[u as usize], "{d:?}");
                }
            }
        }
    }

    #[test]
    fn dag_shapes_have_their_structure() {
        let mut rng = Rng::from_seed(5);
        for _ in 0..300 {
            // Rate 1 makes every pair of the hidden order an arc; rate 0 none.
            let full = generate_dag(
                &DagParams {
                    arc_rate: 1.0,
                    ..dag_params(1, 15, DagShape::Dag, WeightMode::Small)
                },
                &mut rng,
            );
            let n = full.n();
            assert_eq!(full.arcs.len(), n * (n - 1) / 2);
            let empty = generate_dag(
                &DagParams {
                    arc_rate: 0.0,
                    ..dag_params(1, 15, DagShape::Dag, WeightMode::Small)
                },
                &mut rng,
            );
            assert!(empty.arcs.is_empty());
            // A forest of exactly 3 trees on n >= 3 nodes: in-degrees at most
            // 1 and n - 3 arcs, so 3 sources.
            let p = DagParams {
                roots: SizeRange::new(3, 3),
                ..dag_params(3, 20, DagShape::Forest, WeightMode::Small)
            };
            let f = generate_dag(&p, &mut rng);
            let mut indeg = vec![0; f.n()];
            for &(_, v) in &f.arcs {
                indeg[v as usize] += 1;
            }
            assert!(indeg.iter().all(|&d| d <= 1));
            assert_eq!(f.arcs.len(), f.n() - 3);
            // Layered with rate 0: one parent each below the first layer, so a
            // forest whose roots are the first layer.
            let l = generate_dag(
                &DagParams {
                    arc_rate: 0.0,
                    ..dag_params(1, 20, DagShape::Layered, WeightMode::Small)
                },
                &mut rng,
            );
            let mut indeg = vec![0; l.n()];
            for &(_, v) in &l.arcs {
                indeg[v as usize] += 1;
            }
            assert!(indeg.iter().all(|&d| d <= 1));
        }
    }

    #[test]
    fn same_seed_same_instance() {
        let tp = WeightedTreeParams {
            n: SizeRange::new(1, 100),
            ..WeightedTreeParams::default()
        };
        let dp = DagParams {
            n: SizeRange::new(1, 60),
            ..DagParams::default()
        };
        let mut differ = 0;
        for case in 0..100 {
            let t = generate_tree(&tp, &mut Rng::for_case(9, case));
            assert_eq!(t, generate_tree(&tp, &mut Rng::for_case(9, case)));
            let d = generate_dag(&dp, &mut Rng::for_case(9, case));
            assert_eq!(d, generate_dag(&dp, &mut Rng::for_case(9, case)));
            differ += usize::from(d != generate_dag(&dp, &mut Rng::for_case(10, case)));
        }
        assert!(differ > 90);
    }

    #[test]
    fn validate_rejects_invalid_instances() {
        let tree = |weights: &[u64], edges: &[(u32, u32)]| WeightedTree {
            weights: weights.to_vec(),
            edges: edges.to_vec(),
        };
        assert_eq!(validate_tree(&tree(&[4], &[])), Ok(()));
        assert_eq!(validate_tree(&tree(&[1, 2, MAX_WEIGHT], &[(2, 0), (1, 2)])), Ok(()));
        assert!(validate_tree(&tree(&[], &[])).is_err());
        assert!(validate_tree(&tree(&[1, 0], &[(0, 1)])).is_err());
        assert!(validate_tree(&tree(&[1, MAX_WEIGHT + 1], &[(0, 1)])).is_err());
        assert!(validate_tree(&tree(&[1, 1], &[(0, 2)])).is_err());
        assert!(validate_tree(&tree(&[1, 1, 1], &[(0, 1)])).is_err());
        // n - 1 edges, but {2, 3} is cut off from the root (a doubled edge).
        assert!(validate_tree(&tree(&[1; 4], &[(0, 1), (2, 3), (3, 2)])).is_err());

        let dag = |weights: &[u64], arcs: &[(u32, u32)]| Dag {
            weights: weights.to_vec(),
            arcs: arcs.to_vec(),
        };
        assert_eq!(validate_dag(&dag(&[3, 1, 2], &[(2, 0), (2, 1), (0, 1)])), Ok(()));
        assert!(validate_dag(&dag(&[], &[])).is_err());
        assert!(validate_dag(&dag(&[3, 1, 2], &[(0, 1), (1, 2), (2, 0)])).is_err());
        assert!(validate_dag(&dag(&[3, 1], &[(1, 1)])).is_err());
        assert!(validate_dag(&dag(&[3, 1], &[(0, 1), (0, 1)])).is_err());
        assert!(validate_dag(&dag(&[3, 1], &[(0, 2)])).is_err());
        assert!(validate_dag(&dag(&[3, 0], &[(0, 1)])).is_err());
    }

    #[test]
    fn shrink_moves_by_hand() {
        // Root 0 (weight 9) -> 1 (weight 4) -> {2, 3} (weights 7, 3).
        let t = WeightedTree {
            weights: vec![9, 4, 7, 3],
            edges: vec![(1, 0), (2, 1), (1, 3)],
        };
        let c = shrink_tree(&t);
        // Dropping the subtree of 1 leaves the root alone; first, as the largest.
        assert_eq!(
            c[0],
            WeightedTree {
                weights: vec![9],
                edges: vec![]
            }
        );
        // Removing leaf 2 relabels 3 as 2.
        assert!(c.contains(&WeightedTree {
            weights: vec![9, 4, 3],
            edges: vec![(1, 0), (1, 2)]
        }));
        // Contracting 1 into the root hangs 2 and 3 from it.
        assert!(c.contains(&WeightedTree {
            weights: vec![9, 7, 3],
            edges: vec![(1, 0), (0, 2)]
        }));
        assert!(c.contains(&WeightedTree {
            weights: vec![3, 3, 3, 3],
            edges: t.edges.clone()
        }));
        assert!(c.contains(&WeightedTree {
            weights: vec![9, 4, 3, 3],
            edges: t.edges.clone()
        }));

        // Arcs 0 -> 1 -> 2 and 0 -> 2, plus a lone node 3.
        let d = Dag {
            weights: vec![5, 6, 7, 8],
            arcs: vec![(0, 1), (1, 2), (0, 2)],
        };
        let c = shrink_dag(&d);
        assert_eq!(
            c[0],
            Dag {
                weights: vec![8],
                arcs: vec![]
            }
        );
        assert_eq!(
            c[1],
            Dag {
                weights: vec![5, 6, 7],
                arcs: d.arcs.clone()
            }
        );
        // Contracting 1 (in-degree 1) into 0: its arc to 2 repeats 0 -> 2.
        assert!(c.contains(&Dag {
            weights: vec![5, 7, 8],
            arcs: vec![(0, 1)]
        }));
        assert!(c.contains(&Dag {
            weights: vec![5, 6, 7, 8],
            arcs: vec![(0, 1), (1, 2)]
        }));
    }

    #[test]
    fn two_hundred_thousand_nodes_generate_validly() {
        for shape in ALL_SHAPES {
            let start = std::time::Instant::now();
            let t = generate_tree(
                &tree_params(200_000, 200_000, shape, WeightMode::PropertyA),
                &mut Rng::from_seed(1),
            );
            let took = start.elapsed();
            println!("weighted tree {shape:?} n = 200000: {took:?}");
            assert_eq!(validate_tree(&t), Ok(()));
        }
        let p = DagParams {
            roots: SizeRange::new(1, 1000),
            ..dag_params(200_000, 200_000, DagShape::Forest, WeightMode::PropertyA)
        };
        let start = std::time::Instant::now();
        let d = generate_dag(&p, &mut Rng::from_seed(1));
        println!("forest n = 200000: {:?}", start.elapsed());
        assert_eq!(validate_dag(&d), Ok(()));
        let start = std::time::Instant::now();
        assert!(!shrink_tree(&generate_tree(
            &tree_params(200_000, 200_000, TreeShape::Random, WeightMode::Small),
            &mut Rng::from_seed(2)
        ))
        .is_empty());
        println!("shrink_tree n = 200000: {:?}", start.elapsed());
    }
}
