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

/// `check` as testlib's form, its exit code and everything it printed.
fn testlib(args: &[&str]) -> (Option<i32>, String) {
    let mut all = vec!["check"];
    all.extend(args);
    let out = common::harness(&all);
    (out.status.code(), common::text(&out))
}

#[test]
fn a_contestants_fault_is_a_wrong_answer_or_a_presentation_error_never_a_failure() {
    let dir = common::scratch("check-contestant-faults");
    for (output, code) in [
        ("No\nNo\n", 2), // an extra token
        ("No 7\n", 2),   // an extra token on the line
        ("", 2),         // a missing token
        ("\n\n", 2),     // whitespace alone
        ("Maybe\n", 2),  // not a word of the format
        ("Yes\n", 1),    // well-formed and wrong
    ] {
        let [i, o, a] = files(&dir, output, "No\n");
        let (got, text) = testlib(&["--problem", "nim", &i, &o, &a]);
        assert_eq!(got, Some(code), "{output:?}: {text}");
        assert!(!text.contains("FAIL"), "{output:?}: {text}");
        // As a Kattis validator, each of them is the contestant's wrong answer.
        let feedback = dir.join("feedback");
        std::fs::create_dir_all(&feedback).unwrap();
        let (got, text) = kattis(&dir, &feedback, output.as_bytes());
        assert_eq!(got, Some(43), "{output:?}: {text}");
    }
    // testlib counts an output file that is not there against the contestant, as a presentation error.
    let [i, _, a] = files(&dir, "", "No\n");
    let missing = dir.join("no-output").display().to_string();
    let (got, text) = testlib(&["--problem", "nim", &i, &missing, &a]);
    assert_eq!(got, Some(2), "{text}");
    assert!(
        text.contains("wrong output format") && text.contains("cannot read the output file"),
        "{text}"
    );
}

#[test]
fn a_jurys_fault_is_a_failure_in_testlib_form_and_a_judge_error_for_kattis() {
    let dir = common::scratch("check-jury-faults");
    let [i, o, a] = files(&dir, "No\n", "No\n");
    let missing = dir.join("missing").display().to_string();
    for (args, says) in [
        (vec!["--problem", "nimm", &i, &o, &a], "did you mean"),
        (vec!["--problem", "nim", &missing, &o, &a], "cannot read"),
        (vec!["--problem", "nim", &i, &o, &missing], "cannot read"),
    ] {
        let (got, text) = testlib(&args);
        assert_eq!(got, Some(3), "{args:?}: {text}");
        assert!(text.contains("FAIL") && text.contains(says), "{args:?}: {text}");
    }
    // Kattis reads any exit but 42 and 43 as the judge's error.
    let feedback = dir.join("feedback").display().to_string();
    std::fs::create_dir_all(&feedback).unwrap();
    for args in [
        ["--problem", "nimm", "--kattis", &i, &a, &feedback],
        ["--problem", "nim", "--kattis", &missing, &a, &feedback],
        ["--problem", "nim", "--kattis", &i, &missing, &feedback],
    ] {
        let (got, text) = testlib(&args);
        assert!(!matches!(got, Some(42 | 43)), "{args:?}: {got:?} {text}");
        assert!(
            text.contains("did you mean") || text.contains("cannot read"),
            "{args:?}: {text}"
        );
    }
}

#[test]
fn testlib_report_file_and_appes_are_accepted() {
    let dir = common::scratch("check-report");
    let report = dir.join("report").display().to_string();
    let read = || std::fs::read_to_string(&report).unwrap();
    for (output, code, plain, outcome) in [
        ("No\n", 0, "ok", "accepted"),
        ("Yes\n", 1, "wrong answer", "wrong-answer"),
        ("1 <&> 2\n", 2, "wrong output format", "presentation-error"),
    ] {
        let [i, o, a] = files(&dir, output, "No\n");
        let (got, text) = testlib(&["--problem", "nim", &i, &o, &a, &report]);
        assert_eq!(got, Some(code), "{text}");
        assert!(read().starts_with(plain), "{}", read());
        for appes in ["-appes", "-APPES"] {
            let (got, text) = testlib(&["--problem", "nim", &i, &o, &a, &report, appes]);
            assert_eq!(got, Some(code), "{text}");
            let xml = read();
            assert!(
                xml.starts_with("<?xml version=\"1.0\" encoding=\"utf-8\"?>")
                    && xml.contains(&format!("<result outcome = \"{outcome}\">{plain}"))
                    && xml.ends_with("</result>\n")
                    && !xml[xml.find("\">").unwrap()..].contains("<&"),
                "{xml}"
            );
        }
    }
    // A jury's fault goes to the report too; a report that cannot be written is one.
    let [i, o, a] = files(&dir, "No\n", "No\n");
    let (got, _) = testlib(&["--problem", "nimm", &i, &o, &a, &report, "-appes"]);
    assert_eq!(got, Some(3));
    assert!(read().contains("<result outcome = \"fail\">FAIL"), "{}", read());
    let unwritable = dir.join("no-folder/report").display().to_string();
    let (got, text) = testlib(&["--problem", "nim", &i, &o, &a, &unwritable]);
    assert_eq!(got, Some(3), "{text}");
    assert!(text.contains("cannot write the report file"), "{text}");
}
