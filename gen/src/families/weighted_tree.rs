//! Node-weighted rooted trees (`forest-game`): generator, validity check and
//! shrink moves.
//!
//! A tree of a chosen shape is rooted and scrambled as `tree-game` does it
//! ([`tree::scrambled_tree`]: the root becomes vertex 0, the rest is
//! shuffled), then weighted in one of the [`WeightMode`]s along its
//! parent-to-child arcs. Shrinking drops a subtree, removes a leaf, contracts
//! an edge or lowers weights; the root stays vertex 0.
//!
//! Generation and validation are `O(n)` (validation with the near-constant
//! union-find factor); each shrink candidate costs `O(n)`, and each kind of
//! move offers only as many as the shared candidate budget allows.

use serde::Deserialize;

use crate::enumerate::{nonempty, span, trees, Bound, Count, Space, Symmetry};
use crate::graph::{Graph, WeightedTree};
use crate::range::SizeRange;
use crate::rng::Rng;
use crate::tree::{self, check_shapes, orient, TreeShape, ALL_SHAPES};
use crate::weights::{
    check_endpoints, check_weight_range, check_weights, draw_weights, keep_nodes, lowered_weights, move_limit,
    WeightMode, ALL_WEIGHT_MODES, MAX_NODES,
};

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

impl WeightedTreeParams {
    pub fn check(&self) -> Result<(), String> {
        self.n.within("n", 1, MAX_NODES)?;
        check_shapes(&self.shapes)?;
        check_weights(&self.weights, self.max_weight)
    }
}

pub fn generate(p: &WeightedTreeParams, rng: &mut Rng) -> WeightedTree {
    let n = p.n.sample_usize(rng);
    let shape = *rng.pick(&p.shapes);
    let edges = tree::scrambled_tree(n, shape, rng).edges;
    let mode = *rng.pick(&p.weights);
    let weights = draw_weights(mode, p.max_weight, n, &orient(n, &edges), rng);
    WeightedTree { weights, edges }
}

/// A tree on `weights.len() >= 1` vertices with weights in `[1, 10^9]`.
pub fn validate(t: &WeightedTree) -> Result<(), String> {
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

/// Smaller trees, most promising first: drop a whole subtree (largest first),
/// remove a leaf, contract an edge (the child merges into its parent, which
/// keeps its weight), then lower weights. The root stays vertex 0 and labels
/// stay compact.
pub fn shrink(t: &WeightedTree) -> Vec<WeightedTree> {
    let n = t.weights.len();
    let limit = move_limit(n + t.edges.len());
    let mut out: Vec<WeightedTree> = tree::cuts(n, &t.edges, limit, true)
        .into_iter()
        .map(|cut| {
            let (weights, edges) = keep_nodes(&cut.keep, &t.weights, cut.edges.as_deref().unwrap_or(&t.edges));
            WeightedTree { weights, edges }
        })
        .collect();
    for weights in lowered_weights(&t.weights, limit) {
        out.push(WeightedTree {
            weights,
            edges: t.edges.clone(),
        });
    }
    out
}

impl crate::Family for WeightedTreeParams {
    type Instance = WeightedTree;

    fn class(&self, t: &WeightedTree) -> Option<String> {
        crate::enumerate::classes::rooted_tree(&t.weights, &t.edges)
    }

    fn check(&self) -> Result<(), String> {
        WeightedTreeParams::check(self)
    }

    fn generate(&self, rng: &mut Rng) -> WeightedTree {
        generate(self, rng)
    }

    fn validate(&self, t: &WeightedTree) -> Result<(), String> {
        validate(t)
    }

    fn shrink(&self, t: &WeightedTree) -> Vec<WeightedTree> {
        shrink(t)
    }

    /// Every rooted tree with `n` vertices weighted from 1 to `max_weight`,
    /// up to isomorphisms that keep the root and the weights (A038055 for
    /// two weights), by vertices; vertices in preorder, the root 0.
    /// `shapes` and `weights` (the modes) are ignored: every weighting counts.
    fn exhaust(&self) -> Result<Space<WeightedTree>, String> {
        let (n, top) = (self.n, self.max_weight);
        nonempty(Space::new(
            format!("every rooted tree with {} vertices weighted 1 to {top}", span(n)),
            Symmetry::Isomorphism,
            "vertices",
            Count::Exact(trees::coloured_count(n.lo, n.hi, top as u128)),
            vec![Bound::new("n", n), Bound::new("max_weight", SizeRange::new(1, top))],
            move || {
                Box::new(
                    trees::coloured_trees(n.lo, n.hi, 1, top).map(|(edges, weights)| WeightedTree { weights, edges }),
                )
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::testing::{check_shrinks, check_space, judge_round_trip};
    use crate::weights::MAX_WEIGHT;
    use crate::Family;
    use serde::de::value::{Error, MapDeserializer};

    fn params(lo: u64, hi: u64, shape: TreeShape, mode: WeightMode) -> WeightedTreeParams {
        WeightedTreeParams {
            n: SizeRange::new(lo, hi),
            shapes: vec![shape],
            weights: vec![mode],
            max_weight: 5,
        }
    }

    /// What every shrink move must lower, lexicographically.
    fn key(t: &WeightedTree) -> (usize, usize, u64) {
        (t.weights.len(), t.edges.len(), t.weights.iter().sum())
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

    /// The AHU code of a weighted tree rooted at 0, weights included.
    fn code(t: &WeightedTree) -> String {
        fn at(v: usize, from: usize, t: &WeightedTree, adj: &crate::csr::Csr) -> String {
            let mut parts: Vec<String> = adj
                .heads(v)
                .filter(|&w| w as usize != from)
                .map(|w| at(w as usize, v, t, adj))
                .collect();
            parts.sort();
            format!("{}({})", t.weights[v], parts.concat())
        }
        at(
            0,
            usize::MAX,
            t,
            &crate::csr::Csr::undirected(t.weights.len(), &t.edges),
        )
    }

    #[test]
    fn every_weighted_tree_once() {
        let p = WeightedTreeParams {
            n: SizeRange::new(1, 7),
            max_weight: 2,
            ..WeightedTreeParams::default()
        };
        let space = p.exhaust().unwrap();
        // A038055: rooted trees with two colours of vertices.
        assert_eq!(space.count(), Count::Exact(2 + 4 + 14 + 52 + 214 + 916 + 4116));
        let all = check_space(&space, |t: &WeightedTree| t.weights.len(), validate, code);
        for t in all.iter().filter(|t| t.weights.len() <= 5) {
            assert_eq!(&judge_round_trip::<crate::judge::forest_game::Judge>(t), t);
        }
        let three = WeightedTreeParams {
            n: SizeRange::new(4, 5),
            max_weight: 3,
            ..WeightedTreeParams::default()
        };
        let space = three.exhaust().unwrap();
        assert_eq!(space.count(), Count::Exact(246 + 1485));
        check_space(&space, |t: &WeightedTree| t.weights.len(), validate, code);
        let huge = WeightedTreeParams::default();
        assert!(huge.exhaust().unwrap().count().bound() > 10u128.pow(8));
    }

    #[test]
    fn check_names_the_key() {
        assert_eq!(WeightedTreeParams::default().check(), Ok(()));
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
    }

    #[test]
    fn serde_spellings() {
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
    }

    #[test]
    fn trees_of_every_shape_and_mode_validate_and_shrink_validly() {
        let mut rng = Rng::from_seed(1);
        for shape in ALL_SHAPES {
            for mode in ALL_WEIGHT_MODES {
                let p = params(1, 30, shape, mode);
                for case in 0..400 {
                    let t = generate(&p, &mut rng);
                    assert_eq!(validate(&t), Ok(()), "{shape:?} {mode:?}: {t:?}");
                    if case % 20 == 0 {
                        check_shrinks(t, 3, 6, shrink, validate, key);
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
                let a = generate(&params(1, 40, shape, WeightMode::PropertyA), &mut rng);
                for (p, c) in tree_arcs(&a) {
                    assert!(a.weights[c as usize] <= a.weights[p as usize], "case {case}: {a:?}");
                }
                let small = generate(&params(1, 40, shape, WeightMode::Small), &mut rng);
                assert!(small.weights.iter().all(|&w| (1..=5).contains(&w)));
                let b = generate(&params(1, 40, shape, WeightMode::PropertyB), &mut rng);
                all_b += b.weights.len();
                big_b += b.weights.iter().filter(|&&w| w > 1_000_000).count();
            }
        }
        // A uniform draw from [1, 10^9] is at most 10^6 with chance 1/1000.
        assert!(big_b * 100 >= all_b * 99, "{big_b} of {all_b} above 10^6");
    }

    #[test]
    fn same_seed_same_instance() {
        let p = WeightedTreeParams {
            n: SizeRange::new(1, 100),
            ..WeightedTreeParams::default()
        };
        let mut differ = 0;
        for case in 0..100 {
            let t = generate(&p, &mut Rng::for_case(9, case));
            assert_eq!(t, generate(&p, &mut Rng::for_case(9, case)));
            differ += usize::from(t != generate(&p, &mut Rng::for_case(10, case)));
        }
        assert!(differ > 90);
    }

    #[test]
    fn validate_rejects_invalid_instances() {
        let tree = |weights: &[u64], edges: &[(u32, u32)]| WeightedTree {
            weights: weights.to_vec(),
            edges: edges.to_vec(),
        };
        assert_eq!(validate(&tree(&[4], &[])), Ok(()));
        assert_eq!(validate(&tree(&[1, 2, MAX_WEIGHT], &[(2, 0), (1, 2)])), Ok(()));
        assert!(validate(&tree(&[], &[])).is_err());
        assert!(validate(&tree(&[1, 0], &[(0, 1)])).is_err());
        assert!(validate(&tree(&[1, MAX_WEIGHT + 1], &[(0, 1)])).is_err());
        assert!(validate(&tree(&[1, 1], &[(0, 2)])).is_err());
        assert!(validate(&tree(&[1, 1, 1], &[(0, 1)])).is_err());
        // n - 1 edges, but {2, 3} is cut off from the root (a doubled edge).
        assert!(validate(&tree(&[1; 4], &[(0, 1), (2, 3), (3, 2)])).is_err());
    }

    #[test]
    fn shrink_moves_by_hand() {
        // Root 0 (weight 9) -> 1 (weight 4) -> {2, 3} (weights 7, 3).
        let t = WeightedTree {
            weights: vec![9, 4, 7, 3],
            edges: vec![(1, 0), (2, 1), (1, 3)],
        };
        let c = shrink(&t);
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
    }

    #[test]
    fn two_hundred_thousand_nodes_generate_validly() {
        for shape in ALL_SHAPES {
            let start = std::time::Instant::now();
            let t = generate(
                &params(200_000, 200_000, shape, WeightMode::PropertyA),
                &mut Rng::from_seed(1),
            );
            let took = start.elapsed();
            println!("weighted tree {shape:?} n = 200000: {took:?}");
            assert_eq!(validate(&t), Ok(()));
        }
        let start = std::time::Instant::now();
        assert!(!shrink(&generate(
            &params(200_000, 200_000, TreeShape::Random, WeightMode::Small),
            &mut Rng::from_seed(2)
        ))
        .is_empty());
        println!("shrink n = 200000: {:?}", start.elapsed());
    }
}
