//! Candy piles (`candy-piles`, AGC 002 E): the instance and its generator
//! family.
//!
//! A move eats a whole largest pile or one candy from every non-empty pile;
//! whoever eats the last candy loses. Sorted largest first, the piles form a
//! Young diagram, and the answer depends on where its diagonal leaves it and
//! on the parity of the two arms left there. So the family draws, besides
//! uniform piles: ties (values from a pool of two or three), staircases
//! (`a_i = i` plus a small shift, the diagram's diagonal running along its
//! edge), near-squares (every pile within one of `n`, where the diagonal
//! ends at the corner) and single piles; the order of the piles is shuffled
//! (judges do not sort them). The judge-size settings (`N = 100 000`, values
//! up to `10^9`) reach every bound of the statement.
//!
//! Shrinking (each candidate strictly smaller by piles, then candies): drop a
//! block of piles (halves, then quarters, eighths, ...: a judge-size find
//! loses half its piles in one step); a
//! largest pile eaten and then one candy from each (a row and a column off
//! the diagram), a largest pile eaten; drop one pile; every pile down to the
//! smallest; lower one pile ([`crate::lower`]: to 1, halved, the ladder,
//! minus one); last, one candy eaten from every pile.

use serde::Deserialize;

use crate::enumerate::multisets::ValueMultisets;
use crate::enumerate::{nonempty, span, Bound, Count, Space, Symmetry};
use crate::lower::{self, ALL_LOWERINGS};
use crate::moves;
use crate::range::SizeRange;
use crate::rng::Rng;
use crate::weights::move_limit;

/// The judge's bounds: `N <= 100 000` piles of `1 <= a_i <= 10^9` candies.
pub const MAX_N: usize = 100_000;
pub const MAX_VALUE: u32 = 1_000_000_000;

/// One judge input: the piles, in the judge's order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CandyPiles {
    pub a: Vec<u32>,
}

/// How one instance's piles are drawn; one shape per instance.
#[derive(Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum CandyShape {
    /// Uniform in `values`.
    Uniform,
    /// From a pool of two or three values.
    Ties,
    /// `a_i = i + c` for `i = 1 .. n` and one `c` in `0..=2`, clipped to
    /// `values`, shuffled.
    Staircase,
    /// Every pile within one of `n`, clipped to `values`: a near-square diagram.
    NearSquare,
    /// One pile, uniform in `values`, whatever `n` says.
    Single,
}

pub const ALL_CANDY_SHAPES: [CandyShape; 5] = [
    CandyShape::Uniform,
    CandyShape::Ties,
    CandyShape::Staircase,
    CandyShape::NearSquare,
    CandyShape::Single,
];

/// The `[gen]` table of `candy-piles.toml`.
#[derive(Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct CandyParams {
    /// Piles (`N`).
    pub n: SizeRange,
    /// Candies per pile.
    pub values: SizeRange,
    pub shapes: Vec<CandyShape>,
}

impl Default for CandyParams {
    fn default() -> Self {
        CandyParams {
            n: SizeRange::new(1, 8),
            values: SizeRange::new(1, 10),
            shapes: ALL_CANDY_SHAPES.to_vec(),
        }
    }
}

impl crate::Family for CandyParams {
    type Instance = CandyPiles;

    fn class(&self, c: &CandyPiles) -> Option<String> {
        Some(crate::enumerate::classes::multiset(&c.a))
    }

    fn check(&self) -> Result<(), String> {
        self.n.within("n", 1, MAX_N as u64)?;
        self.values.within("values", 1, MAX_VALUE as u64)?;
        if self.shapes.is_empty() {
            return Err("`shapes` must name at least one of uniform, ties, staircase, near-square, single".into());
        }
        Ok(())
    }

    fn generate(&self, rng: &mut Rng) -> CandyPiles {
        let shape = *rng.pick(&self.shapes);
        let n = self.n.sample_usize(rng);
        let (lo, hi) = (self.values.lo, self.values.hi);
        let clip = |v: u64| v.clamp(lo, hi) as u32;
        let mut a: Vec<u32> = match shape {
            CandyShape::Uniform => (0..n).map(|_| self.values.sample(rng) as u32).collect(),
            CandyShape::Ties => {
                let pool: Vec<u32> = (0..rng.range(2, 3)).map(|_| self.values.sample(rng) as u32).collect();
                (0..n).map(|_| *rng.pick(&pool)).collect()
            }
            CandyShape::Staircase => {
                let c = rng.range(0, 2);
                (1..=n as u64).map(|i| clip(i + c)).collect()
            }
            CandyShape::NearSquare => (0..n).map(|_| clip(n as u64 - 1 + rng.range(0, 2))).collect(),
            CandyShape::Single => vec![self.values.sample(rng) as u32],
        };
        rng.shuffle(&mut a);
        CandyPiles { a }
    }

    fn validate(&self, c: &CandyPiles) -> Result<(), String> {
        if !(1..=MAX_N).contains(&c.a.len()) {
            return Err(format!("{} piles, not 1 to {MAX_N}", c.a.len()));
        }
        if let Some(i) = c.a.iter().position(|v| !(1..=MAX_VALUE).contains(v)) {
            return Err(format!("pile {i}: {} is outside [1, {MAX_VALUE}]", c.a[i]));
        }
        Ok(())
    }

    fn shrink(&self, c: &CandyPiles) -> Vec<CandyPiles> {
        let n = c.a.len();
        let limit = move_limit(n);
        // Blocks of piles first, largest first, Hypothesis-style: one pile a
        // step would take tens of thousands of steps from the judge's size.
        let blocks = moves::edge_blocks(n).into_iter().map(|r| CandyPiles {
            a: [&c.a[..r.start], &c.a[r.end..]].concat(),
        });
        let mut out = moves::within_budget(blocks, |b| (b.a.len(), 0));
        // A step along the diagram's diagonal (eat a largest pile, then one
        // from every pile) and a largest pile eaten take a whole row and
        // column, or a row, off the diagram at once, which single-pile edits
        // cannot do without passing through instances that no longer fail.
        let eat_one = |a: &[u32]| -> Vec<u32> { a.iter().filter(|&&v| v > 1).map(|&v| v - 1).collect() };
        let largest = (0..n)
            .max_by_key(|&i| (c.a[i], std::cmp::Reverse(i)))
            .expect("at least one pile");
        let mut without_largest = c.a.clone();
        without_largest.remove(largest);
        for a in [eat_one(&without_largest), without_largest] {
            if !a.is_empty() {
                out.push(CandyPiles { a });
            }
        }
        if n > 1 {
            out.extend((0..n).take(limit).map(|i| {
                let mut a = c.a.clone();
                a.remove(i);
                CandyPiles { a }
            }));
        }
        out.extend(lower::all_to_smallest(&c.a).map(|a| CandyPiles { a }));
        out.extend(
            lower::lowered_vectors(&c.a, 1, &ALL_LOWERINGS, limit)
                .into_iter()
                .map(|a| CandyPiles { a }),
        );
        // Last: one candy from every pile, a column of the diagram. It may
        // crawl (one candy a step), so it comes after the moves that halve.
        let column = eat_one(&c.a);
        if !column.is_empty() {
            out.push(CandyPiles { a: column });
        }
        out
    }

    /// Every multiset of `n` piles of `values` candies, by candies: the game
    /// is the same in any order of its piles (its diagram sorts them).
    /// `shapes` is ignored.
    fn exhaust(&self) -> Result<Space<CandyPiles>, String> {
        let multisets = ValueMultisets::new(self.n, self.values);
        nonempty(Space::new(
            format!(
                "every candy-piles position of {} piles of {} candies",
                span(self.n),
                span(self.values)
            ),
            Symmetry::Multisets,
            "candies",
            Count::Exact(multisets.count()),
            vec![Bound::new("n", self.n), Bound::new("values", self.values)],
            move || {
                Box::new(multisets.all().map(|a| CandyPiles {
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
    fn every_multiset_of_piles_once_a000041() {
        let p = params((1, 10), (1, 10));
        let space = p.exhaust().unwrap();
        let candies = |c: &CandyPiles| c.a.iter().map(|&v| v as u64).sum::<u64>();
        let sorted = |c: &CandyPiles| {
            let mut a = c.a.clone();
            a.sort_unstable();
            a
        };
        let all = check_space(&space, candies, |c| p.validate(c), sorted);
        // Partitions of 1..=10 (A000041): every one fits 10 piles of at most 10.
        let a000041 = [1usize, 2, 3, 5, 7, 11, 15, 22, 30, 42];
        for (t, &want) in a000041.iter().enumerate() {
            assert_eq!(all.iter().filter(|c| candies(c) == t as u64 + 1).count(), want);
        }
        for c in all.iter().take(300) {
            assert_eq!(&judge_round_trip::<crate::judge::candy_piles::Judge>(c), c);
        }
    }

    fn size(c: &CandyPiles) -> (usize, u64) {
        (c.a.len(), c.a.iter().map(|&v| v as u64).sum())
    }

    fn params(n: (u64, u64), values: (u64, u64)) -> CandyParams {
        CandyParams {
            n: SizeRange::new(n.0, n.1),
            values: SizeRange::new(values.0, values.1),
            shapes: ALL_CANDY_SHAPES.to_vec(),
        }
    }

    #[test]
    fn generated_instances_and_their_shrinks_are_valid() {
        let mut checked = 0;
        for seed in 0..2000u64 {
            let p = match seed % 4 {
                1 if seed == 1 => params((100_000, 100_000), (1, 1_000_000_000)),
                0 | 1 => CandyParams::default(),
                2 => params((1, 2), (1, 1)),
                _ => params((1, 40), (1, 1_000_000_000)),
            };
            p.check().unwrap();
            let c = p.generate(&mut Rng::for_case(seed, 3));
            p.validate(&c).unwrap_or_else(|e| panic!("seed {seed}: {e}: {c:?}"));
            assert!(c.a.iter().all(|&v| p.values.lo <= v as u64 && v as u64 <= p.values.hi));
            let (levels, width) = if seed == 1 { (1, 1) } else { (2, 15) };
            checked += check_shrinks(c, levels, width, |c| p.shrink(c), |c| p.validate(c), size);
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn shapes_hold() {
        let mut rng = Rng::from_seed(5);
        let mut p = params((1, 30), (1, 1000));
        for shape in ALL_CANDY_SHAPES {
            p.shapes = vec![shape];
            for _ in 0..200 {
                let mut a = p.generate(&mut rng).a;
                let n = a.len() as u32;
                a.sort_unstable();
                match shape {
                    CandyShape::Ties => {
                        a.dedup();
                        assert!(a.len() <= 3, "{a:?}");
                    }
                    CandyShape::Staircase => {
                        let c = a[0] - 1;
                        assert!(c <= 2 && (0..n).all(|i| a[i as usize] == i + 1 + c), "{a:?}");
                    }
                    CandyShape::NearSquare => assert!(a.iter().all(|&v| v + 1 >= n && v <= n + 1), "{a:?}"),
                    CandyShape::Single => assert_eq!(a.len(), 1),
                    CandyShape::Uniform => {}
                }
            }
        }
    }

    #[test]
    fn shrinking_reaches_one_pile_of_one() {
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
    fn a_judge_size_find_first_loses_half_its_piles() {
        let mut p = params((100_000, 100_000), (1, 1_000_000_000));
        p.shapes = vec![CandyShape::Uniform];
        let c = p.generate(&mut Rng::from_seed(2));
        let shrunk = p.shrink(&c);
        // Each half, then each quarter, ... before any one-pile move.
        assert_eq!(shrunk[0].a, c.a[50_000..]);
        assert_eq!(shrunk[1].a, c.a[..50_000]);
        assert_eq!(shrunk[2].a, c.a[25_000..]);
        assert_eq!(shrunk[5].a, c.a[..75_000]);
        // Halves to 32nds at least (62 blocks) fit the candidate budget.
        let first_single = shrunk.iter().position(|s| s.a.len() == c.a.len() - 1).unwrap();
        assert!(first_single >= 62, "{first_single}");
    }

    #[test]
    fn generation_is_deterministic_per_seed() {
        let p = CandyParams::default();
        for case in 0..50 {
            assert_eq!(
                p.generate(&mut Rng::for_case(4, case)),
                p.generate(&mut Rng::for_case(4, case))
            );
        }
    }

    #[test]
    fn judge_size_reaches_every_bound() {
        let p = params((100_000, 100_000), (1_000_000_000, 1_000_000_000));
        let c = p.generate(&mut Rng::from_seed(1));
        assert_eq!(c.a.len(), MAX_N);
        assert!(c.a.iter().all(|&v| v == MAX_VALUE));
    }

    #[test]
    fn check_names_the_key() {
        let bad = [
            (params((0, 3), (1, 1)), "`n`"),
            (params((1, 100_001), (1, 1)), "`n`"),
            (params((1, 1), (0, 1)), "`values`"),
            (params((1, 1), (1, 1_000_000_001)), "`values`"),
        ];
        for (p, key) in bad {
            assert!(p.check().unwrap_err().contains(key), "{key}");
        }
        let mut p = CandyParams::default();
        p.shapes.clear();
        assert!(p.check().unwrap_err().contains("`shapes`"));
    }
}
