//! Fox and Card Game solvers against the rules, on every small instance.
//!
//! The reference is [`Rules`], written here from the rules alone: memoized
//! negamax over every pile's remaining window and the player to move (the
//! `brute` crate is not a dependency of `solvers`). Small instances are every
//! split of up to `MAX_CARDS` cards into piles, in every order, with every
//! value in `1..=MAX_VALUE`. The wrong solvers' documented minima are the
//! first failures in the order of cards, then the sum of values.

use std::collections::HashMap;

use gen::cards::Cards;
use solvers::cards::{sums, wrong};

const MAX_CARDS: usize = 6;
const MAX_VALUE: u32 = 3;

/// Ciel's total minus Jiro's from a position, straight from the rules.
struct Rules<'a> {
    piles: &'a [Vec<u32>],
    memo: HashMap<(Vec<(usize, usize)>, bool), i64>,
}

impl Rules<'_> {
    /// The mover's total minus the other's. Depth-first recursion: at most
    /// `MAX_CARDS` moves deep.
    fn value(&mut self, windows: &[(usize, usize)], ciel: bool) -> i64 {
        let key = (windows.to_vec(), ciel);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut best = None;
        for (i, &(top, bottom)) in windows.iter().enumerate() {
            if top == bottom {
                continue;
            }
            let mut next = windows.to_vec();
            let card = if ciel {
                next[i].0 += 1;
                self.piles[i][top]
            } else {
                next[i].1 -= 1;
                self.piles[i][bottom - 1]
            };
            let v = card as i64 - self.value(&next, !ciel);
            best = Some(best.map_or(v, |b: i64| b.max(v)));
        }
        let v = best.unwrap_or(0);
        self.memo.insert(key, v);
        v
    }
}

fn by_the_rules(c: &Cards) -> (u64, u64) {
    let mut rules = Rules {
        piles: &c.piles,
        memo: HashMap::new(),
    };
    let windows: Vec<(usize, usize)> = c.piles.iter().map(|p| (0, p.len())).collect();
    let d = rules.value(&windows, true);
    let total = c.total() as i64;
    (((total + d) / 2) as u64, ((total - d) / 2) as u64)
}

/// Every instance of 1 to `MAX_CARDS` cards, ordered by cards, then the sum
/// of values.
fn instances() -> Vec<Cards> {
    let mut all = Vec::new();
    for cards in 1..=MAX_CARDS {
        // Pile sizes: the compositions of `cards`, one per mask of cut points.
        for cuts in 0..1u32 << (cards - 1) {
            let mut sizes = vec![1usize];
            for k in 0..cards - 1 {
                if cuts >> k & 1 == 1 {
                    sizes.push(1);
                } else {
                    *sizes.last_mut().unwrap() += 1;
                }
            }
            for code in 0..MAX_VALUE.pow(cards as u32) {
                let mut values = (0..cards).map(|k| code / MAX_VALUE.pow(k as u32) % MAX_VALUE + 1);
                let piles = sizes.iter().map(|&s| values.by_ref().take(s).collect()).collect();
                all.push(Cards { piles });
            }
        }
    }
    all.sort_by_key(|c| (c.piles.iter().map(Vec::len).sum::<usize>(), c.total()));
    all
}

#[test]
fn the_rules_know_the_samples() {
    let c = Cards {
        piles: vec![vec![100], vec![1, 10]],
    };
    assert_eq!(by_the_rules(&c), (101, 10));
    let c = Cards {
        piles: vec![vec![1, 3, 2], vec![5, 4, 6], vec![8, 7]],
    };
    assert_eq!(by_the_rules(&c), (18, 18));
}

#[test]
fn the_fast_solver_agrees_with_the_rules_everywhere() {
    let all = instances();
    // Compositions of c cards: 2^(c - 1); values: 3^c.
    let expected: usize = (1..=MAX_CARDS).map(|c| (1 << (c - 1)) * 3usize.pow(c as u32)).sum();
    assert_eq!(all.len(), expected);
    for c in &all {
        assert_eq!(sums(c), by_the_rules(c), "{c:?}");
    }
}

#[test]
fn unsorted_middles_first_fail_on_single_cards_1_2() {
    let first = instances()
        .into_iter()
        .find(|c| wrong::unsorted_middles(c) != by_the_rules(c));
    assert_eq!(
        first,
        Some(Cards {
            piles: vec![vec![1], vec![2]]
        })
    );
}
