//! Election-promises solvers against the rules on every small DAG, and the
//! deliberately wrong one's smallest counterexample.
//!
//! The reference is [`Rules`], written here from the rules alone (the `brute`
//! crate is not a dependency of `solvers`): a position wins iff some move
//! leads to a losing one, with the values a move sets capped at 3 (why the cap
//! keeps the winner: `brute::election`'s module doc; every value here and
//! every XOR of them is at most 3). Small DAGs are every set of forward arcs
//! `i -> j`, `i < j`, on up to `MAX_N` nodes (every DAG up to relabelling),
//! with every vector of values in `0..=3`. "Smaller" is the shrinker's
//! order: nodes, then arcs, then the sum of the values.

use std::collections::HashMap;

use gen::judge::election_promises::Promise;
use solvers::election::{promise, wrong};

const MAX_N: usize = 4;
const CAP: u64 = 3;

type Solver = fn(&[u64], &[(u32, u32)]) -> Promise;

struct Rules {
    successors: Vec<Vec<usize>>,
    memo: HashMap<Vec<u64>, bool>,
}

impl Rules {
    fn new(n: usize, arcs: &[(u32, u32)]) -> Self {
        let mut successors = vec![Vec::new(); n];
        for &(u, v) in arcs {
            successors[u as usize].push(v as usize);
        }
        Rules {
            successors,
            memo: HashMap::new(),
        }
    }

    /// Every position one move away.
    fn moves(&self, h: &[u64]) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (v, succ) in self.successors.iter().enumerate() {
            for lowered in 0..h[v] {
                let combos = (CAP + 1).pow(succ.len() as u32);
                for mut code in 0..combos {
                    let mut next = h.to_vec();
                    next[v] = lowered;
                    for &w in succ {
                        next[w] = code % (CAP + 1);
                        code /= CAP + 1;
                    }
                    out.push(next);
                }
            }
        }
        out
    }

    /// Recursion is fine here: every move lowers the position in the order
    /// along a topological order, and there are at most 4^4 positions.
    fn wins(&mut self, h: &[u64]) -> bool {
        if let Some(&w) = self.memo.get(h) {
            return w;
        }
        let won = self.moves(h).iter().any(|next| !self.wins(next));
        self.memo.insert(h.to_vec(), won);
        won
    }

    /// Whether `answer` is right for `h`: `LOSE` exactly when the mover
    /// loses, a `WIN` position one move away and losing.
    fn accepts(&mut self, h: &[u64], answer: &Promise) -> bool {
        match answer {
            Promise::Lose => !self.wins(h),
            Promise::Win(next) => self.moves(h).contains(next) && !self.wins(next),
        }
    }
}

/// Every forward arc set on `n` nodes.
fn dags(n: usize) -> Vec<Vec<(u32, u32)>> {
    let pairs: Vec<(u32, u32)> = (0..n as u32).flat_map(|j| (0..j).map(move |i| (i, j))).collect();
    (0..1u32 << pairs.len())
        .map(|mask| {
            (0..pairs.len())
                .filter(|&i| mask & 1 << i != 0)
                .map(|i| pairs[i])
                .collect()
        })
        .collect()
}

/// `(n, m, sum of values, values, arcs)` of an instance.
type Failure = (usize, usize, u64, Vec<u64>, Vec<(u32, u32)>);

/// Every instance where `solver` is wrong.
fn failures(solver: Solver, max_n: usize) -> Vec<Failure> {
    let mut out = Vec::new();
    for n in 1..=max_n {
        for arcs in dags(n) {
            let mut rules = Rules::new(n, &arcs);
            for code in 0..(CAP + 1).pow(n as u32) {
                let h: Vec<u64> = (0..n).map(|v| code / (CAP + 1).pow(v as u32) % (CAP + 1)).collect();
                if !rules.accepts(&h, &solver(&h, &arcs)) {
                    out.push((n, arcs.len(), h.iter().sum(), h, arcs.clone()));
                }
            }
        }
    }
    out
}

#[test]
fn the_fast_solver_follows_the_rules_on_every_small_dag() {
    // 1 + 2 + 8 + 64 DAGs, each with every vector of values in 0..=3.
    assert!(failures(promise, MAX_N).is_empty());
}

#[test]
fn height_labels_fail_first_on_the_chain_1_0_1() {
    let fails = failures(wrong::height_labels, 3);
    // Up to two nodes, heights are the mex labels.
    assert!(fails.iter().all(|f| f.0 == 3));
    let smallest = fails.iter().min_by_key(|f| (f.0, f.1, f.2)).unwrap();
    let ties: Vec<_> = fails
        .iter()
        .filter(|f| (f.0, f.1, f.2) == (smallest.0, smallest.1, smallest.2))
        .collect();
    assert_eq!(ties.len(), 1, "{ties:?}");
    assert_eq!(
        (smallest.3.clone(), smallest.4.clone()),
        (vec![1, 0, 1], vec![(0, 1), (1, 2)])
    );
    assert_eq!(promise(&[1, 0, 1], &[(0, 1), (1, 2)]), Promise::Lose);
}
