//! `harness corpus check | regen | add | export | merge`: the corpus workflows. Every
//! entry is judged by its problem's check (through the registry), and one bad
//! entry never hides the others: each is reported, then the exit code says
//! whether any failed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use brute::Budget;

use crate::builtin::registry::{self, DynProblem, Judgement};
use crate::corpus::{self, Entry, Origin, Verdict};
use crate::files::{self, Within};
use crate::output;
use crate::package::{self, Group, Layout};
use crate::style::shell_word;
use crate::target::Outcome;
use crate::testset;
use crate::Catalog;
use sandbox::signals as cancel;

fn exit(failed: usize) -> Outcome {
    if failed == 0 {
        Outcome::Passed
    } else {
        Outcome::Failed
    }
}

/// `FAIL path` and its reasons, indented.
fn failure(path: &Path, why: &[String]) -> String {
    let mut out = format!("FAIL  {}\n", path.display());
    for w in why {
        out.push_str(&format!("      {w}\n"));
    }
    out
}

/// A loaded entry with its problem, or why it cannot be used: the file did
/// not load, or it names no known problem.
fn usable<'e>(catalog: &Catalog, entry: &'e Result<Entry>) -> Result<(&'e Entry, &'static dyn DynProblem), String> {
    let entry = entry.as_ref().map_err(|e| format!("{e:#}"))?;
    let problem = catalog.problem_of(entry).map_err(|e| format!("{e:#}"))?;
    Ok((entry, problem))
}

/// The interactive problem of an entry, if it is one's: its jury replays it, and it has no
/// judge answer to regenerate or export.
fn interactive<'e>(
    catalog: &Catalog,
    entry: &'e Result<Entry>,
) -> Option<(&'e Entry, &'static dyn crate::interactive::DynInteractive)> {
    let entry = entry.as_ref().ok()?;
    Some((entry, catalog.game(&entry.problem)?))
}

pub fn check(catalog: &Catalog, dir: &Path, budget: &Budget) -> Result<Outcome> {
    let entries = corpus::load_all(dir)?;
    let (mut failed, mut malformed, mut skipped) = (0, 0, 0);
    for (path, entry) in &entries {
        cancel::check()?;
        if let Some(e) = problem_files(catalog, entry, path) {
            skipped += 1;
            output::write(&skip(e, path, dir, Instead::Replay))?;
            continue;
        }
        let replay = match interactive(catalog, entry).map(|(e, game)| game.replay(e, budget)) {
            Some(Err(e)) => {
                malformed += 1;
                output::write(&format!(
                    "ERROR {}
      {e:#}
",
                    path.display()
                ))?;
                continue;
            }
            Some(Ok(replay)) => Ok(replay),
            None => usable(catalog, entry).map(|(e, p)| p.replay(e, budget)),
        };
        match replay {
            Ok(r) if r.ok() => {
                let mut line = format!("ok    {}\n", path.display());
                for n in &r.notes {
                    line.push_str(&format!("      {n}\n"));
                }
                output::write(&line)?;
            }
            Ok(r) => {
                failed += 1;
                output::write(&failure(path, &r.problems))?;
            }
            Err(e) => {
                failed += 1;
                output::write(&failure(path, &[e]))?;
            }
        }
    }
    output::write(&format!(
        "{} entries in {}: {} ok, {failed} failed, {skipped} skipped\n",
        entries.len(),
        dir.display(),
        entries.len() - failed - malformed - skipped
    ))?;
    if malformed > 0 {
        anyhow::bail!("{malformed} entries are malformed (ERROR above): fix or remove them");
    }
    Ok(exit(failed))
}

/// The entry, when it belongs to a problem file rather than to a built-in problem.
fn problem_files<'a>(catalog: &Catalog, entry: &'a Result<Entry>, path: &Path) -> Option<&'a Entry> {
    let e = entry.as_ref().ok()?;
    let foreign = catalog.game(&e.problem).is_none() && catalog.problem_of(e).is_err();
    (foreign && own_problem_entry(e, path)).then_some(e)
}

/// What a command skipping a problem file's entry points to instead.
#[derive(Clone, Copy)]
enum Instead {
    /// `corpus check --config`: `check` and `regen`.
    Replay,
    /// `testset --config`: `export`.
    Export,
}

/// `skip path` and the command that handles a problem file's entry. Only its
/// problem file's programs can answer it, and none is ever run because an
/// entry names it: the command is printed for the user to run.
fn skip(entry: &Entry, path: &Path, dir: &Path, instead: Instead) -> String {
    let corpus = shell_word(&dir.display().to_string());
    let (whose, config) = match entry.origin.as_ref().and_then(|o| o.config.as_deref()) {
        Some(config) => (format!("the problem file {}", shell_word(config)), shell_word(config)),
        None => (
            "a problem file it does not name".to_string(),
            "PROBLEM.toml".to_string(),
        ),
    };
    let (verb, command) = match instead {
        Instead::Replay => ("replay", format!("corpus check --config {config} --corpus {corpus}")),
        Instead::Export => (
            "export",
            format!("testset --config {config} --corpus {corpus} --out DIR"),
        ),
    };
    format!(
        "skip  {}\n      `{}` is no built-in problem: the entry belongs to {whose}; {verb} it with\n      \
         harness {command}\n",
        path.display(),
        entry.problem
    )
}

/// Recomputes every expected answer, rewrites the ones the problem's check no
/// longer accepts, and moves every entry to the file name its content hashes
/// to (a hand-edited input, a renamed file), so a second run is quiet.
pub fn regen(catalog: &Catalog, dir: &Path, budget: &Budget) -> Result<Outcome> {
    let entries = corpus::load_all(dir)?;
    corpus::tidy(dir);
    let (mut changed, mut failed, mut skipped) = (0, 0, 0);
    for (path, entry) in entries.iter() {
        cancel::check()?;
        if interactive(catalog, entry).is_some() {
            continue;
        }
        if let Some(e) = problem_files(catalog, entry, path) {
            skipped += 1;
            output::write(&skip(e, path, dir, Instead::Replay))?;
            continue;
        }
        let outcome = usable(catalog, entry).and_then(|(entry, problem)| {
            Ok((
                entry,
                problem,
                problem.recompute(entry, budget).map_err(|e| format!("{e:#}"))?,
            ))
        });
        let (entry, problem, fresh) = match outcome {
            Ok(x) => x,
            Err(e) => {
                failed += 1;
                output::write(&failure(path, &[e]))?;
                continue;
            }
        };
        let mut entry = entry.clone();
        // An alias names the problem, never a folder.
        let alias = (entry.problem != problem.id().name).then(|| entry.problem.clone());
        entry.problem = problem.id().name.to_string();
        let right_place = dir.join(entry.file_name());
        let misplaced = !same_file(path, &right_place);
        if fresh.is_none() && !misplaced {
            continue;
        }
        changed += 1;
        let mut line = format!("CHANGED {}\n", path.display());
        if let Some(alias) = alias {
            line.push_str(&format!("  `{alias}` is an alias: problem = \"{}\"\n", entry.problem));
        }
        if let Some(fresh) = fresh {
            line.push_str(&format!("  was: {}\n  now: {}\n", entry.expected.trim(), fresh.trim()));
            entry.expected = fresh;
            entry.version = corpus::VERSION;
        }
        if misplaced {
            line.push_str(&format!(
                "  its content hashes to {}: moved there\n",
                right_place.display()
            ));
        }
        let saved = entry.save(dir).with_context(|| path.display().to_string())?;
        if !same_file(path, &saved) {
            std::fs::remove_file(path).with_context(|| format!("cannot remove {}", path.display()))?;
        }
        output::write(&line)?;
    }
    output::write(&format!(
        "{} entries in {}: {changed} changed, {failed} could not be read, {skipped} skipped\n",
        entries.len(),
        dir.display()
    ))?;
    Ok(exit(changed + failed))
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// Keeps a judge input as a regression entry. The input is stored as the
/// judge format writes it back, so the same instance with other whitespace or
/// line ends is the same entry; an entry already there keeps its metadata
/// (its `[origin]`, which marks a judge sample) unless `--note` replaces the note.
///
/// With `reference`, a trusted solver answers instead of brute (recorded in
/// the entry, which then replays with it).
pub fn add(
    catalog: &Catalog,
    dir: &Path,
    budget: &Budget,
    problem: &str,
    input: &Path,
    note: Option<String>,
    reference: Option<&str>,
) -> Result<Outcome> {
    let problem = catalog.problem(problem)?;
    let raw = files::read_text(input, Within::Anywhere, files::DATA)?;
    let text = problem.canonical(&raw).with_context(|| input.display().to_string())?;
    let (expected, oracle) =
        registry::answers(problem, &text, reference, budget).with_context(|| input.display().to_string())?;
    // A signal during the search: nothing is written (see `cancel`).
    cancel::check()?;
    let fresh = Entry {
        oracle: reference.map(|_| oracle),
        ..Entry::new(problem.id().name, Verdict::Regression, text, expected)
    };
    let there = dir.join(fresh.checked_name()?);
    corpus::tidy(dir);
    let (entry, verb) = if there.is_file() {
        let old = Entry::load(&there).context("the entry already there does not load: fix or remove it")?;
        let mut entry = old.clone();
        if entry.expected.trim_end() != fresh.expected.trim_end() || entry.oracle != fresh.oracle {
            entry.expected = fresh.expected;
            entry.oracle = fresh.oracle;
            entry.version = corpus::VERSION;
        }
        if let Some(note) = note {
            entry.origin.get_or_insert_with(Origin::default).note = Some(note);
        }
        if entry == old {
            (entry, "already there, unchanged:")
        } else {
            entry.save(dir)?;
            (entry, "updated (it was already there; the rest of its metadata kept)")
        }
    } else {
        let entry = Entry {
            origin: note.map(|note| Origin {
                note: Some(note),
                ..Origin::default()
            }),
            ..fresh
        };
        entry.save(dir)?;
        (entry, "added")
    };
    let path = there;
    let replay = problem.replay(&entry, budget);
    if !replay.ok() {
        output::write(&format!(
            "added {}, but it does not replay yet:\n  {}\n",
            path.display(),
            replay.problems.join("\n  ")
        ))?;
        return Ok(Outcome::Failed);
    }
    output::write(&format!(
        "{verb} {} (expected: {})\n",
        path.display(),
        entry.expected.trim()
    ))?;
    Ok(Outcome::Passed)
}

/// Why an entry's stored answer may not go out as a test, if it may not: the
/// problem's check rejects it, or it does not parse. Answers from a reference
/// solver are beyond brute's reach and go out as recorded.
fn rejection(problem: &dyn DynProblem, entry: &Entry, budget: &Budget) -> Option<String> {
    if entry.oracle.is_some() {
        return None;
    }
    match problem.judge_output(&entry.input, &entry.expected, None, entry.brute.as_ref(), budget) {
        Ok(Judgement::Accepted) => None,
        Ok(Judgement::Rejected(why)) => Some(format!("its answer is rejected: {why}")),
        Ok(Judgement::Malformed(e)) => Some(format!("its answer does not parse: {e}")),
        Err(e) => Some(format!("{e:#}")),
    }
}

/// Writes the entries as test sets in `layout` (one per problem, in a
/// subfolder each unless `only` names one), whole or not at all: into a
/// temporary folder moved into place, never over the corpus or the sources,
/// and over a folder that is not empty only with `force`. Each stored answer
/// is judged by the problem's check first, so no test goes out with an answer
/// the check rejects.
pub fn export(
    catalog: &Catalog,
    dir: &Path,
    out: &Path,
    only: Option<&str>,
    layout: Layout,
    force: bool,
    budget: &Budget,
) -> Result<Outcome> {
    let only = only.map(|name| catalog.problem(name)).transpose()?.map(|p| p.id().name);
    package::check_destination(out, force, dir, None)?;
    if let (Some(name), true) = (only, layout.is_kattis()) {
        package::check_kattis_folder(out, name)?;
    }
    let mut sets = BTreeMap::<&str, (&'static dyn DynProblem, Vec<package::Test>)>::new();
    let mut failed = 0;
    for (path, entry) in corpus::load_all(dir)? {
        cancel::check()?;
        if interactive(catalog, &entry).is_some() {
            continue;
        }
        if let Some(e) = problem_files(catalog, &entry, &path) {
            // With `--problem`, an entry of another problem is simply not asked for.
            if only.is_none() {
                output::write(&skip(e, &path, dir, Instead::Export))?;
            }
            continue;
        }
        let (entry, problem) = match usable(catalog, &entry) {
            Ok(x) => x,
            Err(e) => {
                failed += 1;
                output::write(&failure(&path, &[e]))?;
                continue;
            }
        };
        let name = problem.id().name;
        if only.is_some_and(|o| o != name) {
            continue;
        }
        if let Some(why) = rejection(problem, entry, budget) {
            failed += 1;
            output::write(&failure(&path, &[format!("not exported: {why}")]))?;
            continue;
        }
        let shown = path.strip_prefix(dir).unwrap_or(&path).display().to_string();
        let note = entry.origin.as_ref().and_then(|o| o.note.clone());
        sets.entry(name)
            .or_insert_with(|| (problem, vec![]))
            .1
            .push(package::Test {
                input: entry.input.clone(),
                answer: entry.expected.clone(),
                group: if testset::is_sample(entry) {
                    Group::Sample
                } else {
                    Group::Corpus
                },
                by: entry.oracle.clone().unwrap_or_else(|| "brute".into()),
                what: format!(
                    "corpus {shown}: {}",
                    note.unwrap_or_else(|| entry.verdict.as_str().into())
                ),
                gen_args: None,
            });
    }
    if sets.is_empty() {
        output::write(&format!("no entries to export in {}: nothing written\n", dir.display()))?;
        return Ok(exit(failed));
    }
    package::write_folder(out, |root| {
        for (name, (problem, tests)) in &sets {
            let folder = match (only, layout) {
                (Some(_), _) => root.to_path_buf(),
                // Each package's folder is its short name, as Kattis judges require.
                (None, layout) if layout.is_kattis() => root.join(package::short_name(name)),
                (None, _) => root.join(name),
            };
            package::fill(&package::About::of(*problem)?, layout, tests, &folder)?;
        }
        Ok(())
    })?;
    for (problem, (_, tests)) in &sets {
        let n = tests.len();
        let noun = if n == 1 { "test" } else { "tests" };
        output::write(&format!("{problem}: {n} {noun} written\n"))?;
    }
    Ok(exit(failed))
}

/// An entry read for a merge, with the text it is copied as.
struct Found {
    path: PathBuf,
    text: String,
    entry: Entry,
    /// Already in the destination: never replaced.
    home: bool,
}

/// Every entry of a folder that must be a corpus: a missing folder, a file
/// that is not an entry, or a folder with files but no entry is an error.
fn read_corpus(catalog: &Catalog, dir: &Path, home: bool) -> Result<Vec<Found>> {
    let whence = if home { "--corpus " } else { "" };
    if !dir.is_dir() {
        anyhow::bail!(
            "{whence}{} is not a corpus folder: it {}\n  give the --corpus folder of each run; nothing was merged",
            dir.display(),
            if dir.exists() {
                "is not a folder"
            } else {
                "does not exist"
            }
        );
    }
    let paths = corpus::entry_paths(dir)?;
    let has_files = std::fs::read_dir(dir)
        .with_context(|| format!("cannot list {}", dir.display()))?
        .next()
        .is_some();
    if paths.is_empty() && has_files {
        anyhow::bail!(
            "{whence}{} is not a corpus folder: it holds no entry (PROBLEM/HASH.toml)\n  \
             give the --corpus folder of each run; nothing was merged",
            dir.display()
        );
    }
    paths
        .into_iter()
        .map(|path| {
            let mut entry = Entry::load(&path).map_err(|e| {
                anyhow::anyhow!(
                    "{whence}{} is not a corpus folder, or holds a broken entry: {e:#}\n  \
                     fix or move that file; nothing was merged",
                    dir.display()
                )
            })?;
            let mut text = files::read_text(&path, Within::Folder(dir), files::DATA)?;
            let name = match catalog.game(&entry.problem) {
                Some(game) => game.id().name.to_string(),
                None => match catalog.problem_of(&entry) {
                    Ok(problem) => problem.id().name.to_string(),
                    // A problem file's entries (`harness --config p.toml`): a plain
                    // name, in the folder of that name, never a path.
                    Err(_) if own_problem_entry(&entry, &path) => entry.problem.clone(),
                    Err(e) => anyhow::bail!(
                        "{}: {e:#}\n  fix the entry's `problem` (see `harness list`) or move that file; \
                         nothing was merged",
                        path.display()
                    ),
                },
            };
            // An alias is written as the problem's name, in that problem's folder.
            if entry.problem != name {
                entry.problem = name.to_string();
                text = toml::to_string(&entry).context("cannot serialize a corpus entry")?;
            }
            Ok(Found {
                path,
                text,
                entry,
                home,
            })
        })
        .collect()
}

/// Whether an entry of no registered problem is a problem file's: its
/// `problem` is a plain name and the entry lies in the folder of that name.
fn own_problem_entry(entry: &Entry, path: &Path) -> bool {
    entry.checked_name().is_ok()
        && path
            .parent()
            .and_then(Path::file_name)
            .is_some_and(|folder| folder == entry.problem.as_str())
}

/// An answer on one line, for a conflict report.
fn short(answer: &str) -> String {
    let one = answer.trim().replace('\n', " / ");
    match one.char_indices().nth(60) {
        Some((cut, _)) => format!("{}...", &one[..cut]),
        None => one,
    }
}

/// Merges corpus folders into `out`. Entries are grouped by input (problem,
/// input, brute's options); a group whose expected answers differ is a
/// conflict: reported with every file, none of it written, and `out`'s own
/// entry left as it is. Otherwise each file name is written once: entries
/// already in `out` stay, and among the others the earliest case (then the
/// text) wins, the entry one process over every shard would have kept.
pub fn merge(catalog: &Catalog, sources: &[PathBuf], out: &Path) -> Result<Outcome> {
    // Everything is read before anything is written, so bad input changes nothing.
    let mut all = if out.exists() {
        read_corpus(catalog, out, true)?
    } else {
        vec![]
    };
    for dir in sources {
        all.extend(read_corpus(catalog, dir, false)?);
    }
    corpus::tidy(out);
    let read = all.iter().filter(|f| !f.home).count();
    let mut groups: BTreeMap<(String, String, String), Vec<Found>> = BTreeMap::new();
    for f in all {
        let brute = f.entry.brute.as_ref().map(|t| t.to_string()).unwrap_or_default();
        let key = (f.entry.problem.clone(), f.entry.input.trim_end().to_string(), brute);
        groups.entry(key).or_default().push(f);
    }
    let (mut written, mut there, mut duplicates, mut conflicts) = (0, 0, 0, 0);
    for ((problem, _, _), group) in groups {
        cancel::check()?;
        let first = group[0].entry.expected.trim_end();
        if group.iter().any(|f| f.entry.expected.trim_end() != first) {
            conflicts += 1;
            let mut line = format!("CONFLICT  {problem}: the same input with different expected answers\n");
            for f in &group {
                line.push_str(&format!(
                    "      {}: expected {}\n",
                    f.path.display(),
                    short(&f.entry.expected)
                ));
            }
            line.push_str(
                "      none of these was merged; replay each folder with `harness corpus check --corpus DIR` \
                 to see which answer is right\n",
            );
            output::write(&line)?;
            continue;
        }
        let mut by_name: BTreeMap<PathBuf, Vec<Found>> = BTreeMap::new();
        for f in group {
            by_name.entry(f.entry.checked_name()?).or_default().push(f);
        }
        for (name, mut copies) in by_name {
            if copies.iter().any(|f| f.home) {
                there += copies.iter().filter(|f| !f.home).count();
                continue;
            }
            duplicates += copies.len() - 1;
            copies.sort_by(|a, b| {
                let case = |f: &Found| f.entry.origin.as_ref().and_then(|o| o.case).unwrap_or(u64::MAX);
                (case(a), &a.text).cmp(&(case(b), &b.text))
            });
            // Another process may have written the name meanwhile: its entry stays.
            if corpus::write_new(&out.join(&name), &copies[0].text)? {
                written += 1;
            } else {
                there += 1;
            }
        }
    }
    output::write(&format!(
        "{read} entries from {} folders into {}: {written} written, {duplicates} duplicates, {there} already \
         there, {conflicts} conflicts\n",
        sources.len(),
        out.display()
    ))?;
    Ok(exit(conflicts))
}
