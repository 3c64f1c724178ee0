use brute::{Budget, TooBig};
use gen::judge::green_hackenbush;
use gen::multigraph::MultigraphParams;
use gen::Graph;

use crate::relations;
use engine::{Engine, NoOptions, Problem, Relation, RelationOf, Solver, SolverOf};
use crate::pictures;
use engine::show::Panel;

/// Green Hackenbush on a rooted multigraph (soj366): the SG value.
pub struct GreenHackenbush;

const SOLVERS: &[SolverOf<GreenHackenbush>] = &[
    Solver {
        name: "fast",
        run: |g| solvers::hackenbush::grundy(g.n, &g.edges),
        default: true,
        about: "O(n + m): bridges, 2-edge-connected contraction with loop parity, colon principle",
        source: "solvers::hackenbush",
    },
    Solver {
        name: "wrong-ignore-loops",
        run: |g| solvers::wrong::ignore_loops(g.n, &g.edges),
        default: false,
        about: "deliberately wrong: drops self-loops (smallest counterexample: 1 edge)",
        source: "solvers::wrong",
    },
    Solver {
        name: "wrong-sum-not-xor",
        run: |g| solvers::wrong::sum_not_xor(g.n, &g.edges),
        default: false,
        about: "deliberately wrong: colon principle with + instead of XOR (smallest: 2 edges)",
        source: "solvers::wrong",
    },
    Solver {
        name: "wrong-cycles-even",
        run: |g| solvers::wrong::cycles_even(g.n, &g.edges),
        default: false,
        about: "deliberately wrong: every cycle counted as even (smallest: 3 edges)",
        source: "solvers::wrong",
    },
    Solver {
        name: "wrong-parent-by-vertex",
        run: |g| solvers::wrong::parent_by_vertex(g.n, &g.edges),
        default: false,
        about: "deliberately wrong: Tarjan skips the parent by vertex, not edge id (smallest: 2 edges)",
        source: "solvers::wrong",
    },
];

const RELATIONS: &[RelationOf<GreenHackenbush>] = &[
    Relation {
        name: "relabel",
        about: "vertices renamed, edges shuffled and flipped: the same value",
        derive: |g, rng| Some(relations::relabelled(g, rng)),
        holds: |_, a, b, _| relations::same(a, b),
    },
    Relation {
        name: "double",
        about: "two copies glued at the root: a game plus itself is worth 0",
        derive: |g, _| relations::doubled(g, green_hackenbush::MAX_N, green_hackenbush::MAX_M),
        holds: |_, _, b, _| {
            if *b == 0 {
                Ok(())
            } else {
                Err(format!("the doubled graph is worth {b}, not 0"))
            }
        },
    },
];

impl Problem for GreenHackenbush {
    type Instance = Graph;
    type Answer = u32;
    type Judge = green_hackenbush::Judge;
    type BruteOptions = NoOptions;
    type Params = MultigraphParams;

    const CONFIG: &'static str = "multigraph";
    const BRUTE: &'static str = "brute::hackenbush";
    const ENGINE: Engine = Engine::Impartial;

    fn size(g: &Graph) -> String {
        super::size_of_graph(g)
    }

    fn brute(g: &Graph, _: &NoOptions, budget: &Budget) -> Result<u32, TooBig> {
        brute::hackenbush::grundy(g.n, &g.edges, budget)
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
