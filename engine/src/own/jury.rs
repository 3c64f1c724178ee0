//! What `invoke` and `testset` need of a problem file beyond a stress run:
//! the inputs of its judge-size tests (`[[test]]`: the generator with every
//! `[gen]` key fixed, then validated) and its reference, the program whose
//! answers judge inputs too big for brute.

use std::rc::Rc;

use anyhow::{anyhow, bail, Result};

use super::case::{self, Draw, Tools};
use super::file::JudgeTest;
use crate::builtin::registry::Judgement;
use crate::invoke::Jury;
use sandbox::Program;

/// A problem file as an `invoke` [`Jury`]: the reference answers, the checker
/// (or a token comparison) judges.
pub struct FileJury {
    pub tools: Rc<Tools>,
    pub reference: Reference,
}

/// The program that answers the judge-size tests, and what the messages call it.
pub struct Reference {
    pub program: Program,
    pub about: String,
}

/// `reference` of the problem file, else its first solver, else brute.
pub fn reference(tools: &Tools) -> Result<Reference> {
    let p = &tools.file.programs;
    let (key, cmd, about) = match (&p.reference, p.solvers.first()) {
        (Some(cmd), _) => ("reference", cmd, format!("reference `{cmd}`")),
        (None, Some(cmd)) => ("solvers", cmd, format!("reference `{cmd}` (the first solver)")),
        (None, None) => (
            "brute",
            &p.brute,
            format!("brute `{}` (no reference or solver given)", p.brute),
        ),
    };
    let program = Program::parse_in(cmd, &tools.file.dir)
        .map_err(|e| anyhow!("{}: [problem] `{key}`: {e}", tools.file.origin))?;
    Ok(Reference { program, about })
}

impl Reference {
    /// Its answer to `input`, under brute's time limit (it stands where brute cannot).
    pub fn answer(&self, tools: &Tools, input: &str) -> Result<String> {
        let run = case::run_tool(&self.program, input, tools.brute_limit).map_err(|e| anyhow!(e))?;
        case::success(&self.program, &run, tools.brute_limit)
            .map_err(|e| anyhow!("the {} gives no answer: {e}", self.about))
    }
}

impl Jury for FileJury {
    fn answer(&self, input: &str) -> Result<String> {
        self.reference.answer(&self.tools, input)
    }

    fn judge(&self, input: &str, output: &str, answer: &str) -> Result<Judgement> {
        match self.tools.verdict(input, output, answer) {
            Ok(Ok(())) => Ok(Judgement::Accepted),
            Ok(Err(why)) => Ok(Judgement::Rejected(why)),
            Err(why) => bail!("the checker gave no verdict: {why}"),
        }
    }
}

/// The input of a judge-size test: the generator run with the test's values
/// and seed, accepted by the validator and the spec (those the problem has).
pub fn input(tools: &Tools, test: &JudgeTest) -> Result<String> {
    let whence = format!("{}: [[test]] `{}`", tools.file.origin, test.name);
    let draw = Draw {
        values: test.values.clone(),
        seed: test.seed,
    };
    let input = tools.generate(&draw).map_err(|why| anyhow!("{whence}: {why}"))?;
    let fix = match tools.file.programs.gen {
        Some(_) => "the test's `values` or the generator",
        None => "the spec, which generates it",
    };
    tools
        .validate(&input)
        .map_err(|why| anyhow!("{whence}: the generated input is not valid: {why}\n  fix {fix}"))?;
    Ok(input)
}
