//! What the stress loop ([`crate::run`]) and the shrinker ([`crate::shrink`])
//! need of a problem of any kind: its cases from `(seed, index)`, the oracle's
//! answers, the contenders and how each is judged, and the texts a find is
//! stored as.
//!
//! A built-in problem's cases are typed instances judged in process or as a
//! program's input ([`crate::builtin`]); a problem file's cases are texts its
//! programs make and answer ([`crate::own`]); an interactive game's cases are
//! positions played against the jury ([`crate::interactive`]). The loop, the
//! shrink driver, blame by bisection, `--keep-going`, shards and the FOUND
//! block are written once, over this trait.

use std::time::Duration;

use crate::shrink::Shrunk;
use crate::verdict::{Failure, Judged, Kind};

/// A contender as the loop sees it.
#[derive(Clone, Debug)]
pub struct Contestant {
    /// As entries record it: `fast`, `cmd:./a.out`, `player:first-move`, ...
    pub name: String,
    /// A program: each run costs a process, so a failing batch is bisected
    /// rather than named case by case.
    pub external: bool,
}

pub trait Subject: Sync + 'static {
    type Case: Clone + Send + Sync + 'static;
    type Answer: Clone + Send + Sync + 'static;

    /// Case `index` of `seed`. An error when a program of the problem (a
    /// generator, a validator) fails: the run stops, and nothing is stored.
    fn generate(&self, seed: u64, index: u64) -> Result<Self::Case, String>;

    /// Cases `ids` of `seed`, in order, each as [`Subject::generate`] makes
    /// it; they stop after the first error, or when a signal came. A problem
    /// whose generator makes many cases in one run makes a batch's here.
    fn generate_unit(&self, seed: u64, ids: &[u64]) -> Vec<Result<Self::Case, String>> {
        one_by_one(self, seed, ids)
    }

    /// Called before each round with the case indices it will generate, in
    /// increasing order: an exhaustive run reads them from its enumeration
    /// here. How many of them exist; fewer only where an enumeration ends.
    fn prepare(&self, ids: &[u64]) -> usize {
        ids.len()
    }

    /// The oracle's answer to each case: `None` where it gives up (the case is
    /// skipped, never passed); an error when the oracle program fails, which
    /// stops the run.
    fn answers(&self, unit: &[Self::Case]) -> Result<Vec<Option<Self::Answer>>, String>;

    fn contenders(&self) -> &[Contestant];

    /// Runs contender `c` on `unit` (one input, when it is a program) and
    /// judges it against `expected`.
    fn judge(&self, c: usize, unit: &[Self::Case], expected: &[Self::Answer]) -> Judged;

    /// Cases one input holds: more than one only where a program's start is
    /// worth sharing and the judge's format allows it.
    fn batch(&self) -> usize {
        1
    }

    /// Whether every case costs a program run (a contender, the oracle or a
    /// checker): rounds are then kept small, so the first failure and Ctrl-C
    /// are acted on promptly.
    fn slow(&self) -> bool;

    /// The unit as the judge's input, as an entry stores it.
    fn input(&self, unit: &[Self::Case]) -> String;

    /// The answers in the judge's output format, as an entry stores them.
    fn expected(&self, answers: &[Self::Answer]) -> String;

    /// The unit's size for people: `n=9 m=14`, `3 cases`.
    fn size(&self, unit: &[Self::Case]) -> String;

    /// A move that wins from each case of the unit, or that it is lost, in
    /// words, for the FOUND block; `None` where the problem names no moves.
    fn winning_move(&self, _unit: &[Self::Case]) -> Option<String> {
        None
    }

    /// A smaller failing unit, found within `time`.
    fn shrink(&self, c: usize, start: Failing<Self>, time: Duration) -> Shrunk<Failing<Self>>
    where
        Self: Sized;
}

/// A failing unit, with what the oracle and the contender said about it.
pub struct Failing<S: Subject + ?Sized> {
    pub unit: Vec<S::Case>,
    pub expected: Vec<S::Answer>,
    pub failure: Failure,
}

impl<S: Subject + ?Sized> Clone for Failing<S> {
    fn clone(&self) -> Self {
        Failing {
            unit: self.unit.clone(),
            expected: self.expected.clone(),
            failure: self.failure.clone(),
        }
    }
}

/// Whether `unit` still makes contender `c` fail with a verdict of `kind`: the
/// guard every shrink step passes, so a crash never shrinks into a wrong
/// answer. A run cut short by a signal proves nothing.
pub fn reproduce<S: Subject>(s: &S, c: usize, unit: &[S::Case], kind: Kind) -> Option<Failing<S>> {
    let expected: Vec<S::Answer> = s.answers(unit).ok()?.into_iter().collect::<Option<_>>()?;
    let (_, failure) = s.judge(c, unit, &expected).err()?;
    (failure.kind == kind && !sandbox::signals::cancelled()).then(|| Failing {
        unit: unit.to_vec(),
        expected,
        failure,
    })
}

/// Cases `ids` of `seed` made one [`Subject::generate`] at a time, stopping after the first error
/// or when a signal came: [`Subject::generate_unit`]'s default, and what a subject that batches
/// falls back to.
pub fn one_by_one<S: Subject + ?Sized>(s: &S, seed: u64, ids: &[u64]) -> Vec<Result<S::Case, String>> {
    let mut made = Vec::new();
    for &id in ids {
        if sandbox::signals::cancelled() {
            break;
        }
        let case = s.generate(seed, id);
        let failed = case.is_err();
        made.push(case);
        if failed {
            break;
        }
    }
    made
}
