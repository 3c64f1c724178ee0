//! A built-in problem as the stress loop sees it: cases from the family's
//! generator, answers from the oracle (brute, a reference solver or the user's
//! program), contenders judged by the problem's check, and shrinking by the
//! family's moves.

use std::time::Duration;

use gen::judge::Format;
use gen::{Family, Rng};

use super::problem::{winning_line, Problem};
use crate::exhaustive::Cursor;
use crate::oracle::Oracle;
use crate::shrink::{self, ByMoves, Shrunk};
use crate::subject::{Contestant, Failing, Subject};
use crate::verdict::{Contender, Judged};

pub struct Builtin<P: Problem> {
    pub params: P::Params,
    pub contenders: Vec<Contender<P>>,
    pub oracle: Oracle<P>,
    /// Cases per input of a program, when one runs.
    pub batch: usize,
    /// An exhaustive run's instances, in place of random cases.
    pub enumeration: Option<Cursor<P::Instance>>,
    contestants: Vec<Contestant>,
}

impl<P: Problem> Builtin<P> {
    pub fn new(params: P::Params, contenders: Vec<Contender<P>>, oracle: Oracle<P>, batch: usize) -> Self {
        let contestants = contenders
            .iter()
            .map(|c| Contestant {
                name: c.name(),
                external: c.is_external(),
            })
            .collect();
        Builtin {
            params,
            contenders,
            oracle,
            batch,
            enumeration: None,
            contestants,
        }
    }

    /// Whether a program runs for each input: a contender or the oracle.
    fn programs(&self) -> bool {
        self.contestants.iter().any(|c| c.external) || self.oracle.command.is_some()
    }
}

impl<P: Problem> Subject for Builtin<P> {
    type Case = P::Instance;
    type Answer = P::Answer;

    fn generate(&self, seed: u64, index: u64) -> Result<P::Instance, String> {
        match &self.enumeration {
            Some(e) => e.get(index),
            None => Ok(self.params.generate(&mut Rng::for_case(seed, index))),
        }
    }

    fn prepare(&self, ids: &[u64]) -> usize {
        self.enumeration.as_ref().map_or(ids.len(), |e| e.prepare(ids))
    }

    fn answers(&self, unit: &[P::Instance]) -> Result<Vec<Option<P::Answer>>, String> {
        self.oracle.answers_each(unit)
    }

    fn contenders(&self) -> &[Contestant] {
        &self.contestants
    }

    fn judge(&self, c: usize, unit: &[P::Instance], expected: &[P::Answer]) -> Judged {
        self.contenders[c].judge(unit, expected, &self.oracle)
    }

    fn batch(&self) -> usize {
        // A program's start is what batching saves; in process, one case is one unit.
        if self.programs() {
            self.batch
        } else {
            1
        }
    }

    fn slow(&self) -> bool {
        self.programs() || self.oracle.checker.is_some()
    }

    fn input(&self, unit: &[P::Instance]) -> String {
        P::Judge::write_input(unit)
    }

    fn expected(&self, answers: &[P::Answer]) -> String {
        P::Judge::write_output(answers)
    }

    fn size(&self, unit: &[P::Instance]) -> String {
        match unit {
            [one] => P::size(one),
            many => format!("{} cases", many.len()),
        }
    }

    fn winning_move(&self, unit: &[P::Instance]) -> Option<String> {
        let mut lines = Vec::new();
        for (k, case) in unit.iter().enumerate() {
            let line = match P::winning_moves(case, &self.oracle.options, &self.oracle.budget) {
                Ok(Some(moves)) => winning_line(&moves),
                Ok(None) => return None,
                Err(_) => "no winning move named: brute needs more states than its budget".to_string(),
            };
            lines.push(if unit.len() > 1 {
                format!("case {}: {line}", k + 1)
            } else {
                line
            });
        }
        Some(lines.join("\n"))
    }

    fn shrink(&self, c: usize, start: Failing<Self>, time: Duration) -> Shrunk<Failing<Self>> {
        let moves = |case: &P::Instance| self.params.shrink(case);
        let by = ByMoves {
            subject: self,
            contender: c,
            moves: &moves,
        };
        shrink::shrink(&by, start, time)
    }
}
