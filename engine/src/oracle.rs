//! Where expected answers come from: brute force by default, a trusted solver
//! (`--reference`) for sizes brute cannot reach, or the user's own program
//! (`--brute-cmd`); and who judges an answer: the problem's check, or the
//! user's testlib-style checker (`--checker`).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Duration;

use brute::{Budget, TooBig};
use gen::judge::Format;

use crate::builtin::problem::{Problem, Rejection, SolverOf};
use crate::checker::{self, Checker};
use crate::quiet::in_solver;
use crate::style::clip;
use sandbox::{Exit, Program, RunError};

pub struct Oracle<P: Problem> {
    /// Brute's `[brute]` options and budget: brute answers, and `check` uses
    /// it on positions derived from an output, whichever oracle answers.
    pub options: P::BruteOptions,
    pub budget: Budget,
    /// A trusted solver that answers instead of brute.
    pub reference: Option<&'static SolverOf<P>>,
    /// The user's program that answers instead of brute.
    pub command: Option<Command>,
    /// The user's checker, judging instead of the problem's check.
    pub checker: Option<Checker>,
}

/// The user's oracle program: reads a judge input, prints the right answers.
pub struct Command {
    pub program: Program,
    /// Its own limit: an oracle may be far slower than the solutions it judges.
    pub limit: Duration,
}

/// Why an answer is not accepted.
#[derive(Debug)]
pub enum Refusal {
    /// The answer is wrong, or in a checker's words wrong or badly presented.
    Wrong(Rejection),
    /// The checker gave no verdict: nothing is known about the answer.
    NoVerdict(String),
}

impl<P: Problem> Oracle<P> {
    pub fn brute(options: P::BruteOptions, budget: Budget) -> Self {
        Oracle {
            options,
            budget,
            reference: None,
            command: None,
            checker: None,
        }
    }

    /// Brute's answer, under this oracle's options and budget.
    pub fn by_brute(&self, i: &P::Instance) -> Result<P::Answer, TooBig> {
        P::brute(i, &self.options, &self.budget)
    }

    /// The right answer, or `None` when brute gives up (the case is skipped)
    /// or the oracle program fails.
    pub fn answer(&self, i: &P::Instance) -> Option<P::Answer> {
        self.answers(std::slice::from_ref(i))?.pop()
    }

    /// Answers for every case of a unit, if the oracle gives them all.
    pub fn answers(&self, unit: &[P::Instance]) -> Option<Vec<P::Answer>> {
        self.answers_each(unit).ok()?.into_iter().collect()
    }

    /// Each case's answer, `None` where brute gives up; an error when the
    /// oracle program fails, which is never a pass: the message says how.
    pub fn answers_each(&self, unit: &[P::Instance]) -> Result<Vec<Option<P::Answer>>, String> {
        if let Some(c) = &self.command {
            return c.answers::<P>(unit).map(|a| a.into_iter().map(Some).collect());
        }
        Ok(unit
            .iter()
            .map(|i| match self.reference {
                None => self.by_brute(i).ok(),
                Some(s) => in_solver(|| catch_unwind(AssertUnwindSafe(|| (s.run)(i))).ok()),
            })
            .collect())
    }

    /// Judges `got` against `expected` with the problem's check.
    pub fn check(&self, i: &P::Instance, expected: &P::Answer, got: &P::Answer) -> Result<(), Rejection> {
        P::check(i, expected, got, &|j| self.by_brute(j))
    }

    /// Judges `got` with the user's checker if there is one, else with the problem's check.
    pub fn judge(&self, i: &P::Instance, expected: &P::Answer, got: &P::Answer) -> Result<(), Refusal> {
        let Some(checker) = &self.checker else {
            return self.check(i, expected, got).map_err(Refusal::Wrong);
        };
        let input = P::Judge::write_input(std::slice::from_ref(i));
        let output = P::Judge::write_output(std::slice::from_ref(got));
        let answer = P::Judge::write_output(std::slice::from_ref(expected));
        match checker.judge(&input, &output, &answer) {
            checker::Outcome::Accepted => Ok(()),
            checker::Outcome::Rejected(why) => Err(Refusal::Wrong(Rejection::Because(why))),
            checker::Outcome::Failed(why) | checker::Outcome::TimedOut(why) => Err(Refusal::NoVerdict(why)),
        }
    }

    /// With the user's checker, judges a program's whole output for a unit as
    /// the program printed it: the checker, not the built-in parser, decides
    /// what it accepts (`alice` for `Alice` is its call). `None` without a checker.
    pub fn judge_text(
        &self,
        unit: &[P::Instance],
        output: &str,
        expected: &[P::Answer],
    ) -> Option<Result<(), Refusal>> {
        let checker = self.checker.as_ref()?;
        let input = P::Judge::write_input(unit);
        let answer = P::Judge::write_output(expected);
        Some(match checker.judge(&input, output, &answer) {
            checker::Outcome::Accepted => Ok(()),
            checker::Outcome::Rejected(why) => Err(Refusal::Wrong(Rejection::Because(why))),
            checker::Outcome::Failed(why) | checker::Outcome::TimedOut(why) => Err(Refusal::NoVerdict(why)),
        })
    }

    /// `brute`, `reference:NAME` or `cmd:CMD`: how a corpus entry records its oracle.
    pub fn name(&self) -> String {
        match (&self.command, self.reference) {
            (Some(c), _) => format!("cmd:{}", c.program.display()),
            (None, Some(s)) => format!("reference:{}", s.name),
            (None, None) => "brute".into(),
        }
    }
}

impl Command {
    /// One run on the whole unit; any failure to answer every case is an error.
    fn answers<P: Problem>(&self, unit: &[P::Instance]) -> Result<Vec<P::Answer>, String> {
        let name = self.program.display();
        let input = P::Judge::write_input(unit);
        let run = match sandbox::run(&self.program, &input, self.limit) {
            Ok(run) => run,
            Err(RunError::CannotStart(why)) => return Err(why),
            Err(RunError::Interrupted) => return Err("stopped by a signal".into()),
        };
        let stderr = match run.stderr_tail.trim() {
            "" => String::new(),
            tail => format!("\n  stderr (tail): {}", tail.replace('\n', "\n  ")),
        };
        let how = if run.timed_out {
            format!(
                "took longer than its limit of {} ms (raise --brute-time-limit-ms)",
                self.limit.as_millis()
            )
        } else {
            match run.exit {
                Some(Exit::Success) if !run.output_overflow && run.not_utf8.is_some() => {
                    crate::verdict::not_text(run.not_utf8.unwrap_or_default(), &run.stdout)
                }
                Some(Exit::Success) if !run.output_overflow => {
                    return P::Judge::read_output(unit, &run.stdout).map_err(|e| {
                        format!(
                            "the oracle `{name}` printed an answer that is not in the judge's format: {e}\n  its output: {}",
                            clip(run.stdout.trim(), 300)
                        )
                    })
                }
                Some(Exit::Success) => "flooded its output".into(),
                Some(Exit::Code(c)) => format!("exited with code {c}"),
                Some(Exit::Signal(s)) => format!("was killed by signal {s}"),
                None => "gave no exit status".into(),
            }
        };
        Err(format!("the oracle `{name}` {how}{stderr}"))
    }
}
