//! The corpus: one TOML file per shrunk counterexample or regression case,
//! named by a hash of its problem and input so nothing is stored twice.
//! Files merge by name, so corpora from many machines (`--shard`) combine by copying.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub problem: String,
    /// mismatch | crash | timeout | bad-output | flaky | panic | regression
    pub verdict: String,
    /// The solver that failed (`cmd:...` for an external program); absent for regression cases.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solver: Option<String>,
    pub input: String,
    /// Brute's answer, in the judge's output format.
    pub expected: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actual: Option<String>,
    /// Exit status, stderr tail, parse error, panic message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<Origin>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
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
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Entry {
    /// `<problem>/<hash>.toml`, the hash over the problem name, solver and canonical input.
    pub fn file_name(&self) -> PathBuf {
        let key = format!(
            "{}\n{}\n{}",
            self.problem,
            self.solver.as_deref().unwrap_or(""),
            self.input.trim_end()
        );
        PathBuf::from(&self.problem).join(format!("{:016x}.toml", fnv1a(key.as_bytes())))
    }

    /// Writes the entry under `dir` atomically (temporary file, then rename).
    pub fn save(&self, dir: &Path) -> Result<PathBuf> {
        let path = dir.join(self.file_name());
        let parent = path.parent().expect("entry path has a parent");
        std::fs::create_dir_all(parent).with_context(|| format!("cannot create corpus folder {}", parent.display()))?;
        let text = toml::to_string(self).context("cannot serialize a corpus entry")?;
        let tmp = path.with_extension(format!("toml.tmp{}", std::process::id()));
        std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
        std::fs::rename(&tmp, &path).with_context(|| format!("cannot move {} into place", tmp.display()))?;
        Ok(path)
    }

    pub fn load(path: &Path) -> Result<Entry> {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        toml::from_str(&text).map_err(|e| anyhow::anyhow!("{}: {}", path.display(), e))
    }
}

/// Every `*.toml` under `dir` (recursively), sorted by path.
pub fn entry_paths(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    if !dir.exists() {
        return Ok(out);
    }
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).with_context(|| format!("cannot list {}", d.display()))? {
            let p = e?.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "toml") {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Entry {
        Entry {
            problem: "green-hackenbush".into(),
            verdict: "mismatch".into(),
            solver: Some("wrong".into()),
            input: "1 1\n1 1\n".into(),
            expected: "1\n".into(),
            actual: Some("0\n".into()),
            detail: None,
            origin: Some(Origin {
                config: Some("configs/multigraph.toml".into()),
                seed: Some(1),
                case: Some(17),
                shrunk_from: Some("n=9 m=14".into()),
                note: None,
            }),
        }
    }

    #[test]
    fn round_trip_and_stable_name() {
        let dir = std::env::temp_dir().join(format!("corpus-test-{}", std::process::id()));
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
}
