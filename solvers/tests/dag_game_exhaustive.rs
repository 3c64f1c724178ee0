//! `dag_game::as_forest_value` against the rules on every small weighted DAG,
//! proving its documented smallest counterexample: no DAG with fewer nodes,
//! fewer arcs or less total weight than sources 1 and 2 sharing a child of
//! weight 2 (3 nodes, 2 arcs, weight 5) fails.
//!
//! The reference is [`rules`], written here from the rules alone (the `brute`
//! crate is not a dependency of `solvers`): players alternately take a node
//! none of whose parents remain and score its weight; a position is the set of
//! nodes left, its value the mover's score minus the other's. Small DAGs are
//! every acyclic set of arcs on up to `MAX_N` labelled nodes (each pair: no
//! arc or one way), with every weight in `1..=MAX_WEIGHT` (the judge's weights
//! start at 1). The order of "smaller" is the shrinker's: nodes, then arcs,
//! then weight.

use gen::Dag;
use solvers::dag_game::as_forest_value;

const MAX_N: usize = 4;
const MAX_WEIGHT: u64 = 3;

fn rules(d: &Dag) -> i64 {
    let n = d.weights.len();
    let mut parents = vec![0u32; n];
    for &(u, v) in &d.arcs {
        parents[v as usize] |= 1 << u;
    }
    let mut memo = vec![None; 1 << n];
    value(d, &parents, (1u32 << n) - 1, &mut memo)
}

fn value(d: &Dag, parents: &[u32], left: u32, memo: &mut [Option<i64>]) -> i64 {
    if left == 0 {
        return 0;
    }
    if let Some(v) = memo[left as usize] {
        return v;
    }
    let best = (0..d.weights.len())
        .filter(|&v| left >> v & 1 == 1 && parents[v] & left == 0)
        .map(|v| d.weights[v] as i64 - value(d, parents, left & !(1 << v), memo))
        .max()
        .expect("a DAG always has a node without parents");
    memo[left as usize] = Some(best);
    best
}

fn acyclic(n: usize, arcs: &[(u32, u32)]) -> bool {
    let mut left = (1u32 << n) - 1;
    while left != 0 {
        let source =
            (0..n).find(|&v| left >> v & 1 == 1 && !arcs.iter().any(|&(u, w)| w as usize == v && left >> u & 1 == 1));
        match source {
            Some(v) => left &= !(1 << v),
            None => return false,
        }
    }
    true
}

/// Every acyclic arc set on `n` nodes: each pair has no arc, or one either way.
fn arc_sets(n: usize) -> Vec<Vec<(u32, u32)>> {
    let pairs: Vec<(u32, u32)> = (0..n as u32)
        .flat_map(|u| (u + 1..n as u32).map(move |v| (u, v)))
        .collect();
    let mut all = Vec::new();
    for code in 0..3usize.pow(pairs.len() as u32) {
        let mut c = code;
        let mut arcs = Vec::new();
        for &(u, v) in &pairs {
            match c % 3 {
                1 => arcs.push((u, v)),
                2 => arcs.push((v, u)),
                _ => {}
            }
            c /= 3;
        }
        if acyclic(n, &arcs) {
            all.push(arcs);
        }
    }
    all
}

/// Every weight vector of length `n` in `1..=MAX_WEIGHT`.
fn weight_vectors(n: usize) -> Vec<Vec<u64>> {
    (0..(MAX_WEIGHT as usize).pow(n as u32))
        .map(|mut c| {
            (0..n)
                .map(|_| {
                    let w = (c % MAX_WEIGHT as usize) as u64 + 1;
                    c /= MAX_WEIGHT as usize;
                    w
                })
                .collect()
        })
        .collect()
}

#[test]
fn the_rules_know_the_hand_values() {
    let dag = |weights: &[u64], arcs: &[(u32, u32)]| Dag {
        weights: weights.to_vec(),
        arcs: arcs.to_vec(),
    };
    assert_eq!(rules(&dag(&[5], &[])), 5);
    // A chain alternates: 1 - 2 + 3.
    assert_eq!(rules(&dag(&[1, 2, 3], &[(0, 1), (1, 2)])), 2);
    // The documented counterexample: 3 on the DAG, 1 on the forest as-forest keeps.
    assert_eq!(rules(&dag(&[1, 2, 2], &[(0, 2), (1, 2)])), 3);
    assert_eq!(rules(&dag(&[1, 2, 2], &[(1, 2)])), 1);
}

#[test]
fn as_forest_fails_first_at_three_nodes_two_arcs_and_weight_five() {
    let mut smallest: Option<(usize, usize, u64, Dag)> = None;
    let mut tried = 0;
    for n in 1..=MAX_N {
        for arcs in arc_sets(n) {
            for weights in weight_vectors(n) {
                let d = Dag {
                    weights,
                    arcs: arcs.clone(),
                };
                tried += 1;
                if as_forest_value(&d) == rules(&d) {
                    continue;
                }
                let size = (n, d.arcs.len(), d.weights.iter().sum::<u64>());
                if smallest.as_ref().is_none_or(|s| size < (s.0, s.1, s.2)) {
                    smallest = Some((size.0, size.1, size.2, d));
                }
            }
        }
    }
    let (n, m, weight, d) = smallest.expect("as-forest fails somewhere");
    assert_eq!((n, m, weight), (3, 2, 5), "{d:?}");
    // Every labelled DAG on up to 4 nodes (1 + 3 + 25 + 543 arc sets) with weights 1..=3.
    assert_eq!(tried, 3 + 3 * 9 + 25 * 27 + 543 * 81);
}
