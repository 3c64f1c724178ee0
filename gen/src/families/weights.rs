//! Node weights shared by the forest-game families ([`crate::weighted_tree`]
//! and [`crate::dag`]): the judge's bounds, how weights are drawn, and the
//! node-level checks and shrink moves both families use.
//!
//! Weights follow the judge's subtasks: `small` (many ties), `property-a`
//! (every arc `u -> v` has `A_v <= A_u`) and `property-b` (uniform in
//! `[1, 10^9]`). A property-A instance takes sorted weights along a random
//! linear extension of its arcs, so any such instance can come out. Drawing
//! is `O(n + m)`.

use serde::Deserialize;

use crate::csr::Csr;
use crate::lower::{self, Lowering};
use crate::moves::CANDIDATE_BUDGET;
use crate::rng::Rng;

/// The judge's bound on `A_i`.
pub const MAX_WEIGHT: u64 = 1_000_000_000;
/// The judge's bound on `n`.
pub const MAX_NODES: u64 = 200_000;

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

/// Checks the `weights` and `max_weight` keys of a `[gen]` table.
pub(crate) fn check_weights(weights: &[WeightMode], max_weight: u64) -> Result<(), String> {
    if weights.is_empty() {
        return Err("`weights` must list at least one of small, property-a, property-b".into());
    }
    if !(1..=MAX_WEIGHT).contains(&max_weight) {
        return Err(format!("`max_weight` = {max_weight} must lie within [1, {MAX_WEIGHT}]"));
    }
    Ok(())
}

/// A random topological order, built by taking a uniform available node
/// each step (not uniform over orders, but every order can come out).
pub(crate) fn random_linear_extension(n: usize, arcs: &[(u32, u32)], rng: &mut Rng) -> Vec<u32> {
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

/// The weights of nodes `0..n` in `mode`; `arcs` (parent to child, acyclic)
/// matter only to `property-a`.
pub(crate) fn draw_weights(
    mode: WeightMode,
    max_weight: u64,
    n: usize,
    arcs: &[(u32, u32)],
    rng: &mut Rng,
) -> Vec<u64> {
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

/// Every weight in `[1, 10^9]`, else the first node that is not.
pub(crate) fn check_weight_range(weights: &[u64]) -> Result<(), String> {
    match weights.iter().position(|w| !(1..=MAX_WEIGHT).contains(w)) {
        Some(v) => Err(format!("node {v} has weight {}, outside [1, {MAX_WEIGHT}]", weights[v])),
        None => Ok(()),
    }
}

/// Every pair's ends in `0..n`, else the first pair (an `edge` or an `arc`)
/// that is not.
pub(crate) fn check_endpoints(n: usize, pairs: &[(u32, u32)], what: &str) -> Result<(), String> {
    match pairs.iter().position(|&(u, v)| u as usize >= n || v as usize >= n) {
        Some(i) => Err(format!("{what} {i} = {:?} has an endpoint outside 0..{n}", pairs[i])),
        None => Ok(()),
    }
}

/// How many candidates one kind of shrink move may offer, for an instance
/// of `size` nodes plus arcs: all of them on small instances, a few on huge
/// ones, so the up to eight kinds together stay within the shared budget.
pub(crate) fn move_limit(size: usize) -> usize {
    (CANDIDATE_BUDGET / 8 / size.max(1)).max(1)
}

/// The kept nodes' values and the pairs among them, relabelled compactly in
/// the old order.
pub(crate) fn keep_nodes<T: Copy>(keep: &[bool], weights: &[T], pairs: &[(u32, u32)]) -> (Vec<T>, Vec<(u32, u32)>) {
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

/// The lowerings the weighted families use: to 1, halved, minus 1. No
/// ladder: the corpus's shrunk instances were found with exactly these
/// candidates, and the shrinkers must keep offering them.
const WEIGHT_LOWERINGS: [Lowering; 3] = [Lowering::Floor, Lowering::Half, Lowering::Decrement];

/// Smaller weight vectors: each weight to 1, halved, minus 1 (in that order
/// of promise, at most `limit` of each), then every weight equal to the
/// smallest.
pub(crate) fn lowered_weights(weights: &[u64], limit: usize) -> Vec<Vec<u64>> {
    let mut out = lower::lowered_vectors(weights, 1, &WEIGHT_LOWERINGS, limit);
    out.extend(lower::all_to_smallest(weights));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::de::value::Error;
    use serde::de::IntoDeserializer;

    #[test]
    fn serde_spellings() {
        let mode = WeightMode::deserialize(IntoDeserializer::<Error>::into_deserializer("property-a"));
        assert_eq!(mode, Ok(WeightMode::PropertyA));
        let mode = WeightMode::deserialize(IntoDeserializer::<Error>::into_deserializer("property_a"));
        assert!(mode.is_err());
    }

    #[test]
    fn lowered_weights_by_hand() {
        // Each kind skips what an earlier one gave: halving 2 or 3, or taking
        // 1 from 2, gives 1.
        let want: Vec<Vec<u64>> = vec![
            vec![1, 1, 3, 4, 9],
            vec![1, 2, 1, 4, 9],
            vec![1, 2, 3, 1, 9],
            vec![1, 2, 3, 4, 1],
            vec![1, 2, 3, 2, 9],
            vec![1, 2, 3, 4, 4],
            vec![1, 2, 2, 4, 9],
            vec![1, 2, 3, 3, 9],
            vec![1, 2, 3, 4, 8],
            vec![1; 5],
        ];
        assert_eq!(lowered_weights(&[1, 2, 3, 4, 9], 100), want);
        let one_each: Vec<Vec<u64>> = [0, 4, 6, 9].map(|i| want[i].clone()).to_vec();
        assert_eq!(lowered_weights(&[1, 2, 3, 4, 9], 1), one_each);
        let fives = vec![vec![1, 5], vec![5, 1], vec![2, 5], vec![5, 2], vec![4, 5], vec![5, 4]];
        assert_eq!(lowered_weights(&[5, 5], 3), fives);
        assert!(lowered_weights(&[1, 1], 3).is_empty());
        assert!(lowered_weights(&[], 3).is_empty());
    }

    #[test]
    fn keep_nodes_relabels_in_order() {
        let (weights, pairs) = keep_nodes(
            &[true, false, true, true],
            &[5, 6, 7, 8],
            &[(0, 1), (2, 0), (3, 2), (1, 3)],
        );
        assert_eq!(weights, vec![5, 7, 8]);
        assert_eq!(pairs, vec![(1, 0), (2, 1)]);
    }

    #[test]
    fn move_limit_shrinks_with_the_instance() {
        assert_eq!(move_limit(0), CANDIDATE_BUDGET / 8);
        assert_eq!(move_limit(1 << 19), 2);
        assert_eq!(move_limit(usize::MAX), 1);
    }
}
