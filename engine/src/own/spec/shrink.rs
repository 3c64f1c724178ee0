//! Structural shrink moves of an input read by its spec: drop items of a
//! repetition (lowering the variable that counts them), renumber the values
//! that refer to `1..n` when `n` is lowered, and move integers toward the
//! lower ends of their ranges. Each move rewrites the integers in reading
//! order and lets the spec write the text; the caller keeps only candidates
//! the spec (and the validator) accept.

use std::collections::BTreeSet;

use super::exec::Trace;
use super::Spec;
use crate::own::text::{cap, chunks, ladder};

/// An input as its spec reads it, and the moves that make it smaller.
pub struct Moves<'s> {
    spec: &'s Spec,
    trace: Trace,
    /// How many candidates one level builds ([`cap`]): texts of about the input's length.
    cap: usize,
}

impl Spec {
    /// `None` when the spec does not read `input`.
    pub fn moves(&self, input: &str) -> Option<Moves<'_>> {
        Some(Moves {
            spec: self,
            trace: self.trace(input).ok()?,
            cap: cap(input),
        })
    }
}

impl Moves<'_> {
    fn values(&self) -> Vec<i64> {
        self.trace.ints.iter().map(|i| i.value).collect()
    }

    fn write(&self, values: &[i64]) -> Option<String> {
        self.spec.rewrite(values).ok()
    }

    /// `(repetition, chunk size)` pairs: every repetition whose count is one
    /// variable, with its chunk sizes, largest first.
    pub fn drop_levels(&self) -> Vec<(usize, usize)> {
        self.trace
            .reps
            .iter()
            .enumerate()
            .filter(|(_, r)| r.count_from.is_some())
            .flat_map(|(k, r)| chunks(r.items.len()).into_iter().map(move |c| (k, c)))
            .collect()
    }

    /// Every way to drop `size` consecutive items (aligned) of repetition `rep`.
    pub fn drop(&self, rep: usize, size: usize) -> Vec<String> {
        let Some(r) = self.trace.reps.get(rep) else {
            return vec![];
        };
        let Some(count) = r.count_from else {
            return vec![];
        };
        let values = self.values();
        (0..r.items.len())
            .step_by(size.max(1))
            .take(self.cap)
            .filter_map(|start| {
                let end = (start + size).min(r.items.len());
                let gone = r.items[start].start..r.items[end - 1].end;
                let mut next: Vec<i64> = values[..gone.start]
                    .iter()
                    .chain(&values[gone.end..])
                    .copied()
                    .collect();
                // The count was read before its items, so its index is unchanged.
                next[count] -= (end - start) as i64;
                self.write(&next)
            })
            .collect()
    }

    /// The integers other values refer to as their upper bound (`n` of `INT(1, n, u)`).
    pub fn renumber_levels(&self) -> Vec<usize> {
        let bounds: BTreeSet<usize> = self.trace.ints.iter().filter_map(|i| i.hi_from).collect();
        bounds.into_iter().collect()
    }

    /// Lowers bound `d` (say `n`) and renumbers the values in `1..n`:
    /// keeping only the labels in use, in order; then halving `n` with the
    /// labels taken modulo; then merging the top label into the one below.
    pub fn renumber(&self, d: usize) -> Vec<String> {
        let values = self.values();
        let Some(&n) = values.get(d) else { return vec![] };
        let refs: Vec<usize> = (0..values.len())
            .filter(|&i| self.trace.ints[i].hi_from == Some(d))
            .collect();
        let lo = refs.iter().map(|&i| self.trace.ints[i].lo).min().unwrap_or(1);
        let mut out = Vec::new();
        let mut with = |bound: i64, map: &dyn Fn(i64) -> i64| {
            if bound >= n || bound < lo {
                return;
            }
            let mut next = values.clone();
            next[d] = bound;
            for &i in &refs {
                next[i] = map(values[i]);
            }
            out.extend(self.write(&next));
        };
        let used: BTreeSet<i64> = refs.iter().map(|&i| values[i]).collect();
        let rank = |x: i64| lo + used.range(..x).count() as i64;
        with(lo + used.len() as i64 - 1, &rank);
        let half = lo + (n - lo) / 2;
        let width = half - lo + 1;
        with(half, &|x| lo + (x - lo).rem_euclid(width.max(1)));
        with(n - 1, &|x| x.min(n - 1));
        out
    }

    pub fn lower_levels(&self) -> usize {
        self.trace.ints.len()
    }

    /// Integer `i` toward the lower end of its range, along [`ladder`].
    pub fn lower(&self, i: usize) -> Vec<String> {
        let mut values = self.values();
        let Some(at) = self.trace.ints.get(i) else {
            return vec![];
        };
        ladder(at.value, at.lo)
            .into_iter()
            .take(self.cap)
            .filter_map(|t| {
                values[i] = t;
                self.write(&values)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRAPH: &str = "INT(1,9,n) SPACE INT(0,20,m) NEWLINE\nREP(m) INT(1,n,u) SPACE INT(1,n,v) NEWLINE END\n";

    #[test]
    fn dropping_items_lowers_their_count() {
        let spec = Spec::parse(GRAPH, "g").unwrap();
        let moves = spec.moves("5 4\n1 2\n2 3\n3 4\n4 5\n").unwrap();
        assert_eq!(moves.drop_levels(), [(0, 2), (0, 1)]);
        assert_eq!(moves.drop(0, 2), ["5 2\n3 4\n4 5\n", "5 2\n1 2\n2 3\n"]);
        assert_eq!(moves.drop(0, 1)[3], "5 3\n1 2\n2 3\n3 4\n");
    }

    #[test]
    fn lowering_a_bound_renumbers_what_refers_to_it() {
        let spec = Spec::parse(GRAPH, "g").unwrap();
        let moves = spec.moves("9 2\n3 9\n9 7\n").unwrap();
        assert_eq!(moves.renumber_levels(), [0]);
        let got = moves.renumber(0);
        assert_eq!(got[0], "3 2\n1 3\n3 2\n", "labels in use, in order");
        assert_eq!(got[1], "5 2\n3 4\n4 2\n", "halved, modulo");
        assert_eq!(got[2], "8 2\n3 8\n8 7\n", "the top label merged");
    }

    #[test]
    fn integers_move_toward_their_lower_bound() {
        let spec = Spec::parse(GRAPH, "g").unwrap();
        let moves = spec.moves("9 1\n3 9\n").unwrap();
        assert_eq!(
            moves.lower(3),
            ["9 1\n3 1\n", "9 1\n3 4\n", "9 1\n3 5\n", "9 1\n3 7\n", "9 1\n3 8\n"]
        );
        assert_eq!(moves.lower(2), ["9 1\n1 9\n", "9 1\n2 9\n"]);
    }
}
