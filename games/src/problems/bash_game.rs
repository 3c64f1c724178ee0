use brute::{Budget, TooBig};
use gen::judge::bash_game;
use gen::piles::{Bash, BashParams};

use crate::relations;
use engine::{Engine, NoOptions, Problem, Relation, RelationOf, Solver, SolverOf};
use engine::{PeriodProof, PeriodTheorem};
use gen::octal::{OctalCode, MAX_DIGITS};
use solvers::octal::Values;
use crate::pictures;
use engine::show::Panel;

/// Bash's game: one pile of `n`, a move takes 1 to `k`; its SG value.
pub struct BashGame;

const SOLVERS: &[SolverOf<BashGame>] = &[
    Solver {
        name: "fast",
        run: |b| solvers::piles::bash_grundy(b.n, b.k),
        default: true,
        about: "n mod (k + 1)",
        source: "solvers::piles",
    },
    Solver {
        name: "wrong-mod-k",
        run: |b| solvers::wrong_piles::bash_mod_k(b.n, b.k),
        default: false,
        about: "deliberately wrong: n mod k (smallest: n = 1, k = 1)",
        source: "solvers::wrong_piles",
    },
    Solver {
        name: "wrong-outcome",
        run: |b| solvers::wrong_piles::bash_outcome(b.n, b.k),
        default: false,
        about: "deliberately wrong: 1 or 0 for who wins, not the SG value (smallest: n = 2, k = 2)",
        source: "solvers::wrong_piles",
    },
];

const RELATIONS: &[RelationOf<BashGame>] = &[
    Relation {
        name: "period",
        about: "k + 1 more tokens: the same value (the values n mod (k + 1) have period k + 1)",
        derive: |b, _| {
            let n = b.n.checked_add(b.k + 1).filter(|&n| n <= bash_game::MAX_N)?;
            Some(Bash { n, k: b.k })
        },
        holds: |_, a, b, _| relations::same(a, b),
    },
    Relation {
        name: "plus-one",
        about: "one more token: another value (n is an option of n + 1, so the mex skips its value)",
        derive: |b, _| (b.n < bash_game::MAX_N).then(|| Bash { n: b.n + 1, k: b.k }),
        holds: |b, before, after, _| {
            if before == after {
                Err(format!(
                    "{} and {} tokens are both worth {before}, but one is an option of the other",
                    b.n,
                    b.n + 1
                ))
            } else {
                Ok(())
            }
        },
    },
];

impl Problem for BashGame {
    type Instance = Bash;
    type Answer = u64;
    type Judge = bash_game::Judge;
    type BruteOptions = NoOptions;
    type Params = BashParams;

    const BRUTE: &'static str = "brute::piles";
    const ENGINE: Engine = Engine::Impartial;

    fn size(b: &Bash) -> String {
        format!("n={} k={}", b.n, b.k)
    }

    fn brute(b: &Bash, _: &NoOptions, budget: &Budget) -> Result<u64, TooBig> {
        Ok(brute::piles::bash(b.n, b.k, budget)?.into())
    }

    fn solvers() -> &'static [SolverOf<Self>] {
        SOLVERS
    }

    fn relations() -> &'static [RelationOf<Self>] {
        RELATIONS
    }

    /// One pile of `n`: Bash's game taking 1 to `k` is the octal game `0.33…3`
    /// (`k` digits), so the octal engine computes its values from the rules,
    /// not from the closed form under test; as a subtraction game, a period
    /// is proven by `k` values past its start.
    fn period_proof(b: &Bash, key: &str) -> Option<PeriodProof> {
        let digits = usize::try_from(b.k).ok().filter(|&k| (1..=MAX_DIGITS).contains(&k))?;
        if key != "n" {
            return None;
        }
        let code = OctalCode::new(vec![3; digits]);
        Some(PeriodProof {
            theorem: PeriodTheorem::Subtraction { largest: digits },
            engine: "solvers::octal",
            values: Box::new(move |up_to| {
                let values = Values::compute(&code, up_to);
                (0..=up_to).map(|n| values.get(n).into()).collect()
            }),
        })
    }

    /// The case itself is the point: its `n` and `k` are the table's keys.
    fn table_points(b: &Bash, keys: &[&str]) -> Option<Vec<(Vec<i64>, Bash)>> {
        super::the_case_as_a_point(b, keys, |key| match key {
            "n" => Some(b.n),
            "k" => Some(b.k),
            _ => None,
        })
    }

    fn draw(b: &Bash, _: &NoOptions, budget: &Budget) -> Option<Panel> {
        let panel = pictures::piles_panel(pictures::bars([b.n], |_| "n".into()), brute::piles::bash(b.n, b.k, budget))
            .note(format!("a move takes 1 to {} stones", b.k));
        Some(pictures::with_moves(panel, Self::winning_moves(b, &NoOptions {}, budget)))
    }

    fn winning_moves(b: &Bash, _: &NoOptions, budget: &Budget) -> Result<Option<Vec<String>>, TooBig> {
        let most = b.k.min(b.n);
        pictures::options_within(most, budget)?;
        let mut positions = brute::piles::BashPositions::new(b.n, b.k, budget)?;
        let mut moves = Vec::new();
        for t in 1..=most {
            if positions.value(b.n - t)? == 0 {
                moves.push(format!("take {t}, leaving {}", b.n - t));
            }
        }
        Ok(Some(moves))
    }
}
