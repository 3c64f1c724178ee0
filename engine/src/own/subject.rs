//! A problem file as the stress loop sees it: a case is the input its
//! generator (or its spec) makes from `(seed, case)`, checked by its validator
//! and spec; brute's output is the answer; each contender is one process per
//! case, judged by tokens or the checker; a failure shrinks through the
//! file's layers ([`super::shrink`]).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use super::batch::{outputs_together, Batch};
use super::case::{Draw, NoAnswer, ToolError, Tools};
use super::file::Layer;
use super::shrink::{describe, Layers};
use super::spec::batch::merge;
use crate::shrink::{self, Shrunk};
use crate::subject::{Contestant, Failing, Subject};
use crate::verdict::{Failure, Judged, Kind};

/// One case: its input, and the generator's parameters while the input is
/// still the generator's output.
#[derive(Clone, Debug)]
pub struct Case {
    pub input: String,
    pub draw: Option<Draw>,
    /// A tool ran past its limit twice on it: the case is skipped, never passed.
    pub slow: bool,
}

/// Cases a run makes before the share of them skipped for a slow tool is
/// judged: past half of them, the limit is too low for this machine, and
/// the run stops rather than skip on.
const SLOW_SAMPLE: u64 = 10;

/// Whether `slow` skipped cases of `made` are most of a sample large enough
/// to say so.
fn most_are_slow(slow: u64, made: u64) -> bool {
    made >= SLOW_SAMPLE && 2 * slow > made
}

/// The generator runs twice on this many first cases of a run, to catch one
/// that is not deterministic before its cases are trusted to reproduce.
const TWICE: u64 = 2;

pub struct Own {
    pub tools: Tools,
    /// The shrinking layers, in order.
    pub layers: Vec<Layer>,
    /// An exhaustive run's inputs, in place of generated ones.
    pub enumeration: Option<crate::exhaustive::Cursor<String>>,
    /// The `enumerate` command that printed them, when not the spec.
    pub enumerator: Option<String>,
    /// Many cases per run of each program, when the file allows it.
    pub batch: Option<Batch>,
    contestants: Vec<Contestant>,
    /// Cases made, and of them those skipped because a tool was slow twice.
    made: AtomicU64,
    slow: AtomicU64,
}

impl Own {
    pub fn new(tools: Tools, layers: Vec<Layer>) -> Self {
        let contestants = tools
            .contenders
            .iter()
            .map(|c| Contestant {
                name: format!("cmd:{}", c.program.display()),
                external: true,
            })
            .collect();
        Own {
            tools,
            layers,
            enumeration: None,
            enumerator: None,
            batch: None,
            contestants,
            made: AtomicU64::new(0),
            slow: AtomicU64::new(0),
        }
    }

    /// Cases skipped because a tool was slow twice.
    pub fn slow_cases(&self) -> u64 {
        self.slow.load(Ordering::Relaxed)
    }

    /// Reports `which` case was skipped for a slow tool; an error once most
    /// cases are (the run stops there).
    fn skip_slow(&self, which: &str, why: &str) -> Result<(), String> {
        let slow = self.slow.fetch_add(1, Ordering::Relaxed) + 1;
        let made = self.made.load(Ordering::Relaxed).max(slow);
        if most_are_slow(slow, made) {
            return Err(format!(
                "{slow} of the {made} cases so far were skipped for a slow tool, the last one because {why}"
            ));
        }
        eprintln!(
            "{}: {which} skipped, never passed: {why}",
            self.tools.file.programs.name
        );
        Ok(())
    }

    /// Case `index` of `seed`, made and validated; `slow` when a tool was slow twice.
    fn make(&self, seed: u64, index: u64) -> Result<Case, ToolError> {
        let tools = &self.tools;
        if let Some(e) = &self.enumeration {
            let input = e.get(index)?;
            tools.validate(&input).map_err(|why| match why {
                ToolError::Slow(_) => why,
                ToolError::Failed(why) => match &self.enumerator {
                    Some(cmd) => format!(
                        "input {} that the enumerator `{cmd}` printed is not valid (a bug of the enumerator, or \
                         of the validator): {why}\n{}",
                        index + 1,
                        crate::style::clip(&input, 400)
                    )
                    .into(),
                    None => {
                        format!("the validator refuses an input the spec accepts (a bug of one of them): {why}").into()
                    }
                },
            })?;
            return Ok(Case {
                input,
                draw: None,
                slow: false,
            });
        }
        let draw = tools.draw(seed, index);
        let input = tools.generate(&draw)?;
        self.admit(index, draw, input, None, false)
    }

    /// Case `index`, `input` made for `draw`: by `gen_batch` when it is
    /// `Some(command)`, then checked against `gen` alone on the run's first
    /// cases; validated by the spec, and by the validator unless it already
    /// accepted the input merged with others (`validated`).
    fn admit(
        &self,
        index: u64,
        draw: Draw,
        input: String,
        batch_gen: Option<&str>,
        validated: bool,
    ) -> Result<Case, ToolError> {
        let tools = &self.tools;
        if index < TWICE {
            let again = tools.generate(&draw)?;
            if again != input {
                let cmd = tools.gen_command(&draw).unwrap_or_default();
                let why = match batch_gen {
                    Some(batch) if tools.generate(&draw)? == again => format!(
                        "the generator's batch command `{batch}` printed case {index} unlike `{cmd}` alone: for \
                         the same values and seed it must print the same input"
                    ),
                    _ => format!(
                        "the generator is not deterministic: `{cmd}` printed two different inputs; \
                         it must draw its randomness from {{seed}} alone"
                    ),
                };
                return Err(why.into());
            }
        }
        let checked = if validated {
            tools.check_spec(&input)
        } else {
            tools.validate(&input)
        };
        checked.map_err(|why| match (why, tools.gen_command(&draw)) {
            (why @ ToolError::Slow(_), _) => why,
            (why, Some(_)) => {
                format!("the generated input is not valid, a bug of the generator (or of the validator): {why}").into()
            }
            (why, None) => format!(
                "the input the spec generated is not valid, a bug of the spec (an EOF before its last command \
                 writes what it then refuses) or of the validator: {why}"
            )
            .into(),
        })?;
        Ok(Case {
            input,
            draw: Some(draw),
            slow: false,
        })
    }

    /// What becomes of a case a tool gave up on: a slow tool skips it (the run
    /// stops once most cases are skipped), a failed one stops the run.
    fn settle(&self, seed: u64, index: u64, made: Result<Case, ToolError>) -> Result<Case, String> {
        match made {
            Ok(case) => Ok(case),
            Err(ToolError::Failed(why)) => Err(why),
            Err(ToolError::Slow(why)) => {
                self.skip_slow(&format!("case {index} of seed {seed}"), &why)?;
                Ok(Case {
                    input: String::new(),
                    draw: None,
                    slow: true,
                })
            }
        }
    }

    /// Cases `ids` of a batch, made as [`Own::make`] makes each, the
    /// generator run once for all of them when the file gives `gen_batch`,
    /// and the validator run on them merged ([`super::batch`]).
    fn make_batch(&self, batch: &Batch, seed: u64, ids: &[u64]) -> Vec<Result<Case, String>> {
        let tools = &self.tools;
        let draws: Vec<Draw> = ids.iter().map(|&id| tools.draw(seed, id)).collect();
        let batch_gen = tools.file.programs.gen_batch.as_deref();
        let together = match batch_gen.map(|cmd| tools.generate_batch(cmd, &draws)) {
            Some(Ok(inputs)) => inputs,
            Some(Err(e)) => {
                self.made.fetch_add(1, Ordering::Relaxed);
                return vec![self.settle(seed, ids[0], Err(e))];
            }
            None => None,
        };
        let by = batch_gen.filter(|_| together.is_some());
        let inputs: Vec<Result<String, ToolError>> = match together {
            Some(inputs) => inputs.into_iter().map(Ok).collect(),
            None => draws.iter().map(|d| tools.generate(d)).collect(),
        };
        let spec_ok: Vec<Option<&str>> = inputs
            .iter()
            .map(|i| {
                i.as_ref()
                    .ok()
                    .filter(|i| tools.check_spec(i).is_ok())
                    .map(String::as_str)
            })
            .collect();
        let validated = tools.validated_together(&spec_ok, batch.outer.most);
        let mut made = Vec::new();
        for (((input, draw), ok), &id) in inputs.into_iter().zip(draws).zip(validated).zip(ids) {
            if sandbox::signals::cancelled() {
                break;
            }
            self.made.fetch_add(1, Ordering::Relaxed);
            // The run's first cases are validated alone too, so a batch validator that disagrees shows early.
            let ok = ok && id >= TWICE;
            let case = self.settle(seed, id, input.and_then(|input| self.admit(id, draw, input, by, ok)));
            let failed = case.is_err();
            made.push(case);
            if failed {
                break;
            }
        }
        made
    }

    /// Brute's answer to each case, each alone.
    fn answers_alone(&self, unit: &[Case]) -> Result<Vec<Option<String>>, String> {
        unit.iter()
            .map(|case| match self.tools.answer(&case.input) {
                _ if case.slow => Ok(None),
                Ok(answer) => Ok(Some(answer)),
                Err(NoAnswer::Slow) => Ok(None),
                Err(NoAnswer::Broken(why)) => Err(format!("brute gives no answer: {why}")),
            })
            .collect()
    }

    /// Contender `c` judged on each case alone, one run each.
    fn judge_alone(&self, c: usize, unit: &[Case], expected: &[String]) -> Judged {
        let contender = &self.tools.contenders[c];
        for (k, (case, answer)) in unit.iter().zip(expected).enumerate() {
            self.settle_verdict(c, k, case, self.tools.judge(contender, &case.input, answer))?;
        }
        Ok(())
    }

    /// Contender `c` run once on the unit's inputs merged, each case's part
    /// of its output judged as a run on that case alone would be; an output
    /// not cut into one answer per case is judged case by case.
    fn judge_together(&self, batch: &Batch, c: usize, unit: &[Case], expected: &[String]) -> Judged {
        let inputs: Vec<&str> = unit.iter().map(|case| case.input.as_str()).collect();
        let merged = merge(inputs.iter().copied());
        let outputs = match outputs_together(&self.tools, batch.per_case, c, &inputs, &merged) {
            Ok(Some(outputs)) => outputs,
            Ok(None) => return self.judge_alone(c, unit, expected),
            // A merged count past the spec's bound on it is no judge's input: a program sized to
            // the bound may fail on it and on no case. Parts within the bound say whether one does.
            Err(_) if batch.past_bound(&inputs) => return self.judge_within_bound(batch, c, unit, expected),
            // A crash, a timeout or a flaky output of the whole: the engine bisects it.
            Err(f) => return Err((None, f)),
        };
        if self.tools.accepts_together(&merged, &outputs, expected) {
            return Ok(());
        }
        for (k, ((case, answer), output)) in unit.iter().zip(expected).zip(&outputs).enumerate() {
            let verdict = self.tools.judge_output(&case.input, output, answer);
            self.settle_verdict(c, k, case, verdict)?;
        }
        Ok(())
    }

    /// Contender `c` judged on the unit in consecutive parts whose merged
    /// counts stay within the spec's bound (a case alone where its own count
    /// reaches it), a part that fails failing the unit.
    fn judge_within_bound(&self, batch: &Batch, c: usize, unit: &[Case], expected: &[String]) -> Judged {
        let mut start = 0;
        let inputs: Vec<&str> = unit.iter().map(|case| case.input.as_str()).collect();
        for end in batch.parts(&inputs) {
            match self.judge(c, &unit[start..end], &expected[start..end]) {
                Err((Some(k), f)) => return Err((Some(start + k), f)),
                Err((None, f)) => return Err((None, f)),
                Ok(()) => start = end,
            }
        }
        Ok(())
    }

    /// A case's verdict as the loop takes it: a checker slow twice skips the
    /// case (an error naming it), or stops the run once most cases are skipped.
    fn settle_verdict(&self, c: usize, k: usize, case: &Case, verdict: Result<(), Failure>) -> Judged {
        match verdict {
            // The checker was slow twice: no verdict, the case is not counted as checked.
            Err(f) if f.kind == Kind::Cancelled && !sandbox::signals::cancelled() => {
                let which = format!(
                    "a case ({}) judging `{}`",
                    describe(&self.tools, &case.input),
                    self.tools.contenders[c].program.display()
                );
                Err(match self.skip_slow(&which, &f.detail) {
                    Ok(()) => (Some(k), f),
                    Err(why) => (
                        Some(k),
                        Failure {
                            kind: Kind::CannotRun,
                            detail: format!("{}: {why}", self.tools.file.programs.name),
                            ..f
                        },
                    ),
                })
            }
            other => other.map_err(|f| (Some(k), f)),
        }
    }

    /// The batching of a unit of several cases, when it is on.
    fn batching(&self, unit_len: usize) -> Option<&Batch> {
        self.batch.as_ref().filter(|_| unit_len > 1)
    }
}

impl Subject for Own {
    type Case = Case;
    type Answer = String;

    fn generate(&self, seed: u64, index: u64) -> Result<Case, String> {
        self.made.fetch_add(1, Ordering::Relaxed);
        self.settle(seed, index, self.make(seed, index))
    }

    fn generate_unit(&self, seed: u64, ids: &[u64]) -> Vec<Result<Case, String>> {
        match self.batching(ids.len()).filter(|_| self.enumeration.is_none()) {
            Some(batch) => self.make_batch(batch, seed, ids),
            None => crate::subject::one_by_one(self, seed, ids),
        }
    }

    fn prepare(&self, ids: &[u64]) -> usize {
        self.enumeration.as_ref().map_or(ids.len(), |e| e.prepare(ids))
    }

    fn answers(&self, unit: &[Case]) -> Result<Vec<Option<String>>, String> {
        let Some(batch) = self.batching(unit.len()).filter(|b| b.brute_together()) else {
            return self.answers_alone(unit);
        };
        let live: Vec<&str> = unit.iter().filter(|c| !c.slow).map(|c| c.input.as_str()).collect();
        if live.len() < 2 {
            return self.answers_alone(unit);
        }
        let (together, slow) = self.tools.answers_together(batch.per_case, &live);
        if slow {
            batch.brute_slow();
        }
        let Some(together) = together else {
            return self.answers_alone(unit);
        };
        let mut answers = together.into_iter();
        Ok(unit
            .iter()
            .map(|c| if c.slow { None } else { answers.next() })
            .collect())
    }

    fn contenders(&self) -> &[Contestant] {
        &self.contestants
    }

    fn judge(&self, c: usize, unit: &[Case], expected: &[String]) -> Judged {
        match self.batching(unit.len()) {
            Some(batch) => self.judge_together(batch, c, unit, expected),
            None => self.judge_alone(c, unit, expected),
        }
    }

    fn batch(&self) -> usize {
        self.batch.as_ref().map_or(1, |b| b.size)
    }

    fn slow(&self) -> bool {
        true
    }

    fn input(&self, unit: &[Case]) -> String {
        match self.batching(unit.len()) {
            Some(_) => merge(unit.iter().map(|c| c.input.as_str())),
            None => unit.iter().map(|c| c.input.as_str()).collect(),
        }
    }

    fn expected(&self, answers: &[String]) -> String {
        answers.concat()
    }

    fn size(&self, unit: &[Case]) -> String {
        describe(&self.tools, &self.input(unit))
    }

    fn shrink(&self, c: usize, start: Failing<Self>, time: Duration) -> Shrunk<Failing<Self>> {
        shrink::shrink(&Layers::new(self, c, &start), start, time)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_stops_only_once_most_of_enough_cases_were_slow() {
        assert!(!most_are_slow(3, 3), "three cases are too few to judge");
        assert!(!most_are_slow(5, 10), "half is not most");
        assert!(most_are_slow(6, 10));
        assert!(!most_are_slow(1, 100));
    }
}
