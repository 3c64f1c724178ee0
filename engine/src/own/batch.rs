//! Many cases of a problem file in one run of each program, as built-in
//! problems batch theirs: when the spec reads a count and then that many
//! cases ([`super::spec::batch`]) and the file says what each case answers
//! (`output_per_case`: one line, or a fixed number of tokens), the inputs of
//! a batch of cases merge into one; brute and each solution run once on it,
//! and their outputs are cut back into one answer per case, each judged as
//! an unbatched run judges it.
//!
//! Idea: every shortcut falls back to the unbatched path where it cannot
//! vouch for the same result, so a batched run keeps an unbatched run's
//! cases, finds and corpus:
//! - the generator makes a batch in one run when the file gives `gen_batch`
//!   (one line per case on stdin, the values `gen` would substitute, in the
//!   order of its placeholders; the inputs printed back to back, told apart
//!   by the spec); the run's first cases are made by `gen` alone too, and
//!   must be the same. Past its limit, the batch is made case by case;
//! - the validator checks the batch's inputs in one run when the file gives
//!   `validator_batch` (the inputs back to back on stdin), else merged, as
//!   many at a time as the spec's count allows (a validator that accepts
//!   cases together accepts each alone); inputs it refuses are validated
//!   case by case, so the refusal names its case as unbatched;
//! - brute's output that is not one answer per case (a crash, a timeout, too
//!   few lines) gives way to brute on each case alone;
//! - a solution's crash or timeout on a batch is bisected by the engine
//!   ([`crate::run`]'s `locate`) down to the case that fails alone; a batch
//!   whose merged count passes the spec's bound on it is first judged again
//!   in parts within the bound (a program sized to the bound fails on it and
//!   on no case); an output that cannot be cut into one answer per case is
//!   judged case by case;
//! - a checker judges the batch's outputs in one run, the inputs merged: a
//!   judge's checker reads all `T` cases, so accepting them together is
//!   accepting each; anything but an acceptance judges each case alone, so a
//!   refusal names its case and reason as unbatched.
//!
//! Complexity: a batch of `b` cases costs one run of brute and of each
//! solution, one generator run with `gen_batch`, one validator run with
//! `validator_batch` (else one per merged input) and one checker run per
//! solution where it accepts, instead of `b` of each.
//!
//! Reference: the multi-test inputs of ICPC problems; `harness --batch` for
//! built-in problems.

use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{anyhow, bail, Result};

use super::case::{Draw, NoAnswer, ToolError, Tools};
use super::file::ProblemFile;
use super::spec::batch::{count_of, merge};
use super::spec::{OuterCount, Spec};
use crate::verdict::{output_of, Failure};

/// Cases per run when the file declares `output_per_case` and `--batch` is not given.
pub const DEFAULT_BATCH: usize = 100;

/// What one case of the spec's count answers, as `output_per_case` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerCase {
    /// One line.
    Line,
    /// This many tokens, on any lines.
    Tokens(usize),
}

impl PerCase {
    /// `"line"`, `"1 token"` or `"N tokens"`.
    pub fn parse(text: &str) -> Result<PerCase, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["line"] => Ok(PerCase::Line),
            [n, "token" | "tokens"] => match n.parse::<usize>() {
                Ok(n) if n > 0 => Ok(PerCase::Tokens(n)),
                _ => Err(format!("`{n}` is no number of tokens: give a positive integer")),
            },
            _ => Err(format!(
                "`{text}` says no output shape: give \"line\" (each case answers one line) or \"N tokens\""
            )),
        }
    }
}

/// A stress run's batching.
pub struct Batch {
    pub per_case: PerCase,
    pub outer: OuterCount,
    /// Cases per run.
    pub size: usize,
    /// A merged brute run went past brute's limit: brute answers case by case
    /// from then on (its answers are the same, and a batch would only wait).
    brute_alone: AtomicBool,
}

impl Batch {
    pub fn new(per_case: PerCase, outer: OuterCount, size: usize) -> Batch {
        Batch {
            per_case,
            outer,
            size,
            brute_alone: AtomicBool::new(false),
        }
    }
}

/// The spec's outer count, which `output_per_case` needs; an error naming
/// the key and what the spec lacks when it has none.
pub fn outer_count(file: &ProblemFile, spec: Option<&Spec>) -> Result<OuterCount> {
    let origin = &file.origin;
    let Some(spec) = spec else {
        bail!(
            "{origin}: [problem] `output_per_case` packs many cases into one input, which takes a `spec` that \
             reads a count and then that many cases: give one (see examples/euclid), or leave \
             `output_per_case` out"
        );
    };
    spec.outer_count().map_err(|why| {
        anyhow!(
            "{origin}: [problem] `output_per_case`: {why}\n  leave `output_per_case` out to run one case per \
             run, or pass --batch 1"
        )
    })
}

/// A stress run's batching: `--batch` cases per run (default [`DEFAULT_BATCH`])
/// when the file declares `output_per_case`; none for `--batch 1`.
pub fn of(tools: &Tools, asked: Option<usize>) -> Result<Option<Batch>> {
    let file = &tools.file;
    if asked == Some(0) {
        bail!("--batch 0: give at least 1 case per run (1 runs each case alone)");
    }
    let Some(per_case) = file.per_case else {
        if asked.is_some_and(|n| n > 1) {
            bail!(
                "--batch packs many cases into one run of each program, which needs [problem] \
                 `output_per_case` in {}: what each case of the spec's count answers (\"line\", or \"N tokens\")",
                file.origin
            );
        }
        return Ok(None);
    };
    let size = asked.unwrap_or(DEFAULT_BATCH);
    if size == 1 {
        return Ok(None);
    }
    let outer = outer_count(file, tools.spec.as_ref())?;
    Ok(Some(Batch::new(per_case, outer, size)))
}

/// `output` cut into one answer per case, the `k`-th answering `counts[k]`
/// cases of the spec's count, each a slice of the output as printed (so an
/// answer alone is what the program prints for that case alone); `None`
/// when the output holds another number of lines or tokens. Blank lines at
/// its end do not count.
pub fn split_output<'o>(per_case: PerCase, counts: &[usize], output: &'o str) -> Option<Vec<&'o str>> {
    let (starts, per) = match per_case {
        PerCase::Line => {
            let body = output.trim_end_matches(['\n', '\r', ' ', '\t']);
            let mut starts = vec![0];
            starts.extend(body.match_indices('\n').map(|(i, _)| i + 1));
            (if body.is_empty() { vec![] } else { starts }, 1)
        }
        PerCase::Tokens(n) => {
            let starts: Vec<usize> = output
                .char_indices()
                .filter(|&(i, c)| !c.is_whitespace() && (i == 0 || output[..i].ends_with(char::is_whitespace)))
                .map(|(i, _)| i)
                .collect();
            (starts, n)
        }
    };
    let units: Vec<usize> = counts.iter().map(|c| c * per).collect();
    if units.iter().sum::<usize>() != starts.len() {
        return None;
    }
    let mut answers = Vec::with_capacity(counts.len());
    let mut first = 0;
    for (k, n) in units.iter().enumerate() {
        let from = if k == 0 {
            0
        } else {
            starts.get(first).copied().unwrap_or(output.len())
        };
        first += n;
        let to = if k + 1 == units.len() {
            output.len()
        } else {
            starts.get(first).copied().unwrap_or(output.len())
        };
        answers.push(&output[from..to]);
    }
    Some(answers)
}

impl Tools {
    /// The inputs of `draws` from one run of `gen_batch`: `None` when it went
    /// past its limit twice (the batch is then made case by case); an error
    /// when it failed or printed other inputs than it was asked for.
    pub fn generate_batch(&self, cmd: &str, draws: &[Draw]) -> Result<Option<Vec<String>>, ToolError> {
        let spec = self.spec.as_ref().expect("batching is only on with a spec");
        let gen = self.file.programs.gen.as_deref().unwrap_or_default();
        let names = super::file::placeholders(gen).unwrap_or_default();
        let lines: String = draws
            .iter()
            .map(|d| {
                let values: Vec<String> = names
                    .iter()
                    .map(|k| match k.as_str() {
                        "seed" => d.seed.to_string(),
                        k => d.values[k].to_string(),
                    })
                    .collect();
                values.join(" ") + "\n"
            })
            .collect();
        let program = sandbox::Program::parse_in(cmd, &self.file.dir)?;
        let what = format!("the generator's batch command `{cmd}`");
        let (run, limit) = match self.run_retried(&program, &lines, &what) {
            Ok(done) => done,
            Err(ToolError::Slow(_)) => return Ok(None),
            Err(e) => return Err(e),
        };
        let text = super::case::success(&program, &run, limit)?;
        let inputs = spec
            .split_inputs(&text)
            .map_err(|why| format!("{what} printed what the spec does not read as inputs one after another: {why}"))?;
        if inputs.len() != draws.len() {
            return Err(format!(
                "{what} printed {} inputs for the {} lines it read: it must print one input per line, in order",
                inputs.len(),
                draws.len()
            )
            .into());
        }
        Ok(Some(inputs.into_iter().map(str::to_string).collect()))
    }

    /// Which of `inputs` (each accepted by the spec) the validator accepts
    /// merged with others, at most `most` of the spec's count at a time: `true`
    /// for those; the others are to be validated alone.
    pub fn validated_together(&self, inputs: &[Option<&str>], most: Option<i64>) -> Vec<bool> {
        let mut accepted = vec![false; inputs.len()];
        if self.validator.is_none() {
            return accepted;
        }
        if let Some(cmd) = &self.file.programs.validator_batch {
            let all: String = inputs.iter().flatten().copied().collect();
            if matches!(self.run_batch_validator(cmd, &all), Ok(true)) {
                for (ok, input) in accepted.iter_mut().zip(inputs) {
                    *ok = input.is_some();
                }
            }
            return accepted;
        }
        let most = most.map_or(usize::MAX, |m| usize::try_from(m).unwrap_or(0));
        let mut chunk: Vec<usize> = Vec::new();
        let mut total = 0;
        let mut flush = |chunk: &mut Vec<usize>| {
            if chunk.len() > 1 {
                let merged = merge(chunk.iter().map(|&k| inputs[k].unwrap_or_default()));
                if matches!(self.run_validator(&merged), Ok(())) {
                    for &k in chunk.iter() {
                        accepted[k] = true;
                    }
                }
            }
            chunk.clear();
        };
        for (k, input) in inputs.iter().enumerate() {
            let Some(input) = input else {
                flush(&mut chunk);
                total = 0;
                continue;
            };
            let count = count_of(input);
            if total + count > most {
                flush(&mut chunk);
                total = 0;
            }
            chunk.push(k);
            total += count;
        }
        flush(&mut chunk);
        accepted
    }

    /// Whether `validator_batch` accepts `inputs`, back to back, in one run
    /// (exit 0 or 42); a refusal, a failure or a slow run leaves each input to
    /// the validator alone, which names the one refused.
    fn run_batch_validator(&self, cmd: &str, inputs: &str) -> Result<bool, ToolError> {
        let program = sandbox::Program::parse_in(cmd, &self.file.dir)?;
        let what = format!("the validator's batch command `{cmd}`");
        let (run, _) = self.run_retried(&program, inputs, &what)?;
        Ok(matches!(
            run.exit,
            Some(sandbox::Exit::Success) | Some(sandbox::Exit::Code(42))
        ))
    }

    /// Brute's answers to `inputs` from one run on them merged, when its output
    /// is one answer per case; `None` otherwise (each is then answered alone),
    /// and `slow` when that run went past brute's limit.
    pub fn answers_together(&self, per_case: PerCase, inputs: &[&str]) -> (Option<Vec<String>>, bool) {
        let merged = merge(inputs.iter().copied());
        match self.answer(&merged) {
            Ok(text) => {
                let counts: Vec<usize> = inputs.iter().map(|i| count_of(i)).collect();
                let answers =
                    split_output(per_case, &counts, &text).map(|a| a.into_iter().map(str::to_string).collect());
                (answers, false)
            }
            Err(NoAnswer::Slow) => (None, true),
            Err(NoAnswer::Broken(_)) => (None, false),
        }
    }
}

impl Batch {
    /// Whether `inputs` merged count more cases than the spec's bound on its count allows.
    pub fn past_bound(&self, inputs: &[&str]) -> bool {
        let total: usize = inputs.iter().map(|i| count_of(i)).sum();
        self.outer
            .most
            .is_some_and(|most| i64::try_from(total).map_or(true, |t| t > most))
    }

    /// Where consecutive parts of `inputs` end, each part's merged count
    /// within the spec's bound (or one input, when its own count reaches it).
    pub fn parts(&self, inputs: &[&str]) -> Vec<usize> {
        let most = self.outer.most.map_or(usize::MAX, |m| usize::try_from(m).unwrap_or(0));
        let mut ends = Vec::new();
        let mut total = 0;
        for (k, input) in inputs.iter().enumerate() {
            let count = count_of(input);
            if k > 0 && total + count > most {
                ends.push(k);
                total = 0;
            }
            total += count;
        }
        ends.push(inputs.len());
        ends
    }

    /// Whether brute still answers batches.
    pub fn brute_together(&self) -> bool {
        !self.brute_alone.load(Ordering::Relaxed)
    }

    /// Brute went past its limit on a batch.
    pub fn brute_slow(&self) {
        self.brute_alone.store(true, Ordering::Relaxed);
    }
}

/// Runs contender `c` on `merged`, the `inputs` merged, and cuts its output
/// into one output per input: the engine bisects a run that failed as a whole
/// (`Err` with no case named); `Ok(None)` when the output is not one answer
/// per case.
pub fn outputs_together(
    tools: &Tools,
    per_case: PerCase,
    c: usize,
    inputs: &[&str],
    merged: &str,
) -> Result<Option<Vec<String>>, Failure> {
    let output = output_of(&tools.contenders[c], merged)?;
    let counts: Vec<usize> = inputs.iter().map(|i| count_of(i)).collect();
    Ok(split_output(per_case, &counts, &output).map(|a| a.into_iter().map(str::to_string).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_stay_within_the_bound_on_the_count() {
        let batch = Batch::new(
            PerCase::Line,
            OuterCount {
                name: "t".into(),
                most: Some(5),
            },
            10,
        );
        let inputs = ["3\n", "2\n", "1\n", "7\n", "4\n"];
        assert!(batch.past_bound(&inputs));
        assert!(!batch.past_bound(&inputs[..2]));
        // 3+2, 1, 7 alone (its own count is past the bound), 4.
        assert_eq!(batch.parts(&inputs), [2, 3, 4, 5]);
    }

    #[test]
    fn output_shapes_are_read_from_their_words() {
        assert_eq!(PerCase::parse("line"), Ok(PerCase::Line));
        assert_eq!(PerCase::parse("2 tokens"), Ok(PerCase::Tokens(2)));
        assert_eq!(PerCase::parse("1 token"), Ok(PerCase::Tokens(1)));
        assert!(PerCase::parse("0 tokens").unwrap_err().contains("positive"));
        assert!(PerCase::parse("lines").unwrap_err().contains("\"line\""));
    }

    #[test]
    fn an_output_is_cut_where_each_input_s_answers_begin() {
        // Inputs of 2, 0 and 1 cases: the second answers nothing.
        let out = "7\n8\n9\n";
        assert_eq!(
            split_output(PerCase::Line, &[2, 0, 1], out).unwrap(),
            ["7\n8\n", "", "9\n"]
        );
        assert_eq!(
            split_output(PerCase::Line, &[1, 1], "1\n2\n\n\n").unwrap(),
            ["1\n", "2\n\n\n"]
        );
        assert!(split_output(PerCase::Line, &[2, 1], "7\n8\n").is_none(), "a line short");
        assert!(split_output(PerCase::Line, &[1], "7\n8\n").is_none(), "a line over");
        let pairs = "1 2\n3\n4 5 6\n";
        assert_eq!(
            split_output(PerCase::Tokens(2), &[1, 2], pairs).unwrap(),
            ["1 2\n", "3\n4 5 6\n"]
        );
        assert!(split_output(PerCase::Tokens(2), &[2], pairs).is_none());
    }
}
