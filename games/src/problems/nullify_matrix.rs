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

/// A move from `x` to `o` in words, cells 1-based: `lower (1, 2) from 3 to 1, set (2, 2) to 0`.
/// The start is the first cell that changed: every other cell of a move's path lies below or
/// right of it. Path cells left as they were are not named.
fn change(x: &Matrix, o: &Matrix) -> String {
    let cell = |k: usize| format!("({}, {})", k / x.m + 1, k % x.m + 1);
    let mut changed = (0..x.a.len()).filter(|&k| x.a[k] != o.a[k]);
    let start = changed.next().expect("a move changes its start");
    let mut words = format!("lower {} from {} to {}", cell(start), x.a[start], o.a[start]);
    let set: Vec<String> = changed.map(|k| format!("{} to {}", cell(k), o.a[k])).collect();
    if !set.is_empty() {
        words += &format!(", set {}", set.join(", "));
    }
    words + ", leaving a lost position"
}

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
        let panel = pictures::with_answer::<Self>(panel, Self::brute(x, cap, budget));
        Some(pictures::with_moves(panel, Self::winning_moves(x, cap, budget)))
    }

    /// Every position one move away (brute's own list of them, each once) that brute calls
    /// lost, named by the cells the move changes: the start, lowered, then the path's cells set.
    fn winning_moves(x: &Matrix, cap: &Cap, budget: &Budget) -> Result<Option<Vec<String>>, TooBig> {
        let options = brute::nullify::options(x, cap.bits, budget)?;
        pictures::options_within(options.len() as u64, budget)?;
        let mut found = Vec::new();
        for o in options {
            if !brute::nullify::first_wins(&o, cap.bits, budget)? {
                found.push(change(x, &o));
            }
        }
        Ok(Some(found))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(n: usize, m: usize, a: &[u32], bits: u32) -> Vec<String> {
        let x = Matrix { n, m, a: a.to_vec() };
        NullifyMatrix::winning_moves(&x, &Cap { bits }, &Budget::new(100_000))
            .unwrap()
            .unwrap()
    }

    #[test]
    fn the_winning_moves_by_hand() {
        // One cell of 3: only lowering it to 0 leaves nothing to move.
        assert_eq!(moves(1, 1, &[3], 2), ["lower (1, 1) from 3 to 0, leaving a lost position"]);
        // 1 x 2 [1 1]: the first 1 to 0 with the second set to 0 empties the row; setting it to
        // 1 leaves [0 1], won by lowering it; lowering the second leaves [1 0], won by emptying.
        assert_eq!(
            moves(1, 2, &[1, 1], 1),
            ["lower (1, 1) from 1 to 0, set (1, 2) to 0, leaving a lost position"]
        );
        // 2 x 2 [0 1 / 1 0] is lost: no winning move.
        assert!(moves(2, 2, &[0, 1, 1, 0], 1).is_empty());
    }
}
