//! Real processes as solvers: a Python tree-game solution with switchable
//! bugs (harness/tests/solver_scripts/tree_game.py). Each misbehaviour gets its
//! own verdict, is shrunk keeping that verdict, and lands in the corpus.

mod common;

use gen::judge::Format;
use harness::corpus::Entry;
use harness::problem::Problem;
use harness::problems::TreeGame;

fn script(mode: &str) -> String {
    format!("python3 harness/tests/solver_scripts/tree_game.py {mode}")
}

/// Runs the tree config against the script in `mode`; returns the exit code and entries.
fn run(mode: &str, extra: &[&str]) -> (Option<i32>, Vec<Entry>, String) {
    let dir = common::scratch(&format!("external-{mode}-{}", extra.join("_").replace('/', "")));
    let cmd = script(mode);
    let mut args = vec![
        "--config",
        "tree",
        "--solver-cmd",
        &cmd,
        "--corpus",
        dir.to_str().unwrap(),
    ];
    if !extra.contains(&"--cases") {
        args.extend_from_slice(&["--cases", "3000"]);
    }
    args.extend_from_slice(extra);
    let out = common::harness(&args);
    (out.status.code(), common::entries(&dir), common::text(&out))
}

/// The single shrunk entry, with the given verdict; returns its cases.
fn found(mode: &str, extra: &[&str], verdict: &str) -> (Entry, Vec<gen::Graph>) {
    let (code, entries, text) = run(mode, extra);
    assert_eq!(code, Some(1), "{text}");
    assert_eq!(entries.len(), 1, "{text}");
    let e = entries.into_iter().next().unwrap();
    assert_eq!(e.verdict, verdict, "{text}");
    assert_eq!(e.solver.as_deref(), Some(format!("cmd:{}", script(mode)).as_str()));
    let cases = <TreeGame as Problem>::Judge::read_input(&e.input).unwrap();
    (e, cases)
}

#[test]
fn a_right_program_passes_batched_and_alone() {
    for extra in [&[][..], &["--batch", "1", "--cases", "300"][..]] {
        let (code, entries, text) = run("right", extra);
        assert_eq!(code, Some(0), "{text}");
        assert!(entries.is_empty());
        assert!(text.contains("0 skipped"), "{text}");
    }
}

#[test]
fn a_wrong_answer_is_a_mismatch_shrunk_to_three_vertices() {
    let (e, cases) = found("wrong", &[], "mismatch");
    assert_eq!(cases.len(), 1);
    assert_eq!(cases[0].n, 3, "{}", e.input);
    assert_eq!(e.expected.trim(), "Bob");
    assert_eq!(e.actual.as_deref().map(str::trim), Some("Alice"));
}

#[test]
fn a_crash_keeps_exit_status_and_stderr() {
    let (e, cases) = found("crash", &[], "crash");
    assert_eq!(cases.len(), 1);
    assert_eq!(cases[0].n, 4, "{}", e.input);
    let detail = e.detail.unwrap();
    assert!(
        detail.contains("exit code 1") && detail.contains("IndexError"),
        "{detail}"
    );
}

#[test]
fn a_program_over_the_time_limit_is_killed_and_shrunk() {
    // A generous limit: Python's start-up on a loaded machine must not count as slow.
    let (e, cases) = found(
        "slow",
        &["--time-limit-ms", "2000", "--set", "n=[5,8]", "--cases", "50"],
        "timeout",
    );
    assert_eq!(cases.len(), 1);
    assert_eq!(cases[0].n, 5, "{}", e.input);
    assert!(e.detail.unwrap().contains("2000 ms"));
}

#[test]
fn garbage_output_says_what_was_expected() {
    let (e, cases) = found("garbage", &[], "bad-output");
    assert_eq!(cases.len(), 1);
    assert_eq!(cases[0].n, 3, "{}", e.input);
    let detail = e.detail.unwrap();
    assert!(detail.contains("Alice / Bob") && detail.contains("Maybe"), "{detail}");
}

#[test]
fn random_answers_are_flaky_under_check_determinism() {
    let (e, cases) = found("random", &["--check-determinism"], "flaky");
    assert!(!cases.is_empty(), "{}", e.input);
}

#[test]
fn state_leaking_between_cases_is_shrunk_to_a_two_case_batch() {
    // Alone every case is right; in a batch, the XOR carried over from a
    // winning case flips the next one. Smallest: one edge, then a lone root.
    let (e, cases) = found("leak", &[], "mismatch");
    assert_eq!(cases.len(), 2, "{}", e.input);
    let edges: usize = cases.iter().map(|c| c.m()).sum();
    assert_eq!(edges, 1, "{}", e.input);
}
