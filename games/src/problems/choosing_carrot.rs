use brute::{Budget, TooBig};
use gen::judge::choosing_carrot;
use gen::row::{Carrots, RowParams};
use solvers::carrot::{answers, wrong};

use crate::relations;
use engine::{Engine, NoOptions, Problem, Relation, RelationOf, Solver, SolverOf};
use engine::show::{Figure, Panel, Sequence};
use crate::pictures;

/// Choosing Carrot (cf794e): remove ends, max against min, after `k` extra
/// moves of max; the last value for every `k`.
pub struct ChoosingCarrot;

const SOLVERS: &[SolverOf<ChoosingCarrot>] = &[
    Solver {
        name: "fast",
        run: |c| answers(&c.a),
        default: true,
        about: "middle rule per window, running maxima widening from the centre, O(n)",
        source: "solvers::carrot",
    },
    Solver {
        name: "wrong-middle-survives",
        run: |c| wrong::middle_survives(&c.a),
        default: false,
        about: "deliberately wrong: an odd window leaves its middle (smallest: 1 2 1)",
        source: "solvers::carrot::wrong",
    },
];

const RELATIONS: &[RelationOf<ChoosingCarrot>] = &[Relation {
    name: "reverse",
    about: "the row reversed: the same value for every k",
    derive: |c, _| {
        Some(Carrots {
            a: c.a.iter().rev().copied().collect(),
        })
    },
    holds: |_, a, b, _| relations::same(a, b),
}];

impl Problem for ChoosingCarrot {
    type Instance = Carrots;
    type Answer = Vec<u32>;
    type Judge = choosing_carrot::Judge;
    type BruteOptions = NoOptions;
    type Params = RowParams;

    const BRUTE: &'static str = "brute::carrot";
    const ENGINE: Engine = Engine::MinMax;

    fn size(c: &Carrots) -> String {
        format!("n={} max={}", c.a.len(), c.a.iter().max().copied().unwrap_or(0))
    }

    fn brute(c: &Carrots, _: &NoOptions, budget: &Budget) -> Result<Vec<u32>, TooBig> {
        brute::carrot::left_for_every_k(&c.a, budget)
    }

    fn solvers() -> &'static [SolverOf<Self>] {
        SOLVERS
    }

    fn relations() -> &'static [RelationOf<Self>] {
        RELATIONS
    }

    fn draw(c: &Carrots, _: &NoOptions, budget: &Budget) -> Option<Panel> {
        let rows = vec![("a".to_string(), pictures::cells(&c.a))];
        let panel = Panel::new(Figure::Sequence(Sequence { rows }));
        let panel = pictures::with_answer::<Self>(panel, Self::brute(c, &NoOptions {}, budget));
        // The game proper (k = 0): the line of each k would repeat most of it.
        let line = brute::carrot::principal_line(&c.a, 0, budget).map(|line| {
            let eat = |e: brute::carrot::Eaten| {
                let who = if e.oleg { "Oleg" } else { "Igor" };
                let end = if e.first { "first" } else { "last" };
                format!("{who} eats the {end} ({})", e.carrot)
            };
            line.into_iter().map(eat).collect()
        });
        Some(panel.note(format!("k = 0: {}", pictures::line_note(line))))
    }
}
