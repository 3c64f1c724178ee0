//! Beatty pairs: the zero cells of a grid as `(⌊kα⌋, ⌊kβ⌋)` and their
//! mirrors, `k = 0, 1, 2, ...`: Wythoff's P-positions with `α = φ`,
//! `β = φ²` (OEIS A000201, A001950).
//!
//! Problem: given the zero cells `(a, b)` of a grid from `(0, 0)`, find real
//! `α`, `β` with the `k`-th pair (by `a`, with `a <= b`) equal to
//! `(⌊kα⌋, ⌊kβ⌋)`, and no other zero cell.
//!
//! Idea: `⌊kα⌋ = a` exactly when `a/k <= α < (a + 1)/k`; intersecting these
//! intervals over every pair gives every `α` that fits (and likewise `β`), or
//! none. Named constants (φ, √2, …) inside the interval name it. A grid
//! shows pairs until `b` leaves it, so the pairs seen are a prefix.
//!
//! Complexity: `O(R C)` to read the zero cells, `O(K)` for the intervals.
//!
//! Reference: S. Beatty, problem 3173, Amer. Math. Monthly 33 (1926);
//! W. A. Wythoff, "A modification of the game of Nim", Nieuw Archief voor
//! Wiskunde 7 (1907).

use serde::{Deserialize, Serialize};

/// The constants a Beatty pair's ratios are named after, with their values.
const NAMED: &[(&str, f64)] = &[
    ("1", 1.0),
    ("φ", 1.618_033_988_749_895),
    ("√2", std::f64::consts::SQRT_2),
    ("√3", 1.732_050_807_568_877_2),
    ("2", 2.0),
    ("φ²", 2.618_033_988_749_895),
    ("1+√2", 2.414_213_562_373_095),
    ("e", std::f64::consts::E),
    ("3", 3.0),
    ("π", std::f64::consts::PI),
    ("2+√2", 3.414_213_562_373_095),
];

/// A real number known to lie in `[lo, hi)`, named when a constant does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ratio {
    pub lo: f64,
    pub hi: f64,
    pub name: Option<String>,
}

impl Ratio {
    /// The named constant, else the middle of the interval.
    pub fn value(&self) -> f64 {
        NAMED
            .iter()
            .find(|(n, _)| Some(*n) == self.name.as_deref())
            .map_or((self.lo + self.hi) / 2.0, |&(_, v)| v)
    }

    /// `⌊kα⌋`: exact by integer square roots for the named quadratic
    /// irrationals (`⌊kφ⌋ = ⌊(k + ⌊√(5k²)⌋) / 2⌋`), whose multiples come
    /// within `1/(k√5)` of an integer where a float's rounding is larger
    /// (k a Fibonacci number near 10^8); by floating point otherwise.
    pub fn floor_times(&self, k: u64) -> u64 {
        let k = u128::from(k);
        let root = |c: u128| (c * k * k).isqrt();
        let exact = match self.name.as_deref() {
            Some("1") => Some(k),
            Some("2") => Some(2 * k),
            Some("3") => Some(3 * k),
            Some("φ") => Some((k + root(5)) / 2),
            Some("φ²") => Some((k + root(5)) / 2 + k),
            Some("√2") => Some(root(2)),
            Some("√3") => Some(root(3)),
            Some("1+√2") => Some(k + root(2)),
            Some("2+√2") => Some(2 * k + root(2)),
            _ => None,
        };
        match exact {
            Some(x) => x as u64,
            None => (k as f64 * self.value()).floor() as u64,
        }
    }

    pub fn show(&self) -> String {
        match &self.name {
            Some(n) => format!("{n} (in [{:.6}, {:.6}))", self.lo, self.hi),
            None => format!("in [{:.6}, {:.6})", self.lo, self.hi),
        }
    }

    fn fitting(floors: impl Iterator<Item = (u64, u64)>) -> Option<Ratio> {
        let (mut lo, mut hi) = (0f64, f64::INFINITY);
        for (k, a) in floors.filter(|&(k, _)| k > 0) {
            lo = lo.max(a as f64 / k as f64);
            hi = hi.min((a + 1) as f64 / k as f64);
        }
        (lo < hi).then(|| Ratio {
            lo,
            hi,
            name: NAMED
                .iter()
                .find(|&&(_, v)| lo <= v && v < hi)
                .map(|&(n, _)| n.to_string()),
        })
    }
}

/// `(⌊kα⌋, ⌊kβ⌋)` for `k >= 0`, mirrored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Beatty {
    pub alpha: Ratio,
    pub beta: Ratio,
    /// Pairs the grid shows.
    pub pairs: usize,
}

impl Beatty {
    /// The Beatty pairs that are exactly the zero cells of `zero` (`zero[a][b]`,
    /// from `(0, 0)`), seen for at least `least` values of `k`.
    pub fn find(zero: &[Vec<bool>], least: usize) -> Option<Beatty> {
        let (rows, cols) = (zero.len(), zero.first()?.len());
        let at = |a: usize, b: usize| a < rows && b < cols && zero[a][b];
        // Every zero cell must have its mirror wherever the grid holds both.
        let mirrored = (0..rows).all(|a| (0..cols).all(|b| !at(a, b) || (b >= rows || a >= cols) || at(b, a)));
        if !mirrored {
            return None;
        }
        let mut pairs: Vec<(u64, u64)> = (0..rows)
            .flat_map(|a| (a..cols).filter(move |&b| at(a, b)).map(move |b| (a as u64, b as u64)))
            .collect();
        pairs.sort_unstable();
        // One pair per row, and the k-th has k-th smallest b too.
        if pairs.windows(2).any(|w| w[0].0 == w[1].0 || w[0].1 >= w[1].1) || pairs.first() != Some(&(0, 0)) {
            return None;
        }
        let alpha = Ratio::fitting(pairs.iter().enumerate().map(|(k, &(a, _))| (k as u64, a)))?;
        let beta = Ratio::fitting(pairs.iter().enumerate().map(|(k, &(_, b))| (k as u64, b)))?;
        let fit = Beatty {
            alpha,
            beta,
            pairs: pairs.len(),
        };
        // The pairs the ratios predict inside the grid must all be zero cells.
        let predicted = (0..)
            .map(|k| fit.pair(k))
            .take_while(|&(a, b)| a < rows as u64 && b < cols as u64);
        if predicted.count() != pairs.len() || pairs.len() < least {
            return None;
        }
        Some(fit)
    }

    /// `(⌊kα⌋, ⌊kβ⌋)`.
    pub fn pair(&self, k: u64) -> (u64, u64) {
        (self.alpha.floor_times(k), self.beta.floor_times(k))
    }

    /// Whether `(a, b)` is a pair or a pair's mirror: the `k` with
    /// `⌊kα⌋ <= a < ⌊(k+1)α⌋`, guessed in floating point and corrected
    /// exactly (`⌊kα⌋` grows with `k`), must give both.
    pub fn holds(&self, a: u64, b: u64) -> bool {
        let (a, b) = (a.min(b), a.max(b));
        let mut k = (a as f64 / self.alpha.value()).floor() as u64;
        while k > 0 && self.alpha.floor_times(k) > a {
            k -= 1;
        }
        while self.alpha.floor_times(k + 1) <= a {
            k += 1;
        }
        self.pair(k) == (a, b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wythoff's P-positions by the rule itself, independently of Beatty: a
    /// cell is losing when no move (down a row, down a column, down a
    /// diagonal) reaches a losing cell.
    fn wythoff_zeros(n: usize) -> Vec<Vec<bool>> {
        let mut z = vec![vec![false; n]; n];
        for a in 0..n {
            for b in 0..n {
                let reaches =
                    (0..a).any(|x| z[x][b]) || (0..b).any(|y| z[a][y]) || (1..=a.min(b)).any(|d| z[a - d][b - d]);
                z[a][b] = !reaches;
            }
        }
        z
    }

    #[test]
    fn wythoff_is_beatty_with_phi_and_phi_squared() {
        let fit = Beatty::find(&wythoff_zeros(30), 4).unwrap();
        assert_eq!(fit.alpha.name.as_deref(), Some("φ"));
        assert_eq!(fit.beta.name.as_deref(), Some("φ²"));
        // Pairs beyond the grid, by hand: (⌊10φ⌋, ⌊10φ²⌋) = (16, 26), k = 20: (32, 52).
        assert_eq!(fit.pair(10), (16, 26));
        assert!(fit.holds(52, 32));
        assert!(!fit.holds(32, 51));
    }

    #[test]
    fn pairs_near_an_integer_multiple_are_exact() {
        let fit = Beatty::find(&wythoff_zeros(30), 4).unwrap();
        // k = F(40) = 102334155: kφ = 165580140.99999999563 and kφ² = 267914295.99999999563 (50
        // digits, Python's decimal), where k * 1.618033988749895 in f64 is 165580141.0. A stress of
        // the saved Wythoff fit with `harness --config wythoff --fit` found it.
        assert_eq!(fit.pair(102_334_155), (165_580_140, 267_914_295));
        assert!(fit.holds(165_580_140, 267_914_295));
        assert!(!fit.holds(165_580_141, 267_914_296));
    }

    #[test]
    fn a_missing_pair_or_an_extra_zero_is_no_fit() {
        let mut z = wythoff_zeros(20);
        z[3][5] = false;
        z[5][3] = false;
        assert_eq!(Beatty::find(&z, 4), None);
        let mut z = wythoff_zeros(20);
        z[6][6] = true;
        assert_eq!(Beatty::find(&z, 4), None);
    }

    #[test]
    fn too_few_pairs_are_no_fit() {
        assert_eq!(Beatty::find(&wythoff_zeros(5), 4), None);
    }
}
