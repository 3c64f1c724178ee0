//! Fox and Card Game (`fox-card-game`, CF 388C) by the rules: the
//! brute-force oracle.
//!
//! Problem: piles of cards lie on a table, each listed top first. Ciel moves
//! first and takes the top card of any non-empty pile; Jiro takes the bottom
//! card of any non-empty pile; they alternate until every pile is empty, and
//! each maximizes the sum of the cards they took. Compute both sums.
//!
//! Idea: [`crate::scoring::value`] over positions `(what is left of every
//! pile, whose turn)`: what is left of pile `i` is the window `[top, bottom)`
//! of its cards, and the player to move is part of the state because the two
//! players have different moves (tops or bottoms). Nothing about halves or
//! middles: every move of the player to move is tried. The engine gives
//! Ciel's total minus Jiro's, `d`; with `T` the sum of all cards, Ciel has
//! `(T + d) / 2` and Jiro `(T - d) / 2`.
//!
//! Complexity: a position is fixed by the cards taken from each pile's top
//! and bottom, so there are at most `prod (s_i + 1)(s_i + 2) / 2` of them,
//! each with up to `n` moves; capped by the [`Budget`].
//!
//! Reference: Codeforces 388C, the rules.

use gen::cards::Cards;

use crate::scoring::{self, Scoring};
use crate::{Budget, TooBig};

/// The piles; a state is every pile's window and whether Ciel moves.
struct CardGame<'a> {
    piles: &'a [Vec<u32>],
}

/// Per pile `(top, bottom)`: its cards `top..bottom` are left.
type Windows = Vec<(u8, u8)>;

impl Scoring for CardGame<'_> {
    type State = (Windows, bool);

    fn moves(&self, (windows, ciel): &(Windows, bool), out: &mut Vec<(i64, (Windows, bool))>) {
        for (i, &(top, bottom)) in windows.iter().enumerate() {
            if top == bottom {
                continue;
            }
            let mut next = windows.clone();
            let card = if *ciel {
                next[i].0 += 1;
                self.piles[i][top as usize]
            } else {
                next[i].1 -= 1;
                self.piles[i][bottom as usize - 1]
            };
            out.push((i64::from(card), (next, !ciel)));
        }
    }
}

/// Ciel's sum and Jiro's sum under optimal play.
///
/// Returns `Err(TooBig)` once more than `budget.max_states` positions would
/// have to be valued.
///
/// # Panics
/// If a pile holds more than 255 cards (the judge allows 100).
pub fn sums(c: &Cards, budget: &Budget) -> Result<(u64, u64), TooBig> {
    let windows: Windows = c
        .piles
        .iter()
        .map(|p| (0, u8::try_from(p.len()).expect("at most 255 cards per pile")))
        .collect();
    let d = scoring::value(&CardGame { piles: &c.piles }, (windows, true), budget)?;
    let total = c.total() as i64;
    Ok((((total + d) / 2) as u64, ((total - d) / 2) as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(piles: &[&[u32]]) -> (u64, u64) {
        let c = Cards {
            piles: piles.iter().map(|p| p.to_vec()).collect(),
        };
        sums(&c, &Budget::new(1_000_000)).unwrap()
    }

    #[test]
    fn by_hand() {
        // One card: Ciel takes it.
        assert_eq!(game(&[&[5]]), (5, 0));
        // Two cards in one pile: Ciel takes the top, Jiro the bottom.
        assert_eq!(game(&[&[1, 9]]), (1, 9));
        // Two single cards: Ciel takes the larger.
        assert_eq!(game(&[&[2], &[7]]), (7, 2));
        // [3, 1, 2]: Ciel takes 3, Jiro then takes 2 (the bottom), 1 is left
        // for Ciel: 4 and 2.
        assert_eq!(game(&[&[3, 1, 2]]), (4, 2));
        // [1, 5] and [4]: Ciel taking 4 leaves [1, 5]: Jiro takes 5, Ciel 1:
        // (5, 5). Ciel taking 1 leaves [5] and [4] to Jiro, who takes 5 and
        // leaves 4: (5, 5). Either way 5 and 5.
        assert_eq!(game(&[&[1, 5], &[4]]), (5, 5));
    }

    #[test]
    fn the_judge_samples() {
        assert_eq!(game(&[&[100], &[1, 10]]), (101, 10));
        assert_eq!(game(&[&[2, 8, 6, 5, 9, 4, 7, 1, 3]]), (30, 15));
        assert_eq!(game(&[&[1, 3, 2], &[5, 4, 6], &[8, 7]]), (18, 18));
        let g = [1000; 6];
        assert_eq!(game(&[&g[..3], &g[..6], &g[..5]]), (7000, 7000));
    }

    #[test]
    fn taking_the_lone_card_first_by_hand() {
        // [2, 1, 3] and [4]. Ciel taking 4 leaves one pile: Jiro 3, Ciel 2,
        // Jiro 1: (6, 4). Ciel taking 2 leaves [1, 3] and [4]: Jiro takes 4,
        // then Ciel 1 and Jiro 3: (3, 7), better for Jiro than taking 3
        // (then Ciel 4, Jiro 1: (6, 4)). So Ciel takes 4: (6, 4).
        assert_eq!(game(&[&[2, 1, 3], &[4]]), (6, 4));
    }

    #[test]
    fn the_budget_counts_positions() {
        let c = Cards {
            piles: vec![vec![1; 6]; 3],
        };
        assert!(sums(&c, &Budget::new(1_000_000)).is_ok());
        assert_eq!(sums(&c, &Budget::new(50)), Err(TooBig::states(50)));
    }

    #[test]
    #[ignore = "a measurement: run it in release with --nocapture"]
    fn reach_largest_instances() {
        for (n, s) in [(2, 30), (3, 10), (4, 6), (5, 4), (5, 5), (6, 4)] {
            let mut rng = gen::Rng::from_seed(1);
            let c = Cards {
                piles: (0..n)
                    .map(|_| (0..s).map(|_| rng.range(1, 1000) as u32).collect())
                    .collect(),
            };
            let clock = std::time::Instant::now();
            let got = sums(&c, &Budget::new(50_000_000));
            println!(
                "fox-card-game: {n} piles of {s} cards: {got:?} in {:.3} s",
                clock.elapsed().as_secs_f64()
            );
        }
    }
}
