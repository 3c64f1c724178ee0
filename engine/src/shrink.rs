//! Greedy shrinking to a fixpoint, in the manner of proptest's `simplify` and
//! Hypothesis's passes, for every kind of problem: a shrinker ([`Shrink`])
//! offers candidate edits in layers (a problem file's `gen`, `spec` and `text`;
//! one layer of the family's moves for built-in problems and games), each
//! layer in phases, each phase in levels (chunk sizes, keys, integers); the
//! driver tries a level's candidates in order and keeps the first that still
//! fails the same way, until no level of the layer makes progress.
//!
//! Single edits can get stuck where a failure needs two changes at once (three
//! loops, where removing one leaves an even count); at such a local minimum a
//! shrinker that allows it is tried with pairs of edits before the layer gives
//! up.
//!
//! Candidates of one level are tried in parallel and the first in order wins,
//! so the result does not depend on the thread count. The deadline is checked
//! before every candidate, so a shrink ends at most one program run (per
//! thread) after it. On a terminal a line shows the step, the best size so far
//! and the time spent.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use sandbox::signals::cancelled;

use crate::parallel;
use crate::subject::{reproduce, Failing, Subject};

/// A source of smaller candidates for a failing item, and the test of one.
pub trait Shrink: Sync {
    /// What is being shrunk: a failing unit and what was said about it.
    type Item: Send + Sync + 'static;
    /// A proposed edit, made into an item by [`Shrink::reproduce`].
    type Candidate: Send + Sync;

    /// The layers, in the order they run.
    fn layers(&self) -> Vec<Layer>;
    /// How many levels `phase` of `layer` has for `best`.
    fn levels(&self, layer: usize, phase: usize, best: &Self::Item) -> usize;
    /// Level `level` of the phase's candidates, most promising first.
    fn candidates(&self, layer: usize, phase: usize, level: usize, best: &Self::Item) -> Vec<Self::Candidate>;
    /// The candidate as an item, if it still fails the same way as `best`.
    fn reproduce(&self, c: &Self::Candidate, best: &Self::Item) -> Option<Self::Item>;
    /// Candidates one more edit away from `c`: tried in pairs at a local
    /// minimum of a layer that allows it.
    fn further(&self, _c: &Self::Candidate) -> Vec<Self::Candidate> {
        vec![]
    }
    /// The item's size for people.
    fn size(&self, item: &Self::Item) -> String;
}

/// A layer of a shrinker: its name, its phases, and whether pairs of edits are
/// tried at its local minimum.
pub struct Layer {
    pub name: &'static str,
    pub phases: usize,
    pub pairs: bool,
}

pub struct Shrunk<T> {
    pub best: T,
    pub steps: usize,
    pub elapsed: Duration,
    /// The deadline or Ctrl-C stopped it before the fixpoint.
    pub cut_short: bool,
    /// What each layer did, in order.
    pub layers: Vec<LayerRun>,
}

/// One layer's effect: the sizes it found and left, and its steps between.
pub struct LayerRun {
    pub layer: &'static str,
    pub steps: usize,
    pub from: String,
    pub to: String,
}

impl std::fmt::Display for LayerRun {
    /// `gen: 6 cases, 13 tokens → 1 case, 3 tokens in 6 steps`, `spec: smaller values in 2 steps
    /// (1 case, 3 tokens)` when the size stayed, or `text: nothing smaller`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = self.layer;
        let steps = match self.steps {
            0 => return write!(f, "{name}: nothing smaller"),
            1 => "1 step".to_string(),
            n => format!("{n} steps"),
        };
        if self.from == self.to {
            // Only values moved toward their bounds: the size in words is the same.
            write!(f, "{name}: smaller values in {steps} ({})", self.to)
        } else {
            write!(f, "{name}: {} → {} in {steps}", self.from, self.to)
        }
    }
}

/// The name of the one layer of [`ByMoves`].
pub const MOVES: &str = "moves";

/// The most pairs of edits tried at one local minimum, so a large instance
/// cannot make a single step quadratic without bound.
const MAX_PAIRS: usize = 50_000;

/// The shrinker's progress line, on a terminal only.
struct Progress {
    bar: Option<ProgressBar>,
    began: Instant,
}

impl Progress {
    fn new(best: &str) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new_spinner();
            bar.set_style(ProgressStyle::with_template("{spinner} shrinking: {msg}").expect("valid template"));
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        let progress = Progress {
            bar,
            began: Instant::now(),
        };
        progress.show(0, best);
        progress
    }

    fn show(&self, step: usize, best: &str) {
        if let Some(bar) = &self.bar {
            bar.set_message(format!(
                "step {step}, best {best}, {:.1} s",
                self.began.elapsed().as_secs_f64()
            ));
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Shrinks `start` with `s` until no candidate of any layer fails the same way, or `time` is up.
pub fn shrink<S: Shrink>(s: &S, start: S::Item, time: Duration) -> Shrunk<S::Item> {
    let began = Instant::now();
    let deadline = began + time;
    let over = || Instant::now() >= deadline || cancelled();
    let mut best = start;
    let mut steps = 0;
    let mut cut_short = false;
    let mut runs = Vec::new();
    let progress = Progress::new(&s.size(&best));
    for (l, layer) in s.layers().into_iter().enumerate() {
        let (before, from) = (steps, s.size(&best));
        'fixpoint: loop {
            let mut changed = false;
            for phase in 0..layer.phases {
                let mut level = 0;
                while level < s.levels(l, phase, &best) {
                    if over() {
                        cut_short = true;
                        break 'fixpoint;
                    }
                    let cands = s.candidates(l, phase, level, &best);
                    let hit = first_failing(s, &cands, &best, &over);
                    match hit {
                        // A hit found as the time ran out still fails: keep it. The same level is
                        // tried again on the smaller item, whose level count may not have changed.
                        Some(next) if !cancelled() => {
                            best = next;
                            steps += 1;
                            changed = true;
                            progress.show(steps, &s.size(&best));
                        }
                        _ => level += 1,
                    }
                }
            }
            if changed {
                continue;
            }
            if !layer.pairs || over() {
                break;
            }
            match two_edits(s, l, &layer, &best, &over) {
                Some(next) if !cancelled() => {
                    best = next;
                    steps += 1;
                    progress.show(steps, &s.size(&best));
                }
                _ => break,
            }
        }
        runs.push(LayerRun {
            layer: layer.name,
            steps: steps - before,
            from,
            to: s.size(&best),
        });
        if cut_short {
            break;
        }
    }
    // Candidates declined for lack of time: the fixpoint was not reached.
    cut_short |= over();
    Shrunk {
        best,
        steps,
        elapsed: began.elapsed(),
        cut_short,
        layers: runs,
    }
}

/// The first of `cands`, in order, that still fails; declines every candidate once `over`.
fn first_failing<S: Shrink>(
    s: &S,
    cands: &[S::Candidate],
    best: &S::Item,
    over: &(dyn Fn() -> bool + Sync),
) -> Option<S::Item> {
    parallel::find_first(cands.len(), &|c| {
        if over() {
            return None;
        }
        s.reproduce(&cands[c], best)
            .map(|found| Box::new(found) as parallel::Erased)
    })
    .map(parallel::unbox)
}

/// The first item two edits away from `best` that still fails: for each
/// candidate of the layer in order, its own candidates. One level's
/// candidates exist at a time, each with at most `MAX_PAIRS` over their count
/// second edits.
fn two_edits<S: Shrink>(
    s: &S,
    l: usize,
    layer: &Layer,
    best: &S::Item,
    over: &(dyn Fn() -> bool + Sync),
) -> Option<S::Item> {
    (0..layer.phases)
        .flat_map(|phase| (0..s.levels(l, phase, best)).map(move |level| (phase, level)))
        .find_map(|(phase, level)| {
            if over() {
                return None;
            }
            let firsts = s.candidates(l, phase, level, best);
            let per_first = (MAX_PAIRS / firsts.len().max(1)).max(1);
            parallel::find_first(firsts.len(), &|f| {
                // Building a first's candidates costs O(size) each, thousands of them on a large
                // instance: after the deadline that alone would outlast it by minutes.
                if over() {
                    return None;
                }
                // Each pair costs a run: an external program's pairs can outlast the deadline by hours.
                s.further(&firsts[f])
                    .into_iter()
                    .take(per_first)
                    .find_map(|second| if over() { None } else { s.reproduce(&second, best) })
                    .map(|found| Box::new(found) as parallel::Erased)
            })
            .map(parallel::unbox)
        })
}

/// Shrinking by moves on single cases (a family's: delete a leaf, lower a
/// value): one layer whose first level drops whole cases of the unit, and
/// whose level `1 + k` replaces case `k` by a smaller one; pairs of edits (two
/// moves on one case) at a local minimum.
///
/// Candidates are edits, not units: a unit of a hundred judge-size cases is
/// copied once per candidate tried (one per thread at a time), never once per
/// candidate offered, and only one case's moves exist at a time, each case's
/// bounded by its family (`gen::moves::CANDIDATE_BUDGET`). So shrinking a
/// find of any size runs in memory a few times the find's own.
pub struct ByMoves<'a, S: Subject> {
    pub subject: &'a S,
    pub contender: usize,
    /// Smaller candidates of one case, most promising first.
    pub moves: &'a (dyn Fn(&S::Case) -> Vec<S::Case> + Sync),
}

/// A change to a unit of cases, applied to the best unit when it is tried.
pub enum Edit<C> {
    /// Keep only the cases in this range.
    Keep(std::ops::Range<usize>),
    /// Leave case `k` out.
    Without(usize),
    /// Put this case in place of case `k`.
    Replace(usize, C),
}

impl<C: Clone> Edit<C> {
    /// The unit `unit` becomes.
    pub fn apply(&self, unit: &[C]) -> Vec<C> {
        match self {
            Edit::Keep(range) => unit[range.clone()].to_vec(),
            Edit::Without(k) => unit
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != *k)
                .map(|(_, c)| c.clone())
                .collect(),
            Edit::Replace(k, case) => {
                let mut next = unit.to_vec();
                next[*k] = case.clone();
                next
            }
        }
    }
}

impl<S: Subject> ByMoves<'_, S> {
    /// The edits of level `level` of `unit`, most promising first: level 0
    /// drops cases (each half, then each case), level `1 + k` moves case `k`.
    pub fn edits(&self, unit: &[S::Case], level: usize) -> Vec<Edit<S::Case>> {
        match level {
            0 if unit.len() > 1 => {
                let half = unit.len() / 2;
                [Edit::Keep(half..unit.len()), Edit::Keep(0..half)]
                    .into_iter()
                    .chain((0..unit.len()).map(Edit::Without))
                    .collect()
            }
            0 => vec![],
            _ => {
                let k = level - 1;
                unit.get(k).map_or(vec![], |case| {
                    (self.moves)(case).into_iter().map(|c| Edit::Replace(k, c)).collect()
                })
            }
        }
    }
}

impl<S: Subject> Shrink for ByMoves<'_, S> {
    type Item = Failing<S>;
    type Candidate = Edit<S::Case>;

    fn layers(&self) -> Vec<Layer> {
        vec![Layer {
            name: MOVES,
            phases: 1,
            pairs: true,
        }]
    }

    fn levels(&self, _layer: usize, _phase: usize, best: &Failing<S>) -> usize {
        1 + best.unit.len()
    }

    fn candidates(&self, _layer: usize, _phase: usize, level: usize, best: &Failing<S>) -> Vec<Edit<S::Case>> {
        self.edits(&best.unit, level)
    }

    fn reproduce(&self, e: &Edit<S::Case>, best: &Failing<S>) -> Option<Failing<S>> {
        reproduce(self.subject, self.contender, &e.apply(&best.unit), best.failure.kind)
    }

    /// A second move on the case a first move made.
    fn further(&self, e: &Edit<S::Case>) -> Vec<Edit<S::Case>> {
        match e {
            Edit::Replace(k, case) => (self.moves)(case).into_iter().map(|c| Edit::Replace(*k, c)).collect(),
            Edit::Keep(_) | Edit::Without(_) => vec![],
        }
    }

    fn size(&self, item: &Failing<S>) -> String {
        self.subject.size(&item.unit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layer_says_what_it_did() {
        let run = |steps| LayerRun {
            layer: "gen",
            steps,
            from: "6 cases, 13 tokens".into(),
            to: "1 case, 3 tokens".into(),
        };
        assert_eq!(
            run(6).to_string(),
            "gen: 6 cases, 13 tokens → 1 case, 3 tokens in 6 steps"
        );
        assert_eq!(
            run(1).to_string(),
            "gen: 6 cases, 13 tokens → 1 case, 3 tokens in 1 step"
        );
        assert_eq!(run(0).to_string(), "gen: nothing smaller");
        let same = LayerRun {
            from: "1 case, 3 tokens".into(),
            ..run(2)
        };
        assert_eq!(same.to_string(), "gen: smaller values in 2 steps (1 case, 3 tokens)");
    }
}
