use brute::{Budget, TooBig};
use gen::judge::forest_game;
use gen::weighted_tree::WeightedTreeParams;
use gen::WeightedTree;
use solvers::forest_game::{first_score_fast, first_score_plain, parents_from_edges};

use crate::relations;
use engine::{Engine, NoOptions, Problem, Relation, RelationOf, Solver, SolverOf};
use engine::show::{Figure, Panel};
use crate::pictures;

/// The forest game (qoj5092): players take roots of a weighted tree; the first player's score.
pub struct ForestGame;

fn parents(t: &WeightedTree) -> Vec<Option<u32>> {
    parents_from_edges(t.weights.len(), &t.edges, 0)
}

/// The tree as arcs parent -> child, the form brute's DAG game takes.
pub(super) fn arcs(t: &WeightedTree) -> Vec<(u32, u32)> {
    parents(t)
        .iter()
        .enumerate()
        .filter_map(|(v, p)| p.map(|p| (p, v as u32)))
        .collect()
}

const SOLVERS: &[SolverOf<ForestGame>] = &[
    Solver {
        name: "fast",
        run: |t| first_score_fast(&t.weights, &parents(t)),
        default: true,
        about: "fusion, inferior move and merge on mergeable heaps, O(n log^2 n)",
        source: "solvers::forest_game",
    },
    Solver {
        name: "plain",
        run: |t| first_score_plain(&t.weights, &parents(t)),
        default: true,
        about: "the same three reductions on sorted vectors, O(n^2)",
        source: "solvers::forest_game",
    },
];

const RELATIONS: &[RelationOf<ForestGame>] = &[
    Relation {
        name: "relabel",
        about: "nodes renamed (the root stays), edges shuffled: the same score",
        derive: |t, rng| Some(relations::relabelled_tree(t, rng)),
        holds: |_, a, b, _| relations::same(a, b),
    },
    Relation {
        name: "scale",
        about: "every weight times 2: the score times 2",
        derive: |t, _| relations::scaled(t, 2, forest_game::MAX_WEIGHT),
        holds: |_, a, b, _| {
            if a.checked_mul(2) == Some(*b) {
                Ok(())
            } else {
                Err(format!("the score {a} became {b} with every weight doubled"))
            }
        },
    },
];

impl Problem for ForestGame {
    type Instance = WeightedTree;
    type Answer = u64;
    type Judge = forest_game::Judge;
    type BruteOptions = NoOptions;
    type Params = WeightedTreeParams;

    const CONFIG: &'static str = "forest";
    const BRUTE: &'static str = "brute::dag";
    const ENGINE: Engine = Engine::Scoring;

    fn size(t: &WeightedTree) -> String {
        format!(
            "n={} max weight {}",
            t.weights.len(),
            t.weights.iter().max().unwrap_or(&0)
        )
    }

    fn brute(t: &WeightedTree, _: &NoOptions, budget: &Budget) -> Result<u64, TooBig> {
        brute::dag::first_score(&t.weights, &arcs(t), budget)
    }

    fn solvers() -> &'static [SolverOf<Self>] {
        SOLVERS
    }

    fn relations() -> &'static [RelationOf<Self>] {
        RELATIONS
    }

    fn draw(t: &WeightedTree, _: &NoOptions, budget: &Budget) -> Option<Panel> {
        let mut g = pictures::rooted(t.weights.len(), &t.edges, false);
        for (node, w) in g.nodes.iter_mut().zip(&t.weights) {
            node.label = Some(format!("w={w}"));
        }
        let panel = pictures::with_answer::<Self>(Panel::new(Figure::Graph(g)), Self::brute(t, &NoOptions {}, budget));
        let line = brute::dag::principal_line(&t.weights, &arcs(t), budget);
        Some(pictures::with_line(panel, line, &t.weights))
    }
}
