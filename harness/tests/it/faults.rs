//! Regression tests for the faults found when the harness was attacked as a
//! user would: nothing found is ever lost, nothing stray is left behind. Each
//! test is named after the fault it pins.

use crate::common;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use engine::corpus::{entry_paths, Entry};

fn arg(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn script(name: &str) -> String {
    format!("harness/tests/fault_scripts/{name}")
}

fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(args)
        .current_dir(common::workspace())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn signal(child: &Child, sig: i32) {
    // SAFETY: plain syscall on our own child's pid, which is not reaped yet.
    unsafe { libc::kill(child.id() as i32, sig) };
}

fn alive(pid: i32) -> bool {
    // SAFETY: signal 0 only asks whether the process exists.
    unsafe { libc::kill(pid, 0) == 0 }
}

#[test]
fn a_find_is_printed_in_full_when_the_corpus_cannot_be_written() {
    let dir = common::scratch("unwritable");
    let file = dir.join("a-file");
    std::fs::write(&file, "not a folder").unwrap();
    let out = common::harness(&[
        "--config",
        "multigraph",
        "--solver",
        "wrong-ignore-loops",
        "--corpus",
        arg(&file),
    ]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("FOUND green-hackenbush"), "{text}");
    assert!(text.contains("shrunk from"), "{text}");
    assert!(text.contains("input:\n    1 1\n    1 1"), "{text}");
    assert!(text.contains("NOT SAVED") && text.contains("a-file"), "{text}");
}

#[test]
fn sigterm_and_sighup_kill_the_external_programs() {
    for (name, sig) in [("term", libc::SIGTERM), ("hup", libc::SIGHUP)] {
        let pids = common::scratch(&format!("signal-{name}"));
        let cmd = format!("{} {}", script("pid_sleeper.sh"), arg(&pids));
        let child = spawn(&["--config", "tree", "--solver-cmd", &cmd, "--time-limit-ms", "60000"]);
        let started = Instant::now();
        while std::fs::read_dir(&pids).unwrap().count() == 0 {
            assert!(started.elapsed() < Duration::from_secs(20), "no solver started");
            std::thread::sleep(Duration::from_millis(20));
        }
        signal(&child, sig);
        let out = child.wait_with_output().unwrap();
        let text = common::text(&out);
        assert_eq!(out.status.code(), Some(130), "{name}: {text}");
        // Runs the signal cut short judged nothing, so they count for nothing.
        assert!(text.contains(" 0 cases checked"), "{name}: {text}");
        for f in std::fs::read_dir(&pids).unwrap() {
            let pid: i32 = f.unwrap().file_name().to_str().unwrap().parse().unwrap();
            let deadline = Instant::now() + Duration::from_secs(5);
            while alive(pid) && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(20));
            }
            assert!(!alive(pid), "{name}: solver {pid} outlived the harness");
        }
    }
}

#[test]
fn ctrl_c_keeps_failures_already_found_in_a_slow_round() {
    let dir = common::scratch("slow-round");
    let child = spawn(&[
        "--config",
        "tree",
        "--threads",
        "2",
        "--batch",
        "5",
        "--solver-cmd",
        &script("slow_alice.sh"),
        "--corpus",
        arg(&dir),
    ]);
    // One round is 2 threads x 4 batches of 0.5 s: the first batches have
    // answered (wrongly) when the signal comes, the later ones are killed.
    std::thread::sleep(Duration::from_millis(1300));
    signal(&child, libc::SIGINT);
    let out = child.wait_with_output().unwrap();
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("FOUND tree-game"), "{text}");
    let entries = common::entries(&dir);
    assert_eq!(entries.len(), 1, "{text}");
    assert_eq!(entries[0].verdict, "mismatch");
}

#[test]
fn regen_moves_a_misnamed_entry_instead_of_duplicating_it() {
    let dir = common::scratch("regen-misnamed");
    let src = common::workspace().join("corpus/tree-game");
    let first = entry_paths(&src).unwrap().into_iter().next().unwrap();
    let folder = dir.join("tree-game");
    std::fs::create_dir_all(&folder).unwrap();
    let renamed = folder.join("renamed-by-hand.toml");
    std::fs::copy(&first, &renamed).unwrap();
    let out = common::harness(&["corpus", "regen", "--corpus", arg(&dir)]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("moved there"), "{text}");
    let paths = entry_paths(&dir).unwrap();
    assert_eq!(paths.len(), 1, "{paths:?}");
    assert_eq!(paths[0].file_name(), first.file_name());
    let again = common::harness(&["corpus", "regen", "--corpus", arg(&dir)]);
    assert_eq!(again.status.code(), Some(0), "{}", common::text(&again));
    assert!(common::text(&again).contains("0 changed"));
}

#[test]
fn one_bad_entry_does_not_hide_the_others() {
    let dir = common::scratch("bad-entries");
    let folder = dir.join("tree-game");
    std::fs::create_dir_all(&folder).unwrap();
    for p in entry_paths(&common::workspace().join("corpus/tree-game")).unwrap() {
        std::fs::copy(&p, folder.join(p.file_name().unwrap())).unwrap();
    }
    let good = entry_paths(&dir).unwrap().len();
    std::fs::write(folder.join("0-broken.toml"), "problem = \"tree-game\"\nverdict = [\n").unwrap();
    let mut typo = Entry::load(&entry_paths(&folder).unwrap()[1]).unwrap();
    typo.solver = Some("wrong-sum-not-xr".into());
    std::fs::write(folder.join("1-typo.toml"), toml::to_string(&typo).unwrap()).unwrap();
    for command in ["check", "regen"] {
        let out = common::harness(&["corpus", command, "--corpus", arg(&dir)]);
        let text = common::text(&out);
        assert_eq!(out.status.code(), Some(1), "{command}: {text}");
        assert!(text.contains("0-broken.toml"), "{command}: {text}");
        if command == "check" {
            assert!(
                text.contains("1-typo.toml") && text.contains("did you mean `wrong-sum-not-xor`"),
                "{text}"
            );
            assert!(text.contains(&format!("{} entries", good + 2)), "{text}");
        }
    }
}

#[test]
fn corpus_check_on_a_missing_folder_fails() {
    let out = common::harness(&["corpus", "check", "--corpus", "no/such/folder"]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(
        text.contains("no/such/folder") && text.contains("does not exist"),
        "{text}"
    );
}

#[test]
fn corpus_add_says_when_it_only_updates_an_entry() {
    let dir = common::scratch("add-twice");
    let input = dir.join("sample.in");
    std::fs::write(&input, "1\n1\n").unwrap();
    let corpus = dir.join("corpus");
    let add = |note: &str| {
        let out = common::harness(&[
            "corpus",
            "add",
            "--problem",
            "tree-game",
            arg(&input),
            "--note",
            note,
            "--corpus",
            arg(&corpus),
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
        common::text(&out)
    };
    assert!(add("first").starts_with("added"));
    assert!(add("second").starts_with("updated"));
}

#[test]
fn gen_into_a_closed_pipe_exits_cleanly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_harness"))
        // Megabytes: far more than a pipe buffers, so the write must meet the closed end.
        .args([
            "gen",
            "--problem",
            "green-hackenbush",
            "--set",
            "n=100000",
            "--set",
            "m=300000",
        ])
        .current_dir(common::workspace())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
    assert!(out.stderr.is_empty(), "{}", common::text(&out));
}
