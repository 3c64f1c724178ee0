use brute::{Budget, TooBig};
use gen::csr::Csr;
use gen::judge::election_promises::{self, Promise, MAX_ANSWER_VALUE};
use gen::valued_dag::{ValuedDag, ValuedDagParams};
use serde::{Deserialize, Serialize};
use solvers::election::{promise, wrong};

use crate::relations;
use engine::{BruteOf, BruteOptions, Engine, Problem, Rejection, Relation, RelationOf, Solver, SolverOf};
use engine::show::{Figure, Panel};
use crate::pictures;

/// Election promises (CF 1149E): LOSE, or WIN and a losing position one move away.
pub struct ElectionPromises;

/// The `[brute]` table: the values a move sets stay below `2^bits` (raised
/// to cover the largest value of the position). `brute::election` explains
/// why the capped game has the same winner.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ValueCap {
    pub bits: u32,
}

impl Default for ValueCap {
    fn default() -> Self {
        ValueCap { bits: 2 }
    }
}

impl BruteOptions for ValueCap {
    fn check(&self) -> Result<(), String> {
        if (1..=8).contains(&self.bits) {
            Ok(())
        } else {
            Err(format!(
                "`bits` = {} must lie within [1, 8]: brute enumerates every value below 2^bits",
                self.bits
            ))
        }
    }
}

const SOLVERS: &[SolverOf<ElectionPromises>] = &[
    Solver {
        name: "fast",
        run: |d| promise(&d.values, &d.arcs),
        default: true,
        about: "mex labels in reverse topological order, XOR per label, O(n + m)",
        source: "solvers::election",
    },
    Solver {
        name: "wrong-height-labels",
        run: |d| wrong::height_labels(&d.values, &d.arcs),
        default: false,
        about: "wrong: labels nodes by height (longest path to a sink) instead of the mex",
        source: "solvers::election",
    },
];

/// WIN or LOSE, without the move: many moves win, so a relation can compare
/// only the verdicts.
fn wins(p: &Promise) -> bool {
    matches!(p, Promise::Win(_))
}

const RELATIONS: &[RelationOf<ElectionPromises>] = &[
    Relation {
        name: "relabel",
        about: "nodes renamed, arcs shuffled: the same verdict (WIN or LOSE; the moves may differ)",
        derive: |d, rng| Some(relations::relabelled_valued_dag(d, rng)),
        holds: |_, a, b, _| relations::same(&wins(a), &wins(b)),
    },
    Relation {
        name: "double",
        about: "the DAG beside a disjoint copy of itself: a game plus its copy, LOSE",
        derive: |d, _| {
            relations::doubled_valued_dag(d, gen::valued_dag::MAX_N as usize, gen::valued_dag::MAX_M as usize)
        },
        holds: |_, _, b, _| relations::first_loses(wins(b), "a game plus its own copy loses (mirror every move)"),
    },
];

/// The one node a move from `h` to `next` was made at, or why `next` is no
/// move: exactly one node lowered, every other changed node a direct
/// successor of it, every value within the judge's bound.
fn mover(d: &ValuedDag, next: &[u64]) -> Result<usize, String> {
    let h = &d.values;
    if next.len() != h.len() {
        return Err(format!("the position has {} values for {} nodes", next.len(), h.len()));
    }
    if let Some(v) = next.iter().position(|&x| x > MAX_ANSWER_VALUE) {
        return Err(format!("node {} gets {}, above 2*10^18", v + 1, next[v]));
    }
    let out = Csr::directed(h.len(), &d.arcs);
    let changed: Vec<usize> = (0..h.len()).filter(|&v| next[v] != h[v]).collect();
    let lowered: Vec<usize> = changed.iter().copied().filter(|&v| next[v] < h[v]).collect();
    let Some(&first) = lowered.first() else {
        return Err("no node is lowered: a move lowers the value of the node it is made at".into());
    };
    // The mover has every other changed node among its direct successors;
    // counting changed successors finds it in O(n + m).
    let mut is_changed = vec![false; h.len()];
    for &w in &changed {
        is_changed[w] = true;
    }
    if let Some(&v) = lowered
        .iter()
        .find(|&&v| out.heads(v).filter(|&w| is_changed[w as usize]).count() + 1 == changed.len())
    {
        return Ok(v);
    }
    let w = *changed
        .iter()
        .find(|&&w| w != first && !out.heads(first).any(|s| s as usize == w))
        .expect("otherwise `first` is the mover");
    Err(format!(
        "node {} is lowered ({} -> {}), but node {} also changed ({} -> {}) and is not a direct successor of it; \
         no lowered node has every other change among its direct successors",
        first + 1,
        h[first],
        next[first],
        w + 1,
        h[w],
        next[w]
    ))
}

/// The labels whose XOR is not 0 in `values`, by the grouping theorem (CF
/// 1149E's editorial): with `g(v)` the mex of the successors' `g`, a
/// position loses iff each label's values XOR to 0. Written here apart from
/// the solver's, for positions too big for brute.
fn unbalanced_labels(d: &ValuedDag, values: &[u64]) -> Vec<u32> {
    let n = d.n();
    let order = gen::Dag {
        weights: vec![0; n],
        arcs: d.arcs.clone(),
    }
    .topological_order()
    .expect("a valid instance is acyclic");
    let out = Csr::directed(n, &d.arcs);
    let mut label = vec![0u32; n];
    for &v in order.iter().rev() {
        let taken: std::collections::HashSet<u32> = out.heads(v as usize).map(|w| label[w as usize]).collect();
        label[v as usize] = (0..).find(|k| !taken.contains(k)).expect("a label is free");
    }
    let mut xor = std::collections::BTreeMap::new();
    for (v, &h) in values.iter().enumerate() {
        *xor.entry(label[v]).or_insert(0u64) ^= h;
    }
    xor.into_iter().filter(|&(_, x)| x != 0).map(|(k, _)| k).collect()
}

fn show(values: &[u64]) -> String {
    values.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

impl Problem for ElectionPromises {
    type Instance = ValuedDag;
    type Answer = Promise;
    type Judge = election_promises::Judge;
    type BruteOptions = ValueCap;
    type Params = ValuedDagParams;

    const BRUTE: &'static str = "brute::election";
    const ENGINE: Engine = Engine::WinLose;
    const MANY_ANSWERS: bool = true;

    fn size(d: &ValuedDag) -> String {
        format!(
            "n={} m={} max value {}",
            d.n(),
            d.arcs.len(),
            d.values.iter().max().unwrap_or(&0)
        )
    }

    fn brute(d: &ValuedDag, cap: &ValueCap, budget: &Budget) -> Result<Promise, TooBig> {
        let found = brute::election::winning_move(&d.values, &d.arcs, cap.bits, budget)?;
        Ok(found.map_or(Promise::Lose, Promise::Win))
    }

    fn solvers() -> &'static [SolverOf<Self>] {
        SOLVERS
    }

    fn relations() -> &'static [RelationOf<Self>] {
        RELATIONS
    }

    /// A contestant who cannot find the winning move: always `LOSE`.
    fn guesses(_: &ValuedDag, _: &Promise) -> Vec<engine::audit::guess::Guess<Promise>> {
        vec![engine::audit::guess::Guess::Always(Promise::Lose)]
    }

    fn draw(d: &ValuedDag, cap: &ValueCap, budget: &Budget) -> Option<Panel> {
        let mut g = pictures::rooted(d.n(), &d.arcs, true);
        g.roots.clear();
        for (node, h) in g.nodes.iter_mut().zip(&d.values) {
            node.label = Some(format!("h={h}"));
        }
        Some(pictures::with_answer::<Self>(Panel::new(Figure::Graph(g)), Self::brute(d, cap, budget)))
    }

    /// `LOSE` must be brute's verdict. A `WIN` position must be one move
    /// away and lose: by brute on it where brute can search it, else by the
    /// grouping theorem.
    fn check(d: &ValuedDag, expected: &Promise, got: &Promise, brute: &BruteOf<Self>) -> Result<(), Rejection> {
        let next = match (expected, got) {
            (Promise::Lose, Promise::Lose) => return Ok(()),
            (Promise::Win(theirs), Promise::Lose) => {
                return Err(Rejection::Because(format!(
                    "LOSE, but the first player wins: brute moves to {}",
                    show(theirs)
                )))
            }
            (_, Promise::Win(next)) => next,
        };
        let v = mover(d, next).map_err(|why| Rejection::Because(format!("not a move: {why}")))?;
        let after = ValuedDag {
            values: next.clone(),
            arcs: d.arcs.clone(),
        };
        match brute(&after) {
            Ok(Promise::Lose) => Ok(()),
            Ok(Promise::Win(reply)) => Err(Rejection::Because(format!(
                "the move at node {} leads to a position the opponent wins (brute): they move on to {}",
                v + 1,
                show(&reply)
            ))),
            Err(_) => match unbalanced_labels(d, next).first() {
                None => Ok(()),
                Some(k) => Err(Rejection::Because(format!(
                    "the move at node {} leads to a position the opponent wins, by the grouping theorem: \
                     the values of the nodes labelled {k} (mex of successors' labels) XOR to a non-zero value",
                    v + 1
                ))),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dag(values: &[u64], arcs: &[(u32, u32)]) -> ValuedDag {
        ValuedDag {
            values: values.to_vec(),
            arcs: arcs.to_vec(),
        }
    }

    fn judge(d: &ValuedDag, got: Promise) -> Result<(), String> {
        let budget = Budget::default();
        let cap = ValueCap::default();
        let brute = |i: &ValuedDag| ElectionPromises::brute(i, &cap, &budget);
        let expected = brute(d).unwrap();
        ElectionPromises::check(d, &expected, &got, &brute).map_err(|r| match r {
            Rejection::Because(why) => why,
            Rejection::Differs => "differs".into(),
        })
    }

    #[test]
    fn each_condition_is_named() {
        // Node 1 above two sinks, labels 1, 0, 0: lowering node 1 to 0 and
        // giving both sinks one value, any value, loses for the opponent.
        let fork = dag(&[1, 1, 0], &[(0, 1), (0, 2)]);
        for x in [0, 3, MAX_ANSWER_VALUE] {
            assert_eq!(judge(&fork, Promise::Win(vec![0, x, x])), Ok(()));
        }
        // The first sample: 1 5 1 5 is the judge's answer, and the only one.
        let d = dag(&[2, 1, 1, 5], &[(0, 1), (2, 3)]);
        assert_eq!(judge(&d, Promise::Win(vec![1, 5, 1, 5])), Ok(()));
        let e = judge(&d, Promise::Lose).unwrap_err();
        assert!(e.starts_with("LOSE, but the first player wins"), "{e}");
        let e = judge(&d, Promise::Win(vec![2, 1, 1, 5])).unwrap_err();
        assert!(e.contains("no node is lowered"), "{e}");
        let e = judge(&d, Promise::Win(vec![1, 5, 0, 5])).unwrap_err();
        assert!(
            e.contains("node 3 also changed") || e.contains("node 1 is lowered"),
            "{e}"
        );
        let e = judge(&d, Promise::Win(vec![1, 1, 1, 5])).unwrap_err();
        assert!(e.contains("opponent wins (brute)"), "{e}");
        let e = judge(&d, Promise::Win(vec![1, MAX_ANSWER_VALUE + 1, 1, 5])).unwrap_err();
        assert!(e.contains("above 2*10^18"), "{e}");
        let e = judge(&d, Promise::Win(vec![1, 5, 1])).unwrap_err();
        assert!(e.contains("3 values for 4 nodes"), "{e}");
        // A losing position: any move is wrong, and LOSE is right.
        let lose = dag(&[1, 5, 1, 5], &[(0, 1), (2, 3)]);
        assert_eq!(judge(&lose, Promise::Lose), Ok(()));
        assert!(judge(&lose, Promise::Win(vec![0, 4, 1, 5])).is_err());
    }

    #[test]
    fn big_values_are_judged_by_the_grouping_theorem() {
        // The third sample: brute cannot search 9-bit values.
        let d = dag(&[314, 159, 265], &[(0, 1), (0, 2), (2, 1)]);
        let budget = Budget::default();
        let cap = ValueCap::default();
        let brute = |i: &ValuedDag| ElectionPromises::brute(i, &cap, &budget);
        assert!(brute(&d).is_err());
        let expected = Promise::Win(vec![0, 0, 0]);
        let check = |got: Vec<u64>| ElectionPromises::check(&d, &expected, &Promise::Win(got), &brute);
        assert_eq!(check(vec![0, 0, 0]), Ok(()));
        // Node 1 to 0, node 3 to 10^18, node 2 to 10^18: labels 2, 0, 1 give
        // X_0 = 10^18 and X_1 = 10^18, not losing.
        let big = 1_000_000_000_000_000_000;
        match check(vec![0, big, big]) {
            Err(Rejection::Because(why)) => assert!(why.contains("grouping theorem"), "{why}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_cap_is_checked() {
        assert!(ValueCap { bits: 0 }.check().unwrap_err().contains("`bits`"));
        assert!(ValueCap { bits: 9 }.check().is_err());
        assert_eq!(ValueCap { bits: 3 }.check(), Ok(()));
    }
}
