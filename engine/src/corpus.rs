//! The corpus: one TOML file per shrunk counterexample or regression case,
//! named by a hash of its problem, solver and input so nothing is stored twice.
//! Files merge by name, so corpora from many machines (`--shard`) combine by copying.
//!
//! How the format evolves: every entry carries `version` (absent means 1, the
//! first format). A new version may only add optional keys whose absence means
//! what older entries meant, so every old entry keeps replaying; keys stay
//! checked (`deny_unknown_fields`), so a typo is an error, and an entry from a
//! newer harness is refused with a message saying so.
//! Version 2 added `oracle` and the `[brute]` table. Version 3 added
//! `transcript`, the lines of a lost game of an interactive problem.

use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use serde::{Deserialize, Serialize};

use crate::files::{self, Within};
use crate::verdict::Kind;

/// The format this harness writes.
pub const VERSION: u32 = 3;

fn first_version() -> u32 {
    1
}

/// What an entry records. Failures keep the verdict kind they were found with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Mismatch,
    Crash,
    Timeout,
    BadOutput,
    Flaky,
    Panic,
    /// A judge sample or an input kept on purpose: brute and every default
    /// solver must answer it.
    Regression,
}

impl Verdict {
    /// The spelling in the file.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Mismatch => "mismatch",
            Verdict::Crash => "crash",
            Verdict::Timeout => "timeout",
            Verdict::BadOutput => "bad-output",
            Verdict::Flaky => "flaky",
            Verdict::Panic => "panic",
            Verdict::Regression => "regression",
        }
    }

    /// The verdict a failure of kind `k` is stored as; none for a run that
    /// proves nothing about its input (cancelled, or a program that cannot run).
    pub fn of(k: Kind) -> Option<Verdict> {
        Some(match k {
            Kind::Mismatch => Verdict::Mismatch,
            Kind::Crash => Verdict::Crash,
            Kind::Timeout => Verdict::Timeout,
            Kind::BadOutput => Verdict::BadOutput,
            Kind::Flaky => Verdict::Flaky,
            Kind::Panic => Verdict::Panic,
            Kind::Cancelled | Kind::CannotRun => return None,
        })
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Verdicts compare with their spelling in the file, e.g. `"mismatch"`.
impl PartialEq<&str> for Verdict {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    #[serde(default = "first_version")]
    pub version: u32,
    pub problem: String,
    pub verdict: Verdict,
    /// The solver that failed (`cmd:...` for an external program); absent for regression cases.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solver: Option<String>,
    pub input: String,
    /// The oracle's answer, in the judge's output format.
    pub expected: String,
    /// Who computed `expected`: `brute` (also when absent) or `reference:NAME`, a
    /// trusted solver used beyond brute's reach, which replays the entry when
    /// brute cannot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub oracle: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actual: Option<String>,
    /// Exit status, stderr tail, parse error, panic message, the check's reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// Interactive problems: the game after the position, one `jury: ...` or `player: ...`
    /// line each, as the jury replays it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transcript: Option<String>,
    /// The `[brute]` options `expected` was computed with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub brute: Option<toml::Table>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<Origin>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Origin {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub case: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shrunk_from: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// FNV-1a, 64 bits: stable across Rust versions, unlike `DefaultHasher`.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Entry {
    /// A new entry in the current format.
    pub fn new(problem: &str, verdict: Verdict, input: String, expected: String) -> Entry {
        Entry {
            version: VERSION,
            problem: problem.into(),
            verdict,
            solver: None,
            input,
            expected,
            oracle: None,
            actual: None,
            detail: None,
            brute: None,
            origin: None,
            transcript: None,
        }
    }

    /// `<problem>/<hash>.toml`, the hash over the problem name, solver, canonical
    /// input and, when there are any, brute's options (so entries written before
    /// options existed keep their names).
    pub fn file_name(&self) -> PathBuf {
        let mut key = format!(
            "{}\n{}\n{}",
            self.problem,
            self.solver.as_deref().unwrap_or(""),
            self.input.trim_end()
        );
        if let Some(options) = self.brute.as_ref().filter(|t| !t.is_empty()) {
            key.push_str(&format!("\n[brute]\n{options}"));
        }
        PathBuf::from(&self.problem).join(format!("{:016x}.toml", fnv1a(key.as_bytes())))
    }

    /// Writes the entry under `dir` atomically (temporary file, then rename),
    /// replacing what is there.
    pub fn save(&self, dir: &Path) -> Result<PathBuf> {
        let path = dir.join(self.checked_name()?);
        write_atomically(&path, &self.text()?)?;
        Ok(path)
    }

    /// Writes the entry under `dir` unless a file of its name is already
    /// there (another run's, or an earlier one's: never replaced). The path,
    /// and whether this call created the file.
    pub fn save_new(&self, dir: &Path) -> Result<(PathBuf, bool)> {
        let path = dir.join(self.checked_name()?);
        let created = write_new(&path, &self.text()?)?;
        Ok((path, created))
    }

    /// Writes the entry as `<problem>/<hash>.unshrunk-<PID>.toml`, the copy a
    /// run keeps while it shrinks the entry: a name no final entry has, so it
    /// replaces nothing, yet a loadable entry, so a run killed meanwhile loses
    /// nothing (`corpus regen` moves it to its final name, and `corpus check
    /// --config` a problem file's: [`stopped_unshrunk`]). Written only if
    /// absent, like [`Entry::save_new`].
    pub fn save_unshrunk(&self, dir: &Path) -> Result<(PathBuf, bool)> {
        let name = self
            .checked_name()?
            .with_extension(format!("unshrunk-{}.toml", std::process::id()));
        let path = dir.join(name);
        let created = write_new(&path, &self.text()?)?;
        Ok((path, created))
    }

    /// The file name, once `problem` is known to be a plain name: a corpus
    /// entry's data never becomes a path outside its folder.
    pub fn checked_name(&self) -> Result<PathBuf> {
        let plain = !self.problem.is_empty()
            && self
                .problem
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if !plain {
            bail!(
                "key `problem`: `{}` is not a problem name (lowercase letters, digits and `-`)",
                self.problem.escape_debug()
            );
        }
        Ok(self.file_name())
    }

    fn text(&self) -> Result<String> {
        toml::to_string(self).context("cannot serialize a corpus entry")
    }

    pub fn load(path: &Path) -> Result<Entry> {
        let folder = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let text = files::read_text(path, Within::Folder(folder), files::DATA)?;
        let entry: Entry = toml::from_str(&text).map_err(|e| anyhow!("{}: {}", path.display(), e))?;
        if entry.version > VERSION {
            bail!(
                "{}: written in corpus format {} by a newer harness; this one reads up to {VERSION}: update the harness",
                path.display(),
                entry.version
            );
        }
        Ok(entry)
    }
}

/// Writes `text` to `path` through a temporary file and a rename, so a reader
/// (or a crash) never sees half a file; creates the folders on the way.
pub fn write_atomically(path: &Path, text: &str) -> Result<()> {
    let tmp = Temporary::write(path, text)?;
    if fault::injected(fault::Stage::Rename) {
        bail!("cannot move {} into place: {}", tmp.0.display(), fault::error());
    }
    std::fs::rename(&tmp.0, path).map_err(|e| anyhow!("cannot move {} into place: {e}", tmp.0.display()))
}

/// Writes `text` to `path` only if no file is there: a temporary file, then a
/// hard link to `path`, which the kernel refuses when the name is taken, so
/// of two processes writing one name, exactly one creates it and neither
/// replaces the other's. Whether this call created the file.
pub fn write_new(path: &Path, text: &str) -> Result<bool> {
    let tmp = Temporary::write(path, text)?;
    if fault::injected(fault::Stage::Rename) {
        bail!("cannot move {} into place: {}", tmp.0.display(), fault::error());
    }
    match std::fs::hard_link(&tmp.0, path) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
        // A file system without hard links: the check and the rename are two steps.
        Err(_) if path.exists() => Ok(false),
        Err(_) => std::fs::rename(&tmp.0, path)
            .map(|()| true)
            .map_err(|e| anyhow!("cannot move {} into place: {e}", tmp.0.display())),
    }
}

/// A temporary file beside its final path, `<name>.tmp<PID>`: removed when
/// dropped, so no failure path leaves it behind (a moved file is already gone;
/// a linked one keeps its final name). A process killed outright leaves it to
/// [`remove_stale_temporaries`].
struct Temporary(PathBuf);

impl Temporary {
    fn write(path: &Path, text: &str) -> Result<Temporary> {
        let parent = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        std::fs::create_dir_all(parent).with_context(|| format!("cannot create folder {}", parent.display()))?;
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(format!(".tmp{}", std::process::id()));
        let tmp = Temporary(PathBuf::from(tmp));
        let written = if fault::injected(fault::Stage::Write) {
            // As a full disk does: the file exists, half written.
            std::fs::write(&tmp.0, &text.as_bytes()[..text.len() / 2]).and(Err(fault::error()))
        } else {
            std::fs::write(&tmp.0, text)
        };
        written.with_context(|| format!("cannot write {}", tmp.0.display()))?;
        Ok(tmp)
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        std::fs::remove_file(&self.0).ok();
    }
}

/// Removes the temporaries (`*.tmp<PID>`) that processes no longer alive left
/// under `dir`, as a killed run does, and says so on stderr; a live process's
/// are its own. A run that writes into a corpus calls this first.
pub fn tidy(dir: &Path) {
    for path in remove_stale_temporaries(dir) {
        eprintln!("removed {}: a temporary file of a run that was stopped", path.display());
    }
}

/// The paths [`tidy`] removes.
fn remove_stale_temporaries(dir: &Path) -> Vec<PathBuf> {
    let mut removed = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    let mut seen = HashSet::new();
    while let Some(d) = stack.pop() {
        let Ok(real) = d.canonicalize() else { continue };
        if !seen.insert(real) {
            continue;
        }
        let Ok(list) = std::fs::read_dir(&d) else { continue };
        for p in list.filter_map(|e| Some(e.ok()?.path())) {
            if p.is_dir() {
                stack.push(p);
            } else if temporary_of(&p).is_some_and(|pid| !alive(pid)) && std::fs::remove_file(&p).is_ok() {
                removed.push(p);
            }
        }
    }
    removed.sort();
    removed
}

/// The process that wrote a temporary `<name>.tmp<PID>`, if `path` is one.
fn temporary_of(path: &Path) -> Option<i32> {
    let name = path.file_name()?.to_str()?;
    let (_, pid) = name.rsplit_once(".tmp")?;
    pid.bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| pid.parse().ok())
        .flatten()
}

/// The process that wrote the unshrunk copy `path` (see
/// [`Entry::save_unshrunk`]), when it is one and that process has stopped:
/// the copy is then nobody's, and due its final name.
pub fn stopped_unshrunk(path: &Path) -> Option<i32> {
    let name = path.file_name()?.to_str()?;
    let (_, pid) = name.strip_suffix(".toml")?.rsplit_once(".unshrunk-")?;
    let pid: i32 = pid
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| pid.parse().ok())
        .flatten()?;
    (!alive(pid)).then_some(pid)
}

fn alive(pid: i32) -> bool {
    // SAFETY: signal 0 sends nothing; it only asks whether the process exists.
    let r = unsafe { libc::kill(pid, 0) };
    r == 0 || std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
}

/// Write faults on demand, for the tests of what a full disk does to a run:
/// `HARNESS_FAIL_WRITES` lists the corpus and summary writes of the process
/// that fail, counted from 1: `3` (the third), `3-` (the third and every later
/// one), comma-separated; `rename:` before an item fails the move into place
/// instead of the write. Unset (always, outside tests), or an item that is not
/// one of these, nothing fails.
mod fault {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::OnceLock;

    #[derive(Clone, Copy, PartialEq, Eq)]
    pub enum Stage {
        Write,
        Rename,
    }

    /// Failing writes: `(stage, first, last)`, both counted from 1.
    fn plan() -> &'static [(Stage, u64, u64)] {
        static PLAN: OnceLock<Vec<(Stage, u64, u64)>> = OnceLock::new();
        PLAN.get_or_init(|| {
            let spec = std::env::var("HARNESS_FAIL_WRITES").unwrap_or_default();
            spec.split(',')
                .filter_map(|item| {
                    let (stage, n) = match item.trim().strip_prefix("rename:") {
                        Some(n) => (Stage::Rename, n),
                        None => (Stage::Write, item.trim()),
                    };
                    Some(match n.strip_suffix('-') {
                        Some(first) => (stage, first.parse().ok()?, u64::MAX),
                        None => (stage, n.parse().ok()?, n.parse().ok()?),
                    })
                })
                .collect()
        })
    }

    static WRITES: AtomicU64 = AtomicU64::new(0);

    /// Whether the current write fails at `stage`; a write asks at
    /// [`Stage::Write`] first, which counts it.
    pub fn injected(stage: Stage) -> bool {
        let plan = plan();
        if plan.is_empty() {
            return false;
        }
        let n = match stage {
            Stage::Write => WRITES.fetch_add(1, Ordering::SeqCst) + 1,
            Stage::Rename => WRITES.load(Ordering::SeqCst),
        };
        plan.iter()
            .any(|&(s, first, last)| s == stage && (first..=last).contains(&n))
    }

    pub fn error() -> std::io::Error {
        std::io::Error::from_raw_os_error(libc::ENOSPC)
    }
}

/// Every `*.toml` under `dir` (recursively, each file once even through
/// symlinks), sorted by path. A missing folder is an error: a typo in
/// `--corpus` must not pass as an empty corpus.
pub fn entry_paths(dir: &Path) -> Result<Vec<PathBuf>> {
    if !dir.is_dir() {
        bail!(
            "corpus folder {} does not exist (or is not a folder): check --corpus",
            dir.display()
        );
    }
    let mut out = Vec::new();
    let mut seen_dirs = HashSet::new();
    let mut seen_files = HashSet::new();
    let root = dir
        .canonicalize()
        .with_context(|| format!("cannot resolve {}", dir.display()))?;
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        // A symlink back up the tree would otherwise be walked for ever.
        let real = d
            .canonicalize()
            .with_context(|| format!("cannot resolve {}", d.display()))?;
        if !real.starts_with(&root) {
            return Err(linked_out(&d, &real, dir));
        }
        if !seen_dirs.insert(real) {
            continue;
        }
        for e in std::fs::read_dir(&d).with_context(|| format!("cannot list {}", d.display()))? {
            let p = e.with_context(|| format!("cannot list {}", d.display()))?.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "toml") {
                let real = p.canonicalize().unwrap_or_else(|_| p.clone());
                if seen_files.insert(real) {
                    out.push(p);
                }
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Every entry under `dir`, each with its path or the error that kept it from
/// loading, so one bad file never hides the others.
pub fn load_all(dir: &Path) -> Result<Vec<(PathBuf, Result<Entry>)>> {
    Ok(entry_paths(dir)?
        .into_iter()
        .map(|p| {
            let e = Entry::load(&p);
            (p, e)
        })
        .collect())
}

/// `dir/<name>/`, the folder of a problem's entries in the corpus `dir`, when
/// there is one; a link out of the corpus is refused, as [`entry_paths`]
/// refuses one further down.
pub fn problem_folder(dir: &Path, name: &str) -> Result<Option<PathBuf>> {
    let folder = dir.join(name);
    if !folder.is_dir() {
        return Ok(None);
    }
    let resolve = |p: &Path| {
        p.canonicalize()
            .with_context(|| format!("cannot resolve {}", p.display()))
    };
    let real = resolve(&folder)?;
    if !real.starts_with(resolve(dir)?) {
        return Err(linked_out(&folder, &real, dir));
    }
    Ok(Some(folder))
}

/// The error of a `folder` of the corpus `dir` that is a link to `real`, outside it.
fn linked_out(folder: &Path, real: &Path, dir: &Path) -> anyhow::Error {
    anyhow!(
        "{} is a link to {}, outside the corpus {}: entries are read only from inside it; \
         move that folder in or remove the link",
        folder.display(),
        real.display(),
        dir.display()
    )
}

/// The inputs of the entries in `dir/<name>/`, failing on the first that does not load; `None`
/// when there is none (no such folder, or an empty one).
pub fn inputs_of(dir: &Path, name: &str) -> Result<Option<(PathBuf, Vec<String>)>> {
    let Some(folder) = problem_folder(dir, name)? else {
        return Ok(None);
    };
    let mut inputs = Vec::new();
    for (path, entry) in load_all(&folder)? {
        inputs.push(entry.with_context(|| path.display().to_string())?.input);
    }
    Ok((!inputs.is_empty()).then_some((folder, inputs)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Entry {
        Entry {
            solver: Some("wrong".into()),
            actual: Some("0\n".into()),
            origin: Some(Origin {
                config: Some("configs/multigraph.toml".into()),
                seed: Some(1),
                case: Some(17),
                shrunk_from: Some("n=9 m=14".into()),
                note: None,
            }),
            ..Entry::new("green-hackenbush", Verdict::Mismatch, "1 1\n1 1\n".into(), "1\n".into())
        }
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("corpus-test-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn round_trip_and_stable_name() {
        let dir = scratch("round-trip");
        let e = sample();
        let path = e.save(&dir).unwrap();
        assert_eq!(Entry::load(&path).unwrap(), e);
        assert_eq!(entry_paths(&dir).unwrap(), vec![path.clone()]);
        // Same input, same name: stored once.
        let mut again = sample();
        again.actual = Some("2\n".into());
        assert_eq!(again.save(&dir).unwrap(), path);
        assert_eq!(entry_paths(&dir).unwrap().len(), 1);
        let mut other = sample();
        other.input = "2 2\n1 2\n1 2\n".into();
        assert_ne!(other.file_name(), e.file_name());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn verdicts_are_spelled_as_serde_writes_them() {
        for v in [
            Verdict::Mismatch,
            Verdict::BadOutput,
            Verdict::Regression,
            Verdict::Panic,
        ] {
            assert_eq!(toml::Value::try_from(v).unwrap().as_str(), Some(v.as_str()));
        }
    }

    #[test]
    fn version_one_entries_still_load_and_newer_ones_are_refused() {
        let dir = scratch("versions");
        let old = "problem = \"tree-game\"\nverdict = \"regression\"\ninput = \"1\\n1\\n\"\nexpected = \"Bob\\n\"\n";
        std::fs::write(dir.join("old.toml"), old).unwrap();
        assert_eq!(Entry::load(&dir.join("old.toml")).unwrap().version, 1);
        std::fs::write(dir.join("new.toml"), format!("version = {}\n{old}", VERSION + 1)).unwrap();
        let err = Entry::load(&dir.join("new.toml")).unwrap_err().to_string();
        assert!(err.contains("newer harness"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn unknown_verdicts_are_refused() {
        let dir = scratch("verdicts");
        let text = "problem = \"tree-game\"\nverdict = \"mismatsh\"\ninput = \"1\\n1\\n\"\nexpected = \"Bob\\n\"\n";
        std::fs::write(dir.join("typo.toml"), text).unwrap();
        let err = format!("{:#}", Entry::load(&dir.join("typo.toml")).unwrap_err());
        assert!(err.contains("mismatsh") && err.contains("typo.toml"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_folder_is_an_error_and_symlink_loops_count_once() {
        let dir = scratch("links");
        assert!(entry_paths(&dir.join("nope")).is_err());
        let sub = dir.join("tree-game");
        std::fs::create_dir_all(&sub).unwrap();
        sample().save(&sub).unwrap();
        std::os::unix::fs::symlink(&dir, sub.join("loop")).unwrap();
        assert_eq!(entry_paths(&dir).unwrap().len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
