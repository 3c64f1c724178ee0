//! Pile-game solvers against the rules, on every small position.
//!
//! The reference is [`Rules`], written here from the rules alone: a memoized
//! mex over positions (the `brute` crate is not a dependency of `solvers`).
//! Small positions are every vector of up to `MAX_PILES` piles of up to
//! `MAX_STONES` stones, in every order (order matters on a staircase, and a
//! solver might mishandle it elsewhere), with every `k` up to `MAX_K` for
//! Moore's Nim; Bash's game every `n <= 60`, `k <= 12`. The wrong solvers'
//! documented minima are the first failures in the order of piles, then
//! stones, then `k`.

use std::collections::HashMap;

use solvers::piles::{bash_grundy, moore_first_wins, nim_sum, odd_steps_sum};
use solvers::wrong_piles;

const MAX_PILES: usize = 4;
const MAX_STONES: u64 = 4;
const MAX_K: u64 = 4;

/// Whether the first player wins, given the piles and `k`.
type Outcome = fn(&[u64], u64) -> bool;

#[derive(Clone, Copy)]
enum Game {
    Nim,
    Staircase,
    Moore(u64),
}

/// SG values straight from the rules, memoized per position.
struct Rules {
    game: Game,
    memo: HashMap<Vec<u64>, u32>,
}

impl Rules {
    fn new(game: Game) -> Self {
        Rules {
            game,
            memo: HashMap::new(),
        }
    }

    /// Every position one move away. Depth-first recursion: positions here
    /// have at most 16 stones, so at most 16 moves in a row (staircase: at
    /// most 4 steps per stone).
    fn options(&self, a: &[u64]) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        match self.game {
            Game::Nim => {
                for i in 0..a.len() {
                    for rest in 0..a[i] {
                        let mut b = a.to_vec();
                        b[i] = rest;
                        out.push(b);
                    }
                }
            }
            Game::Staircase => {
                for i in 0..a.len() {
                    for moved in 1..=a[i] {
                        let mut b = a.to_vec();
                        b[i] -= moved;
                        if i > 0 {
                            b[i - 1] += moved;
                        }
                        out.push(b);
                    }
                }
            }
            Game::Moore(k) => {
                // Every b <= a, b != a, differing in at most k places.
                let mut b = vec![0; a.len()];
                loop {
                    let changed = (0..a.len()).filter(|&i| b[i] != a[i]).count() as u64;
                    if changed >= 1 && changed <= k {
                        out.push(b.clone());
                    }
                    let Some(i) = (0..a.len()).find(|&i| b[i] < a[i]) else {
                        break;
                    };
                    b[..i].fill(0);
                    b[i] += 1;
                }
            }
        }
        out
    }

    fn value(&mut self, a: &[u64]) -> u32 {
        if let Some(&v) = self.memo.get(a) {
            return v;
        }
        let mut seen = 0u128;
        for b in self.options(a) {
            seen |= 1 << self.value(&b).min(127);
        }
        let v = seen.trailing_ones();
        self.memo.insert(a.to_vec(), v);
        v
    }
}

/// Every vector of up to `MAX_PILES` piles of up to `MAX_STONES`, ordered by
/// piles, then stones.
fn positions() -> Vec<Vec<u64>> {
    let mut all: Vec<Vec<u64>> = vec![vec![]];
    let mut last = vec![vec![]];
    for _ in 0..MAX_PILES {
        last = last
            .iter()
            .flat_map(|p: &Vec<u64>| (0..=MAX_STONES).map(move |v| [p.clone(), vec![v]].concat()))
            .collect();
        all.extend(last.iter().cloned());
    }
    all.sort_by_key(|p| (p.len(), p.iter().sum::<u64>()));
    all
}

/// The first position (by piles, stones, then `k`) where `wrong` disagrees
/// with the rules, among positions with at least one pile.
fn first_failure(wrong: Outcome, game: fn(u64) -> Game, ks: &[u64]) -> Option<(Vec<u64>, u64)> {
    let mut rules: Vec<(u64, Rules)> = ks.iter().map(|&k| (k, Rules::new(game(k)))).collect();
    for p in positions().into_iter().filter(|p| !p.is_empty()) {
        for (k, r) in &mut rules {
            if wrong(&p, *k) != (r.value(&p) != 0) {
                return Some((p, *k));
            }
        }
    }
    None
}

#[test]
fn the_rules_know_the_hand_values() {
    let mut nim = Rules::new(Game::Nim);
    assert_eq!(nim.value(&[1, 2]), 3);
    assert_eq!(nim.value(&[1, 2, 3]), 0);
    let mut stairs = Rules::new(Game::Staircase);
    assert_eq!(stairs.value(&[0, 1]), 0);
    assert_eq!(stairs.value(&[1, 1]), 1);
    assert_eq!(stairs.value(&[0, 0, 3]), 3);
    let mut moore = Rules::new(Game::Moore(2));
    assert_eq!(moore.value(&[1, 1, 1]), 0);
    assert_eq!(moore.value(&[1, 1]), 2);
}

#[test]
fn right_solvers_agree_with_the_rules_everywhere() {
    let all = positions();
    // 1 + 5 + 25 + 125 + 625 vectors.
    assert_eq!(all.len(), 781);
    let mut nim = Rules::new(Game::Nim);
    let mut stairs = Rules::new(Game::Staircase);
    for p in &all {
        assert_eq!(nim_sum(p), nim.value(p) as u64, "nim {p:?}");
        assert_eq!(odd_steps_sum(p) != 0, stairs.value(p) != 0, "staircase {p:?}");
    }
    for k in 1..=MAX_K + 1 {
        let mut moore = Rules::new(Game::Moore(k));
        for p in &all {
            assert_eq!(moore_first_wins(p, k), moore.value(p) != 0, "moore {p:?} k = {k}");
        }
    }
}

#[test]
fn staircase_sg_is_the_odd_steps_xor() {
    // PROBLEMS.md's first conjecture for `harness table`, and true: every
    // move changes exactly one odd step (the one stones leave or land on),
    // so no option has the same odd-steps XOR `x`, and lowering one odd
    // step reaches every smaller XOR, as in Nim. So the value is `x`.
    let mut stairs = Rules::new(Game::Staircase);
    for p in positions() {
        assert_eq!(odd_steps_sum(&p), stairs.value(&p) as u64, "{p:?}");
    }
}

#[test]
fn bash_solvers_against_the_rules() {
    // SG(n) = mex of SG(n - take), take = 1..=k, from the rules.
    for k in 1..=12u64 {
        let mut sg: Vec<u64> = Vec::new();
        for n in 0..=60u64 {
            let options: Vec<u64> = (1..=k.min(n)).map(|t| sg[(n - t) as usize]).collect();
            let v = (0..).find(|v| !options.contains(v)).unwrap();
            sg.push(v);
            assert_eq!(bash_grundy(n, k), v, "n = {n}, k = {k}");
        }
    }
    let first = |wrong: fn(u64, u64) -> u64| {
        (0..=60u64)
            .flat_map(|n| (1..=12u64).map(move |k| (n, k)))
            .find(|&(n, k)| wrong(n, k) != bash_grundy(n, k))
    };
    assert_eq!(first(wrong_piles::bash_mod_k), Some((1, 1)));
    assert_eq!(first(wrong_piles::bash_outcome), Some((2, 2)));
}

/// A wrong solver's name, the solver (`k` last), the game for each `k`, the
/// `k`s to try, and the documented smallest failure (position, `k`).
type WrongCase = (&'static str, Outcome, fn(u64) -> Game, &'static [u64], (Vec<u64>, u64));

#[test]
fn wrong_solvers_fail_first_at_their_documented_minimum() {
    let nim = |_| Game::Nim;
    let stairs = |_| Game::Staircase;
    let cases: [WrongCase; 6] = [
        ("nim_or", |p, _| wrong_piles::nim_or(p), nim, &[1], (vec![1, 1], 1)),
        (
            "nim_sum_parity",
            |p, _| wrong_piles::nim_sum_parity(p),
            nim,
            &[1],
            (vec![2], 1),
        ),
        (
            "staircase_even_steps",
            |p, _| wrong_piles::staircase_even_steps(p),
            stairs,
            &[1],
            (vec![1], 1),
        ),
        (
            "staircase_all_steps",
            |p, _| wrong_piles::staircase_all_steps(p),
            stairs,
            &[1],
            (vec![0, 1], 1),
        ),
        (
            "moore_plain_xor",
            wrong_piles::moore_plain_xor,
            Game::Moore,
            &[1, 2, 3, 4],
            (vec![1, 1], 2),
        ),
        (
            "moore_mod_k",
            wrong_piles::moore_mod_k,
            Game::Moore,
            &[1, 2, 3, 4],
            (vec![1], 1),
        ),
    ];
    for (name, wrong, game, ks, minimum) in cases {
        let found = first_failure(wrong, game, ks).unwrap_or_else(|| panic!("{name} never fails"));
        eprintln!("{name}: first wrong on {found:?}");
        assert_eq!(found, minimum, "{name}");
    }
}
