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

use std::time::{Duration, Instant};

use gen::Family;

use crate::cancel::cancelled;
use crate::oracle::Oracle;
use crate::parallel;
use crate::problem::Problem;
use crate::verdict::{Contender, Failure, Kind};

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

/// Smaller units, most promising first.
fn candidates<P: Problem>(params: &P::Params, unit: &[P::Instance]) -> Vec<Vec<P::Instance>> {
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

/// The first unit two edits away from the current one that still fails.
fn two_edits<P: Problem>(
    params: &P::Params,
    contender: &Contender<P>,
    firsts: &[Vec<P::Instance>],
    kind: Kind,
    oracle: &Oracle<P>,
    deadline: Instant,
) -> Option<Failing<P>> {
    let per_first = (MAX_PAIRS / firsts.len().max(1)).max(1);
    parallel::find_first(firsts.len(), &|f| {
        // Each pair costs a run: an external program's pairs can outlast the deadline by hours.
        candidates::<P>(params, &firsts[f])
            .into_iter()
            .take(per_first)
            .take_while(|_| Instant::now() < deadline && !cancelled())
            .find_map(|second| reproduce(contender, &second, kind, oracle))
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
    let kind = start.failure.kind;
    let mut best = start;
    let mut steps = 0;
    let mut cut_short = false;
    loop {
        if began.elapsed() > time || cancelled() {
            cut_short = true;
            break;
        }
        let cands = candidates::<P>(params, &best.unit);
        let hit = parallel::find_first(cands.len(), &|c| {
            reproduce(contender, &cands[c], kind, oracle).map(|found| Box::new(found) as parallel::Erased)
        })
        .map(parallel::unbox)
        .or_else(|| two_edits(params, contender, &cands, kind, oracle, began + time));
        match hit {
            Some(next) if !cancelled() => {
                best = next;
                steps += 1;
            }
            _ => break,
        }
    }
    Shrunk {
        best,
        steps,
        elapsed: began.elapsed(),
        cut_short,
    }
}
