use brute::{Budget, TooBig};
use gen::judge::nullify_matrix;
use gen::matrix::{Matrix, MatrixParams};
use serde::{Deserialize, Serialize};
use solvers::nullify::{first_wins, wrong};

use crate::relations;
use engine::{BruteOptions, Engine, Problem, Relation, RelationOf, Solver, SolverOf};
use engine::show::{self, Figure, Panel, Tone};
use crate::pictures;

/// Nullify the matrix (cf1451f), t cases: does the first player win?
pub struct NullifyMatrix;

/// The `[brute]` table: moves set cells only to values below `2^b`, `b` the
/// larger of `bits` and the bit length of the instance's largest value
/// (`brute::nullify` says why the winner does not depend on it).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Cap {
    pub bits: u32,
}

impl Default for Cap {
    fn default() -> Self {
        Cap { bits: 1 }
    }
}

impl BruteOptions for Cap {
    fn check(&self) -> Result<(), String> {
        match self.bits {
            1..=8 => Ok(()),
            b => Err(format!("`bits` = {b} must lie within [1, 8]")),
        }
    }
}

const SOLVERS: &[SolverOf<NullifyMatrix>] = &[
    Solver {
        name: "fast",
        run: first_wins,
        default: true,
        about: "some anti-diagonal's XOR is not 0",
        source: "solvers::nullify",
    },
    Solver {
        name: "wrong-all-cells",
        run: wrong::all_cells,
        default: false,
        about: "deliberately wrong: the XOR of every cell (smallest: 1 1 in a row or a column)",
        source: "solvers::nullify::wrong",
    },
    Solver {
        name: "wrong-main-diagonals",
        run: wrong::main_diagonals,
        default: false,
        about: "deliberately wrong: diagonals r - c, not r + c (smallest: 2 x 2 with two ones on a diagonal)",
        source: "solvers::nullify::wrong",
    },
];

const RELATIONS: &[RelationOf<NullifyMatrix>] = &[Relation {
    name: "transpose",
    about: "the matrix transposed (anti-diagonals map to themselves): the same winner",
    derive: |x, _| {
        let a = (0..x.m * x.n).map(|k| x.a[(k % x.n) * x.m + k / x.n]).collect();
        Some(Matrix { n: x.m, m: x.n, a })
    },
    holds: |_, a, b, _| relations::same(a, b),
}];

impl Problem for NullifyMatrix {
    type Instance = Matrix;
    type Answer = bool;
    type Judge = nullify_matrix::Judge;
    type BruteOptions = Cap;
    type Params = MatrixParams;

    const BRUTE: &'static str = "brute::nullify";
    const ENGINE: Engine = Engine::WinLose;

    fn size(x: &Matrix) -> String {
        format!("n={} m={} max={}", x.n, x.m, x.a.iter().max().unwrap_or(&0))
    }

    fn brute(x: &Matrix, cap: &Cap, budget: &Budget) -> Result<bool, TooBig> {
        brute::nullify::first_wins(x, cap.bits, budget)
    }

    fn solvers() -> &'static [SolverOf<Self>] {
        SOLVERS
    }

    fn relations() -> &'static [RelationOf<Self>] {
        RELATIONS
    }

    fn draw(x: &Matrix, cap: &Cap, budget: &Budget) -> Option<Panel> {
        let cells = x
            .a
            .iter()
            .map(|&v| show::Cell::new(v, if v == 0 { Tone::Plain } else { Tone::Marked }))
            .collect();
        let grid = show::Grid::new(x.n, x.m, cells);
        let panel = Panel::new(Figure::Grid(grid)).note("non-zero cells shaded");
        Some(pictures::with_answer::<Self>(panel, Self::brute(x, cap, budget)))
    }
}
