use brute::{Budget, TooBig};
use gen::judge::tree_game;
use gen::tree::TreeParams;
use gen::Graph;

use crate::relations;
use engine::{Engine, NoOptions, Problem, Relation, RelationOf, Solver, SolverOf};
use crate::pictures;
use engine::show::Panel;

/// Green Hackenbush on trees (hdu3094): does the first player (Alice) win?
pub struct TreeGame;

const SOLVERS: &[SolverOf<TreeGame>] = &[
    Solver {
        name: "fast",
        run: |g| solvers::colon::tree_grundy(g.n, &g.edges) != 0,
        default: true,
        about: "colon principle, leaves peeled toward the root, neighbours kept as an XOR: no adjacency; O(n)",
        source: "solvers::colon",
    },
    Solver {
        name: "general",
        run: |g| solvers::hackenbush::grundy(g.n, &g.edges) != 0,
        default: true,
        about: "the general O(n + m) Hackenbush algorithm, written independently",
        source: "solvers::hackenbush",
    },
    Solver {
        name: "wrong-sum-not-xor",
        run: |g| solvers::wrong::sum_not_xor(g.n, &g.edges) != 0,
        default: false,
        about: "deliberately wrong: colon principle with + instead of XOR (smallest: 3 vertices)",
        source: "solvers::wrong",
    },
    Solver {
        name: "wrong-small-arrays",
        run: |g| solvers::wrong::small_arrays(g.n, &g.edges) != 0,
        default: false,
        about: "deliberately wrong: arrays sized for the sample, panics past 8 vertices (smallest: 9)",
        source: "solvers::wrong",
    },
];

const RELATIONS: &[RelationOf<TreeGame>] = &[
    Relation {
        name: "relabel",
        about: "vertices renamed, edges shuffled and flipped: the same winner",
        derive: |g, rng| Some(relations::relabelled(g, rng)),
        holds: |_, a, b, _| relations::same(a, b),
    },
    Relation {
        name: "double",
        about: "two copies glued at the root: a game plus itself, so Bob wins",
        derive: |g, _| relations::doubled(g, tree_game::MAX_N, tree_game::MAX_N - 1),
        holds: |_, _, b, _| {
            if *b {
                Err("Alice wins a game plus its own copy".into())
            } else {
                Ok(())
            }
        },
    },
];

impl Problem for TreeGame {
    type Instance = Graph;
    type Answer = bool;
    type Judge = tree_game::Judge;
    type BruteOptions = NoOptions;
    type Params = TreeParams;

    const CONFIG: &'static str = "tree";
    const BRUTE: &'static str = "brute::hackenbush";
    const ENGINE: Engine = Engine::Impartial;

    fn size(g: &Graph) -> String {
        format!("n={}", g.n)
    }

    fn brute(g: &Graph, _: &NoOptions, budget: &Budget) -> Result<bool, TooBig> {
        Ok(!brute::hackenbush::grundy_is(g.n, &g.edges, 0, budget)?)
    }

    fn table_value(g: &Graph, _: &NoOptions, budget: &Budget) -> Result<String, TooBig> {
        Ok(brute::hackenbush::grundy(g.n, &g.edges, budget)?.to_string())
    }

    fn solvers() -> &'static [SolverOf<Self>] {
        SOLVERS
    }

    fn relations() -> &'static [RelationOf<Self>] {
        RELATIONS
    }

    fn draw(g: &Graph, _: &NoOptions, budget: &Budget) -> Option<Panel> {
        Some(pictures::hackenbush(g.n, &g.edges, budget))
    }

    fn winning_moves(g: &Graph, _: &NoOptions, budget: &Budget) -> Result<Option<Vec<String>>, TooBig> {
        pictures::hackenbush_moves(g.n, &g.edges, budget)
    }
}
