//! `harness corpus check --config PROBLEM.toml`: every entry under
//! `corpus/<name>/` replayed with the problem file's programs. An entry is
//! ok when its input is still valid, brute's answer still matches the stored
//! one, the problem file's solvers pass, and the solver it caught, when it is
//! one of them, still fails. The caught solver's command is compared with the
//! problem file's, never run from the entry.

use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;

use super::case::{NoAnswer, Tools};
use crate::checker::Outcome;
use crate::corpus::{self, Entry, Verdict};
use crate::output;

/// What is wrong with an entry; empty when it replays.
fn replay(tools: &Tools, entry: &Entry) -> Vec<String> {
    let mut problems = Vec::new();
    if entry.problem != tools.file.programs.name {
        return vec![format!(
            "key `problem` is `{}`, not `{}`: the entry belongs to another problem",
            entry.problem, tools.file.programs.name
        )];
    }
    if let Err(why) = tools.validate(&entry.input) {
        return vec![format!("the input is not valid: {why}")];
    }
    let answer = match tools.answer(&entry.input) {
        Ok(a) => a,
        Err(NoAnswer::Slow) => return vec!["brute ran past its time limit".into()],
        Err(NoAnswer::Broken(why)) => return vec![format!("brute gives no answer: {why}")],
    };
    let agrees = match &tools.checker {
        Some(c) => c.judge(&entry.input, &answer, &entry.expected) == Outcome::Accepted,
        None => answer.split_whitespace().eq(entry.expected.split_whitespace()),
    };
    if !agrees {
        problems.push(format!(
            "brute now answers `{}`, not the stored `{}`",
            answer.trim(),
            entry.expected.trim()
        ));
    }
    for c in &tools.contenders {
        let name = format!("cmd:{}", c.program.display());
        let caught = entry.solver.as_deref() == Some(name.as_str()) && entry.verdict != Verdict::Regression;
        match (tools.judge(c, &entry.input, &answer), caught) {
            (Ok(()), true) => problems.push(format!("`{name}` no longer fails on its own counterexample")),
            (Err(f), false) => problems.push(format!(
                "`{name}` fails ({}){}",
                f.kind.as_str(),
                if f.detail.is_empty() {
                    String::new()
                } else {
                    format!(": {}", f.detail)
                }
            )),
            _ => {}
        }
    }
    problems
}

pub fn check(tools: &Tools, dir: &Path) -> Result<ExitCode> {
    let name = &tools.file.programs.name;
    let folder = dir.join(name);
    let entries = if folder.is_dir() {
        corpus::load_all(&folder)?
    } else {
        vec![]
    };
    let mut failed = 0;
    for (path, entry) in &entries {
        let problems = match entry {
            Ok(e) => replay(tools, e),
            Err(e) => vec![format!("{e:#}")],
        };
        if problems.is_empty() {
            output::write(&format!("ok    {}\n", path.display()))?;
        } else {
            failed += 1;
            let mut line = format!("FAIL  {}\n", path.display());
            for p in problems {
                line.push_str(&format!("      {p}\n"));
            }
            output::write(&line)?;
        }
    }
    output::write(&format!(
        "{} entries in {}: {} ok, {failed} failed\n",
        entries.len(),
        folder.display(),
        entries.len() - failed
    ))?;
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
