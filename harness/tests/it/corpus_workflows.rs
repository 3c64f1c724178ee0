//! The corpus workflows on scratch copies: regen reports and rewrites changed
//! answers, export writes judge test pairs, check fails on a broken entry, and
//! a run stopped by Ctrl-C while shrinking keeps what it found.

use crate::common;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

use engine::corpus::{entry_paths, Entry};

/// A scratch copy of the workspace corpus.
fn copy_corpus(name: &str) -> std::path::PathBuf {
    let dir = common::scratch(name);
    let from = common::workspace().join("corpus");
    for path in entry_paths(&from).unwrap() {
        Entry::load(&path).unwrap().save(&dir).unwrap();
    }
    dir
}

fn arg(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn regen_reports_and_rewrites_a_changed_answer_then_is_quiet() {
    let dir = copy_corpus("regen");
    let target = entry_paths(&dir)
        .unwrap()
        .into_iter()
        .find(|p| Entry::load(p).unwrap().problem == "green-hackenbush")
        .unwrap();
    let mut entry = Entry::load(&target).unwrap();
    let right = entry.expected.clone();
    entry.expected = "12345\n".into();
    entry.save(&dir).unwrap();

    let out = common::harness(&["corpus", "regen", "--corpus", arg(&dir)]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("CHANGED") && text.contains(target.file_name().unwrap().to_str().unwrap()),
        "{text}"
    );
    assert!(text.contains("was: 12345"), "{text}");
    assert_eq!(Entry::load(&target).unwrap().expected, right);

    let again = common::harness(&["corpus", "regen", "--corpus", arg(&dir)]);
    assert_eq!(again.status.code(), Some(0), "{}", common::text(&again));
}

#[test]
fn export_writes_numbered_judge_pairs() {
    let dir = copy_corpus("export-src");
    let out_dir = common::scratch("export-dst");
    let out = common::harness(&[
        "corpus",
        "export",
        arg(&out_dir),
        "--problem",
        "hdu3094",
        "--corpus",
        arg(&dir),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
    let entries: Vec<Entry> = entry_paths(&dir)
        .unwrap()
        .iter()
        .map(|p| Entry::load(p).unwrap())
        .filter(|e| e.problem == "tree-game")
        .collect();
    assert!(!entries.is_empty());
    for (k, e) in entries.iter().enumerate() {
        let stem = format!("{:02}", k + 1);
        assert_eq!(
            std::fs::read_to_string(out_dir.join(format!("{stem}.in"))).unwrap(),
            e.input
        );
        assert_eq!(
            std::fs::read_to_string(out_dir.join(format!("{stem}.ans"))).unwrap(),
            e.expected
        );
    }
    assert!(!out_dir.join(format!("{:02}.in", entries.len() + 1)).exists());

    let all = common::scratch("export-all");
    let out = common::harness(&["corpus", "export", arg(&all), "--corpus", arg(&dir)]);
    assert_eq!(out.status.code(), Some(0));
    for problem in [
        "green-hackenbush",
        "tree-game",
        "christmas-game",
        "forest-game",
        "dag-game",
    ] {
        assert!(all.join(problem).join("01.in").is_file(), "{problem}");
    }

    // An answer the problem's check rejects never goes out as a test.
    let path = entry_paths(&dir.join("tree-game")).unwrap().remove(0);
    let mut tampered = Entry::load(&path).unwrap();
    tampered.expected = tampered
        .expected
        .replace("Bob", "Carol")
        .replace("Alice", "Bob")
        .replace("Carol", "Alice");
    std::fs::write(&path, toml::to_string(&tampered).unwrap()).unwrap();
    let again = common::scratch("export-tampered");
    let out = common::harness(&["corpus", "export", arg(&again), "--corpus", arg(&dir)]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("not exported: its answer is rejected"), "{text}");
}

#[test]
fn check_fails_on_a_broken_entry_and_names_it() {
    let dir = copy_corpus("check");
    let out = common::harness(&["corpus", "check", "--corpus", arg(&dir)]);
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
    let path = entry_paths(&dir).unwrap().into_iter().next().unwrap();
    let mut entry = Entry::load(&path).unwrap();
    entry.input.push_str("99999\n");
    std::fs::write(&path, toml::to_string(&entry).unwrap()).unwrap();
    let out = common::harness(&["corpus", "check", "--corpus", arg(&dir)]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("FAIL") && text.contains(path.file_name().unwrap().to_str().unwrap()),
        "{text}"
    );
}

#[test]
fn ctrl_c_while_shrinking_keeps_the_counterexample() {
    let dir = common::scratch("interrupt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_harness"))
        .args([
            "--config",
            "tree",
            "--cases",
            "200",
            "--time-limit-ms",
            "500",
            "--set",
            "n=[12,16]",
            "--solver-cmd",
            &format!("{} slow", env!("CARGO_BIN_EXE_tree-game-fixture")),
            "--corpus",
            arg(&dir),
        ])
        .current_dir(common::workspace())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Keep draining stderr after the signal: a closed pipe would fail the harness's own messages.
    let stderr = BufReader::new(child.stderr.take().unwrap());
    let (lines, got) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in stderr.lines().map_while(Result::ok) {
            lines.send(line).ok();
        }
    });
    let mut seen = String::new();
    for line in got.iter() {
        seen.push_str(&line);
        seen.push('\n');
        if line.contains("shrinking") {
            // The unshrunk case must already be on disk before shrinking starts.
            assert_eq!(entry_paths(&dir).unwrap().len(), 1, "{seen}");
            unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
            break;
        }
    }
    let status = child.wait().unwrap();
    reader.join().unwrap();
    seen.extend(got.try_iter().map(|l| l + "\n"));
    assert_eq!(status.code(), Some(1), "{seen}");
    let entries = common::entries(&dir);
    assert_eq!(entries.len(), 1, "{seen}");
    assert_eq!(entries[0].verdict, "timeout");
}

#[test]
fn harness_check_judges_an_output_file_like_a_checker() {
    let dir = common::scratch("check-output");
    let input = dir.join("01.in");
    // Three trees: a single vertex (Bob), a path of 2 (Alice), a star of 3 (Bob).
    std::fs::write(&input, "3\n1\n2\n1 2\n3\n1 2\n1 3\n").unwrap();
    let judge = |output: &str| {
        let out_file = dir.join("out.txt");
        std::fs::write(&out_file, output).unwrap();
        let out = common::harness(&["check", "--problem", "hdu3094", arg(&input), arg(&out_file)]);
        (out.status.code(), common::text(&out))
    };
    let (code, text) = judge("Bob\nAlice\nBob\n");
    assert_eq!((code, text.trim()), (Some(0), "ok"));
    let (code, text) = judge("Bob\nAlice\nAlice\n");
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("case 3: expected Bob, got Alice"), "{text}");
    let (code, text) = judge("Bob\nAlice\nCarol\n");
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("out.txt: line 3") && text.contains("Carol"), "{text}");
}

#[test]
fn list_map_names_every_file_of_a_problem() {
    let out = common::harness(&["list", "--map"]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    for needle in [
        "christmas-game (poj3710)",
        "gen/src/judge/christmas_game.rs",
        "gen/src/families/cactus.rs",
        "brute/src/hackenbush.rs",
        "configs/cactus.toml (main)",
        "configs/cactus-poj.toml",
        "games/src/problems/christmas_game.rs",
        "solvers/src/colon.rs",
    ] {
        assert!(text.contains(needle), "`{needle}` missing:\n{text}");
    }
}

#[test]
fn list_lines_up_its_columns_whatever_the_name_lengths() {
    let out = common::harness(&["list"]);
    let text = common::text(&out);
    let configs: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("Configs"))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect();
    assert!(configs.len() > 20, "{text}");
    // The problem column starts where the longest config name ends, plus two spaces.
    let width = configs
        .iter()
        .map(|l| l.split_whitespace().next().unwrap().len())
        .max()
        .unwrap();
    for line in &configs {
        let problem_at = line[2..].find(' ').map(|i| 2 + i).unwrap();
        assert!(
            line[problem_at..].starts_with(&" ".repeat(2 + width - (problem_at - 2))),
            "{line}"
        );
        assert_ne!(line.as_bytes()[2 + width + 2], b' ', "{line}");
    }
    assert!(text.contains("wythoff-small  "), "{text}");
}

#[test]
fn export_is_whole_or_nothing_and_keeps_a_folder_unless_forced() {
    let dir = copy_corpus("export-atomic-src");
    let root = common::scratch("export-atomic");
    let out = root.join("set");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("99.in"), "stale").unwrap();
    let export = |extra: &[&str]| {
        let mut args = vec![
            "corpus",
            "export",
            arg(&out),
            "--problem",
            "tree-game",
            "--corpus",
            arg(&dir),
        ];
        args.extend_from_slice(extra);
        common::harness(&args)
    };
    let o = export(&[]);
    assert_eq!(o.status.code(), Some(2), "{}", common::text(&o));
    assert!(
        common::text(&o).contains("exists and is not empty"),
        "{}",
        common::text(&o)
    );
    assert_eq!(std::fs::read_to_string(out.join("99.in")).unwrap(), "stale");

    let o = export(&["--force", "--format", "oj"]);
    assert_eq!(o.status.code(), Some(0), "{}", common::text(&o));
    assert!(!out.join("99.in").exists(), "stale tests of an earlier export are gone");
    assert!(out.join("sample-1.in").is_file() || out.join("hack-001.in").is_file());
    let left: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, ["set"], "temporary folders left behind");

    // Into the corpus it reads: refused whatever --force says, the corpus untouched.
    let before = entry_paths(&dir).unwrap();
    let o = common::harness(&[
        "corpus",
        "export",
        arg(&dir.join("tree-game")),
        "--force",
        "--corpus",
        arg(&dir),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", common::text(&o));
    assert!(common::text(&o).contains("must never replace"), "{}", common::text(&o));
    assert_eq!(entry_paths(&dir).unwrap(), before);
}
