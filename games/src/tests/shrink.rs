//! Shrinking keeps the verdict kind it started with.

use std::time::Duration;

use engine::oracle::Oracle;
use engine::shrink::{candidates, reproduce, shrink};
use engine::verdict::{Contender, Kind};
use engine::{Solver, SolverOf};
use gen::tree::TreeParams;
use gen::Graph;

use crate::problems::TreeGame;

/// The size of the failing instance.
const N: usize = 6;

/// Wrong on trees of `N` vertices, and panics on smaller ones: every
/// smaller candidate fails, but in another way.
fn wrong_then_panics(g: &Graph) -> bool {
    assert!(g.n >= N, "smaller than the instance it was found on");
    solvers::colon::tree_grundy(g.n, &g.edges) == 0
}

static WRONG: SolverOf<TreeGame> = Solver {
    name: "wrong-then-panics",
    run: wrong_then_panics,
    default: false,
    about: "",
    source: "",
};

#[test]
fn a_candidate_that_fails_another_way_is_never_taken() {
    let params = TreeParams::default();
    let contender = Contender::Builtin(&WRONG);
    let oracle = Oracle::<TreeGame>::brute(Default::default(), brute::Budget::default());
    let path = Graph::new(N, (1..N as u32).map(|v| (v - 1, v)).collect());
    let start = reproduce(&contender, &[path], Kind::Mismatch, &oracle).expect("the path fails");
    // The candidates do hold smaller trees, which panic.
    let smaller = candidates::<TreeGame>(&params, &start.unit);
    let panics = smaller
        .iter()
        .filter(|c| c[0].n < N)
        .filter(|c| reproduce(&contender, c, Kind::Panic, &oracle).is_some())
        .count();
    assert!(panics > 0);
    let shrunk = shrink(&params, &contender, start, &oracle, Duration::from_secs(60));
    assert_eq!(shrunk.best.failure.kind, Kind::Mismatch);
    assert_eq!(shrunk.best.unit[0].n, N, "a panicking candidate was taken");
}
