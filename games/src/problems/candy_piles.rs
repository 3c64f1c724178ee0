use brute::{Budget, TooBig};
use gen::candy::{CandyParams, CandyPiles};
use gen::judge::candy_piles;
use solvers::candy::{first_wins, wrong};

use crate::relations;
use engine::{Engine, NoOptions, Problem, Relation, RelationOf, Solver, SolverOf};
use engine::show::{Figure, Panel};
use crate::pictures;

/// Candy piles (agc002e): eat a largest pile or one from each; who eats the
/// last candy loses. First or Second.
pub struct CandyPilesGame;

const SOLVERS: &[SolverOf<CandyPilesGame>] = &[
    Solver {
        name: "fast",
        run: |c| first_wins(&c.a),
        default: true,
        about: "diagonal walk on the sorted piles' Young diagram, parities of the two arms, O(N log N)",
        source: "solvers::candy",
    },
    Solver {
        name: "wrong-unsorted",
        run: |c| wrong::unsorted(&c.a),
        default: false,
        about: "deliberately wrong: walks the piles in input order (smallest: 1 2)",
        source: "solvers::candy::wrong",
    },
    Solver {
        name: "wrong-row-arm-only",
        run: |c| wrong::row_arm_only(&c.a),
        default: false,
        about: "deliberately wrong: forgets the column arm (smallest: 1 1)",
        source: "solvers::candy::wrong",
    },
];

const RELATIONS: &[RelationOf<CandyPilesGame>] = &[Relation {
    name: "permute",
    about: "the piles in another order: the same winner",
    derive: |c, rng| {
        let mut a = c.a.clone();
        rng.shuffle(&mut a);
        Some(CandyPiles { a })
    },
    holds: |_, a, b, _| relations::same(a, b),
}];

impl Problem for CandyPilesGame {
    type Instance = CandyPiles;
    type Answer = bool;
    type Judge = candy_piles::Judge;
    type BruteOptions = NoOptions;
    type Params = CandyParams;

    const BRUTE: &'static str = "brute::candy";
    const ENGINE: Engine = Engine::WinLose;

    fn size(c: &CandyPiles) -> String {
        format!("n={} max={}", c.a.len(), c.a.iter().max().copied().unwrap_or(0))
    }

    fn brute(c: &CandyPiles, _: &NoOptions, budget: &Budget) -> Result<bool, TooBig> {
        brute::candy::first_wins(&c.a, budget)
    }

    fn solvers() -> &'static [SolverOf<Self>] {
        SOLVERS
    }

    fn relations() -> &'static [RelationOf<Self>] {
        RELATIONS
    }

    fn draw(c: &CandyPiles, _: &NoOptions, budget: &Budget) -> Option<Panel> {
        let b = pictures::bars(c.a.iter().map(|&a| u64::from(a)), |k| (k + 1).to_string());
        Some(pictures::with_answer::<Self>(Panel::new(Figure::Bars(b)), Self::brute(c, &NoOptions {}, budget)))
    }
}
