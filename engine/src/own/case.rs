//! One case of a problem made of programs: its generator parameters, its
//! input (from the generator or the spec), the validation, brute's answer and
//! the judging of one contender. Every program runs as a process under its
//! own time limit; one process per input, since the harness cannot batch
//! cases of a format it does not know.

use std::collections::BTreeMap;
use std::time::Duration;

use anyhow::{anyhow, Result};
use gen::Rng;

use super::file::{self, ProblemFile};
use super::spec::Spec;
use crate::checker::{self, Checker};
use crate::style::clip;
use crate::verdict::{output_of, External, Failure, Kind};
use sandbox::{Exit, Program, Run, RunError};

/// What the generator is run with: one value per `[gen]` key and a seed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Draw {
    pub values: BTreeMap<String, i64>,
    pub seed: u64,
}

/// Seeds given to the generator stay below 2^31, so a C++ generator may read
/// them with `atoi`.
const SEED_SPAN: u64 = 1 << 31;

/// Uniform in `lo..=hi`, over the whole `i64` range.
fn draw_in(rng: &mut Rng, lo: i64, hi: i64) -> i64 {
    let width = hi.wrapping_sub(lo) as u64;
    lo.wrapping_add(rng.range(0, width) as i64)
}

/// The programs of a problem, ready to run.
pub struct Tools {
    pub file: ProblemFile,
    pub brute: Program,
    pub validator: Option<Program>,
    pub spec: Option<Spec>,
    pub checker: Option<Checker>,
    /// The problem file's own solvers, then `--solver-cmd`s.
    pub contenders: Vec<External>,
    pub tool_limit: Duration,
    pub brute_limit: Duration,
}

/// Why an input has no answer to judge against.
pub enum NoAnswer {
    /// Brute ran past its limit: the case is skipped, never passed.
    Slow,
    /// Brute failed: a bug of the oracle, which stops the run.
    Broken(String),
}

impl Tools {
    /// The case's generator parameters, from `(seed, case)` alone.
    pub fn draw(&self, seed: u64, case: u64) -> Draw {
        let mut rng = Rng::for_case(seed, case);
        let seed = rng.below(SEED_SPAN);
        let values = self
            .file
            .ranges
            .iter()
            .map(|(k, r)| (k.clone(), draw_in(&mut rng, r.lo, r.hi)))
            .collect();
        Draw { values, seed }
    }

    /// The generator's command line for `d`.
    pub fn gen_command(&self, d: &Draw) -> Option<String> {
        let gen = self.file.programs.gen.as_ref()?;
        Some(file::substitute(gen, &d.values, d.seed))
    }

    /// The input of `d`: the generator's output, or the spec's when there is no generator.
    pub fn generate(&self, d: &Draw) -> Result<String, String> {
        let Some(cmd) = self.gen_command(d) else {
            let spec = self.spec.as_ref().expect("a problem without gen has a spec");
            return spec.generate(&mut Rng::from_seed(d.seed));
        };
        let program = Program::parse_in(&cmd, &self.file.dir)?;
        let run = run_tool(&program, "", self.tool_limit)?;
        let text = success(&program, &run, self.tool_limit)?;
        if text.trim().is_empty() {
            return Err(format!("the generator `{cmd}` printed nothing"));
        }
        Ok(text)
    }

    /// Whether the validator and the spec (those the problem has) accept `input`;
    /// the error says who refused it and why.
    pub fn validate(&self, input: &str) -> Result<(), String> {
        if let Some(spec) = &self.spec {
            spec.check(input).map_err(|e| format!("the spec rejects it: {e}"))?;
        }
        let Some(validator) = &self.validator else {
            return Ok(());
        };
        let run = run_tool(validator, input, self.tool_limit)?;
        let name = validator.display();
        match run.exit {
            _ if run.timed_out => Err(format!(
                "the validator `{name}` took longer than {} ms",
                self.tool_limit.as_millis()
            )),
            Some(Exit::Success) | Some(Exit::Code(42)) => Ok(()),
            Some(exit) => Err(format!(
                "the validator `{name}` rejects it ({}){}",
                describe(exit),
                words(&run)
            )),
            None => Err(format!("the validator `{name}` gave no exit status")),
        }
    }

    /// Brute's answer to `input`.
    pub fn answer(&self, input: &str) -> Result<String, NoAnswer> {
        let run = run_tool(&self.brute, input, self.brute_limit).map_err(NoAnswer::Broken)?;
        if run.timed_out {
            return Err(NoAnswer::Slow);
        }
        success(&self.brute, &run, self.brute_limit).map_err(NoAnswer::Broken)
    }

    /// Runs `c` on `input` and judges its output against `expected`: by the
    /// checker when there is one, else token by token.
    pub fn judge(&self, c: &External, input: &str, expected: &str) -> Result<(), Failure> {
        let output = output_of(c, input)?;
        match self.verdict(input, &output, expected) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(refusal)) => Err(Failure {
                kind: Kind::Mismatch,
                actual: clip(&output, 4000),
                detail: refusal,
                transcript: None,
            }),
            Err(why) => Err(Failure {
                kind: Kind::CannotRun,
                actual: String::new(),
                detail: format!("{why}\n  no verdict, so nothing was stored: fix the checker and run again"),
                transcript: None,
            }),
        }
    }

    /// `output` on `input` judged against `expected`, by the checker when there
    /// is one, else token by token: accepted, or refused with the reason; the
    /// outer error is a checker that gave no verdict.
    pub fn verdict(&self, input: &str, output: &str, expected: &str) -> Result<Result<(), String>, String> {
        match &self.checker {
            Some(checker) => match checker.judge(input, output, expected) {
                checker::Outcome::Accepted => Ok(Ok(())),
                checker::Outcome::Rejected(why) => Ok(Err(why)),
                checker::Outcome::Failed(why) => Err(why),
            },
            None if output.split_whitespace().eq(expected.split_whitespace()) => Ok(Ok(())),
            None => Ok(Err(first_difference(expected, output))),
        }
    }
}

/// Where two texts' tokens first differ, in words.
fn first_difference(expected: &str, got: &str) -> String {
    let (mut e, mut g) = (expected.split_whitespace(), got.split_whitespace());
    let mut k = 1;
    loop {
        match (e.next(), g.next()) {
            (Some(a), Some(b)) if a == b => k += 1,
            (Some(a), Some(b)) => return format!("token {k}: expected `{}`, found `{}`", clip(a, 60), clip(b, 60)),
            (Some(a), None) => return format!("the output ends at token {k}, where `{}` was expected", clip(a, 60)),
            (None, Some(b)) => return format!("token {k}, `{}`, is one more than expected", clip(b, 60)),
            (None, None) => return String::new(),
        }
    }
}

pub(super) fn run_tool(p: &Program, input: &str, limit: Duration) -> Result<Run, String> {
    match sandbox::run(p, input, limit) {
        Ok(run) => Ok(run),
        Err(RunError::CannotStart(why)) => Err(why),
        Err(RunError::Interrupted) => Err("stopped by a signal".into()),
    }
}

fn describe(exit: Exit) -> String {
    match exit {
        Exit::Success => "exit code 0".into(),
        Exit::Code(c) => format!("exit code {c}"),
        Exit::Signal(s) => format!("killed by signal {s}"),
    }
}

/// The stderr tail (else stdout) of a run, for a message.
fn words(run: &Run) -> String {
    let said = match run.stderr_tail.trim() {
        "" => run.stdout.trim(),
        err => err,
    };
    if said.is_empty() {
        String::new()
    } else {
        format!(": {}", clip(said, 500).replace('\n', "\n    "))
    }
}

/// The stdout of a run that exited cleanly, or what went wrong.
pub(super) fn success(p: &Program, run: &Run, limit: Duration) -> Result<String, String> {
    let name = p.display();
    if run.timed_out {
        return Err(format!(
            "`{name}` took longer than its limit of {} ms",
            limit.as_millis()
        ));
    }
    if run.output_overflow {
        return Err(format!("`{name}` flooded its output"));
    }
    match run.exit {
        // Bytes that are not text would reach the next program changed: refused, never converted.
        Some(Exit::Success) if run.not_utf8.is_some() => Err(format!(
            "`{name}` printed bytes that are not UTF-8 ({}); a problem file's inputs and answers are text",
            crate::verdict::not_text(run.not_utf8.unwrap_or_default(), &run.stdout)
        )),
        Some(Exit::Success) => Ok(run.stdout.clone()),
        Some(exit) => Err(format!("`{name}` failed ({}){}", describe(exit), words(run))),
        None => Err(format!("`{name}` gave no exit status")),
    }
}

/// A usage error naming the case and how to see its input again.
pub fn at_case(file: &ProblemFile, seed: u64, case: u64, why: &str) -> anyhow::Error {
    anyhow!(
        "{}: case {case} of seed {seed}: {why}\n  nothing was stored; to see the input: harness gen --config {} --seed {seed} --case {case}",
        file.programs.name,
        crate::style::shell_word(&file.origin)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_differences_are_located() {
        assert_eq!(first_difference("1 2 3", "1 2 4"), "token 3: expected `3`, found `4`");
        assert!(first_difference("1 2", "1").contains("ends at token 2"));
        assert!(first_difference("1", "1 2").contains("one more"));
    }

    #[test]
    fn draws_cover_their_range_and_the_extremes_of_i64() {
        let mut rng = Rng::for_case(1, 2);
        for _ in 0..100 {
            let v = draw_in(&mut rng, -3, 3);
            assert!((-3..=3).contains(&v));
        }
        draw_in(&mut rng, i64::MIN, i64::MAX);
        assert_eq!(draw_in(&mut rng, 7, 7), 7);
    }
}
