//! Piles of cards for Fox and Card Game (`fox-card-game`, CF 388C): the
//! instance and its generator family.
//!
//! The first player takes the top card of any pile, the second the bottom
//! card of any pile, each maximizing their own sum. Solutions go wrong on the
//! odd piles (whose middle card goes to whoever touches the pile first) and
//! on ties between their middles, so the family draws piles all odd, all
//! even, or mixed; single cards (every pile is its own middle); odd piles
//! sharing a few middle values; and values from a small pool (ties
//! everywhere). The judge-size settings (`n = 100`, `s = 100`, values up to
//! 1000) reach every bound of the statement.
//!
//! Shrinking (each candidate strictly smaller by cards, then the sum of
//! values): one pile alone, drop a pile, drop a pile's top or bottom card,
//! drop its middle card (an odd pile turns even and back), lower one card
//! ([`crate::lower`]: to 1, halved, the ladder, minus one).

use std::sync::Arc;

use serde::Deserialize;

use crate::enumerate::{add, multichoose, multisets, nonempty, pow, span, Bound, Count, Space, Symmetry};
use crate::lower::{self, ALL_LOWERINGS};
use crate::range::SizeRange;
use crate::rng::Rng;
use crate::weights::move_limit;

/// The judge's bounds: `n <= 100` piles of `s <= 100` cards of value `<= 1000`.
pub const MAX_PILES: usize = 100;
pub const MAX_CARDS: usize = 100;
pub const MAX_VALUE: u32 = 1000;

/// One judge input: the piles, each listed top card first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cards {
    pub piles: Vec<Vec<u32>>,
}

impl Cards {
    /// Every card's value, pile by pile, top first.
    pub fn total(&self) -> u64 {
        self.piles.iter().flatten().map(|&c| c as u64).sum()
    }
}

/// How one instance's piles are drawn; one shape per instance.
#[derive(Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum CardShape {
    /// Sizes uniform in `s`, values uniform in `values`.
    Uniform,
    /// Every pile of odd size (even sizes rounded down, 1 kept).
    Odd,
    /// Every pile of even size where `s` allows one.
    Even,
    /// Every pile a single card, whatever `s` says: the game is the middles alone.
    Singles,
    /// Odd piles whose middles share two values: ties between middles.
    EqualMiddles,
    /// Values from a pool of three: ties everywhere.
    FewValues,
}

pub const ALL_CARD_SHAPES: [CardShape; 6] = [
    CardShape::Uniform,
    CardShape::Odd,
    CardShape::Even,
    CardShape::Singles,
    CardShape::EqualMiddles,
    CardShape::FewValues,
];

/// The `[gen]` table of `fox-card-game.toml`.
#[derive(Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct CardParams {
    /// Piles (`n`).
    pub n: SizeRange,
    /// Cards per pile (`s`).
    pub s: SizeRange,
    /// Card values.
    pub values: SizeRange,
    pub shapes: Vec<CardShape>,
}

impl Default for CardParams {
    fn default() -> Self {
        CardParams {
            n: SizeRange::new(1, 3),
            s: SizeRange::new(1, 4),
            values: SizeRange::new(1, 12),
            shapes: ALL_CARD_SHAPES.to_vec(),
        }
    }
}

impl CardParams {
    /// A pile size for `shape`, within `s`: odd or even as the shape asks,
    /// where `s` holds such a size next to the one drawn.
    fn draw_size(&self, shape: CardShape, rng: &mut Rng) -> usize {
        let s = self.s.sample(rng);
        let odd = match shape {
            CardShape::Singles => return 1,
            CardShape::Odd | CardShape::EqualMiddles => true,
            CardShape::Even => false,
            CardShape::Uniform | CardShape::FewValues => return s as usize,
        };
        let sized = if (s % 2 == 1) == odd {
            s
        } else if s > self.s.lo {
            s - 1
        } else if s < self.s.hi {
            s + 1
        } else {
            s
        };
        sized as usize
    }
}

impl crate::Family for CardParams {
    type Instance = Cards;

    fn class(&self, c: &Cards) -> Option<String> {
        Some(crate::enumerate::classes::multiset(&c.piles))
    }

    fn check(&self) -> Result<(), String> {
        self.n.within("n", 1, MAX_PILES as u64)?;
        self.s.within("s", 1, MAX_CARDS as u64)?;
        self.values.within("values", 1, MAX_VALUE as u64)?;
        if self.shapes.is_empty() {
            return Err(
                "`shapes` must name at least one of uniform, odd, even, singles, equal-middles, few-values".into(),
            );
        }
        Ok(())
    }

    fn generate(&self, rng: &mut Rng) -> Cards {
        let shape = *rng.pick(&self.shapes);
        let n = self.n.sample_usize(rng);
        let pool: Vec<u32> = (0..3).map(|_| self.values.sample(rng) as u32).collect();
        let piles = (0..n)
            .map(|_| {
                let size = self.draw_size(shape, rng);
                let mut pile: Vec<u32> = (0..size)
                    .map(|_| match shape {
                        CardShape::FewValues => *rng.pick(&pool),
                        _ => self.values.sample(rng) as u32,
                    })
                    .collect();
                if shape == CardShape::EqualMiddles && size % 2 == 1 {
                    pile[size / 2] = *rng.pick(&pool[..2]);
                }
                pile
            })
            .collect();
        Cards { piles }
    }

    fn validate(&self, c: &Cards) -> Result<(), String> {
        if !(1..=MAX_PILES).contains(&c.piles.len()) {
            return Err(format!("{} piles, not 1 to {MAX_PILES}", c.piles.len()));
        }
        for (i, pile) in c.piles.iter().enumerate() {
            if !(1..=MAX_CARDS).contains(&pile.len()) {
                return Err(format!("pile {i} has {} cards, not 1 to {MAX_CARDS}", pile.len()));
            }
            if let Some(j) = pile.iter().position(|v| !(1..=MAX_VALUE).contains(v)) {
                return Err(format!("pile {i}, card {j}: {} is outside [1, {MAX_VALUE}]", pile[j]));
            }
        }
        Ok(())
    }

    fn shrink(&self, c: &Cards) -> Vec<Cards> {
        let cards: usize = c.piles.iter().map(Vec::len).sum();
        let limit = move_limit(cards);
        let with = |piles: Vec<Vec<u32>>| Cards { piles };
        let mut out = Vec::new();
        if c.piles.len() > 1 {
            out.extend(c.piles.iter().take(limit).map(|p| with(vec![p.clone()])));
            out.extend((0..c.piles.len()).take(limit).map(|i| {
                let mut piles = c.piles.clone();
                piles.remove(i);
                with(piles)
            }));
        }
        // Cards cut from a pile of at least two: the top, the bottom, the middle.
        let long = || (c.piles.iter().enumerate()).filter(|(_, p)| p.len() > 1);
        let cuts = long().flat_map(|(i, p)| [0, p.len() - 1, p.len() / 2].map(|j| (i, j)));
        for (i, j) in cuts.take(3 * limit) {
            let mut piles = c.piles.clone();
            piles[i].remove(j);
            out.push(with(piles));
        }
        let values: Vec<u32> = c.piles.iter().flatten().copied().collect();
        for lowered in lower::lowered_vectors(&values, 1, &ALL_LOWERINGS, limit) {
            let mut rest = &lowered[..];
            let piles = c
                .piles
                .iter()
                .map(|p| {
                    let (mine, after) = rest.split_at(p.len());
                    rest = after;
                    mine.to_vec()
                })
                .collect();
            out.push(with(piles));
        }
        out.sort_by_key(|c| c.piles.iter().map(Vec::len).sum::<usize>());
        out.dedup();
        out
    }

    /// Every multiset of `n` piles, each a sequence of `s` cards of
    /// `values`, by cards: either player may take from any pile, so the
    /// order of the piles does not matter (a pile's own order does). The
    /// piles are listed longest first. `shapes` is ignored.
    fn exhaust(&self) -> Result<Space<Cards>, String> {
        let (n, s, values) = (self.n, self.s, self.values);
        let kinds_of = move || -> Vec<u128> {
            let width = (values.hi - values.lo) as u128 + 1;
            (0..=s.hi)
                .map(|len| if len >= s.lo { pow(width, len) } else { 0 })
                .collect()
        };
        let piles = kinds_of().iter().fold(0u128, |acc, &k| add(acc, k));
        let count = (n.lo..=n.hi).fold(0u128, |acc, j| add(acc, multichoose(piles, j)));
        nonempty(Space::new(
            format!(
                "every fox-card-game of {} piles of {} cards of value {}",
                span(n),
                span(s),
                span(values)
            ),
            Symmetry::Multisets,
            "cards",
            Count::Exact(count),
            vec![Bound::new("n", n), Bound::new("s", s), Bound::new("values", values)],
            move || {
                let atoms: Vec<Vec<Vec<u32>>> = (0..=s.hi)
                    .map(|len| {
                        let fixed = SizeRange::new(len, len);
                        let piles = multisets::sequences(fixed, values.lo, values.hi);
                        let piles = piles.map(|p| p.into_iter().map(|v| v as u32).collect());
                        if len >= s.lo {
                            piles.collect()
                        } else {
                            Vec::new()
                        }
                    })
                    .collect();
                let most = (n.hi * s.hi) as usize;
                let counts = multisets::MultisetCounts::new(&kinds_of(), n.hi as usize, most);
                let parts = (n.lo as usize, n.hi as usize);
                let all = multisets::Multisets::new(Arc::new(atoms), &counts, parts, (0, most));
                Box::new(all.map(|piles| Cards { piles }))
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
    fn every_multiset_of_piles_once() {
        let p = CardParams {
            n: SizeRange::new(1, 3),
            s: SizeRange::new(1, 3),
            values: SizeRange::new(1, 2),
            ..CardParams::default()
        };
        let space = p.exhaust().unwrap();
        // 2 + 4 + 8 = 14 piles: multisets of 1 to 3 of them.
        assert_eq!(space.count(), Count::Exact(14 + 105 + 560));
        let cards = |c: &Cards| c.piles.iter().map(Vec::len).sum::<usize>();
        let class = |c: &Cards| {
            let mut piles = c.piles.clone();
            piles.sort();
            piles
        };
        let all = check_space(&space, cards, |c| p.validate(c), class);
        for c in all.iter().take(200) {
            assert_eq!(&judge_round_trip::<crate::judge::fox_card_game::Judge>(c), c);
        }
    }

    fn size(c: &Cards) -> (usize, u64) {
        (c.piles.iter().map(Vec::len).sum(), c.total())
    }

    fn params(n: (u64, u64), s: (u64, u64), values: (u64, u64)) -> CardParams {
        CardParams {
            n: SizeRange::new(n.0, n.1),
            s: SizeRange::new(s.0, s.1),
            values: SizeRange::new(values.0, values.1),
            shapes: ALL_CARD_SHAPES.to_vec(),
        }
    }

    #[test]
    fn generated_instances_and_their_shrinks_are_valid() {
        let mut checked = 0;
        for seed in 0..2000u64 {
            let p = match seed % 4 {
                1 if seed == 1 => params((100, 100), (100, 100), (1, 1000)),
                0 | 1 => CardParams::default(),
                2 => params((1, 1), (1, 1), (1, 1)),
                _ => params((2, 6), (1, 9), (1, 1000)),
            };
            p.check().unwrap();
            let c = p.generate(&mut Rng::for_case(seed, 3));
            p.validate(&c).unwrap_or_else(|e| panic!("seed {seed}: {e}: {c:?}"));
            assert!(c
                .piles
                .iter()
                .flatten()
                .all(|&v| p.values.lo <= v as u64 && v as u64 <= p.values.hi));
            checked += check_shrinks(c, 2, 15, |c| p.shrink(c), |c| p.validate(c), size);
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn shapes_hold() {
        let mut rng = Rng::from_seed(5);
        let mut p = params((3, 6), (1, 9), (1, 1000));
        for shape in ALL_CARD_SHAPES {
            p.shapes = vec![shape];
            for _ in 0..100 {
                let c = p.generate(&mut rng);
                let sizes = || c.piles.iter().map(Vec::len);
                match shape {
                    CardShape::Odd => assert!(sizes().all(|s| s % 2 == 1), "{c:?}"),
                    CardShape::Even => assert!(sizes().all(|s| s % 2 == 0), "{c:?}"),
                    CardShape::Singles => assert!(sizes().all(|s| s == 1), "{c:?}"),
                    CardShape::EqualMiddles => {
                        let mut middles: Vec<u32> = c.piles.iter().map(|p| p[p.len() / 2]).collect();
                        middles.sort_unstable();
                        middles.dedup();
                        assert!(middles.len() <= 2, "{c:?}");
                    }
                    CardShape::FewValues => {
                        let mut values: Vec<u32> = c.piles.iter().flatten().copied().collect();
                        values.sort_unstable();
                        values.dedup();
                        assert!(values.len() <= 3, "{c:?}");
                    }
                    CardShape::Uniform => {}
                }
            }
        }
    }

    #[test]
    fn judge_size_reaches_every_bound() {
        let p = params((100, 100), (100, 100), (1000, 1000));
        let c = p.generate(&mut Rng::from_seed(1));
        assert_eq!(c.piles.len(), MAX_PILES);
        assert!(c
            .piles
            .iter()
            .all(|p| p.len() == MAX_CARDS && p.iter().all(|&v| v == MAX_VALUE)));
        p.validate(&c).unwrap();
    }

    #[test]
    fn shrinking_reaches_one_card_of_one() {
        let p = params((1, 6), (1, 8), (1, 1000));
        let mut rng = Rng::from_seed(9);
        for _ in 0..100 {
            let mut c = p.generate(&mut rng);
            let mut steps = 0;
            while let Some(next) = p.shrink(&c).into_iter().next() {
                c = next;
                steps += 1;
                assert!(steps < 200);
            }
            assert_eq!(c, Cards { piles: vec![vec![1]] });
        }
    }

    #[test]
    fn generation_is_deterministic_per_seed() {
        let p = CardParams::default();
        for case in 0..50 {
            let once = p.generate(&mut Rng::for_case(4, case));
            assert_eq!(once, p.generate(&mut Rng::for_case(4, case)));
        }
    }

    #[test]
    fn check_names_the_key() {
        let bad = [
            (params((0, 3), (1, 1), (1, 1)), "`n`"),
            (params((1, 101), (1, 1), (1, 1)), "`n`"),
            (params((1, 1), (0, 1), (1, 1)), "`s`"),
            (params((1, 1), (1, 101), (1, 1)), "`s`"),
            (params((1, 1), (1, 1), (0, 1)), "`values`"),
            (params((1, 1), (1, 1), (1, 1001)), "`values`"),
        ];
        for (p, key) in bad {
            assert!(p.check().unwrap_err().contains(key), "{key}");
        }
        let mut p = CardParams::default();
        p.shapes.clear();
        assert!(p.check().unwrap_err().contains("`shapes`"));
    }
}
