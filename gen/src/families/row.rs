//! A row of carrots for Choosing Carrot (`choosing-carrot`, CF 794E): the
//! instance and its generator family.
//!
//! Players remove an end of the row until one carrot is left; the first
//! wants it juicy, the second not. The answer depends only on the middle of
//! every window of the row, so solutions go wrong on equal values (which
//! middle survives), on plateaus, on a single peak or dip in the middle, and
//! on the smallest rows (`n = 1`, `n = 2`, where the middle rule has no
//! neighbours). The family draws values uniform, from a pool of two or three
//! (few distinct values), in plateaus (runs of one value), as one peak
//! (rising, then falling) or as one valley. The judge-size settings
//! (`n = 300 000`, values up to `10^9`) reach every bound of the statement.
//!
//! Shrinking (each candidate strictly smaller by length, then the sum of
//! values): drop the first or the last carrot, drop one carrot, lower one
//! value ([`crate::lower`]: to 1, halved, the ladder, minus one).

use serde::Deserialize;

use crate::enumerate::{add, multisets, nonempty, pow, span, Bound, Count, Space, Symmetry};
use crate::lower::{self, ALL_LOWERINGS};
use crate::range::SizeRange;
use crate::rng::Rng;
use crate::weights::move_limit;

/// The judge's bounds: `n <= 300 000` carrots of juiciness `<= 10^9`.
pub const MAX_N: usize = 300_000;
pub const MAX_VALUE: u32 = 1_000_000_000;

/// One judge input: the carrots' juiciness, left to right.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Carrots {
    pub a: Vec<u32>,
}

/// How one instance's values are drawn; one shape per instance.
#[derive(Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum RowShape {
    /// Uniform in `values`.
    Uniform,
    /// From a pool of two or three values: ties everywhere.
    FewValues,
    /// Runs of one value, each run up to a quarter of the row.
    Plateaus,
    /// Rising to one maximum, then falling (not strictly: ties stay).
    Peak,
    /// Falling to one minimum, then rising.
    Valley,
}

pub const ALL_ROW_SHAPES: [RowShape; 5] = [
    RowShape::Uniform,
    RowShape::FewValues,
    RowShape::Plateaus,
    RowShape::Peak,
    RowShape::Valley,
];

/// The `[gen]` table of `choosing-carrot.toml`.
#[derive(Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct RowParams {
    /// Carrots (`n`).
    pub n: SizeRange,
    /// Juiciness.
    pub values: SizeRange,
    pub shapes: Vec<RowShape>,
}

impl Default for RowParams {
    fn default() -> Self {
        RowParams {
            n: SizeRange::new(1, 9),
            values: SizeRange::new(1, 9),
            shapes: ALL_ROW_SHAPES.to_vec(),
        }
    }
}

impl RowParams {
    fn draw(&self, shape: RowShape, n: usize, rng: &mut Rng) -> Vec<u32> {
        let value = |rng: &mut Rng| self.values.sample(rng) as u32;
        match shape {
            RowShape::Uniform => (0..n).map(|_| value(rng)).collect(),
            RowShape::FewValues => {
                let pool: Vec<u32> = (0..rng.range(2, 3)).map(|_| value(rng)).collect();
                (0..n).map(|_| *rng.pick(&pool)).collect()
            }
            RowShape::Plateaus => {
                let mut a = Vec::with_capacity(n);
                while a.len() < n {
                    let run = rng.range(1, (n as u64 / 4).max(1)) as usize;
                    let v = value(rng);
                    a.extend(std::iter::repeat_n(v, run.min(n - a.len())));
                }
                a
            }
            RowShape::Peak | RowShape::Valley => {
                let top = rng.index(n);
                let mut a: Vec<u32> = (0..n).map(|_| value(rng)).collect();
                a[..=top].sort_unstable();
                a[top..].sort_unstable_by(|x, y| y.cmp(x));
                if shape == RowShape::Valley {
                    // Mirror every value in the range: the peak becomes a valley.
                    let (lo, hi) = (self.values.lo as u32, self.values.hi as u32);
                    a.iter_mut().for_each(|v| *v = hi - (*v - lo));
                }
                a
            }
        }
    }
}

impl crate::Family for RowParams {
    type Instance = Carrots;

    fn class(&self, c: &Carrots) -> Option<String> {
        Some(crate::enumerate::classes::reversible(&c.a))
    }

    fn check(&self) -> Result<(), String> {
        self.n.within("n", 1, MAX_N as u64)?;
        self.values.within("values", 1, MAX_VALUE as u64)?;
        if self.shapes.is_empty() {
            return Err("`shapes` must name at least one of uniform, few-values, plateaus, peak, valley".into());
        }
        Ok(())
    }

    fn generate(&self, rng: &mut Rng) -> Carrots {
        let shape = *rng.pick(&self.shapes);
        let n = self.n.sample_usize(rng);
        Carrots {
            a: self.draw(shape, n, rng),
        }
    }

    fn validate(&self, c: &Carrots) -> Result<(), String> {
        if !(1..=MAX_N).contains(&c.a.len()) {
            return Err(format!("{} carrots, not 1 to {MAX_N}", c.a.len()));
        }
        if let Some(i) = c.a.iter().position(|v| !(1..=MAX_VALUE).contains(v)) {
            return Err(format!("carrot {i}: {} is outside [1, {MAX_VALUE}]", c.a[i]));
        }
        Ok(())
    }

    fn shrink(&self, c: &Carrots) -> Vec<Carrots> {
        let n = c.a.len();
        let limit = move_limit(n);
        let mut out = Vec::new();
        if n > 1 {
            out.push(Carrots { a: c.a[1..].to_vec() });
            out.push(Carrots {
                a: c.a[..n - 1].to_vec(),
            });
            out.extend((1..n - 1).take(limit).map(|i| {
                let mut a = c.a.clone();
                a.remove(i);
                Carrots { a }
            }));
        }
        out.extend(
            lower::lowered_vectors(&c.a, 1, &ALL_LOWERINGS, limit)
                .into_iter()
                .map(|a| Carrots { a }),
        );
        out
    }

    /// Every row of `n` carrots of `values` juiciness up to reversal (the
    /// game takes from both ends, so a row and its reverse are one game,
    /// `(V^n + V^ceil(n/2)) / 2` of them), by carrots, then juiciness; the
    /// row kept is the lexicographically smaller. `shapes` is ignored.
    fn exhaust(&self) -> Result<Space<Carrots>, String> {
        let (n, values) = (self.n, self.values);
        let kinds = (values.hi - values.lo) as u128 + 1;
        let count = (n.lo..=n.hi).fold(0u128, |acc, len| {
            add(acc, add(pow(kinds, len), pow(kinds, len.div_ceil(2))) / 2)
        });
        nonempty(Space::new(
            format!("every row of {} carrots of juiciness {}", span(n), span(values)),
            Symmetry::Reversal,
            "carrots, then juiciness",
            Count::Exact(count),
            vec![Bound::new("n", n), Bound::new("values", values)],
            move || {
                let rows = multisets::sequences(n, values.lo, values.hi).filter(|a| a.iter().le(a.iter().rev()));
                Box::new(rows.map(|a| Carrots {
                    a: a.into_iter().map(|v| v as u32).collect(),
                }))
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::testing::{check_shrinks, check_space, judge_round_trip};
    use crate::Family;

    #[test]
    fn every_row_once_up_to_reversal() {
        let p = RowParams {
            n: SizeRange::new(1, 8),
            values: SizeRange::new(1, 2),
            ..RowParams::default()
        };
        let space = p.exhaust().unwrap();
        // Binary strings up to reversal, A005418(n + 1): 2, 3, 6, 10, 20, 36, 72, 136.
        assert_eq!(space.count(), Count::Exact(2 + 3 + 6 + 10 + 20 + 36 + 72 + 136));
        let size = |c: &Carrots| (c.a.len(), c.a.iter().map(|&v| v as u64).sum::<u64>());
        let class = |c: &Carrots| {
            let reversed: Vec<u32> = c.a.iter().rev().copied().collect();
            c.a.clone().min(reversed)
        };
        let all = check_space(&space, size, |c| p.validate(c), class);
        for c in all.iter().take(100) {
            assert_eq!(&judge_round_trip::<crate::judge::choosing_carrot::Judge>(c), c);
        }
        let three = RowParams {
            n: SizeRange::new(1, 5),
            values: SizeRange::new(1, 3),
            ..RowParams::default()
        };
        let space = three.exhaust().unwrap();
        assert_eq!(space.count(), Count::Exact(3 + 6 + 18 + 45 + 135));
        check_space(&space, size, |c| three.validate(c), class);
    }

    fn size(c: &Carrots) -> (usize, u64) {
        (c.a.len(), c.a.iter().map(|&v| v as u64).sum())
    }

    fn params(n: (u64, u64), values: (u64, u64)) -> RowParams {
        RowParams {
            n: SizeRange::new(n.0, n.1),
            values: SizeRange::new(values.0, values.1),
            shapes: ALL_ROW_SHAPES.to_vec(),
        }
    }

    #[test]
    fn generated_instances_and_their_shrinks_are_valid() {
        let mut checked = 0;
        for seed in 0..2000u64 {
            let p = match seed % 4 {
                1 if seed == 1 => params((300_000, 300_000), (1, 1_000_000_000)),
                0 | 1 => RowParams::default(),
                2 => params((1, 2), (1, 1)),
                _ => params((1, 40), (1, 1_000_000_000)),
            };
            p.check().unwrap();
            let c = p.generate(&mut Rng::for_case(seed, 3));
            p.validate(&c).unwrap_or_else(|e| panic!("seed {seed}: {e}: {c:?}"));
            assert!(c.a.iter().all(|&v| p.values.lo <= v as u64 && v as u64 <= p.values.hi));
            assert!(p.n.lo <= c.a.len() as u64 && c.a.len() as u64 <= p.n.hi);
            let (levels, width) = if seed == 1 { (1, 1) } else { (2, 15) };
            checked += check_shrinks(c, levels, width, |c| p.shrink(c), |c| p.validate(c), size);
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn shapes_hold() {
        let mut rng = Rng::from_seed(5);
        let mut p = params((1, 30), (1, 1000));
        for shape in ALL_ROW_SHAPES {
            p.shapes = vec![shape];
            for _ in 0..200 {
                let a = p.generate(&mut rng).a;
                let top = |a: &[u32], f: fn(&u32, &u32) -> bool| {
                    let i = (0..a.len()).find(|&i| a[i + 1..].iter().all(|v| f(&a[i], v))).unwrap();
                    a[..=i].windows(2).all(|w| f(&w[1], &w[0])) && a[i..].windows(2).all(|w| f(&w[0], &w[1]))
                };
                match shape {
                    RowShape::FewValues => {
                        let mut d = a.clone();
                        d.sort_unstable();
                        d.dedup();
                        assert!(d.len() <= 3, "{a:?}");
                    }
                    RowShape::Peak => assert!(top(&a, |x, y| x >= y), "{a:?}"),
                    RowShape::Valley => assert!(top(&a, |x, y| x <= y), "{a:?}"),
                    RowShape::Uniform | RowShape::Plateaus => {}
                }
            }
        }
    }

    #[test]
    fn shrinking_reaches_one_carrot_of_one() {
        let p = params((1, 12), (1, 1_000_000_000));
        let mut rng = Rng::from_seed(9);
        for _ in 0..100 {
            let mut c = p.generate(&mut rng);
            let mut steps = 0;
            while let Some(next) = p.shrink(&c).into_iter().next() {
                c = next;
                steps += 1;
                assert!(steps < 100);
            }
            assert_eq!(c.a, vec![1]);
        }
    }

    #[test]
    fn generation_is_deterministic_per_seed() {
        let p = RowParams::default();
        for case in 0..50 {
            assert_eq!(
                p.generate(&mut Rng::for_case(4, case)),
                p.generate(&mut Rng::for_case(4, case))
            );
        }
    }

    #[test]
    fn judge_size_reaches_every_bound() {
        let p = params((300_000, 300_000), (1_000_000_000, 1_000_000_000));
        let c = p.generate(&mut Rng::from_seed(1));
        assert_eq!(c.a.len(), MAX_N);
        assert!(c.a.iter().all(|&v| v == MAX_VALUE));
    }

    #[test]
    fn check_names_the_key() {
        let bad = [
            (params((0, 3), (1, 1)), "`n`"),
            (params((1, 300_001), (1, 1)), "`n`"),
            (params((1, 1), (0, 1)), "`values`"),
            (params((1, 1), (1, 1_000_000_001)), "`values`"),
        ];
        for (p, key) in bad {
            assert!(p.check().unwrap_err().contains(key), "{key}");
        }
        let mut p = RowParams::default();
        p.shapes.clear();
        assert!(p.check().unwrap_err().contains("`shapes`"));
    }
}
