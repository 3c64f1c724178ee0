//! Nothing found is ever lost, and nothing is written where it does not
//! belong: a full disk never passes for a saved entry, shrinking never removes
//! an entry it did not write, runs sharing one corpus lose nothing, writes
//! leave no temporaries, and an entry's data never becomes a path.
//! Full disks are simulated with the `HARNESS_FAIL_WRITES` hook (corpus.rs).

use crate::common;
use games::CATALOG;

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

fn temporaries(dir: &Path) -> Vec<PathBuf> {
    common::files_under(dir)
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
    let before = common::files_under(&dir);
    assert!(before.len() > 10);
    let text = common::text(&keep_going(&dir, "", &[]));
    let after = common::files_under(&dir);
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

/// A tree-game judge sample, as `corpus add` stores it.
const SAMPLE: &str = "3\n3\n1 2\n2 3\n3\n1 2\n1 3\n2\n1 2\n";

/// An entry's text with `problem` as given.
fn entry_text(problem: &str) -> String {
    format!(
        "problem = \"{problem}\"\nverdict = \"mismatch\"\nsolver = \"wrong-sum-not-xor\"\ninput = \"\"\"\n1\n1\n\"\"\"\nexpected = \"\"\"\nBob\n\"\"\"\n"
    )
}

#[test]
fn every_stored_input_is_already_canonical_so_no_name_changes() {
    // `corpus add` hashes the text the judge format writes back: it must be
    // what every entry already stores, or their names would change.
    for path in engine::corpus::entry_paths(&common::workspace().join("corpus")).unwrap() {
        let entry = engine::corpus::Entry::load(&path).unwrap();
        // An interactive problem's entry holds a position, not a judge input.
        if CATALOG.game(&entry.problem).is_some() {
            continue;
        }
        let problem = CATALOG.problem_of(&entry).unwrap();
        let canonical = problem.canonical(&entry.input).unwrap();
        assert_eq!(canonical.trim_end(), entry.input.trim_end(), "{}", path.display());
    }
}

#[test]
fn a_problem_that_is_a_path_is_refused_and_nothing_is_written_outside() {
    let dir = common::scratch("integrity-escape");
    let absolute = dir.join("absolute");
    for (problem, outside) in [
        ("../../escaped", dir.join("escaped")),
        (absolute.to_str().unwrap(), absolute.clone()),
    ] {
        let source = dir.join("source");
        let _ = std::fs::remove_dir_all(&source);
        std::fs::create_dir_all(source.join("tree-game")).unwrap();
        let file = source.join("tree-game/evil.toml");
        std::fs::write(&file, entry_text(problem)).unwrap();
        let out = dir.join("a/out");
        let merge = common::harness(&["corpus", "merge", arg(&source), "--corpus", arg(&out)]);
        let text = common::text(&merge);
        assert_eq!(merge.status.code(), Some(2), "{text}");
        assert!(text.contains("evil.toml") && text.contains("unknown problem"), "{text}");
        assert!(!outside.exists() && !out.exists(), "{text}");
    }
    // The library refuses such a name too, whoever calls it.
    let mut entry: engine::corpus::Entry = toml::from_str(&entry_text("../x")).unwrap();
    assert!(entry.save(&dir).is_err() && entry.save_new(&dir).is_err());
    entry.problem = "/tmp".into();
    assert!(entry.save(&dir).is_err());
}

#[test]
fn an_alias_is_mapped_to_its_problem_by_merge_and_regen() {
    let dir = common::scratch("integrity-alias");
    let source = dir.join("source");
    std::fs::create_dir_all(source.join("hdu3094")).unwrap();
    std::fs::write(source.join("hdu3094/x.toml"), entry_text("hdu3094")).unwrap();
    let named: engine::corpus::Entry = toml::from_str(&entry_text("tree-game")).unwrap();
    let right = named.file_name();
    assert!(right.starts_with("tree-game"));

    let out = dir.join("merged");
    let merge = common::harness(&["corpus", "merge", arg(&source), "--corpus", arg(&out)]);
    assert_eq!(merge.status.code(), Some(0), "{}", common::text(&merge));
    assert_eq!(engine::corpus::entry_paths(&out).unwrap(), vec![out.join(&right)]);
    assert_eq!(common::entries(&out)[0].problem, "tree-game");

    let regen = common::harness(&["corpus", "regen", "--corpus", arg(&source)]);
    let text = common::text(&regen);
    assert_eq!(regen.status.code(), Some(1), "{text}");
    assert!(text.contains("`hdu3094` is an alias"), "{text}");
    assert_eq!(engine::corpus::entry_paths(&source).unwrap(), vec![source.join(&right)]);
    let again = common::harness(&["corpus", "regen", "--corpus", arg(&source)]);
    assert_eq!(again.status.code(), Some(0), "{}", common::text(&again));
}

#[test]
fn regen_reports_an_unknown_solver_every_time() {
    let dir = common::scratch("integrity-unknown-solver");
    let mut entry: engine::corpus::Entry = toml::from_str(&entry_text("tree-game")).unwrap();
    entry.solver = Some("wrong-nonesuch".into());
    entry.save(&dir).unwrap();
    for run in 1..=2 {
        let regen = common::harness(&["corpus", "regen", "--corpus", arg(&dir)]);
        let text = common::text(&regen);
        assert_eq!(regen.status.code(), Some(1), "run {run}: {text}");
        assert!(text.contains("unknown solver `wrong-nonesuch`"), "run {run}: {text}");
    }
}

#[test]
fn adding_an_input_already_there_keeps_its_note_whatever_its_whitespace() {
    let dir = common::scratch("integrity-add");
    let corpus = dir.join("corpus");
    let input = dir.join("sample.in");
    let add = |note: Option<&str>| {
        let mut args = vec![
            "corpus",
            "add",
            "--problem",
            "tree-game",
            arg(&input),
            "--corpus",
            arg(&corpus),
        ];
        args.extend(note.map(|n| ["--note", n]).into_iter().flatten());
        let out = common::harness(&args);
        assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
        common::text(&out)
    };
    let note = |corpus: &Path| {
        let entries = common::entries(corpus);
        assert_eq!(entries.len(), 1, "{entries:?}");
        entries[0].origin.as_ref().and_then(|o| o.note.clone())
    };
    std::fs::write(&input, SAMPLE).unwrap();
    add(Some("judge sample"));
    let first = std::fs::read(engine::corpus::entry_paths(&corpus).unwrap()[0].clone()).unwrap();
    // The same instance with CRLF line ends and extra blanks.
    std::fs::write(
        &input,
        format!("  {}\r\n\r\n", SAMPLE.trim_end().replace('\n', " \r\n")),
    )
    .unwrap();
    let text = add(None);
    assert!(text.contains("already there, unchanged"), "{text}");
    assert_eq!(note(&corpus).as_deref(), Some("judge sample"));
    let path = engine::corpus::entry_paths(&corpus).unwrap()[0].clone();
    assert_eq!(std::fs::read(&path).unwrap(), first, "the entry is as it was");
    let text = add(Some("hand-made"));
    assert!(text.contains("updated"), "{text}");
    assert_eq!(note(&corpus).as_deref(), Some("hand-made"));
}

#[test]
fn replay_fails_an_entry_its_wrong_solver_no_longer_fails_on() {
    // wrong-sum-not-xor answers a single vertex right: the entry proves nothing.
    let dir = common::scratch("integrity-guard");
    let entry: engine::corpus::Entry = toml::from_str(&entry_text("tree-game")).unwrap();
    let path = entry.save(&dir).unwrap();
    let check = common::harness(&["corpus", "check", "--corpus", arg(&dir)]);
    let text = common::text(&check);
    assert_eq!(check.status.code(), Some(1), "{text}");
    assert!(
        text.contains(&format!("FAIL  {}", path.display()))
            && text.contains("solver `wrong-sum-not-xor` no longer fails on its own counterexample"),
        "{text}"
    );
}

/// A harness command run with the write faults `faults`.
fn with_faults(faults: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(args)
        .env("HARNESS_FAIL_WRITES", faults)
        .current_dir(common::workspace())
        .output()
        .unwrap()
}

#[test]
fn a_write_that_fails_leaves_the_old_entry_whole_and_no_temporary() {
    let dir = common::scratch("integrity-atomic");
    let corpus = dir.join("corpus");
    let input = dir.join("sample.in");
    std::fs::write(&input, SAMPLE).unwrap();
    let add = |faults: &str, note: &str| {
        with_faults(
            faults,
            &[
                "corpus",
                "add",
                "--problem",
                "tree-game",
                arg(&input),
                "--note",
                note,
                "--corpus",
                arg(&corpus),
            ],
        )
    };
    assert_eq!(add("", "judge sample").status.code(), Some(0));
    let path = engine::corpus::entry_paths(&corpus).unwrap()[0].clone();
    let before = std::fs::read(&path).unwrap();
    // A full disk while writing, then a failure between the write and the rename.
    for faults in ["1", "rename:1"] {
        let out = add(faults, "a new note");
        let text = common::text(&out);
        assert_eq!(out.status.code(), Some(2), "{faults}: {text}");
        assert!(text.contains("No space left on device"), "{faults}: {text}");
        assert_eq!(std::fs::read(&path).unwrap(), before, "{faults}: the old entry changed");
        assert_eq!(temporaries(&corpus), Vec::<PathBuf>::new(), "{faults}");
    }
}

#[test]
fn merge_and_regen_leave_no_temporary_when_a_write_fails() {
    let dir = common::scratch("integrity-temporaries");
    let source = dir.join("source");
    std::fs::create_dir_all(source.join("hdu3094")).unwrap();
    let misplaced = source.join("hdu3094/x.toml");
    std::fs::write(&misplaced, entry_text("hdu3094")).unwrap();
    let out = dir.join("out");
    for faults in ["1", "rename:1"] {
        let merge = with_faults(faults, &["corpus", "merge", arg(&source), "--corpus", arg(&out)]);
        assert_eq!(merge.status.code(), Some(2), "{}", common::text(&merge));
        assert_eq!(temporaries(&dir), Vec::<PathBuf>::new(), "merge, {faults}");
        let regen = with_faults(faults, &["corpus", "regen", "--corpus", arg(&source)]);
        assert_eq!(regen.status.code(), Some(2), "{}", common::text(&regen));
        assert_eq!(temporaries(&dir), Vec::<PathBuf>::new(), "regen, {faults}");
        assert!(misplaced.is_file(), "regen removed an entry it could not move");
    }
}

#[test]
fn a_later_run_removes_the_temporaries_of_dead_processes_only() {
    let dir = common::scratch("integrity-stale");
    let mut child = Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    let folder = dir.join("tree-game");
    std::fs::create_dir_all(&folder).unwrap();
    let stale = folder.join(format!("0123456789abcdef.toml.tmp{dead}"));
    // Process 1 is always alive: its temporaries are its own.
    let live = folder.join("0123456789abcdef.toml.tmp1");
    for (command, args) in [
        ("regen", vec!["corpus", "regen", "--corpus", arg(&dir)]),
        (
            "a run",
            vec!["--config", "tree", "--cases", "10", "--corpus", arg(&dir)],
        ),
    ] {
        std::fs::write(&stale, "half an ent").unwrap();
        std::fs::write(&live, "being written").unwrap();
        let out = common::harness(&args);
        let text = common::text(&out);
        assert_eq!(out.status.code(), Some(0), "{command}: {text}");
        assert!(
            !stale.exists() && text.contains("a temporary file of a run that was stopped"),
            "{command}: {text}"
        );
        assert!(live.exists(), "{command}");
    }
}

#[test]
fn an_unwritable_summary_does_not_hide_a_find() {
    let dir = common::scratch("integrity-summary");
    let file = dir.join("a-file");
    std::fs::write(&file, "not a folder").unwrap();
    let summary = file.join("summary.json");
    let out = common::harness(&[
        "--config",
        "multigraph",
        "--solver",
        "wrong-ignore-loops",
        "--corpus",
        arg(&dir.join("corpus")),
        "--summary",
        arg(&summary),
    ]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("FOUND green-hackenbush") && text.contains("saved: "),
        "{text}"
    );
    assert!(
        text.contains("the summary was not written") && text.contains("a-file"),
        "{text}"
    );
    // Without a find, an unwritable summary is an error of its own.
    let out = common::harness(&["--config", "tree", "--cases", "10", "--summary", arg(&summary)]);
    assert_eq!(out.status.code(), Some(2), "{}", common::text(&out));
}

#[test]
fn regen_gives_an_unshrunk_copy_a_killed_run_left_its_final_name() {
    let dir = common::scratch("integrity-unshrunk");
    let entry: engine::corpus::Entry = toml::from_str(&entry_text("tree-game")).unwrap();
    let (copy, created) = entry.save_unshrunk(&dir).unwrap();
    assert!(created && copy.to_str().unwrap().contains(".unshrunk-"));
    assert_eq!(common::entries(&dir), vec![entry.clone()], "a loadable entry");
    let regen = common::harness(&["corpus", "regen", "--corpus", arg(&dir)]);
    assert_eq!(regen.status.code(), Some(1), "{}", common::text(&regen));
    assert_eq!(
        engine::corpus::entry_paths(&dir).unwrap(),
        vec![dir.join(entry.file_name())]
    );
}
