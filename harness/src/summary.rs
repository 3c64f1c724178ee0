//! The machine-readable record of a run (`--summary FILE`, JSON) and
//! `harness summary merge`, which adds up the records of a run's shards.
//!
//! A record names what ran (problem, config digest, seed, solvers, oracle,
//! case count) and which cases: shard `K/N` ran every case index below its
//! `end` that is `K-1` mod `N`. Records merge only when what ran is the same,
//! and each shard counts once, so a merged record says which case indices
//! below `covered_below` every shard together checked.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use serde::{Deserialize, Serialize};

use crate::config::Source;
use crate::corpus;
use crate::run;

/// The format this harness writes; a record of another is refused.
pub const FORMAT: u32 = 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub format: u32,
    /// The harness version that wrote it.
    pub harness: String,
    pub run: Identity,
    /// `N` of `--shard K/N`; 1 without `--shard`.
    pub shard_count: u64,
    /// One per shard that ran, by `K`.
    pub shards: Vec<Shard>,
    /// Every case index below this ran on some shard; `null` while a shard is missing.
    pub covered_below: Option<u64>,
    /// Cases generated: checked or skipped.
    pub cases_run: u64,
    pub checked: u64,
    /// Cases brute could not answer within its budget: generated, never passed.
    pub skipped: u64,
    /// `ok` (every solver passed) and one count per failing case and solver by verdict.
    pub verdicts: BTreeMap<String, u64>,
    pub entries_written: usize,
    /// The corpus files written, relative to the corpus folder.
    pub entries: Vec<String>,
    /// The longest shard's time: the run's time when shards run at once.
    pub wall_seconds: f64,
    /// The sum of the shards' rates: the throughput when they run at once.
    pub cases_per_second: f64,
}

/// What ran: records merge only when these agree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Identity {
    pub problem: String,
    /// The config as named on the command line's machine (for people).
    pub config: String,
    /// A hash of the config's text and `--set` overrides: the same config on every machine.
    pub config_digest: String,
    pub sets: Vec<String>,
    pub seed: u64,
    pub solvers: Vec<String>,
    pub oracle: String,
    /// Cases over all shards; `null` for a run limited by `--duration` alone.
    pub cases: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shard {
    /// `K` of `--shard K/N`, from 1.
    pub shard: u64,
    /// The first case index of this shard that did not run.
    pub end: u64,
    pub cases_run: u64,
    /// `cases`, `duration`, `failure`, `max-failures` or `interrupted`.
    pub stopped_by: String,
    pub wall_seconds: f64,
}

impl Record {
    /// The record of one run of `src` that wrote its entries under `corpus`.
    pub fn of(src: &Source, s: &run::Summary, corpus: Option<&Path>) -> Record {
        let sets: Vec<String> = src.sets.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let digest = corpus::fnv1a(format!("{}\n{}", src.text, sets.join("\n")).as_bytes());
        let mut verdicts: BTreeMap<String, u64> = s.verdicts.iter().map(|(k, v)| (k.to_string(), *v)).collect();
        verdicts.insert("ok".into(), s.ok);
        let mut entries: Vec<String> = s
            .found
            .iter()
            .map(|p| {
                corpus
                    .and_then(|c| p.strip_prefix(c).ok())
                    .unwrap_or(p)
                    .display()
                    .to_string()
            })
            .collect();
        entries.sort();
        let wall = s.elapsed.as_secs_f64();
        let (k, n) = s.shard;
        Record {
            format: FORMAT,
            harness: env!("CARGO_PKG_VERSION").into(),
            run: Identity {
                problem: s.problem.into(),
                config: src.origin.clone(),
                config_digest: format!("{digest:016x}"),
                sets,
                seed: s.seed,
                solvers: s.solvers.clone(),
                oracle: s.oracle.clone(),
                cases: s.cases,
            },
            shard_count: n,
            shards: vec![Shard {
                shard: k + 1,
                end: s.end,
                cases_run: s.checked + s.skipped,
                stopped_by: s.stop.as_str().into(),
                wall_seconds: wall,
            }],
            covered_below: (n == 1).then_some(s.end),
            cases_run: s.checked + s.skipped,
            checked: s.checked,
            skipped: s.skipped,
            verdicts,
            entries_written: entries.len(),
            entries,
            wall_seconds: wall,
            cases_per_second: s.checked as f64 / wall.max(1e-9),
        }
    }

    /// Writes the record as JSON, atomically.
    pub fn save(&self, path: &Path) -> Result<()> {
        let text = serde_json::to_string_pretty(self).context("cannot serialize the summary")?;
        corpus::write_atomically(path, &format!("{text}\n")).with_context(|| format!("--summary {}", path.display()))
    }

    pub fn load(path: &Path) -> Result<Record> {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        let record: Record = serde_json::from_str(&text).map_err(|e| {
            anyhow!(
                "{}: not a run summary: {e}\n  give the files that `harness --summary FILE` wrote",
                path.display()
            )
        })?;
        if record.format != FORMAT {
            bail!(
                "{}: summary format {} is not the format {FORMAT} this harness reads: merge with the harness that wrote it",
                path.display(),
                record.format
            );
        }
        Ok(record)
    }

    /// Which cases ran, in words.
    pub fn coverage(&self) -> String {
        let have: Vec<u64> = self.shards.iter().map(|s| s.shard).collect();
        match self.covered_below {
            Some(end) => format!("cases 0..{end} covered"),
            None if self.shard_count == 1 => "no case range covered".into(),
            None => {
                let missing: Vec<String> = (1..=self.shard_count)
                    .filter(|k| !have.contains(k))
                    .map(|k| format!("{k}/{}", self.shard_count))
                    .collect();
                format!(
                    "shards {} of {} present, no complete case range: missing {}",
                    have.len(),
                    self.shard_count,
                    missing.join(", ")
                )
            }
        }
    }
}

/// The field where two records' runs differ, with both values.
fn difference(a: &Record, b: &Record) -> Option<(&'static str, String, String)> {
    let (x, y) = (&a.run, &b.run);
    let pairs = [
        ("problem", x.problem.clone(), y.problem.clone()),
        (
            "config_digest (the config's text)",
            x.config_digest.clone(),
            y.config_digest.clone(),
        ),
        ("sets", x.sets.join(" "), y.sets.join(" ")),
        ("seed", x.seed.to_string(), y.seed.to_string()),
        ("solvers", x.solvers.join(", "), y.solvers.join(", ")),
        ("oracle", x.oracle.clone(), y.oracle.clone()),
        ("cases", format!("{:?}", x.cases), format!("{:?}", y.cases)),
        ("shard_count", a.shard_count.to_string(), b.shard_count.to_string()),
    ];
    pairs.into_iter().find(|(_, p, q)| p != q)
}

/// Adds up the records of one run's shards. Records of different runs, or two
/// of the same shard, are refused: adding them would count cases twice or
/// claim a coverage no run had.
pub fn merge(files: &[PathBuf]) -> Result<Record> {
    let records = files
        .iter()
        .map(|f| Record::load(f).map(|r| (f, r)))
        .collect::<Result<Vec<_>>>()?;
    let Some(((first_file, first), rest)) = records.split_first() else {
        bail!("no summary to merge: give the files that `harness --summary FILE` wrote");
    };
    let mut merged = first.clone();
    let mut from: BTreeMap<u64, &Path> = first.shards.iter().map(|s| (s.shard, first_file.as_path())).collect();
    for (file, r) in rest {
        if let Some((field, a, b)) = difference(first, r) {
            bail!(
                "{} and {} are summaries of different runs: `{field}` is {a} in one and {b} in the other\n  \
                 merge only the shards of one run (same config, seed, solvers and case count)",
                first_file.display(),
                file.display()
            );
        }
        for s in &r.shards {
            if let Some(other) = from.insert(s.shard, file) {
                bail!(
                    "shard {}/{} is in both {} and {}: merging it twice would count its cases twice\n  \
                     give each shard's summary once",
                    s.shard,
                    r.shard_count,
                    other.display(),
                    file.display()
                );
            }
        }
        merged.shards.extend(r.shards.iter().cloned());
        merged.cases_run += r.cases_run;
        merged.checked += r.checked;
        merged.skipped += r.skipped;
        for (k, v) in &r.verdicts {
            *merged.verdicts.entry(k.clone()).or_default() += v;
        }
        merged.entries.extend(r.entries.iter().cloned());
        merged.wall_seconds = merged.wall_seconds.max(r.wall_seconds);
        merged.cases_per_second += r.cases_per_second;
    }
    merged.shards.sort_by_key(|s| s.shard);
    // Shards that shrink to the same entry write the same file: it counts once.
    merged.entries.sort();
    merged.entries.dedup();
    merged.entries_written = merged.entries.len();
    merged.covered_below = (merged.shards.len() as u64 == merged.shard_count)
        .then(|| merged.shards.iter().map(|s| s.end).min())
        .flatten()
        .map(|end| end.min(merged.run.cases.unwrap_or(u64::MAX)));
    Ok(merged)
}
