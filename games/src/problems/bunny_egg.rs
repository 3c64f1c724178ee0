use brute::{Budget, TooBig};
use gen::board::{Board, BoardParams, Cell};
use gen::judge::bunny_egg;
use solvers::bunny_egg::{mistakes, mistakes_forward, wrong};

use crate::relations;
use engine::{Engine, NoOptions, Problem, Relation, RelationOf, Solver, SolverOf};
use engine::show::{self, Figure, Panel, Tone};
use crate::pictures;

/// The bunny-and-egg board (noi2011, luogu-p1971): the first player's
/// mistakes in a game she lost.
pub struct BunnyEgg;

const SOLVERS: &[SolverOf<BunnyEgg>] = &[
    Solver {
        name: "fast",
        run: mistakes,
        default: true,
        about: "in every maximum matching: the record backwards, one augmenting path per cell",
        source: "solvers::bunny_egg",
    },
    Solver {
        name: "forward",
        run: mistakes_forward,
        default: true,
        about: "the same criterion forwards: remove each cell, re-augment from its partner",
        source: "solvers::bunny_egg",
    },
    Solver {
        name: "wrong-matched-once",
        run: wrong::matched_once,
        default: false,
        about: "deliberately wrong: matched in one greedy maximum matching, not in every one",
        source: "solvers::bunny_egg::wrong",
    },
];

/// `b` laid out on an `n x m` board with cell `(r, c)` at index `at(r, c)`,
/// the record's cells moved with it. `at` must keep neighbours neighbours,
/// so the game, move by move, is the same.
fn moved(b: &Board, n: usize, m: usize, at: impl Fn(usize, usize) -> usize) -> Board {
    let to = |i: usize| at(i / b.m, i % b.m);
    let mut cells = vec![Cell::Empty; b.cells.len()];
    for (i, &c) in b.cells.iter().enumerate() {
        cells[to(i)] = c;
    }
    Board {
        n,
        m,
        cells,
        moves: b.moves.iter().map(|&i| to(i as usize) as u32).collect(),
    }
}

const RELATIONS: &[RelationOf<BunnyEgg>] = &[
    Relation {
        name: "transpose",
        about: "rows and columns swapped, the record's cells with them: the same mistakes",
        derive: |b, _| Some(moved(b, b.m, b.n, |r, c| c * b.n + r)),
        holds: |_, a, b, _| relations::same(a, b),
    },
    Relation {
        name: "mirror",
        about: "each row reversed, the record's cells with it: the same mistakes",
        derive: |b, _| Some(moved(b, b.n, b.m, |r, c| r * b.m + (b.m - 1 - c))),
        holds: |_, a, b, _| relations::same(a, b),
    },
];

impl Problem for BunnyEgg {
    type Instance = Board;
    type Answer = Vec<u32>;
    type Judge = bunny_egg::Judge;
    type BruteOptions = NoOptions;
    type Params = BoardParams;

    const BRUTE: &'static str = "brute::bunny_egg";
    const ENGINE: Engine = Engine::WinLose;

    fn size(b: &Board) -> String {
        format!("n={} m={} k={}", b.n, b.m, b.moves.len() / 2)
    }

    fn brute(b: &Board, _: &NoOptions, budget: &Budget) -> Result<Vec<u32>, TooBig> {
        brute::bunny_egg::mistakes(b, budget)
    }

    fn solvers() -> &'static [SolverOf<Self>] {
        SOLVERS
    }

    fn relations() -> &'static [RelationOf<Self>] {
        RELATIONS
    }

    fn draw(b: &Board, _: &NoOptions, budget: &Budget) -> Option<Panel> {
        let cells = b
            .cells
            .iter()
            .map(|c| match c {
                Cell::White => show::Cell::new("O", Tone::Plain),
                Cell::Black => show::Cell::new("X", Tone::Dark),
                Cell::Empty => show::Cell::new(".", Tone::Marked),
            })
            .collect();
        let grid = show::Grid::new(b.n, b.m, cells);
        let record: Vec<String> = b
            .moves
            .iter()
            .map(|&c| format!("({},{})", c as usize / b.m + 1, c as usize % b.m + 1))
            .collect();
        let panel = Panel::new(Figure::Grid(grid))
            .note(format!("the record, {} moves, first player first: {}", record.len(), record.join(" ")));
        Some(pictures::with_answer::<Self>(panel, Self::brute(b, &NoOptions {}, budget)))
    }
}
