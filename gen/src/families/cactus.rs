//! Cactus forests (`christmas-game`): each test case is a list of rooted graphs
//! in which every edge lies on at most one cycle.
//!
//! Generation grows each graph block by block from its root: a tree edge or a
//! cycle hung at a random vertex allowed to carry it. Validation takes a BFS
//! tree from the root and walks each non-tree edge's fundamental cycle up to
//! its top (the lowest common ancestor, which is the cycle's vertex nearest the
//! root); the graph is an edge cactus iff no tree edge is walked twice, and
//! stopping at the first repeat keeps the walk O(n + m).
//!
//! Two modes: `general` is any connected edge cactus (loops allowed); `poj` is
//! the judge's guarantee, read as "every cycle is pendant": no loops, and every
//! vertex of a cycle other than its top has degree 2.

use serde::Deserialize;

use std::sync::Arc;

use crate::csr::Csr;
use crate::enumerate::canonical::Small;
use crate::enumerate::multisets::{MultisetCounts, Multisets};
use crate::enumerate::{add, multichoose, nonempty, span, Bound, Count, Space, Symmetry};
use crate::graph::Graph;
use crate::moves;
use crate::multigraph;
use crate::range::{probability, SizeRange};
use crate::rng::Rng;

/// The judge's limits: N < 100 graphs, m < 100 vertices, k < 500 edges.
/// Declared here and read by the judge format (`judge/christmas_game.rs`).
pub const MAX_GRAPHS: usize = 99;
pub const MAX_VERTICES: usize = 99;
pub const MAX_EDGES: usize = 499;

#[derive(Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum CactusMode {
    /// The judge's guarantee: pendant cycles only, no loops.
    Poj,
    /// Any connected edge cactus, loops included.
    General,
}

/// The `[gen]` table of `cactus.toml`.
#[derive(Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct CactusParams {
    pub mode: CactusMode,
    /// Graphs per test case.
    pub graphs: SizeRange,
    /// Vertices per graph.
    pub n: SizeRange,
    /// Chance a new block is a cycle rather than one tree edge.
    #[serde(deserialize_with = "probability", alias = "cycle-rate")]
    pub cycle_rate: f64,
    /// Cycle lengths (a 2-cycle is two parallel edges); a cycle longer than
    /// the vertices still missing is shortened to fit.
    #[serde(alias = "cycle-len")]
    pub cycle_len: SizeRange,
    /// Chance each vertex carries a loop; ignored in `poj` mode, which has none.
    #[serde(deserialize_with = "probability", alias = "loop-rate")]
    pub loop_rate: f64,
}

impl Default for CactusParams {
    fn default() -> Self {
        CactusParams {
            mode: CactusMode::General,
            graphs: SizeRange::new(1, 3),
            n: SizeRange::new(1, 9),
            cycle_rate: 0.5,
            cycle_len: SizeRange::new(2, 6),
            loop_rate: 0.1,
        }
    }
}

impl CactusParams {
    /// The judge's limits, which also keep the edges below [`MAX_EDGES`]: at
    /// most two edges per added vertex (2-cycles) plus one loop per vertex.
    pub fn check(&self) -> Result<(), String> {
        self.graphs.within("graphs", 1, MAX_GRAPHS as u64)?;
        self.n.within("n", 1, MAX_VERTICES as u64)?;
        self.cycle_len.within("cycle_len", 2, MAX_VERTICES as u64)
    }
}

pub fn generate(p: &CactusParams, rng: &mut Rng) -> Vec<Graph> {
    let count = p.graphs.sample_usize(rng);
    (0..count).map(|_| generate_graph(p, rng)).collect()
}

fn generate_graph(p: &CactusParams, rng: &mut Rng) -> Graph {
    let n = p.n.sample_usize(rng);
    let general = p.mode == CactusMode::General;
    // At most two edges per vertex but the root (2-cycles) and a loop at each.
    let mut edges = Vec::with_capacity(3 * n);
    // Vertices a new block may hang from: in poj mode, not the vertices a
    // cycle passes below its top.
    let mut hooks = Vec::with_capacity(n);
    hooks.push(0u32);
    let mut size = 1;
    while size < n {
        let at = *rng.pick(&hooks);
        if rng.chance(p.cycle_rate) {
            let len = p.cycle_len.sample_usize(rng).min(n - size + 1);
            let fresh = size as u32..(size + len - 1) as u32;
            // Round from `at` through the fresh vertices and back.
            let ring = || std::iter::once(at).chain(fresh.clone());
            edges.extend(ring().zip(ring().skip(1).chain([at])));
            if general {
                hooks.extend(fresh);
            }
            size += len - 1;
        } else {
            edges.push((at, size as u32));
            hooks.push(size as u32);
            size += 1;
        }
    }
    if general {
        edges.extend((0..n as u32).filter(|_| rng.chance(p.loop_rate)).map(|v| (v, v)));
    }
    moves::scramble(Graph::new(n, edges), 0, rng)
}

/// One cycle of a cactus: its edges, its top (the vertex nearest the root)
/// and its other vertices. A loop is a cycle of one edge with no other vertex.
struct Cycle {
    top: u32,
    edges: Vec<u32>,
    inner: Vec<u32>,
}

/// The blocks of an edge cactus: its cycles, and for each edge the cycle it
/// lies on (`None` for a bridge).
struct Blocks {
    cycles: Vec<Cycle>,
    on_cycle: Vec<Option<u32>>,
}

/// Splits a connected edge cactus into its cycles, or says why it is not one.
fn blocks(g: &Graph) -> Result<Blocks, String> {
    if g.n == 0 {
        return Err("a graph needs at least one vertex (its root)".into());
    }
    if let Some((i, e)) = g.edges.iter().enumerate().find(|(_, &(u, v))| u.max(v) as usize >= g.n) {
        return Err(format!("edge {i} {e:?} has an endpoint outside 0..{}", g.n));
    }
    let adj = Csr::undirected(g.n, &g.edges);
    const NONE: u32 = u32::MAX;
    let (mut parent, mut parent_edge, mut depth) = (vec![NONE; g.n], vec![NONE; g.n], vec![0u32; g.n]);
    let mut tree_edge = vec![false; g.m()];
    let mut queue = vec![0u32];
    parent[0] = 0;
    let mut head = 0;
    while let Some(&v) = queue.get(head) {
        head += 1;
        for &(w, e) in adj.neighbours(v as usize) {
            if parent[w as usize] == NONE {
                (parent[w as usize], parent_edge[w as usize]) = (v, e);
                depth[w as usize] = depth[v as usize] + 1;
                tree_edge[e as usize] = true;
                queue.push(w);
            }
        }
    }
    if let Some(v) = parent.iter().position(|&p| p == NONE) {
        return Err(format!("not connected: vertex {v} is not reachable from the root"));
    }
    let mut on_cycle: Vec<Option<u32>> = vec![None; g.m()];
    let mut cycles: Vec<Cycle> = Vec::new();
    for e in (0..g.m()).filter(|&e| !tree_edge[e]) {
        let id = cycles.len() as u32;
        on_cycle[e] = Some(id);
        let (mut a, mut b) = g.edges[e];
        let mut cycle = Cycle {
            top: 0,
            edges: vec![e as u32],
            inner: Vec::new(),
        };
        while a != b {
            let x = if depth[a as usize] >= depth[b as usize] {
                &mut a
            } else {
                &mut b
            };
            let up = parent_edge[*x as usize];
            if let Some(other) = on_cycle[up as usize] {
                let first = cycles[other as usize].edges[0] as usize;
                return Err(format!(
                    "edge {up} {:?} lies on two cycles, closed by edges {first} {:?} and {e} {:?}",
                    g.edges[up as usize], g.edges[first], g.edges[e]
                ));
            }
            on_cycle[up as usize] = Some(id);
            cycle.edges.push(up);
            cycle.inner.push(*x);
            *x = parent[*x as usize];
        }
        cycle.top = a;
        cycles.push(cycle);
    }
    Ok(Blocks { cycles, on_cycle })
}

/// Checks one graph: limits, connected edge cactus, and in poj mode pendant cycles.
fn validate_graph(g: &Graph, mode: CactusMode) -> Result<(), String> {
    if g.n > MAX_VERTICES || g.m() > MAX_EDGES {
        return Err(format!(
            "{} vertices and {} edges: the judge allows at most {MAX_VERTICES} and {MAX_EDGES}",
            g.n,
            g.m()
        ));
    }
    let b = blocks(g)?;
    if mode == CactusMode::General {
        return Ok(());
    }
    let adj = Csr::undirected(g.n, &g.edges);
    for c in &b.cycles {
        if c.edges.len() == 1 {
            return Err(format!("poj mode has no loops, but vertex {} has one", c.top));
        }
        if let Some(&x) = c.inner.iter().find(|&&x| adj.degree(x as usize) != 2) {
            return Err(format!(
                "poj mode wants pendant cycles, but vertex {x} of the cycle hanging from vertex {} has degree {}",
                c.top,
                adj.degree(x as usize)
            ));
        }
    }
    Ok(())
}

pub fn validate(forest: &[Graph], mode: CactusMode) -> Result<(), String> {
    if forest.is_empty() || forest.len() > MAX_GRAPHS {
        return Err(format!("{} graphs: a test case has 1 to {MAX_GRAPHS}", forest.len()));
    }
    for (i, g) in forest.iter().enumerate() {
        validate_graph(g, mode).map_err(|e| format!("graph {}: {e}", i + 1))?;
    }
    Ok(())
}

/// Smaller cacti of the same mode, largest reduction first: cut a block (a
/// bridge, a cycle or a loop) with all it cuts off from the root, open a cycle
/// (delete one of its edges), contract an edge (a bridge, or shorten a cycle;
/// a 2-cycle becomes a loop in general mode only). Empty for an invalid graph.
fn shrink_graph(g: &Graph, mode: CactusMode) -> Vec<Graph> {
    let Ok(b) = blocks(g) else {
        return Vec::new();
    };
    let cut = |edges: &[u32]| {
        let mut drop = vec![false; g.m()];
        edges.iter().for_each(|&e| drop[e as usize] = true);
        moves::drop_unreachable(&moves::remove_edges(g, &drop))
    };
    let bridges = (0..g.m() as u32).filter(|&e| b.on_cycle[e as usize].is_none());
    let mut cuts: Vec<Graph> = bridges
        .clone()
        .map(|e| cut(&[e]))
        .chain(b.cycles.iter().map(|c| cut(&c.edges)))
        .collect();
    cuts.sort_by_key(|c| (c.m(), c.n));
    // The two edges of a 2-cycle are interchangeable: use the first only.
    let cycle_edges = b.cycles.iter().flat_map(|c| match c.edges.len() {
        1 => &c.edges[..0],
        2 => &c.edges[..1],
        _ => &c.edges[..],
    });
    let openings = cycle_edges.clone().map(|&e| moves::remove_edge(g, e as usize));
    let shortenings = cycle_edges.filter(|&&e| {
        let len = b.cycles[b.on_cycle[e as usize].expect("a cycle edge") as usize]
            .edges
            .len();
        len >= 3 || mode == CactusMode::General
    });
    let contractions = bridges
        .chain(shortenings.copied())
        .map(|e| moves::contract_edge(g, e as usize));
    cuts.into_iter().chain(openings).chain(contractions).collect()
}

/// Smaller forests valid in the same mode, largest reduction first: drop
/// blocks of graphs (halves, quarters, ...), drop one graph, shrink one graph.
pub fn shrink(forest: &[Graph], mode: CactusMode) -> Vec<Vec<Graph>> {
    let without = |r: std::ops::Range<usize>| -> Vec<Graph> {
        forest
            .iter()
            .enumerate()
            .filter(|(i, _)| !r.contains(i))
            .map(|(_, g)| g.clone())
            .collect()
    };
    let chunks = moves::edge_blocks(forest.len()).into_iter().map(without);
    let singles = (0..forest.len())
        .filter(|_| forest.len() > 1)
        .map(|i| without(i..i + 1));
    let inside = forest.iter().enumerate().flat_map(|(i, g)| {
        shrink_graph(g, mode).into_iter().map(move |c| {
            let mut f = forest.to_vec();
            f[i] = c;
            f
        })
    });
    let size = |f: &Vec<Graph>| (f.iter().map(Graph::m).sum(), f.iter().map(|g| g.n).sum());
    moves::within_budget(chunks.chain(singles).chain(inside), size)
}

/// The most vertices whose rooted cacti are built to be counted before the
/// run, in each mode (building them takes under a second; loops make general
/// cacti of six vertices take seconds); past it the count is an upper bound
/// (the multigraphs of as many vertices and edges).
fn counted_vertices(mode: CactusMode) -> u64 {
    match mode {
        CactusMode::Poj => 9,
        CactusMode::General => 5,
    }
}

impl CactusParams {
    /// The most edges a graph of `n` vertices may have here: two per added
    /// vertex (a 2-cycle), plus a loop per vertex in general mode.
    fn edges_at_most(&self, n: u64) -> u64 {
        let loops = if self.mode == CactusMode::General { n } else { 0 };
        2 * n.saturating_sub(1) + loops
    }

    /// Whether `g` is a cactus this family lists: valid in its mode, cycles
    /// no longer than `cycle_len` allows, at most one loop per vertex (what
    /// the generator draws). Every such cactus with an edge loses one (a
    /// loop, a cycle's edge, a leaf) and stays one: classes grow edge by edge.
    fn lists(&self, g: &Graph) -> bool {
        let mut loops = vec![0u8; g.n];
        for &(u, v) in &g.edges {
            if u == v {
                loops[u as usize] += 1;
            }
        }
        validate_graph(g, self.mode).is_ok()
            && loops.iter().all(|&l| l <= 1)
            && blocks(g).is_ok_and(|b| b.cycles.iter().all(|c| c.edges.len() as u64 <= self.cycle_len.hi))
    }

    /// Every rooted cactus this family lists with `n.lo..=n.hi` vertices,
    /// by edges, then vertices.
    fn cacti(&self) -> Vec<Graph> {
        let me = self.clone();
        let keep = move |g: &Small| me.lists(&multigraph::graph_of(g));
        let layers =
            multigraph::classes_by_edges(self.n.hi as usize, keep).take(self.edges_at_most(self.n.hi) as usize + 1);
        let n = self.n;
        layers
            .flat_map(|layer| {
                let graphs: Vec<Graph> = layer.iter().map(multigraph::graph_of).collect();
                graphs
            })
            .filter(|g| (n.lo..=n.hi).contains(&(g.n as u64)))
            .collect()
    }
}

impl crate::Family for CactusParams {
    type Instance = Vec<Graph>;

    fn class(&self, graphs: &Vec<Graph>) -> Option<String> {
        self.summands(graphs)
            .map(|parts| crate::enumerate::classes::multiset(&parts))
    }

    fn summands(&self, graphs: &Vec<Graph>) -> Option<Vec<String>> {
        graphs
            .iter()
            .map(|g| crate::enumerate::classes::rooted_multigraph(g.n, &g.edges))
            .collect()
    }

    fn check(&self) -> Result<(), String> {
        CactusParams::check(self)
    }

    fn generate(&self, rng: &mut Rng) -> Vec<Graph> {
        generate(self, rng)
    }

    fn validate(&self, forest: &Vec<Graph>) -> Result<(), String> {
        validate(forest, self.mode)
    }

    fn shrink(&self, forest: &Vec<Graph>) -> Vec<Vec<Graph>> {
        shrink(forest, self.mode)
    }

    /// Every test case of `graphs` rooted cacti of `n` vertices each (the
    /// mode's cacti, cycles up to `cycle_len`'s top, at most one loop per
    /// vertex), up to isomorphism: each graph's class once, and the graphs
    /// as a multiset (the game is their sum). By edges, then vertices, in
    /// all; each graph in its canonical labelling, the root 0. The count is
    /// exact up to 9 vertices (the cacti are built to count them), an upper
    /// bound beyond. `cycle_rate` and `loop_rate` are ignored.
    fn exhaust(&self) -> Result<Space<Vec<Graph>>, String> {
        let (graphs, n) = (self.graphs, self.n);
        let parts = (graphs.lo as usize, graphs.hi as usize);
        let forests = |kinds: u128| (graphs.lo..=graphs.hi).fold(0u128, |acc, j| add(acc, multichoose(kinds, j)));
        let built = (n.hi <= counted_vertices(self.mode)).then(|| Arc::new(self.cacti()));
        let count = match &built {
            Some(cacti) => Count::Exact(forests(cacti.len() as u128)),
            None => {
                let edges = SizeRange::new(0, self.edges_at_most(n.hi));
                Count::AtMost(forests(multigraph::class_count(n, edges)))
            }
        };
        let kind = match self.mode {
            CactusMode::Poj => "pendant-cycle cacti",
            CactusMode::General => "cacti",
        };
        let me = self.clone();
        nonempty(Space::new(
            format!(
                "every christmas-game test case of {} rooted {kind} with {} vertices each, cycles of 2 to {}",
                span(graphs),
                span(n),
                self.cycle_len.hi
            ),
            Symmetry::Isomorphism,
            "edges, then vertices",
            count,
            vec![
                Bound::new("graphs", graphs),
                Bound::new("n", n),
                Bound::new("cycle_len", self.cycle_len),
            ],
            move || {
                let cacti = built.clone().unwrap_or_else(|| Arc::new(me.cacti()));
                // A forest's size is (edges, vertices) in that order: code it as
                // edges * V + vertices, V past any forest's vertices.
                let v = (graphs.hi * n.hi) as usize + 1;
                let size = |g: &Graph| g.m() * v + g.n;
                let top = cacti.iter().map(size).max().unwrap_or(0);
                let mut atoms: Vec<Vec<Graph>> = vec![Vec::new(); top + 1];
                for g in cacti.iter() {
                    atoms[size(g)].push(g.clone());
                }
                let kinds: Vec<u128> = atoms.iter().map(|a| a.len() as u128).collect();
                let most = top * parts.1;
                let counts = MultisetCounts::new(&kinds, parts.1, most);
                Box::new(Multisets::new(Arc::new(atoms), &counts, parts, (0, most)))
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::testing::check_shrinks;
    use crate::multigraph::{self, MultigraphParams};
    use CactusMode::{General, Poj};

    /// The smallest sorted edge list over every relabelling of the non-root
    /// vertices: a canonical form by brute force, apart from the enumerator's.
    fn brute_form(g: &Graph) -> (usize, Vec<(u32, u32)>) {
        fn perms(k: usize) -> Vec<Vec<u32>> {
            if k == 0 {
                return vec![vec![]];
            }
            perms(k - 1)
                .into_iter()
                .flat_map(|p| {
                    (0..=p.len()).map(move |i| {
                        let mut q = p.clone();
                        q.insert(i, k as u32 - 1);
                        q
                    })
                })
                .collect()
        }
        let best = perms(g.n - 1)
            .into_iter()
            .map(|p| {
                let label = |v: u32| if v == 0 { 0 } else { p[v as usize - 1] + 1 };
                let mut e: Vec<(u32, u32)> = g
                    .edges
                    .iter()
                    .map(|&(u, v)| (label(u).min(label(v)), label(u).max(label(v))))
                    .collect();
                e.sort_unstable();
                e
            })
            .min()
            .expect("one relabelling at least");
        (g.n, best)
    }

    /// Every labelled multigraph on 1 to `n` vertices with at most `m`
    /// edges, connected or not.
    fn small_multigraphs(n: usize, m: usize) -> Vec<Graph> {
        fn walk(
            pairs: &[(u32, u32)],
            from: usize,
            left: usize,
            edges: &mut Vec<(u32, u32)>,
            k: usize,
            out: &mut Vec<Graph>,
        ) {
            out.push(Graph::new(k, edges.clone()));
            if left == 0 {
                return;
            }
            for i in from..pairs.len() {
                edges.push(pairs[i]);
                walk(pairs, i, left - 1, edges, k, out);
                edges.pop();
            }
        }
        let mut out = Vec::new();
        for k in 1..=n {
            let pairs: Vec<(u32, u32)> = (0..k as u32).flat_map(|u| (u..k as u32).map(move |v| (u, v))).collect();
            walk(&pairs, 0, m, &mut Vec::new(), k, &mut out);
        }
        out
    }

    #[test]
    fn every_forest_of_cacti_once() {
        use crate::families::testing::{check_space, judge_round_trip};
        use crate::Family;
        for mode in [General, Poj] {
            let p = CactusParams {
                mode,
                graphs: SizeRange::new(1, 2),
                n: SizeRange::new(1, 4),
                cycle_len: SizeRange::new(2, 4),
                ..CactusParams::default()
            };
            let space = p.exhaust().unwrap();
            // Each graph's class by brute force, the forest as a sorted list of classes.
            let class = |f: &Vec<Graph>| {
                let mut forms: Vec<(usize, Vec<(u32, u32)>)> = f.iter().map(brute_form).collect();
                forms.sort();
                forms
            };
            let all = check_space(&space, |f: &Vec<Graph>| total(f), |f| p.validate(f), class);
            for f in all.iter().take(300) {
                assert_eq!(&judge_round_trip::<crate::judge::christmas_game::Judge>(f), f);
            }
            // Every labelled cactus the family lists, on up to 4 vertices and
            // 7 edges, is there, once.
            let listed: std::collections::BTreeSet<_> = all
                .iter()
                .filter(|f| f.len() == 1 && f[0].m() <= 7)
                .map(|f| brute_form(&f[0]))
                .collect();
            let mut every = std::collections::BTreeSet::new();
            for g in small_multigraphs(4, 7) {
                if p.lists(&g) {
                    every.insert(brute_form(&g));
                }
            }
            assert!(
                listed == every,
                "{mode:?}: {} listed, {} by brute force",
                listed.len(),
                every.len()
            );
        }
    }

    fn graph(n: usize, edges: &[(u32, u32)]) -> Graph {
        Graph::new(n, edges.to_vec())
    }

    fn params(mode: CactusMode, graphs: (u64, u64), n: (u64, u64), cycle_len: (u64, u64)) -> CactusParams {
        CactusParams {
            mode,
            graphs: SizeRange::new(graphs.0, graphs.1),
            n: SizeRange::new(n.0, n.1),
            cycle_len: SizeRange::new(cycle_len.0, cycle_len.1),
            ..CactusParams::default()
        }
    }

    fn total(f: &[Graph]) -> (usize, usize) {
        (f.iter().map(Graph::m).sum(), f.iter().map(|g| g.n).sum())
    }

    /// Vertex lists of the simple cycles through edge `e`, found by listing
    /// the simple paths between its ends that avoid it (at most `limit`).
    fn cycles_through(g: &Graph, e: usize, limit: usize) -> Vec<Vec<u32>> {
        fn walk(g: &Graph, skip: usize, goal: u32, path: &mut Vec<u32>, out: &mut Vec<Vec<u32>>, limit: usize) {
            let at = *path.last().unwrap();
            if at == goal {
                out.push(path.clone());
                return;
            }
            for (i, &(u, v)) in g.edges.iter().enumerate() {
                let next = if u == at {
                    v
                } else if v == at {
                    u
                } else {
                    continue;
                };
                if i != skip && out.len() < limit && !path.contains(&next) {
                    path.push(next);
                    walk(g, skip, goal, path, out, limit);
                    path.pop();
                }
            }
        }
        let (u, v) = g.edges[e];
        if u == v {
            return vec![vec![u]];
        }
        let mut out = Vec::new();
        walk(g, e, u, &mut vec![v], &mut out, limit);
        out
    }

    /// The modes' definitions taken literally, by cycle enumeration.
    fn brute_is_cactus(g: &Graph, mode: CactusMode) -> bool {
        if g.n == 0 || !g.is_connected() {
            return false;
        }
        let mut degree = vec![0; g.n];
        for &(u, v) in &g.edges {
            degree[u as usize] += 1;
            degree[v as usize] += 1;
        }
        let mut dist = vec![usize::MAX; g.n];
        dist[0] = 0;
        for _ in 0..g.n {
            for &(u, v) in &g.edges {
                let (u, v) = (u as usize, v as usize);
                dist[v] = dist[v].min(dist[u].saturating_add(1));
                dist[u] = dist[u].min(dist[v].saturating_add(1));
            }
        }
        (0..g.m()).all(|e| {
            let cycles = cycles_through(g, e, 2);
            match (cycles.len(), mode) {
                (0, _) | (1, General) => true,
                (1, Poj) => {
                    let c = &cycles[0];
                    let top = *c.iter().min_by_key(|&&x| dist[x as usize]).unwrap();
                    c.len() > 1 && c.iter().all(|&x| x == top || degree[x as usize] == 2)
                }
                _ => false,
            }
        })
    }

    #[test]
    fn validate_accepts_cacti_and_names_what_breaks() {
        // PROBLEMS.md sample: a triangle 1-2-3 (0-based) on a stalk 0-1.
        let sample = graph(4, &[(0, 1), (1, 2), (1, 3), (2, 3)]);
        assert_eq!(validate(&[graph(2, &[(0, 1)]), sample.clone()], Poj), Ok(()));
        assert_eq!(validate(&[graph(1, &[])], Poj), Ok(()));
        // Two triangles at the root, and a 2-cycle at the root.
        let eight = graph(5, &[(0, 1), (1, 2), (2, 0), (0, 3), (3, 4), (4, 0)]);
        assert!(validate(&[eight.clone(), graph(2, &[(0, 1), (1, 0)])], Poj).is_ok());

        let disconnected = graph(3, &[(0, 1)]);
        assert!(validate(&[disconnected], General)
            .unwrap_err()
            .contains("not connected"));
        // The edge 1-2 lies on the cycles 0-1-2 and 1-3-2.
        let theta = graph(4, &[(0, 1), (1, 2), (2, 0), (1, 3), (3, 2)]);
        assert!(validate(&[theta], General).unwrap_err().contains("two cycles"));
        let triple = graph(2, &[(0, 1), (1, 0), (0, 1)]);
        assert!(validate(&[triple], General).unwrap_err().contains("two cycles"));
        assert!(validate(&[graph(2, &[(0, 2)])], General)
            .unwrap_err()
            .contains("outside"));

        // A leaf on the triangle's vertex 1, which is not the triangle's top 0.
        let tail = graph(4, &[(0, 1), (1, 2), (2, 0), (1, 3)]);
        assert!(validate(std::slice::from_ref(&tail), General).is_ok());
        assert!(validate(&[tail], Poj).unwrap_err().contains("pendant"));
        // A triangle hanging from another triangle's lower vertex.
        let chained = graph(5, &[(0, 1), (1, 2), (2, 0), (1, 3), (3, 4), (4, 1)]);
        assert!(validate(std::slice::from_ref(&chained), General).is_ok());
        assert!(validate(&[chained], Poj).is_err());
        // The root on a cycle with degree 2 and a stalk hanging lower down.
        let low = graph(4, &[(0, 1), (1, 2), (2, 0), (2, 3)]);
        assert!(validate(&[low], Poj).is_err());
        let looped = graph(2, &[(0, 1), (1, 1)]);
        assert!(validate(std::slice::from_ref(&looped), General).is_ok());
        assert!(validate(&[sample.clone(), looped], Poj)
            .unwrap_err()
            .starts_with("graph 2: poj mode has no loops"));

        assert!(validate(&[], General).is_err());
        assert!(validate(&vec![graph(1, &[]); MAX_GRAPHS + 1], General).is_err());
        let long_path: Vec<(u32, u32)> = (1..100).map(|v| (v - 1, v)).collect();
        assert!(validate(&[graph(100, &long_path)], General).is_err());
        assert!(validate(&[graph(99, &long_path[..98])], General).is_ok());
    }

    #[test]
    fn validate_agrees_with_cycle_enumeration() {
        // Random small multigraphs are cacti or not about evenly; compare both
        // verdicts in both modes, also on generated cacti with one edge added.
        let p = MultigraphParams {
            n: SizeRange::new(1, 7),
            m: SizeRange::new(0, 9),
            loop_rate: 0.1,
            parallel_rate: 0.2,
            ..MultigraphParams::default()
        };
        let mut rng = Rng::from_seed(12);
        let (mut yes, mut no) = (0, 0);
        for i in 0..4000 {
            let g = if i % 2 == 0 {
                multigraph::generate(&p, &mut rng)
            } else {
                let mode = if i % 4 == 1 { Poj } else { General };
                let mut g = generate_graph(&params(mode, (1, 1), (1, 8), (2, 5)), &mut rng);
                let (u, v) = (rng.index(g.n) as u32, rng.index(g.n) as u32);
                if rng.chance(0.5) {
                    g.edges.push((u, v));
                }
                g
            };
            for mode in [Poj, General] {
                let want = brute_is_cactus(&g, mode);
                assert_eq!(validate_graph(&g, mode).is_ok(), want, "{mode:?} {g:?}");
                if want {
                    yes += 1;
                } else {
                    no += 1;
                }
            }
        }
        assert!(yes > 1000 && no > 1000, "{yes} cacti, {no} others");
    }

    #[test]
    fn generated_forests_are_valid_with_valid_shrinks() {
        let mut count = 0;
        for seed in 0..3000u64 {
            let mode = if seed % 2 == 0 { Poj } else { General };
            let mut p = match seed / 2 % 5 {
                0 => CactusParams {
                    mode,
                    ..CactusParams::default()
                },
                1 => params(mode, (1, 2), (1, 1), (2, 2)),
                2 => params(mode, (1, 2), (2, 12), (2, 2)),
                3 => params(mode, (1, 3), (3, 14), (3, 99)),
                _ => params(mode, (2, 4), (1, 10), (2, 4)),
            };
            p.cycle_rate = [0.0, 0.5, 1.0][seed as usize / 10 % 3];
            p.loop_rate = [0.0, 0.1, 1.0][seed as usize / 30 % 3];
            assert!(p.check().is_ok());
            let f = generate(&p, &mut Rng::for_case(seed, 5));
            validate(&f, mode).unwrap_or_else(|e| panic!("seed {seed}: {e}: {f:?}"));
            count += check_shrinks(
                f,
                3,
                6,
                |f: &Vec<Graph>| shrink(f, mode),
                |f: &Vec<Graph>| validate(f, mode),
                |f: &Vec<Graph>| total(f),
            );
        }
        assert!(count > 10_000);
    }

    #[test]
    fn shrinking_reaches_a_single_vertex() {
        let mut rng = Rng::from_seed(13);
        for i in 0..300 {
            let mode = if i % 2 == 0 { Poj } else { General };
            let mut f = generate(&params(mode, (1, 5), (1, 20), (2, 7)), &mut rng);
            let (edges, vertices) = total(&f);
            let mut steps = 0;
            while let Some(c) = shrink(&f, mode).into_iter().next() {
                f = c;
                steps += 1;
                assert!(steps <= edges + vertices);
            }
            assert_eq!(f, vec![graph(1, &[])]);
        }
    }

    #[test]
    fn two_cycles_shorten_to_an_edge_or_a_loop() {
        let double = vec![graph(2, &[(0, 1), (1, 0)])];
        let loop_at_root = vec![graph(1, &[(0, 0)])];
        let is_edge = |f: &Vec<Graph>| f.len() == 1 && f[0].n == 2 && f[0].m() == 1;
        let poj = shrink(&double, Poj);
        assert!(poj.iter().any(is_edge) && !poj.contains(&loop_at_root));
        let general = shrink(&double, General);
        assert!(general.iter().any(is_edge) && general.contains(&loop_at_root));
        // Cutting the 2-cycle leaves the root alone: the largest reduction.
        assert_eq!(general[0], vec![graph(1, &[])]);
    }

    #[test]
    fn blocks_come_at_their_rates() {
        // With 2-cycles only, every block adds one vertex, so each graph of n
        // vertices has n - 1 blocks, each a cycle with chance cycle_rate.
        let mut p = params(General, (50, 50), (20, 20), (2, 2));
        p.cycle_rate = 0.3;
        p.loop_rate = 0.2;
        let f = generate(&p, &mut Rng::from_seed(14));
        let (mut cycles, mut loops) = (0, 0);
        for g in &f {
            for c in &blocks(g).unwrap().cycles {
                match c.edges.len() {
                    1 => loops += 1,
                    _ => cycles += 1,
                }
            }
        }
        assert!((cycles as f64 / (50.0 * 19.0) - 0.3).abs() < 0.05, "{cycles} cycles");
        assert!((loops as f64 / (50.0 * 20.0) - 0.2).abs() < 0.05, "{loops} loops");
        p.mode = Poj;
        p.loop_rate = 1.0;
        let poj = generate(&p, &mut Rng::from_seed(14));
        assert!(poj.iter().all(|g| g.edges.iter().all(|&(u, v)| u != v)));
        assert!(validate(&poj, Poj).is_ok());
    }

    #[test]
    fn judge_limits_hold_at_the_extremes() {
        let mut p = params(General, (99, 99), (99, 99), (2, 2));
        p.cycle_rate = 1.0;
        p.loop_rate = 1.0;
        let f = generate(&p, &mut Rng::from_seed(15));
        assert_eq!(f.len(), 99);
        // 98 parallel pairs and 99 loops: 295 edges, below the judge's 500.
        assert!(f.iter().all(|g| g.n == 99 && g.m() == 2 * 98 + 99));
        assert!(validate(&f, General).is_ok());
        p.cycle_len = SizeRange::new(99, 99);
        let one_ring = generate(&p, &mut Rng::from_seed(15));
        assert!(one_ring.iter().all(|g| g.m() == 99 + 99));
    }

    #[test]
    fn same_seed_same_forest() {
        let p = CactusParams::default();
        for case in 0..50 {
            assert_eq!(
                generate(&p, &mut Rng::for_case(4, case)),
                generate(&p, &mut Rng::for_case(4, case))
            );
        }
    }

    #[test]
    fn check_names_the_key() {
        assert!(params(Poj, (0, 3), (1, 9), (2, 6))
            .check()
            .unwrap_err()
            .contains("`graphs`"));
        assert!(params(Poj, (1, 100), (1, 9), (2, 6))
            .check()
            .unwrap_err()
            .contains("`graphs`"));
        assert!(params(Poj, (1, 3), (1, 100), (2, 6))
            .check()
            .unwrap_err()
            .contains("`n`"));
        assert!(params(Poj, (1, 3), (1, 9), (1, 6))
            .check()
            .unwrap_err()
            .contains("`cycle_len`"));
        assert!(CactusParams::default().check().is_ok());
        use serde::de::{value::Error, IntoDeserializer};
        let poj = CactusMode::deserialize(IntoDeserializer::<Error>::into_deserializer("poj"));
        assert_eq!(poj, Ok(Poj));
    }
}
