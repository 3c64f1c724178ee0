//! Every long command follows the one cancellation path (`cancel.rs`): SIGINT, SIGTERM and
//! SIGHUP stop it with exit 130, its temporaries removed and what it had done printed and kept.
//! The stress loop's own signal tests are in `faults.rs`, `invoke`'s in `invoke.rs`.

use crate::common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Starts the harness with `args`, waits until `ready` holds, sends `sig`, and returns the exit
/// code, the output and how long the harness took to stop after the signal.
fn signalled(args: &[&str], ready: impl Fn() -> bool, sig: i32) -> (Option<i32>, String, Duration) {
    let mut harness = Command::new(env!("CARGO_BIN_EXE_harness"));
    harness.args(args);
    signalled_as(harness, ready, sig)
}

/// [`signalled`] for a harness command set up by the caller (its environment, say).
fn signalled_as(mut harness: Command, ready: impl Fn() -> bool, sig: i32) -> (Option<i32>, String, Duration) {
    let child = harness
        .current_dir(common::workspace())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !ready() {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "{harness:?} never got ready"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    // SAFETY: plain syscall on our own child's pid, which is not reaped yet.
    unsafe { libc::kill(child.id() as i32, sig) };
    let sent = Instant::now();
    let out = child.wait_with_output().unwrap();
    (out.status.code(), common::text(&out), sent.elapsed())
}

/// The names in `dir`.
fn names(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn a_signal_while_testset_answers_its_tests_exits_130() {
    let dir = common::scratch("signal-testset-answering");
    let out = dir.join("tests");
    // tree-game's judge-size tests take seconds to answer (more in a debug build); the folder is
    // written only after them, so a signal half a second in comes while they are answered.
    let args = [
        "testset",
        "--problem",
        "tree-game",
        "--random",
        "5",
        "--out",
        out.to_str().unwrap(),
    ];
    let started = Instant::now();
    let (code, text, _) = signalled(&args, || started.elapsed() > Duration::from_millis(500), libc::SIGINT);
    assert!(
        !text.contains("tests written"),
        "the signal came after the answers: {text}"
    );
    assert_eq!(code, Some(130), "{text}");
    assert!(text.contains("interrupted"), "{text}");
    assert!(names(&dir).is_empty(), "left {:?}: {text}", names(&dir));
}

#[test]
fn a_signal_stops_testset_and_removes_its_temporary_folder() {
    for (name, sig) in [("term", libc::SIGTERM), ("hup", libc::SIGHUP)] {
        let dir = common::scratch(&format!("signal-testset-{name}"));
        let out = dir.join("tests");
        // Hundreds of random tests, each answered by brute: the signal comes while they are
        // written to the temporary folder.
        let args = [
            "testset",
            "--problem",
            "nim",
            "--no-judge-size",
            "--random",
            "600",
            "--out",
            out.to_str().unwrap(),
        ];
        let writing = || names(&dir).iter().any(|n| n.starts_with(".tests.tmp"));
        let (code, text, _) = signalled(&args, writing, sig);
        assert_eq!(code, Some(130), "{name}: {text}");
        assert!(text.contains("interrupted"), "{name}: {text}");
        assert!(names(&dir).is_empty(), "{name}: left {:?}: {text}", names(&dir));
    }
}

#[test]
fn a_signal_stops_a_long_brute_search_at_once() {
    // 30 x 30 matrices with a budget of 2 * 10^8 states: brute's searches take minutes each,
    // and a signal once waited for them. Within the default budget they give up in under a
    // second each, and five of them may all be over before the signal.
    let dir = common::scratch("signal-long-brute");
    let corpus = dir.join("corpus");
    let args = [
        "--config",
        "nullify-matrix",
        "--set",
        "n=[1,30]",
        "--max-states",
        "200000000",
        "--cases",
        "5",
        "-j1",
        "--corpus",
        corpus.to_str().unwrap(),
    ];
    let started = Instant::now();
    let searching = || started.elapsed() > Duration::from_secs(2);
    let (code, text, _) = signalled(&args, searching, libc::SIGTERM);
    let took = started.elapsed();
    assert_eq!(code, Some(130), "{text}");
    assert!(took < Duration::from_secs(60), "{took:?}: {text}");
    assert!(text.contains("interrupted"), "{text}");
}

/// A shell script in `dir`, run as `sh FILE`.
fn script(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, body).unwrap();
    format!("sh {}", path.display())
}

#[test]
fn a_signal_stops_a_game_at_once_and_stores_nothing() {
    let dir = common::scratch("signal-game");
    let corpus = dir.join("corpus");
    let began = dir.join("began");
    // Takes its side's position, says it began, and thinks for far longer than the test.
    let slow = script(
        &dir,
        "slow.sh",
        &format!("read n; read piles; touch {}; sleep 100\n", began.display()),
    );
    for sig in [libc::SIGINT, libc::SIGTERM] {
        let _ = std::fs::remove_file(&began);
        let args = [
            "--config",
            "nim-interactive",
            "--corpus",
            corpus.to_str().unwrap(),
            "--cases",
            "20",
            "--time-limit-ms",
            "60000",
            "--solver-cmd",
            &slow,
        ];
        let (code, text, took) = signalled(&args, || began.exists(), sig);
        stopped_at_once(code, &text, took, &corpus);
    }
    // A built-in player, on positions the jury takes a while over.
    let args = [
        "--config",
        "nim-interactive",
        "--set",
        "n=3",
        "--set",
        "values=[30,30]",
        "--corpus",
        corpus.to_str().unwrap(),
        "--cases",
        "2000",
        "--solver",
        "right",
    ];
    let started = Instant::now();
    let (code, text, took) = signalled(&args, || started.elapsed() > Duration::from_secs(2), libc::SIGINT);
    stopped_at_once(code, &text, took, &corpus);
}

/// A game stopped by a signal: exit 130 within a second, nothing found or stored.
fn stopped_at_once(code: Option<i32>, text: &str, took: Duration, corpus: &Path) {
    assert_eq!(code, Some(130), "{text}");
    assert!(
        took < Duration::from_secs(1),
        "stopped {took:?} after the signal: {text}"
    );
    assert!(!text.contains("FOUND"), "{text}");
    assert!(!corpus.exists() || common::entries(corpus).is_empty(), "{text}");
}

#[test]
fn a_signal_stops_corpus_check_of_a_problem_file_and_removes_its_temporaries() {
    let dir = common::scratch("signal-own-corpus-check");
    let tmp = dir.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    let checker = script(&dir, "checker.sh", "sleep 100\n");
    std::fs::write(
        dir.join("p.toml"),
        format!("[problem]\nname = \"mine\"\ngen = \"echo {{seed}}\"\nbrute = \"cat\"\nsolvers = [\"cat\"]\nchecker = \"{checker}\"\n"),
    )
    .unwrap();
    let corpus = dir.join("corpus");
    let entry = engine::corpus::Entry::new("mine", engine::corpus::Verdict::Regression, "1\n".into(), "1\n".into());
    entry.save(&corpus).unwrap();
    let file = dir.join("p.toml");
    for sig in [libc::SIGINT, libc::SIGTERM] {
        let checking = || names(&tmp).iter().any(|n| n.starts_with("harness-checker-"));
        let mut harness = Command::new(env!("CARGO_BIN_EXE_harness"));
        harness.env("TMPDIR", &tmp).args([
            "corpus",
            "check",
            "--config",
            file.to_str().unwrap(),
            "--corpus",
            corpus.to_str().unwrap(),
        ]);
        let (code, text, _) = signalled_as(harness, checking, sig);
        assert_eq!(code, Some(130), "{text}");
        assert!(text.contains("interrupted"), "{text}");
        assert!(!text.contains("FAIL"), "{text}");
        assert!(names(&tmp).is_empty(), "left {:?}: {text}", names(&tmp));
    }
}
