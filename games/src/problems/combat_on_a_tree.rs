use brute::{Budget, TooBig};
use gen::coloured_tree::{ColouredTree, ColouredTreeParams};
use gen::judge::combat_on_a_tree::{self, Moves};
use solvers::combat::{winning_moves, winning_moves_plain, wrong};

use crate::relations;
use engine::{Engine, NoOptions, Problem, Relation, RelationOf, Solver, SolverOf};

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
}
