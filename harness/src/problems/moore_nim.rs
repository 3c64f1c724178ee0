use brute::{Budget, TooBig};
use gen::judge::moore_nim;
use gen::piles::{MooreParams, Piles};

use crate::problem::{Engine, NoOptions, Problem, Solver, SolverOf};

/// Moore's Nim_k: take from up to k piles at once; does the first player win?
pub struct MooreNim;

const SOLVERS: &[SolverOf<MooreNim>] = &[
    Solver {
        name: "fast",
        run: |p| solvers::piles::moore_first_wins(&p.piles, p.k),
        default: true,
        about: "Moore: some binary column's count is not 0 mod k + 1",
        source: "solvers::piles",
    },
    Solver {
        name: "wrong-plain-xor",
        run: |p| solvers::wrong_piles::moore_plain_xor(&p.piles, p.k),
        default: false,
        about: "deliberately wrong: the XOR, k ignored (smallest: 1 1 with k = 2)",
        source: "solvers::wrong_piles",
    },
    Solver {
        name: "wrong-mod-k",
        run: |p| solvers::wrong_piles::moore_mod_k(&p.piles, p.k),
        default: false,
        about: "deliberately wrong: columns mod k, not k + 1 (smallest: 1 with k = 1)",
        source: "solvers::wrong_piles",
    },
];

impl Problem for MooreNim {
    type Instance = Piles;
    type Answer = bool;
    type Judge = moore_nim::Judge;
    type BruteOptions = NoOptions;
    type Params = MooreParams;

    const BRUTE: &'static str = "brute::piles";
    const ENGINE: Engine = Engine::Impartial;

    fn size(p: &Piles) -> String {
        format!("{} k={}", super::nim::size_of_piles(p), p.k)
    }

    fn brute(p: &Piles, _: &NoOptions, budget: &Budget) -> Result<bool, TooBig> {
        Ok(brute::piles::moore(&p.piles, p.k, budget)? != 0)
    }

    fn solvers() -> &'static [SolverOf<Self>] {
        SOLVERS
    }

    fn table_value(p: &Piles, _: &NoOptions, budget: &Budget) -> Result<String, TooBig> {
        Ok(brute::piles::moore(&p.piles, p.k, budget)?.to_string())
    }
}
