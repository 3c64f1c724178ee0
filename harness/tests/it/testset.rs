//! `harness testset`: the judge's samples first, the corpus, random cases and
//! the judge-size tests, each answer accepted by the problem's check, written
//! atomically and byte-identically on every run.

use std::path::Path;

use crate::common;

fn testset(out: &Path, extra: &[&str]) -> (Option<i32>, String) {
    let mut args = vec![
        "testset",
        "--problem",
        "nim",
        "--out",
        out.to_str().unwrap(),
        "--random",
        "5",
    ];
    args.extend_from_slice(extra);
    let o = common::harness(&args);
    (o.status.code(), common::text(&o))
}

fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut all: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let p = e.unwrap().path();
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    all.sort();
    all
}

#[test]
fn a_test_set_is_complete_checked_and_the_same_every_time() {
    let root = common::scratch("testset-nim");
    let (a, b) = (root.join("a"), root.join("b"));
    let (code, text) = testset(&a, &[]);
    assert_eq!(code, Some(0), "{text}");
    let (code, text) = testset(&b, &[]);
    assert_eq!(code, Some(0), "{text}");
    let written = files(&a);
    assert_eq!(written, files(&b), "two runs wrote different files");

    let index = String::from_utf8(written.iter().find(|(n, _)| n == "index.txt").unwrap().1.clone()).unwrap();
    let tests: Vec<&str> = index.lines().filter(|l| !l.starts_with('#')).collect();
    // Every corpus entry of nim, 5 random cases, 2 judge-size tests.
    let corpus = harness::corpus::entry_paths(&common::workspace().join("corpus/nim"))
        .unwrap()
        .len();
    assert_eq!(tests.len(), corpus + 5 + 2, "{index}");
    assert!(tests[0].contains("judge sample"), "samples come first:\n{index}");
    assert!(tests.last().unwrap().contains("judge size `losing`"), "{index}");
    assert_eq!(written.len(), 2 * tests.len() + 1);
    for (k, line) in (1..).zip(&tests) {
        // Brute answers all but the judge-size tests; those it checks again here.
        if line.contains("judge size") {
            assert!(line.contains("reference:fast"), "{line}");
            continue;
        }
        assert!(line.contains(" brute "), "{line}");
        let input = a.join(format!("{k:02}.in"));
        let answer = a.join(format!("{k:02}.ans"));
        let out = common::harness(&[
            "check",
            "--problem",
            "nim",
            input.to_str().unwrap(),
            answer.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(0), "test {k}: {}", common::text(&out));
    }
}

#[test]
fn a_folder_with_files_is_kept_unless_forced() {
    let root = common::scratch("testset-force");
    let out = root.join("set");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("mine.txt"), "keep me").unwrap();
    let (code, text) = testset(&out, &["--no-judge-size"]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("exists and is not empty") && text.contains("--force"),
        "{text}"
    );
    assert_eq!(std::fs::read_to_string(out.join("mine.txt")).unwrap(), "keep me");

    let (code, text) = testset(&out, &["--no-judge-size", "--force"]);
    assert_eq!(code, Some(0), "{text}");
    assert!(!out.join("mine.txt").exists());
    assert!(out.join("01.in").is_file() && out.join("index.txt").is_file());
    let leftovers: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(leftovers.len(), 1, "temporary folders left behind: {leftovers:?}");
}

#[test]
fn the_corpus_read_is_named_and_a_missing_one_given_is_an_error() {
    let out = common::scratch("testset-missing-corpus").join("set");
    let missing = common::scratch("testset-missing-corpus").join("no-such-corpus");
    let (code, text) = testset(&out, &["--corpus", missing.to_str().unwrap(), "--no-judge-size"]);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("no-such-corpus: no such folder"), "{text}");
    // Outside the workspace the default corpus is ./corpus: no samples, said aloud.
    let elsewhere = std::env::temp_dir().join(format!("gamestress-testset-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&elsewhere);
    std::fs::create_dir_all(&elsewhere).unwrap();
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_harness"))
        .args([
            "testset",
            "--problem",
            "nim",
            "--out",
            "set",
            "--no-judge-size",
            "--random",
            "1",
        ])
        .current_dir(&elsewhere)
        .output()
        .unwrap();
    let text = common::text(&run);
    assert_eq!(run.status.code(), Some(0), "{text}");
    assert!(text.contains("warning: nim: no corpus at corpus/nim"), "{text}");
    assert!(text.contains("--corpus DIR"), "{text}");
    std::fs::remove_dir_all(&elsewhere).unwrap();
}
