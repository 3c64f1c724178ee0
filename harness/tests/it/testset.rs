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

    // The index is one `.desc` per test, beside its `.in` and `.ans`.
    let descs: Vec<String> = written
        .iter()
        .filter(|(n, _)| n.ends_with(".desc"))
        .map(|(_, text)| String::from_utf8(text.clone()).unwrap())
        .collect();
    let tests: Vec<&str> = descs.iter().map(|d| d.trim_end()).collect();
    let index = tests.join("\n");
    // Every corpus entry of nim, 5 random cases, 2 judge-size tests.
    let corpus = engine::corpus::entry_paths(&common::workspace().join("corpus/nim"))
        .unwrap()
        .len();
    assert_eq!(tests.len(), corpus + 5 + 2, "{index}");
    assert!(tests[0].contains("judge sample"), "samples come first:\n{index}");
    assert!(tests.last().unwrap().contains("judge size `losing`"), "{index}");
    assert_eq!(written.len(), 3 * tests.len(), "only .in, .ans and .desc files");
    for (k, line) in (1..).zip(&tests) {
        // Brute answers all but the judge-size tests; those it checks again here.
        if line.contains("judge size") {
            assert!(line.contains("reference:fast"), "{line}");
            continue;
        }
        assert!(line.ends_with("(answered by brute)"), "{line}");
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
    // Without the judge-size tests no test reaches the limit of 10 000 piles.
    assert!(
        text.contains("n <= 10000: largest ") && text.contains("BOUND NOT REACHED"),
        "{text}"
    );
    assert!(!out.join("mine.txt").exists());
    assert!(out.join("01.in").is_file() && out.join("01.desc").is_file());
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

/// Every file under `dir`, as paths relative to it, sorted.
fn tree(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p.strip_prefix(dir).unwrap().display().to_string());
            }
        }
    }
    out.sort();
    out
}

#[test]
fn each_format_holds_what_its_judge_or_tool_reads() {
    let root = common::scratch("testset-formats");
    let (flat, oj, polygon, kattis) = (
        root.join("flat"),
        root.join("oj"),
        root.join("polygon"),
        root.join("kattis"),
    );
    for (dir, format) in [(&flat, "flat"), (&oj, "oj"), (&polygon, "polygon"), (&kattis, "kattis")] {
        let (code, text) = testset(dir, &["--format", format]);
        assert_eq!(code, Some(0), "{format}: {text}");
        assert!(
            text.contains("limits reached by the tests:") && text.contains("a <= 9999: reached"),
            "{text}"
        );
        // nim's package carries its accepted submission, solvers/submissions/nim.cpp.
        assert!(
            !text.contains("the package has no accepted submission"),
            "{format}: {text}"
        );
    }
    // dag-game is judged nowhere, but the package's tests are forests and small DAGs, which its
    // submission solves: the package carries it.
    let dag = root.join("dag");
    let out = common::harness(&[
        "testset",
        "--problem",
        "dag-game",
        "--format",
        "kattis",
        "--random",
        "2",
        "--no-judge-size",
        "--out",
        dag.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
    assert!(
        !common::text(&out).contains("the package has no accepted submission"),
        "{}",
        common::text(&out)
    );
    assert_eq!(
        std::fs::read(dag.join("submissions/accepted/dag-game.cpp")).unwrap(),
        std::fs::read(common::workspace().join("solvers/submissions/dag-game.cpp")).unwrap()
    );
    let count = tree(&flat).len() / 3;
    let samples = tree(&flat)
        .iter()
        .filter(|f| f.ends_with(".desc") && std::fs::read_to_string(flat.join(f)).unwrap().contains("judge sample"))
        .count();
    assert!(samples >= 1);

    // oj: sample-N, random-NNN (random and judge-size), hack-NNN (the corpus), .in/.out only.
    let names = tree(&oj);
    assert_eq!(names.len(), 2 * count, "{names:?}");
    assert!(names.contains(&"sample-1.in".to_string()) && names.contains(&"sample-1.out".to_string()));
    assert!(
        names.contains(&"random-007.out".to_string()),
        "5 random and 2 judge-size: {names:?}"
    );
    assert!(names.contains(&"hack-001.in".to_string()), "{names:?}");
    for n in &names {
        let stem = n.strip_suffix(".in").or_else(|| n.strip_suffix(".out")).unwrap();
        assert!(
            stem.starts_with("sample-") || stem.starts_with("random-") || stem.starts_with("hack-"),
            "{n}"
        );
    }
    assert_eq!(
        std::fs::read(oj.join("sample-1.in")).unwrap(),
        std::fs::read(flat.join("01.in")).unwrap()
    );

    // polygon: problem.xml and tests/NN, tests/NN.a, the same bytes as flat's.
    let xml = std::fs::read_to_string(polygon.join("problem.xml")).unwrap();
    for part in [
        "<testset name=\"tests\">",
        "<time-limit>1000</time-limit>",
        &format!("<memory-limit>{}</memory-limit>", 125u64 << 20),
        &format!("<test-count>{count}</test-count>"),
        "<input-path-pattern>tests/%02d</input-path-pattern>",
        "<answer-path-pattern>tests/%02d.a</answer-path-pattern>",
        "<test method=\"manual\" sample=\"true\" description=\"corpus nim/",
        // Made by the Rust generators, which the package does not carry: no `cmd` remakes it.
        "<test method=\"manual\" description=\"judge size `max`",
    ] {
        assert!(xml.contains(part), "{part} missing from:\n{xml}");
    }
    assert!(
        !xml.contains("method=\"generated\"") && !xml.contains("<executables>"),
        "{xml}"
    );
    assert_eq!(xml.matches("<test ").count(), count);
    assert_eq!(
        std::fs::read(polygon.join("tests/02.a")).unwrap(),
        std::fs::read(flat.join("02.ans")).unwrap()
    );

    // kattis: the 2023-07 format, samples apart from the secret tests, a .desc each, the statement from
    // the problem's Doc, and no output validator for a unique answer (the judge compares tokens).
    let files = tree(&kattis);
    let yaml = std::fs::read_to_string(kattis.join("problem.yaml")).unwrap();
    assert!(
        yaml.starts_with("problem_format_version: 2023-07-draft\nname: \"nim")
            && yaml.contains("\nlimits:\n  time_limit: 1.0\n  memory: 125\n")
            && !yaml.contains("validation"),
        "{yaml}"
    );
    let uuid = yaml.lines().find_map(|l| l.strip_prefix("uuid: ")).unwrap();
    let groups: Vec<usize> = uuid.split('-').map(str::len).collect();
    assert_eq!(groups, [8, 4, 4, 4, 12], "{uuid}");
    let statement = std::fs::read_to_string(kattis.join("statement/problem.en.md")).unwrap();
    assert!(
        statement.contains("## Input")
            && statement.contains("## Output")
            && statement.contains("## Example")
            && statement.contains("1000 ms and 125 MiB"),
        "{statement}"
    );
    assert_eq!(
        files.iter().filter(|f| f.starts_with("data/sample/")).count(),
        3 * samples
    );
    assert_eq!(
        files.iter().filter(|f| f.starts_with("data/secret/")).count(),
        3 * (count - samples)
    );
    assert!(!files.iter().any(|f| f.starts_with("output_validator")), "{files:?}");
}

#[test]
fn a_problem_with_many_answers_ships_its_output_validator() {
    let root = common::scratch("testset-kattis-custom");
    let out = root.join("election");
    let o = common::harness(&[
        "testset",
        "--problem",
        "election-promises",
        "--out",
        out.to_str().unwrap(),
        "--random",
        "3",
        "--no-judge-size",
        "--format",
        "kattis",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", common::text(&o));
    // The workspace's self-contained source, never a call to the harness.
    let source = out.join("output_validator/election-promises.cpp");
    assert_eq!(
        std::fs::read(&source).unwrap(),
        std::fs::read(common::workspace().join("gen/output_validators/election-promises.cpp")).unwrap()
    );
    assert!(!out.join("output_validator/harness_check").exists());
    if std::process::Command::new("g++").arg("--version").output().is_err() {
        println!("SKIPPED: running the output validator needs g++, which is not installed");
        return;
    }
    let binary = root.join("validator");
    let built = std::process::Command::new("g++")
        .args(["-O2", "-std=c++17", "-o"])
        .arg(&binary)
        .arg(&source)
        .output()
        .unwrap();
    assert!(built.status.success(), "{}", common::text(&built));
    // The validator as a Kattis judge runs it: INPUT ANSWER FEEDBACK_DIR < OUTPUT,
    // on the statement's sample: its answer, in any whitespace, is right;
    // LOSE, a position the opponent wins, one no move reaches, too few taxes are not.
    let (input, answer) = (root.join("sample.in"), root.join("sample.ans"));
    std::fs::write(&input, "4 2\n2 1 1 5\n1 2\n3 4\n").unwrap();
    std::fs::write(&answer, "WIN\n1 5 1 5\n").unwrap();
    let feedback = root.join("feedback");
    std::fs::create_dir_all(&feedback).unwrap();
    for (output, code) in [
        ("WIN\n1 5 1 5\n", 42),
        ("WIN 1 5 1 5", 42),
        ("LOSE\n", 43),
        ("WIN\n1 1 1 5\n", 43),
        ("WIN\n0 0 1 1\n", 43),
        ("WIN\n1 5 1\n", 43),
    ] {
        let output_file = root.join("output");
        std::fs::write(&output_file, output).unwrap();
        let judged = std::process::Command::new(&binary)
            .args([&input, &answer, &feedback])
            .stdin(std::fs::File::open(&output_file).unwrap())
            .output()
            .unwrap();
        assert_eq!(
            judged.status.code(),
            Some(code),
            "{output:?}: {}",
            common::text(&judged)
        );
    }
}

#[test]
fn oj_test_passes_on_the_oj_folder() {
    if std::process::Command::new("oj").arg("--version").output().is_err() {
        println!("SKIPPED: `oj` (online-judge-tools) is not installed: pip install online-judge-tools");
        return;
    }
    let root = common::scratch("testset-oj-test");
    let out = root.join("oj");
    let (code, text) = testset(&out, &["--format", "oj"]);
    assert_eq!(code, Some(0), "{text}");
    let solve = format!(
        "{} run-solver --problem nim --solver fast",
        env!("CARGO_BIN_EXE_harness")
    );
    let o = std::process::Command::new("oj")
        .args(["test", "-d", out.to_str().unwrap(), "-c", &solve])
        .current_dir(&root)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", common::text(&o));
    let wrong = format!(
        "{} run-solver --problem nim --solver wrong-or-not-xor",
        env!("CARGO_BIN_EXE_harness")
    );
    let o = std::process::Command::new("oj")
        .args(["test", "-d", out.to_str().unwrap(), "-c", &wrong])
        .current_dir(&root)
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(1),
        "a wrong solver must fail: {}",
        common::text(&o)
    );
}

#[test]
fn the_corpus_and_the_sources_are_never_replaced_even_forced() {
    let corpus = common::workspace().join("corpus");
    let before = engine::corpus::entry_paths(&corpus).unwrap().len();
    for bad in [
        corpus.clone(),
        corpus.join("nim"),
        common::workspace().join("configs"),
        common::workspace(),
        // Any tracked folder, not only the crates: the examples the tests use, the build.
        common::workspace().join("examples"),
        common::workspace().join("examples/euclid/out"),
        common::workspace().join("target/release/never-an-out"),
        common::workspace().join("README.md"),
    ] {
        let (code, text) = testset(&bad, &["--no-judge-size", "--force"]);
        assert_eq!(code, Some(2), "{text}");
        assert!(text.contains("must never replace"), "{text}");
    }
    assert_eq!(engine::corpus::entry_paths(&corpus).unwrap().len(), before);
}

#[test]
fn an_unknown_format_is_a_usage_error() {
    let root = common::scratch("testset-bad-format");
    let (code, text) = testset(&root.join("x"), &["--format", "codeforces"]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("invalid value 'codeforces'") && text.contains("polygon"),
        "{text}"
    );
    assert!(!root.join("x").exists());
}

/// christmas-game's judge (POJ 3710) gives pendant-cycle cacti only: its test set holds random
/// cases drawn within that guarantee and leaves out the corpus's refutations on general cacti,
/// unless asked for them; `invoke` runs those as a row of their own, only when named.
#[test]
fn tests_outside_the_judges_guarantee_are_written_only_when_asked() {
    let problem = games::CATALOG.problem("christmas-game").unwrap();
    let guarantee = engine::judge_size::Guarantee::of(problem).unwrap();
    let outside = |input: &str| guarantee.outside(input);
    let entries = common::entries(&common::workspace().join("corpus"));
    let beyond = (entries.iter())
        .filter(|e| e.problem == "christmas-game" && outside(&e.input).is_some())
        .count();
    assert!(beyond > 0, "christmas-game's corpus keeps refutations on general cacti");
    let root = common::scratch("testset-guarantee");
    let write = |out: &Path, extra: &[&str]| {
        let mut args = vec!["testset", "--problem", "christmas-game", "--out", out.to_str().unwrap()];
        args.extend_from_slice(&["--random", "5", "--no-judge-size"]);
        args.extend_from_slice(extra);
        let o = common::harness(&args);
        assert_eq!(o.status.code(), Some(0), "{}", common::text(&o));
        let inputs: Vec<String> = (files(out).into_iter())
            .filter(|(n, _)| n.ends_with(".in"))
            .map(|(_, text)| String::from_utf8(text).unwrap())
            .collect();
        (inputs, common::text(&o))
    };
    let (inside, text) = write(&root.join("within"), &[]);
    assert!(
        text.contains(&format!(
            "{beyond} corpus entries outside the judge's guarantee (mode = \"poj\") left out"
        )),
        "{text}"
    );
    for input in &inside {
        assert_eq!(outside(input), None, "{input}");
    }
    let (all, _) = write(&root.join("all"), &["--beyond-guarantee"]);
    assert_eq!(all.len(), inside.len() + beyond);
    let o = common::harness(&["invoke", "--problem", "christmas-game", "--list"]);
    assert!(common::text(&o).contains("corpus-beyond"), "{}", common::text(&o));
}

#[test]
fn an_oj_folder_of_a_problem_with_many_answers_says_how_to_judge_it() {
    let root = common::scratch("testset-oj-judge-command");
    let judged = |problem: &str| {
        let out = root.join(problem);
        let o = common::harness(&[
            "testset",
            "--problem",
            problem,
            "--out",
            out.to_str().unwrap(),
            "--random",
            "2",
            "--no-judge-size",
            "--format",
            "oj",
            "--force",
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", common::text(&o));
        common::text(&o)
    };
    let text = judged("election-promises");
    assert!(
        text.contains("--judge-command 'harness check --problem election-promises'"),
        "{text}"
    );
    assert!(!judged("nim").contains("--judge-command"));
}
