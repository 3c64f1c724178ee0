//! Node-weighted DAGs (`dag-game`, the forest game on DAGs): generator,
//! validity check and shrink moves.
//!
//! Three shapes: forests of shaped trees (arcs from parent to child), random
//! DAGs over a hidden topological order, and layered DAGs. Each builder
//! numbers nodes in a topological order; weights are drawn in one of the
//! [`WeightMode`]s, then labels and arcs are shuffled so no solver can lean
//! on that order. Shrinking drops a component, removes a node, contracts an
//! arc, removes an arc or lowers weights.
//!
//! Generation is `O(n + m)` except for `dag` and `layered`, which draw every
//! candidate pair (`O(n^2)`), hence their smaller size limit. Validation is
//! `O(n + m log m)` (duplicate arcs are found by sorting); each shrink
//! candidate costs `O(n + m)`.

use serde::Deserialize;

use std::sync::{Arc, OnceLock};

use crate::enumerate::canonical::{self, Small};
use crate::enumerate::{add, layers, mul, multichoose, pow, span, Bound, Count, Space, Symmetry, BUILD_BUDGET};
use crate::graph::{components_largest_first, Dag};
use crate::range::SizeRange;
use crate::rng::Rng;
use crate::tree::{orient, scrambled_tree, ALL_SHAPES};
use crate::weights::{
    check_endpoints, check_weight_range, check_weights, draw_weights, keep_nodes, lowered_weights, move_limit,
    WeightMode, ALL_WEIGHT_MODES, MAX_NODES,
};

/// `dag` and `layered` draw a coin for every candidate pair of nodes.
pub const MAX_PAIRWISE_NODES: u64 = 2_000;

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
        let edges = scrambled_tree(size, shape, rng).edges;
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

pub fn generate(p: &DagParams, rng: &mut Rng) -> Dag {
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

/// A DAG as its node colours and its arcs `(from, to)`.
type ColouredArcs = (Vec<u64>, Vec<(u32, u32)>);

/// Every DAG with `nodes` nodes coloured from `colours` and `arcs` arcs, up
/// to isomorphisms that keep the colours, by nodes, then arcs: each as its
/// colours and arcs in a canonical labelling. Classes grow a sink at a time
/// (every DAG has a sink, and loses it to a DAG one node smaller); the count
/// is exact when the labelled DAGs (an upper bound on the classes) number at
/// most [`BUILD_BUDGET`], as the classes are then built to count them.
pub(crate) fn dags(
    what: String,
    nodes: SizeRange,
    arcs: SizeRange,
    colours: SizeRange,
    bounds: Vec<Bound>,
) -> Result<Space<ColouredArcs>, String> {
    let kinds = (colours.hi - colours.lo) as u128 + 1;
    // Upper-triangular arc sets with at most `arcs.hi` arcs, times colourings.
    let labelled = (nodes.lo..=nodes.hi).fold(0u128, |acc, k| {
        let pairs = k * k.saturating_sub(1) / 2;
        let arc_sets = (0..=arcs.hi.min(pairs)).fold(0u128, |acc, j| add(acc, binomial(pairs, j)));
        add(acc, mul(arc_sets, pow(kinds, k)))
    });
    let all = move || {
        let first: Vec<Small> = (colours.lo..=colours.hi).map(|c| Small::new(vec![c])).collect();
        layers(first, move |layer| {
            let children = |g: &Small| {
                let n = g.n();
                let mut out = Vec::new();
                for from in 0..1u64 << n {
                    if g.arcs().len() + from.count_ones() as usize > arcs.hi as usize {
                        continue;
                    }
                    for c in colours.lo..=colours.hi {
                        let mut child = g.with_vertex(c);
                        for u in (0..n).filter(|&u| from >> u & 1 == 1) {
                            child.add_arc(u, n);
                        }
                        out.push(child);
                    }
                }
                out
            };
            canonical::grow(layer, children, |_| true)
        })
        .take(nodes.hi as usize)
        .skip(nodes.lo as usize - 1)
        .map(move |layer| {
            let mut here: Vec<ColouredArcs> = layer
                .iter()
                .map(|g| (g.colours.clone(), g.arcs()))
                .filter(|(_, a)| (arcs.lo..=arcs.hi).contains(&(a.len() as u64)))
                .collect();
            here.sort_by_key(|(_, a)| a.len());
            Arc::new(here)
        })
    };
    // The classes are built to count them, once, when the count or the instances are first asked
    // for, and kept for the enumeration.
    let all = Arc::new(all);
    let built = Arc::new(OnceLock::<Option<Vec<Arc<Vec<ColouredArcs>>>>>::new());
    let build = {
        let (all, built) = (all.clone(), built.clone());
        move || {
            built
                .get_or_init(|| (labelled <= BUILD_BUDGET).then(|| all().collect()))
                .clone()
        }
    };
    let counted = build.clone();
    let count = move || match counted() {
        Some(layers) => Count::Exact(layers.iter().map(|l| l.len() as u128).sum()),
        None => Count::AtMost(labelled),
    };
    Ok(Space::counted_later(
        what,
        Symmetry::Isomorphism,
        "nodes, then arcs",
        count,
        bounds,
        move || {
            let layers: Box<dyn Iterator<Item = Arc<Vec<ColouredArcs>>> + Send> = match build() {
                Some(layers) => Box::new(layers.into_iter()),
                None => Box::new(all()),
            };
            Box::new(layers.flat_map(|layer| (*layer).clone()))
        },
    ))
}

/// `C(n, k)`, saturating.
fn binomial(n: u64, k: u64) -> u128 {
    if k > n {
        return 0;
    }
    multichoose(n as u128 - k as u128 + 1, k)
}

/// At least one node, weights in `[1, 10^9]`, arcs between existing distinct
/// nodes, no arc twice, no cycle.
pub fn validate(d: &Dag) -> Result<(), String> {
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

/// Smaller DAGs, most promising first: drop a weakly connected component
/// (largest first), remove a node (sinks first), contract an arc into a node
/// of in-degree 1 (it merges into its parent, which keeps its weight),
/// remove an arc, then lower weights. Labels stay compact.
pub fn shrink(d: &Dag) -> Vec<Dag> {
    let n = d.n();
    let limit = move_limit(n + d.arcs.len());
    let mut out = Vec::new();
    let without = |gone: &dyn Fn(usize) -> bool| {
        let keep: Vec<bool> = (0..n).map(|v| !gone(v)).collect();
        let (weights, arcs) = keep_nodes(&keep, &d.weights, &d.arcs);
        Dag { weights, arcs }
    };

    let (component, largest_first) = components_largest_first(n, &d.arcs);
    for &c in largest_first.iter().take(limit) {
        out.push(without(&|v| component[v] == c));
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

impl crate::Family for DagParams {
    type Instance = Dag;

    fn class(&self, d: &Dag) -> Option<String> {
        let mut g = Small::new(d.weights.clone());
        for &(u, v) in &d.arcs {
            g.add_arc(u as usize, v as usize);
        }
        crate::enumerate::classes::small(&g)
    }

    fn check(&self) -> Result<(), String> {
        DagParams::check(self)
    }

    fn generate(&self, rng: &mut Rng) -> Dag {
        generate(self, rng)
    }

    fn validate(&self, d: &Dag) -> Result<(), String> {
        validate(d)
    }

    fn shrink(&self, d: &Dag) -> Vec<Dag> {
        shrink(d)
    }

    /// Every DAG with `n` nodes weighted 1 to `max_weight`, up to
    /// isomorphisms that keep the weights ([`dags`]), by nodes, then arcs.
    /// `shapes`, `roots`, `arc_rate` and the weight modes are ignored.
    fn exhaust(&self) -> Result<Space<Dag>, String> {
        let (n, top) = (self.n, self.max_weight);
        let weights = SizeRange::new(1, top);
        let arcs = SizeRange::new(0, n.hi * n.hi.saturating_sub(1) / 2);
        let space = dags(
            format!("every dag-game DAG with {} nodes weighted 1 to {top}", span(n)),
            n,
            arcs,
            weights,
            vec![Bound::new("n", n), Bound::new("max_weight", weights)],
        )?;
        Ok(space.map(|(weights, arcs)| Dag { weights, arcs }))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::families::testing::{check_shrinks, check_space, judge_round_trip};
    use crate::Family;
    use serde::de::value::{Error, MapDeserializer};
    use serde::de::IntoDeserializer;

    /// The smallest (weights, sorted arcs) over every relabelling: a
    /// canonical form by brute force, apart from the enumerator's.
    pub(crate) fn brute_form(weights: &[u64], arcs: &[(u32, u32)]) -> (Vec<u64>, Vec<(u32, u32)>) {
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
        perms(weights.len())
            .into_iter()
            .map(|p| {
                let mut w = vec![0; weights.len()];
                for (v, &x) in weights.iter().enumerate() {
                    w[p[v] as usize] = x;
                }
                let mut a: Vec<(u32, u32)> = arcs.iter().map(|&(u, v)| (p[u as usize], p[v as usize])).collect();
                a.sort_unstable();
                (w, a)
            })
            .min()
            .expect("one relabelling at least")
    }

    #[test]
    fn every_weighted_dag_once() {
        // Unweighted DAGs are A003087: 1, 2, 6, 31, 302.
        let p = DagParams {
            n: SizeRange::new(1, 5),
            max_weight: 1,
            ..DagParams::default()
        };
        let space = p.exhaust().unwrap();
        assert_eq!(space.count(), Count::Exact(1 + 2 + 6 + 31 + 302));
        let size = |d: &Dag| (d.n(), d.arcs.len());
        let all = check_space(&space, size, validate, |d: &Dag| brute_form(&d.weights, &d.arcs));
        for d in all.iter().take(100) {
            assert_eq!(&judge_round_trip::<crate::judge::dag_game::Judge>(d), d);
        }
        let weighted = DagParams {
            n: SizeRange::new(1, 4),
            max_weight: 2,
            ..DagParams::default()
        };
        let space = weighted.exhaust().unwrap();
        check_space(&space, size, validate, |d: &Dag| brute_form(&d.weights, &d.arcs));
        // Every labelled weighted DAG on 3 nodes falls in a listed class.
        let listed: std::collections::BTreeSet<_> = space
            .instances()
            .filter(|d| d.n() == 3)
            .map(|d| brute_form(&d.weights, &d.arcs))
            .collect();
        let pairs = [(0u32, 1u32), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)];
        let mut every = std::collections::BTreeSet::new();
        for mask in 0..1u32 << 6 {
            let arcs: Vec<(u32, u32)> = (0..6).filter(|i| mask >> i & 1 == 1).map(|i| pairs[i]).collect();
            for w in 0..8u64 {
                let weights = vec![1 + (w & 1), 1 + (w >> 1 & 1), 1 + (w >> 2 & 1)];
                let d = Dag {
                    weights,
                    arcs: arcs.clone(),
                };
                if validate(&d).is_ok() {
                    every.insert(brute_form(&d.weights, &d.arcs));
                }
            }
        }
        assert_eq!(listed, every);
        assert!(!DagParams::default().exhaust().unwrap().count().is_exact());
    }

    fn params(lo: u64, hi: u64, shape: DagShape, mode: WeightMode) -> DagParams {
        DagParams {
            n: SizeRange::new(lo, hi),
            shapes: vec![shape],
            weights: vec![mode],
            ..DagParams::default()
        }
    }

    /// What every shrink move must lower, lexicographically.
    fn key(d: &Dag) -> (usize, usize, u64) {
        (d.n(), d.arcs.len(), d.weights.iter().sum())
    }

    #[test]
    fn check_names_the_key() {
        assert_eq!(DagParams::default().check(), Ok(()));
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
        let shape = DagShape::deserialize(IntoDeserializer::<Error>::into_deserializer("layered"));
        assert_eq!(shape, Ok(DagShape::Layered));
        let table = |key: &'static str| MapDeserializer::<_, Error>::new([(key, 7u64)].into_iter());
        let p = DagParams::deserialize(table("max_weight")).expect("a known key");
        assert_eq!(
            p,
            DagParams {
                max_weight: 7,
                ..DagParams::default()
            }
        );
        assert!(DagParams::deserialize(table("root")).is_err());
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
                        ..params(1, 25, shape, mode)
                    };
                    for case in 0..300 {
                        let d = generate(&p, &mut rng);
                        assert_eq!(validate(&d), Ok(()), "{shape:?} {mode:?}: {d:?}");
                        if case % 20 == 0 {
                            check_shrinks(d, 3, 6, shrink, validate, key);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn property_a_weights_never_rise_along_an_arc() {
        let mut rng = Rng::from_seed(3);
        for shape in ALL_DAG_SHAPES {
            for _ in 0..300 {
                let d = generate(&params(1, 30, shape, WeightMode::PropertyA), &mut rng);
                for &(u, v) in &d.arcs {
                    assert!(d.weights[v as usize] <= d.weights[u as usize], "{d:?}");
                }
            }
        }
    }

    #[test]
    fn shapes_have_their_structure() {
        let mut rng = Rng::from_seed(5);
        for _ in 0..300 {
            // Rate 1 makes every pair of the hidden order an arc; rate 0 none.
            let full = generate(
                &DagParams {
                    arc_rate: 1.0,
                    ..params(1, 15, DagShape::Dag, WeightMode::Small)
                },
                &mut rng,
            );
            let n = full.n();
            assert_eq!(full.arcs.len(), n * (n - 1) / 2);
            let empty = generate(
                &DagParams {
                    arc_rate: 0.0,
                    ..params(1, 15, DagShape::Dag, WeightMode::Small)
                },
                &mut rng,
            );
            assert!(empty.arcs.is_empty());
            // A forest of exactly 3 trees on n >= 3 nodes: in-degrees at most
            // 1 and n - 3 arcs, so 3 sources.
            let p = DagParams {
                roots: SizeRange::new(3, 3),
                ..params(3, 20, DagShape::Forest, WeightMode::Small)
            };
            let f = generate(&p, &mut rng);
            let mut indeg = vec![0; f.n()];
            for &(_, v) in &f.arcs {
                indeg[v as usize] += 1;
            }
            assert!(indeg.iter().all(|&d| d <= 1));
            assert_eq!(f.arcs.len(), f.n() - 3);
            // Layered with rate 0: one parent each below the first layer, so a
            // forest whose roots are the first layer.
            let l = generate(
                &DagParams {
                    arc_rate: 0.0,
                    ..params(1, 20, DagShape::Layered, WeightMode::Small)
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
        let p = DagParams {
            n: SizeRange::new(1, 60),
            ..DagParams::default()
        };
        let mut differ = 0;
        for case in 0..100 {
            let d = generate(&p, &mut Rng::for_case(9, case));
            assert_eq!(d, generate(&p, &mut Rng::for_case(9, case)));
            differ += usize::from(d != generate(&p, &mut Rng::for_case(10, case)));
        }
        assert!(differ > 90);
    }

    #[test]
    fn validate_rejects_invalid_instances() {
        let dag = |weights: &[u64], arcs: &[(u32, u32)]| Dag {
            weights: weights.to_vec(),
            arcs: arcs.to_vec(),
        };
        assert_eq!(validate(&dag(&[3, 1, 2], &[(2, 0), (2, 1), (0, 1)])), Ok(()));
        assert!(validate(&dag(&[], &[])).is_err());
        assert!(validate(&dag(&[3, 1, 2], &[(0, 1), (1, 2), (2, 0)])).is_err());
        assert!(validate(&dag(&[3, 1], &[(1, 1)])).is_err());
        assert!(validate(&dag(&[3, 1], &[(0, 1), (0, 1)])).is_err());
        assert!(validate(&dag(&[3, 1], &[(0, 2)])).is_err());
        assert!(validate(&dag(&[3, 0], &[(0, 1)])).is_err());
    }

    #[test]
    fn shrink_moves_by_hand() {
        // Arcs 0 -> 1 -> 2 and 0 -> 2, plus a lone node 3.
        let d = Dag {
            weights: vec![5, 6, 7, 8],
            arcs: vec![(0, 1), (1, 2), (0, 2)],
        };
        let c = shrink(&d);
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
    fn a_forest_of_two_hundred_thousand_nodes_generates_validly() {
        let p = DagParams {
            roots: SizeRange::new(1, 1000),
            ..params(200_000, 200_000, DagShape::Forest, WeightMode::PropertyA)
        };
        let start = std::time::Instant::now();
        let d = generate(&p, &mut Rng::from_seed(1));
        println!("forest n = 200000: {:?}", start.elapsed());
        assert_eq!(validate(&d), Ok(()));
    }
}
