//! Structural shrink moves of an input read by its spec: drop items of a
//! repetition (lowering the variable that counts them, wherever it was
//! read, by whole units where the count is an expression of it: one edge of
//! `REP(n - 1)` lowers `n` by one, a pair of `REP(2 * n)` by one), delete a value of a `1..n` domain with every item that mentions it
//! (a vertex with its edges), contract two values an item joins into one
//! (an edge), renumber the values that refer to `1..n` when `n` is lowered,
//! and move integers toward the lower ends of their ranges. Each move
//! rewrites the integers in reading order and lets the spec write the text;
//! the caller keeps only candidates the spec (and the validator) accept.
//!
//! Deleting and contracting are what a single drop cannot do on an input
//! whose validity ties items together: removing any one edge of a connected
//! graph may disconnect it, while removing a vertex with all its edges, or
//! merging the two ends of an edge, keeps it connected.

use std::collections::{BTreeMap, BTreeSet};

use super::exec::Trace;
use super::Spec;
use crate::own::text::{cap, chunks, lowerings};

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

    /// `(repetition, chunk size)` pairs: every repetition whose count follows
    /// one variable (`n`, `n - 1`, `2 * n`), with its chunk sizes, largest
    /// first, in whole units of the variable (pairs for `2 * n`).
    pub fn drop_levels(&self) -> Vec<(usize, usize)> {
        self.trace
            .reps
            .iter()
            .enumerate()
            .filter_map(|(k, r)| Some((k, r.count_by?.1 as usize, r.items.len())))
            .flat_map(|(k, per, len)| chunks(len / per).into_iter().map(move |c| (k, c * per)))
            .collect()
    }

    /// Every way to drop `size` consecutive items (aligned) of repetition `rep`.
    pub fn drop(&self, rep: usize, size: usize) -> Vec<String> {
        let Some(r) = self.trace.reps.get(rep) else {
            return vec![];
        };
        let Some((count, per)) = r.count_by else {
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
                // The count was read before its items, so its index is unchanged. A last chunk
                // cut short of whole units leaves a count the spec refuses.
                next[count] -= (end - start) as i64 / per;
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
        let refs = self.refs(d);
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

    /// The integers that refer to bound `d` as theirs (`u` and `v` of `INT(1, n, u)` for `n`).
    fn refs(&self, d: usize) -> Vec<usize> {
        (0..self.trace.ints.len())
            .filter(|&i| self.trace.ints[i].hi_from == Some(d))
            .collect()
    }

    /// The repetition item each integer of `refs` belongs to, innermost
    /// first, among the items read after bound `d` (an item that holds `n`
    /// itself, a whole test case, is no part of the domain's structure):
    /// `(repetition, item)`, or `None` for an integer outside any (a start
    /// vertex read beside `n`).
    fn owners(&self, d: usize, refs: &[usize]) -> BTreeMap<usize, Option<(usize, usize)>> {
        let mut owner: BTreeMap<usize, Option<(usize, usize)>> = refs.iter().map(|&i| (i, None)).collect();
        // Repetitions are recorded as they start: an inner one comes after the one around it.
        for (k, rep) in self.trace.reps.iter().enumerate() {
            for (j, item) in rep.items.iter().enumerate() {
                if item.start <= d {
                    continue;
                }
                for (_, slot) in owner.range_mut(item.clone()) {
                    *slot = Some((k, j));
                }
            }
        }
        owner
    }

    /// The integers with the `gone` items left out, each other one mapped
    /// by `map` (from its index and value), each repetition's count lowered
    /// by the items it lost. A repetition counted by an expression (`n - 1`)
    /// has its count follow the integers it is made of, or the spec refuses
    /// the text.
    fn without(&self, values: &[i64], gone: &BTreeSet<(usize, usize)>, map: &dyn Fn(usize, i64) -> i64) -> Vec<i64> {
        let mut dropped = vec![false; values.len()];
        let mut next: Vec<i64> = values.iter().enumerate().map(|(i, &v)| map(i, v)).collect();
        for &(k, j) in gone {
            let rep = &self.trace.reps[k];
            dropped[rep.items[j].clone()].fill(true);
            if let Some(count) = rep.count_from {
                next[count] -= 1;
            }
        }
        next.into_iter()
            .zip(dropped)
            .filter(|&(_, gone)| !gone)
            .map(|(v, _)| v)
            .collect()
    }

    /// Every value `x` of bound `d`'s domain (a vertex of `1..n`) deleted
    /// with the items that mention it (its edges), the counts of their
    /// repetitions lowered, the values above `x` renumbered one down and `n`
    /// lowered by one. A value some integer outside any item refers to (the
    /// start vertex) stays.
    pub fn delete(&self, d: usize) -> Vec<String> {
        let refs = self.refs(d);
        let owners = self.owners(d, &refs);
        let values = self.values();
        let labels: BTreeSet<i64> = refs.iter().map(|&i| values[i]).collect();
        labels
            .into_iter()
            .filter_map(|x| {
                let gone: BTreeSet<(usize, usize)> = owners
                    .iter()
                    .filter(|&(&i, _)| values[i] == x)
                    .map(|(_, &owner)| owner)
                    .collect::<Option<_>>()?;
                let next = self.without(&values, &gone, &|i, v| match owners.get(&i) {
                    _ if i == d => v - 1,
                    Some(_) if v > x => v - 1,
                    _ => v,
                });
                self.write(&next)
            })
            .take(self.cap)
            .collect()
    }

    /// Every two values `x < y` of bound `d`'s domain that one item joins (the
    /// ends of an edge) contracted into `x`: the values above `y` renumbered
    /// one down and `n` lowered by one; the items left joining a value to
    /// itself (the edge contracted) or repeating an earlier item of their
    /// repetition (an edge to a neighbour both ends shared) dropped, with
    /// their counts.
    pub fn contract(&self, d: usize) -> Vec<String> {
        let refs = self.refs(d);
        let owners = self.owners(d, &refs);
        let values = self.values();
        let mut items: BTreeMap<(usize, usize), Vec<usize>> = BTreeMap::new();
        for (&i, owner) in &owners {
            if let Some(item) = owner {
                items.entry(*item).or_default().push(i);
            }
        }
        let mut joined: BTreeSet<(i64, i64)> = BTreeSet::new();
        for ints in items.values() {
            let labels: BTreeSet<i64> = ints.iter().map(|&i| values[i]).collect();
            for &x in &labels {
                joined.extend(labels.range(x + 1..).map(|&y| (x, y)));
            }
        }
        joined
            .into_iter()
            .filter_map(|(x, y)| {
                let map = |i: usize, v: i64| match owners.get(&i) {
                    _ if i == d => v - 1,
                    Some(_) if v == y => x,
                    Some(_) if v > y => v - 1,
                    _ => v,
                };
                let gone = self.degenerate(&values, &items, &map);
                self.write(&self.without(&values, &gone, &map))
            })
            .take(self.cap)
            .collect()
    }

    /// The items (each with its integers of the domain) that `map` leaves
    /// joining a value to itself, or repeating an earlier item of their
    /// repetition as a multiset of values.
    fn degenerate(
        &self,
        values: &[i64],
        items: &BTreeMap<(usize, usize), Vec<usize>>,
        map: &dyn Fn(usize, i64) -> i64,
    ) -> BTreeSet<(usize, usize)> {
        let mut seen: BTreeSet<(usize, Vec<i64>)> = BTreeSet::new();
        let mut gone = BTreeSet::new();
        for (&(k, j), ints) in items {
            let labels: BTreeSet<i64> = ints.iter().map(|&i| map(i, values[i])).collect();
            let mut all: Vec<i64> = self.trace.reps[k].items[j].clone().map(|i| map(i, values[i])).collect();
            all.sort_unstable();
            if (ints.len() > 1 && labels.len() == 1) || !seen.insert((k, all)) {
                gone.insert((k, j));
            }
        }
        gone
    }

    pub fn lower_levels(&self) -> usize {
        self.trace.ints.len()
    }

    /// Integer `i` toward the lower end of its range, along [`lowerings`].
    pub fn lower(&self, i: usize) -> Vec<String> {
        let mut values = self.values();
        let Some(at) = self.trace.ints.get(i) else {
            return vec![];
        };
        lowerings(at.value, at.lo)
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
    fn dropping_items_counted_by_an_expression_lowers_its_variable() {
        // A path's n - 1 edges: one edge less is n one less (the labels then past n are the
        // spec's to refuse, and renumbering's to fix).
        let tree = Spec::parse(
            "INT(1,9,n) NEWLINE\nREP(n-1) INT(1,n,u) SPACE INT(1,n,v) NEWLINE END\n",
            "t",
        )
        .unwrap();
        let moves = tree.moves("4\n1 2\n2 3\n3 4\n").unwrap();
        assert_eq!(moves.drop_levels(), [(0, 1)]);
        assert_eq!(moves.drop(0, 1)[2], "3\n1 2\n2 3\n");
        // 2 * n values drop in pairs, n by one per pair; 1 + n and n * 2 read the same.
        for count in ["2*n", "n*2"] {
            let text = format!("INT(1,9,n) NEWLINE\nREP({count}) INT(0,9) NEWLINE END\n");
            let pairs = Spec::parse(&text, "p").unwrap();
            let moves = pairs.moves("2\n5\n6\n7\n8\n").unwrap();
            assert_eq!(moves.drop_levels(), [(0, 2)], "{count}");
            assert_eq!(moves.drop(0, 2), ["1\n7\n8\n", "1\n5\n6\n"], "{count}");
        }
        let shifted = Spec::parse("INT(0,9,n) NEWLINE\nREP(1+n) INT(0,9) NEWLINE END\n", "s").unwrap();
        assert_eq!(shifted.moves("1\n5\n6\n").unwrap().drop(0, 1), ["0\n6\n", "0\n5\n"]);
        // A count that is no affine function of one variable offers no drop.
        let square = Spec::parse("INT(1,9,n) NEWLINE\nREP(n*n) INT(0,9) NEWLINE END\n", "q").unwrap();
        assert!(square.moves("1\n5\n").unwrap().drop_levels().is_empty());
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
            (1..9).map(|v| format!("9 1\n3 {v}\n")).collect::<Vec<_>>(),
            "every value below the threshold"
        );
        assert_eq!(moves.lower(2), ["9 1\n1 9\n", "9 1\n2 9\n"]);
    }

    /// T cases of a connected graph each: `n m s`, then m edges.
    const GEOGRAPHY: &str = "INT(1,10,t) NEWLINE\nREP(t)\n INT(1,12,n) SPACE INT(0,66,m) SPACE INT(1,n,s) NEWLINE\n \
                             REP(m) INT(1,n,u) SPACE INT(1,n,v) NEWLINE ASSERT(u != v) END\nEND\n";

    #[test]
    fn deleting_a_vertex_takes_its_edges_and_renumbers_the_rest() {
        let spec = Spec::parse(GEOGRAPHY, "g").unwrap();
        let moves = spec.moves("1\n5 5 1\n1 2\n2 3\n3 1\n3 4\n4 5\n").unwrap();
        assert_eq!(moves.renumber_levels(), [1]);
        assert_eq!(
            moves.delete(1),
            [
                // The start vertex 1 stays; 2, 3, 4 and 5 go in turn.
                "1\n4 3 1\n2 1\n2 3\n3 4\n",
                "1\n4 2 1\n1 2\n3 4\n",
                "1\n4 3 1\n1 2\n2 3\n3 1\n",
                "1\n4 4 1\n1 2\n2 3\n3 1\n3 4\n",
            ]
        );
    }

    #[test]
    fn contracting_an_edge_drops_it_and_the_edges_it_doubles() {
        let spec = Spec::parse(GEOGRAPHY, "g").unwrap();
        let moves = spec.moves("1\n5 5 1\n1 2\n2 3\n3 1\n3 4\n4 5\n").unwrap();
        let got = moves.contract(1);
        assert_eq!(
            got[0], "1\n4 3 1\n1 2\n2 3\n3 4\n",
            "1-2 contracted; 2-3 and 3-1 now one edge"
        );
        assert_eq!(got.last().unwrap(), "1\n4 4 1\n1 2\n2 3\n3 1\n3 4\n", "4-5 contracted");
        assert_eq!(got.len(), 5, "one per edge");
    }

    #[test]
    fn a_count_read_on_another_line_follows_the_items_dropped() {
        let spec = Spec::parse("INT(1,9,n) NEWLINE REP(n, SPACE) INT(1,99,a) END NEWLINE", "h").unwrap();
        let moves = spec.moves("3\n10 21 3\n").unwrap();
        assert_eq!(moves.drop(0, 1), ["2\n21 3\n", "2\n10 3\n", "2\n10 21\n"]);
    }

    /// The input `phases` of the spec's moves shrink `input` to while `keep` holds, greedily.
    fn greedy(spec: &Spec, input: &str, keep: &dyn Fn(&str) -> bool) -> String {
        let mut best = input.to_string();
        'step: loop {
            let m = spec.moves(&best).unwrap();
            let mut cands: Vec<String> = Vec::new();
            for (r, k) in m.drop_levels() {
                cands.extend(m.drop(r, k));
            }
            for d in m.renumber_levels() {
                cands.extend(m.delete(d).into_iter().chain(m.contract(d)).chain(m.renumber(d)));
            }
            cands.extend((0..m.lower_levels()).flat_map(|i| m.lower(i)));
            for c in cands {
                if spec.check(&c).is_ok() && keep(&c) {
                    best = c;
                    continue 'step;
                }
            }
            return best;
        }
    }

    /// One case of a GEOGRAPHY input: vertex count, start and edges.
    type Case = (usize, usize, Vec<(usize, usize)>);

    fn graphs(input: &str) -> Vec<Case> {
        let v: Vec<usize> = input.split_whitespace().map(|t| t.parse().unwrap()).collect();
        let mut at = 1;
        (0..v[0])
            .map(|_| {
                let (n, m, s) = (v[at], v[at + 1], v[at + 2]);
                let edges = (0..m).map(|e| (v[at + 3 + 2 * e], v[at + 4 + 2 * e])).collect();
                at += 3 + 2 * m;
                (n, s, edges)
            })
            .collect()
    }

    fn connected(n: usize, edges: &[(usize, usize)]) -> bool {
        let mut seen = vec![false; n + 1];
        let mut stack = vec![1];
        seen[1] = true;
        while let Some(p) = stack.pop() {
            for &(u, v) in edges {
                for (a, b) in [(u, v), (v, u)] {
                    if a == p && !seen[b] {
                        seen[b] = true;
                        stack.push(b);
                    }
                }
            }
        }
        seen[1..].iter().all(|&s| s)
    }

    #[test]
    fn a_connected_graph_shrinks_to_its_smallest_connected_witness() {
        // Wanted: some case's graph connected with a triangle through the start vertex. Every
        // vertex of the long paths is a cut vertex, so no single edge can go; deleting vertices
        // and contracting edges keep the graph connected.
        let spec = Spec::parse(GEOGRAPHY, "g").unwrap();
        let keep = |input: &str| {
            graphs(input).iter().all(|(n, _, e)| connected(*n, e))
                && graphs(input).iter().any(|(_, s, e)| {
                    let has = |a: usize, b: usize| e.contains(&(a, b)) || e.contains(&(b, a));
                    e.iter().any(|&(u, v)| u != *s && v != *s && has(u, *s) && has(v, *s))
                })
        };
        let input = "2\n3 2 2\n1 2\n2 3\n\
                     11 12 6\n1 2\n2 3\n3 4\n4 5\n5 6\n6 7\n7 8\n8 9\n9 10\n10 11\n6 8\n11 1\n";
        assert!(keep(input));
        let small = greedy(&spec, input, &keep);
        assert_eq!(small.split_whitespace().count(), 10, "{small}");
        assert_eq!(small, "1\n3 3 1\n1 2\n2 3\n1 3\n");
    }
}
