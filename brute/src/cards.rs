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
//! of its cards, and the player to move is part of the position because the
//! two players have different moves (tops or bottoms). Nothing about halves or
//! middles: every move of the player to move is tried. The engine gives
//! Ciel's total minus Jiro's, `d`; with `T` the sum of all cards, Ciel has
//! `(T + d) / 2` and Jiro `(T - d) / 2`.
//!
//! A position is one number: pile `i`'s window is a digit below `W_i = (s_i +
//! 1)(s_i + 2) / 2` (the windows of `s_i` cards), the digits in mixed radix.
//! The turn is in it too: Ciel moves first and the players alternate, so Ciel
//! is to move exactly when an even number of cards is gone. The numbering is
//! dense, so a small instance's memo is an array, and a move is an addition.
//!
//! Complexity: at most `prod W_i` positions, each with up to `n` moves, one
//! division per pile to read its digits; capped by the [`Budget`]. Instances
//! whose positions do not number within 64 bits are given up at once (the
//! generator's stay below 2^18; the judge's 100 piles are far past any budget).
//!
//! Reference: Codeforces 388C, the rules.

use gen::cards::Cards;

use crate::scoring::{self, Scoring};
use crate::{Budget, TooBig};

/// The windows of one pile, numbered.
struct Pile<'a> {
    cards: &'a [u32],
    /// `window[d]`: the window `(top, bottom)` of digit `d`.
    window: Vec<(u8, u8)>,
    /// `digit[top][bottom]`: the digit of a window.
    digit: Vec<Vec<u64>>,
    /// The place value of this pile's digit in a position.
    radix: u64,
}

impl<'a> Pile<'a> {
    fn new(cards: &'a [u32], radix: u64) -> Self {
        let s = cards.len();
        let mut window = Vec::new();
        let mut digit = vec![vec![0; s + 1]; s + 1];
        for (top, digits) in digit.iter_mut().enumerate() {
            for (bottom, d) in digits.iter_mut().enumerate().skip(top) {
                *d = window.len() as u64;
                window.push((top as u8, bottom as u8));
            }
        }
        Pile {
            cards,
            window,
            digit,
            radix,
        }
    }

    fn windows(&self) -> u64 {
        self.window.len() as u64
    }
}

/// The piles; a position is the number of every pile's window (see the module
/// doc), the turn following from it.
struct CardGame<'a> {
    piles: Vec<Pile<'a>>,
    /// How many positions there are: the product of the piles' windows.
    positions: u64,
}

impl<'a> CardGame<'a> {
    /// `None` when the positions do not number within 64 bits.
    fn new(piles: &'a [Vec<u32>]) -> Option<Self> {
        let mut radix = 1u64;
        let mut out = Vec::with_capacity(piles.len());
        for cards in piles {
            let pile = Pile::new(cards, radix);
            radix = radix.checked_mul(pile.windows())?;
            out.push(pile);
        }
        Some(CardGame {
            piles: out,
            positions: radix,
        })
    }

    /// The position where every card is left.
    fn start(&self) -> u64 {
        (self.piles.iter()).map(|p| p.digit[0][p.cards.len()] * p.radix).sum()
    }
}

impl Scoring for CardGame<'_> {
    type State = u64;

    fn moves(&self, &position: &u64, out: &mut Vec<(i64, u64)>) {
        let mut rest = position;
        let mut gone = 0;
        for p in &self.piles {
            let (top, bottom) = p.window[(rest % p.windows()) as usize];
            rest /= p.windows();
            gone += usize::from(top) + p.cards.len() - usize::from(bottom);
        }
        let ciel = gone % 2 == 0;
        rest = position;
        for p in &self.piles {
            let d = rest % p.windows();
            rest /= p.windows();
            let (top, bottom) = p.window[d as usize];
            if top == bottom {
                continue;
            }
            let (card, after) = if ciel {
                (
                    p.cards[usize::from(top)],
                    p.digit[usize::from(top) + 1][usize::from(bottom)],
                )
            } else {
                (
                    p.cards[usize::from(bottom) - 1],
                    p.digit[usize::from(top)][usize::from(bottom) - 1],
                )
            };
            out.push((i64::from(card), position - d * p.radix + after * p.radix));
        }
    }

    fn indices(&self) -> Option<usize> {
        usize::try_from(self.positions).ok()
    }

    fn index(&self, &position: &u64) -> usize {
        position as usize
    }
}

/// Ciel's sum and Jiro's sum under optimal play.
///
/// Returns `Err(TooBig)` once more than `budget.max_states` positions would
/// have to be valued, or when the positions do not number within 64 bits.
///
/// # Panics
/// If a pile holds more than 255 cards (the judge allows 100).
pub fn sums(c: &Cards, budget: &Budget) -> Result<(u64, u64), TooBig> {
    assert!(c.piles.iter().all(|p| p.len() <= 255), "at most 255 cards per pile");
    let game = CardGame::new(&c.piles).ok_or(TooBig::states(budget.max_states))?;
    let d = scoring::value(&game, game.start(), budget)?;
    let total = c.total() as i64;
    Ok((((total + d) / 2) as u64, ((total - d) / 2) as u64))
}

/// A card taken on the principal line: from pile `pile` (0-based), worth `card`. Ciel takes
/// the first and every other one (from a pile's top), Jiro the rest (from its bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Take {
    pub pile: usize,
    pub card: u32,
}

/// Every card taken under optimal play, in order, by [`scoring::principal_line`]: the first
/// best move of the rules' order (piles in order) where several are as good.
pub fn principal_line(c: &Cards, budget: &Budget) -> Result<Vec<Take>, TooBig> {
    let game = CardGame::new(&c.piles).ok_or(TooBig::states(budget.max_states))?;
    let mut before = game.start();
    let line = scoring::principal_line(&game, before, budget)?;
    let digit = |p: &Pile, position: u64| position / p.radix % p.windows();
    Ok(line
        .into_iter()
        .map(|(points, after)| {
            let pile = (game.piles.iter())
                .position(|p| digit(p, before) != digit(p, after))
                .expect("a move takes a card from one pile");
            before = after;
            Take {
                pile,
                card: points as u32,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_principal_line_by_hand() {
        let line = |piles: &[&[u32]]| {
            let c = Cards {
                piles: piles.iter().map(|p| p.to_vec()).collect(),
            };
            principal_line(&c, &Budget::new(10_000)).unwrap()
        };
        // [1, 9]: Ciel takes the 1 from the top, Jiro the 9 from the bottom.
        let take = |pile, card| Take { pile, card };
        assert_eq!(line(&[&[1, 9]]), [take(0, 1), take(0, 9)]);
        // Piles [5] and [2, 8]: taking the 5 and taking the 2 both end Ciel 7, Jiro 8 (after
        // the 2, Jiro takes the 8 and leaves her the 5), so the first, the 5; then Jiro takes
        // the 8 from the bottom and Ciel the 2.
        assert_eq!(line(&[&[5], &[2, 8]]), [take(0, 5), take(1, 8), take(1, 2)]);
    }

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

    /// Ciel's total minus Jiro's, by the rules on every pile's window and the turn, with no memo
    /// and no numbering.
    fn by_the_rules(piles: &[Vec<u32>], windows: &mut [(usize, usize)], ciel: bool) -> i64 {
        let mut best = None;
        for i in 0..piles.len() {
            let (top, bottom) = windows[i];
            if top == bottom {
                continue;
            }
            let card = if ciel { piles[i][top] } else { piles[i][bottom - 1] };
            let before = windows[i];
            windows[i] = if ciel { (top + 1, bottom) } else { (top, bottom - 1) };
            let v = i64::from(card) - by_the_rules(piles, windows, !ciel);
            windows[i] = before;
            best = Some(best.map_or(v, |b: i64| b.max(v)));
        }
        best.unwrap_or(0)
    }

    #[test]
    fn the_numbered_positions_play_by_the_rules() {
        let mut rng = gen::Rng::from_seed(7);
        for _ in 0..300 {
            let piles: Vec<Vec<u32>> = (0..1 + rng.index(3))
                .map(|_| (0..1 + rng.index(3)).map(|_| rng.range(1, 9) as u32).collect())
                .collect();
            let mut windows: Vec<(usize, usize)> = piles.iter().map(|p| (0, p.len())).collect();
            let d = by_the_rules(&piles, &mut windows, true);
            let c = Cards { piles: piles.clone() };
            let total = c.total() as i64;
            let want = (((total + d) / 2) as u64, ((total - d) / 2) as u64);
            assert_eq!(sums(&c, &Budget::new(1_000_000)), Ok(want), "{piles:?}");
        }
    }

    #[test]
    fn positions_past_64_bits_give_up() {
        // 100 piles of 100 cards: 5151 windows each, 5151^100 positions.
        let c = Cards {
            piles: vec![vec![1; 100]; 100],
        };
        assert_eq!(sums(&c, &Budget::new(1000)), Err(TooBig::states(1000)));
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
