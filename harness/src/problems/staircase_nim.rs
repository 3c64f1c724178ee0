use brute::{Budget, TooBig};
use gen::judge::staircase_nim;
use gen::piles::{Piles, StaircaseParams};

use crate::problem::{Engine, NoOptions, Problem, Solver, SolverOf};

/// Staircase Nim: stones move down one step at a time; does the first player win?
pub struct StaircaseNim;

const SOLVERS: &[SolverOf<StaircaseNim>] = &[
    Solver {
        name: "fast",
        run: |p| solvers::piles::odd_steps_sum(&p.piles) != 0,
        default: true,
        about: "the XOR of the odd steps is not 0",
        source: "solvers::piles",
    },
    Solver {
        name: "wrong-even-steps",
        run: |p| solvers::wrong_piles::staircase_even_steps(&p.piles),
        default: false,
        about: "deliberately wrong: the XOR of the even steps (smallest: 1 on step 1)",
        source: "solvers::wrong_piles",
    },
    Solver {
        name: "wrong-all-steps",
        run: |p| solvers::wrong_piles::staircase_all_steps(&p.piles),
        default: false,
        about: "deliberately wrong: plain Nim on every step (smallest: 0 1)",
        source: "solvers::wrong_piles",
    },
];

impl Problem for StaircaseNim {
    type Instance = Piles;
    type Answer = bool;
    type Judge = staircase_nim::Judge;
    type BruteOptions = NoOptions;
    type Params = StaircaseParams;

    const BRUTE: &'static str = "brute::piles";
    const ENGINE: Engine = Engine::Impartial;

    fn size(p: &Piles) -> String {
        super::nim::size_of_piles(p)
    }

    fn brute(p: &Piles, _: &NoOptions, budget: &Budget) -> Result<bool, TooBig> {
        Ok(brute::piles::staircase(&p.piles, budget)? != 0)
    }

    fn solvers() -> &'static [SolverOf<Self>] {
        SOLVERS
    }

    fn table_value(p: &Piles, _: &NoOptions, budget: &Budget) -> Result<String, TooBig> {
        Ok(brute::piles::staircase(&p.piles, budget)?.to_string())
    }
}
