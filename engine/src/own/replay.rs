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
use sandbox::Program;

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

/// The oracle that answered `entry` (`brute`, `cmd:CMD`, `reference:CMD`), when it is at hand:
/// the file's brute or `reference`, or the `--brute-cmd` or `--reference` given; never a command
/// read from the entry. Else a note naming it and how to give it.
fn oracle_of(tools: &Tools, entry: &Entry) -> Result<(Program, String), String> {
    let wanted = entry.oracle.as_deref().unwrap_or("brute");
    if wanted == tools.oracle {
        return Ok((tools.brute.clone(), tools.oracle.clone()));
    }
    let p = &tools.file.programs;
    let from_file = match wanted.strip_prefix("reference:") {
        _ if wanted == "brute" => Some(&p.brute),
        Some(cmd) => p.reference.as_ref().filter(|r| *r == cmd),
        None => None,
    };
    let how = match wanted.split_once(':') {
        Some(("cmd", cmd)) => format!("--brute-cmd {}", shell_word(cmd)),
        Some((_, cmd)) => format!("--reference {}", shell_word(cmd)),
        None => String::new(),
    };
    from_file
        .and_then(|cmd| Program::parse_in(cmd, &tools.file.dir).ok())
        .map(|program| (program, wanted.to_string()))
        .ok_or_else(|| {
            format!(
                "its answer came from the oracle `{wanted}`, which was not re-run: `{}` answered instead; to \
                 replay it as it was found, run this again with {how}",
                tools.oracle
            )
        })
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
    // The entry's own oracle, else the run's, with a note saying so (a problem when it disagrees).
    let (oracle, who, missing) = match oracle_of(tools, entry) {
        Ok((oracle, who)) => (oracle, who, None),
        Err(note) => (tools.brute.clone(), tools.oracle.clone(), Some(note)),
    };
    let teller = match who.as_str() {
        "brute" => who,
        _ => format!("the oracle `{who}`"),
    };
    let refuse = |why: String| Replay {
        problems: std::iter::once(why).chain(missing.clone()).collect(),
        notes: vec![],
    };
    let answer = match tools.answer_by(&oracle, &entry.input) {
        Ok(a) => a,
        Err(NoAnswer::Slow) => return refuse(format!("{teller} ran past its time limit")),
        Err(NoAnswer::Broken(why)) => return refuse(format!("{teller} gives no answer: {why}")),
    };
    let mut notes = Vec::new();
    match tools.verdict(&entry.input, &answer, &entry.expected) {
        Ok(Ok(())) => notes.extend(missing),
        Ok(Err(_)) => {
            problems.push(format!(
                "{teller} now answers `{}`, not the stored `{}`",
                answer.trim(),
                entry.expected.trim()
            ));
            problems.extend(missing);
        }
        // Brute's answer may well be the stored one: only the checker could say.
        Err(why) => {
            return refused(format!(
                "the checker gave no verdict on brute's answer against the stored one: {why}"
            ))
        }
    }
    let caught = entry.solver.as_deref().filter(|_| entry.verdict != Verdict::Regression);
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
