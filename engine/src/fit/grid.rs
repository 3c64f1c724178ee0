//! Closed forms of a two-key table `v(a, b)`: `a XOR b` (a sum of two Nim
//! heaps), `(a + b) mod k`, a function of `(a mod p, b mod q)`, and whether
//! the table is symmetric.
//!
//! Problem: the simplest of these forms that gives every cell of the grid.
//!
//! Idea: each form is checked on every cell. For `(a + b) mod k`, `k` is at
//! least one more than the largest value, and no more than one more than
//! the largest `a + b`; for residues, pairs `(p, q)` are tried by `p q`, the
//! number of classes, each class seen at least twice, so every class's
//! value is confirmed.
//!
//! Complexity: `O(R C)` per form, `O(R C K)` for the moduli `K` tried and
//! `O(R C)` per residue pair (stopping at the first contradiction), for an
//! `R × C` grid.
//!
//! Reference: C. L. Bouton, "Nim, a game with a complete mathematical
//! theory", Annals of Mathematics 3 (1901) (the XOR of heaps).

use std::collections::HashMap;

/// A grid of values: `v[i][j]` is `v(a_lo + i, b_lo + j)`.
pub struct Grid<'a> {
    pub a_lo: i64,
    pub b_lo: i64,
    pub v: &'a [Vec<i64>],
}

impl Grid<'_> {
    fn cells(&self) -> impl Iterator<Item = (i64, i64, i64)> + '_ {
        self.v.iter().enumerate().flat_map(move |(i, row)| {
            row.iter()
                .enumerate()
                .map(move |(j, &v)| (self.a_lo + i as i64, self.b_lo + j as i64, v))
        })
    }

    pub fn rows(&self) -> usize {
        self.v.len()
    }

    pub fn cols(&self) -> usize {
        self.v.first().map_or(0, Vec::len)
    }

    /// Whether `v(a, b) = a XOR b` everywhere (the keys non-negative).
    pub fn is_xor(&self) -> bool {
        self.a_lo >= 0 && self.b_lo >= 0 && self.cells().all(|(a, b, v)| v == a ^ b)
    }

    /// The least `k` with `v(a, b) = (a + b) mod k` everywhere; `k` larger
    /// than every `a + b` means `v = a + b`.
    pub fn sum_modulus(&self) -> Option<i64> {
        let top = self.cells().map(|(_, _, v)| v).max()?;
        let most = self.cells().map(|(a, b, _)| a + b).max()?;
        (top.max(0) + 1..=most.max(top) + 1).find(|&k| self.cells().all(|(a, b, v)| v == (a + b).rem_euclid(k)))
    }

    /// The fewest classes `(a mod p, b mod q)` that determine every value,
    /// each class seen at least twice, as `(p, q, value of each class)` with
    /// the class `(r, s)` at `r q + s`.
    pub fn residues(&self) -> Option<(i64, i64, Vec<i64>)> {
        let (rows, cols) = (self.rows() as i64, self.cols() as i64);
        let mut shapes: Vec<(i64, i64)> = (1..=rows / 2)
            .flat_map(|p| (1..=cols / 2).map(move |q| (p, q)))
            .filter(|&(p, q)| p * q > 1)
            .collect();
        shapes.sort_by_key(|&(p, q)| (p * q, p));
        shapes.into_iter().find_map(|(p, q)| {
            let mut class: HashMap<(i64, i64), i64> = HashMap::new();
            for (a, b, v) in self.cells() {
                if *class.entry((a.rem_euclid(p), b.rem_euclid(q))).or_insert(v) != v {
                    return None;
                }
            }
            let values = (0..p).flat_map(|r| (0..q).map(move |s| (r, s)));
            Some((p, q, values.map(|c| class[&c]).collect()))
        })
    }

    /// The first cell where `v(a, b) != v(b, a)`, both in the grid; `None`
    /// when the grid is symmetric where it can be compared.
    pub fn asymmetry(&self) -> Option<(i64, i64)> {
        let value = |a: i64, b: i64| {
            let (i, j) = (a - self.a_lo, b - self.b_lo);
            (i >= 0 && j >= 0)
                .then(|| self.v.get(i as usize)?.get(j as usize).copied())
                .flatten()
        };
        self.cells()
            .find(|&(a, b, v)| value(b, a).is_some_and(|w| w != v))
            .map(|(a, b, _)| (a, b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(rows: i64, cols: i64, f: impl Fn(i64, i64) -> i64) -> Vec<Vec<i64>> {
        (0..rows).map(|a| (0..cols).map(|b| f(a, b)).collect()).collect()
    }

    /// The grid of `v` tabulated from (0, 0).
    fn from_origin(v: &[Vec<i64>]) -> Grid<'_> {
        Grid { a_lo: 0, b_lo: 0, v }
    }

    #[test]
    fn nim_heaps_xor() {
        // Hand-checked corner: 1^2 = 3, 3^5 = 6, 6^6 = 0.
        let v = table(8, 8, |a, b| a ^ b);
        assert_eq!((v[1][2], v[3][5], v[6][6]), (3, 6, 0));
        let g = from_origin(&v);
        assert!(g.is_xor());
        let v = table(8, 8, |a, b| a + b);
        assert!(!from_origin(&v).is_xor());
    }

    #[test]
    fn sums_mod_k() {
        let v = table(6, 6, |a, b| (a + b) % 3);
        assert_eq!(from_origin(&v).sum_modulus(), Some(3));
        let v = table(6, 6, |a, b| a + b);
        assert_eq!(from_origin(&v).sum_modulus(), Some(11));
        let v = table(6, 6, |a, b| a * b);
        assert_eq!(from_origin(&v).sum_modulus(), None);
    }

    #[test]
    fn residue_classes_from_an_offset() {
        // v depends on a mod 2 and b mod 3, tabulated from (1, 4).
        let f = |a: i64, b: i64| [[5, 0, 7], [1, 1, 2]][(a % 2) as usize][(b % 3) as usize];
        let v: Vec<Vec<i64>> = (1..9).map(|a| (4..10).map(|b| f(a, b)).collect()).collect();
        let g = Grid {
            a_lo: 1,
            b_lo: 4,
            v: &v,
        };
        assert_eq!(g.residues(), Some((2, 3, vec![5, 0, 7, 1, 1, 2])));
        let v = table(8, 8, |a, b| a ^ b);
        assert_eq!(from_origin(&v).residues(), None);
    }

    #[test]
    fn symmetry_is_checked_where_both_cells_exist() {
        let v = table(5, 7, |a, b| a + b);
        assert_eq!(from_origin(&v).asymmetry(), None);
        let v = table(5, 5, |a, b| a - b);
        assert_eq!(from_origin(&v).asymmetry(), Some((0, 1)));
    }
}
