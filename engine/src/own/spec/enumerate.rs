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
//! Complexity: each leaf costs one run of the spec, and each pass walks the
//! paths of every smaller size again: O(S · N · L) for N inputs of length L
//! and S sizes.
//!
//! Reference: Runciman, Naylor, Lindblad, "SmallCheck and Lazy SmallCheck" (2008).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use super::exec::{at, Exec, Writes};
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
        if self.depth == self.path.len() {
            self.path.push(lo);
        }
        let v = self.path[self.depth];
        self.tops.push(top);
        self.depth += 1;
        self.left -= v - lo;
        Ok(v)
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

    #[test]
    fn an_unbounded_int_is_refused_with_the_key_to_give() {
        let err = inputs("INT(1, 1000000000, a) NEWLINE", &[]).unwrap_err();
        assert!(err.contains("spec 1:1") && err.contains("--set a=[1,5]"), "{err}");
    }
}
