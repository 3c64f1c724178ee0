//! Octal games by the rules: the brute-force oracle.
//!
//! Problem: heaps of tokens and an octal code `0.d1d2...dk`. A move takes `i`
//! tokens from one heap when digit `d_i` allows what is left: bit 1, nothing
//! (the heap had exactly `i`); bit 2, one non-empty heap; bit 4, two non-empty
//! heaps, split in any way. Who cannot move loses. Compute the Sprague-Grundy
//! value of the sum of the heaps.
//!
//! Idea: a position is one heap, its size; the options are read off the code
//! digit by digit, a split into `a + b` being the sum of two heaps. No
//! periodicity, no table of known values: only the engine's mex and XOR.
//!
//! Complexity: a heap of `n` has `O(n k)` options (`k` the code's length), so
//! valuing heaps up to `n` costs `O(n^2 k)` look-ups; `n` states at most, in
//! an array of the sizes up to the largest heap (a hash map past `2^16`).
//!
//! Reference: Berlekamp, Conway, Guy, *Winning Ways*, ch. 4 (the notation).

use gen::octal::{OctalCode, LEAVE_NONE, LEAVE_ONE, LEAVE_TWO};

use crate::impartial::{self, Impartial, Options};
use crate::{Budget, TooBig};

struct Octal {
    code: OctalCode,
    /// The largest heap of the start: a move never makes a larger one.
    largest: u32,
}

impl Impartial for Octal {
    type State = u32;

    fn options(&self, &n: &u32, out: &mut Options<u32>) {
        for (i, &d) in (1u32..).zip(self.code.digits()) {
            if i > n {
                break;
            }
            if d & LEAVE_NONE != 0 && n == i {
                out.add_sum(None);
            }
            if d & LEAVE_ONE != 0 && n > i {
                out.add(n - i);
            }
            if d & LEAVE_TWO != 0 {
                let rest = n - i;
                for a in 1..=rest / 2 {
                    out.add_sum([a, rest - a]);
                }
            }
        }
    }

    /// A state is a heap size, at most the largest: its own number.
    fn indices(&self) -> Option<usize> {
        (self.largest as usize).checked_add(1)
    }

    fn index(&self, &n: &u32) -> usize {
        n as usize
    }
}

/// The SG value of the sum of `heaps` under `code`.
///
/// Returns `Err(TooBig)` once more than `budget.max_states` heap sizes would
/// have to be valued.
pub fn grundy(code: &OctalCode, heaps: &[u32], budget: &Budget) -> Result<u32, TooBig> {
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let game = Octal {
        code: code.clone(),
        largest,
    };
    impartial::grundy(&game, heaps, budget)
}

/// The heap sizes up to `largest` and their moves under `code`: what valuing a heap of `largest`
/// takes, counting a move as one step.
pub fn work(code: &OctalCode, largest: u32) -> u128 {
    let n = u128::from(largest);
    // Taking `i` from the heaps of `i..=n`: leaving nothing, once; one heap, `n - i` times; two,
    // `floor((s - i) / 2)` ways from `s`, `floor((n - i)^2 / 4)` in all.
    let moves: u128 = (1u128..)
        .zip(code.digits())
        .take_while(|&(i, _)| i <= n)
        .map(|(i, &d)| {
            let rest = n - i;
            u128::from(d & LEAVE_NONE != 0)
                + if d & LEAVE_ONE != 0 { rest } else { 0 }
                + if d & LEAVE_TWO != 0 { rest * rest / 4 } else { 0 }
        })
        .sum();
    n + 1 + moves
}

/// The positions of one play, valued by one search kept between them ([`impartial::Kept`]): an
/// interactive jury values every option of every position it meets.
pub struct Positions(impartial::Kept<Octal>);

impl Positions {
    /// The positions below `heaps` under `code`. `Err(TooBig)` up front when the heap sizes up to
    /// the largest (`n` of them) and their moves pass the budget's states: moves, not positions,
    /// are what take the time, and a heap of `n` has `O(n)` of them.
    pub fn new(code: &OctalCode, heaps: &[u32], budget: &Budget) -> Result<Positions, TooBig> {
        let largest = heaps.iter().copied().max().unwrap_or(0);
        if work(code, largest) > budget.max_states as u128 {
            return Err(TooBig::states(budget.max_states));
        }
        let game = Octal {
            code: code.clone(),
            largest,
        };
        Ok(Positions(impartial::Kept::new(game, *budget)))
    }

    /// The SG value of the sum of `heaps`, a position below the start.
    pub fn value(&mut self, heaps: &[u32]) -> Result<u32, TooBig> {
        self.0.grundy(heaps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BIG: Budget = Budget::new(1_000_000);

    fn values(code: &str, up_to: u32) -> Vec<u32> {
        let code = OctalCode::parse(code).unwrap();
        (0..=up_to).map(|n| grundy(&code, &[n], &BIG).unwrap()).collect()
    }

    #[test]
    fn kayles_by_hand_and_by_the_table() {
        // By hand: 1 -> {0}: 1. 2 -> {1 (take 1), 0 (take 2)}: 2. 3 -> {2, 1+1
        // = 0, 1}: 3. 4 -> {3, 1+2 = 3, 2, 1+1 = 0}: 1. Then Winning Ways'
        // table of Kayles (ch. 4): 4 3 2 1 4 2 6 | 4 1 2 7 1 4 3 2 1 4 6 7.
        assert_eq!(
            values("0.77", 23),
            [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7]
        );
    }

    #[test]
    fn subtraction_games_are_n_mod_k_plus_1() {
        // Digit 3 = take i leaving nothing or one heap: 0.333 is "take 1 to 3".
        let want: Vec<u32> = (0..=40).map(|n| n % 4).collect();
        assert_eq!(values("0.333", 40), want);
        let want: Vec<u32> = (0..=40).map(|n| n % 2).collect();
        assert_eq!(values("0.3", 40), want);
    }

    #[test]
    fn dawsons_kayles_is_dawsons_chess_shifted() {
        // 0.07 removes two adjacent pins; 0.137 is the same game on one pin
        // fewer (Winning Ways, ch. 4): g_{0.07}(n + 1) = g_{0.137}(n).
        let chess = values("0.137", 80);
        let kayles = values("0.07", 81);
        assert_eq!(&kayles[1..], &chess[..]);
        // By hand for 0.137: 1 -> {0} (d1 = 1, take all of exactly 1): 1.
        // 2 -> {0 (take 2)}: 1. 3 -> {1 (take 2, leave 1), 0 (take 3)}: 2.
        // 4 -> {1 (take 2), 1 (take 3, leave 1), 1+1 = 0 (take 2, split 2)}... : 0.
        assert_eq!(&chess[..5], [0, 1, 1, 2, 0]);
    }

    #[test]
    fn splits_only() {
        // 0.4: take 1 and split the rest in two. 1, 2: no move (0). 3 -> 1+1:
        // mex{0} = 1. 4 -> 1+2: 0, so 1. 5 -> 1+3 = 1, 2+2 = 0: 2.
        assert_eq!(values("0.4", 5), [0, 0, 0, 1, 1, 2]);
        // No move at all.
        assert_eq!(values("0.0", 10), vec![0; 11]);
    }

    #[test]
    fn the_work_is_the_heaps_and_their_options() {
        for code in ["0.77", "0.137", "0.4", "0.0", "0.3"] {
            let code = OctalCode::parse(code).unwrap();
            let game = Octal {
                code: code.clone(),
                largest: 40,
            };
            let options: usize = (0..=40).map(|n| impartial::options_of(&game, &n).len()).sum();
            assert_eq!(work(&code, 40), 41 + options as u128, "{code}");
        }
        // A play's positions are valued by one search of the start, within that work.
        let kayles = OctalCode::parse("0.77").unwrap();
        let need = work(&kayles, 40) as usize;
        let mut kept = Positions::new(&kayles, &[40, 7], &Budget::new(need)).unwrap();
        assert_eq!(kept.value(&[40, 7]), grundy(&kayles, &[40, 7], &BIG));
        assert_eq!(kept.value(&[12, 3, 20]), grundy(&kayles, &[12, 3, 20], &BIG));
        assert!(Positions::new(&kayles, &[40], &Budget::new(need - 1)).is_err());
    }

    #[test]
    fn sums_and_budget() {
        let kayles = OctalCode::parse("0.77").unwrap();
        assert_eq!(grundy(&kayles, &[3, 5, 11], &BIG), Ok(3 ^ 4 ^ 6));
        assert_eq!(grundy(&kayles, &[], &BIG), Ok(0));
        // A heap of 100 reaches the sizes 1..=100 (no move leaves an empty heap), listing 50
        // moves each on average.
        let states = |n| Budget::new(n).with_max_moves(usize::MAX);
        assert_eq!(grundy(&kayles, &[100], &states(100)).map(|_| ()), Ok(()));
        assert_eq!(grundy(&kayles, &[100], &states(99)), Err(TooBig::states(99)));
    }

    #[test]
    #[ignore = "a measurement: run it in release with --nocapture"]
    fn reach_largest_heaps() {
        for code in ["0.77", "0.137", "0.007"] {
            let code = OctalCode::parse(code).unwrap();
            for n in [100u32, 200, 400, 800, 1600] {
                let clock = std::time::Instant::now();
                let g = grundy(&code, &[n], &BIG).unwrap();
                let secs = clock.elapsed().as_secs_f64();
                println!("octal {code}: heap {n} worth {g} in {secs:.3} s");
                if secs > 1.0 {
                    break;
                }
            }
        }
    }
}
