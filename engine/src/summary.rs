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
use crate::files::{self, Within};
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
    /// An exhaustive run: what it enumerated, its bounds and its instance count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exhaustive: Option<crate::exhaustive::Record>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shard {
    /// `K` of `--shard K/N`, from 1.
    pub shard: u64,
    /// The first case index of this shard that did not run.
    pub end: u64,
    pub cases_run: u64,
    /// `cases`, `duration`, `failure`, `max-failures`, `interrupted` or `broken` (a program of
    /// the problem failed after counterexamples were kept).
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
                exhaustive: s.exhaustive.as_ref().map(crate::exhaustive::Plan::record),
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
        let text = files::read_text(path, Within::Anywhere, files::DATA)?;
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

/// Refuses a record no harness writes: no shard, a shard number outside `1..=shard_count` or
/// listed twice, counters that disagree with each other, or times that are not times.
fn validate(file: &Path, r: &Record) -> Result<()> {
    let shown = file.display();
    let forged = |what: String| {
        anyhow!(
            "{shown}: {what}\n  this is not a record `harness --summary FILE` writes: \
             give the file the run wrote, unedited"
        )
    };
    if r.shard_count == 0 {
        return Err(forged("`shard_count` is 0; a run has at least one shard".into()));
    }
    if r.shards.is_empty() {
        return Err(forged("`shards` is empty; a record lists the shards that ran".into()));
    }
    let mut seen = BTreeMap::new();
    for s in &r.shards {
        if !(1..=r.shard_count).contains(&s.shard) {
            return Err(forged(format!(
                "shard {} of {}: shards are numbered 1 to {}",
                s.shard, r.shard_count, r.shard_count
            )));
        }
        if seen.insert(s.shard, ()).is_some() {
            return Err(forged(format!("shard {}/{} is listed twice", s.shard, r.shard_count)));
        }
    }
    let shards_run = r
        .shards
        .iter()
        .try_fold(0u64, |sum, s| sum.checked_add(s.cases_run))
        .ok_or_else(|| forged("the shards' `cases_run` add up past 2^64".into()))?;
    if r.checked.checked_add(r.skipped) != Some(r.cases_run) || shards_run != r.cases_run {
        return Err(forged(format!(
            "`cases_run` is {} but `checked` + `skipped` is {} + {} and the shards ran {shards_run}",
            r.cases_run, r.checked, r.skipped
        )));
    }
    let times = [r.wall_seconds, r.cases_per_second]
        .into_iter()
        .chain(r.shards.iter().map(|s| s.wall_seconds));
    if let Some(bad) = times.into_iter().find(|t| !t.is_finite() || *t < 0.0) {
        return Err(forged(format!("a time or rate is {bad}")));
    }
    Ok(())
}

/// `a + b`, or an error naming `what` and `file` when the sum passes `u64::MAX`.
fn add(a: u64, b: u64, what: &str, file: &Path) -> Result<u64> {
    a.checked_add(b).ok_or_else(|| {
        anyhow!(
            "{}: `{what}` makes the merged count pass 2^64: no run counts that many\n  \
             give the files the shards' runs wrote, unedited",
            file.display()
        )
    })
}

/// The case index below which every index ran, given each shard's `end` (`None` while a shard is
/// missing). Shard `K/N` ran the indices `K-1` mod `N` below its `end`; the first it did not run
/// is the first index of its class at or past `end`, which for a shard that ran nothing is `K-1`.
fn covered_below(shard_count: u64, shards: &[Shard], cases: Option<u64>) -> Option<u64> {
    if shards.len() as u64 != shard_count {
        return None;
    }
    let first_missing = |s: &Shard| {
        let class = s.shard - 1;
        // The first index at or past `end` that is `class` mod `shard_count`.
        let above = s.end.saturating_sub(class).div_ceil(shard_count);
        above.saturating_mul(shard_count).saturating_add(class)
    };
    let end = shards.iter().map(first_missing).min()?;
    Some(end.min(cases.unwrap_or(u64::MAX)))
}

/// Adds up the records of one run's shards. Records of different runs, or two
/// of the same shard, are refused: adding them would count cases twice or
/// claim a coverage no run had. So are records no run writes (see `validate`).
pub fn merge(files: &[PathBuf]) -> Result<Record> {
    let records = files
        .iter()
        .map(|f| Record::load(f).and_then(|r| validate(f, &r).map(|()| (f, r))))
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
        merged.cases_run = add(merged.cases_run, r.cases_run, "cases_run", file)?;
        merged.checked = add(merged.checked, r.checked, "checked", file)?;
        merged.skipped = add(merged.skipped, r.skipped, "skipped", file)?;
        for (k, v) in &r.verdicts {
            let count = merged.verdicts.entry(k.clone()).or_default();
            *count = add(*count, *v, &format!("verdicts.{k}"), file)?;
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
    merged.covered_below = covered_below(merged.shard_count, &merged.shards, merged.run.cases);
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The record shard `k` of `n` writes after running `cases_run` cases below `end`.
    fn shard(k: u64, n: u64, end: u64, cases_run: u64) -> Record {
        Record {
            format: FORMAT,
            harness: "test".into(),
            run: Identity {
                problem: "tree-game".into(),
                config: "configs/tree.toml".into(),
                config_digest: "0".into(),
                sets: vec![],
                seed: 1,
                solvers: vec!["fast".into()],
                oracle: "brute".into(),
                cases: Some(3),
                exhaustive: None,
            },
            shard_count: n,
            shards: vec![Shard {
                shard: k,
                end,
                cases_run,
                stopped_by: "cases".into(),
                wall_seconds: 0.5,
            }],
            covered_below: (n == 1).then_some(end),
            cases_run,
            checked: cases_run,
            skipped: 0,
            verdicts: BTreeMap::from([("ok".to_string(), cases_run)]),
            entries_written: 0,
            entries: vec![],
            wall_seconds: 0.5,
            cases_per_second: 2.0,
        }
    }

    /// Merges `records`, each saved to its own file under a folder named by `tag`.
    fn merged(tag: &str, records: &[Record]) -> Result<Record> {
        let dir = std::env::temp_dir().join(format!("harness-summary-{}-{tag}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let files: Vec<PathBuf> = records
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let file = dir.join(format!("{i}.json"));
                r.save(&file).unwrap();
                file
            })
            .collect();
        let outcome = merge(&files);
        std::fs::remove_dir_all(&dir).unwrap();
        outcome
    }

    #[test]
    fn shards_that_ran_no_case_still_cover_the_run() {
        // 8 shards of 3 cases: shards 1 to 3 ran one case each, 4 to 8 none (their end is 0).
        let records: Vec<Record> = (1..=8)
            .map(|k| if k <= 3 { shard(k, 8, 3, 1) } else { shard(k, 8, 0, 0) })
            .collect();
        let m = merged("empty-shards", &records).unwrap();
        assert_eq!(m.covered_below, Some(3));
        assert_eq!(m.cases_run, 3);
    }

    #[test]
    fn coverage_stops_at_the_first_index_a_shard_did_not_run() {
        // A --duration run: shard 1/2 ran 0, 2, 4 (end 6), shard 2/2 ran 1, 3 (end 4), so 5 is the
        // first index no shard ran.
        let (mut a, mut b) = (shard(1, 2, 6, 3), shard(2, 2, 4, 2));
        a.run.cases = None;
        b.run.cases = None;
        assert_eq!(merged("partial", &[a, b]).unwrap().covered_below, Some(5));
        let whole = merged("whole", &[shard(1, 2, 3, 2), shard(2, 2, 3, 1)]).unwrap();
        assert_eq!(whole.covered_below, Some(3));
    }

    #[test]
    fn forged_or_inconsistent_records_are_refused() {
        let mut zero = shard(1, 1, 3, 3);
        zero.shard_count = 0;
        let mut empty = shard(1, 1, 3, 3);
        empty.shards.clear();
        let mut twice = shard(1, 2, 3, 2);
        twice.shards.push(twice.shards[0].clone());
        let mut counts = shard(1, 1, 3, 3);
        counts.checked = 2;
        let mut time = shard(1, 1, 3, 3);
        time.wall_seconds = -1.0;
        for (tag, record, says) in [
            ("zero", zero, "`shard_count` is 0"),
            ("empty", empty, "`shards` is empty"),
            ("out-of-range", shard(9, 4, 3, 1), "shard 9 of 4"),
            ("twice", twice, "listed twice"),
            ("counts", counts, "`cases_run` is 3"),
            ("time", time, "a time or rate is -1"),
        ] {
            let err = format!("{:#}", merged(tag, &[record]).unwrap_err());
            assert!(err.contains(says) && err.contains("unedited"), "{tag}: {err}");
        }
        let err = format!(
            "{:#}",
            merged("dup", &[shard(1, 2, 3, 2), shard(1, 2, 3, 2)]).unwrap_err()
        );
        assert!(err.contains("shard 1/2 is in both"), "{err}");
    }

    #[test]
    fn counters_that_would_wrap_are_refused() {
        let mut a = shard(1, 2, 3, 0);
        a.cases_run = u64::MAX;
        a.checked = u64::MAX;
        a.shards[0].cases_run = u64::MAX;
        let err = format!("{:#}", merged("wrap", &[a, shard(2, 2, 3, 1)]).unwrap_err());
        assert!(err.contains("`cases_run` makes the merged count pass 2^64"), "{err}");
    }
}
