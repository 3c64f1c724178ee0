use brute::{Budget, TooBig};
use gen::judge::staircase_nim;
use gen::piles::{Piles, StaircaseParams};

use crate::relations;
use engine::{Engine, NoOptions, Problem, Relation, RelationOf, Solver, SolverOf};
use crate::pictures;
use engine::show::Panel;

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

/// The relations rest on the staircase theorem: the first player loses iff
/// the XOR of the odd steps is 0 (stones on even steps only feed odd ones,
/// and a move from an even step is answered by moving the same stones on).
const RELATIONS: &[RelationOf<StaircaseNim>] = &[
    Relation {
        name: "bottom",
        about: "two empty steps put at the bottom: every step keeps its parity, the same winner",
        derive: |p, _| {
            (p.piles.len() + 2 <= staircase_nim::MAX_N).then(|| Piles {
                piles: [0, 0].iter().chain(&p.piles).copied().collect(),
                k: p.k,
            })
        },
        holds: |_, a, b, _| relations::same(a, b),
    },
    Relation {
        name: "even-steps",
        about: "even steps refilled at random in equal pairs (XOR 0): only odd steps count, the same winner",
        derive: |p, rng| {
            let max = p.piles.iter().copied().max().unwrap_or(0);
            let mut piles = p.piles.clone();
            // Index 1 is step 2. Equal pairs make the even steps XOR to 0, so
            // a solver that reads them flips its answer whenever they did not.
            let even: Vec<usize> = (1..piles.len()).step_by(2).collect();
            for pair in even.chunks(2) {
                let v = if pair.len() == 2 { rng.range(0, max) } else { 0 };
                for &i in pair {
                    piles[i] = v;
                }
            }
            Some(Piles { piles, k: p.k })
        },
        holds: |_, a, b, _| relations::same(a, b),
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

    fn relations() -> &'static [RelationOf<Self>] {
        RELATIONS
    }

    fn draw(p: &Piles, _: &NoOptions, budget: &Budget) -> Option<Panel> {
        let b = pictures::bars(p.piles.iter().copied(), |k| format!("step {}", k + 1));
        let panel = pictures::piles_panel(b, brute::piles::staircase(&p.piles, budget));
        Some(pictures::with_moves(panel, Self::winning_moves(p, &NoOptions {}, budget)))
    }

    fn winning_moves(p: &Piles, _: &NoOptions, budget: &Budget) -> Result<Option<Vec<String>>, TooBig> {
        pictures::options_within(p.piles.iter().sum(), budget)?;
        let mut moves = Vec::new();
        let mut after = p.piles.clone();
        for (i, &a) in p.piles.iter().enumerate() {
            for t in 1..=a {
                after[i] = a - t;
                if i > 0 {
                    after[i - 1] += t;
                }
                if brute::piles::staircase(&after, budget)? == 0 {
                    let to = if i == 0 { "out of play".to_string() } else { format!("to step {i}") };
                    moves.push(format!("move {t} from step {} {to}", i + 1));
                }
                after.clone_from(&p.piles);
            }
        }
        Ok(Some(moves))
    }

    fn table_value(p: &Piles, _: &NoOptions, budget: &Budget) -> Result<String, TooBig> {
        Ok(brute::piles::staircase(&p.piles, budget)?.to_string())
    }
}
