//! `harness testset`: a problem's full test set as `01.in` / `01.ans` pairs
//! with an index: the judge's samples, every corpus entry, a spread of random
//! small cases from the main config, and the judge-size tests. Answers come
//! from brute where it reaches and from the trusted reference elsewhere; each
//! input passes the judge's parser, which enforces the limits.
//!
//! The set is written to a temporary folder beside the destination and moved
//! into place, so a failure leaves nothing half-written, and the same command
//! writes byte-identical files.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use brute::Budget;

use crate::config::Source;
use crate::corpus::{self, Verdict};
use crate::judge_size;
use crate::registry::{self, DynProblem};

/// One test before it is written.
struct Test {
    input: String,
    /// What it is, for the index.
    what: String,
    brute: Option<toml::Table>,
    /// Beyond brute by construction: the reference answers without brute being tried.
    judge_size: bool,
}

pub struct Options {
    pub out: PathBuf,
    pub force: bool,
    /// Random small cases from the main config.
    pub random: u64,
    pub corpus: PathBuf,
    pub budget: Budget,
    /// Leave out the judge-size tests (quick sets, and tests of this command).
    pub no_judge_size: bool,
}

/// Builds the set; returns how many tests were written.
pub fn write(problem: &dyn DynProblem, o: &Options, progress: &mut dyn FnMut(&str)) -> Result<usize> {
    check_destination(&o.out, o.force)?;
    let name = problem.id().name;
    let mut tests = samples_then_corpus(problem, &o.corpus)?;
    let path = registry::find_config(problem.config())?;
    let src = Source::load(&path, vec![])?;
    for case in 0..o.random {
        crate::cancel::check()?;
        tests.push(Test {
            input: problem.generate(&src, None, case, 1)?,
            what: format!("random: {} case {case}", path.display()),
            brute: None,
            judge_size: false,
        });
    }
    if !o.no_judge_size {
        for spec in judge_size::specs(problem)? {
            crate::cancel::check()?;
            progress(&format!("{name}: judge-size test `{}`", spec.name));
            tests.push(Test {
                input: judge_size::input(problem, &spec)?,
                what: format!("judge size `{}`: {} (seed {})", spec.name, spec.about, spec.seed),
                brute: None,
                judge_size: true,
            });
        }
    }
    let parent = match o.out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent).with_context(|| format!("cannot create {}", parent.display()))?;
    let tmp = parent.join(format!(
        ".{}.tmp{}",
        o.out.file_name().map_or("testset".into(), |n| n.to_string_lossy()),
        std::process::id()
    ));
    let result = fill(problem, &tests, &tmp, &o.budget).and_then(|()| move_into_place(&tmp, &o.out));
    if result.is_err() {
        let _ = std::fs::remove_dir_all(&tmp);
    }
    result.map(|()| tests.len())
}

/// Judge samples first (entries whose note says so), then the other corpus entries, by file name.
fn samples_then_corpus(problem: &dyn DynProblem, dir: &Path) -> Result<Vec<Test>> {
    let name = problem.id().name;
    let folder = dir.join(name);
    if !folder.is_dir() {
        return Ok(vec![]);
    }
    let mut samples = Vec::new();
    let mut others = Vec::new();
    for (path, entry) in corpus::load_all(&folder)? {
        let entry = entry?;
        let note = entry.origin.as_ref().and_then(|o| o.note.clone());
        let is_sample = entry.verdict == Verdict::Regression && note.as_deref().is_some_and(|n| n.contains("sample"));
        let shown = path.strip_prefix(dir).unwrap_or(&path).display().to_string();
        let test = Test {
            input: entry.input,
            what: match note {
                Some(n) => format!("corpus {shown}: {n}"),
                None => format!("corpus {shown}: {}", entry.verdict.as_str()),
            },
            brute: entry.brute,
            judge_size: false,
        };
        if is_sample {
            samples.push(test);
        } else {
            others.push(test);
        }
    }
    samples.append(&mut others);
    Ok(samples)
}

fn check_destination(out: &Path, force: bool) -> Result<()> {
    if out.exists() {
        if !out.is_dir() {
            bail!("{} exists and is not a folder: choose another --out", out.display());
        }
        let empty = std::fs::read_dir(out)
            .with_context(|| format!("cannot read {}", out.display()))?
            .next()
            .is_none();
        if !empty && !force {
            bail!(
                "{} exists and is not empty: choose another --out, or add --force to replace it",
                out.display()
            );
        }
    }
    Ok(())
}

/// Writes every pair and the index into `dir`.
fn fill(problem: &dyn DynProblem, tests: &[Test], dir: &Path, budget: &Budget) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let width = tests.len().to_string().len().max(2);
    let mut index = format!(
        "# {}: {} tests ({})\n# number  answered by  what\n",
        problem.id().name,
        tests.len(),
        problem.id().limits_text()
    );
    for (k, t) in tests.iter().enumerate() {
        crate::cancel::check()?;
        let stem = format!("{:0width$}", k + 1);
        problem
            .parse_input(&t.input)
            .map_err(|e| anyhow!("test {stem} ({}) breaks the judge's format: {e}", t.what))?;
        let (answer, by) = problem
            .jury(&t.input, t.brute.as_ref(), (!t.judge_size).then_some(budget))
            .with_context(|| format!("test {stem} ({})", t.what))?;
        for (ext, text) in [("in", &t.input), ("ans", &answer)] {
            let file = dir.join(format!("{stem}.{ext}"));
            std::fs::write(&file, text).with_context(|| format!("cannot write {}", file.display()))?;
        }
        let _ = writeln!(index, "{stem}  {by:<16} {}", t.what);
    }
    let file = dir.join("index.txt");
    std::fs::write(&file, index).with_context(|| format!("cannot write {}", file.display()))
}

/// Renames `tmp` to `out`, replacing what `out` held (checked empty or forced before).
fn move_into_place(tmp: &Path, out: &Path) -> Result<()> {
    if out.exists() {
        let old = out.with_file_name(format!(
            ".{}.old{}",
            out.file_name().map_or("testset".into(), |n| n.to_string_lossy()),
            std::process::id()
        ));
        std::fs::rename(out, &old).with_context(|| format!("cannot move the old {} aside", out.display()))?;
        std::fs::rename(tmp, out).with_context(|| format!("cannot move the new test set to {}", out.display()))?;
        std::fs::remove_dir_all(&old).with_context(|| format!("cannot remove {}", old.display()))?;
    } else {
        std::fs::rename(tmp, out).with_context(|| format!("cannot move the new test set to {}", out.display()))?;
    }
    Ok(())
}
