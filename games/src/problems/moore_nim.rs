use brute::{Budget, TooBig};
use gen::judge::moore_nim;
use gen::piles::{MooreParams, Piles};

use crate::relations;
use engine::{Engine, NoOptions, Problem, Relation, RelationOf, Solver, SolverOf};
use crate::pictures;
use engine::show::Panel;

/// Moore's Nim_k: take from up to k piles at once; does the first player win?
pub struct MooreNim;

const SOLVERS: &[SolverOf<MooreNim>] = &[
    Solver {
        name: "fast",
        run: |p| solvers::piles::moore_first_wins(&p.piles, p.k),
        default: true,
        about: "Moore: some binary column's count is not 0 mod k + 1",
        source: "solvers::piles",
    },
    Solver {
        name: "wrong-plain-xor",
        run: |p| solvers::wrong_piles::moore_plain_xor(&p.piles, p.k),
        default: false,
        about: "deliberately wrong: the XOR, k ignored (smallest: 1 1 with k = 2)",
        source: "solvers::wrong_piles",
    },
    Solver {
        name: "wrong-mod-k",
        run: |p| solvers::wrong_piles::moore_mod_k(&p.piles, p.k),
        default: false,
        about: "deliberately wrong: columns mod k, not k + 1 (smallest: 1 with k = 1)",
        source: "solvers::wrong_piles",
    },
];

const RELATIONS: &[RelationOf<MooreNim>] = &[
    Relation {
        name: "permute",
        about: "the piles in another order: the same winner",
        derive: |p, rng| {
            Some(Piles {
                piles: relations::shuffled(&p.piles, rng),
                k: p.k,
            })
        },
        holds: |_, a, b, _| relations::same(a, b),
    },
    Relation {
        name: "copies",
        about:
            "every pile k + 1 times: every binary column's count is a multiple of k + 1, the second player wins (Moore)",
        derive: |p, _| {
            let copies = usize::try_from(p.k + 1).ok()?;
            (p.piles.len().checked_mul(copies)? <= moore_nim::MAX_N).then(|| Piles {
                piles: p.piles.repeat(copies),
                k: p.k,
            })
        },
        holds: |p, _, b, _| {
            relations::first_loses(
                *b,
                &format!(
                    "every pile {} times balances every column mod {} (Moore)",
                    p.k + 1,
                    p.k + 1
                ),
            )
        },
    },
];

impl Problem for MooreNim {
    type Instance = Piles;
    type Answer = bool;
    type Judge = moore_nim::Judge;
    type BruteOptions = NoOptions;
    type Params = MooreParams;

    const BRUTE: &'static str = "brute::piles";
    const ENGINE: Engine = Engine::Impartial;

    fn size(p: &Piles) -> String {
        format!("{} k={}", super::nim::size_of_piles(p), p.k)
    }

    fn brute(p: &Piles, _: &NoOptions, budget: &Budget) -> Result<bool, TooBig> {
        Ok(brute::piles::moore(&p.piles, p.k, budget)? != 0)
    }

    fn solvers() -> &'static [SolverOf<Self>] {
        SOLVERS
    }

    fn relations() -> &'static [RelationOf<Self>] {
        RELATIONS
    }

    fn draw(p: &Piles, _: &NoOptions, budget: &Budget) -> Option<Panel> {
        let b = pictures::bars(p.piles.iter().copied(), |k| (k + 1).to_string());
        let panel = pictures::piles_panel(b, brute::piles::moore(&p.piles, p.k, budget))
            .note(format!("a move takes from 1 to {} piles", p.k));
        Some(pictures::with_moves(panel, Self::winning_moves(p, &NoOptions {}, budget)))
    }

    /// Every move by the rules (1 to k piles lowered, each to any smaller size), in pile order,
    /// kept when brute values what it leaves at 0.
    fn winning_moves(p: &Piles, _: &NoOptions, budget: &Budget) -> Result<Option<Vec<String>>, TooBig> {
        pictures::options_within(move_count(&p.piles, p.k), budget)?;
        let mut positions = brute::piles::MoorePositions::new(&p.piles, p.k, budget)?;
        let mut found = Vec::new();
        let mut after = p.piles.clone();
        lowerings(&p.piles, p.k, 0, &mut after, &mut |after| {
            if positions.value(after)? == 0 {
                found.push(describe(&p.piles, after));
            }
            Ok(())
        })?;
        Ok(Some(found))
    }

    fn table_value(p: &Piles, _: &NoOptions, budget: &Budget) -> Result<String, TooBig> {
        Ok(brute::piles::moore(&p.piles, p.k, budget)?.to_string())
    }
}

/// How many moves the piles have: over the sets of 1 to `k` piles, the product of their sizes.
fn move_count(piles: &[u64], k: u64) -> u64 {
    // by_size[j]: the ways to lower exactly j of the piles seen so far.
    let k = usize::try_from(k).unwrap_or(usize::MAX).min(piles.len());
    let mut by_size = vec![0u64; k + 1];
    by_size[0] = 1;
    for &a in piles {
        for j in (1..=k).rev() {
            by_size[j] = by_size[j].saturating_add(by_size[j - 1].saturating_mul(a));
        }
    }
    by_size[1..].iter().fold(0, |acc, &n| acc.saturating_add(n))
}

/// Calls `visit` with every position one move leaves: from pile `from` on, each pile kept or
/// lowered, at most `k` lowered in all and at least one.
fn lowerings(
    piles: &[u64],
    k: u64,
    from: usize,
    after: &mut Vec<u64>,
    visit: &mut dyn FnMut(&[u64]) -> Result<(), TooBig>,
) -> Result<(), TooBig> {
    if from == piles.len() {
        return if after.as_slice() != piles { visit(after) } else { Ok(()) };
    }
    lowerings(piles, k, from + 1, after, visit)?;
    if k > 0 {
        for left in 0..piles[from] {
            after[from] = left;
            lowerings(piles, k - 1, from + 1, after, visit)?;
        }
        after[from] = piles[from];
    }
    Ok(())
}

/// A move in words: `lower pile 1 to 0 and pile 3 to 2`.
fn describe(before: &[u64], after: &[u64]) -> String {
    let parts: Vec<String> = (before.iter().zip(after).enumerate())
        .filter(|(_, (b, a))| b != a)
        .map(|(i, (_, a))| format!("pile {} to {a}", i + 1))
        .collect();
    format!("lower {}", parts.join(" and "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_counted_and_listed_by_the_rules() {
        // Piles 2 1 with k = 2: one pile (2 + 1 ways) or both (2 * 1 ways).
        assert_eq!(move_count(&[2, 1], 2), 5);
        assert_eq!(move_count(&[2, 1], 1), 3);
        let mut seen = Vec::new();
        lowerings(&[2, 1], 2, 0, &mut vec![2, 1], &mut |a| {
            seen.push(a.to_vec());
            Ok(())
        })
        .unwrap();
        seen.sort();
        assert_eq!(seen, [vec![0, 0], vec![0, 1], vec![1, 0], vec![1, 1], vec![2, 0]]);
    }

    #[test]
    fn the_winning_moves_of_moore_nim_two_by_hand() {
        // Piles 1 1 1, k = 2: a move empties one or two piles and leaves 1 1 or 1, each won by
        // emptying the rest; so 1 1 1 is lost and has no winning move.
        let lost = Piles { piles: vec![1, 1, 1], k: 2 };
        let budget = Budget::new(100_000);
        assert_eq!(MooreNim::winning_moves(&lost, &NoOptions {}, &budget).unwrap(), Some(vec![]));
        // Piles 1 1 with k = 2: emptying both wins; emptying one leaves a pile the opponent takes.
        let won = Piles { piles: vec![1, 1], k: 2 };
        assert_eq!(
            MooreNim::winning_moves(&won, &NoOptions {}, &budget).unwrap(),
            Some(vec!["lower pile 1 to 0 and pile 2 to 0".to_string()])
        );
    }
}
