use brute::{Budget, TooBig};
use gen::dag::DagParams;
use gen::judge::{dag_game, forest_game};
use gen::Dag;
use solvers::dag_game::{as_forest_value, chain_value, reduce};

use crate::relations;
use engine::{Engine, NoOptions, Problem, Relation, RelationOf, Solver, SolverOf};
use engine::show::{Figure, Panel};
use crate::pictures;

/// The forest game generalized to DAGs (seed 004 §3.1): the first player's score.
pub struct DagGame;

fn total(d: &Dag) -> i64 {
    d.weights.iter().map(|&w| w as i64).sum()
}

fn first_score(d: &Dag, val: i64) -> u64 {
    ((total(d) + val) / 2) as u64
}

/// The conjecture "the three theorems hold wherever their conditions can be
/// checked on a DAG": reduce by them, then finish the remainder by brute force.
fn theorems(d: &Dag) -> u64 {
    let r = reduce(d);
    let val = chain_value(&r).unwrap_or_else(|| {
        r.offset
            + brute::dag::dag_value_signed(&r.weights, &r.arcs, &Budget::default())
                .expect("the reduced DAG is no larger than one brute already solved")
    });
    first_score(d, val)
}

const SOLVERS: &[SolverOf<DagGame>] = &[
    Solver {
        name: "theorems",
        run: theorems,
        default: true,
        about: "conjecture: fusion, inferior move and merge where checkable, brute on the rest",
        source: "solvers::dag_game",
    },
    Solver {
        name: "as-forest",
        run: |d| first_score(d, as_forest_value(d)),
        default: false,
        about: "naive conjecture: keep each node's last parent only and solve the forest",
        source: "solvers::dag_game",
    },
];

const RELATIONS: &[RelationOf<DagGame>] = &[
    Relation {
        name: "relabel",
        about: "nodes renamed, arcs shuffled: the same score",
        derive: |d, rng| Some(relations::relabelled_dag(d, rng)),
        holds: |_, a, b, _| relations::same(a, b),
    },
    Relation {
        name: "scale",
        about: "every weight times 2: the score times 2",
        derive: |d, _| {
            d.weights
                .iter()
                .all(|&w| w <= forest_game::MAX_WEIGHT / 2)
                .then(|| Dag {
                    weights: d.weights.iter().map(|&w| 2 * w).collect(),
                    arcs: d.arcs.clone(),
                })
        },
        holds: |_, a, b, _| {
            if a.checked_mul(2) == Some(*b) {
                Ok(())
            } else {
                Err(format!("the score {a} became {b} with every weight doubled"))
            }
        },
    },
];

impl Problem for DagGame {
    type Instance = Dag;
    type Answer = u64;
    type Judge = dag_game::Judge;
    type BruteOptions = NoOptions;
    type Params = DagParams;

    const CONFIG: &'static str = "dag";
    const BRUTE: &'static str = "brute::dag";
    const ENGINE: Engine = Engine::Scoring;

    fn size(d: &Dag) -> String {
        format!("n={} arcs={}", d.n(), d.arcs.len())
    }

    fn brute(d: &Dag, _: &NoOptions, budget: &Budget) -> Result<u64, TooBig> {
        brute::dag::first_score(&d.weights, &d.arcs, budget)
    }

    fn solvers() -> &'static [SolverOf<Self>] {
        SOLVERS
    }

    fn relations() -> &'static [RelationOf<Self>] {
        RELATIONS
    }

    fn draw(d: &Dag, _: &NoOptions, budget: &Budget) -> Option<Panel> {
        let mut g = pictures::rooted(d.n(), &d.arcs, true);
        g.roots.clear();
        for (node, w) in g.nodes.iter_mut().zip(&d.weights) {
            node.label = Some(format!("w={w}"));
        }
        let panel = pictures::with_answer::<Self>(Panel::new(Figure::Graph(g)), Self::brute(d, &NoOptions {}, budget));
        let line = brute::dag::principal_line(&d.weights, &d.arcs, budget);
        Some(pictures::with_line(panel, line, &d.weights))
    }
}
