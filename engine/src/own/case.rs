//! One case of a problem made of programs: its generator parameters, its
//! input (from the generator or the spec), the validation, brute's answer and
//! the judging of one contender. Every program runs as a process under its
//! own time limit, one process per input; [`super::batch`] runs many cases'
//! inputs as one where the spec and `output_per_case` allow it.

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
    /// The oracle: brute, `--brute-cmd`, `--reference` or the file's `reference`.
    pub brute: Program,
    /// The oracle as entries record it: `brute`, `cmd:CMD`, `reference:CMD`.
    pub oracle: String,
    pub validator: Option<Program>,
    pub spec: Option<Spec>,
    pub checker: Option<Checker>,
    /// The problem file's own solvers, then `--solver-cmd`s.
    pub contenders: Vec<External>,
    pub tool_limit: Duration,
    pub brute_limit: Duration,
}

/// Why a tool of the problem (the generator, the validator, the checker) gave
/// no result.
#[derive(Debug)]
pub enum ToolError {
    /// It ran past its limit, and again past twice that: on a loaded machine a
    /// case is skipped for it, never passed; the message names the key to raise.
    Slow(String),
    /// It failed otherwise: a bug of the tool, which stops the run.
    Failed(String),
}

impl std::fmt::Display for ToolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ToolError::Slow(why) | ToolError::Failed(why) => f.write_str(why),
        }
    }
}

impl From<String> for ToolError {
    fn from(why: String) -> Self {
        ToolError::Failed(why)
    }
}

impl From<ToolError> for String {
    fn from(e: ToolError) -> Self {
        e.to_string()
    }
}

/// What a tool that ran past its limit twice is told, naming the key that sets the limit.
pub fn too_slow(what: &str, limit: Duration) -> ToolError {
    ToolError::Slow(format!(
        "{what} took longer than its limit of {} ms, and again when run once more with {} ms; if it needs \
         longer, raise `tool_time_limit_ms` in [problem] (the limit of the generator, validator and checker)",
        limit.as_millis(),
        2 * limit.as_millis()
    ))
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
    pub fn generate(&self, d: &Draw) -> Result<String, ToolError> {
        let Some(cmd) = self.gen_command(d) else {
            let spec = self.spec.as_ref().expect("a problem without gen has a spec");
            return Ok(spec.generate(&mut Rng::from_seed(d.seed))?);
        };
        let program = Program::parse_in(&cmd, &self.file.dir)?;
        let (run, limit) = self.run_retried(&program, "", &format!("the generator `{cmd}`"))?;
        let text = success(&program, &run, limit)?;
        if text.trim().is_empty() {
            return Err(format!("the generator `{cmd}` printed nothing").into());
        }
        Ok(text)
    }

    /// Whether the validator and the spec (those the problem has) accept `input`;
    /// the error says who refused it and why.
    pub fn validate(&self, input: &str) -> Result<(), ToolError> {
        self.check_spec(input)?;
        self.run_validator(input)
    }

    /// Whether the spec, when there is one, accepts `input`.
    pub fn check_spec(&self, input: &str) -> Result<(), ToolError> {
        if let Some(spec) = &self.spec {
            spec.check(input).map_err(|e| format!("the spec rejects it: {e}"))?;
        }
        Ok(())
    }

    /// Whether the validator, when there is one, accepts `input`.
    pub fn run_validator(&self, input: &str) -> Result<(), ToolError> {
        let Some(validator) = &self.validator else {
            return Ok(());
        };
        let name = validator.display();
        let (run, _) = self.run_retried(validator, input, &format!("the validator `{name}`"))?;
        match run.exit {
            Some(Exit::Success) | Some(Exit::Code(42)) => Ok(()),
            Some(exit) => Err(format!("the validator `{name}` rejects it ({}){}", describe(exit), words(&run)).into()),
            None => Err(format!("the validator `{name}` gave no exit status").into()),
        }
    }

    /// Runs a tool under its limit and, when it runs past it, once more under
    /// twice the limit (a loaded machine slows a quick tool now and then): the
    /// run that finished, and the limit it ran under.
    pub(super) fn run_retried(&self, p: &Program, input: &str, what: &str) -> Result<(Run, Duration), ToolError> {
        let first = run_tool(p, input, self.tool_limit)?;
        if !first.timed_out || sandbox::signals::cancelled() {
            return Ok((first, self.tool_limit));
        }
        let again = run_tool(p, input, 2 * self.tool_limit)?;
        if again.timed_out {
            return Err(too_slow(what, self.tool_limit));
        }
        Ok((again, 2 * self.tool_limit))
    }

    /// The oracle's answer to `input`.
    pub fn answer(&self, input: &str) -> Result<String, NoAnswer> {
        self.answer_by(&self.brute, input)
    }

    /// `oracle`'s answer to `input`, under brute's limit.
    pub fn answer_by(&self, oracle: &Program, input: &str) -> Result<String, NoAnswer> {
        let run = run_tool(oracle, input, self.brute_limit).map_err(NoAnswer::Broken)?;
        if run.timed_out {
            return Err(NoAnswer::Slow);
        }
        success(oracle, &run, self.brute_limit).map_err(NoAnswer::Broken)
    }

    /// Runs `c` on `input` and judges its output against `expected`: by the
    /// checker when there is one, else token by token. A checker slow twice
    /// gives no verdict, a failure of kind `Cancelled` that is never stored.
    pub fn judge(&self, c: &External, input: &str, expected: &str) -> Result<(), Failure> {
        let output = output_of(c, input)?;
        self.judge_output(input, &output, expected)
    }

    /// A contender's `output` on `input` judged against `expected`, as [`Tools::judge`] judges it.
    pub fn judge_output(&self, input: &str, output: &str, expected: &str) -> Result<(), Failure> {
        let failure = |kind, actual, detail| Failure {
            kind,
            actual,
            detail,
            transcript: None,
        };
        match self.verdict(input, output, expected) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(refusal)) => Err(failure(Kind::Mismatch, clip(output, 4000), refusal)),
            Err(ToolError::Slow(why)) => Err(failure(Kind::Cancelled, String::new(), why)),
            Err(ToolError::Failed(why)) => Err(failure(
                Kind::CannotRun,
                String::new(),
                format!("{why}\n  no verdict, so nothing was stored: fix the checker and run again"),
            )),
        }
    }

    /// Whether the checker accepts the `outputs` of the cases merged as `input`, in one run:
    /// one run instead of one per case when it does. A judge's checker of a problem of `T`
    /// cases reads them all, so one that accepts the cases together accepts each alone; any
    /// other outcome (a refusal, a slow or failed checker, no checker) says nothing, and each
    /// case is judged alone.
    pub fn accepts_together(&self, input: &str, outputs: &[String], expected: &[String]) -> bool {
        let Some(checker) = &self.checker else {
            return false;
        };
        let joined = |parts: &[String]| -> String {
            parts
                .iter()
                .map(|p| {
                    if p.ends_with(char::is_whitespace) {
                        p.clone()
                    } else {
                        format!("{p}\n")
                    }
                })
                .collect()
        };
        matches!(
            checker.judge(input, &joined(outputs), &joined(expected)),
            checker::Outcome::Accepted
        )
    }

    /// `output` on `input` judged against `expected`, by the checker when there
    /// is one, else token by token: accepted, or refused with the reason; the
    /// outer error is a checker that gave no verdict (slow twice, or failed).
    pub fn verdict(&self, input: &str, output: &str, expected: &str) -> Result<Result<(), String>, ToolError> {
        let Some(checker) = &self.checker else {
            let same = output.split_whitespace().eq(expected.split_whitespace());
            return Ok(if same {
                Ok(())
            } else {
                Err(first_difference(expected, output))
            });
        };
        let mut outcome = checker.judge(input, output, expected);
        if matches!(outcome, checker::Outcome::TimedOut(_)) && !sandbox::signals::cancelled() {
            outcome = checker.judge_within(input, output, expected, 2 * checker.limit);
        }
        match outcome {
            checker::Outcome::Accepted => Ok(Ok(())),
            checker::Outcome::Rejected(why) => Ok(Err(why)),
            checker::Outcome::TimedOut(_) => Err(too_slow(
                &format!("the checker `{}`", checker.program.display()),
                checker.limit,
            )),
            checker::Outcome::Failed(why) => Err(ToolError::Failed(why)),
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
pub fn at_case(file: &ProblemFile, seed: u64, case: u64, why: &dyn std::fmt::Display) -> anyhow::Error {
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
