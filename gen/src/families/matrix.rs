//! Matrices of non-negative values (`nullify-matrix`, CF 1451F): the instance
//! and the generator family.
//!
//! The family draws an `n x m` matrix in one of four shapes: values uniform
//! in `values` (each cell 0 with probability `zeros`); near the top of
//! `values`; every anti-diagonal XOR zero (one cell per anti-diagonal set to
//! the XOR of the others, others zeroed until that fits under the top of
//! `values`); or that with one cell changed by one. Shrinking drops a row or
//! a column, then lowers values.

use serde::Deserialize;

use crate::enumerate::{add, multisets, nonempty, pow, span, Bound, Count, Space, Symmetry};
use crate::lower::{self, ALL_LOWERINGS};
use crate::moves::CANDIDATE_BUDGET;
use crate::range::SizeRange;
use crate::rng::Rng;

/// The judge's bounds: `1 <= n, m <= 100`, `0 <= a <= 10^6`, `t <= 10`.
pub const MAX_SIDE: usize = 100;
pub const MAX_VALUE: u32 = 1_000_000;
pub const MAX_T: usize = 10;

/// One test case: an `n x m` matrix, row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matrix {
    pub n: usize,
    pub m: usize,
    pub a: Vec<u32>,
}

/// How a matrix is drawn.
#[derive(Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum MatrixShape {
    Uniform,
    /// Each value within 8 of the top of `values`.
    NearMax,
    /// Every anti-diagonal XORs to zero.
    Losing,
    /// Losing, then one cell changed by one.
    NearLosing,
}

pub const ALL_MATRIX_SHAPES: [MatrixShape; 4] = [
    MatrixShape::Uniform,
    MatrixShape::NearMax,
    MatrixShape::Losing,
    MatrixShape::NearLosing,
];

/// The `[gen]` table of `nullify-matrix.toml`.
#[derive(Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct MatrixParams {
    pub n: SizeRange,
    pub m: SizeRange,
    pub values: SizeRange,
    /// The share of cells set to 0.
    pub zeros: f64,
    pub shapes: Vec<MatrixShape>,
}

impl Default for MatrixParams {
    fn default() -> Self {
        MatrixParams {
            n: SizeRange::new(1, 3),
            m: SizeRange::new(1, 3),
            values: SizeRange::new(0, 3),
            zeros: 0.3,
            shapes: ALL_MATRIX_SHAPES.to_vec(),
        }
    }
}

impl crate::Family for MatrixParams {
    type Instance = Matrix;

    fn class(&self, x: &Matrix) -> Option<String> {
        let transposed: Vec<u32> = (0..x.m).flat_map(|c| (0..x.n).map(move |r| x.a[r * x.m + c])).collect();
        let least = ((x.n, x.m), x.a.clone()).min(((x.m, x.n), transposed));
        Some(format!("{least:?}"))
    }

    fn check(&self) -> Result<(), String> {
        self.n.within("n", 1, MAX_SIDE as u64)?;
        self.m.within("m", 1, MAX_SIDE as u64)?;
        self.values.within("values", 0, MAX_VALUE as u64)?;
        if !(0.0..=1.0).contains(&self.zeros) {
            return Err(format!("`zeros` = {} must lie within [0, 1]", self.zeros));
        }
        if self.shapes.is_empty() {
            return Err("`shapes` must name at least one of uniform, near-max, losing, near-losing".into());
        }
        Ok(())
    }

    fn generate(&self, rng: &mut Rng) -> Matrix {
        let (n, m) = (self.n.sample_usize(rng), self.m.sample_usize(rng));
        let shape = *rng.pick(&self.shapes);
        let (lo, hi) = (self.values.lo, self.values.hi);
        let draw_lo = if shape == MatrixShape::NearMax {
            hi.saturating_sub(8).max(lo)
        } else {
            lo
        };
        let mut a: Vec<u32> = (0..n * m)
            .map(|_| {
                if rng.chance(self.zeros) {
                    0
                } else {
                    rng.range(draw_lo, hi) as u32
                }
            })
            .collect();
        if matches!(shape, MatrixShape::Losing | MatrixShape::NearLosing) {
            for d in 0..n + m - 1 {
                let cells: Vec<usize> = (0..n).filter(|&r| d >= r && d - r < m).map(|r| r * m + d - r).collect();
                let (&last, rest) = cells.split_last().expect("every anti-diagonal has a cell");
                let mut xor = rest.iter().fold(0, |x, &c| x ^ a[c]);
                for &c in rest {
                    if xor as u64 <= hi {
                        break;
                    }
                    xor ^= a[c];
                    a[c] = 0;
                }
                a[last] = xor;
            }
            if shape == MatrixShape::NearLosing {
                let c = rng.index(n * m);
                a[c] = if a[c] == 0 { 1 } else { a[c] - 1 };
            }
        }
        Matrix { n, m, a }
    }

    fn validate(&self, x: &Matrix) -> Result<(), String> {
        if !(1..=MAX_SIDE).contains(&x.n) || !(1..=MAX_SIDE).contains(&x.m) {
            return Err(format!("the matrix is {} x {}, not within 100 x 100", x.n, x.m));
        }
        if x.a.len() != x.n * x.m {
            return Err(format!("{} values in a {} x {} matrix", x.a.len(), x.n, x.m));
        }
        if let Some(i) = x.a.iter().position(|&v| v > MAX_VALUE) {
            return Err(format!("value {i} = {} is above {MAX_VALUE}", x.a[i]));
        }
        Ok(())
    }

    /// One row dropped, one column dropped, one value lowered (to 0,
    /// halved, by the ladder, minus one).
    fn shrink(&self, x: &Matrix) -> Vec<Matrix> {
        let mut out = Vec::new();
        if x.n > 1 {
            out.extend((0..x.n).map(|r| Matrix {
                n: x.n - 1,
                m: x.m,
                a: (0..x.a.len()).filter(|&i| i / x.m != r).map(|i| x.a[i]).collect(),
            }));
        }
        if x.m > 1 {
            out.extend((0..x.m).map(|c| Matrix {
                n: x.n,
                m: x.m - 1,
                a: (0..x.a.len()).filter(|&i| i % x.m != c).map(|i| x.a[i]).collect(),
            }));
        }
        let limit = (CANDIDATE_BUDGET / 8 / x.a.len()).max(1);
        out.extend(
            lower::lowered_vectors(&x.a, 0, &ALL_LOWERINGS, limit)
                .into_iter()
                .map(|a| Matrix { n: x.n, m: x.m, a }),
        );
        out
    }

    /// Every `n x m` matrix of `values` up to transposition (a move's path
    /// runs right and down, so the transposed matrix is the same game): an
    /// `n x m` matrix with `n > m` is left out when `m x n` is within the
    /// ranges, and a square one is kept when it is lexicographically at most
    /// its transpose. By cells, then the sum of values. `zeros` and
    /// `shapes` are ignored.
    fn exhaust(&self) -> Result<Space<Matrix>, String> {
        let (rows, cols, values) = (self.n, self.m, self.values);
        let kinds = (values.hi - values.lo) as u128 + 1;
        let sides = sides(rows, cols);
        let count = sides.iter().fold(0u128, |acc, &(n, m)| {
            let here = if n == m {
                add(pow(kinds, n * n), pow(kinds, n * (n + 1) / 2)) / 2
            } else {
                pow(kinds, n * m)
            };
            add(acc, here)
        });
        nonempty(Space::new(
            format!(
                "every matrix of {} rows and {} columns with values {}",
                span(rows),
                span(cols),
                span(values)
            ),
            Symmetry::Transposition,
            "cells, then the sum of values",
            Count::Exact(count),
            vec![
                Bound::new("n", rows),
                Bound::new("m", cols),
                Bound::new("values", values),
            ],
            move || {
                Box::new(sides.clone().into_iter().flat_map(move |(n, m)| {
                    let cells = SizeRange::new(n * m, n * m);
                    let (n, m) = (n as usize, m as usize);
                    multisets::sequences(cells, values.lo, values.hi)
                        .map(move |a| Matrix {
                            n,
                            m,
                            a: a.into_iter().map(|v| v as u32).collect(),
                        })
                        .filter(|x| x.n != x.m || x.a <= transposed(x).a)
                }))
            },
        ))
    }
}

/// The side pairs `(n, m)` within the ranges, by cells, then rows, less
/// those whose transpose is within the ranges too and has fewer rows.
fn sides(rows: SizeRange, cols: SizeRange) -> Vec<(u64, u64)> {
    let inside = |n: u64, m: u64| (rows.lo..=rows.hi).contains(&n) && (cols.lo..=cols.hi).contains(&m);
    let mut out: Vec<(u64, u64)> = (rows.lo..=rows.hi)
        .flat_map(|n| (cols.lo..=cols.hi).map(move |m| (n, m)))
        .filter(|&(n, m)| n <= m || !inside(m, n))
        .collect();
    out.sort_by_key(|&(n, m)| (n * m, n));
    out
}

/// The transpose of `x`.
fn transposed(x: &Matrix) -> Matrix {
    let a = (0..x.m).flat_map(|c| (0..x.n).map(move |r| x.a[r * x.m + c])).collect();
    Matrix { n: x.m, m: x.n, a }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::testing::{check_shrinks, check_space, judge_round_trip};
    use crate::Family;

    #[test]
    fn every_matrix_once_up_to_transposition() {
        let p = MatrixParams {
            n: SizeRange::new(1, 3),
            m: SizeRange::new(1, 2),
            values: SizeRange::new(0, 1),
            ..MatrixParams::default()
        };
        let space = p.exhaust().unwrap();
        // 1x1: 2; 1x2 (2x1 is its transpose): 4; 2x2: (16 + 8) / 2; 3x1: 8; 3x2: 64.
        assert_eq!(space.count(), Count::Exact(2 + 4 + 12 + 8 + 64));
        let cells = |x: &Matrix| (x.n * x.m, x.a.iter().map(|&v| v as u64).sum::<u64>());
        let class = |x: &Matrix| {
            let t = transposed(x);
            (x.n, x.m, x.a.clone()).min((t.n, t.m, t.a))
        };
        let all = check_space(&space, cells, |x| p.validate(x), class);
        for x in &all {
            assert_eq!(&judge_round_trip::<crate::judge::nullify_matrix::Judge>(x), x);
        }
    }

    fn diagonal_xors(x: &Matrix) -> Vec<u32> {
        let mut d = vec![0; x.n + x.m - 1];
        for (i, &v) in x.a.iter().enumerate() {
            d[i / x.m + i % x.m] ^= v;
        }
        d
    }

    fn key(x: &Matrix) -> (usize, u64) {
        (x.a.len(), x.a.iter().map(|&v| v as u64).sum())
    }

    #[test]
    fn generated_instances_and_their_shrinks_are_valid() {
        let mut checked = 0;
        for seed in 0..1000u64 {
            let p = match seed % 3 {
                0 => MatrixParams::default(),
                1 => MatrixParams {
                    n: SizeRange::new(1, 100),
                    m: SizeRange::new(1, 100),
                    values: SizeRange::new(0, MAX_VALUE as u64),
                    ..Default::default()
                },
                _ => MatrixParams {
                    values: SizeRange::new(5, 9),
                    zeros: 0.0,
                    ..Default::default()
                },
            };
            p.check().unwrap();
            let x = p.generate(&mut Rng::for_case(seed, 2));
            p.validate(&x).unwrap_or_else(|e| panic!("seed {seed}: {e}: {x:?}"));
            let levels = if x.a.len() > 100 { 1 } else { 3 };
            checked += check_shrinks(x, levels, 10, |x| p.shrink(x), |x| p.validate(x), key);
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn losing_shapes_zero_every_anti_diagonal_but_one_at_most() {
        let mut rng = Rng::from_seed(4);
        for (shape, nonzero) in [(MatrixShape::Losing, 0), (MatrixShape::NearLosing, 1)] {
            let p = MatrixParams {
                n: SizeRange::new(1, 12),
                m: SizeRange::new(1, 12),
                values: SizeRange::new(0, 1000),
                shapes: vec![shape],
                ..Default::default()
            };
            for _ in 0..200 {
                let x = p.generate(&mut rng);
                assert!(x.a.iter().all(|&v| v <= 1000), "{x:?}");
                let d = diagonal_xors(&x);
                assert_eq!(d.iter().filter(|&&v| v != 0).count(), nonzero, "{x:?}");
            }
        }
    }

    #[test]
    fn generation_is_deterministic_per_seed() {
        let p = MatrixParams::default();
        for case in 0..50 {
            assert_eq!(
                p.generate(&mut Rng::for_case(3, case)),
                p.generate(&mut Rng::for_case(3, case))
            );
        }
    }

    #[test]
    fn check_names_the_key() {
        let mut p = MatrixParams {
            n: SizeRange::new(1, 101),
            ..Default::default()
        };
        assert!(p.check().unwrap_err().contains("`n`"));
        p.n = SizeRange::new(1, 1);
        p.values = SizeRange::new(0, 1_000_001);
        assert!(p.check().unwrap_err().contains("`values`"));
        p.values = SizeRange::new(0, 1);
        p.shapes.clear();
        assert!(p.check().unwrap_err().contains("`shapes`"));
    }
}
