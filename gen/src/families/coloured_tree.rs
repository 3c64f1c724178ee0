//! Trees with black and white vertices (`combat-on-a-tree`): generator,
//! validity check and shrink moves.
//!
//! A tree of a chosen shape is rooted and scrambled as `tree-game` does it
//! ([`tree::scrambled_tree`]: the root becomes vertex 0, the rest is
//! shuffled, and the root is an end of the shape half the time, so a path
//! gives the deepest possible tree). Each instance draws one white density
//! from `white` and colours every vertex white with that chance, so both
//! nearly all-white trees (many moves, large Grundy values) and nearly
//! all-black ones (few moves) come out. Shrinking drops a subtree, removes a
//! leaf, contracts an edge or paints a white vertex black; the root stays
//! vertex 0.
//!
//! Generation and validation are `O(n)` (validation with the near-constant
//! union-find factor); each shrink candidate costs `O(n)`, and each kind of
//! move offers only as many as the shared candidate budget allows.

use serde::Deserialize;

use crate::enumerate::{nonempty, span, trees, Bound, Count, Space, Symmetry};
use crate::graph::Graph;
use crate::range::SizeRange;
use crate::rng::Rng;
use crate::tree::{self, check_shapes, TreeShape, ALL_SHAPES};
use crate::weights::{check_endpoints, keep_nodes, move_limit};

/// The judge's bound on `n` (SPOJ COT3).
pub const MAX_N: u64 = 100_000;

/// A rooted tree on `0..n` (root 0) whose vertices are black or white; the
/// edges are undirected, as the judge gives them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct ColouredTree {
    /// `black[v]`: vertex `v` is black (colour 1 in the judge's input).
    pub black: Vec<bool>,
    pub edges: Vec<(u32, u32)>,
}

impl ColouredTree {
    pub fn n(&self) -> usize {
        self.black.len()
    }

    pub fn whites(&self) -> usize {
        self.black.iter().filter(|&&b| !b).count()
    }
}

/// The `[gen]` table of combat-on-a-tree.
#[derive(Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct ColouredTreeParams {
    /// Vertices.
    pub n: SizeRange,
    pub shapes: Vec<TreeShape>,
    /// White densities: each instance picks one and makes every vertex white
    /// with that chance.
    pub white: Vec<f64>,
}

impl Default for ColouredTreeParams {
    fn default() -> Self {
        ColouredTreeParams {
            n: SizeRange::new(1, 12),
            shapes: ALL_SHAPES.to_vec(),
            white: vec![0.2, 0.5, 0.8],
        }
    }
}

impl ColouredTreeParams {
    pub fn check(&self) -> Result<(), String> {
        self.n.within("n", 1, MAX_N)?;
        check_shapes(&self.shapes)?;
        if self.white.is_empty() {
            return Err("`white` must list at least one density in [0, 1]".into());
        }
        match self.white.iter().find(|p| !(0.0..=1.0).contains(*p)) {
            Some(p) => Err(format!(
                "`white` has {p}, which is not a probability: use values in [0, 1]"
            )),
            None => Ok(()),
        }
    }
}

pub fn generate(p: &ColouredTreeParams, rng: &mut Rng) -> ColouredTree {
    let n = p.n.sample_usize(rng);
    let shape = *rng.pick(&p.shapes);
    let edges = tree::scrambled_tree(n, shape, rng).edges;
    let white = *rng.pick(&p.white);
    let black = (0..n).map(|_| !rng.chance(white)).collect();
    ColouredTree { black, edges }
}

/// A tree on `n >= 1` vertices: `n - 1` edges within `0..n`, connected.
pub fn validate(t: &ColouredTree) -> Result<(), String> {
    let n = t.n();
    if n == 0 {
        return Err("a tree needs at least one vertex".into());
    }
    check_endpoints(n, &t.edges, "edge")?;
    if t.edges.len() != n - 1 {
        return Err(format!("{} edges on {n} vertices: a tree has n - 1", t.edges.len()));
    }
    if !Graph::new(n, t.edges.clone()).is_tree() {
        return Err("the edges are not connected: some vertex cannot reach the root".into());
    }
    Ok(())
}

/// The tree without the vertices `keep` leaves out, relabelled in order.
fn kept(t: &ColouredTree, keep: &[bool], edges: &[(u32, u32)]) -> ColouredTree {
    let (black, edges) = keep_nodes(keep, &t.black, edges);
    ColouredTree { black, edges }
}

/// Smaller trees, most promising first: drop a whole subtree (largest
/// first), remove a leaf, contract an edge (the child merges into its
/// parent, which keeps its colour), then paint one white vertex black. Each
/// lowers `(n, whites)`. The root stays vertex 0 and labels stay compact.
pub fn shrink(t: &ColouredTree) -> Vec<ColouredTree> {
    let n = t.n();
    let limit = move_limit(n + t.edges.len());
    let mut out: Vec<ColouredTree> = tree::cuts(n, &t.edges, limit, false)
        .into_iter()
        .map(|cut| kept(t, &cut.keep, cut.edges.as_deref().unwrap_or(&t.edges)))
        .collect();
    for v in (0..n).filter(|&v| !t.black[v]).take(limit) {
        let mut black = t.black.clone();
        black[v] = true;
        out.push(ColouredTree {
            black,
            edges: t.edges.clone(),
        });
    }
    out
}

impl crate::Family for ColouredTreeParams {
    type Instance = ColouredTree;

    fn class(&self, t: &ColouredTree) -> Option<String> {
        let colours: Vec<u64> = t.black.iter().map(|&b| u64::from(b)).collect();
        crate::enumerate::classes::rooted_tree(&colours, &t.edges)
    }

    fn check(&self) -> Result<(), String> {
        ColouredTreeParams::check(self)
    }

    fn generate(&self, rng: &mut Rng) -> ColouredTree {
        generate(self, rng)
    }

    fn validate(&self, t: &ColouredTree) -> Result<(), String> {
        validate(t)
    }

    fn shrink(&self, t: &ColouredTree) -> Vec<ColouredTree> {
        shrink(t)
    }

    /// Every rooted tree with `n` vertices, each black or white, up to
    /// isomorphisms that keep the root and the colours (A038055), by
    /// vertices; vertices in preorder, the root 0. `shapes` and the `white`
    /// densities are ignored: every colouring counts.
    fn exhaust(&self) -> Result<Space<ColouredTree>, String> {
        let n = self.n;
        nonempty(Space::new(
            format!("every black-and-white rooted tree with {} vertices", span(n)),
            Symmetry::Isomorphism,
            "vertices",
            Count::Exact(trees::coloured_count(n.lo, n.hi, 2)),
            vec![Bound::new("n", n)],
            move || {
                Box::new(
                    trees::coloured_trees(n.lo, n.hi, 0, 1).map(|(edges, colours)| ColouredTree {
                        black: colours.iter().map(|&c| c == 1).collect(),
                        edges,
                    }),
                )
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::testing::{check_shrinks, check_space, judge_round_trip};
    use crate::Family;

    /// The AHU code of a coloured tree rooted at 0, colours included.
    fn code(t: &ColouredTree) -> String {
        fn at(v: usize, from: usize, t: &ColouredTree, adj: &crate::csr::Csr) -> String {
            let mut parts: Vec<String> = adj
                .heads(v)
                .filter(|&w| w as usize != from)
                .map(|w| at(w as usize, v, t, adj))
                .collect();
            parts.sort();
            format!("{}({})", u8::from(t.black[v]), parts.concat())
        }
        at(0, usize::MAX, t, &crate::csr::Csr::undirected(t.n(), &t.edges))
    }

    #[test]
    fn every_black_and_white_tree_once_a038055() {
        let space = params(1, 8, &ALL_SHAPES, &[0.5]).exhaust().unwrap();
        assert_eq!(space.count(), Count::Exact(2 + 4 + 14 + 52 + 214 + 916 + 4116 + 18996));
        let all = check_space(&space, ColouredTree::n, validate, code);
        assert!(all.iter().any(|t| t.whites() == t.n()) && all.iter().any(|t| t.whites() == 0));
        for t in all.iter().filter(|t| t.n() <= 5) {
            assert_eq!(&judge_round_trip::<crate::judge::combat_on_a_tree::Judge>(t), t);
        }
    }

    fn params(lo: u64, hi: u64, shapes: &[TreeShape], white: &[f64]) -> ColouredTreeParams {
        ColouredTreeParams {
            n: SizeRange::new(lo, hi),
            shapes: shapes.to_vec(),
            white: white.to_vec(),
        }
    }

    fn key(t: &ColouredTree) -> (usize, usize) {
        (t.n(), t.whites())
    }

    #[test]
    fn check_names_the_key() {
        assert_eq!(ColouredTreeParams::default().check(), Ok(()));
        assert!(params(0, 3, &ALL_SHAPES, &[0.5]).check().unwrap_err().contains("`n`"));
        assert!(params(1, MAX_N + 1, &ALL_SHAPES, &[0.5])
            .check()
            .unwrap_err()
            .contains("`n`"));
        assert!(params(1, 3, &[], &[0.5]).check().unwrap_err().contains("`shapes`"));
        assert!(params(1, 3, &ALL_SHAPES, &[]).check().unwrap_err().contains("`white`"));
        assert!(params(1, 3, &ALL_SHAPES, &[0.5, 1.5])
            .check()
            .unwrap_err()
            .contains("1.5"));
    }

    #[test]
    fn trees_of_every_shape_validate_and_shrink_validly() {
        let mut rng = Rng::from_seed(1);
        for shape in ALL_SHAPES {
            let p = params(1, 30, &[shape], &[0.0, 0.3, 1.0]);
            for case in 0..400 {
                let t = generate(&p, &mut rng);
                assert_eq!(validate(&t), Ok(()), "{shape:?}: {t:?}");
                if case % 20 == 0 {
                    check_shrinks(t, 3, 6, shrink, validate, key);
                }
            }
        }
    }

    #[test]
    fn densities_zero_and_one_give_one_colour() {
        let mut rng = Rng::from_seed(2);
        for _ in 0..100 {
            let all_black = generate(&params(1, 20, &ALL_SHAPES, &[0.0]), &mut rng);
            assert_eq!(all_black.whites(), 0);
            let all_white = generate(&params(1, 20, &ALL_SHAPES, &[1.0]), &mut rng);
            assert_eq!(all_white.whites(), all_white.n());
        }
        // Density 0.5 on 10 000 vertices: about half white.
        let t = generate(&params(10_000, 10_000, &ALL_SHAPES, &[0.5]), &mut rng);
        assert!((t.whites() as f64 / 10_000.0 - 0.5).abs() < 0.03);
    }

    #[test]
    fn shrinking_reaches_the_single_black_vertex() {
        let mut rng = Rng::from_seed(3);
        for _ in 0..100 {
            let mut t = generate(&params(1, 30, &ALL_SHAPES, &[0.5]), &mut rng);
            while let Some(c) = shrink(&t).into_iter().next() {
                t = c;
            }
            assert_eq!(
                t,
                ColouredTree {
                    black: vec![true],
                    edges: vec![]
                }
            );
        }
    }

    #[test]
    fn contraction_keeps_the_parents_colour() {
        // 0 (black) - 1 (white) - 2 (black): contracting 1 into 0 leaves a
        // black root with a black child; the third kind of move comes after
        // one subtree drop and one leaf removal.
        let t = ColouredTree {
            black: vec![true, false, true],
            edges: vec![(0, 1), (1, 2)],
        };
        let c = shrink(&t);
        assert_eq!(
            c[2],
            ColouredTree {
                black: vec![true, true],
                edges: vec![(0, 1)]
            }
        );
        assert_eq!(c[3].black, vec![true, true, true]);
        assert_eq!(c.len(), 4);
    }

    #[test]
    fn same_seed_same_tree_and_a_path_at_the_judges_limit() {
        let p = params(1, 200, &ALL_SHAPES, &[0.5]);
        for case in 0..50 {
            assert_eq!(
                generate(&p, &mut Rng::for_case(9, case)),
                generate(&p, &mut Rng::for_case(9, case))
            );
        }
        let path = generate(
            &params(MAX_N, MAX_N, &[TreeShape::Path], &[0.5]),
            &mut Rng::from_seed(4),
        );
        assert_eq!(validate(&path), Ok(()));
        assert_eq!(path.n(), MAX_N as usize);
    }

    #[test]
    fn validate_rejects_non_trees() {
        let t = |n: usize, edges: Vec<(u32, u32)>| ColouredTree {
            black: vec![false; n],
            edges,
        };
        assert!(validate(&t(0, vec![])).is_err());
        assert!(validate(&t(2, vec![(0, 2)])).is_err());
        assert!(validate(&t(3, vec![(0, 1)])).is_err());
        assert!(validate(&t(4, vec![(0, 1), (1, 2), (2, 0)])).is_err());
        assert_eq!(validate(&t(3, vec![(2, 0), (1, 2)])), Ok(()));
    }
}
