use brute::{Budget, TooBig};
use gen::judge::octal_game;
use gen::octal::{OctalParams, OctalPosition, MAX_HEAPS};
use solvers::octal::{grundy, plain_grundy, wrong, Values};

use crate::relations;
use engine::{Engine, NoOptions, Problem, Relation, RelationOf, Solver, SolverOf};
use engine::{PeriodProof, PeriodTheorem};
use crate::pictures;
use engine::show::Panel;
use engine::interactive::Game;

use crate::interactive::octal::OctalMove;
use crate::interactive::OctalGameInteractive;

/// Octal games: the SG value of a row of heaps under a code.
pub struct OctalGame;

const SOLVERS: &[SolverOf<OctalGame>] = &[
    Solver {
        name: "fast",
        run: grundy,
        default: true,
        about: "values in order by sparse space, switching to the period once the theorem proves one",
        source: "solvers::octal",
    },
    Solver {
        name: "plain",
        run: plain_grundy,
        default: true,
        about: "every option of every heap, O(n^2 k)",
        source: "solvers::octal",
    },
    Solver {
        name: "wrong-no-splits",
        run: wrong::no_splits,
        default: false,
        about: "deliberately wrong: ignores two-heap moves (smallest: code 0.4, heap 3)",
        source: "solvers::octal::wrong",
    },
    Solver {
        name: "wrong-early-period",
        run: wrong::early_period,
        default: false,
        about: "deliberately wrong: trusts one repeated period, no theorem (smallest: code 0.2, heap 2)",
        source: "solvers::octal::wrong",
    },
];

const RELATIONS: &[RelationOf<OctalGame>] = &[
    Relation {
        name: "permute",
        about: "the heaps in another order: the same value",
        derive: |g, rng| {
            Some(OctalPosition {
                code: g.code.clone(),
                heaps: relations::shuffled(&g.heaps, rng),
            })
        },
        holds: |_, a, b, _| relations::same(a, b),
    },
    Relation {
        name: "double",
        about: "every heap twice: a sum with itself, value 0",
        derive: |g, _| {
            (2 * g.heaps.len() <= MAX_HEAPS).then(|| OctalPosition {
                code: g.code.clone(),
                heaps: g.heaps.repeat(2),
            })
        },
        holds: |_, _, b, _| {
            if *b == 0 {
                Ok(())
            } else {
                Err(format!("a sum with itself is worth {b}, not 0"))
            }
        },
    },
];

impl Problem for OctalGame {
    type Instance = OctalPosition;
    type Answer = u32;
    type Judge = octal_game::Judge;
    type BruteOptions = NoOptions;
    type Params = OctalParams;

    const BRUTE: &'static str = "brute::octal";
    const ENGINE: Engine = Engine::Impartial;

    fn size(g: &OctalPosition) -> String {
        let max = g.heaps.iter().max().copied().unwrap_or(0);
        format!("code={} k={} max={max}", g.code, g.heaps.len())
    }

    fn brute(g: &OctalPosition, _: &NoOptions, budget: &Budget) -> Result<u32, TooBig> {
        brute::octal::grundy(&g.code, &g.heaps, budget)
    }

    fn solvers() -> &'static [SolverOf<Self>] {
        SOLVERS
    }

    fn relations() -> &'static [RelationOf<Self>] {
        RELATIONS
    }

    /// One heap of `n`: its values are `g(n)`, which the sparse-space engine
    /// computes, and the Guy–Smith theorem proves their period.
    fn period_proof(g: &OctalPosition, key: &str) -> Option<PeriodProof> {
        if key != "n" || g.heaps.len() != 1 {
            return None;
        }
        let code = g.code.clone();
        Some(PeriodProof {
            theorem: PeriodTheorem::GuySmith { reach: code.reach() },
            engine: "solvers::octal",
            values: Box::new(move |up_to| {
                let values = Values::compute(&code, up_to);
                (0..=up_to).map(|n| values.get(n).into()).collect()
            }),
        })
    }

    /// A row of heaps is a sum: each heap is a point of a table varying `n` (one heap of `n`
    /// under the same code), and the row's value is the XOR of theirs.
    fn table_points(g: &OctalPosition, keys: &[&str]) -> Option<Vec<(Vec<i64>, OctalPosition)>> {
        (keys == ["n"]).then(|| {
            (g.heaps.iter())
                .map(|&h| {
                    let heap = OctalPosition {
                        code: g.code.clone(),
                        heaps: vec![h],
                    };
                    (vec![i64::from(h)], heap)
                })
                .collect()
        })
    }

    fn draw(g: &OctalPosition, _: &NoOptions, budget: &Budget) -> Option<Panel> {
        let b = pictures::bars(g.heaps.iter().map(|&h| u64::from(h)), |k| (k + 1).to_string());
        let panel = pictures::piles_panel(b, brute::octal::grundy(&g.code, &g.heaps, budget))
            .note(format!("octal code {}", g.code));
        Some(pictures::with_moves(panel, Self::winning_moves(g, &NoOptions {}, budget)))
    }

    /// Every move the code allows (the interactive game's list, the same rules), kept when
    /// brute values what it leaves at 0.
    fn winning_moves(g: &OctalPosition, _: &NoOptions, budget: &Budget) -> Result<Option<Vec<String>>, TooBig> {
        let mut positions = brute::octal::Positions::new(&g.code, &g.heaps, budget)?;
        let moves = OctalGameInteractive::moves(g);
        pictures::options_within(moves.len() as u64, budget)?;
        let mut found = Vec::new();
        for m in moves {
            if positions.value(&OctalGameInteractive::play(g, &m).heaps)? == 0 {
                found.push(describe(g, &m));
            }
        }
        Ok(Some(found))
    }
}

/// A move in words: `take 2 from heap 1, leaving 1 and 3`.
fn describe(g: &OctalPosition, m: &OctalMove) -> String {
    let rest = g.heaps[m.heap] - m.take;
    let leaving = match (m.left, rest - m.left) {
        (0, 0) => "leaving nothing".to_string(),
        (0, r) | (r, 0) => format!("leaving {r}"),
        (a, b) => format!("leaving {a} and {b}"),
    };
    format!("take {} from heap {}, {leaving}", m.take, m.heap + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gen::octal::OctalCode;

    fn moves(code: &str, heaps: &[u32]) -> Option<Vec<String>> {
        let g = OctalPosition {
            code: OctalCode::parse(code).unwrap(),
            heaps: heaps.to_vec(),
        };
        OctalGame::winning_moves(&g, &NoOptions {}, &Budget::new(100_000)).unwrap()
    }

    #[test]
    fn the_winning_moves_of_kayles_by_hand() {
        // Kayles (0.77), a row of 3: knocking out the middle pin leaves 1 and 1 (value 0); the
        // other moves leave 2 (value 2) or 1 (value 1).
        assert_eq!(moves("0.77", &[3]), Some(vec!["take 1 from heap 1, leaving 1 and 1".to_string()]));
        // Two rows of 2 mirror each other: lost.
        assert_eq!(moves("0.77", &[2, 2]), Some(vec![]));
        // A row of 2: take both, or one and leave a pin the opponent takes: only the first wins.
        assert_eq!(moves("0.77", &[2]), Some(vec!["take 2 from heap 1, leaving nothing".to_string()]));
    }
}
