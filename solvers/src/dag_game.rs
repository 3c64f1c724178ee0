//! The node-taking game on a weighted DAG, reduced by the three theorems of
//! seed 004 (fusion, inferior move, merge).
//!
//! Problem: a DAG with node weights; players alternately take a node of
//! in-degree 0 among the remaining ones and score its weight. `val(G)` is the
//! first player's total minus the second's under optimal play.
//!
//! Idea: a *chain* `u_1..u_k` is a path where `u_i` has out-degree 1 (to
//! `u_{i+1}`), `u_{i+1}` has in-degree 1 and `u_k` has out-degree 0. Fusion and
//! the inferior move shorten chains whose second node is their maximum; merge
//! sorts two non-increasing chains with equivalent heads into one. On a rooted
//! forest this ends in a single chain, whose value is its alternating sum.
//!
//! Complexity: `O(n + m)` rule applications (see [`reduce`]), each
//! found by an `O(n^2 + m)` scan of chains: `O((n + m)(n^2 + m))`. Meant for
//! small instances only.
//!
//! Reference: seed 004 (《森林游戏》解题报告, 刘一平), theorems 4, 6 and 9.

use gen::Dag;

/// A DAG with `i64` weights (fusion makes weights that can be zero or
/// negative) and an additive offset: `val(original) = offset + val(dag)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduced {
    pub weights: Vec<i64>,
    pub arcs: Vec<(u32, u32)>,
    pub offset: i64,
}

/// The graph being reduced: removed nodes keep their index until the end.
struct Work {
    weight: Vec<i64>,
    alive: Vec<bool>,
    arcs: Vec<(u32, u32)>,
    offset: i64,
}

/// Degrees of the live graph, plus each node's unique out- and in-neighbour
/// where the degree is exactly 1.
struct Degrees {
    indeg: Vec<u32>,
    outdeg: Vec<u32>,
    next: Vec<u32>,
    pred: Vec<u32>,
}

impl Work {
    fn degrees(&self) -> Degrees {
        let n = self.weight.len();
        let mut d = Degrees {
            indeg: vec![0; n],
            outdeg: vec![0; n],
            next: vec![0; n],
            pred: vec![0; n],
        };
        for &(u, v) in &self.arcs {
            d.outdeg[u as usize] += 1;
            d.indeg[v as usize] += 1;
            d.next[u as usize] = v;
            d.pred[v as usize] = u;
        }
        d
    }

    /// The chain headed by `h` in the sense of seed 004: every node but the
    /// last has out-degree 1 into a node of in-degree 1, and the last has
    /// out-degree 0. `None` if the path from `h` branches or joins first.
    fn chain_from(&self, d: &Degrees, h: usize) -> Option<Vec<usize>> {
        let mut chain = vec![h];
        let mut u = h;
        loop {
            match d.outdeg[u] {
                0 => return Some(chain),
                1 => {
                    let v = d.next[u] as usize;
                    if d.indeg[v] != 1 {
                        return None;
                    }
                    chain.push(v);
                    u = v;
                }
                _ => return None,
            }
        }
    }

    fn live_count(&self) -> usize {
        self.alive.iter().filter(|&&a| a).count()
    }

    /// Removes `gone` and every arc touching them.
    fn remove(&mut self, gone: &[usize]) {
        for &g in gone {
            self.alive[g] = false;
        }
        let alive = &self.alive;
        self.arcs.retain(|&(u, v)| alive[u as usize] && alive[v as usize]);
    }

    /// Theorem 4: a chain `x, M, y, p_1..p_l` with `A_M` at least every other
    /// weight of the chain becomes one node `x` of weight `A_x + A_y - A_M`
    /// (keeping the in-arcs of `x`) followed by `p_1..p_l`.
    fn try_fusion(&mut self, d: &Degrees) -> bool {
        for x in 0..self.weight.len() {
            if !self.alive[x] {
                continue;
            }
            let Some(c) = self.chain_from(d, x) else {
                continue;
            };
            if c.len() < 3 {
                continue;
            }
            let top = self.weight[c[1]];
            if self.weight[c[0]] > top || c[2..].iter().any(|&p| self.weight[p] > top) {
                continue;
            }
            let (m, y) = (c[1], c[2]);
            self.weight[x] += self.weight[y] - self.weight[m];
            self.remove(&[m, y]);
            if let Some(&p1) = c.get(3) {
                self.arcs.push((x as u32, p1 as u32));
            }
            return true;
        }
        false
    }

    /// Theorem 6: a chain `x, M` (so `M` is a sink) with `A_M >= A_x` is taken
    /// last, so `val(G) = val(G - x - M) + (-1)^n (A_x - A_M)`.
    fn try_inferior_move(&mut self, d: &Degrees) -> bool {
        for x in 0..self.weight.len() {
            if !self.alive[x] {
                continue;
            }
            let Some(c) = self.chain_from(d, x) else {
                continue;
            };
            if c.len() != 2 || self.weight[c[1]] < self.weight[c[0]] {
                continue;
            }
            let n = self.live_count();
            let diff = self.weight[c[0]] - self.weight[c[1]];
            self.offset += if n % 2 == 1 { -diff } else { diff };
            self.remove(&c);
            return true;
        }
        false
    }

    /// Theorem 9: two chains, each non-increasing from its head to its tail,
    /// whose heads are both sources or both have in-degree exactly 1 from the
    /// same node `u`, become one chain sorted non-increasingly (hung from `u`).
    fn try_merge(&mut self, d: &Degrees) -> bool {
        // (parent of the head or None for a source, the chain), per candidate.
        let mut seen: Vec<(Option<u32>, Vec<usize>)> = Vec::new();
        for h in 0..self.weight.len() {
            if !self.alive[h] || d.indeg[h] > 1 {
                continue;
            }
            let Some(c) = self.chain_from(d, h) else {
                continue;
            };
            if c.windows(2).any(|w| self.weight[w[0]] < self.weight[w[1]]) {
                continue;
            }
            let parent = (d.indeg[h] == 1).then_some(d.pred[h]);
            if let Some(i) = seen.iter().position(|(p, _)| *p == parent) {
                let (_, other) = seen.swap_remove(i);
                self.relink_merged(parent, other, c);
                return true;
            }
            seen.push((parent, c));
        }
        false
    }

    /// Replaces the arcs of chains `a` and `b` (and the arcs from `parent`
    /// into their heads) by one chain through both, sorted by weight.
    fn relink_merged(&mut self, parent: Option<u32>, a: Vec<usize>, b: Vec<usize>) {
        let mut in_chains = vec![false; self.weight.len()];
        for &v in a.iter().chain(&b) {
            in_chains[v] = true;
        }
        // Every arc touching a chain node is either inside its chain or the
        // parent's arc into its head, so all of them go.
        self.arcs
            .retain(|&(u, v)| !in_chains[u as usize] && !in_chains[v as usize]);
        let mut merged = a;
        merged.extend(b);
        let weight = &self.weight;
        merged.sort_by_key(|&v| std::cmp::Reverse(weight[v]));
        if let Some(u) = parent {
            self.arcs.push((u, merged[0] as u32));
        }
        for w in merged.windows(2) {
            self.arcs.push((w[0] as u32, w[1] as u32));
        }
    }

    fn into_reduced(self) -> Reduced {
        let mut label = vec![u32::MAX; self.weight.len()];
        let mut weights = Vec::new();
        for (v, &a) in self.alive.iter().enumerate() {
            if a {
                label[v] = weights.len() as u32;
                weights.push(self.weight[v]);
            }
        }
        let arcs = self
            .arcs
            .iter()
            .map(|&(u, v)| (label[u as usize], label[v as usize]))
            .collect();
        Reduced {
            weights,
            arcs,
            offset: self.offset,
        }
    }
}

/// Applies fusion, the inferior move and merge, wherever their conditions
/// hold, to a fixpoint.
///
/// Terminates: fusion and the inferior move remove nodes; merge keeps the
/// nodes and lowers (number of sources) + sum over nodes of
/// max(out-degree - 1, 0) by one, a sum at most `n + m` that no rule raises.
pub fn reduce(d: &Dag) -> Reduced {
    let mut w = Work {
        weight: d.weights.iter().map(|&x| x as i64).collect(),
        alive: vec![true; d.n()],
        arcs: d.arcs.clone(),
        offset: 0,
    };
    loop {
        let deg = w.degrees();
        if !(w.try_fusion(&deg) || w.try_inferior_move(&deg) || w.try_merge(&deg)) {
            return w.into_reduced();
        }
    }
}

/// `val` of the original game if the reduced DAG is a single chain (or
/// empty): the offset plus the chain's weights taken alternately +, -.
pub fn chain_value(r: &Reduced) -> Option<i64> {
    let n = r.weights.len();
    if r.arcs.len() + 1 != n.max(1) {
        return None;
    }
    let mut next = vec![u32::MAX; n];
    let mut has_pred = vec![false; n];
    for &(u, v) in &r.arcs {
        if next[u as usize] != u32::MAX || has_pred[v as usize] {
            return None;
        }
        next[u as usize] = v;
        has_pred[v as usize] = true;
    }
    // n - 1 arcs, in- and out-degrees at most 1: a single path, unless the
    // walk from the source stops early (the rest is then a cycle).
    let mut value = r.offset;
    let mut at = (0..n).find(|&v| !has_pred[v]);
    for i in 0..n {
        let u = at?;
        value += if i % 2 == 0 { r.weights[u] } else { -r.weights[u] };
        at = (next[u] != u32::MAX).then_some(next[u] as usize);
    }
    Some(value)
}

/// A deliberately naive conjecture, "treat the DAG as a forest": every node
/// keeps only the arc from its last parent in a topological order, and the
/// forest is solved by [`reduce`] and [`chain_value`].
pub fn as_forest_value(d: &Dag) -> i64 {
    let order = d.topological_order().expect("as_forest_value: the arcs close a cycle");
    let mut position = vec![0usize; d.n()];
    for (i, &v) in order.iter().enumerate() {
        position[v as usize] = i;
    }
    let mut last_parent: Vec<Option<u32>> = vec![None; d.n()];
    for &(u, v) in &d.arcs {
        let later = match last_parent[v as usize] {
            Some(p) => position[p as usize] < position[u as usize],
            None => true,
        };
        if later {
            last_parent[v as usize] = Some(u);
        }
    }
    let arcs = (0..d.n() as u32)
        .filter_map(|v| last_parent[v as usize].map(|p| (p, v)))
        .collect();
    let forest = Dag {
        weights: d.weights.clone(),
        arcs,
    };
    chain_value(&reduce(&forest)).expect("reduce leaves a single chain on every rooted forest")
}

#[cfg(test)]
mod tests {
    use super::*;
    use gen::Rng;

    /// val by the rules: memoized negamax over the set of taken nodes, filled
    /// from the full set down so every successor is known first.
    fn brute(weights: &[i64], arcs: &[(u32, u32)]) -> i64 {
        let n = weights.len();
        assert!(n <= 16, "test brute: {n} nodes is too many");
        let mut parents = vec![0u32; n];
        for &(u, v) in arcs {
            parents[v as usize] |= 1 << u;
        }
        let full = (1u32 << n) - 1;
        let mut val = vec![0i64; 1 << n];
        for taken in (0..full).rev() {
            val[taken as usize] = (0..n)
                .filter(|&v| taken >> v & 1 == 0 && parents[v] & !taken == 0)
                .map(|v| weights[v] - val[(taken | 1 << v) as usize])
                .max()
                .expect("a DAG always has a source");
        }
        val[0]
    }

    fn brute_dag(d: &Dag) -> i64 {
        let w: Vec<i64> = d.weights.iter().map(|&x| x as i64).collect();
        brute(&w, &d.arcs)
    }

    fn random_weights(n: usize, rng: &mut Rng) -> Vec<u64> {
        // Small weights make ties, which is where the `>=` conditions bite.
        let hi = *rng.pick(&[2, 4, 9, 1_000_000_000]);
        (0..n).map(|_| rng.range(1, hi)).collect()
    }

    /// Node `i` hangs under a uniform earlier node or starts a new tree; the
    /// labels are then shuffled so parents are not always smaller.
    fn random_forest(n: usize, rng: &mut Rng) -> Dag {
        let mut label: Vec<u32> = (0..n as u32).collect();
        rng.shuffle(&mut label);
        let root_rate = *rng.pick(&[0.0, 0.1, 0.4]);
        let mut arcs = Vec::new();
        for i in 1..n {
            if !rng.chance(root_rate) {
                arcs.push((label[rng.index(i)], label[i]));
            }
        }
        Dag {
            weights: random_weights(n, rng),
            arcs,
        }
    }

    /// Each pair `i < j` of a random order is an arc with probability `rate`.
    fn random_dag(n: usize, rate: f64, rng: &mut Rng) -> Dag {
        let mut label: Vec<u32> = (0..n as u32).collect();
        rng.shuffle(&mut label);
        let mut arcs = Vec::new();
        for j in 0..n {
            for i in 0..j {
                if rng.chance(rate) {
                    arcs.push((label[i], label[j]));
                }
            }
        }
        Dag {
            weights: random_weights(n, rng),
            arcs,
        }
    }

    fn dag(weights: &[u64], arcs: &[(u32, u32)]) -> Dag {
        Dag {
            weights: weights.to_vec(),
            arcs: arcs.to_vec(),
        }
    }

    #[test]
    fn judge_sample() {
        // Weights 1 5 3 2 4, edges 1-2 1-3 2-4 2-5 rooted at 1. By hand: the
        // first player must take 1, the second takes 5, then 4, 3, 2 go
        // alternately: first player 1 + 4 + 2 = 7 of 15, so val = 7 - 8 = -1.
        let d = dag(&[1, 5, 3, 2, 4], &[(0, 1), (0, 2), (1, 3), (1, 4)]);
        assert_eq!(brute_dag(&d), -1);
        let r = reduce(&d);
        assert!(r.weights.len() <= 5);
        assert_eq!(chain_value(&r), Some(-1));
        assert_eq!(as_forest_value(&d), -1);
    }

    #[test]
    fn fusion_by_hand() {
        // Chain 1 -> 5 -> 3: 1 - 5 + 3 = -1, and fusion makes the single node
        // 1 + 3 - 5 = -1.
        let r = reduce(&dag(&[1, 5, 3], &[(0, 1), (1, 2)]));
        assert_eq!(
            r,
            Reduced {
                weights: vec![-1],
                arcs: vec![],
                offset: 0
            }
        );
    }

    #[test]
    fn inferior_move_by_hand() {
        // Chain 2 -> 7 beside a lone 4 (n = 3). Taking 4 first gives
        // 4 - 2 + 7 = 9, taking 2 first gives 2 - 7 + 4 = -1: val = 9 = 4 +
        // (-1)^3 (2 - 7).
        let d = dag(&[2, 7, 4], &[(0, 1)]);
        assert_eq!(brute_dag(&d), 9);
        let r = reduce(&d);
        assert_eq!(
            r,
            Reduced {
                weights: vec![4],
                arcs: vec![],
                offset: 5
            }
        );
    }

    #[test]
    fn merge_by_hand() {
        // Chains 6 -> 2 and 5 -> 3 -> 1 under the root 9 merge into
        // 9 6 5 3 2 1: 9 - 6 + 5 - 3 + 2 - 1 = 6.
        let d = dag(&[9, 6, 2, 5, 3, 1], &[(0, 1), (1, 2), (0, 3), (3, 4), (4, 5)]);
        let r = reduce(&d);
        assert_eq!(r.weights.len(), 6);
        assert_eq!(chain_value(&r), Some(6));
        assert_eq!(brute_dag(&d), 6);
    }

    #[test]
    fn chain_value_rejects_non_chains() {
        let fork = Reduced {
            weights: vec![3, 2, 1],
            arcs: vec![(0, 1), (0, 2)],
            offset: 0,
        };
        assert_eq!(chain_value(&fork), None);
        let two_sources = Reduced {
            weights: vec![3, 2],
            arcs: vec![],
            offset: 0,
        };
        assert_eq!(chain_value(&two_sources), None);
        let empty = Reduced {
            weights: vec![],
            arcs: vec![],
            offset: 4,
        };
        assert_eq!(chain_value(&empty), Some(4));
        // 3 - 5 + 1, arcs given out of order.
        let chain = Reduced {
            weights: vec![5, 3, 1],
            arcs: vec![(0, 2), (1, 0)],
            offset: 10,
        };
        assert_eq!(chain_value(&chain), Some(10 + 3 - 5 + 1));
    }

    #[test]
    fn forests_reduce_to_one_chain_of_the_right_value() {
        let mut rng = Rng::from_seed(4);
        for case in 0..5000 {
            let n = rng.range(1, 10) as usize;
            let d = random_forest(n, &mut rng);
            let r = reduce(&d);
            let got = chain_value(&r).unwrap_or_else(|| panic!("case {case}: {d:?} reduced to {r:?}"));
            assert_eq!(got, brute_dag(&d), "case {case}: {d:?}");
        }
    }

    #[test]
    fn large_forests_reduce_to_one_chain() {
        let mut rng = Rng::from_seed(5);
        for _ in 0..20 {
            let d = random_forest(300, &mut rng);
            assert!(chain_value(&reduce(&d)).is_some(), "{d:?}");
        }
    }

    #[test]
    fn reduce_keeps_the_value_of_dags() {
        let mut rng = Rng::from_seed(6);
        let mut shrunk = 0;
        for case in 0..5000 {
            let n = rng.range(1, 9) as usize;
            let rate = *rng.pick(&[0.1, 0.25, 0.5]);
            let d = random_dag(n, rate, &mut rng);
            let r = reduce(&d);
            shrunk += usize::from(r.weights.len() < n);
            assert_eq!(
                r.offset + brute(&r.weights, &r.arcs),
                brute_dag(&d),
                "case {case}: {d:?} -> {r:?}"
            );
        }
        // The check above means little if the rules never fire on DAGs.
        assert!(shrunk > 1000, "only {shrunk} DAGs shrank");
    }

    #[test]
    fn reduce_keeps_the_value_of_generated_dags() {
        use gen::dag::{DagParams, DagShape};
        let mut rng = Rng::from_seed(7);
        for shape in [DagShape::Dag, DagShape::Layered, DagShape::Forest] {
            let p = DagParams {
                n: gen::SizeRange::new(1, 11),
                shapes: vec![shape],
                arc_rate: 0.2,
                roots: gen::SizeRange::new(1, 4),
                ..DagParams::default()
            };
            for case in 0..2000 {
                let d = gen::dag::generate(&p, &mut rng);
                let r = reduce(&d);
                let want = brute_dag(&d);
                assert_eq!(
                    r.offset + brute(&r.weights, &r.arcs),
                    want,
                    "{shape:?} case {case}: {d:?} -> {r:?}"
                );
                if shape == DagShape::Forest {
                    assert_eq!(chain_value(&r), Some(want), "case {case}: {d:?} -> {r:?}");
                }
            }
        }
    }

    /// The smallest counterexample to [`as_forest_value`] an exhaustive search
    /// found (n <= 3, weights <= 2): sources `a = 1`, `b = 2`, both parents of
    /// `c = 2`. In the DAG, taking `b` first forces the second player onto `a`
    /// (c still waits for it), then `c` is the first player's:
    /// 2 - 1 + 2 = 3 (taking `a` first gives 1 - 2 + 2 = 1), so val = 3. The
    /// forest keeps only `b -> c`, where after `b` the second player takes
    /// `c` and leaves `a`: 2 - 2 + 1 = 1 (or `a` first, 1 - 2 + 2 = 1), so 1.
    #[test]
    fn as_forest_value_is_wrong_on_a_shared_child() {
        let d = dag(&[1, 2, 2], &[(0, 2), (1, 2)]);
        assert_eq!(brute_dag(&d), 3);
        let forest = dag(&[1, 2, 2], &[(1, 2)]);
        assert_eq!(brute_dag(&forest), 1);
        assert_eq!(as_forest_value(&d), 1);
        let r = reduce(&d);
        assert_eq!(r.offset + brute(&r.weights, &r.arcs), 3);
    }
}
