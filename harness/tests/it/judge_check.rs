//! `harness check` as judges call a checker: testlib's `INPUT OUTPUT ANSWER`
//! (exit 0/1/2/3) and a Kattis output validator (`INPUT ANSWER FEEDBACK_DIR <
//! OUTPUT`, exit 42/43), beside the two-file form.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::common;

/// One nim case, two equal piles: the second player wins.
const INPUT: &str = "1\n2\n3 3\n";

fn files(dir: &Path, output: &str, answer: &str) -> [String; 3] {
    for (name, text) in [("in", INPUT), ("out", output), ("ans", answer)] {
        std::fs::write(dir.join(name), text).unwrap();
    }
    ["in", "out", "ans"].map(|n| dir.join(n).display().to_string())
}

#[test]
fn testlib_order_and_exit_codes() {
    let dir = common::scratch("check-testlib");
    for (output, answer, code, says) in [
        ("No\n", "No\n", 0, "ok"),
        ("Yes\n", "No\n", 1, "wrong answer"),
        ("Maybe\n", "No\n", 2, "wrong output format"),
        ("No\n", "Perhaps\n", 3, "FAIL"),
    ] {
        let [i, o, a] = files(&dir, output, answer);
        let out = common::harness(&["check", "--problem", "nim", &i, &o, &a]);
        let text = common::text(&out);
        assert_eq!(out.status.code(), Some(code), "{output} vs {answer}: {text}");
        assert!(text.contains(says), "{text}");
    }
    // The two-file form still judges against brute.
    let [i, o, a] = files(&dir, "Yes\n", "No\n");
    let out = common::harness(&["check", "--problem", "nim", &i, &o]);
    assert_eq!(out.status.code(), Some(1), "{}", common::text(&out));
    // Bytes that are not text are the contestant's malformed output, in both forms.
    std::fs::write(&o, b"N\xffo\n").unwrap();
    for (files, says) in [
        (vec![&i, &o, &a], "wrong output format"),
        (vec![&i, &o], "byte 2 (0xff) is not UTF-8 text"),
    ] {
        let mut args = vec!["check", "--problem", "nim"];
        args.extend(files.into_iter().map(String::as_str));
        let out = common::harness(&args);
        let text = common::text(&out);
        assert_eq!(out.status.code(), Some(2), "{text}");
        assert!(text.contains(says) && text.contains("not UTF-8"), "{text}");
    }
}

fn kattis(dir: &Path, feedback: &Path, output: &[u8]) -> (Option<i32>, String) {
    let [i, _, a] = files(dir, "", "No\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_harness"))
        .args([
            "check",
            "--problem",
            "nim",
            "--kattis",
            &i,
            &a,
            feedback.to_str().unwrap(),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A validator refusing its arguments exits before it reads the output: a broken pipe here.
    let _ = std::io::Write::write_all(&mut child.stdin.take().unwrap(), output);
    let out = child.wait_with_output().unwrap();
    (out.status.code(), common::text(&out))
}

#[test]
fn a_kattis_output_validator_exits_42_or_43_with_its_message() {
    let dir = common::scratch("check-kattis");
    let feedback = dir.join("feedback");
    std::fs::create_dir_all(&feedback).unwrap();
    let message = || std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap();
    assert_eq!(kattis(&dir, &feedback, b"No\n").0, Some(42));
    assert_eq!(message(), "accepted\n");
    assert_eq!(kattis(&dir, &feedback, b"Yes\n").0, Some(43));
    assert!(message().starts_with("wrong answer"), "{}", message());
    assert_eq!(kattis(&dir, &feedback, b"1 2 3\n").0, Some(43));
    assert!(message().contains("malformed"), "{}", message());
    assert_eq!(kattis(&dir, &feedback, b"N\xfeo\n").0, Some(43));
    assert!(message().contains("not UTF-8"), "{}", message());

    let (code, text) = kattis(&dir, &dir.join("no-such-folder"), b"No\n");
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("FEEDBACK_DIR must be a writable folder"), "{text}");
    assert!(!dir.join("no-such-folder").exists());
}
