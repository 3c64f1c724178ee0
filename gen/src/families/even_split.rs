//! Even splitting (`jiangnan-le`, HNOI 2014): the instance (a bound `F` and
//! test cases of piles) and the generator family.
//!
//! A move picks a pile of at least `F` tokens and an integer `M >= 2` and
//! splits the pile into `M` piles as evenly as possible (sizes differ by at
//! most 1); each test case is a sum of such piles.
//!
//! The family draws `F` at the low end of `f` (a quarter of the time), at the
//! high end (an eighth; above every pile when `f` reaches past `a`, so
//! nothing moves), or uniformly; then per test case the piles in one of four
//! shapes: uniform in `a`, all equal (pairs cancel), at the top of `a` (the
//! largest values), or around `F` (where splitting starts). Shrinking drops
//! test cases, then piles, then lowers piles and `F`.

use std::sync::Arc;

use serde::Deserialize;

use crate::enumerate::multisets::{MultisetCounts, Multisets, ValueMultisets};
use crate::enumerate::{add, mul, multichoose, nonempty, span, Bound, Count, Space, Symmetry};
use crate::lower::{self, ALL_LOWERINGS};
use crate::moves::CANDIDATE_BUDGET;
use crate::range::SizeRange;
use crate::rng::Rng;

/// The judge's bounds: `T < 100`, `N < 100`, `F < 100 000`, piles `< 100 000`.
pub const MAX_T: usize = 99;
pub const MAX_N: usize = 99;
pub const MAX_F: u32 = 99_999;
pub const MAX_PILE: u32 = 99_999;

/// One judge input: the bound `F` and the test cases, each a sum of piles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvenSplit {
    /// Only piles of at least `f` tokens may be split (`f >= 1`).
    pub f: u32,
    /// Each test case's piles (each at least 1).
    pub games: Vec<Vec<u32>>,
}

/// How the piles of one test case are drawn.
#[derive(Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum PileShape {
    /// Each pile uniform in `a`.
    Uniform,
    /// All piles one size, uniform in `a`: an even count sums to 0.
    Equal,
    /// Each pile within 8 of the top of `a`: the largest values.
    Top,
    /// Each pile within 2 of `F` (clipped to `a`; uniform in `a` when `F` lies
    /// outside it): the smallest splittable piles and the largest that are not.
    NearF,
}

pub const ALL_PILE_SHAPES: [PileShape; 4] = [PileShape::Uniform, PileShape::Equal, PileShape::Top, PileShape::NearF];

/// The `[gen]` table of `jiangnan-le.toml`.
#[derive(Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct EvenSplitParams {
    /// Test cases (`T`).
    pub t: SizeRange,
    /// Piles per test case (`N`).
    pub n: SizeRange,
    /// The bound `F`.
    pub f: SizeRange,
    /// Pile sizes.
    pub a: SizeRange,
    pub shapes: Vec<PileShape>,
}

impl Default for EvenSplitParams {
    fn default() -> Self {
        EvenSplitParams {
            t: SizeRange::new(1, 3),
            n: SizeRange::new(1, 4),
            f: SizeRange::new(1, 40),
            a: SizeRange::new(1, 100),
            shapes: ALL_PILE_SHAPES.to_vec(),
        }
    }
}

impl EvenSplitParams {
    fn draw_f(&self, rng: &mut Rng) -> u32 {
        let f = match rng.below(8) {
            0 | 1 => self.f.lo,
            2 => self.f.hi,
            _ => self.f.sample(rng),
        };
        f as u32
    }

    fn draw_piles(&self, f: u32, rng: &mut Rng) -> Vec<u32> {
        let count = self.n.sample_usize(rng);
        let (lo, hi) = (self.a.lo, self.a.hi);
        let within = |lo: u64, hi: u64, rng: &mut Rng| (0..count).map(|_| rng.range(lo, hi) as u32).collect();
        match rng.pick(&self.shapes) {
            PileShape::Uniform => within(lo, hi, rng),
            PileShape::Equal => vec![self.a.sample(rng) as u32; count],
            PileShape::Top => within(hi.saturating_sub(8).max(lo), hi, rng),
            PileShape::NearF => {
                let (near_lo, near_hi) = ((f as u64).saturating_sub(2).max(lo), (f as u64 + 2).min(hi));
                if near_lo <= near_hi {
                    within(near_lo, near_hi, rng)
                } else {
                    within(lo, hi, rng)
                }
            }
        }
    }
}

/// The piles of every game, one after another.
fn all_piles(s: &EvenSplit) -> Vec<u32> {
    s.games.iter().flatten().copied().collect()
}

/// `s` with its piles, read in order, replaced by `piles`.
fn with_piles(s: &EvenSplit, piles: &[u32]) -> EvenSplit {
    let mut rest = piles;
    let games = s
        .games
        .iter()
        .map(|g| {
            let (mine, after) = rest.split_at(g.len());
            rest = after;
            mine.to_vec()
        })
        .collect();
    EvenSplit { f: s.f, games }
}

impl crate::Family for EvenSplitParams {
    type Instance = EvenSplit;

    fn class(&self, e: &EvenSplit) -> Option<String> {
        let games: Vec<String> = e
            .games
            .iter()
            .map(|piles| crate::enumerate::classes::multiset(piles))
            .collect();
        // Its games are the judge's cases, in any order: a multiset of multisets.
        Some(format!("f={} {}", e.f, crate::enumerate::classes::multiset(&games)))
    }

    fn check(&self) -> Result<(), String> {
        self.t.within("t", 1, MAX_T as u64)?;
        self.n.within("n", 1, MAX_N as u64)?;
        self.f.within("f", 1, MAX_F as u64)?;
        self.a.within("a", 1, MAX_PILE as u64)?;
        if self.shapes.is_empty() {
            return Err("`shapes` must name at least one of uniform, equal, top, near-f".into());
        }
        Ok(())
    }

    fn generate(&self, rng: &mut Rng) -> EvenSplit {
        let f = self.draw_f(rng);
        let t = self.t.sample_usize(rng);
        let games = (0..t).map(|_| self.draw_piles(f, rng)).collect();
        EvenSplit { f, games }
    }

    fn validate(&self, s: &EvenSplit) -> Result<(), String> {
        if !(1..=MAX_F).contains(&s.f) {
            return Err(format!("F = {} is outside [1, {MAX_F}]", s.f));
        }
        if !(1..=MAX_T).contains(&s.games.len()) {
            return Err(format!("{} test cases, not 1 to {MAX_T}", s.games.len()));
        }
        for (k, g) in s.games.iter().enumerate() {
            if !(1..=MAX_N).contains(&g.len()) {
                return Err(format!("test case {k} has {} piles, not 1 to {MAX_N}", g.len()));
            }
            if let Some(i) = g.iter().position(|a| !(1..=MAX_PILE).contains(a)) {
                return Err(format!("test case {k}, pile {i}: {} is outside [1, {MAX_PILE}]", g[i]));
            }
        }
        Ok(())
    }

    /// One test case alone, one dropped; one pile alone in its case, one
    /// dropped; one pile lowered (to 1, halved, by the ladder, minus one);
    /// `F` lowered the same ways.
    fn shrink(&self, s: &EvenSplit) -> Vec<EvenSplit> {
        let piles = all_piles(s);
        let limit = (CANDIDATE_BUDGET / 8 / piles.len().max(1)).max(1);
        let mut out = Vec::new();
        let with_games = |games: Vec<Vec<u32>>| EvenSplit { f: s.f, games };
        if s.games.len() > 1 {
            out.extend(s.games.iter().take(limit).map(|g| with_games(vec![g.clone()])));
            out.extend((0..s.games.len()).take(limit).map(|k| {
                let mut games = s.games.clone();
                games.remove(k);
                with_games(games)
            }));
        }
        let several = || (s.games.iter().enumerate()).filter(|(_, g)| g.len() > 1);
        let alone = several().flat_map(|(k, g)| g.iter().map(move |&a| (k, vec![a])));
        let dropped = several().flat_map(|(k, g)| {
            (0..g.len()).map(move |i| {
                let mut fewer = g.clone();
                fewer.remove(i);
                (k, fewer)
            })
        });
        for (k, game) in alone.take(limit).chain(dropped.take(limit)) {
            let mut games = s.games.clone();
            games[k] = game;
            out.push(with_games(games));
        }
        out.extend(
            lower::lowered_vectors(&piles, 1, &ALL_LOWERINGS, limit)
                .iter()
                .map(|p| with_piles(s, p)),
        );
        out.extend(lower::lowered(s.f, 1).into_iter().map(|f| EvenSplit {
            f,
            games: s.games.clone(),
        }));
        out
    }

    /// `t.lo` test cases of `n.lo` piles of size `a.lo`, with `F = f.lo`.
    fn pinned(&self) -> Option<Self> {
        Some(EvenSplitParams {
            t: self.t.pinned(),
            n: self.n.pinned(),
            f: self.f.pinned(),
            a: self.a.pinned(),
            shapes: vec![PileShape::Equal],
        })
    }

    /// Every input with `F` in `f` and `t` test cases of `n` piles of `a`
    /// tokens, by tokens, then `F`: each test case is a sum, so a multiset
    /// of piles, and the test cases are independent, so a multiset of test
    /// cases. `shapes` is ignored.
    fn exhaust(&self) -> Result<Space<EvenSplit>, String> {
        let (t, f) = (self.t, self.f);
        let cases = ValueMultisets::new(self.n, self.a);
        let kinds = cases.count();
        let inputs = (t.lo..=t.hi).fold(0u128, |acc, j| add(acc, multichoose(kinds, j)));
        let count = mul(inputs, (f.hi - f.lo) as u128 + 1);
        nonempty(Space::new(
            format!(
                "every jiangnan-le input with F = {}, {} test cases of {} piles of {} tokens",
                span(f),
                span(t),
                span(self.n),
                span(self.a)
            ),
            Symmetry::Multisets,
            "tokens, then F",
            Count::Exact(count),
            vec![
                Bound::new("f", f),
                Bound::new("t", t),
                Bound::new("n", self.n),
                Bound::new("a", self.a),
            ],
            move || {
                // Test cases by their tokens: the parts of the outer multisets.
                let most = cases.totals().1;
                let mut atoms: Vec<Vec<Vec<u32>>> = vec![Vec::new(); most + 1];
                for case in cases.all() {
                    let tokens = case.iter().sum::<u64>() as usize;
                    atoms[tokens].push(case.into_iter().map(|v| v as u32).collect());
                }
                let kinds: Vec<u128> = atoms.iter().map(|a| a.len() as u128).collect();
                let total = most * t.hi as usize;
                let counts = Arc::new(MultisetCounts::new(&kinds, t.hi as usize, total));
                let atoms = Arc::new(atoms);
                let parts = (t.lo as usize, t.hi as usize);
                Box::new((0..=total).flat_map(move |tokens| {
                    let (atoms, counts) = (atoms.clone(), counts.clone());
                    (f.lo..=f.hi).flat_map(move |f| {
                        Multisets::new(atoms.clone(), &counts, parts, (tokens, tokens))
                            .map(move |games| EvenSplit { f: f as u32, games })
                    })
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
    fn every_input_once_as_multisets() {
        let p = EvenSplitParams {
            t: SizeRange::new(1, 2),
            n: SizeRange::new(1, 2),
            f: SizeRange::new(1, 3),
            a: SizeRange::new(1, 3),
            ..EvenSplitParams::default()
        };
        let space = p.exhaust().unwrap();
        // 3 + 6 = 9 test cases; 9 + 45 multisets of one or two; three F.
        assert_eq!(space.count(), Count::Exact(3 * (9 + 45)));
        let tokens = |s: &EvenSplit| (all_piles(s).iter().map(|&a| a as u64).sum::<u64>(), s.f);
        let class = |s: &EvenSplit| {
            let mut games: Vec<Vec<u32>> = s
                .games
                .iter()
                .map(|g| {
                    let mut g = g.clone();
                    g.sort_unstable();
                    g
                })
                .collect();
            games.sort();
            (s.f, games)
        };
        let all = check_space(&space, tokens, |s| p.validate(s), class);
        for s in &all {
            assert_eq!(&judge_round_trip::<crate::judge::jiangnan_le::Judge>(s), s);
        }
    }

    fn size(s: &EvenSplit) -> (usize, usize, u64, u32) {
        let piles = all_piles(s);
        (s.games.len(), piles.len(), piles.iter().map(|&a| a as u64).sum(), s.f)
    }

    fn params(t: (u64, u64), n: (u64, u64), f: (u64, u64), a: (u64, u64)) -> EvenSplitParams {
        EvenSplitParams {
            t: SizeRange::new(t.0, t.1),
            n: SizeRange::new(n.0, n.1),
            f: SizeRange::new(f.0, f.1),
            a: SizeRange::new(a.0, a.1),
            shapes: ALL_PILE_SHAPES.to_vec(),
        }
    }

    #[test]
    fn generated_instances_and_their_shrinks_are_valid() {
        let mut checked = 0;
        for seed in 0..2000u64 {
            let p = match seed % 4 {
                // Judge-size instances are slow to shrink-check: one suffices.
                1 if seed == 1 => params((1, 99), (1, 99), (1, 99_999), (1, 99_999)),
                0 | 1 => EvenSplitParams::default(),
                2 => params((1, 1), (1, 1), (1, 1), (1, 1)),
                _ => params((2, 5), (1, 6), (50, 300), (1, 200)),
            };
            p.check().unwrap();
            let s = p.generate(&mut Rng::for_case(seed, 4));
            p.validate(&s).unwrap_or_else(|e| panic!("seed {seed}: {e}: {s:?}"));
            assert!(p.f.lo <= s.f as u64 && s.f as u64 <= p.f.hi);
            for a in all_piles(&s) {
                assert!(p.a.lo <= a as u64 && a as u64 <= p.a.hi);
            }
            checked += check_shrinks(s, 2, 15, |s| p.shrink(s), |s| p.validate(s), size);
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn f_takes_both_ends_and_shapes_hold() {
        let mut rng = Rng::from_seed(6);
        let mut p = params((1, 1), (5, 5), (1, 300), (1, 200));
        let fs: Vec<u32> = (0..400).map(|_| p.generate(&mut rng).f).collect();
        for (end, p) in [(1, 0.25), (300, 0.125)] {
            let share = fs.iter().filter(|&&f| f == end).count() as f64 / 400.0;
            assert!((share - p).abs() < 0.06, "F = {end}: {share}");
        }
        for shape in ALL_PILE_SHAPES {
            p.shapes = vec![shape];
            for _ in 0..100 {
                let s = p.generate(&mut rng);
                let g = &s.games[0];
                match shape {
                    PileShape::Equal => assert!(g.iter().all(|&a| a == g[0])),
                    PileShape::Top => assert!(g.iter().all(|&a| a >= 192)),
                    PileShape::NearF if s.f <= 202 => {
                        assert!(g.iter().all(|&a| a + 2 >= s.f && a <= s.f + 2), "{s:?}")
                    }
                    _ => {}
                }
            }
        }
    }

    #[test]
    fn shrinking_reaches_one_pile_of_one() {
        let p = params((1, 6), (1, 6), (1, 500), (1, 5000));
        let mut rng = Rng::from_seed(9);
        for _ in 0..100 {
            let mut s = p.generate(&mut rng);
            let mut steps = 0;
            while let Some(c) = p.shrink(&s).into_iter().next() {
                s = c;
                steps += 1;
                assert!(steps < 100);
            }
            assert_eq!(
                s,
                EvenSplit {
                    f: 1,
                    games: vec![vec![1]]
                }
            );
        }
    }

    #[test]
    fn with_piles_keeps_the_games_apart() {
        let s = EvenSplit {
            f: 2,
            games: vec![vec![1, 2], vec![3], vec![4, 5, 6]],
        };
        assert_eq!(all_piles(&s), [1, 2, 3, 4, 5, 6]);
        let lowered = with_piles(&s, &[1, 2, 3, 4, 1, 6]);
        assert_eq!(lowered.games, [vec![1, 2], vec![3], vec![4, 1, 6]]);
    }

    #[test]
    fn pinned_makes_one_instance() {
        let pinned = params((2, 5), (3, 9), (4, 80), (11, 70)).pinned().unwrap();
        pinned.check().unwrap();
        for seed in 0..20 {
            let s = pinned.generate(&mut Rng::from_seed(seed));
            assert_eq!(
                s,
                EvenSplit {
                    f: 4,
                    games: vec![vec![11; 3]; 2]
                }
            );
        }
    }

    #[test]
    fn check_names_the_key() {
        let bad = [
            (params((0, 3), (1, 1), (1, 1), (1, 1)), "`t`"),
            (params((1, 100), (1, 1), (1, 1), (1, 1)), "`t`"),
            (params((1, 1), (1, 100), (1, 1), (1, 1)), "`n`"),
            (params((1, 1), (1, 1), (0, 1), (1, 1)), "`f`"),
            (params((1, 1), (1, 1), (1, 1), (1, 100_000)), "`a`"),
        ];
        for (p, key) in bad {
            assert!(p.check().unwrap_err().contains(key), "{key}");
        }
        let mut p = EvenSplitParams::default();
        p.shapes.clear();
        assert!(p.check().unwrap_err().contains("`shapes`"));
    }
}
