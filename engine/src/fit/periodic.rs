//! Periodic sequences: `v(x + p) = v(x) + s` for every `x >= x0` (a plain
//! period when the saltus `s` is 0), and the zero set of a sequence as
//! residue classes mod `p` (the P-positions of an impartial game).
//!
//! Problem: the least pre-period, then the least period, that explains a
//! whole table; and, when none does, how many values would decide one that
//! the table starts to show.
//!
//! Idea: [`crate::table::find_period`] finds the earliest periodic tail seen
//! twice (three times for a saltus); the head before it and one period are
//! the whole form. A tail seen once and a bit more is a candidate only: it
//! needs `x0 + kp` values to be seen `k` times.
//!
//! Complexity: `O(N^2)` over the periods tried, each check stopping at its
//! first mismatch from the top.
//!
//! Reference: E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, ch. 4
//! (periods, pre-periods and arithmetic periodicity).

use serde::{Deserialize, Serialize};

use crate::table::find_period;

/// `v(x) = head[x - lo]` below `from`, then `v(x + period) = v(x) + saltus`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Periodic {
    pub lo: i64,
    pub from: i64,
    pub period: i64,
    pub saltus: i64,
    /// The values from `lo` to `from + period - 1`.
    pub head: Vec<i64>,
    /// Whole periods the table shows from `from`.
    pub periods: usize,
}

impl Periodic {
    /// The earliest and then shortest period of `values` (tabulated from
    /// `lo`) that repeats at least twice, three times for a saltus.
    pub fn find(values: &[i64], lo: i64) -> Option<Periodic> {
        let text: Vec<String> = values.iter().map(i64::to_string).collect();
        let p = find_period(&text.iter().map(String::as_str).collect::<Vec<_>>())?;
        Some(Periodic {
            lo,
            from: lo + p.start as i64,
            period: p.period as i64,
            saltus: p.saltus,
            head: values[..p.start + p.period].to_vec(),
            periods: p.periods,
        })
    }

    /// `v(x)` for `x >= lo`.
    pub fn at(&self, x: i64) -> Option<i64> {
        if x < self.lo {
            return None;
        }
        if x < self.from {
            return Some(self.head[(x - self.lo) as usize]);
        }
        let (q, r) = ((x - self.from) / self.period, (x - self.from) % self.period);
        let base = self.head[(self.from - self.lo + r) as usize];
        q.checked_mul(self.saltus)?.checked_add(base)
    }

    /// One period of values from `from`.
    pub fn cycle(&self) -> &[i64] {
        &self.head[(self.from - self.lo) as usize..]
    }
}

/// The fewest values that would decide a plain period the table starts to
/// show (its tail repeats for more than a value, but not `periods` times in
/// full), as `(values needed, period, from)`.
pub fn undecided(values: &[i64], lo: i64, periods: usize) -> Option<(usize, i64, i64)> {
    let n = values.len();
    (1..n)
        .filter_map(|p| {
            let mut start = n - p;
            while start > 0 && values[start - 1] == values[start - 1 + p] {
                start -= 1;
            }
            // At least two values of the tail seen again, and not `periods` times in full.
            let repeated = n - p - start;
            let needs = start + periods * p;
            (repeated >= 2 && needs > n).then_some((needs, p as i64, lo + start as i64))
        })
        .min()
}

/// Which values are 0: `true` where `v(x) = 0`.
pub fn zeros(values: &[i64]) -> Vec<i64> {
    values.iter().map(|&v| i64::from(v == 0)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_head_and_one_period_give_every_value() {
        // 5 then 1 2 3 repeating, tabulated from x = 10.
        let mut v = vec![5];
        v.extend((0..9).map(|i| i % 3 + 1));
        let p = Periodic::find(&v, 10).unwrap();
        assert_eq!((p.from, p.period, p.saltus), (11, 3, 0));
        assert_eq!(p.cycle(), &[1, 2, 3]);
        assert_eq!(p.at(10), Some(5));
        assert_eq!(p.at(11 + 3 * 1000 + 2), Some(3));
        assert_eq!(p.at(9), None);
    }

    #[test]
    fn a_saltus_grows_by_period() {
        let v: Vec<i64> = (0..12).map(|i| (i / 2) * 3 + i % 2).collect();
        let p = Periodic::find(&v, 0).unwrap();
        assert_eq!((p.period, p.saltus), (2, 3));
        assert_eq!(p.at(101), Some(50 * 3 + 1));
    }

    #[test]
    fn a_window_that_looks_periodic_but_breaks_later_is_no_fit() {
        // Period 4 for 15 values, then a break at the 16th: no period of the whole.
        let mut v: Vec<i64> = (0..16).map(|i| i % 4).collect();
        assert_eq!(Periodic::find(&v[..15], 0).map(|p| p.period), Some(4));
        v[15] = 7;
        let p = Periodic::find(&v, 0);
        assert!(p.as_ref().is_none_or(|p| p.from > 0), "{p:?}");
    }

    #[test]
    fn a_tail_seen_once_asks_for_whole_periods() {
        // 0 1 2 3 0 1: period 4 is seen, but not twice; two periods are 8 values, three 12.
        let v = [0, 1, 2, 3, 0, 1];
        assert_eq!(Periodic::find(&v, 0), None);
        assert_eq!(undecided(&v, 0, 2), Some((8, 4, 0)));
        assert_eq!(undecided(&v, 0, 3), Some((12, 4, 0)));
    }
}
