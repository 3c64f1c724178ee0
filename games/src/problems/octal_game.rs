use brute::{Budget, TooBig};
use gen::judge::octal_game;
use gen::octal::{OctalParams, OctalPosition, MAX_HEAPS};
use solvers::octal::{grundy, plain_grundy, wrong, Values};

use crate::relations;
use engine::{Engine, NoOptions, Problem, Relation, RelationOf, Solver, SolverOf};
use engine::{PeriodProof, PeriodTheorem};
use crate::pictures;
use engine::show::Panel;

/// Octal games: the SG value of a row of heaps under a code.
pub struct OctalGame;

const SOLVERS: &[SolverOf<OctalGame>] = &[
    Solver {
        name: "fast",
        run: grundy,
        default: true,
        about: "values in order by sparse space, switching to the period once the theorem proves one",
        source: "solvers::octal",
    },
    Solver {
        name: "plain",
        run: plain_grundy,
        default: true,
        about: "every option of every heap, O(n^2 k)",
        source: "solvers::octal",
    },
    Solver {
        name: "wrong-no-splits",
        run: wrong::no_splits,
        default: false,
        about: "deliberately wrong: ignores two-heap moves (smallest: code 0.4, heap 3)",
        source: "solvers::octal::wrong",
    },
    Solver {
        name: "wrong-early-period",
        run: wrong::early_period,
        default: false,
        about: "deliberately wrong: trusts one repeated period, no theorem (smallest: code 0.2, heap 2)",
        source: "solvers::octal::wrong",
    },
];

const RELATIONS: &[RelationOf<OctalGame>] = &[
    Relation {
        name: "permute",
        about: "the heaps in another order: the same value",
        derive: |g, rng| {
            Some(OctalPosition {
                code: g.code.clone(),
                heaps: relations::shuffled(&g.heaps, rng),
            })
        },
        holds: |_, a, b, _| relations::same(a, b),
    },
    Relation {
        name: "double",
        about: "every heap twice: a sum with itself, value 0",
        derive: |g, _| {
            (2 * g.heaps.len() <= MAX_HEAPS).then(|| OctalPosition {
                code: g.code.clone(),
                heaps: g.heaps.repeat(2),
            })
        },
        holds: |_, _, b, _| {
            if *b == 0 {
                Ok(())
            } else {
                Err(format!("a sum with itself is worth {b}, not 0"))
            }
        },
    },
];

impl Problem for OctalGame {
    type Instance = OctalPosition;
    type Answer = u32;
    type Judge = octal_game::Judge;
    type BruteOptions = NoOptions;
    type Params = OctalParams;

    const BRUTE: &'static str = "brute::octal";
    const ENGINE: Engine = Engine::Impartial;

    fn size(g: &OctalPosition) -> String {
        let max = g.heaps.iter().max().copied().unwrap_or(0);
        format!("code={} k={} max={max}", g.code, g.heaps.len())
    }

    fn brute(g: &OctalPosition, _: &NoOptions, budget: &Budget) -> Result<u32, TooBig> {
        brute::octal::grundy(&g.code, &g.heaps, budget)
    }

    fn solvers() -> &'static [SolverOf<Self>] {
        SOLVERS
    }

    fn relations() -> &'static [RelationOf<Self>] {
        RELATIONS
    }

    /// One heap of `n`: its values are `g(n)`, which the sparse-space engine
    /// computes, and the Guy–Smith theorem proves their period.
    fn period_proof(g: &OctalPosition, key: &str) -> Option<PeriodProof> {
        if key != "n" || g.heaps.len() != 1 {
            return None;
        }
        let code = g.code.clone();
        Some(PeriodProof {
            theorem: PeriodTheorem::GuySmith { reach: code.reach() },
            engine: "solvers::octal",
            values: Box::new(move |up_to| {
                let values = Values::compute(&code, up_to);
                (0..=up_to).map(|n| values.get(n).into()).collect()
            }),
        })
    }

    fn draw(g: &OctalPosition, _: &NoOptions, budget: &Budget) -> Option<Panel> {
        let b = pictures::bars(g.heaps.iter().map(|&h| u64::from(h)), |k| (k + 1).to_string());
        Some(pictures::piles_panel(b, brute::octal::grundy(&g.code, &g.heaps, budget)).note(format!("octal code {}", g.code)))
    }
}
