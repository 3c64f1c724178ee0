//! Where expected answers come from: brute force by default, or a trusted
//! solver (`--reference`) for sizes brute cannot reach, such as checking a fast
//! algorithm against a plain one on thousands of vertices.

use std::panic::{catch_unwind, AssertUnwindSafe};

use brute::{Budget, TooBig};

use crate::problem::{Problem, Rejection, SolverOf};

pub struct Oracle<P: Problem> {
    /// Brute's `[brute]` options and budget: brute answers, and `check` uses
    /// it on positions derived from an output, whichever oracle answers.
    pub options: P::BruteOptions,
    pub budget: Budget,
    /// A trusted solver that answers instead of brute.
    pub reference: Option<&'static SolverOf<P>>,
}

impl<P: Problem> Oracle<P> {
    pub fn brute(options: P::BruteOptions, budget: Budget) -> Self {
        Oracle {
            options,
            budget,
            reference: None,
        }
    }

    /// Brute's answer, under this oracle's options and budget.
    pub fn by_brute(&self, i: &P::Instance) -> Result<P::Answer, TooBig> {
        P::brute(i, &self.options, &self.budget)
    }

    /// The right answer, or `None` when brute gives up (the case is skipped).
    pub fn answer(&self, i: &P::Instance) -> Option<P::Answer> {
        match self.reference {
            None => self.by_brute(i).ok(),
            Some(s) => crate::verdict::in_solver(|| catch_unwind(AssertUnwindSafe(|| (s.run)(i))).ok()),
        }
    }

    /// Answers for every case of a unit, if the oracle gives them all.
    pub fn answers(&self, unit: &[P::Instance]) -> Option<Vec<P::Answer>> {
        unit.iter().map(|i| self.answer(i)).collect()
    }

    /// Judges `got` against `expected` with the problem's check.
    pub fn check(&self, i: &P::Instance, expected: &P::Answer, got: &P::Answer) -> Result<(), Rejection> {
        P::check(i, expected, got, &|j| self.by_brute(j))
    }

    /// `brute`, or `reference:NAME`: how a corpus entry records its oracle.
    pub fn name(&self) -> String {
        match self.reference {
            None => "brute".into(),
            Some(s) => format!("reference:{}", s.name),
        }
    }
}
