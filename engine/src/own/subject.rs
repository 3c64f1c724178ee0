//! A problem file as the stress loop sees it: a case is the input its
//! generator (or its spec) makes from `(seed, case)`, checked by its validator
//! and spec; brute's output is the answer; each contender is one process per
//! case, judged by tokens or the checker; a failure shrinks through the
//! file's layers ([`super::shrink`]).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use super::case::{Draw, NoAnswer, ToolError, Tools};
use super::file::Layer;
use super::shrink::{describe, Layers};
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
        if index < TWICE && tools.generate(&draw)? != input {
            return Err(format!(
                "the generator is not deterministic: `{}` printed two different inputs; \
                 it must draw its randomness from {{seed}} alone",
                tools.gen_command(&draw).unwrap_or_default()
            )
            .into());
        }
        tools
            .validate(&input)
            .map_err(|why| match (why, tools.gen_command(&draw)) {
                (why @ ToolError::Slow(_), _) => why,
                (why, Some(_)) => {
                    format!("the generated input is not valid, a bug of the generator (or of the validator): {why}")
                        .into()
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
}

impl Subject for Own {
    type Case = Case;
    type Answer = String;

    fn generate(&self, seed: u64, index: u64) -> Result<Case, String> {
        self.made.fetch_add(1, Ordering::Relaxed);
        match self.make(seed, index) {
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

    fn prepare(&self, ids: &[u64]) -> usize {
        self.enumeration.as_ref().map_or(ids.len(), |e| e.prepare(ids))
    }

    fn answers(&self, unit: &[Case]) -> Result<Vec<Option<String>>, String> {
        unit.iter()
            .map(|case| match self.tools.answer(&case.input) {
                _ if case.slow => Ok(None),
                Ok(answer) => Ok(Some(answer)),
                Err(NoAnswer::Slow) => Ok(None),
                Err(NoAnswer::Broken(why)) => Err(format!("brute gives no answer: {why}")),
            })
            .collect()
    }

    fn contenders(&self) -> &[Contestant] {
        &self.contestants
    }

    fn judge(&self, c: usize, unit: &[Case], expected: &[String]) -> Judged {
        let contender = &self.tools.contenders[c];
        for (k, (case, answer)) in unit.iter().zip(expected).enumerate() {
            match self.tools.judge(contender, &case.input, answer) {
                // The checker was slow twice: no verdict, the case is not counted as checked.
                Err(f) if f.kind == Kind::Cancelled && !sandbox::signals::cancelled() => {
                    let which = format!(
                        "a case ({}) judging `{}`",
                        describe(&self.tools, &case.input),
                        contender.program.display()
                    );
                    return Err(match self.skip_slow(&which, &f.detail) {
                        Ok(()) => (Some(k), f),
                        Err(why) => (
                            Some(k),
                            Failure {
                                kind: Kind::CannotRun,
                                detail: format!("{}: {why}", self.tools.file.programs.name),
                                ..f
                            },
                        ),
                    });
                }
                other => other.map_err(|f| (Some(k), f))?,
            }
        }
        Ok(())
    }

    fn slow(&self) -> bool {
        true
    }

    fn input(&self, unit: &[Case]) -> String {
        unit.iter().map(|c| c.input.as_str()).collect()
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
