//! Where expected answers come from: brute force by default, or a trusted
//! solver (`--reference`) for sizes brute cannot reach, such as checking a fast
//! algorithm against a plain one on thousands of vertices.

use std::panic::{catch_unwind, AssertUnwindSafe};

use brute::Budget;

use crate::problem::{Problem, SolverOf};

pub enum Oracle<P: Problem> {
    Brute(Budget),
    Solver(&'static SolverOf<P>),
}

impl<P: Problem> Oracle<P> {
    /// The right answer, or `None` when brute gives up (the case is skipped).
    pub fn answer(&self, i: &P::Instance) -> Option<P::Answer> {
        match self {
            Oracle::Brute(budget) => P::brute(i, budget).ok(),
            Oracle::Solver(s) => crate::verdict::in_solver(|| catch_unwind(AssertUnwindSafe(|| (s.run)(i))).ok()),
        }
    }

    /// Answers for every case of a unit, if the oracle gives them all.
    pub fn answers(&self, unit: &[P::Instance]) -> Option<Vec<P::Answer>> {
        unit.iter().map(|i| self.answer(i)).collect()
    }

    pub fn name(&self) -> String {
        match self {
            Oracle::Brute(_) => "brute".into(),
            Oracle::Solver(s) => format!("reference `{}`", s.name),
        }
    }
}
