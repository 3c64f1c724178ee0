//! Greedy shrinking to a fixpoint, in the manner of proptest's `simplify`:
//! try every candidate edit in order, keep the first that still fails the same
//! way, repeat until none does.
//!
//! Single edits can get stuck where a failure needs two changes at once (three
//! loops, where removing one leaves an even count); at such a local minimum the
//! shrinker tries pairs of edits before it gives up, like Hypothesis's
//! adaptive passes.
//!
//! A unit may hold several test cases (a batch that fails only as a batch):
//! candidates first drop whole cases, then shrink one case at a time.
//!
//! The time limit is a bound: the deadline is checked before every candidate,
//! so a shrink ends at most one program run (per thread) after it. On a
//! terminal a line shows the step, the size being tried, the best so far and
//! the time spent.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use gen::Family;
use indicatif::{ProgressBar, ProgressStyle};

use crate::builtin::problem::Problem;
use crate::oracle::Oracle;
use crate::parallel;
use crate::verdict::{Contender, Failure, Kind};
use sandbox::signals::cancelled;

/// A failing unit together with what brute and the contender said about it.
#[derive(Clone)]
pub struct Failing<P: Problem> {
    pub unit: Vec<P::Instance>,
    pub expected: Vec<P::Answer>,
    pub failure: Failure,
}

pub struct Shrunk<P: Problem> {
    pub best: Failing<P>,
    pub steps: usize,
    pub elapsed: Duration,
    /// The deadline or Ctrl-C stopped it before the fixpoint.
    pub cut_short: bool,
}

/// Does `unit` still fail with the same kind of verdict?
pub fn reproduce<P: Problem>(
    contender: &Contender<P>,
    unit: &[P::Instance],
    kind: Kind,
    oracle: &Oracle<P>,
) -> Option<Failing<P>> {
    let expected = oracle.answers(unit)?;
    let (_, failure) = contender.judge(unit, &expected, oracle).err()?;
    // A run cut down by Ctrl-C proves nothing.
    (failure.kind == kind && !cancelled()).then(|| Failing {
        unit: unit.to_vec(),
        expected,
        failure,
    })
}

/// A unit's size for people: one case's own measure, else the case count.
pub fn size_of<P: Problem>(unit: &[P::Instance]) -> String {
    match unit {
        [one] => P::size(one),
        many => format!("{} cases", many.len()),
    }
}

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
        progress.show(0, best, best);
        progress
    }

    fn show(&self, step: usize, trying: &str, best: &str) {
        if let Some(bar) = &self.bar {
            bar.set_message(format!(
                "step {step}, trying {trying}, best {best}, {:.1} s",
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

/// Smaller units, most promising first.
pub fn candidates<P: Problem>(params: &P::Params, unit: &[P::Instance]) -> Vec<Vec<P::Instance>> {
    let mut out = Vec::new();
    if unit.len() > 1 {
        out.push(unit[unit.len() / 2..].to_vec());
        out.push(unit[..unit.len() / 2].to_vec());
        for skip in 0..unit.len() {
            out.push(
                unit.iter()
                    .enumerate()
                    .filter(|&(k, _)| k != skip)
                    .map(|(_, c)| c.clone())
                    .collect(),
            );
        }
    }
    for (k, case) in unit.iter().enumerate() {
        for smaller in params.shrink(case) {
            let mut next = unit.to_vec();
            next[k] = smaller;
            out.push(next);
        }
    }
    out
}

/// The most pairs of edits tried at one local minimum, so a large instance
/// cannot make a single step quadratic without bound.
const MAX_PAIRS: usize = 50_000;

/// Runs one candidate unit, or declines (`None`) once the time is up.
type TryOne<'a, P> = dyn Fn(&[<P as Problem>::Instance]) -> Option<Failing<P>> + Sync + 'a;

/// The first unit two edits away from the current one that still fails;
/// `try_one` runs one candidate, or declines once the time is up (`over`).
fn two_edits<P: Problem>(
    params: &P::Params,
    firsts: &[Vec<P::Instance>],
    try_one: &TryOne<P>,
    over: &(dyn Fn() -> bool + Sync),
) -> Option<Failing<P>> {
    let per_first = (MAX_PAIRS / firsts.len().max(1)).max(1);
    parallel::find_first(firsts.len(), &|f| {
        // Building a first's candidates costs O(size) each, thousands of them on a large
        // instance: after the deadline that alone would outlast it by minutes.
        if over() {
            return None;
        }
        // Each pair costs a run: an external program's pairs can outlast the deadline by hours.
        candidates::<P>(params, &firsts[f])
            .into_iter()
            .take(per_first)
            .find_map(|second| try_one(&second))
            .map(|found| Box::new(found) as parallel::Erased)
    })
    .map(parallel::unbox)
}

pub fn shrink<P: Problem>(
    params: &P::Params,
    contender: &Contender<P>,
    start: Failing<P>,
    oracle: &Oracle<P>,
    time: Duration,
) -> Shrunk<P> {
    let began = Instant::now();
    let deadline = began + time;
    let over = || Instant::now() >= deadline || cancelled();
    let kind = start.failure.kind;
    let mut best = start;
    let mut steps = 0;
    let progress = Progress::new(&size_of::<P>(&best.unit));
    loop {
        if over() {
            break;
        }
        let best_size = size_of::<P>(&best.unit);
        let try_one = |unit: &[P::Instance]| {
            if over() {
                return None;
            }
            progress.show(steps, &size_of::<P>(unit), &best_size);
            reproduce(contender, unit, kind, oracle)
        };
        let cands = candidates::<P>(params, &best.unit);
        let hit = parallel::find_first(cands.len(), &|c| {
            try_one(&cands[c]).map(|found| Box::new(found) as parallel::Erased)
        })
        .map(parallel::unbox)
        .or_else(|| two_edits(params, &cands, &try_one, &over));
        // A hit found as the time ran out still fails: keep it.
        match hit {
            Some(next) if !cancelled() => {
                best = next;
                steps += 1;
            }
            _ => break,
        }
    }
    // Candidates declined for lack of time: the fixpoint was not reached.
    let cut_short = over();
    Shrunk {
        best,
        steps,
        elapsed: began.elapsed(),
        cut_short,
    }
}
