//! Connected multigraphs with self-loops and parallel edges (`green-hackenbush`).
//!
//! A spanning tree of a chosen shape makes the graph connected; each extra edge
//! is a self-loop, a copy of a random earlier non-loop edge, or a uniform pair
//! of distinct vertices, at the configured rates. Copying an earlier edge makes
//! parallel edges without any hash set, so generation is O(n + m).

use serde::Deserialize;

use std::sync::Arc;

use crate::enumerate::canonical::{self, Small};
use crate::enumerate::{add, layers, nonempty, polya, span, Bound, Count, Space, Symmetry};
use crate::graph::Graph;
use crate::moves;
use crate::range::{probability, SizeRange};
use crate::rng::Rng;
use crate::tree::{self, TreeShape, ALL_SHAPES};

/// The `[gen]` table of `multigraph.toml`.
#[derive(Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct MultigraphParams {
    /// Vertices.
    pub n: SizeRange,
    /// Total edges; a draw below n - 1 is raised to n - 1 (the graph is connected).
    pub m: SizeRange,
    /// Chance an extra edge is a self-loop.
    #[serde(deserialize_with = "probability", alias = "loop-rate")]
    pub loop_rate: f64,
    /// Chance an extra edge copies an earlier non-loop edge.
    #[serde(deserialize_with = "probability", alias = "parallel-rate")]
    pub parallel_rate: f64,
    /// Shapes of the spanning tree.
    pub shapes: Vec<TreeShape>,
}

impl Default for MultigraphParams {
    fn default() -> Self {
        MultigraphParams {
            n: SizeRange::new(1, 8),
            m: SizeRange::new(0, 14),
            loop_rate: 0.15,
            parallel_rate: 0.15,
            shapes: ALL_SHAPES.to_vec(),
        }
    }
}

/// The judge's limits (soj366).
pub const MAX_N: u64 = 500_000;
pub const MAX_M: u64 = 1_500_000;

impl MultigraphParams {
    pub fn check(&self) -> Result<(), String> {
        self.n.within("n", 1, MAX_N)?;
        self.m.within("m", 0, MAX_M)?;
        if self.loop_rate + self.parallel_rate > 1.0 {
            return Err(format!(
                "`loop_rate` + `parallel_rate` = {} must not exceed 1",
                self.loop_rate + self.parallel_rate
            ));
        }
        tree::check_shapes(&self.shapes)
    }
}

pub fn generate(p: &MultigraphParams, rng: &mut Rng) -> Graph {
    let n = p.n.sample_usize(rng);
    let m = p.m.sample_usize(rng).max(n - 1);
    let shape = *rng.pick(&p.shapes);
    let mut edges = tree::shaped_tree(n, shape, rng);
    edges.reserve(m - edges.len());
    let mut loops = Vec::new();
    // Once loops are ruled out, the parallel share of what is left keeps the
    // overall parallel rate at `parallel_rate`.
    let parallel_given_no_loop = if p.loop_rate < 1.0 {
        p.parallel_rate / (1.0 - p.loop_rate)
    } else {
        0.0
    };
    for _ in n - 1..m {
        // One vertex admits only loops.
        if n == 1 || rng.chance(p.loop_rate) {
            let v = rng.index(n) as u32;
            loops.push((v, v));
        } else if rng.chance(parallel_given_no_loop) {
            edges.push(*rng.pick(&edges));
        } else {
            let u = rng.index(n);
            let v = (u + 1 + rng.index(n - 1)) % n;
            edges.push((u as u32, v as u32));
        }
    }
    edges.append(&mut loops);
    let root = tree::pick_root(n, rng);
    moves::scramble(Graph::new(n, edges), root, rng)
}

pub fn validate(g: &Graph) -> Result<(), String> {
    if g.n == 0 {
        return Err("a graph needs at least one vertex (its root)".into());
    }
    if let Some((i, _)) = g.edges.iter().enumerate().find(|(_, &(u, v))| u.max(v) as usize >= g.n) {
        return Err(format!("edge {i} {:?} has an endpoint outside 0..{}", g.edges[i], g.n));
    }
    if !g.is_connected() {
        return Err("the graph is not connected".into());
    }
    Ok(())
}

/// Smaller connected multigraphs, largest reduction first: contract or cut off
/// blocks of edges; delete one edge with all it cuts off (a loop, a parallel
/// copy, any non-bridge, a leaf vertex with its edge, a whole pendant part);
/// contract one edge.
pub fn shrink(g: &Graph) -> Vec<Graph> {
    moves::shrink_connected(g)
}

/// Connected rooted multigraphs with `n` vertices and `m` edges up to
/// isomorphism (Pólya, [`polya::rooted_connected`]); saturates past 24
/// vertices or 96 edges, far past what can be listed.
pub fn class_count(n: SizeRange, m: SizeRange) -> u128 {
    if n.hi > 24 || m.hi > 96 {
        return u128::MAX;
    }
    let Some(c) = polya::rooted_connected(n.hi as usize, m.hi as usize) else {
        return u128::MAX;
    };
    let mut count = 0u128;
    for k in n.lo.max(1)..=n.hi {
        for e in m.lo..=m.hi {
            count = add(count, c[k as usize][e as usize]);
        }
    }
    count
}

/// A canonical rooted multigraph (the root colour 0, the rest 1) as a graph.
pub(crate) fn graph_of(g: &Small) -> Graph {
    Graph::new(g.n(), g.edges())
}

/// The classes of connected rooted multigraphs with at most `n_max`
/// vertices, one layer per edge count from 0 on, each sorted by vertices,
/// kept where `keep` accepts them (a test every class's parent passes too).
pub(crate) fn classes_by_edges(
    n_max: usize,
    keep: impl Fn(&Small) -> bool + Send + Sync + 'static,
) -> impl Iterator<Item = Arc<Vec<Small>>> + Send {
    layers(vec![Small::new(vec![0])], move |layer| {
        canonical::grow(layer, |g| canonical::edge_children(g, n_max), &keep)
    })
}

impl crate::Family for MultigraphParams {
    type Instance = Graph;

    fn class(&self, g: &Graph) -> Option<String> {
        crate::enumerate::classes::rooted_multigraph(g.n, &g.edges)
    }

    fn check(&self) -> Result<(), String> {
        MultigraphParams::check(self)
    }

    fn generate(&self, rng: &mut Rng) -> Graph {
        generate(self, rng)
    }

    fn validate(&self, g: &Graph) -> Result<(), String> {
        validate(g)
    }

    fn shrink(&self, g: &Graph) -> Vec<Graph> {
        shrink(g)
    }

    /// Every connected multigraph with `n` vertices and `m` edges, loops and
    /// parallel edges allowed, up to isomorphisms that fix the root (counted
    /// by Pólya's theorem beforehand), by edges, then vertices; each in its
    /// canonical labelling, the root 0. The rates and `shapes` are ignored.
    fn exhaust(&self) -> Result<Space<Graph>, String> {
        let (n, m) = (self.n, self.m);
        nonempty(Space::new(
            format!(
                "every connected rooted multigraph with {} vertices and {} edges",
                span(n),
                span(m)
            ),
            Symmetry::Isomorphism,
            "edges, then vertices",
            Count::Exact(class_count(n, m)),
            vec![Bound::new("n", n), Bound::new("m", m)],
            move || {
                let wanted = move |g: &&Small| (n.lo..=n.hi).contains(&(g.n() as u64));
                let layers = classes_by_edges(n.hi as usize, |_| true)
                    .take(m.hi as usize + 1)
                    .skip(m.lo as usize);
                Box::new(layers.flat_map(move |layer| {
                    let graphs: Vec<Graph> = layer.iter().filter(wanted).map(graph_of).collect();
                    graphs
                }))
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::testing::{check_shrinks, check_space, judge_round_trip};
    use crate::Family;

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

    #[test]
    fn every_rooted_multigraph_once_as_polya_counts() {
        let p = params((1, 4), (0, 5), 0.1, 0.1);
        let space = p.exhaust().unwrap();
        let all = check_space(&space, |g: &Graph| (g.m(), g.n), validate, brute_form);
        assert!(all.iter().any(|g| g.edges.iter().any(|&(u, v)| u == v)), "loops");
        assert!(
            all.iter()
                .any(|g| g.edges.windows(2).any(|w| w[0] == w[1] && w[0].0 != w[0].1)),
            "parallel edges"
        );
        for g in all.iter().take(400) {
            assert_eq!(&judge_round_trip::<crate::judge::green_hackenbush::Judge>(g), g);
        }
        // Larger, against Pólya's count alone.
        let q = params((1, 5), (0, 7), 0.1, 0.1);
        let space = q.exhaust().unwrap();
        assert_eq!(space.instances().count() as u128, space.count().bound());
        assert_eq!(class_count(SizeRange::new(1, MAX_N), SizeRange::new(0, 20)), u128::MAX);
    }

    fn params(n: (u64, u64), m: (u64, u64), loop_rate: f64, parallel_rate: f64) -> MultigraphParams {
        MultigraphParams {
            n: SizeRange::new(n.0, n.1),
            m: SizeRange::new(m.0, m.1),
            loop_rate,
            parallel_rate,
            shapes: ALL_SHAPES.to_vec(),
        }
    }

    fn loops(g: &Graph) -> usize {
        g.edges.iter().filter(|&&(u, v)| u == v).count()
    }

    /// Non-loop edges whose unordered ends already occurred earlier.
    fn repeats(g: &Graph) -> usize {
        let mut keys: Vec<(u32, u32)> = g
            .edges
            .iter()
            .filter(|&&(u, v)| u != v)
            .map(|&(u, v)| (u.min(v), u.max(v)))
            .collect();
        keys.sort_unstable();
        keys.windows(2).filter(|w| w[0] == w[1]).count()
    }

    #[test]
    fn generated_graphs_are_valid_with_valid_shrinks() {
        let mut count = 0;
        for seed in 0..3000u64 {
            let p = match seed % 5 {
                0 => MultigraphParams::default(),
                1 => params((1, 1), (0, 6), 0.15, 0.15),
                2 => params((2, 6), (15, 30), 0.0, 0.0),
                3 => params((1, 10), (0, 20), 0.5, 0.5),
                _ => params((3, 12), (0, 12), 1.0, 0.0),
            };
            assert!(p.check().is_ok());
            let g = generate(&p, &mut Rng::for_case(seed, 3));
            validate(&g).unwrap_or_else(|e| panic!("seed {seed}: {e}: {g:?}"));
            assert!(g.m() as u64 >= p.m.lo.min(g.n as u64 - 1) && g.m() as u64 <= p.m.hi.max(g.n as u64 - 1));
            count += check_shrinks(g, 2, 20, shrink, validate, |g: &Graph| (g.m(), g.n));
        }
        assert!(count > 10_000);
    }

    #[test]
    fn shrinking_reaches_the_single_vertex() {
        let mut rng = Rng::from_seed(6);
        for _ in 0..300 {
            let mut g = generate(&params((1, 10), (0, 25), 0.2, 0.2), &mut rng);
            let start = g.m();
            let mut steps = 0;
            while let Some(c) = shrink(&g).into_iter().next() {
                g = c;
                steps += 1;
                assert!(steps <= start);
            }
            assert_eq!(g, Graph::new(1, vec![]));
        }
    }

    #[test]
    fn loops_and_parallel_edges_come_at_their_rates() {
        // n = 1000, m = 2000: 1001 extra edges per graph; random pairs among
        // ~500 000 collide rarely (~0.2%), so repeats ~ parallel_rate * 1001.
        let p = params((1000, 1000), (2000, 2000), 0.2, 0.3);
        let mut rng = Rng::from_seed(7);
        let (mut l, mut r) = (0, 0);
        for _ in 0..10 {
            let g = generate(&p, &mut rng);
            l += loops(&g);
            r += repeats(&g);
        }
        let extra = 10.0 * 1001.0;
        assert!((l as f64 / extra - 0.2).abs() < 0.02, "loop share {}", l as f64 / extra);
        assert!(
            (r as f64 / extra - 0.3).abs() < 0.03,
            "repeat share {}",
            r as f64 / extra
        );
        let none = generate(&params((50, 50), (400, 400), 0.0, 0.0), &mut rng);
        assert_eq!(loops(&none), 0);
        let all = generate(&params((50, 50), (400, 400), 1.0, 0.0), &mut rng);
        assert_eq!(loops(&all), 400 - 49);
    }

    #[test]
    fn dense_graphs_are_reachable() {
        // m = n(n-1)/2 on 8 vertices: as many edges as a complete graph.
        let g = generate(&params((8, 8), (28, 28), 0.0, 0.0), &mut Rng::from_seed(8));
        assert_eq!(g.m(), 28);
        assert!(validate(&g).is_ok());
        let single = generate(&params((1, 1), (5, 5), 0.0, 0.0), &mut Rng::from_seed(8));
        assert_eq!(single, Graph::new(1, vec![(0, 0); 5]));
    }

    #[test]
    fn same_seed_same_graph() {
        let p = params((1, 100), (0, 300), 0.1, 0.2);
        for case in 0..50 {
            assert_eq!(
                generate(&p, &mut Rng::for_case(3, case)),
                generate(&p, &mut Rng::for_case(3, case))
            );
        }
    }

    #[test]
    fn validate_rejects_broken_graphs() {
        assert!(validate(&Graph::new(0, vec![])).is_err());
        assert!(validate(&Graph::new(3, vec![(0, 1), (1, 1)])).is_err());
        assert!(validate(&Graph::new(2, vec![(0, 2)])).is_err());
        assert!(validate(&Graph::new(2, vec![(0, 1), (1, 0), (0, 0)])).is_ok());
    }

    #[test]
    fn check_rejects_impossible_settings() {
        assert!(params((0, 3), (0, 5), 0.1, 0.1).check().unwrap_err().contains("`n`"));
        assert!(params((1, 3), (0, MAX_M + 1), 0.1, 0.1)
            .check()
            .unwrap_err()
            .contains("`m`"));
        // Too few edges for n is fine: the drawn m is raised to n - 1.
        assert!(params((1, 30), (0, 5), 0.1, 0.1).check().is_ok());
        assert!(params((1, 3), (0, 5), 0.6, 0.6).check().unwrap_err().contains("rate"));
        assert!(MultigraphParams::default().check().is_ok());
    }

    #[test]
    fn judge_size_quickly() {
        let p = params((500_000, 500_000), (1_500_000, 1_500_000), 0.15, 0.15);
        for seed in 0..3 {
            let start = std::time::Instant::now();
            let g = generate(&p, &mut Rng::from_seed(seed));
            println!("multigraph n = 500000, m = 1500000: {:?}", start.elapsed());
            assert_eq!(g.m(), 1_500_000);
            assert!(validate(&g).is_ok());
            if seed == 0 {
                // A huge instance offers only the coarse moves its budget allows.
                let start = std::time::Instant::now();
                let c = shrink(&g);
                println!("its shrink: {} candidates in {:?}", c.len(), start.elapsed());
                assert!(!c.is_empty() && c.iter().all(|h| h.m() < g.m() && validate(h).is_ok()));
            }
        }
    }
}
