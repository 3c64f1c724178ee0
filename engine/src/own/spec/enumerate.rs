//! Every input a spec accepts, each `INT` bounded by the `[gen]` key of its
//! name, in increasing order of size: the sum over the input's integers of
//! how far each lies above its lowest allowed value.
//!
//! Idea: an input is the sequence of choices the spec's `INT`s make as it
//! runs, so the inputs are the leaves of a tree walked by running the spec
//! again along each path (a choice changes what follows: `REP(t)` after
//! `INT(1, 3, t)`). One pass per size `s` walks the paths whose choices add
//! up to `s`, cutting every branch that would exceed it; a path the spec's
//! assertions refuse ends there, filtered before any program runs. The last
//! size is the first whose pass cut no branch.
//!
//! A `REP` marked `#@multiset` lists its records (the integers of one item,
//! compared lexicographically) in non-decreasing order only, so each
//! multiset of records comes once: while a record still equals the one
//! before it up to its last integer, its next integer starts from the
//! earlier record's, and a record that ends as a proper prefix of the one
//! before it is refused. Marks nest (cases that are each a multiset of
//! piles, themselves a multiset), each level kept in order on its own.
//!
//! Complexity: each leaf costs one run of the spec, and each pass walks the
//! paths of every smaller size again: O(S · N · L) for N inputs of length L
//! and S sizes.
//!
//! Reference: Runciman, Naylor, Lindblad, "SmallCheck and Lazy SmallCheck" (2008).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use super::exec::{at, Exec, Records, Writes};
use super::parse::{Cmd, Pos};

/// An `INT` without a `[gen]` key of its name is enumerated over its own
/// range when that holds at most this many values.
pub const SMALL_RANGE: i64 = 16;

/// The inputs of one spec in increasing size; each is run through the spec once.
pub struct Inputs {
    cmds: Arc<Vec<Cmd>>,
    bounds: BTreeMap<String, (i64, i64)>,
    /// The size of the pass under way.
    size: i64,
    /// The choices of the path to run next.
    path: Vec<i64>,
    /// Whether this pass cut a branch: a larger size may hold inputs.
    cut: bool,
    /// The `[gen]` keys some `INT` was bounded by.
    pub used: BTreeSet<String>,
    done: bool,
}

impl Inputs {
    pub fn new(cmds: Arc<Vec<Cmd>>, bounds: BTreeMap<String, (i64, i64)>) -> Self {
        Inputs {
            cmds,
            bounds,
            size: 0,
            path: Vec::new(),
            cut: false,
            used: BTreeSet::new(),
            done: false,
        }
    }

    /// The next input, or why the spec cannot be enumerated (an `INT` no
    /// key bounds, a run past the step limit).
    fn step(&mut self) -> Option<Result<String, String>> {
        while !self.done {
            let mut walker = Walker {
                bounds: &self.bounds,
                path: &mut self.path,
                tops: Vec::new(),
                depth: 0,
                left: self.size,
                cut: false,
                used: &mut self.used,
                out: String::new(),
                fatal: None,
                multisets: Vec::new(),
            };
            let accepted = Exec::new(&mut walker).run(&self.cmds).is_ok();
            if let Some(why) = walker.fatal.take() {
                self.done = true;
                return Some(Err(why));
            }
            let (tops, depth, left, out) = (walker.tops, walker.depth, walker.left, walker.out);
            self.cut |= walker.cut;
            self.path.truncate(depth);
            self.advance(&tops);
            if accepted && left == 0 {
                return Some(Ok(out));
            }
        }
        None
    }

    /// The next path of this pass, or the first of the next size.
    fn advance(&mut self, tops: &[i64]) {
        while let Some(v) = self.path.pop() {
            if v < tops[self.path.len()] {
                self.path.push(v + 1);
                return;
            }
        }
        if std::mem::take(&mut self.cut) {
            self.size += 1;
        } else {
            self.done = true;
        }
    }
}

impl Iterator for Inputs {
    type Item = Result<String, String>;

    fn next(&mut self) -> Option<Self::Item> {
        self.step()
    }
}

/// One run of the spec along a path: the path's choices first, then each
/// `INT`'s lowest value.
struct Walker<'a> {
    bounds: &'a BTreeMap<String, (i64, i64)>,
    path: &'a mut Vec<i64>,
    /// The highest choice at each depth within the size left there.
    tops: Vec<i64>,
    depth: usize,
    /// The size still to spend along this path.
    left: i64,
    cut: bool,
    used: &'a mut BTreeSet<String>,
    out: String,
    fatal: Option<String>,
    /// The `#@multiset` repetitions open, innermost last.
    multisets: Vec<Sorted>,
}

/// A `#@multiset` repetition being written: its last record and the one
/// under way, which must not come before it.
#[derive(Default)]
struct Sorted {
    before: Option<Vec<i64>>,
    record: Vec<i64>,
    /// Whether `record` equals `before` so far: then its next integer is
    /// at least the earlier record's at that place.
    tied: bool,
}

impl Sorted {
    /// The least value the record's next integer may take.
    fn floor(&mut self) -> Option<i64> {
        let before = self.before.as_ref()?;
        let at = before.get(self.record.len()).filter(|_| self.tied);
        if at.is_none() {
            // Longer than the record before it with the same start: already after it.
            self.tied = false;
        }
        at.copied()
    }

    fn push(&mut self, v: i64) {
        if self.tied && self.before.as_ref().and_then(|b| b.get(self.record.len())) != Some(&v) {
            self.tied = false;
        }
        self.record.push(v);
    }
}

impl Walker<'_> {
    /// The values `INT(lo, hi, name)` takes: its range within its key's.
    fn range(&mut self, lo: i64, hi: i64, name: Option<&str>, p: Pos) -> Result<(i64, i64), String> {
        if let Some((key, &(a, b))) = name.and_then(|n| self.bounds.get_key_value(n)) {
            self.used.insert(key.clone());
            return Ok((lo.max(a), hi.min(b)));
        }
        if hi.saturating_sub(lo) < SMALL_RANGE {
            return Ok((lo, hi));
        }
        let why = match name {
            Some(n) => format!(
                "{}: INT({lo}, {hi}, {n}) has no [gen] key `{n}` to bound it: give one, e.g. --set {n}=[{lo},{}]",
                at(p),
                lo.saturating_add(4).min(hi)
            ),
            None => format!(
                "{}: INT({lo}, {hi}) has no name to bound it by: name it, INT({lo}, {hi}, x), and give a [gen] \
                 key x = [lo, hi]",
                at(p)
            ),
        };
        self.fatal = Some(why.clone());
        Err(why)
    }
}

impl Writes for Walker<'_> {
    fn choose(&mut self, lo: i64, hi: i64, name: Option<&str>, p: Pos) -> Result<i64, String> {
        let (lo, hi) = self.range(lo, hi, name, p)?;
        if lo > hi {
            return Err("no value".into());
        }
        let top = if hi.saturating_sub(lo) > self.left {
            self.cut = true;
            lo + self.left
        } else {
            hi
        };
        // The records of every open multiset hold this integer; each may raise its floor.
        let floor = (self.multisets.iter_mut()).filter_map(Sorted::floor).fold(lo, i64::max);
        if floor > top {
            return Err("a record before this one is larger".into());
        }
        if self.depth == self.path.len() {
            self.path.push(floor);
        }
        let v = self.path[self.depth];
        self.tops.push(top);
        self.depth += 1;
        self.left -= v - lo;
        for m in &mut self.multisets {
            m.push(v);
        }
        Ok(v)
    }

    fn records(&mut self, step: Records) -> Result<(), String> {
        match step {
            Records::Open => self.multisets.push(Sorted::default()),
            Records::Close => {
                self.multisets.pop();
            }
            Records::ItemStart => {
                let m = self.multisets.last_mut().ok_or("a record outside its repetition")?;
                m.record.clear();
                m.tied = m.before.is_some();
            }
            Records::ItemEnd => {
                let m = self.multisets.last_mut().ok_or("a record outside its repetition")?;
                let shorter = m.before.as_ref().is_some_and(|b| m.record.len() < b.len());
                if m.tied && shorter {
                    return Err("a record is a prefix of the one before it".into());
                }
                m.before = Some(std::mem::take(&mut m.record));
            }
        }
        Ok(())
    }

    fn out(&mut self) -> &mut String {
        &mut self.out
    }
}

#[cfg(test)]
mod tests {
    use super::super::Spec;
    use super::*;

    fn inputs(spec: &str, bounds: &[(&str, i64, i64)]) -> Result<Vec<String>, String> {
        let spec = Spec::parse(spec, "test.ctd").unwrap();
        let bounds = bounds.iter().map(|&(k, a, b)| (k.to_string(), (a, b))).collect();
        spec.inputs(bounds).collect()
    }

    #[test]
    fn every_input_comes_once_smallest_first() {
        let all = inputs(
            "INT(1, 100, t) NEWLINE REP(t) INT(1, 1000, a) NEWLINE END",
            &[("t", 1, 2), ("a", 1, 3)],
        )
        .unwrap();
        // One line: 3 inputs; two lines: 9. Sizes 0, 1, 1, 2, 2, 2, ...
        assert_eq!(all.len(), 12);
        assert_eq!(&all[..3], ["1\n1\n", "1\n2\n", "2\n1\n1\n"]);
        let unique: BTreeSet<&String> = all.iter().collect();
        assert_eq!(unique.len(), all.len());
        let size = |s: &String| -> i64 {
            let v: Vec<i64> = s.split_whitespace().map(|w| w.parse().unwrap()).collect();
            (v[0] - 1) + v[1..].iter().map(|a| a - 1).sum::<i64>()
        };
        assert!(all.windows(2).all(|w| size(&w[0]) <= size(&w[1])), "{all:?}");
    }

    #[test]
    fn assertions_filter_and_small_ranges_need_no_key() {
        let all = inputs("INT(0, 3, a) SPACE INT(0, 3, b) ASSERT(a < b) NEWLINE", &[]).unwrap();
        assert_eq!(all, ["0 1\n", "0 2\n", "0 3\n", "1 2\n", "1 3\n", "2 3\n"]);
    }

    /// The number of inputs of each size `0..=last` in the enumeration of `spec`.
    fn per_size(spec: &str, bounds: &[(&str, i64, i64)], size: impl Fn(&str) -> i64, last: i64) -> Vec<usize> {
        let spec = Spec::parse(spec, "test.ctd").unwrap();
        let bounds = bounds.iter().map(|&(k, a, b)| (k.to_string(), (a, b))).collect();
        let mut counts = vec![0; last as usize + 1];
        for input in spec.inputs(bounds) {
            let s = size(&input.unwrap());
            if s > last {
                break;
            }
            counts[s as usize] += 1;
        }
        counts
    }

    fn numbers(input: &str) -> Vec<i64> {
        input.split_whitespace().map(|w| w.parse().unwrap()).collect()
    }

    #[test]
    fn marked_piles_are_the_partitions_of_their_total() {
        // n piles of 1 or more: the size, n + the stones above 1 per pile, is the total.
        let piles = "INT(0, 100, n) NEWLINE\n#@multiset\nREP(n, SPACE) INT(1, 100, pile) END NEWLINE\n";
        let bounds = [("n", 0, 10), ("pile", 1, 10)];
        let total = |input: &str| numbers(input)[1..].iter().sum();
        // A000041, the partitions of 0 to 10.
        let partitions = [1, 1, 2, 3, 5, 7, 11, 15, 22, 30, 42];
        assert_eq!(per_size(piles, &bounds, total, 10), partitions);
        // Without the mark every order counts: the compositions, 2^(s-1).
        let ordered = piles.replace("#@multiset\n", "");
        let compositions = [1, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512];
        assert_eq!(per_size(&ordered, &bounds, total, 10), compositions);
    }

    /// `n m` then `m` edges, as one graph: `n` and the edges sorted.
    fn graph(input: &str) -> (i64, Vec<(i64, i64)>) {
        let v = numbers(input);
        let mut edges: Vec<(i64, i64)> = v[2..].chunks(2).map(|e| (e[0], e[1])).collect();
        edges.sort();
        (v[0], edges)
    }

    #[test]
    fn marked_edges_are_each_multigraph_once_and_sorted() {
        let spec = "INT(1, 9, n) SPACE INT(0, 9, m) NEWLINE\n#@multiset edges\n\
                    REP(m) INT(1, n, u) SPACE INT(1, n, v) NEWLINE END\n";
        let bounds = [("n", 1, 3), ("m", 0, 3)];
        let marked = inputs(spec, &bounds).unwrap();
        let every = inputs(&spec.replace("#@multiset edges\n", ""), &bounds).unwrap();
        // Independently: every edge sequence, each taken as its sorted list once.
        let graphs: BTreeSet<(i64, Vec<(i64, i64)>)> = every.iter().map(|i| graph(i)).collect();
        assert_eq!(marked.len(), graphs.len());
        for input in &marked {
            let (_, sorted) = graph(input);
            let (n, edges) = (numbers(input)[0], numbers(input)[2..].to_vec());
            let listed: Vec<i64> = sorted.iter().flat_map(|&(u, v)| [u, v]).collect();
            assert_eq!(edges, listed, "{input:?} lists its edges in order");
            assert!(graphs.contains(&(n, sorted)));
        }
        let unique: BTreeSet<&String> = marked.iter().collect();
        assert_eq!(unique.len(), marked.len());
        // Sequences: 1 + 9 + 81 + 729 edge lists over 3 vertices.
        assert!(every.len() > marked.len() * 3, "{} {}", every.len(), marked.len());
    }

    #[test]
    fn nested_marks_keep_each_level_in_order() {
        // A multiset of cases, each a multiset of piles: jiangnan-le's multisets of multisets.
        let spec = "INT(1, 9, t) NEWLINE\n#@multiset cases\nREP(t)\n INT(0, 9, n) NEWLINE\n #@multiset\n \
                    REP(n, SPACE) INT(1, 9, pile) END NEWLINE\nEND\n";
        let bounds = [("t", 1, 3), ("n", 0, 2), ("pile", 1, 3)];
        let marked = inputs(spec, &bounds).unwrap();
        let every = inputs(
            &spec.replace("#@multiset cases\n", "").replace("#@multiset\n", ""),
            &bounds,
        )
        .unwrap();
        let canonical = |input: &str| {
            let mut lines = input.lines().skip(1);
            let mut cases = Vec::new();
            while lines.next().is_some() {
                // A case of no piles still has its (empty) line.
                let mut piles = numbers(lines.next().unwrap());
                piles.sort();
                cases.push(piles);
            }
            cases.sort();
            cases
        };
        let classes: BTreeSet<Vec<Vec<i64>>> = every.iter().map(|i| canonical(i)).collect();
        let got: BTreeSet<Vec<Vec<i64>>> = marked.iter().map(|i| canonical(i)).collect();
        assert_eq!(marked.len(), classes.len());
        assert_eq!(got, classes);
        // Multisets of 1 to 3 from the 10 multisets of at most 2 piles of 1 to 3: 10 + 55 + 220.
        assert_eq!(marked.len(), 285);
    }

    /// Inputs per second of a spec's enumeration up to size `last`, and how many.
    fn rate(spec: &str, bounds: &[(&str, i64, i64)], size: impl Fn(&str) -> i64, last: i64) -> (usize, f64) {
        let start = std::time::Instant::now();
        let n: usize = per_size(spec, bounds, size, last).iter().sum();
        (n, n as f64 / start.elapsed().as_secs_f64())
    }

    #[test]
    #[ignore = "a measurement: run it in release with --nocapture"]
    fn speed_of_marked_repetitions_against_every_order() {
        let piles = "INT(0, 100, n) NEWLINE\n#@multiset\nREP(n, SPACE) INT(1, 100, pile) END NEWLINE\n";
        let bounds = [("n", 0, 16), ("pile", 1, 16)];
        let total = |input: &str| numbers(input)[1..].iter().sum();
        let edges = "INT(1, 9, n) SPACE INT(0, 9, m) NEWLINE\n#@multiset edges\n\
                     REP(m) INT(1, n, u) SPACE INT(1, n, v) NEWLINE END\n";
        let edge_bounds = [("n", 1, 4), ("m", 0, 4)];
        let all = |_: &str| 0;
        for (what, spec, bounds, size, last) in [
            (
                "piles, total <= 16",
                piles,
                &bounds[..],
                &total as &dyn Fn(&str) -> i64,
                16,
            ),
            ("edge lists, n <= 4, m <= 4", edges, &edge_bounds[..], &all, 0),
        ] {
            let unmarked = spec.replace("#@multiset edges\n", "").replace("#@multiset\n", "");
            let (n, marked_rate) = rate(spec, bounds, size, last);
            let (every, every_rate) = rate(&unmarked, bounds, size, last);
            println!(
                "{what}: {n} multisets at {marked_rate:.0}/s; {every} sequences at {every_rate:.0}/s (the same spec \
                 unmarked); {:.1}x fewer inputs, {:.2}x the time per input, {:.1}x less time in all",
                every as f64 / n as f64,
                every_rate / marked_rate,
                (every as f64 / every_rate) / (n as f64 / marked_rate)
            );
        }
    }

    #[test]
    fn an_unbounded_int_is_refused_with_the_key_to_give() {
        let err = inputs("INT(1, 1000000000, a) NEWLINE", &[]).unwrap_err();
        assert!(err.contains("spec 1:1") && err.contains("--set a=[1,5]"), "{err}");
    }
}
