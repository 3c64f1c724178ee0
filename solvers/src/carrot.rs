//! Choosing Carrot (`choosing-carrot`, CF 794E): the carrot left after `k`
//! extra moves of the maximizer, for every `k`.
//!
//! Problem: a row `a_1 .. a_n`; players alternately remove an end until one
//! value is left. The first (Max) wants it large, the second (Min) small.
//! Before the game Max makes `k` extra moves; then the game starts with Max
//! to move. Output the result for every `k = 0 .. n - 1`.
//!
//! Idea: on `m` values with Max to move, the result is fixed by the middle:
//! for even `m` the larger of the two middle values (Max removes the end on
//! the side of the smaller one, then mirrors Min); for odd `m >= 3` Max's
//! first move hands Min an even row, so the larger of `min(a[c - 1], a[c])`
//! and `min(a[c], a[c + 1])` around the middle `c`; for `m = 1` the value.
//! Max's `k` extra moves choose any window of `m = n - k`, so the answer is
//! the best of those windows' middle values: going from `m` to `m - 2` widens
//! the range of middles by one at each end, so a running maximum per parity
//! of `m`, started at the centre, gives every answer.
//!
//! Complexity: `O(n)` time and memory.
//!
//! Reference: Codeforces Tinkoff Challenge Final Round editorial, problem 794E.

use crate::submit::Submission;

/// For every window length `m` of one parity, from `first` down to
/// `smallest` (2 or 3), the best of `value(i)` over the middles `i` of all
/// windows of length `m`, written to `out[n - m]`. The middles of windows of
/// length `m` are `lo(m) ..= n - m + lo(m)` with `lo(m - 2) = lo(m) - 1`: each
/// step down adds one middle at each end.
fn widening(first: usize, smallest: usize, lo: fn(usize) -> usize, value: impl Fn(usize) -> u32, out: &mut [u32]) {
    let n = out.len();
    let mut m = first;
    let (mut l, mut h) = (lo(m), n - m + lo(m));
    let mut best = (l..=h).map(&value).max().expect("a window fits");
    out[n - m] = best;
    while m >= smallest + 2 {
        m -= 2;
        l -= 1;
        h += 1;
        best = best.max(value(l)).max(value(h));
        out[n - m] = best;
    }
}

/// The answers for `k = 0 .. n - 1`, with `odd_middle(a, c)` the result of
/// an odd window of at least 3 around `c`.
fn answers_with(a: &[u32], odd_middle: fn(&[u32], usize) -> u32) -> Vec<u32> {
    let n = a.len();
    let mut out = vec![0; n];
    // Windows of an even length m have middles m / 2 - 1 and m / 2 from
    // their start; of an odd length, m / 2.
    if n >= 2 {
        widening(n - n % 2, 2, |m| m / 2 - 1, |i| a[i].max(a[i + 1]), &mut out);
    }
    if n >= 3 {
        let odd = n - 1 + n % 2;
        widening(odd, 3, |m| m / 2, |c| odd_middle(a, c), &mut out);
    }
    out[n - 1] = *a.iter().max().expect("at least one carrot");
    out
}

/// Max's result on an odd window of at least 3 around `c`: Min gets the even
/// window without one end and keeps the smaller middle.
fn odd_middle(a: &[u32], c: usize) -> u32 {
    a[c - 1].min(a[c]).max(a[c].min(a[c + 1]))
}

/// The carrot left for every `k = 0 .. n - 1`.
///
/// # Panics
/// If `a` is empty.
///
/// # Complexity
/// `O(n)`.
pub fn answers(a: &[u32]) -> Vec<u32> {
    answers_with(a, odd_middle)
}

/// Deliberately wrong variants, each with its smallest counterexample
/// (fewest carrots, then smallest sum), proven in
/// `tests/carrot_exhaustive.rs`.
pub mod wrong {
    use super::answers_with;

    /// Bug: an odd window leaves its middle carrot, as if Max could mirror
    /// Min there too; but on an odd window Max moves first and hands Min an
    /// even one.
    ///
    /// Smallest: `1 2 1`. With `k = 0` Oleg must remove a 1 and Igor then
    /// the 2: the answer is 1, not the middle 2. Rows of one or two carrots
    /// have no odd window of 3.
    pub fn middle_survives(a: &[u32]) -> Vec<u32> {
        answers_with(a, |a, c| a[c])
    }
}


/// What `solve` answers with this module.
pub const SUBMITTED: &[Submission] = &[submission!(choosing_carrot, |c| answers(&c.a))];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_judge_samples() {
        assert_eq!(answers(&[1, 2, 3, 5]), [3, 3, 5, 5]);
        let g = 1_000_000_000;
        assert_eq!(answers(&[g, g, g, g, 1]), [g; 5]);
    }

    #[test]
    fn small_rows_by_hand() {
        assert_eq!(answers(&[7]), [7]);
        assert_eq!(answers(&[1, 9]), [9, 9]);
        assert_eq!(answers(&[3, 1, 2]), [1, 3, 3]);
        // Odd n = 5: k = 0 is the middle rule around 3 (max(min(2, 3),
        // min(3, 1)) = 2); k = 2 is the best odd window of 3 (around 2: 1,
        // around 3: 2, around 1: 1); k = 1 and 3 the best even windows.
        assert_eq!(answers(&[1, 2, 3, 1, 5]), [2, 3, 2, 5, 5]);
    }

    #[test]
    fn the_documented_smallest_example_fails() {
        assert_eq!(answers(&[1, 2, 1]), [1, 2, 2]);
        assert_eq!(wrong::middle_survives(&[1, 2, 1]), [2, 2, 2]);
    }

    #[test]
    fn the_judge_maximum_in_linear_time() {
        let a: Vec<u32> = (0..300_000u32)
            .map(|i| i.wrapping_mul(2_654_435_761) % 1_000_000_000 + 1)
            .collect();
        let got = answers(&a);
        assert_eq!(got.len(), a.len());
        assert_eq!(got[a.len() - 1], *a.iter().max().unwrap());
        // More extra moves never hurt Oleg by two: windows of m - 2 contain
        // the middles of windows of m.
        assert!((2..a.len()).all(|k| got[k] >= got[k - 2]));
    }
}
