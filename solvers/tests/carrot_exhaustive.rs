//! Choosing Carrot solvers against the rules, on every small row.
//!
//! The reference is [`by_the_rules`], written here from the rules alone:
//! minimax over the windows of the row, with Oleg's `k` extra moves played
//! as `k` moves of his in a row before the game (the `brute` crate is not a
//! dependency of `solvers`). Small rows are every row of up to `MAX_N`
//! carrots of juiciness `1..=MAX_VALUE`. The wrong solvers' documented minima
//! are the first failures in the order of length, then the sum of values.

use std::collections::HashMap;

use solvers::carrot::{answers, wrong};

const MAX_N: usize = 6;
const MAX_VALUE: u32 = 4;

struct Rules<'a> {
    a: &'a [u32],
    /// `(lo, hi, extra moves left, Oleg to move)` -> the carrot left.
    memo: HashMap<(usize, usize, usize, bool), u32>,
}

impl Rules<'_> {
    /// Oleg makes `extra` moves first (his own, in a row), then the game
    /// starts with Oleg to move. Recursion depth is at most `MAX_N`.
    fn left(&mut self, lo: usize, hi: usize, extra: usize, oleg: bool) -> u32 {
        if hi - lo == 1 {
            return self.a[lo];
        }
        if let Some(&v) = self.memo.get(&(lo, hi, extra, oleg)) {
            return v;
        }
        let (next_extra, next_oleg) = if extra > 0 { (extra - 1, true) } else { (0, !oleg) };
        let options = [
            self.left(lo + 1, hi, next_extra, next_oleg),
            self.left(lo, hi - 1, next_extra, next_oleg),
        ];
        let v = if oleg {
            options[0].max(options[1])
        } else {
            options[0].min(options[1])
        };
        self.memo.insert((lo, hi, extra, oleg), v);
        v
    }
}

fn by_the_rules(a: &[u32]) -> Vec<u32> {
    let mut rules = Rules {
        a,
        memo: HashMap::new(),
    };
    (0..a.len()).map(|k| rules.left(0, a.len(), k, true)).collect()
}

/// Every row of 1 to `MAX_N` carrots, ordered by length, then sum.
fn rows() -> Vec<Vec<u32>> {
    let mut all = Vec::new();
    for n in 1..=MAX_N {
        for code in 0..MAX_VALUE.pow(n as u32) {
            all.push((0..n).map(|i| code / MAX_VALUE.pow(i as u32) % MAX_VALUE + 1).collect());
        }
    }
    all.sort_by_key(|a: &Vec<u32>| (a.len(), a.iter().sum::<u32>()));
    all
}

#[test]
fn the_rules_know_the_samples() {
    assert_eq!(by_the_rules(&[1, 2, 3, 5]), [3, 3, 5, 5]);
    assert_eq!(by_the_rules(&[9, 9, 9, 9, 1]), [9; 5]);
}

#[test]
fn the_fast_solver_agrees_with_the_rules_everywhere() {
    let all = rows();
    assert_eq!(all.len(), (1..=MAX_N as u32).map(|n| 4usize.pow(n)).sum::<usize>());
    for a in &all {
        assert_eq!(answers(a), by_the_rules(a), "{a:?}");
    }
}

#[test]
fn middle_survives_first_fails_on_1_2_1() {
    let first = rows()
        .into_iter()
        .find(|a| wrong::middle_survives(a) != by_the_rules(a));
    assert_eq!(first, Some(vec![1, 2, 1]));
}
