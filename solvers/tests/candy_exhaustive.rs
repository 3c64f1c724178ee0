//! Candy-pile solvers against the rules, on every small instance.
//!
//! The reference is [`Rules`], written here from the rules alone: win or
//! lose over the non-empty piles sorted largest first, with the two moves
//! of the statement (the `brute` crate is not a dependency of `solvers`).
//! Small instances are every vector of up to `MAX_N` piles of `1..=MAX_A`
//! candies, in every order. The wrong solvers' documented minima are the
//! first failures in the order of piles, then candies.

use std::collections::HashMap;

use solvers::candy::{first_wins, wrong};

const MAX_N: usize = 5;
const MAX_A: u32 = 5;

#[derive(Default)]
struct Rules {
    memo: HashMap<Vec<u32>, bool>,
}

impl Rules {
    /// Whether the player to move wins; `s` sorted largest first, no zeros.
    /// With no candy left, the opponent ate the last one. Recursion depth is
    /// at most the number of candies.
    fn wins(&mut self, s: &[u32]) -> bool {
        if s.is_empty() {
            return true;
        }
        if let Some(&w) = self.memo.get(s) {
            return w;
        }
        let eat_pile = s[1..].to_vec();
        let eat_each: Vec<u32> = s.iter().filter(|&&a| a > 1).map(|&a| a - 1).collect();
        let w = !self.wins(&eat_pile) || !self.wins(&eat_each);
        self.memo.insert(s.to_vec(), w);
        w
    }

    fn first_wins(&mut self, a: &[u32]) -> bool {
        let mut s = a.to_vec();
        s.sort_unstable_by(|x, y| y.cmp(x));
        self.wins(&s)
    }
}

/// Every vector of 1 to `MAX_N` piles, ordered by piles, then candies.
fn instances() -> Vec<Vec<u32>> {
    let mut all = Vec::new();
    for n in 1..=MAX_N {
        for code in 0..MAX_A.pow(n as u32) {
            all.push((0..n).map(|i| code / MAX_A.pow(i as u32) % MAX_A + 1).collect());
        }
    }
    all.sort_by_key(|a: &Vec<u32>| (a.len(), a.iter().sum::<u32>()));
    all
}

#[test]
fn the_rules_know_the_samples() {
    let mut rules = Rules::default();
    assert!(rules.first_wins(&[1, 3]));
    assert!(rules.first_wins(&[1, 2, 1]));
    assert!(!rules.first_wins(&[1, 2, 3]));
}

#[test]
fn the_fast_solver_agrees_with_the_rules_everywhere() {
    let mut rules = Rules::default();
    let all = instances();
    assert_eq!(all.len(), (1..=MAX_N as u32).map(|n| 5usize.pow(n)).sum::<usize>());
    for a in &all {
        assert_eq!(first_wins(a), rules.first_wins(a), "{a:?}");
    }
}

#[test]
fn the_wrong_solvers_first_fail_at_their_documented_minima() {
    let mut rules = Rules::default();
    let mut first = |wrong: fn(&[u32]) -> bool| instances().into_iter().find(|a| wrong(a) != rules.first_wins(a));
    assert_eq!(first(wrong::unsorted), Some(vec![1, 2]));
    assert_eq!(first(wrong::row_arm_only), Some(vec![1, 1]));
}
