//! `harness invoke --config PROBLEM.toml`: the problem file's solvers, its
//! `[[solution]]` programs (with the verdicts they may get) and the
//! `--solver-cmd`s on its `[[test]]` judge-size tests and its corpus entries,
//! through the built-in invoke's table, limits and expectations.

use std::path::Path;
use std::rc::Rc;
use std::time::Duration;

use anyhow::{anyhow, bail, Result};
use sandbox::Program;

use super::jury::{self, FileJury};
use super::{default_corpus, tools};
use crate::config::Source;
use crate::corpus;
use crate::invoke::{self, Limits, Setup, Solution, Test};
use crate::options::RunOptions;
use crate::Catalog;

/// The memory limit when neither `memory_limit` nor `--memory` gives one.
pub(super) const MEMORY: u64 = 256 << 20;
/// The stack when `--stack` gives none: what most systems give a main thread.
const STACK: u64 = 8 << 20;

/// The tests, solutions, limits and jury of a problem file.
pub fn setup(catalog: &Catalog, src: &Source, path: &Path, o: &invoke::Options) -> Result<Setup> {
    if !o.solvers.is_empty() {
        bail!(
            "--solver names built-in solvers; {} is a problem file: give programs with --solver-cmd",
            src.origin
        );
    }
    if o.solutions.is_some() {
        bail!(
            "{} is a problem file: its solutions are its `solvers` and each --solver-cmd",
            src.origin
        );
    }
    let options = RunOptions {
        solver_cmds: o.solver_cmds.clone(),
        time_limit_ms: o.time_limit_ms,
        ..RunOptions::default()
    };
    let tools = Rc::new(tools(catalog, src, path, &options)?);
    let file = &tools.file;
    let mut solutions: Vec<Solution> = tools
        .contenders
        .iter()
        .map(|c| Solution {
            name: c.program.display().to_string(),
            program: c.program.clone(),
            expect: vec![],
        })
        .collect();
    for (k, s) in file.solutions.iter().enumerate() {
        let program = Program::parse_in(&s.cmd, &file.dir)
            .map_err(|e| anyhow!("{}: [[solution]] number {}: `cmd`: {e}", file.origin, k + 1))?;
        solutions.push(Solution {
            name: s.cmd.clone(),
            program,
            expect: s.expect.clone(),
        });
    }
    if solutions.is_empty() {
        bail!(
            "{}: no solution to invoke: list some in [problem] `solvers` or [[solution]] tables, or give \
             --solver-cmd",
            file.origin
        );
    }
    let reference = jury::reference(&tools)?;
    let mut tests = Vec::new();
    for t in &file.tests {
        let (tools, test) = (Rc::clone(&tools), t.clone());
        tests.push(Test::later(t.name.clone(), t.about.clone(), move || {
            jury::input(&tools, &test)
        }));
    }
    let dir = o.corpus.clone().unwrap_or_else(|| default_corpus(file));
    tests.extend(corpus_test(&file.programs.name, &dir)?);
    if tests.is_empty() {
        bail!(
            "{}: no test to run: add [[test]] tables (judge-size tests) to the problem file, or give --corpus \
             with entries of `{}`",
            file.origin,
            file.programs.name
        );
    }
    let limits = limits(file, o);
    eprintln!("{}: answers by the {}", file.programs.name, reference.about);
    Ok(Setup {
        name: file.programs.name.clone(),
        jury: Box::new(FileJury { tools, reference }),
        tests,
        solutions,
        limits,
    })
}

/// The problem file's time and memory limits, or those `o` names, and the usual stack.
pub(super) fn limits(file: &super::file::ProblemFile, o: &invoke::Options) -> Limits {
    Limits {
        time: Duration::from_millis(o.time_limit_ms.unwrap_or(file.programs.time_limit_ms)),
        memory: o.memory.or(file.memory).unwrap_or(MEMORY),
        stack: o.stack.unwrap_or(STACK),
        stack_source: if o.stack.is_some() {
            "--stack"
        } else {
            "the usual default; --stack changes it"
        },
    }
}

/// The row `corpus`: every entry in `dir/<name>/`, one input each (the
/// harness cannot pack cases of a format it does not know).
fn corpus_test(name: &str, dir: &Path) -> Result<Option<Test>> {
    let Some((folder, inputs)) = corpus::inputs_of(dir, name)? else {
        return Ok(None);
    };
    let about = format!("the {} corpus entries of {}", inputs.len(), folder.display());
    Ok(Some(Test::inputs("corpus".into(), about, inputs)))
}
