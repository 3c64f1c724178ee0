use brute::{Budget, TooBig};
use gen::even_split::MAX_N;
use gen::even_split::{EvenSplit, EvenSplitParams};
use gen::judge::jiangnan_le;
use solvers::even_split::{first_wins, first_wins_reachable, wrong};

use crate::relations;
use engine::{Engine, NoOptions, Problem, Relation, RelationOf, Solver, SolverOf};
use engine::show::{Figure, Panel, Sequence, MAX_NODES};
use crate::pictures;

/// Even splitting (luogu-p3235, HNOI 2014): who wins each test case.
pub struct JiangnanLe;

const SOLVERS: &[SolverOf<JiangnanLe>] = &[
    Solver {
        name: "fast",
        run: first_wins,
        default: true,
        about: "SG table up to the largest pile by floor-division blocks, O(V sqrt V)",
        source: "solvers::even_split",
    },
    Solver {
        name: "reachable",
        run: first_wins_reachable,
        default: true,
        about: "SG of the reachable pile sizes only, blocks enumerated by quotient",
        source: "solvers::even_split",
    },
    Solver {
        name: "wrong-halves-only",
        run: wrong::halves_only,
        default: false,
        about: "deliberately wrong: tries M = 2 only (smallest: one pile of 3, F = 1)",
        source: "solvers::even_split::wrong",
    },
    Solver {
        name: "wrong-one-per-block",
        run: wrong::one_per_block,
        default: false,
        about: "deliberately wrong: one M per floor-division block (smallest: one pile of 3, F = 1)",
        source: "solvers::even_split::wrong",
    },
    Solver {
        name: "wrong-strict-bound",
        run: wrong::strict_bound,
        default: false,
        about: "deliberately wrong: splits piles larger than F only (smallest: one pile of 2, F = 2)",
        source: "solvers::even_split::wrong",
    },
];

/// A random order of the `t` test cases: `order[new] = old`. `permute`
/// draws it first, so `holds` rebuilds it from the replayed generator.
fn case_order(t: usize, rng: &mut gen::Rng) -> Vec<usize> {
    relations::shuffled(&(0..t).collect::<Vec<_>>(), rng)
}

/// Whether a test case of `piles` fits twice within the judge's `N < 100`.
fn fits_twice(piles: &[u32]) -> bool {
    2 * piles.len() <= MAX_N
}

const RELATIONS: &[RelationOf<JiangnanLe>] = &[
    Relation {
        name: "permute",
        about: "the test cases and each case's piles in another order: the same answers, reordered",
        derive: |s, rng| {
            let order = case_order(s.games.len(), rng);
            let games = order.iter().map(|&k| relations::shuffled(&s.games[k], rng)).collect();
            Some(EvenSplit { f: s.f, games })
        },
        holds: |s, a, b, rng| {
            if a.len() != s.games.len() {
                return Err(format!("{} answers for {} test cases", a.len(), s.games.len()));
            }
            let order = case_order(s.games.len(), rng);
            let reordered: Vec<bool> = order.iter().map(|&k| a[k]).collect();
            relations::same(&reordered, b)
        },
    },
    Relation {
        name: "double",
        about: "each case's piles twice where N stays below 100: a sum with itself, the second player wins; other cases unchanged",
        derive: |s, _| {
            let games = s
                .games
                .iter()
                .map(|g| if fits_twice(g) { g.repeat(2) } else { g.clone() })
                .collect();
            Some(EvenSplit { f: s.f, games })
        },
        holds: |s, a, b, _| {
            let want: Vec<bool> = s.games.iter().zip(a).map(|(g, &a)| a && !fits_twice(g)).collect();
            relations::same(&want, b)
        },
    },
];

impl Problem for JiangnanLe {
    type Instance = EvenSplit;
    type Answer = Vec<bool>;
    type Judge = jiangnan_le::Judge;
    type BruteOptions = NoOptions;
    type Params = EvenSplitParams;

    const BRUTE: &'static str = "brute::even_split";
    const ENGINE: Engine = Engine::Impartial;

    fn size(s: &EvenSplit) -> String {
        let piles = s.games.iter().map(Vec::len).sum::<usize>();
        let max = s.games.iter().flatten().max().copied().unwrap_or(0);
        format!("t={} piles={piles} max={max} f={}", s.games.len(), s.f)
    }

    fn brute(s: &EvenSplit, _: &NoOptions, budget: &Budget) -> Result<Vec<bool>, TooBig> {
        brute::even_split::first_wins(s, budget)
    }

    fn solvers() -> &'static [SolverOf<Self>] {
        SOLVERS
    }

    fn relations() -> &'static [RelationOf<Self>] {
        RELATIONS
    }

    fn draw(s: &EvenSplit, _: &NoOptions, budget: &Budget) -> Option<Panel> {
        let rows = s
            .games
            .iter()
            .enumerate()
            .map(|(k, piles)| (format!("game {}", k + 1), pictures::cells(piles)))
            .collect();
        let mut panel = Panel::new(Figure::Sequence(Sequence { rows })).note(format!("piles of at least F = {} may be split", s.f));
        for (k, piles) in s.games.iter().enumerate().take(MAX_NODES) {
            panel.notes.push(match brute::even_split::grundy(s.f, piles, budget) {
                Ok(v) => format!("game {}: value {v} (brute)", k + 1),
                Err(e) => pictures::beyond(&format!("game {}'s value", k + 1), e),
            });
        }
        Some(panel)
    }

    /// The SG value of the first test case's sum (the judge asks only who wins).
    fn table_value(s: &EvenSplit, _: &NoOptions, budget: &Budget) -> Result<String, TooBig> {
        let first = s.games.first().map_or(&[][..], Vec::as_slice);
        Ok(brute::even_split::grundy(s.f, first, budget)?.to_string())
    }
}
