//! `harness corpus check --config PROBLEM.toml`: every entry under
//! `corpus/<name>/` replayed with the problem file's programs. An entry is
//! ok when its input is still valid, brute's answer still matches the stored
//! one, the problem file's solvers and the `--solver-cmd`s pass, and the
//! solver it caught, when it is one of them, still fails. The caught solver's
//! command is compared with theirs, never run from the entry: when it is none
//! of them, the `ok` line says so and how to re-run it. First, the unshrunk
//! copies that stopped runs left get their final names, as `corpus regen`
//! gives built-in problems' theirs.

use std::path::Path;

use anyhow::{Context, Result};

use super::case::{NoAnswer, Tools};
use crate::corpus::{self, Entry, Verdict};
use crate::output;
use crate::style::shell_word;
use crate::target::Outcome as Ended;

/// What an entry's replay found: what is wrong (empty when it replays), and notes for its `ok` line.
struct Replay {
    problems: Vec<String>,
    notes: Vec<String>,
}

/// An entry that does not replay, and why.
fn refused(why: String) -> Replay {
    Replay {
        problems: vec![why],
        notes: vec![],
    }
}

fn replay(tools: &Tools, entry: &Entry) -> Replay {
    let mut problems = Vec::new();
    if entry.problem != tools.file.programs.name {
        return refused(format!(
            "key `problem` is `{}`, not `{}`: the entry belongs to another problem",
            entry.problem, tools.file.programs.name
        ));
    }
    if let Err(why) = tools.validate(&entry.input) {
        return refused(format!("the input is not valid: {why}"));
    }
    let answer = match tools.answer(&entry.input) {
        Ok(a) => a,
        Err(NoAnswer::Slow) => return refused("brute ran past its time limit".into()),
        Err(NoAnswer::Broken(why)) => return refused(format!("brute gives no answer: {why}")),
    };
    match tools.verdict(&entry.input, &answer, &entry.expected) {
        Ok(Ok(())) => {}
        Ok(Err(_)) => problems.push(format!(
            "brute now answers `{}`, not the stored `{}`",
            answer.trim(),
            entry.expected.trim()
        )),
        // Brute's answer may well be the stored one: only the checker could say.
        Err(why) => {
            return refused(format!(
                "the checker gave no verdict on brute's answer against the stored one: {why}"
            ))
        }
    }
    let caught = entry.solver.as_deref().filter(|_| entry.verdict != Verdict::Regression);
    let mut notes = Vec::new();
    if let Some(solver) = caught {
        let rerun = tools
            .contenders
            .iter()
            .any(|c| solver == format!("cmd:{}", c.program.display()));
        if !rerun {
            let cmd = solver.strip_prefix("cmd:").unwrap_or(solver);
            notes.push(format!(
                "`{solver}`, the solver it caught, was not re-run: it is neither in [problem] `solvers` nor \
                 given; to check that it still fails, run this again with --solver-cmd {}",
                shell_word(cmd)
            ));
        }
    }
    for c in &tools.contenders {
        let name = format!("cmd:{}", c.program.display());
        let caught = caught == Some(name.as_str());
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
    Replay { problems, notes }
}

/// Gives each unshrunk copy a stopped run left in `folder` (the problem's,
/// under the corpus `dir`) its final name, as `corpus regen` does for built-in
/// problems' (it skips a problem file's entries): moved there when the name
/// is free, removed when the same entry is already there. A running process's
/// copy is its own; a copy that does not load is replayed, and refused, as it is.
fn settle_unshrunk(tools: &Tools, dir: &Path, folder: &Path) -> Result<()> {
    for copy in corpus::entry_paths(folder)? {
        let Some(pid) = corpus::stopped_unshrunk(&copy) else {
            continue;
        };
        let Ok(entry) = Entry::load(&copy) else { continue };
        if entry.problem != tools.file.programs.name {
            continue;
        }
        let (there, created) = entry.save_new(dir)?;
        std::fs::remove_file(&copy).with_context(|| format!("cannot remove {}", copy.display()))?;
        let what = format!("the unshrunk copy a stopped run (process {pid}) left");
        output::write(&if created {
            format!("moved {} to {}: {what}\n", copy.display(), there.display())
        } else {
            format!(
                "removed {}: {what}; the same entry is {}\n",
                copy.display(),
                there.display()
            )
        })?;
    }
    Ok(())
}

pub fn check(tools: &Tools, dir: &Path) -> Result<Ended> {
    let name = &tools.file.programs.name;
    let folder = dir.join(name);
    let entries = match corpus::problem_folder(dir, name)? {
        Some(folder) => {
            settle_unshrunk(tools, dir, &folder)?;
            corpus::load_all(&folder)?
        }
        None => vec![],
    };
    let mut failed = 0;
    for (path, entry) in &entries {
        let Replay { problems, notes } = match entry {
            Ok(e) => replay(tools, e),
            Err(e) => refused(format!("{e:#}")),
        };
        // A signal kills the programs mid-replay: what they did then proves nothing.
        sandbox::signals::check()?;
        if problems.is_empty() {
            let mut line = format!("ok    {}\n", path.display());
            for n in notes {
                line.push_str(&format!("      {n}\n"));
            }
            output::write(&line)?;
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
    Ok(if failed == 0 { Ended::Passed } else { Ended::Failed })
}
