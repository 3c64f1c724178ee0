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

    /// Writes the entry under `dir` atomically (temporary file, then rename).
    pub fn save(&self, dir: &Path) -> Result<PathBuf> {
        let path = dir.join(self.file_name());
        let text = toml::to_string(self).context("cannot serialize a corpus entry")?;
        write_atomically(&path, &text)?;
        Ok(path)
    }

    pub fn load(path: &Path) -> Result<Entry> {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
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
    let parent = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent).with_context(|| format!("cannot create folder {}", parent.display()))?;
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".tmp{}", std::process::id()));
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| {
        std::fs::remove_file(&tmp).ok();
        anyhow!("cannot move {} into place: {e}", tmp.display())
    })
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
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        // A symlink back up the tree would otherwise be walked for ever.
        let real = d
            .canonicalize()
            .with_context(|| format!("cannot resolve {}", d.display()))?;
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
