use brute::{Budget, TooBig};
use gen::judge::moore_nim;
use gen::piles::{MooreParams, Piles};

use crate::relations;
use engine::{Engine, NoOptions, Problem, Relation, RelationOf, Solver, SolverOf};
use crate::pictures;
use engine::show::Panel;

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

const RELATIONS: &[RelationOf<MooreNim>] = &[
    Relation {
        name: "permute",
        about: "the piles in another order: the same winner",
        derive: |p, rng| {
            Some(Piles {
                piles: relations::shuffled(&p.piles, rng),
                k: p.k,
            })
        },
        holds: |_, a, b, _| relations::same(a, b),
    },
    Relation {
        name: "copies",
        about:
            "every pile k + 1 times: every binary column's count is a multiple of k + 1, the second player wins (Moore)",
        derive: |p, _| {
            let copies = usize::try_from(p.k + 1).ok()?;
            (p.piles.len().checked_mul(copies)? <= moore_nim::MAX_N).then(|| Piles {
                piles: p.piles.repeat(copies),
                k: p.k,
            })
        },
        holds: |p, _, b, _| {
            relations::first_loses(
                *b,
                &format!(
                    "every pile {} times balances every column mod {} (Moore)",
                    p.k + 1,
                    p.k + 1
                ),
            )
        },
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

    fn relations() -> &'static [RelationOf<Self>] {
        RELATIONS
    }

    fn draw(p: &Piles, _: &NoOptions, budget: &Budget) -> Option<Panel> {
        let b = pictures::bars(p.piles.iter().copied(), |k| (k + 1).to_string());
        Some(pictures::piles_panel(b, brute::piles::moore(&p.piles, p.k, budget)).note(format!("a move takes from 1 to {} piles", p.k)))
    }

    fn table_value(p: &Piles, _: &NoOptions, budget: &Budget) -> Result<String, TooBig> {
        Ok(brute::piles::moore(&p.piles, p.k, budget)?.to_string())
    }
}
