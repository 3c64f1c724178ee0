//! DAGs with a value on every node (`election-promises`): generator,
//! validity check and shrink moves.
//!
//! Five shapes, each built over a hidden topological order `0..n` with about
//! `m` distinct arcs (fewer when the shape cannot hold that many): `sparse`
//! (uniform forward pairs), `dense` (a core of `k` nodes with `k(k-1)/2 <= m`
//! where each forward pair is an arc with chance 3/4, the rest isolated),
//! `layered` (every node below the first layer has a parent in the layer
//! above, the other arcs go down from any earlier layer), `sources` (nine
//! nodes in ten have no in-arc: every arc ends in the last tenth) and
//! `chains` (the path `0 -> 1 -> ... -> n-1`, cut into pieces when `m < n - 1`,
//! plus forward jumps). Values are 0 with chance `zeros`, else uniform in
//! `[0, max_value]`. Labels and arcs are then shuffled so no solver can lean
//! on the order. Shrinking drops a weakly connected component, removes a
//! node, removes an arc or lowers values.
//!
//! Generation is `O(n + m log m)` (duplicate arcs are removed by sorting), so
//! `n = m = 200 000` takes milliseconds. Validation is `O(n + m log m)`; each
//! shrink candidate costs `O(n + m)`.

use serde::Deserialize;

use crate::dag::dags;
use crate::enumerate::{span, Bound, Space};
use crate::graph::{components_largest_first, Dag};
use crate::lower::{self, Lowering};
use crate::range::SizeRange;
use crate::rng::Rng;
use crate::weights::{check_endpoints, keep_nodes, move_limit};

/// The judge's bounds (CF 1149E).
pub const MAX_N: u64 = 200_000;
pub const MAX_M: u64 = 200_000;
pub const MAX_VALUE: u64 = 1_000_000_000;

/// A DAG with a value `h_v >= 0` on each node: arc `(u, v)` means `v` is a
/// direct successor of `u`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct ValuedDag {
    pub values: Vec<u64>,
    pub arcs: Vec<(u32, u32)>,
}

impl ValuedDag {
    pub fn n(&self) -> usize {
        self.values.len()
    }

    /// The index of the arc that closes the first cycle, as arcs are added
    /// in order; `None` for a DAG.
    pub fn first_cycle_arc(&self) -> Option<usize> {
        Dag {
            weights: vec![0; self.n()],
            arcs: self.arcs.clone(),
        }
        .first_cycle_arc()
    }
}

/// How the arcs of an instance are laid out.
#[derive(Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum ValuedDagShape {
    Sparse,
    Dense,
    Layered,
    Sources,
    Chains,
}

pub const ALL_VALUED_DAG_SHAPES: [ValuedDagShape; 5] = [
    ValuedDagShape::Sparse,
    ValuedDagShape::Dense,
    ValuedDagShape::Layered,
    ValuedDagShape::Sources,
    ValuedDagShape::Chains,
];

/// The `[gen]` table of election-promises.
#[derive(Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct ValuedDagParams {
    /// Nodes.
    pub n: SizeRange,
    /// Arcs asked for; a shape may hold fewer.
    pub m: SizeRange,
    pub shapes: Vec<ValuedDagShape>,
    pub max_value: u64,
    /// The chance a value is 0 outright.
    #[serde(deserialize_with = "crate::range::probability")]
    pub zeros: f64,
}

impl Default for ValuedDagParams {
    fn default() -> Self {
        ValuedDagParams {
            n: SizeRange::new(1, 5),
            m: SizeRange::new(0, 6),
            shapes: ALL_VALUED_DAG_SHAPES.to_vec(),
            max_value: 3,
            zeros: 0.3,
        }
    }
}

impl ValuedDagParams {
    pub fn check(&self) -> Result<(), String> {
        self.n.within("n", 1, MAX_N)?;
        self.m.within("m", 0, MAX_M)?;
        if self.shapes.is_empty() {
            return Err("`shapes` must list at least one of sparse, dense, layered, sources, chains".into());
        }
        if self.max_value > MAX_VALUE {
            return Err(format!(
                "`max_value` = {} must lie within [0, {MAX_VALUE}]",
                self.max_value
            ));
        }
        Ok(())
    }
}

/// A uniform forward pair `(i, j)`, `lo <= i < j < hi`, `hi - lo >= 2`.
fn forward_pair(lo: usize, hi: usize, rng: &mut Rng) -> (u32, u32) {
    let a = lo + rng.index(hi - lo);
    let mut b = lo + rng.index(hi - lo - 1);
    if b >= a {
        b += 1;
    }
    (a.min(b) as u32, a.max(b) as u32)
}

/// The arcs of `shape` on `0..n`, all forward (`u < v`), possibly repeated.
fn shaped_arcs(shape: ValuedDagShape, n: usize, m: usize, rng: &mut Rng) -> Vec<(u32, u32)> {
    if n < 2 {
        return Vec::new();
    }
    match shape {
        ValuedDagShape::Sparse => (0..m).map(|_| forward_pair(0, n, rng)).collect(),
        ValuedDagShape::Dense => {
            let mut k = 2;
            while k < n && (k + 1) * k / 2 <= m {
                k += 1;
            }
            let mut arcs = Vec::new();
            for j in 1..k as u32 {
                for i in 0..j {
                    if arcs.len() < m && rng.chance(0.75) {
                        arcs.push((i, j));
                    }
                }
            }
            arcs
        }
        ValuedDagShape::Layered => {
            // Layer starts: 0, then each node starts a new layer with chance 1/4.
            let mut layer_start = vec![0usize; n];
            for v in 1..n {
                layer_start[v] = if rng.chance(0.25) { v } else { layer_start[v - 1] };
            }
            let mut arcs = Vec::new();
            for v in 1..n {
                let start = layer_start[v];
                if start > 0 && arcs.len() < m {
                    let above = layer_start[start - 1];
                    arcs.push(((above + rng.index(start - above)) as u32, v as u32));
                }
            }
            let lower: Vec<usize> = (1..n).filter(|&v| layer_start[v] > 0).collect();
            while arcs.len() < m && !lower.is_empty() {
                let v = *rng.pick(&lower);
                arcs.push((rng.index(layer_start[v]) as u32, v as u32));
            }
            arcs
        }
        ValuedDagShape::Sources => {
            let targets = (n / 10).max(1);
            let first_target = n - targets;
            (0..m)
                .map(|_| {
                    // n >= 2, so first_target >= 1 and u < v.
                    let v = first_target + rng.index(targets);
                    (rng.index(v) as u32, v as u32)
                })
                .collect()
        }
        ValuedDagShape::Chains => {
            // Cut the path at random places when it alone would exceed m.
            let mut links: Vec<(u32, u32)> = (1..n as u32).map(|v| (v - 1, v)).collect();
            rng.shuffle(&mut links);
            links.truncate(m);
            let jumps = m - links.len();
            links.extend((0..jumps).map(|_| {
                let u = rng.index(n - 1);
                let v = (u + 2 + rng.index(4)).min(n - 1).max(u + 1);
                (u as u32, v as u32)
            }));
            links
        }
    }
}

pub fn generate(p: &ValuedDagParams, rng: &mut Rng) -> ValuedDag {
    let n = p.n.sample_usize(rng);
    let m = p.m.sample_usize(rng).min(n * (n - 1) / 2);
    let shape = *rng.pick(&p.shapes);
    let mut arcs = shaped_arcs(shape, n, m, rng);
    arcs.sort_unstable();
    arcs.dedup();
    let drawn: Vec<u64> = (0..n)
        .map(|_| {
            if rng.chance(p.zeros) {
                0
            } else {
                rng.range(0, p.max_value)
            }
        })
        .collect();
    // The builders number nodes in a topological order; hide it.
    let mut label: Vec<u32> = (0..n as u32).collect();
    rng.shuffle(&mut label);
    let mut values = vec![0; n];
    for (v, h) in drawn.into_iter().enumerate() {
        values[label[v] as usize] = h;
    }
    let mut arcs: Vec<(u32, u32)> = arcs
        .into_iter()
        .map(|(u, v)| (label[u as usize], label[v as usize]))
        .collect();
    rng.shuffle(&mut arcs);
    ValuedDag { values, arcs }
}

/// At least one node and at most [`MAX_N`], at most [`MAX_M`] arcs between
/// existing distinct nodes, no arc twice, no cycle, values in `[0, 10^9]`.
pub fn validate(d: &ValuedDag) -> Result<(), String> {
    let n = d.n();
    if n == 0 || n as u64 > MAX_N {
        return Err(format!("{n} nodes: the judge allows 1 to {MAX_N}"));
    }
    if d.arcs.len() as u64 > MAX_M {
        return Err(format!("{} arcs: the judge allows at most {MAX_M}", d.arcs.len()));
    }
    if let Some(v) = d.values.iter().position(|&h| h > MAX_VALUE) {
        return Err(format!("node {v} has value {}, above {MAX_VALUE}", d.values[v]));
    }
    check_endpoints(n, &d.arcs, "arc")?;
    let mut sorted = d.arcs.clone();
    sorted.sort_unstable();
    if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!("arc {:?} appears twice", w[0]));
    }
    if let Some(i) = d.first_cycle_arc() {
        return Err(format!("arc {i} = {:?} closes a cycle", d.arcs[i]));
    }
    Ok(())
}

/// The lowerings for values: to 0, halved, the binary-search ladder, minus 1.
const VALUE_LOWERINGS: [Lowering; 4] = lower::ALL_LOWERINGS;

/// Smaller DAGs, most promising first: drop a weakly connected component
/// (largest first), remove a node (sinks first), remove an arc, then lower
/// one value or all to the smallest. Each lowers `(n, m, sum of values)`.
pub fn shrink(d: &ValuedDag) -> Vec<ValuedDag> {
    let n = d.n();
    let limit = move_limit(n + d.arcs.len());
    let mut out = Vec::new();
    let without = |gone: &dyn Fn(usize) -> bool| {
        let keep: Vec<bool> = (0..n).map(|v| !gone(v)).collect();
        let (values, arcs) = keep_nodes(&keep, &d.values, &d.arcs);
        ValuedDag { values, arcs }
    };

    let (component, largest_first) = components_largest_first(n, &d.arcs);
    for &c in largest_first.iter().take(limit) {
        out.push(without(&|v| component[v] == c));
    }
    if n >= 2 {
        let mut outdeg = vec![0u32; n];
        for &(u, _) in &d.arcs {
            outdeg[u as usize] += 1;
        }
        let mut nodes: Vec<usize> = (0..n).collect();
        nodes.sort_by_key(|&v| outdeg[v] != 0);
        for &node in nodes.iter().take(limit) {
            out.push(without(&|v| v == node));
        }
    }
    for i in 0..d.arcs.len().min(limit) {
        let mut arcs = d.arcs.clone();
        arcs.remove(i);
        out.push(ValuedDag {
            values: d.values.clone(),
            arcs,
        });
    }
    let lowered = lower::lowered_vectors(&d.values, 0, &VALUE_LOWERINGS, limit);
    for values in lowered.into_iter().chain(lower::all_to_smallest(&d.values)) {
        out.push(ValuedDag {
            values,
            arcs: d.arcs.clone(),
        });
    }
    out
}

impl crate::Family for ValuedDagParams {
    type Instance = ValuedDag;

    fn class(&self, d: &ValuedDag) -> Option<String> {
        let mut g = crate::enumerate::canonical::Small::new(d.values.clone());
        for &(u, v) in &d.arcs {
            g.add_arc(u as usize, v as usize);
        }
        crate::enumerate::classes::small(&g)
    }

    fn check(&self) -> Result<(), String> {
        ValuedDagParams::check(self)
    }

    fn generate(&self, rng: &mut Rng) -> ValuedDag {
        generate(self, rng)
    }

    fn validate(&self, d: &ValuedDag) -> Result<(), String> {
        validate(d)
    }

    fn shrink(&self, d: &ValuedDag) -> Vec<ValuedDag> {
        shrink(d)
    }

    /// Every DAG with `n` nodes and `m` arcs valued 0 to `max_value`, up to
    /// isomorphisms that keep the values, by nodes, then arcs (as dag-game's
    /// [`dags`]). `shapes` and `zeros` are ignored.
    fn exhaust(&self) -> Result<Space<ValuedDag>, String> {
        let (n, m, top) = (self.n, self.m, self.max_value);
        let values = SizeRange::new(0, top);
        let space = dags(
            format!(
                "every election-promises DAG with {} nodes, {} arcs, values 0 to {top}",
                span(n),
                span(m)
            ),
            n,
            m,
            values,
            vec![Bound::new("n", n), Bound::new("m", m), Bound::new("max_value", values)],
        )?;
        Ok(space.map(|(values, arcs)| ValuedDag { values, arcs }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::testing::check_shrinks;

    #[test]
    fn every_valued_dag_once() {
        use crate::families::testing::{check_space, judge_round_trip};
        use crate::Family;
        let p = ValuedDagParams {
            n: SizeRange::new(1, 4),
            m: SizeRange::new(1, 3),
            max_value: 1,
            ..ValuedDagParams::default()
        };
        let space = p.exhaust().unwrap();
        let size = |d: &ValuedDag| (d.n(), d.arcs.len());
        let class = |d: &ValuedDag| crate::dag::tests::brute_form(&d.values, &d.arcs);
        let all = check_space(&space, size, validate, class);
        assert!(all.iter().all(|d| (1..=3).contains(&d.arcs.len())));
        assert!(all.iter().any(|d| d.values.contains(&0)));
        for d in all.iter().take(200) {
            assert_eq!(&judge_round_trip::<crate::judge::election_promises::Judge>(d), d);
        }
        // No DAG on one node has an arc: refused once counted, as a run counts before it starts.
        let none = ValuedDagParams {
            n: SizeRange::new(1, 1),
            m: SizeRange::new(1, 2),
            ..ValuedDagParams::default()
        };
        let refused = none.exhaust().unwrap().within(u128::MAX).unwrap_err();
        assert!(
            refused.contains("no instance lies within") && refused.contains("`m` = [1, 2]"),
            "{refused}"
        );
    }

    fn params(n: (u64, u64), m: (u64, u64), shape: ValuedDagShape) -> ValuedDagParams {
        ValuedDagParams {
            n: SizeRange::new(n.0, n.1),
            m: SizeRange::new(m.0, m.1),
            shapes: vec![shape],
            ..ValuedDagParams::default()
        }
    }

    fn key(d: &ValuedDag) -> (usize, usize, u64) {
        (d.n(), d.arcs.len(), d.values.iter().sum())
    }

    #[test]
    fn check_names_the_key() {
        assert_eq!(ValuedDagParams::default().check(), Ok(()));
        let p = ValuedDagParams::default;
        assert!(ValuedDagParams {
            n: SizeRange::new(0, 2),
            ..p()
        }
        .check()
        .unwrap_err()
        .contains("`n`"));
        assert!(ValuedDagParams {
            m: SizeRange::new(0, MAX_M + 1),
            ..p()
        }
        .check()
        .unwrap_err()
        .contains("`m`"));
        assert!(ValuedDagParams { shapes: vec![], ..p() }
            .check()
            .unwrap_err()
            .contains("`shapes`"));
        let big = ValuedDagParams {
            max_value: MAX_VALUE + 1,
            ..p()
        };
        assert!(big.check().unwrap_err().contains("`max_value`"));
    }

    #[test]
    fn every_shape_validates_and_shrinks_validly() {
        let mut rng = Rng::from_seed(1);
        for shape in ALL_VALUED_DAG_SHAPES {
            let p = params((1, 25), (0, 60), shape);
            for case in 0..400 {
                let d = generate(&p, &mut rng);
                assert_eq!(validate(&d), Ok(()), "{shape:?}: {d:?}");
                if case % 20 == 0 {
                    check_shrinks(d, 3, 6, shrink, validate, key);
                }
            }
        }
    }

    #[test]
    fn shapes_have_their_structure() {
        let mut rng = Rng::from_seed(2);
        // A dense core of 632 nodes holds 199 396 pairs: about 3/4 are arcs.
        let d = generate(
            &params((1000, 1000), (200_000, 200_000), ValuedDagShape::Dense),
            &mut rng,
        );
        assert!((140_000..160_000).contains(&d.arcs.len()), "{}", d.arcs.len());
        // Sources: at least nine nodes in ten have no in-arc.
        let d = generate(&params((1000, 1000), (5000, 5000), ValuedDagShape::Sources), &mut rng);
        let mut has_in = vec![false; 1000];
        for &(_, v) in &d.arcs {
            has_in[v as usize] = true;
        }
        assert!(has_in.iter().filter(|&&h| h).count() <= 100);
        // Chains with m >= n - 1 contain a Hamiltonian path: the longest
        // path in topological order has n nodes.
        let d = generate(&params((500, 500), (600, 600), ValuedDagShape::Chains), &mut rng);
        let order = Dag {
            weights: vec![0; 500],
            arcs: d.arcs.clone(),
        }
        .topological_order()
        .unwrap();
        let mut depth = vec![1u32; 500];
        let mut rank = vec![0usize; 500];
        for (i, &v) in order.iter().enumerate() {
            rank[v as usize] = i;
        }
        let mut arcs = d.arcs.clone();
        arcs.sort_by_key(|&(u, _)| rank[u as usize]);
        for (u, v) in arcs {
            depth[v as usize] = depth[v as usize].max(depth[u as usize] + 1);
        }
        assert_eq!(depth.iter().max(), Some(&500));
    }

    #[test]
    fn values_follow_zeros_and_max_value() {
        let p = ValuedDagParams {
            n: SizeRange::new(10_000, 10_000),
            zeros: 0.5,
            max_value: 1,
            ..ValuedDagParams::default()
        };
        let d = generate(&p, &mut Rng::from_seed(3));
        // Zero with chance 1/2 + 1/2 * 1/2.
        let zeros = d.values.iter().filter(|&&h| h == 0).count() as f64 / 10_000.0;
        assert!((zeros - 0.75).abs() < 0.03, "{zeros}");
        assert!(d.values.iter().all(|&h| h <= 1));
    }

    #[test]
    fn the_judges_maximum_is_quick_and_deterministic() {
        for shape in ALL_VALUED_DAG_SHAPES {
            let p = ValuedDagParams {
                max_value: MAX_VALUE,
                ..params((MAX_N, MAX_N), (MAX_M, MAX_M), shape)
            };
            let start = std::time::Instant::now();
            let d = generate(&p, &mut Rng::for_case(1, 0));
            println!("{shape:?} n = m = 200000: {} arcs, {:?}", d.arcs.len(), start.elapsed());
            assert_eq!(validate(&d), Ok(()));
            assert!(
                d.arcs.len() as u64 > MAX_M * 3 / 4 || shape == ValuedDagShape::Dense,
                "{shape:?}"
            );
            assert_eq!(d, generate(&p, &mut Rng::for_case(1, 0)));
        }
    }

    #[test]
    fn validate_rejects_bad_dags() {
        let d = |values: Vec<u64>, arcs: Vec<(u32, u32)>| ValuedDag { values, arcs };
        assert!(validate(&d(vec![], vec![])).is_err());
        assert!(validate(&d(vec![0, 0], vec![(0, 2)])).is_err());
        assert!(validate(&d(vec![0, 0], vec![(0, 1), (0, 1)])).is_err());
        assert!(validate(&d(vec![0, 0], vec![(0, 1), (1, 0)]))
            .unwrap_err()
            .contains("cycle"));
        assert!(validate(&d(vec![0], vec![(0, 0)])).unwrap_err().contains("cycle"));
        assert!(validate(&d(vec![MAX_VALUE + 1], vec![])).is_err());
        assert_eq!(validate(&d(vec![0, MAX_VALUE], vec![(1, 0)])), Ok(()));
    }
}
