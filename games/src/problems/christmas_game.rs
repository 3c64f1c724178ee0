use brute::{Budget, TooBig};
use gen::cactus::CactusParams;
use gen::judge::christmas_game;
use gen::Graph;

use engine::{Engine, NoOptions, Problem, Relation, RelationOf, Solver, SolverOf};
use crate::pictures;
use engine::show::Panel;

/// Green Hackenbush on cactus forests (poj3710): does the first player (Sally) win?
pub struct ChristmasGame;

fn xor_of(graphs: &[Graph], grundy: fn(usize, &[(u32, u32)]) -> u32) -> u32 {
    graphs.iter().fold(0, |acc, g| acc ^ grundy(g.n, &g.edges))
}

const SOLVERS: &[SolverOf<ChristmasGame>] = &[
    Solver {
        name: "fast",
        run: |f| xor_of(f, solvers::hackenbush::grundy) != 0,
        default: true,
        about: "the general O(n + m) Hackenbush algorithm on each graph, XORed",
        source: "solvers::hackenbush",
    },
    Solver {
        name: "pendant-cycles",
        run: |f| xor_of(f, solvers::colon::pendant_cycles) != 0,
        default: false,
        about:
            "the classic POJ 3710 solution: right under the judge's guarantee (mode = \"poj\"), not on general cacti",
        source: "solvers::colon",
    },
    Solver {
        name: "wrong-cycles-even",
        run: |f| xor_of(f, solvers::wrong::cycles_even) != 0,
        default: false,
        about: "deliberately wrong: every cycle counted as even (smallest: a triangle)",
        source: "solvers::wrong",
    },
];

const RELATIONS: &[RelationOf<ChristmasGame>] = &[Relation {
    name: "double",
    about: "every graph twice in one case: a game plus itself, so Harry wins",
    derive: |graphs, _| {
        (2 * graphs.len() <= christmas_game::MAX_GRAPHS).then(|| graphs.iter().chain(graphs).cloned().collect())
    },
    holds: |_, _, b, _| {
        if *b {
            Err("Sally wins a game plus its own copy".into())
        } else {
            Ok(())
        }
    },
}];

impl Problem for ChristmasGame {
    type Instance = Vec<Graph>;
    type Answer = bool;
    type Judge = christmas_game::Judge;
    type BruteOptions = NoOptions;
    type Params = CactusParams;

    const CONFIG: &'static str = "cactus";
    const BRUTE: &'static str = "brute::hackenbush";
    const ENGINE: Engine = Engine::Impartial;

    fn size(f: &Vec<Graph>) -> String {
        let n: usize = f.iter().map(|g| g.n).sum();
        let m: usize = f.iter().map(|g| g.m()).sum();
        let graphs = if f.len() == 1 { "graph" } else { "graphs" };
        format!("{} {graphs}, n={n} m={m}", f.len())
    }

    /// Sally wins unless the largest graph's value is the XOR of the others': only that is
    /// asked of it, not its value. A graph's branches at the root isomorphic to ones this thread
    /// valued before are answered from their values ([`brute::hackenbush::known`]): most of a
    /// stress run's are.
    fn brute(f: &Vec<Graph>, _: &NoOptions, budget: &Budget) -> Result<bool, TooBig> {
        let Some(largest) = (0..f.len()).max_by_key(|&i| f[i].m()) else {
            return Ok(false);
        };
        let mut others = 0;
        for g in f.iter().take(largest).chain(&f[largest + 1..]) {
            others ^= brute::hackenbush::known::grundy(g.n, &g.edges, budget)?;
        }
        let g = &f[largest];
        Ok(!brute::hackenbush::known::grundy_is(g.n, &g.edges, others, budget)?)
    }

    fn solvers() -> &'static [SolverOf<Self>] {
        SOLVERS
    }

    fn relations() -> &'static [RelationOf<Self>] {
        RELATIONS
    }

    fn draw(f: &Vec<Graph>, _: &NoOptions, budget: &Budget) -> Option<Panel> {
        Some(pictures::hackenbush_sum(f, budget))
    }

    fn winning_moves(f: &Vec<Graph>, _: &NoOptions, budget: &Budget) -> Result<Option<Vec<String>>, TooBig> {
        pictures::hackenbush_sum_moves(f, budget).map(Some)
    }
}
