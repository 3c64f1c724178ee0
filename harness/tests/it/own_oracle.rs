//! The setter's own oracle (`--brute-cmd`) and checker (`--checker`): both
//! are real processes; a failure of either is reported as such and never
//! counted as a pass or stored as a counterexample.

use crate::common;

fn quote(s: &str) -> String {
    shlex::try_quote(s).expect("no NUL byte").into_owned()
}

fn fixture(mode: &str) -> String {
    format!("{} {mode}", quote(env!("CARGO_BIN_EXE_tree-game-fixture")))
}

const CHECKER: &str = "python3 harness/tests/solver_scripts/token_checker.py";

/// Runs the tree config with `args`; returns the exit code, the entries and the output.
fn run(tag: &str, args: &[&str]) -> (Option<i32>, Vec<engine::corpus::Entry>, String) {
    let dir = common::scratch(&format!("own-oracle-{tag}"));
    let mut all = vec!["--config", "tree", "--corpus", dir.to_str().unwrap()];
    all.extend_from_slice(args);
    let out = common::harness(&all);
    (out.status.code(), common::entries(&dir), common::text(&out))
}

#[test]
fn an_oracle_program_answers_instead_of_brute() {
    let (code, entries, text) = run("right", &["--cases", "3000", "--brute-cmd", &fixture("right")]);
    assert_eq!(code, Some(0), "{text}");
    assert!(entries.is_empty(), "{text}");
    assert!(text.contains("cmd:") && text.contains("3000 cases checked"), "{text}");
}

#[test]
fn a_wrong_oracle_program_is_what_a_run_finds_and_the_entry_names_it() {
    // The fast solvers are right; an oracle summing instead of XORing disagrees at three vertices.
    let oracle = fixture("wrong");
    let (code, entries, text) = run("wrong", &["--cases", "3000", "--brute-cmd", &oracle]);
    assert_eq!(code, Some(1), "{text}");
    assert_eq!(entries.len(), 1, "{text}");
    let e = &entries[0];
    assert_eq!(e.oracle.as_deref(), Some(format!("cmd:{oracle}").as_str()));
    assert!(e.input.starts_with("1\n3\n"), "{}", e.input);
}

#[test]
fn a_crashing_or_garbled_oracle_stops_the_run_and_passes_nothing() {
    for (mode, says) in [
        ("crash", "exited with code 1"),
        ("garbage", "not in the judge's format"),
    ] {
        let (code, entries, text) = run(mode, &["--cases", "3000", "--brute-cmd", &fixture(mode)]);
        assert_eq!(code, Some(2), "{text}");
        assert!(entries.is_empty(), "{text}");
        assert!(text.contains("no expected answer") && text.contains(says), "{text}");
        assert!(text.contains("harness gen --config"), "{text}");
        assert!(!text.contains("cases checked"), "{text}");
    }
}

#[test]
fn a_slow_oracle_gets_its_own_time_limit() {
    let (code, entries, text) = run(
        "slow",
        &[
            "--cases",
            "200",
            "--brute-cmd",
            &fixture("slow"),
            "--brute-time-limit-ms",
            "300",
        ],
    );
    assert_eq!(code, Some(2), "{text}");
    assert!(entries.is_empty(), "{text}");
    assert!(text.contains("longer than its limit of 300 ms"), "{text}");
}

#[test]
fn a_checker_accepts_right_answers_and_its_words_come_with_a_wrong_one() {
    let (code, entries, text) = run("checker-right", &["--cases", "40", "--checker", CHECKER]);
    assert_eq!(code, Some(0), "{text}");
    assert!(entries.is_empty(), "{text}");
    let (code, entries, text) = run(
        "checker-wrong",
        &[
            "--cases",
            "40",
            "--checker",
            CHECKER,
            "--solver",
            "wrong-sum-not-xor",
            "--no-shrink",
        ],
    );
    assert_eq!(code, Some(1), "{text}");
    assert_eq!(entries.len(), 1, "{text}");
    assert!(
        entries[0]
            .detail
            .as_deref()
            .unwrap_or("")
            .contains("checker: wrong answer: expected Bob found Alice"),
        "{text}"
    );
}

#[test]
fn a_checker_judges_external_programs_too() {
    let (code, entries, text) = run(
        "checker-external",
        &[
            "--cases",
            "300",
            "--checker",
            CHECKER,
            "--solver-cmd",
            &fixture("wrong"),
            "--no-shrink",
        ],
    );
    assert_eq!(code, Some(1), "{text}");
    assert_eq!(entries.len(), 1, "{text}");
    assert!(
        entries[0]
            .detail
            .as_deref()
            .unwrap_or("")
            .contains("checker: wrong answer"),
        "{text}"
    );
}

#[test]
fn a_checker_that_fails_or_exits_strangely_gives_no_verdict() {
    for (script, says) in [
        ("import sys; sys.exit(3)", "failed (exit code 3)"),
        ("import sys; sys.exit(5)", "no testlib verdict"),
    ] {
        let checker = format!("python3 -c {}", quote(script));
        let (code, entries, text) = run("checker-broken", &["--cases", "50", "--checker", &checker]);
        assert_eq!(code, Some(2), "{text}");
        assert!(entries.is_empty(), "{text}");
        assert!(text.contains(says) && text.contains("nothing was stored"), "{text}");
    }
}

#[test]
fn a_checker_sees_an_output_the_built_in_parser_would_refuse() {
    // `alice` for `Alice` is the checker's call: this one ignores case.
    let lower = common::scratch("own-oracle-lowercase").join("lower.sh");
    std::fs::write(&lower, format!("#!/bin/sh\n{} | tr A-Z a-z\n", fixture("right"))).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&lower, std::fs::Permissions::from_mode(0o755)).unwrap();
    let lower = lower.to_str().unwrap();
    let script = "import sys\n\
        words = lambda i: open(sys.argv[i]).read().lower().split()\n\
        sys.exit(0 if words(2) == words(3) else 1)";
    let checker = format!("python3 -c {}", quote(script));
    let args = ["--cases", "200", "--solver-cmd", lower, "--no-shrink"];
    let (code, entries, text) = run("lowercase-checked", &[&args[..], &["--checker", &checker]].concat());
    assert_eq!(code, Some(0), "{text}");
    assert!(entries.is_empty(), "{text}");
    // Without it, the judge's format rules.
    let (code, entries, text) = run("lowercase-unchecked", &args);
    assert_eq!(code, Some(1), "{text}");
    assert_eq!(entries[0].verdict, "bad-output", "{text}");
}
