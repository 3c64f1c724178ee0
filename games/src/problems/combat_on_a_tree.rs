use brute::{Budget, TooBig};
use gen::coloured_tree::{ColouredTree, ColouredTreeParams};
use gen::judge::combat_on_a_tree::{self, Moves};
use solvers::combat::{winning_moves, winning_moves_plain, wrong};

use crate::relations;
use engine::{Engine, NoOptions, Problem, Relation, RelationOf, Solver, SolverOf};
use engine::show::{Figure, Panel, Tone};
use crate::pictures;

/// Combat on a tree (SPOJ COT3): paint root paths black; every winning first move.
pub struct CombatOnATree;

const SOLVERS: &[SolverOf<CombatOnATree>] = &[
    Solver {
        name: "fast",
        run: |t| winning_moves(&t.black, &t.edges),
        default: true,
        about: "SG per subtree from tries of reachable values: XOR tags, merging, mex; O(n log n)",
        source: "solvers::combat",
    },
    Solver {
        name: "plain",
        run: |t| winning_moves_plain(&t.black, &t.edges),
        default: true,
        about: "the same recurrence on explicit sorted sets, values summed along each path; O(n^2)",
        source: "solvers::combat",
    },
    Solver {
        name: "wrong-path-child",
        run: |t| wrong::path_child_stays(&t.black, &t.edges),
        default: false,
        about: "wrong: keeps the painted path's child in the sum (S(u) instead of S(u) ^ SG(c))",
        source: "solvers::combat",
    },
];

const RELATIONS: &[RelationOf<CombatOnATree>] = &[Relation {
    name: "relabel",
    about: "vertices renamed (the root stays), edges shuffled: the same winning moves, renamed",
    derive: |t, rng| Some(relations::relabelled_coloured_tree(t, rng)),
    holds: |t, before, after, rng| {
        let names = relations::new_names(t.n(), rng);
        let mut renamed: Moves = before.iter().map(|&v| names[v as usize]).collect();
        renamed.sort_unstable();
        relations::same(&renamed, after)
    },
}];

impl Problem for CombatOnATree {
    type Instance = ColouredTree;
    type Answer = Moves;
    type Judge = combat_on_a_tree::Judge;
    type BruteOptions = NoOptions;
    type Params = ColouredTreeParams;

    const BRUTE: &'static str = "brute::combat";
    const ENGINE: Engine = Engine::Impartial;

    fn size(t: &ColouredTree) -> String {
        format!("n={} white={}", t.n(), t.whites())
    }

    fn brute(t: &ColouredTree, _: &NoOptions, budget: &Budget) -> Result<Moves, TooBig> {
        brute::combat::winning_moves(&t.black, &t.edges, budget)
    }

    fn solvers() -> &'static [SolverOf<Self>] {
        SOLVERS
    }

    fn relations() -> &'static [RelationOf<Self>] {
        RELATIONS
    }

    fn draw(t: &ColouredTree, _: &NoOptions, budget: &Budget) -> Option<Panel> {
        let mut g = pictures::rooted(t.n(), &t.edges, false);
        for (node, &black) in g.nodes.iter_mut().zip(&t.black) {
            if black {
                node.tone = Tone::Dark;
            }
        }
        let note = match brute::combat::winning_moves(&t.black, &t.edges, budget) {
            Ok(moves) if moves.is_empty() => "no winning first move: the position is lost (brute)".to_string(),
            Ok(moves) => {
                for &v in &moves {
                    g.nodes[v as usize].tone = Tone::Marked;
                }
                let names: Vec<String> = moves.iter().map(|v| (v + 1).to_string()).collect();
                format!("winning first moves marked (brute): {}", names.join(" "))
            }
            Err(e) => pictures::beyond("the winning moves", e),
        };
        Some(Panel::new(Figure::Graph(g)).note("black vertices filled").note(note))
    }

    fn winning_moves(t: &ColouredTree, _: &NoOptions, budget: &Budget) -> Result<Option<Vec<String>>, TooBig> {
        let moves = brute::combat::winning_moves(&t.black, &t.edges, budget)?;
        Ok(Some(
            moves
                .iter()
                .map(|v| format!("paint the path from the root to vertex {} black", v + 1))
                .collect(),
        ))
    }
}
