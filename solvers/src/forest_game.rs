//! Forest game (problem `forest-game`): the scoring game on a rooted forest.
//!
//! Players alternately take a root (a node whose parent is gone), score its
//! weight and delete it, its children becoming roots; each maximizes their
//! own total. We want the first player's total.
//!
//! Idea: `val` (first minus second) is unchanged when a subtree is replaced by
//! a non-increasing chain, i.e. a multiset. Bottom up, a node's chain is the
//! union of its children's (merge theorem) under its weight x; while x is below
//! the chain's maximum M, either M is the last element (inferior move: both go,
//! `val` gains (-1)^n (x - M)) or x, M and the next y fuse into x + y - M. Both
//! steps remove two nodes, so n keeps its parity. The final chain is played in
//! order. First score = (total + val) / 2.
//!
//! Complexity: O(n log^2 n) with small-to-large merging of binary heaps
//! ([`first_score_fast`]); O(n^2) with sorted vectors ([`first_score_plain`]).
//!
//! Reference: 刘一平, 《森林游戏》解题报告 (seed 004, §3.2-3.4), after
//! T. Idziaszek, *An optimal algorithm for calculating the profit in the coins
//! in a row game*.

use std::collections::BinaryHeap;

use gen::csr::Csr;
use crate::submit::Submission;

/// The first player's total under optimal play, with mergeable heaps.
/// `parent[v] = None` for a root; labels need not be topologically sorted.
pub fn first_score_fast(weights: &[u64], parent: &[Option<u32>]) -> u64 {
    let n = weights.len();
    assert_eq!(parent.len(), n, "one parent entry per node");
    let children = children(parent);
    let sign = inferior_sign(n);
    let mut chains: Vec<BinaryHeap<i64>> = vec![BinaryHeap::new(); n];
    let mut offset = 0i64;
    let mut forest = BinaryHeap::new();
    for &u in top_down(&children, parent).iter().rev() {
        let mut chain = BinaryHeap::new();
        for c in children.heads(u as usize) {
            // `append` moves the smaller heap into the larger one.
            chain.append(&mut std::mem::take(&mut chains[c as usize]));
        }
        offset += settle_heap(weight(weights[u as usize]), &mut chain, sign);
        if parent[u as usize].is_none() {
            forest.append(&mut chain);
        } else {
            chains[u as usize] = chain;
        }
    }
    let val = offset + alternating_sum(forest.into_sorted_vec().into_iter().rev());
    first_from_val(weights, val)
}

/// Puts `top` above the non-increasing chain `chain` and reduces until the
/// result is non-increasing again; returns what the inferior move adds to `val`.
fn settle_heap(mut top: i64, chain: &mut BinaryHeap<i64>, sign: i64) -> i64 {
    while let Some(&max) = chain.peek() {
        if top >= max {
            break;
        }
        chain.pop();
        match chain.pop() {
            Some(next) => top += next - max,
            None => return sign * (top - max),
        }
    }
    chain.push(top);
    0
}

/// The first player's total under optimal play, with sorted vectors and plain
/// merging: quadratic, kept simple to check [`first_score_fast`] against.
pub fn first_score_plain(weights: &[u64], parent: &[Option<u32>]) -> u64 {
    let n = weights.len();
    assert_eq!(parent.len(), n, "one parent entry per node");
    // A node is ready once all its children are done (Kahn's order from the leaves).
    let mut waiting = vec![0usize; n];
    for p in parent.iter().flatten() {
        waiting[*p as usize] += 1;
    }
    let mut ready: Vec<usize> = (0..n).filter(|&v| waiting[v] == 0).collect();
    // chains[v]: the union of v's finished children's chains, ascending.
    let mut chains: Vec<Vec<i64>> = vec![Vec::new(); n];
    let mut forest: Vec<i64> = Vec::new();
    let mut offset = 0i64;
    let mut done = 0;
    let sign = inferior_sign(n);
    while let Some(u) = ready.pop() {
        done += 1;
        let mut chain = std::mem::take(&mut chains[u]);
        let mut top = weight(weights[u]);
        let mut consumed = false;
        while let Some(&max) = chain.last() {
            if top >= max {
                break;
            }
            chain.pop();
            match chain.pop() {
                Some(next) => top += next - max,
                None => {
                    offset += sign * (top - max);
                    consumed = true;
                }
            }
        }
        if !consumed {
            // The loop stopped at top >= every element, so top goes last.
            chain.push(top);
        }
        match parent[u] {
            None => merge_into(&mut forest, chain),
            Some(p) => {
                let p = p as usize;
                merge_into(&mut chains[p], chain);
                waiting[p] -= 1;
                if waiting[p] == 0 {
                    ready.push(p);
                }
            }
        }
    }
    assert_eq!(done, n, "parent links must not form a cycle");
    let val = offset + alternating_sum(forest.into_iter().rev());
    first_from_val(weights, val)
}

fn merge_into(into: &mut Vec<i64>, chain: Vec<i64>) {
    *into = if into.is_empty() {
        chain
    } else {
        merge_sorted(into, &chain)
    };
}

fn merge_sorted(a: &[i64], b: &[i64]) -> Vec<i64> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i] <= b[j] {
            out.push(a[i]);
            i += 1;
        } else {
            out.push(b[j]);
            j += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}

/// Parents of the tree with undirected `edges` on `0..n`, rooted at `root`,
/// by breadth-first search. Panics unless the edges form a tree.
pub fn parents_from_edges(n: usize, edges: &[(u32, u32)], root: u32) -> Vec<Option<u32>> {
    assert!((root as usize) < n, "root {root} outside 0..{n}");
    assert_eq!(edges.len() + 1, n, "a tree on {n} nodes has {} edges", n - 1);
    let mut offsets = vec![0usize; n + 1];
    for &(u, v) in edges {
        assert!((u as usize) < n && (v as usize) < n, "edge ({u}, {v}) outside 0..{n}");
        offsets[u as usize + 1] += 1;
        offsets[v as usize + 1] += 1;
    }
    for i in 0..n {
        offsets[i + 1] += offsets[i];
    }
    let mut fill = offsets.clone();
    let mut adjacent = vec![0u32; 2 * edges.len()];
    for &(u, v) in edges {
        adjacent[fill[u as usize]] = v;
        fill[u as usize] += 1;
        adjacent[fill[v as usize]] = u;
        fill[v as usize] += 1;
    }
    let mut parent = vec![None; n];
    let mut seen = vec![false; n];
    let mut queue = vec![root];
    seen[root as usize] = true;
    let mut head = 0;
    while let Some(&u) = queue.get(head) {
        head += 1;
        for &v in &adjacent[offsets[u as usize]..offsets[u as usize + 1]] {
            if !seen[v as usize] {
                seen[v as usize] = true;
                parent[v as usize] = Some(u);
                queue.push(v);
            }
        }
    }
    assert_eq!(queue.len(), n, "the edges must connect all {n} nodes");
    parent
}

/// Children lists of a rooted forest, as arcs parent -> child.
fn children(parent: &[Option<u32>]) -> Csr {
    let n = parent.len();
    let arcs: Vec<(u32, u32)> = parent
        .iter()
        .enumerate()
        .filter_map(|(v, p)| {
            let p = (*p)?;
            assert!((p as usize) < n, "parent {p} outside 0..{n}");
            Some((p, v as u32))
        })
        .collect();
    Csr::directed(n, &arcs)
}

/// Every node after its parent (breadth first from the roots).
fn top_down(children: &Csr, parent: &[Option<u32>]) -> Vec<u32> {
    let mut order: Vec<u32> = (0..parent.len() as u32)
        .filter(|&v| parent[v as usize].is_none())
        .collect();
    let mut head = 0;
    while let Some(&u) = order.get(head) {
        head += 1;
        order.extend(children.heads(u as usize));
    }
    assert_eq!(order.len(), parent.len(), "parent links must not form a cycle");
    order
}

/// (-1)^n: the sign of an inferior move. Every reduction removes two nodes, so
/// the node count at any inferior move has the parity of the whole forest's.
fn inferior_sign(n: usize) -> i64 {
    if n.is_multiple_of(2) {
        1
    } else {
        -1
    }
}

/// Value of playing a non-increasing chain in order: +, -, +, ...
fn alternating_sum(descending: impl Iterator<Item = i64>) -> i64 {
    descending
        .enumerate()
        .map(|(i, x)| if i % 2 == 0 { x } else { -x })
        .sum()
}

fn first_from_val(weights: &[u64], val: i64) -> u64 {
    let total: i64 = weights.iter().map(|&w| weight(w)).sum();
    let twice_first = total + val;
    debug_assert!(twice_first >= 0 && twice_first % 2 == 0);
    u64::try_from(twice_first / 2).expect("the first player's total is non-negative")
}

fn weight(w: u64) -> i64 {
    i64::try_from(w).expect("node weight fits in i64")
}


/// What `solve` answers with this module.
pub const SUBMITTED: &[Submission] = &[submission!(forest_game, |t| first_score_fast(
    &t.weights,
    &parents_from_edges(t.weights.len(), &t.edges, 0)
))];

#[cfg(test)]
mod tests {
    use super::*;
    use gen::Rng;
    use std::collections::HashMap;

    fn both(weights: &[u64], parent: &[Option<u32>]) -> (u64, u64) {
        (first_score_fast(weights, parent), first_score_plain(weights, parent))
    }

    /// The first player's total by the rules: memoized over the set of taken nodes.
    fn brute(weights: &[u64], parent: &[Option<u32>]) -> u64 {
        fn val(taken: u32, weights: &[u64], parent: &[Option<u32>], memo: &mut HashMap<u32, i64>) -> i64 {
            if let Some(&v) = memo.get(&taken) {
                return v;
            }
            let mut best = None;
            for v in 0..weights.len() {
                let is_root = parent[v].is_none_or(|p| (taken >> p) & 1 == 1);
                if (taken >> v) & 1 == 0 && is_root {
                    let here = weights[v] as i64 - val(taken | 1 << v, weights, parent, memo);
                    best = Some(best.map_or(here, |b: i64| b.max(here)));
                }
            }
            let result = best.unwrap_or(0);
            memo.insert(taken, result);
            result
        }
        let total: i64 = weights.iter().map(|&w| w as i64).sum();
        ((total + val(0, weights, parent, &mut HashMap::new())) / 2) as u64
    }

    /// A random forest with shuffled labels; `depth_bias` favours long chains.
    fn random_forest(rng: &mut Rng, n: usize, root_chance: f64, depth_bias: bool) -> Vec<Option<u32>> {
        let mut labels: Vec<u32> = (0..n as u32).collect();
        rng.shuffle(&mut labels);
        let mut parent = vec![None; n];
        for i in 1..n {
            if rng.chance(root_chance) {
                continue;
            }
            let back = if depth_bias { rng.index(i.min(3)) } else { rng.index(i) };
            parent[labels[i] as usize] = Some(labels[i - 1 - back]);
        }
        parent
    }

    fn random_weights(rng: &mut Rng, n: usize) -> Vec<u64> {
        let hi = *rng.pick(&[3, 10, 1_000_000_000]);
        (0..n).map(|_| rng.range(1, hi)).collect()
    }

    #[test]
    fn judge_sample() {
        // `5 / 1 5 3 2 4 / 1 2 / 1 3 / 2 4 / 2 5` -> 7: the first must take 1,
        // the second takes 5, then 4, 3, 2 alternate: first 1 + 4 + 2.
        let parent = parents_from_edges(5, &[(0, 1), (0, 2), (1, 3), (1, 4)], 0);
        assert_eq!(parent, [None, Some(0), Some(0), Some(1), Some(1)]);
        assert_eq!(both(&[1, 5, 3, 2, 4], &parent), (7, 7));
    }

    #[test]
    fn parents_from_edges_any_root_and_orientation() {
        // Path 0 - 1 - 2 - 3 given backwards, rooted in the middle at 2.
        let parent = parents_from_edges(4, &[(3, 2), (1, 2), (0, 1)], 2);
        assert_eq!(parent, [Some(1), Some(2), None, Some(2)]);
        assert_eq!(parents_from_edges(1, &[], 0), [None]);
    }

    #[test]
    fn small_cases_by_hand() {
        assert_eq!(both(&[], &[]), (0, 0));
        // One node: the first takes it.
        assert_eq!(both(&[7], &[None]), (7, 7));
        // x = 2 above M = 9: forced, the first gets 2. Also M above x: 9.
        assert_eq!(both(&[2, 9], &[None, Some(0)]), (2, 2));
        assert_eq!(both(&[9, 2], &[None, Some(0)]), (9, 9));
        // Two roots 4 and 9: the first takes 9.
        assert_eq!(both(&[4, 9], &[None, None]), (9, 9));
        // Root 1 over leaves 5, 4, 3: root forced, then 5, 4, 3 alternate
        // starting with the second: first 1 + 4.
        let star = [None, Some(0), Some(0), Some(0)];
        assert_eq!(both(&[1, 5, 4, 3], &star), (5, 5));
        // Chain 1 -> 10 next to a lone 2: taking 2 forces the second to open
        // the chain, so the first gets 2 + 10.
        assert_eq!(both(&[1, 10, 2], &[None, Some(0), None]), (12, 12));
        // Path 1 -> 5 -> 2 (a fusion: 1 + 2 - 5 < 0): forced, first 1 + 2.
        assert_eq!(both(&[1, 5, 2], &[None, Some(0), Some(1)]), (3, 3));
        // Labels need not be sorted: the same path, stored backwards.
        assert_eq!(both(&[2, 5, 1], &[Some(1), Some(2), None]), (3, 3));
    }

    #[test]
    fn solvers_match_the_rules_on_small_forests() {
        for case in 0..3000 {
            let mut rng = Rng::for_case(5092, case);
            let n = rng.range(1, 10) as usize;
            let depth_bias = rng.chance(0.5);
            let parent = random_forest(&mut rng, n, 0.2, depth_bias);
            let weights = random_weights(&mut rng, n);
            let expected = brute(&weights, &parent);
            assert_eq!(
                both(&weights, &parent),
                (expected, expected),
                "weights {weights:?} parent {parent:?}"
            );
        }
    }

    #[test]
    fn fast_matches_plain_on_random_forests() {
        for case in 0..3000 {
            let mut rng = Rng::for_case(410, case);
            let n = rng.range(1, 300) as usize;
            let root_chance = *rng.pick(&[0.0, 0.05, 0.5]);
            let depth_bias = rng.chance(0.5);
            let parent = random_forest(&mut rng, n, root_chance, depth_bias);
            let weights = random_weights(&mut rng, n);
            let (fast, plain) = both(&weights, &parent);
            assert_eq!(fast, plain, "weights {weights:?} parent {parent:?}");
        }
    }

    /// Runs `f` on a thread with a 2 MiB stack, as judges commonly give.
    fn on_small_stack(f: impl FnOnce() + Send + 'static) {
        std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(f)
            .expect("spawn")
            .join()
            .expect("no stack overflow");
    }

    const BIG: usize = 200_000;

    #[test]
    fn long_path_is_played_in_order() {
        // A path rooted at an end allows one move at a time, so the first
        // gets the weights at even depths.
        on_small_stack(|| {
            let mut rng = Rng::from_seed(1);
            let weights: Vec<u64> = (0..BIG).map(|_| rng.range(1, 1_000_000_000)).collect();
            let mut labels: Vec<u32> = (0..BIG as u32).collect();
            rng.shuffle(&mut labels);
            let mut parent = vec![None; BIG];
            for d in 1..BIG {
                parent[labels[d] as usize] = Some(labels[d - 1]);
            }
            let expected: u64 = labels.iter().step_by(2).map(|&v| weights[v as usize]).sum();
            assert_eq!(both(&weights, &parent), (expected, expected));
        });
    }

    #[test]
    fn big_star_is_root_then_greedy() {
        // The root is forced; then the leaves are a pile taken largest first,
        // the second player starting, so the first gets every other leaf from
        // the second largest on.
        on_small_stack(|| {
            let mut rng = Rng::from_seed(2);
            let weights: Vec<u64> = (0..BIG).map(|_| rng.range(1, 1_000_000_000)).collect();
            let mut parent = vec![Some(0); BIG];
            parent[0] = None;
            let mut leaves = weights[1..].to_vec();
            leaves.sort_unstable_by(|a, b| b.cmp(a));
            let expected = weights[0] + leaves.iter().skip(1).step_by(2).sum::<u64>();
            assert_eq!(first_score_fast(&weights, &parent), expected);
        });
    }

    #[test]
    fn big_heavy_on_top_trees_are_greedy() {
        // Property A (no child heavier than its parent): the largest remaining
        // weight is always a root, so either player can play as in a pile, where
        // largest-first is optimal; the opponent's replies are a subset of the
        // pile's, so the value is the pile's: the sorted alternating sum.
        on_small_stack(|| {
            let mut rng = Rng::from_seed(3);
            let parent = random_forest(&mut rng, BIG, 0.0, false);
            let mut weights = vec![0u64; BIG];
            for &u in &top_down(&children(&parent), &parent) {
                let cap = parent[u as usize].map_or(1_000_000_000, |p| weights[p as usize]);
                weights[u as usize] = rng.range(1, cap);
            }
            let mut sorted = weights.clone();
            sorted.sort_unstable_by(|a, b| b.cmp(a));
            let expected = sorted.iter().step_by(2).sum::<u64>();
            assert_eq!(both(&weights, &parent), (expected, expected));
        });
    }

    #[test]
    fn big_random_tree_fast_matches_plain() {
        on_small_stack(|| {
            let mut rng = Rng::from_seed(4);
            let parent = random_forest(&mut rng, BIG, 0.0, false);
            let weights: Vec<u64> = (0..BIG).map(|_| rng.range(1, 1_000_000_000)).collect();
            let (fast, plain) = both(&weights, &parent);
            assert_eq!(fast, plain);
        });
    }
}
