//! `harness invoke --config PROBLEM.toml`: the problem file's solvers and the
//! `--solver-cmd`s on its `[[test]]` judge-size tests and its corpus entries,
//! through the built-in invoke's table, limits and expectations.

use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::Duration;

use anyhow::{bail, Result};

use super::jury::{self, FileJury};
use super::{default_corpus, tools, Options};
use crate::config::Source;
use crate::corpus;
use crate::invoke::{Limits, Setup, Solution, Test};
use crate::Catalog;

/// The memory limit when neither `memory_limit` nor `--memory` gives one.
pub(super) const MEMORY: u64 = 256 << 20;
/// The stack when `--stack` gives none: what most systems give a main thread.
const STACK: u64 = 8 << 20;

/// What the command line gives `invoke` beyond the problem file.
pub struct InvokeOptions {
    pub solver_cmds: Vec<String>,
    pub corpus: Option<PathBuf>,
    pub time_limit_ms: Option<u64>,
    pub memory: Option<u64>,
    pub stack: Option<u64>,
}

/// The tests, solutions, limits and jury of a problem file.
pub fn setup(catalog: &Catalog, src: &Source, path: &Path, o: InvokeOptions) -> Result<Setup> {
    let options = Options {
        solver_cmds: o.solver_cmds,
        time_limit_ms: o.time_limit_ms,
        ..Options::default()
    };
    let tools = Rc::new(tools(catalog, src, path, &options)?);
    let file = &tools.file;
    let solutions: Vec<Solution> = tools
        .contenders
        .iter()
        .map(|c| Solution {
            name: c.program.display().to_string(),
            program: c.program.clone(),
            expect: vec![],
        })
        .collect();
    if solutions.is_empty() {
        bail!(
            "{}: no solution to invoke: list some in [problem] `solvers`, or give --solver-cmd",
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
    let dir = o.corpus.unwrap_or_else(|| default_corpus(file));
    tests.extend(corpus_test(&file.programs.name, &dir)?);
    if tests.is_empty() {
        bail!(
            "{}: no test to run: add [[test]] tables (judge-size tests) to the problem file, or give --corpus \
             with entries of `{}`",
            file.origin,
            file.programs.name
        );
    }
    let limits = Limits {
        time: Duration::from_millis(o.time_limit_ms.unwrap_or(file.programs.time_limit_ms)),
        memory: o.memory.or(file.memory).unwrap_or(MEMORY),
        stack: o.stack.unwrap_or(STACK),
        stack_source: if o.stack.is_some() {
            "--stack"
        } else {
            "the usual default; --stack changes it"
        },
    };
    eprintln!("{}: answers by the {}", file.programs.name, reference.about);
    Ok(Setup {
        name: file.programs.name.clone(),
        jury: Box::new(FileJury { tools, reference }),
        tests,
        solutions,
        limits,
    })
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
