//! Multisets of parts and sequences of values, listed by their total with
//! their counts: the sums of games (piles, heaps, cards, cacti) and the rows.
//!
//! Problem: list every multiset of `lo..=hi` parts, each drawn from kinds
//! grouped by size, in increasing order of the parts' total size; and every
//! sequence of `len` values in `[lo, hi]`, by total.
//!
//! Idea: a multiset with total `t` and `j` parts is a partition of `t` into
//! `j` sizes (listed largest part first) and, for each size `s` used `r`
//! times, a multiset of `r` of the kinds of that size (a non-decreasing index
//! vector, stepped as an odometer). The counts come from a knapsack over the
//! sizes: `r` parts of size `s` from `c` kinds in `C(c + r - 1, r)` ways.
//! Sequences by total are compositions with bounded parts, stepped in
//! lexicographic order.
//!
//! Complexity: counting is `O(S J^2 T)` for `S` sizes, `J` parts and totals up
//! to `T`; listing costs `O(J)` per multiset beyond copying its parts, plus the
//! partitions of each total (each yields at least one multiset).
//!
//! Reference: D. E. Knuth, TAOCP 4A, 7.2.1.3 (combinations with repetition)
//! and 7.2.1.4 (partitions).

use std::sync::Arc;

use crate::enumerate::{add, mul, multichoose};

/// How many multisets have `j` parts and total `t`: `f[j][t]`.
#[derive(Clone, Debug)]
pub struct MultisetCounts {
    pub f: Vec<Vec<u128>>,
}

impl MultisetCounts {
    /// Counts for parts of `kinds[s]` kinds of each size `s`, at most
    /// `parts_max` parts, totals up to `total_max`.
    pub fn new(kinds: &[u128], parts_max: usize, total_max: usize) -> Self {
        let mut f = vec![vec![0u128; total_max + 1]; parts_max + 1];
        f[0][0] = 1;
        for (s, &c) in kinds.iter().enumerate().filter(|&(s, &c)| c > 0 && s <= total_max) {
            let old = f.clone();
            for (j, row) in old.iter().enumerate().take(parts_max) {
                for (t, &ways) in row.iter().enumerate().filter(|&(_, &w)| w > 0) {
                    for r in 1..=parts_max - j {
                        let to = t + r * s;
                        if to > total_max {
                            break;
                        }
                        f[j + r][to] = add(f[j + r][to], mul(ways, multichoose(c, r as u64)));
                    }
                }
            }
        }
        MultisetCounts { f }
    }

    /// Multisets with `parts` parts (inclusive range) and total `total`.
    pub fn at(&self, parts: (usize, usize), total: usize) -> u128 {
        (parts.0..=parts.1.min(self.f.len() - 1)).fold(0, |acc, j| add(acc, self.f[j].get(total).copied().unwrap_or(0)))
    }

    /// Multisets with `parts` parts and any total within `totals`.
    pub fn total(&self, parts: (usize, usize), totals: (usize, usize)) -> u128 {
        (totals.0..=totals.1).fold(0, |acc, t| add(acc, self.at(parts, t)))
    }
}

/// Every multiset of parts, by total, then number of parts, then the sizes
/// (largest first, partitions in decreasing order), then the kinds: each as
/// its parts, largest size first, kinds in their order within a size.
pub struct Multisets<A> {
    atoms: Arc<Vec<Vec<A>>>,
    /// The `(total, parts)` still to visit, in order.
    stops: std::vec::IntoIter<(usize, usize)>,
    /// The partitions of the current stop still to visit.
    partitions: std::vec::IntoIter<Vec<(usize, usize)>>,
    /// The current partition as `(size, times)` groups, and each group's
    /// non-decreasing kind indices.
    groups: Vec<(usize, usize)>,
    picks: Vec<Vec<usize>>,
    fresh: bool,
}

impl<A: Clone> Multisets<A> {
    /// `atoms[s]` lists the parts of size `s`; `counts` from [`MultisetCounts`]
    /// over the same atoms says which `(total, parts)` are not empty.
    pub fn new(
        atoms: Arc<Vec<Vec<A>>>,
        counts: &MultisetCounts,
        parts: (usize, usize),
        totals: (usize, usize),
    ) -> Self {
        let mut stops = Vec::new();
        for t in totals.0..=totals.1 {
            for j in parts.0..=parts.1.min(counts.f.len() - 1) {
                if counts.f[j].get(t).is_some_and(|&c| c > 0) {
                    stops.push((t, j));
                }
            }
        }
        Multisets {
            atoms,
            stops: stops.into_iter(),
            partitions: Vec::new().into_iter(),
            groups: Vec::new(),
            picks: Vec::new(),
            fresh: false,
        }
    }

    /// The partitions of `total` into exactly `parts` sizes that have atoms,
    /// as `(size, times)` groups, largest size first; partitions listed with
    /// larger sizes first.
    fn partitions(&self, total: usize, parts: usize) -> Vec<Vec<(usize, usize)>> {
        let sizes: Vec<usize> = (0..self.atoms.len())
            .rev()
            .filter(|&s| !self.atoms[s].is_empty())
            .collect();
        let mut out = Vec::new();
        let mut groups = Vec::new();
        partitions_into(&sizes, total, parts, &mut groups, &mut out);
        out
    }

    /// The current multiset's parts.
    fn parts(&self) -> Vec<A> {
        let mut out = Vec::new();
        for (&(s, _), pick) in self.groups.iter().zip(&self.picks) {
            out.extend(pick.iter().map(|&i| self.atoms[s][i].clone()));
        }
        out
    }

    /// Steps the kind odometer, last group fastest; false when it wraps.
    fn step(&mut self) -> bool {
        for (g, &(s, _)) in self.groups.iter().enumerate().rev() {
            let kinds = self.atoms[s].len();
            let pick = &mut self.picks[g];
            if let Some(i) = (0..pick.len()).rev().find(|&i| pick[i] + 1 < kinds) {
                let v = pick[i] + 1;
                pick[i..].fill(v);
                for later in &mut self.picks[g + 1..] {
                    later.fill(0);
                }
                return true;
            }
        }
        false
    }
}

/// Appends to `out` the partitions of `total` into `parts` sizes from
/// `sizes` (descending), each size no larger than the groups' last.
fn partitions_into(
    sizes: &[usize],
    total: usize,
    parts: usize,
    groups: &mut Vec<(usize, usize)>,
    out: &mut Vec<Vec<(usize, usize)>>,
) {
    if parts == 0 {
        if total == 0 {
            out.push(groups.clone());
        }
        return;
    }
    for (k, &s) in sizes.iter().enumerate() {
        if s * parts < total {
            // Sizes only get smaller from here: the rest cannot reach `total`.
            break;
        }
        let smallest = *sizes.last().expect("a size");
        for times in (1..=parts).rev() {
            if s * times > total || (parts - times) * smallest > total - s * times {
                continue;
            }
            groups.push((s, times));
            partitions_into(&sizes[k + 1..], total - s * times, parts - times, groups, out);
            groups.pop();
        }
    }
}

impl<A: Clone> Iterator for Multisets<A> {
    type Item = Vec<A>;

    fn next(&mut self) -> Option<Vec<A>> {
        loop {
            if self.fresh {
                self.fresh = false;
                return Some(self.parts());
            }
            if !self.groups.is_empty() && self.step() {
                return Some(self.parts());
            }
            match self.partitions.next() {
                Some(groups) => {
                    self.picks = groups.iter().map(|&(_, times)| vec![0; times]).collect();
                    self.groups = groups;
                    self.fresh = true;
                }
                None => {
                    self.groups.clear();
                    let (t, j) = self.stops.next()?;
                    self.partitions = self.partitions(t, j).into_iter();
                }
            }
        }
    }
}

/// `g[j][t]`: how many sequences of `j` values in `[lo, hi]` sum to `t`.
pub fn sequence_counts(lo: u64, hi: u64, len_max: usize, total_max: usize) -> Vec<Vec<u128>> {
    let mut g = vec![vec![0u128; total_max + 1]; len_max + 1];
    g[0][0] = 1;
    for j in 1..=len_max {
        for t in 0..=total_max {
            let mut sum = 0;
            for v in lo..=hi.min(t as u64) {
                sum = add(sum, g[j - 1][t - v as usize]);
            }
            g[j][t] = sum;
        }
    }
    g
}

/// Every sequence of `len` values in `[lo, hi]` with sum `total`, in
/// lexicographic order.
pub struct Compositions {
    values: Vec<u64>,
    lo: u64,
    hi: u64,
    started: bool,
    empty: bool,
}

impl Compositions {
    pub fn new(len: usize, total: u64, lo: u64, hi: u64) -> Self {
        let n = len as u64;
        let empty = lo > hi || total < n * lo || total > n.saturating_mul(hi);
        let mut values = vec![lo; len];
        if !empty {
            fill_smallest(&mut values, total, lo, hi);
        }
        Compositions {
            values,
            lo,
            hi,
            started: false,
            empty,
        }
    }

    /// The next sequence, or `None` after the last.
    pub fn advance(&mut self) -> Option<&[u64]> {
        if self.empty {
            return None;
        }
        if !self.started {
            self.started = true;
            return Some(&self.values);
        }
        let n = self.values.len();
        // The last place that can rise by one while the places after it give one up.
        let mut after = 0u64;
        for i in (0..n).rev() {
            let room = after.checked_sub((n - 1 - i) as u64 * self.lo).is_some_and(|x| x > 0);
            if self.values[i] < self.hi && room {
                self.values[i] += 1;
                fill_smallest(&mut self.values[i + 1..], after - 1, self.lo, self.hi);
                return Some(&self.values);
            }
            after += self.values[i];
        }
        self.empty = true;
        None
    }
}

/// The lexicographically smallest values in `[lo, hi]` summing to `total`
/// (which must be reachable): the later places take all they can.
fn fill_smallest(values: &mut [u64], total: u64, lo: u64, hi: u64) {
    let mut left = total;
    let n = values.len();
    for (i, value) in values.iter_mut().enumerate() {
        let rest = (n - 1 - i) as u64;
        let v = left.saturating_sub(rest.saturating_mul(hi)).max(lo);
        *value = v;
        left -= v;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every multiset of values `1..=v` with at most `j` parts, by brute force.
    fn brute_multisets(kinds: usize, sizes: &dyn Fn(usize) -> usize, parts: usize, total: usize) -> usize {
        fn walk(kinds: usize, sizes: &dyn Fn(usize) -> usize, from: usize, left: usize, total: usize) -> usize {
            let here = usize::from(total == 0);
            if left == 0 {
                return here;
            }
            here + (from..kinds)
                .filter(|&k| sizes(k) <= total)
                .map(|k| walk(kinds, sizes, k, left - 1, total - sizes(k)))
                .sum::<usize>()
        }
        walk(kinds, sizes, 0, parts, total)
    }

    #[test]
    fn partitions_of_integers_are_a000041() {
        // One kind of each size 1..=20: multisets are partitions.
        let a000041 = [
            1u128, 1, 2, 3, 5, 7, 11, 15, 22, 30, 42, 56, 77, 101, 135, 176, 231, 297, 385, 490, 627,
        ];
        let mut kinds = vec![1u128; 21];
        kinds[0] = 0;
        let counts = MultisetCounts::new(&kinds, 20, 20);
        let atoms: Arc<Vec<Vec<u64>>> = Arc::new((0..=20).map(|s| if s == 0 { vec![] } else { vec![s] }).collect());
        for (t, &p) in a000041.iter().enumerate() {
            assert_eq!(counts.at((0, 20), t), p, "p({t})");
            let listed: Vec<Vec<u64>> = Multisets::new(atoms.clone(), &counts, (0, 20), (t, t)).collect();
            assert_eq!(listed.len() as u128, p);
            for parts in &listed {
                assert_eq!(parts.iter().sum::<u64>(), t as u64);
                assert!(parts.windows(2).all(|w| w[0] >= w[1]), "{parts:?}");
            }
            let mut distinct = listed.clone();
            distinct.dedup();
            assert_eq!(distinct.len(), listed.len());
        }
    }

    #[test]
    fn multisets_with_zeros_and_several_kinds_match_brute_force() {
        // Kinds: sizes 0, 1, 1, 2, 3, 3, 3 (two kinds of size 1, three of size 3).
        let sizes = [0usize, 1, 1, 2, 3, 3, 3];
        let mut atoms = vec![Vec::new(); 4];
        for (k, &s) in sizes.iter().enumerate() {
            atoms[s].push(k);
        }
        let kinds: Vec<u128> = atoms.iter().map(|a| a.len() as u128).collect();
        let counts = MultisetCounts::new(&kinds, 4, 12);
        let atoms = Arc::new(atoms);
        let listed: Vec<Vec<usize>> = Multisets::new(atoms, &counts, (1, 4), (0, 12)).collect();
        let mut total_by_brute = 0;
        for t in 0..=12 {
            let brute = brute_multisets(sizes.len(), &|k| sizes[k], 4, t) - usize::from(t == 0);
            assert_eq!(counts.at((1, 4), t), brute as u128, "total {t}");
            total_by_brute += brute;
        }
        assert_eq!(listed.len(), total_by_brute);
        // By total, then parts; each multiset once.
        let key = |m: &Vec<usize>| (m.iter().map(|&k| sizes[k]).sum::<usize>(), m.len());
        assert!(listed.windows(2).all(|w| key(&w[0]) <= key(&w[1])));
        let mut sorted: Vec<Vec<usize>> = listed
            .iter()
            .map(|m| {
                let mut m = m.clone();
                m.sort_unstable();
                m
            })
            .collect();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), listed.len());
    }

    #[test]
    fn compositions_are_every_bounded_sequence_in_order() {
        for (len, lo, hi) in [(0usize, 0u64, 3u64), (1, 0, 3), (3, 0, 3), (4, 1, 3), (3, 2, 2)] {
            let g = sequence_counts(lo, hi, len, 12);
            let mut all = Vec::new();
            for t in 0..=12u64 {
                let mut c = Compositions::new(len, t, lo, hi);
                let mut here = Vec::new();
                while let Some(v) = c.advance() {
                    assert_eq!(v.iter().sum::<u64>(), t);
                    assert!(v.iter().all(|x| (lo..=hi).contains(x)));
                    here.push(v.to_vec());
                }
                assert!(here.windows(2).all(|w| w[0] < w[1]), "lexicographic");
                assert_eq!(here.len() as u128, g[len][t as usize], "len {len} total {t}");
                all.extend(here);
            }
            let expected = (hi - lo + 1).pow(len as u32) as usize;
            assert_eq!(all.len(), expected, "every sequence of {len} values in [{lo}, {hi}]");
        }
    }
}

/// Every multiset of `parts` (a range) values in `[values.lo, values.hi]`,
/// as the values listed largest first: piles and heaps of a sum.
#[derive(Clone)]
pub struct ValueMultisets {
    parts: (usize, usize),
    values: (u64, u64),
}

impl ValueMultisets {
    pub fn new(parts: crate::SizeRange, values: crate::SizeRange) -> Self {
        ValueMultisets {
            parts: (parts.lo as usize, parts.hi as usize),
            values: (values.lo, values.hi),
        }
    }

    /// How many there are: `C(V + j - 1, j)` for `j` parts of `V` values.
    pub fn count(&self) -> u128 {
        let kinds = (self.values.1 - self.values.0) as u128 + 1;
        (self.parts.0..=self.parts.1).fold(0, |acc, j| add(acc, multichoose(kinds, j as u64)))
    }

    /// The smallest and largest total.
    pub fn totals(&self) -> (usize, usize) {
        (
            self.parts.0 * self.values.0 as usize,
            self.parts.1 * self.values.1 as usize,
        )
    }

    /// Every one, by total, then parts, then values (largest first).
    pub fn all(&self) -> Multisets<u64> {
        self.lister().within(self.totals())
    }

    /// What lists them, total by total ([`ValueLister::within`]).
    pub fn lister(&self) -> ValueLister {
        let (lo, hi) = self.values;
        let atoms: Vec<Vec<u64>> = (0..=hi).map(|v| if v >= lo { vec![v] } else { Vec::new() }).collect();
        let kinds: Vec<u128> = atoms.iter().map(|a| a.len() as u128).collect();
        ValueLister {
            counts: MultisetCounts::new(&kinds, self.parts.1, self.totals().1),
            atoms: Arc::new(atoms),
            parts: self.parts,
        }
    }
}

/// The multisets of a [`ValueMultisets`], ready to list any range of totals.
pub struct ValueLister {
    atoms: Arc<Vec<Vec<u64>>>,
    counts: MultisetCounts,
    parts: (usize, usize),
}

impl ValueLister {
    /// The multisets whose total lies within `totals`.
    pub fn within(&self, totals: (usize, usize)) -> Multisets<u64> {
        Multisets::new(self.atoms.clone(), &self.counts, self.parts, totals)
    }
}

/// Every sequence of `len` values in `[lo, hi]` (a length range), by
/// length, then total, then lexicographically.
pub fn sequences(len: crate::SizeRange, lo: u64, hi: u64) -> impl Iterator<Item = Vec<u64>> + Send {
    (len.lo..=len.hi).flat_map(move |n| {
        (n * lo..=n.saturating_mul(hi)).flat_map(move |t| {
            let mut c = Compositions::new(n as usize, t, lo, hi);
            std::iter::from_fn(move || c.advance().map(<[u64]>::to_vec))
        })
    })
}

/// Every sequence of `len` values in `[lo, hi]` (a length range), by total,
/// then length, then lexicographically.
pub fn sequences_by_total(len: crate::SizeRange, lo: u64, hi: u64) -> impl Iterator<Item = Vec<u64>> + Send {
    (len.lo.saturating_mul(lo)..=len.hi.saturating_mul(hi)).flat_map(move |t| {
        (len.lo..=len.hi).flat_map(move |n| {
            let mut c = Compositions::new(n as usize, t, lo, hi);
            std::iter::from_fn(move || c.advance().map(<[u64]>::to_vec))
        })
    })
}
