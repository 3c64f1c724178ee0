//! `harness audit --config PROBLEM.toml`: a problem file's test set (the one
//! `testset --config` writes, or a folder it wrote) against the user's wrong
//! programs (`--solver-cmd` with `--expect`), through the engine's audit: the
//! file's reference answers, its checker (or tokens) judges, its generator
//! and brute make the survivors' random run.
//!
//! A problem file has no deliberately wrong solvers and the harness does not
//! know its answer type, so there are no generic wrong answers; its coverage
//! is read from whole texts (each test's answer, exact duplicates).

use std::path::Path;
use std::rc::Rc;

use anyhow::{anyhow, bail, Result};

use super::case::NoAnswer;
use super::jury::{self, FileJury};
use super::{default_corpus, tools};
use crate::audit::{self, Audit, Options, Setup};
use crate::config::Source;
use crate::invoke;
use crate::options::RunOptions;
use crate::Catalog;

/// The audit of the problem file `src`.
pub fn run(catalog: &Catalog, src: &Source, path: &Path, o: &Options, progress: &mut dyn FnMut(&str)) -> Result<Audit> {
    if !o.solvers.is_empty() {
        bail!(
            "--solver names built-in solvers; {} is a problem file: give wrong programs with --solver-cmd CMD \
             --expect CMD=WA",
            src.origin
        );
    }
    if o.beyond_guarantee {
        bail!("--beyond-guarantee: a problem file's [[test]]s have no guarantee to go beyond");
    }
    let tools = Rc::new(tools(
        catalog,
        src,
        path,
        &RunOptions {
            time_limit_ms: o.time_limit_ms,
            ..RunOptions::default()
        },
    )?);
    let file = &tools.file;
    let wrong = audit::commands(o)?;
    if wrong.is_empty() && o.mutants.is_none() {
        bail!(
            "{}: no wrong solution to audit with: a problem file has no built-in wrong solvers; give yours with \
             --solver-cmd CMD --expect CMD=WA",
            file.origin
        );
    }
    let tests = match &o.tests {
        Some(dir) => {
            let tests = audit::folder::read(dir)?;
            for (name, t) in &tests {
                tools.validate(&t.input).map_err(|why| {
                    anyhow!(
                        "--tests {}: test {name} is not a valid input of {}: {why}",
                        dir.display(),
                        file.programs.name
                    )
                })?;
            }
            tests
        }
        None => {
            let corpus = match &o.corpus {
                Some(dir) if !dir.is_dir() => bail!(
                    "--corpus {}: no such folder: give the corpus folder (it holds one folder per problem)",
                    dir.display()
                ),
                Some(dir) => dir.clone(),
                None => default_corpus(file),
            };
            let set = audit::set_options(o);
            audit::named(super::testset::answered_tests(&tools, &set, &corpus, progress)?)
        }
    };
    let limits = super::invoke::limits(
        file,
        &invoke::Options {
            time_limit_ms: o.time_limit_ms,
            ..invoke::Options::default()
        },
    );
    let jury = FileJury {
        tools: Rc::clone(&tools),
        reference: jury::reference(&tools)?,
    };
    let seed = file.programs.seed;
    let random = |case: u64| -> Result<Option<String>> {
        let input = tools
            .generate(&tools.draw(seed, case))
            .map_err(|why| anyhow!("{}: random case {case}: {why}", file.origin))?;
        // A generated input the validator refuses is the generator's bug, which stress reports.
        Ok(tools.validate(&input).is_ok().then_some(input))
    };
    let oracle = |input: &str| -> Result<String> {
        tools.answer(input).map_err(|e| match e {
            NoAnswer::Slow => anyhow!("brute ran past its time limit on a random case: raise brute_time_limit_ms"),
            NoAnswer::Broken(why) => anyhow!("brute gives no answer: {why}"),
        })
    };
    let setup = Setup {
        name: file.programs.name.clone(),
        jury: &jury,
        tests,
        wrong,
        limits,
        problem: None,
        random: &random,
        oracle: &oracle,
        reference: python_solution(file),
    };
    audit::run(setup, o, progress)
}

/// The first of the file's solutions (then its `reference`) that runs a Python source of the
/// file's folder: what `--mutants` mutates unless `--mutants-of` names a source.
fn python_solution(file: &super::file::ProblemFile) -> Option<audit::mutants::Reference> {
    let p = &file.programs;
    p.solvers.iter().chain(&p.reference).find_map(|cmd| {
        let source = shlex::split(cmd)?
            .into_iter()
            .map(|word| file.dir.join(word))
            .find(|path| audit::mutants::Lang::of(path) == Some(audit::mutants::Lang::Python) && path.is_file())?;
        Some(audit::mutants::Reference {
            source,
            lang: audit::mutants::Lang::Python,
            command: Some(cmd.clone()),
            dir: Some(file.dir.clone()),
        })
    })
}
