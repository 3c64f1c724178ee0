use brute::{Budget, TooBig};
use gen::judge::tree_game;
use gen::tree::TreeParams;
use gen::Graph;

use crate::problem::{Problem, Solver, SolverOf};

/// Green Hackenbush on trees (hdu3094): does the first player (Alice) win?
pub struct TreeGame;

const SOLVERS: &[SolverOf<TreeGame>] = &[
    Solver {
        name: "fast",
        run: |g| solvers::hackenbush::grundy(g.n, &g.edges) != 0,
        default: true,
        about: "the general O(n + m) Hackenbush algorithm",
    },
    Solver {
        name: "colon",
        run: |g| solvers::colon::tree_grundy(g.n, &g.edges) != 0,
        default: true,
        about: "colon principle on the tree alone, written independently",
    },
    Solver {
        name: "wrong-sum-not-xor",
        run: |g| solvers::wrong::sum_not_xor(g.n, &g.edges) != 0,
        default: false,
        about: "deliberately wrong: colon principle with + instead of XOR (smallest: 3 vertices)",
    },
    Solver {
        name: "wrong-small-arrays",
        run: |g| solvers::wrong::small_arrays(g.n, &g.edges) != 0,
        default: false,
        about: "deliberately wrong: arrays sized for the sample, panics past 8 vertices (smallest: 9)",
    },
];

impl Problem for TreeGame {
    type Instance = Graph;
    type Answer = bool;
    type Judge = tree_game::Judge;
    type Params = TreeParams;

    const NAME: &'static str = "tree-game";
    const ALIASES: &'static [&'static str] = &["hdu3094"];
    const ABOUT: &'static str = "Green Hackenbush on a rooted tree: Alice (first) or Bob wins";
    const CONFIG: &'static str = "tree";

    fn size(g: &Graph) -> String {
        format!("n={}", g.n)
    }

    fn brute(g: &Graph, budget: &Budget) -> Result<bool, TooBig> {
        Ok(brute::hackenbush::grundy(g.n, &g.edges, budget)? != 0)
    }

    fn solvers() -> &'static [SolverOf<Self>] {
        SOLVERS
    }
}
