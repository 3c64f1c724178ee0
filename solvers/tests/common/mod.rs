//! Running the `solve` binary as a judge runs it, for the tests that check its
//! answers and its errors.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `solve` with the words of `args` on `input`.
#[allow(dead_code)] // Each test file is its own crate; not all of them call this directly.
pub fn solve(args: &str, input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_solve"))
        .args(args.split_whitespace())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("solve starts");
    // A usage error exits before reading stdin: the closed pipe is no failure of the test.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

/// Judge samples are written with " / " for line breaks, as in PROBLEMS.md.
fn lines(s: &str) -> String {
    s.split(" / ").map(|l| format!("{l}\n")).collect()
}

/// `solve PROBLEM` answers `input` with `expected` (both written with " / ").
pub fn answers(problem: &str, input: &str, expected: &str) {
    let out = solve(problem, &lines(input));
    assert!(
        out.status.success(),
        "{problem}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        lines(expected),
        "{problem} on {input}"
    );
}

/// `solve PROBLEM` rejects `input` with exit 2, no panic, and every needle in its message.
pub fn rejects(problem: &str, input: &str, needles: &[&str]) {
    let out = solve(problem, &lines(input));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{problem} on {input}: {err}");
    assert!(!err.contains("panicked"), "{err}");
    for n in needles {
        assert!(err.contains(n), "expected `{n}` in: {err}");
    }
}
