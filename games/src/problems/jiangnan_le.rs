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

/// `m - r` piles of `q` and `r` of `q + 1`, in words: `2 + 2 + 3`, or `5 × 1 + 2 × 2` when long.
fn parts_in_words(q: u32, of_q: u32, of_q1: u32) -> String {
    let parts = [(of_q, q), (of_q1, q + 1)].into_iter().filter(|&(n, _)| n > 0);
    if of_q + of_q1 <= 4 {
        parts
            .flat_map(|(n, v)| std::iter::repeat_n(v.to_string(), n as usize))
            .collect::<Vec<_>>()
            .join(" + ")
    } else {
        parts.map(|(n, v)| format!("{n} × {v}")).collect::<Vec<_>>().join(" + ")
    }
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
        Some(pictures::with_moves(panel, Self::winning_moves(s, &NoOptions {}, budget)))
    }

    /// Per test case, every split that leaves value 0, by the rules: each pile of at least F
    /// into each `M` from 2 to its size, valued by brute's kept search (equal piles cancel in a
    /// sum, the Sprague–Grundy theorem only). A pile size is tried once however often it occurs.
    fn winning_moves(s: &EvenSplit, _: &NoOptions, budget: &Budget) -> Result<Option<Vec<String>>, TooBig> {
        let splits: u64 = s.games.iter().flatten().map(|&x| u64::from(x.saturating_sub(1))).sum();
        pictures::options_within(splits, budget)?;
        let mut found = Vec::new();
        for (k, piles) in s.games.iter().enumerate() {
            let game = if s.games.len() > 1 {
                format!("game {}: ", k + 1)
            } else {
                String::new()
            };
            let mut positions = brute::even_split::Positions::new(s.f, piles, budget);
            let mut sizes: Vec<u32> = piles.iter().copied().filter(|&x| x >= s.f).collect();
            sizes.sort_unstable();
            sizes.dedup();
            for x in sizes {
                let at = piles.iter().position(|&p| p == x).expect("a size of the piles");
                let mut rest = piles.clone();
                rest.remove(at);
                for m in 2..=x {
                    let (q, r) = (x / m, x % m);
                    let mut left = rest.clone();
                    left.extend(brute::even_split::split(x, m));
                    if positions.value(&left)? == 0 {
                        found.push(format!("{game}split a pile of {x} into {m} piles ({}), leaving value 0", parts_in_words(q, m - r, r)));
                    }
                }
            }
        }
        Ok(Some(found))
    }

    /// The SG value of the first test case's sum (the judge asks only who wins).
    fn table_value(s: &EvenSplit, _: &NoOptions, budget: &Budget) -> Result<String, TooBig> {
        let first = s.games.first().map_or(&[][..], Vec::as_slice);
        Ok(brute::even_split::grundy(s.f, first, budget)?.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(f: u32, games: Vec<Vec<u32>>) -> Vec<String> {
        let s = EvenSplit { f, games };
        JiangnanLe::winning_moves(&s, &NoOptions {}, &Budget::new(100_000))
            .unwrap()
            .unwrap()
    }

    #[test]
    fn the_winning_splits_by_hand() {
        // F = 1: g(1) = 0, g(2) = 1, g(3) = 2. One pile of 3: into 2 leaves 1 + 2 (value 1),
        // into 3 leaves 1 + 1 + 1 (value 0): one winning split.
        assert_eq!(
            moves(1, vec![vec![3]]),
            ["split a pile of 3 into 3 piles (1 + 1 + 1), leaving value 0"]
        );
        // 2 and 3 (value 3): the 2 into 1 + 1 leaves 3, 1, 1 (2); the 3 into 1 + 2 leaves 2, 1, 2
        // (0); the 3 into 1 + 1 + 1 leaves 2 and three 1s (1).
        assert_eq!(
            moves(1, vec![vec![2, 3]]),
            ["split a pile of 3 into 2 piles (1 + 2), leaving value 0"]
        );
        // Two equal piles are lost; with two games, each move names its game.
        assert!(moves(1, vec![vec![7, 7]]).is_empty());
        assert_eq!(
            moves(1, vec![vec![7, 7], vec![2]]),
            ["game 2: split a pile of 2 into 2 piles (1 + 1), leaving value 0"]
        );
        // Below F nothing splits.
        assert!(moves(4, vec![vec![3, 2]]).is_empty());
    }

    #[test]
    fn a_long_split_is_counted() {
        assert_eq!(parts_in_words(1, 5, 2), "5 × 1 + 2 × 2");
        assert_eq!(parts_in_words(2, 2, 1), "2 + 2 + 3");
    }
}
