use brute::{Budget, TooBig};
use gen::judge::nim;
use gen::piles::{NimParams, Piles};

use engine::{Engine, NoOptions, Problem, Relation, RelationOf, Solver, SolverOf};
use crate::pictures;
use engine::show::Panel;

/// Nim (luogu-p2197), T cases: does the first player win?
pub struct Nim;

const SOLVERS: &[SolverOf<Nim>] = &[
    Solver {
        name: "fast",
        run: |p| solvers::piles::nim_sum(&p.piles) != 0,
        default: true,
        about: "Bouton: the XOR of the piles is not 0",
        source: "solvers::piles",
    },
    Solver {
        name: "columns",
        run: |p| solvers::piles::moore_first_wins(&p.piles, 1),
        default: true,
        about: "Moore's test with k = 1: some binary column has an odd count",
        source: "solvers::piles",
    },
    Solver {
        name: "wrong-or-not-xor",
        run: |p| solvers::wrong_piles::nim_or(&p.piles),
        default: false,
        about: "deliberately wrong: OR instead of XOR (smallest: 1 1)",
        source: "solvers::wrong_piles",
    },
    Solver {
        name: "wrong-sum-parity",
        run: |p| solvers::wrong_piles::nim_sum_parity(&p.piles),
        default: false,
        about: "deliberately wrong: the parity of the total (smallest: one pile of 2)",
        source: "solvers::wrong_piles",
    },
];

const RELATIONS: &[RelationOf<Nim>] = &[Relation {
    name: "double",
    about: "every pile twice: a game plus itself, so the second player wins",
    derive: |p, _| {
        (2 * p.piles.len() <= nim::MAX_N).then(|| Piles {
            piles: p.piles.iter().chain(&p.piles).copied().collect(),
            k: p.k,
        })
    },
    holds: |_, _, b, _| {
        if *b {
            Err("the first player wins a game plus its own copy".into())
        } else {
            Ok(())
        }
    },
}];

impl Problem for Nim {
    type Instance = Piles;
    type Answer = bool;
    type Judge = nim::Judge;
    type BruteOptions = NoOptions;
    type Params = NimParams;

    const BRUTE: &'static str = "brute::piles";
    const ENGINE: Engine = Engine::Impartial;

    fn size(p: &Piles) -> String {
        size_of_piles(p)
    }

    fn brute(p: &Piles, _: &NoOptions, budget: &Budget) -> Result<bool, TooBig> {
        Ok(brute::piles::nim(&p.piles, budget)? != 0)
    }

    fn solvers() -> &'static [SolverOf<Self>] {
        SOLVERS
    }

    fn relations() -> &'static [RelationOf<Self>] {
        RELATIONS
    }

    fn draw(p: &Piles, _: &NoOptions, budget: &Budget) -> Option<Panel> {
        let panel = pictures::piles_panel(pictures::bars(p.piles.iter().copied(), |k| (k + 1).to_string()), brute::piles::nim(&p.piles, budget));
        Some(pictures::with_moves(panel, Self::winning_moves(p, &NoOptions {}, budget)))
    }

    fn winning_moves(p: &Piles, _: &NoOptions, budget: &Budget) -> Result<Option<Vec<String>>, TooBig> {
        pictures::options_within(p.piles.iter().sum(), budget)?;
        let mut positions = brute::piles::NimPositions::new(&p.piles, budget)?;
        let mut moves = Vec::new();
        let mut after = p.piles.clone();
        for (i, &a) in p.piles.iter().enumerate() {
            for left in 0..a {
                after[i] = left;
                if positions.value(&after)? == 0 {
                    moves.push(format!("take {} from pile {}, leaving {left}", a - left, i + 1));
                }
            }
            after[i] = a;
        }
        Ok(Some(moves))
    }

    fn table_value(p: &Piles, _: &NoOptions, budget: &Budget) -> Result<String, TooBig> {
        Ok(brute::piles::nim(&p.piles, budget)?.to_string())
    }
}

/// `n=3 max=7`: the piles (steps) and the largest.
pub(super) fn size_of_piles(p: &Piles) -> String {
    format!("n={} max={}", p.piles.len(), p.piles.iter().max().unwrap_or(&0))
}
