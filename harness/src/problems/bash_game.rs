use brute::{Budget, TooBig};
use gen::judge::bash_game;
use gen::piles::{Bash, BashParams};

use crate::problem::{Engine, NoOptions, Problem, Solver, SolverOf};

/// Bash's game: one pile of `n`, a move takes 1 to `k`; its SG value.
pub struct BashGame;

const SOLVERS: &[SolverOf<BashGame>] = &[
    Solver {
        name: "fast",
        run: |b| solvers::piles::bash_grundy(b.n, b.k),
        default: true,
        about: "n mod (k + 1)",
        source: "solvers::piles",
    },
    Solver {
        name: "wrong-mod-k",
        run: |b| solvers::wrong_piles::bash_mod_k(b.n, b.k),
        default: false,
        about: "deliberately wrong: n mod k (smallest: n = 1, k = 1)",
        source: "solvers::wrong_piles",
    },
    Solver {
        name: "wrong-outcome",
        run: |b| solvers::wrong_piles::bash_outcome(b.n, b.k),
        default: false,
        about: "deliberately wrong: 1 or 0 for who wins, not the SG value (smallest: n = 2, k = 2)",
        source: "solvers::wrong_piles",
    },
];

impl Problem for BashGame {
    type Instance = Bash;
    type Answer = u64;
    type Judge = bash_game::Judge;
    type BruteOptions = NoOptions;
    type Params = BashParams;

    const BRUTE: &'static str = "brute::piles";
    const ENGINE: Engine = Engine::Impartial;

    fn size(b: &Bash) -> String {
        format!("n={} k={}", b.n, b.k)
    }

    fn brute(b: &Bash, _: &NoOptions, budget: &Budget) -> Result<u64, TooBig> {
        Ok(brute::piles::bash(b.n, b.k, budget)?.into())
    }

    fn solvers() -> &'static [SolverOf<Self>] {
        SOLVERS
    }
}
