//! Nothing found is ever lost, and nothing is written where it does not
//! belong: a full disk never passes for a saved entry, shrinking never removes
//! an entry it did not write, runs sharing one corpus lose nothing, writes
//! leave no temporaries, and an entry's data never becomes a path.
//! Full disks are simulated with the `HARNESS_FAIL_WRITES` hook (corpus.rs).

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn arg(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A `--keep-going` run on multigraph that finds many cases shrinking to
/// fewer entries, with the write faults `faults` (empty: none).
fn keep_going(corpus: &Path, faults: &str, extra: &[&str]) -> Output {
    let mut args = vec![
        "--config",
        "multigraph",
        "--solver",
        "wrong-cycles-even",
        "--cases",
        "300",
        "--keep-going",
        "--corpus",
        arg(corpus),
    ];
    args.extend(extra);
    let out = Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(&args)
        .env("HARNESS_FAIL_WRITES", faults)
        .current_dir(common::workspace())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", common::text(&out));
    out
}

/// The paths after `saved: ` in a run's output.
fn saved(out: &str) -> Vec<PathBuf> {
    out.lines()
        .filter_map(|l| l.trim_start().strip_prefix("saved: "))
        .map(|rest| PathBuf::from(rest.split(" (").next().unwrap()))
        .collect()
}

/// Every file under `dir`, with its bytes.
fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.insert(p.clone(), std::fs::read(&p).unwrap());
            }
        }
    }
    out
}

fn temporaries(dir: &Path) -> Vec<PathBuf> {
    files(dir)
        .into_keys()
        .filter(|p| p.to_str().unwrap().contains(".tmp"))
        .collect()
}

#[test]
fn a_full_disk_never_reports_an_entry_as_saved_that_is_not_on_disk() {
    let dir = common::scratch("integrity-full-disk");
    // The first three writes succeed, then the disk is full.
    let out = keep_going(&dir, "4-", &["-j", "1"]);
    let text = common::text(&out);
    let blocks = text.matches("\nFOUND ").count();
    let not_saved = text.matches("NOT SAVED: ").count();
    let paths = saved(&text);
    assert!(not_saved > 10, "{text}");
    assert_eq!(
        paths.len() + not_saved,
        blocks,
        "each block says saved or NOT SAVED:\n{text}"
    );
    for p in &paths {
        assert!(p.is_file(), "`saved: {}` but it is not on disk:\n{text}", p.display());
    }
    assert!(text.contains("more NOT SAVED"), "{text}");
    assert_eq!(
        temporaries(&dir),
        Vec::<PathBuf>::new(),
        "failed writes leave no temporary"
    );
}

#[test]
fn a_later_case_saves_an_entry_whose_first_write_failed() {
    let dir = common::scratch("integrity-retry");
    let clean = common::text(&keep_going(&dir.join("clean"), "", &["-j", "1"]));
    // The first entry that several cases shrink to, and which find first wrote it.
    let repeated = clean
        .lines()
        .find_map(|l| l.trim().strip_suffix(" more cases shrank to this entry"))
        .or_else(|| {
            clean
                .lines()
                .find_map(|l| l.trim().strip_suffix(" more case shrank to this entry"))
        })
        .expect("some entry is found twice")
        .rsplit_once(": ")
        .unwrap()
        .0;
    let name = Path::new(repeated).strip_prefix(dir.join("clean")).unwrap();
    let first = saved(&clean)
        .iter()
        .position(|p| p.ends_with(name))
        .expect("the repeated entry has a FOUND block");
    // Each find writes its unshrunk copy, then its entry: fail that entry's write.
    let faulty = dir.join("faulty");
    let text = common::text(&keep_going(&faulty, &(2 * first + 2).to_string(), &["-j", "1"]));
    let path = faulty.join(name);
    assert_eq!(text.matches("NOT SAVED: ").count(), 1, "{text}");
    assert!(
        text.contains(&format!(
            "saved: {} (a later case shrank to the entry printed above as NOT SAVED)",
            path.display()
        )),
        "{text}"
    );
    assert!(path.is_file());
    for p in saved(&text) {
        assert!(p.is_file(), "{}", p.display());
    }
}

#[test]
fn keep_going_prints_one_block_per_entry_and_counts_the_rest() {
    let dir = common::scratch("integrity-quiet");
    let text = common::text(&keep_going(&dir, "", &[]));
    let blocks = text.matches("\nFOUND ").count();
    let entries = common::entries(&dir).len();
    assert_eq!(blocks, entries, "{text}");
    let paths = saved(&text);
    let distinct: std::collections::BTreeSet<_> = paths.iter().collect();
    assert_eq!(distinct.len(), paths.len(), "a path is printed twice:\n{text}");
    let more: u64 = text
        .lines()
        .filter(|l| l.contains("shrank to this entry"))
        .filter_map(|l| l.split(": ").last()?.split(' ').next()?.parse::<u64>().ok())
        .sum();
    assert!(more > 0, "{text}");
    let total = format!(
        "{entries} distinct counterexamples kept, from {} failing cases",
        entries as u64 + more
    );
    assert!(text.contains(&total), "`{total}` not in:\n{text}");
    assert!(!text.contains("shrinking..."), "{text}");
}

#[test]
fn shrinking_never_removes_an_entry_that_was_already_there() {
    let dir = common::scratch("integrity-preexisting");
    keep_going(&dir, "", &["--no-shrink"]);
    let before = files(&dir);
    assert!(before.len() > 10);
    let text = common::text(&keep_going(&dir, "", &[]));
    let after = files(&dir);
    for (path, bytes) in &before {
        assert_eq!(
            after.get(path),
            Some(bytes),
            "{} was removed or changed",
            path.display()
        );
    }
    for p in saved(&text) {
        assert!(p.is_file(), "{}", p.display());
    }
    assert!(
        after.keys().all(|p| !p.to_str().unwrap().contains(".unshrunk-")),
        "{after:?}"
    );
}

#[test]
fn two_runs_writing_one_corpus_at_once_lose_nothing() {
    let dir = common::scratch("integrity-concurrent");
    let spawn = |extra: &[&str]| {
        let mut args = vec![
            "--config",
            "multigraph",
            "--solver",
            "wrong-cycles-even",
            "--solver",
            "wrong-sum-not-xor",
            "--cases",
            "200",
            "--keep-going",
            "--corpus",
            arg(&dir),
        ];
        args.extend(extra);
        Command::new(env!("CARGO_BIN_EXE_harness"))
            .args(&args)
            .current_dir(common::workspace())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let mut all = Vec::new();
    for (a, b) in [
        (&[][..], &[][..]),
        (&["--no-shrink"][..], &[][..]),
        (&["--seed", "2"][..], &["--seed", "3", "--no-shrink"][..]),
    ] {
        let runs = [spawn(a), spawn(b)].map(|c| c.wait_with_output().unwrap());
        for out in &runs {
            let text = common::text(out);
            assert_eq!(out.status.code(), Some(1), "{text}");
            assert!(!text.contains("NOT SAVED"), "{text}");
            for p in saved(&text) {
                assert!(p.is_file(), "`saved: {}` but it is gone:\n{text}", p.display());
                all.push(p);
            }
        }
    }
    // Nor did a later pair of runs remove what an earlier one saved.
    for p in &all {
        assert!(p.is_file(), "{} is gone", p.display());
    }
    assert_eq!(temporaries(&dir), Vec::<PathBuf>::new());
}
