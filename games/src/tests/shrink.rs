//! Shrinking keeps the verdict kind it started with.

use std::time::Duration;

use engine::builtin::subject::Builtin;
use engine::oracle::Oracle;
use engine::shrink::ByMoves;
use engine::subject::{reproduce, Subject};
use engine::verdict::{Contender, Kind};
use engine::{Solver, SolverOf};
use gen::tree::TreeParams;
use gen::{Family, Graph};

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
    let oracle = Oracle::<TreeGame>::brute(Default::default(), brute::Budget::default());
    let subject = Builtin::new(TreeParams::default(), vec![Contender::Builtin(&WRONG)], oracle, 1);
    let path = Graph::new(N, (1..N as u32).map(|v| (v - 1, v)).collect());
    let start = reproduce(&subject, 0, &[path], Kind::Mismatch).expect("the path fails");
    // The candidates do hold smaller trees, which panic.
    let moves = |g: &Graph| TreeParams::default().shrink(g);
    let by = ByMoves {
        subject: &subject,
        contender: 0,
        moves: &moves,
    };
    let panics = by
        .edits(&start.unit, 1)
        .iter()
        .map(|e| e.apply(&start.unit))
        .filter(|c| c[0].n < N)
        .filter(|c| reproduce(&subject, 0, c, Kind::Panic).is_some())
        .count();
    assert!(panics > 0);
    let shrunk = subject.shrink(0, start, Duration::from_secs(60));
    assert_eq!(shrunk.best.failure.kind, Kind::Mismatch);
    assert_eq!(shrunk.best.unit[0].n, N, "a panicking candidate was taken");
}
