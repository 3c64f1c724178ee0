use brute::{Budget, TooBig};
use gen::board::{Board, BoardParams};
use gen::judge::bunny_egg;
use solvers::bunny_egg::{mistakes, mistakes_forward, wrong};

use crate::problem::{Engine, NoOptions, Problem, Solver, SolverOf};

/// The bunny-and-egg board (noi2011, luogu-p1971): the first player's
/// mistakes in a game she lost.
pub struct BunnyEgg;

const SOLVERS: &[SolverOf<BunnyEgg>] = &[
    Solver {
        name: "fast",
        run: mistakes,
        default: true,
        about: "in every maximum matching: the record backwards, one augmenting path per cell",
        source: "solvers::bunny_egg",
    },
    Solver {
        name: "forward",
        run: mistakes_forward,
        default: true,
        about: "the same criterion forwards: remove each cell, re-augment from its partner",
        source: "solvers::bunny_egg",
    },
    Solver {
        name: "wrong-matched-once",
        run: wrong::matched_once,
        default: false,
        about: "deliberately wrong: matched in one greedy maximum matching, not in every one",
        source: "solvers::bunny_egg::wrong",
    },
];

impl Problem for BunnyEgg {
    type Instance = Board;
    type Answer = Vec<u32>;
    type Judge = bunny_egg::Judge;
    type BruteOptions = NoOptions;
    type Params = BoardParams;

    const BRUTE: &'static str = "brute::bunny_egg";
    const ENGINE: Engine = Engine::WinLose;

    fn size(b: &Board) -> String {
        format!("n={} m={} k={}", b.n, b.m, b.moves.len() / 2)
    }

    fn brute(b: &Board, _: &NoOptions, budget: &Budget) -> Result<Vec<u32>, TooBig> {
        brute::bunny_egg::mistakes(b, budget)
    }

    fn solvers() -> &'static [SolverOf<Self>] {
        SOLVERS
    }
}
