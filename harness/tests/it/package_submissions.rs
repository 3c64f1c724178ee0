//! `testset --submission PATH[=VERDICT]`: a solution a package carries under
//! the verdict it must get, and the judges agreeing: a program that always
//! says the first player wins is judged WA by `verifyproblem` (Kattis
//! package), `bt run` (BAPC package), and `p2d` carries it from a Polygon
//! package as a wrong answer. A judge missing is skipped with a message.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common;

/// nim, wrong: every case answered `Yes` (the judge sample's first case is a `No`).
const ALWAYS_FIRST: &str =
    "#include <cstdio>\nint main() {\n    int t;\n    if (scanf(\"%d\", &t) != 1) return 1;\n    \
                            while (t-- > 0) puts(\"Yes\");\n}\n";

/// `testset --problem nim --format FORMAT --submission WRONG=wrong_answer` into `out`, small.
fn package(format: &str, wrong: &Path, out: &Path) {
    let submission = format!("{}=wrong_answer", wrong.display());
    let run = common::harness(&[
        "testset",
        "--problem",
        "nim",
        "--random",
        "3",
        "--no-judge-size",
        "--format",
        format,
        "--force",
        "--submission",
        &submission,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.status.code(), Some(0), "{}", common::text(&run));
}

fn wrong_program(root: &Path) -> PathBuf {
    let wrong = root.join("always-first.cpp");
    std::fs::write(&wrong, ALWAYS_FIRST).unwrap();
    wrong
}

#[test]
fn a_missing_file_an_unknown_verdict_and_a_layout_without_submissions_are_usage_errors() {
    let root = common::scratch("submission-usage");
    let wrong = wrong_program(&root);
    let out = root.join("nim");
    let out = out.to_str().unwrap();
    let cases = [
        (
            format!("{}=wrong_answer", root.join("missing.cpp").display()),
            "kattis",
            "missing.cpp: no such file",
        ),
        (format!("{}=slow", wrong.display()), "kattis", "unknown verdict `slow`"),
        (
            format!("{}=wrong_answer", wrong.display()),
            "flat",
            "--format flat holds only tests",
        ),
    ];
    for (submission, format, said) in cases {
        let run = common::harness(&[
            "testset",
            "--problem",
            "nim",
            "--no-judge-size",
            "--format",
            format,
            "--submission",
            &submission,
            "--out",
            out,
        ]);
        let text = common::text(&run);
        assert_eq!(run.status.code(), Some(2), "{submission}: {text}");
        assert!(text.contains(said), "{submission}: {text}");
    }
    assert!(!root.join("nim").exists());
}

#[test]
fn a_wrong_submission_is_carried_under_its_verdict_in_every_package() {
    let root = common::scratch("submission-carried");
    let wrong = wrong_program(&root);
    for (format, file) in [
        ("kattis", "submissions/wrong_answer/always-first.cpp"),
        ("bapc", "submissions/wrong_answer/always-first.cpp"),
        ("polygon", "solutions/always-first.cpp"),
    ] {
        let out = root.join(format).join("nim");
        package(format, &wrong, &out);
        assert_eq!(
            std::fs::read_to_string(out.join(file)).unwrap(),
            ALWAYS_FIRST,
            "{format}"
        );
        assert!(out
            .join(if format == "polygon" {
                "solutions/nim.cpp"
            } else {
                "submissions/accepted/nim.cpp"
            })
            .is_file());
    }
    let xml = std::fs::read_to_string(root.join("polygon/nim/problem.xml")).unwrap();
    assert!(
        xml.contains("<solution tag=\"wrong-answer\">\n        <source path=\"solutions/always-first.cpp\""),
        "{xml}"
    );
    assert!(xml.contains("<solution tag=\"main\">"), "{xml}");
}

#[test]
fn verifyproblem_judges_the_wrong_submission_wrong() {
    let Some(verify) = common::judge_tool("VERIFYPROBLEM", "verifyproblem") else {
        println!(
            "SKIPPED: problemtools' verifyproblem is not installed (pip install problemtools, or set VERIFYPROBLEM)"
        );
        return;
    };
    if Command::new("g++").arg("--version").output().is_err() {
        println!("SKIPPED: verifyproblem builds the C++ submissions with g++, which is not installed");
        return;
    }
    let root = common::scratch("submission-verifyproblem");
    let out = root.join("nim");
    package("kattis", &wrong_program(&root), &out);
    let run = Command::new(&verify)
        .arg(&out)
        .args(["-p", "submissions"])
        .output()
        .unwrap();
    let text = common::text(&run);
    // verifyproblem reports an error for a submission that does not get its folder's verdict.
    assert!(text.contains("wrong_answer/always-first.cpp (C++) OK: WA"), "{text}");
    assert!(text.contains("nim tested: 0 errors"), "{text}");
}

#[test]
fn bt_run_judges_the_wrong_submission_wrong() {
    let Some(bt) = common::judge_tool("BT", "bt") else {
        println!("SKIPPED: BAPCtools' bt is not installed (pip install bapctools, or set BT)");
        return;
    };
    if Command::new("g++").arg("--version").output().is_err() {
        println!("SKIPPED: bt builds the C++ submissions with g++, which is not installed");
        return;
    }
    let root = common::scratch("submission-bt-run");
    let out = root.join("nim");
    package("bapc", &wrong_program(&root), &out);
    let run = Command::new(&bt)
        .args(["run", "--no-bar"])
        .env("XDG_CONFIG_HOME", root.join("config"))
        .current_dir(&out)
        .output()
        .unwrap();
    let text = common::without_colours(&common::text(&run));
    let verdict = |file: &str| {
        text.lines()
            .find(|l| l.contains(file))
            .map(|l| l.split_whitespace().nth(1).unwrap_or_default().to_string())
    };
    assert_eq!(verdict("accepted/nim.cpp").as_deref(), Some("AC"), "{text}");
    assert_eq!(
        verdict("wrong_answer/always-first.cpp").as_deref(),
        Some("WA"),
        "{text}"
    );
    assert!(run.status.success(), "{text}");
}

#[test]
fn p2d_carries_the_wrong_submission_as_a_wrong_answer() {
    let Some(p2d) = common::judge_tool("P2D", "p2d") else {
        println!("SKIPPED: p2d (the Polygon-to-DOMjudge converter) is not installed (pip install p2d, or set P2D)");
        return;
    };
    let root = common::scratch("submission-p2d");
    let out = root.join("nim");
    package("polygon", &wrong_program(&root), &out);
    let zip = root.join("nim.zip");
    let run = Command::new(&p2d)
        .args(["--code", "nim", "--yes", "--output"])
        .arg(&zip)
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0), "{}", common::text(&run));
    let listing = Command::new("python3")
        .args(["-m", "zipfile", "-l"])
        .arg(&zip)
        .output()
        .unwrap();
    let listing = String::from_utf8_lossy(&listing.stdout);
    for file in [
        "submissions/wrong_answer/always-first.cpp",
        "submissions/accepted/nim.cpp",
    ] {
        assert!(
            listing.contains(file),
            "{file} missing from {}:\n{listing}",
            zip.display()
        );
    }
}
