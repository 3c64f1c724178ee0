//! A problem file as the stress loop sees it: a case is the input its
//! generator (or its spec) makes from `(seed, case)`, checked by its validator
//! and spec; brute's output is the answer; each contender is one process per
//! case, judged by tokens or the checker; a failure shrinks through the
//! file's layers ([`super::shrink`]).

use std::time::Duration;

use super::case::{Draw, NoAnswer, Tools};
use super::file::Layer;
use super::shrink::{describe, Layers};
use crate::shrink::{self, Shrunk};
use crate::subject::{Contestant, Failing, Subject};
use crate::verdict::Judged;

/// One case: its input, and the generator's parameters while the input is
/// still the generator's output.
#[derive(Clone, Debug)]
pub struct Case {
    pub input: String,
    pub draw: Option<Draw>,
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
    contestants: Vec<Contestant>,
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
            contestants,
        }
    }
}

impl Subject for Own {
    type Case = Case;
    type Answer = String;

    fn generate(&self, seed: u64, index: u64) -> Result<Case, String> {
        let tools = &self.tools;
        if let Some(e) = &self.enumeration {
            let input = e.get(index)?;
            tools.validate(&input).map_err(|why| {
                format!("the validator refuses an input the spec accepts (a bug of one of them): {why}")
            })?;
            return Ok(Case { input, draw: None });
        }
        let draw = tools.draw(seed, index);
        let input = tools.generate(&draw)?;
        if index < TWICE && tools.generate(&draw)? != input {
            return Err(format!(
                "the generator is not deterministic: `{}` printed two different inputs; \
                 it must draw its randomness from {{seed}} alone",
                tools.gen_command(&draw).unwrap_or_default()
            ));
        }
        tools.validate(&input).map_err(|why| match tools.gen_command(&draw) {
            Some(_) => format!("the generated input is not valid, a bug of the generator (or of the validator): {why}"),
            None => format!(
                "the input the spec generated is not valid, a bug of the spec (an EOF before its last command \
                 writes what it then refuses) or of the validator: {why}"
            ),
        })?;
        Ok(Case {
            input,
            draw: Some(draw),
        })
    }

    fn prepare(&self, ids: &[u64]) -> usize {
        self.enumeration.as_ref().map_or(ids.len(), |e| e.prepare(ids))
    }

    fn answers(&self, unit: &[Case]) -> Result<Vec<Option<String>>, String> {
        unit.iter()
            .map(|case| match self.tools.answer(&case.input) {
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
            self.tools
                .judge(contender, &case.input, answer)
                .map_err(|f| (Some(k), f))?;
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
