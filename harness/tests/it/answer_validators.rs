//! The answer validators of `gen/answer_validators`, built as a judge builds
//! them and run as BAPCtools runs them (`validator INPUT < ANSWER`, exit 42
//! valid, 43 not): each accepts every answer of its problem's test set, and on
//! damaged answers (`gen::mutate`'s and BAPCtools' own kinds) agrees with the
//! problem's answer parsing: it accepts only what the parser reads, and it
//! accepts what the parser reads whenever it is spelled as the harness writes
//! (the same layout of lines and spaces, numbers without sign or leading
//! zeros). Skipped, with a message, where `g++` is missing.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common;

/// How a judge builds them.
const GXX: [&str; 2] = ["-O2", "-std=c++17"];

/// Builds the validator of `problem` into `cache`, named by a hash of its text and the
/// headers it shares: a validator built before is not built again.
fn compile(problem: &str, cache: &Path) -> (PathBuf, std::thread::JoinHandle<()>) {
    let root = common::workspace().join("gen");
    let source = root.join("answer_validators").join(format!("{problem}.cpp"));
    let mut text = std::fs::read(&source).unwrap();
    for header in ["answer_validators/strict_answer.h", "validators/strict_input.h"] {
        text.extend(std::fs::read(root.join(header)).unwrap());
    }
    let binary = cache.join(format!(
        "{problem}-{:016x}",
        engine::corpus::fnv1a(&[&text[..], GXX.join(" ").as_bytes()].concat())
    ));
    let (target, partial) = (binary.clone(), binary.with_extension("partial"));
    let mut command = Command::new("g++");
    command
        .args(GXX)
        .arg("-I")
        .arg(root.join("validators"))
        .arg("-o")
        .arg(&partial)
        .arg(&source);
    let build = std::thread::spawn(move || {
        if target.exists() {
            return;
        }
        let out = command.output().unwrap();
        assert!(
            out.status.success(),
            "g++ {}:\n{}",
            source.display(),
            common::text(&out)
        );
        std::fs::rename(&partial, &target).unwrap();
    });
    (binary, build)
}

/// The validator's exit code on `answer`, with the input in the file `input`.
fn validate(validator: &Path, input: &Path, answer: &[u8]) -> Option<i32> {
    let mut child = Command::new(validator)
        .arg(input)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // A validator may stop reading at the first fault: the rest of the answer is not its business.
    let _ = child.stdin.take().unwrap().write_all(answer);
    child.wait().unwrap().code()
}

/// The text's whitespace as it is, each token a mark: what the harness's layout of an answer is.
fn layout(text: &str) -> String {
    let mut out = String::new();
    let mut in_token = false;
    for c in text.chars() {
        if c.is_whitespace() {
            out.push(c);
            in_token = false;
        } else if !in_token {
            out.push('x');
            in_token = true;
        }
    }
    out
}

/// A token as the harness writes it: a number without sign (but `-1`) or leading zeros, or a word.
fn canonical(token: &str) -> bool {
    match token.parse::<i128>() {
        Ok(x) => x.to_string() == token,
        Err(_) => !token.starts_with(['+', '-']) && !token.chars().next().is_some_and(|c| c.is_ascii_digit()),
    }
}

/// Damage of BAPCtools' generic invalidation, by hand: what it feeds every answer validator.
fn bapctools_kinds(answer: &str) -> Vec<String> {
    let body = answer.strip_suffix('\n').unwrap_or(answer);
    vec![
        format!("0{answer}"),
        format!(" {answer}"),
        format!("+{answer}"),
        format!("{answer}42\n"),
        format!("{answer}hello\n"),
        format!("{answer}\n"),
        format!("{body} hello\n"),
        format!("{body} 42\n"),
        format!("{body}\0\n"),
        format!("{body} \n"),
        body.to_string(),
        answer.replace('\n', "\r\n"),
        answer.to_lowercase(),
        answer.to_uppercase(),
        "\n".to_string(),
        "Naïve\n".to_string(),
    ]
}

#[test]
fn answer_validators_agree_with_the_problems_answer_parsing() {
    if Command::new("g++").arg("--version").output().is_err() {
        println!("SKIPPED: the answer validators are C++ and g++ is not installed");
        return;
    }
    let names = |folder: &str| -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(common::workspace().join(folder))
            .unwrap()
            .filter_map(|e| {
                e.ok()?
                    .path()
                    .file_name()?
                    .to_str()?
                    .strip_suffix(".cpp")
                    .map(String::from)
            })
            .collect();
        names.sort();
        names
    };
    // One answer validator per problem with an input validator: every problem judged by files
    // (an interactive game's answers are its interactor's to judge).
    let problems = names("gen/answer_validators");
    let judged_by_files: Vec<String> = (names("gen/validators").into_iter())
        .filter(|name| !name.ends_with("-interactive"))
        .collect();
    assert_eq!(problems, judged_by_files);

    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("answer-validators-built");
    std::fs::create_dir_all(&cache).unwrap();
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let mut built = Vec::new();
    for chunk in problems.chunks(cores) {
        let builds: Vec<_> = chunk.iter().map(|p| compile(p, &cache)).collect();
        for (binary, build) in builds {
            build.join().unwrap();
            built.push(binary);
        }
    }

    let root = common::scratch("answer-validators");
    let options = engine::testset::Options {
        out: PathBuf::new(),
        force: false,
        layout: engine::Layout::Flat,
        random: 3,
        corpus: None,
        max_states: 200_000,
        no_judge_size: true,
        beyond_guarantee: false,
        minimize: None,
        submissions: vec![],
    };
    let corpus = common::workspace().join("corpus");
    for (name, validator) in problems.iter().zip(&built) {
        let problem = games::CATALOG.problem(name).unwrap();
        let tests = engine::testset::answered(problem, &options, &corpus, &mut |_| {}).unwrap();
        assert!(!tests.is_empty(), "{name}");
        let (mut refused, mut read_but_refused) = (0, 0);
        for (k, test) in tests.iter().enumerate() {
            let input = root.join(format!("{name}-{k}.in"));
            std::fs::write(&input, &test.input).unwrap();
            assert_eq!(
                validate(validator, &input, test.answer.as_bytes()),
                Some(42),
                "{name}'s answer validator refuses the answer of {}:\n{}",
                test.what,
                test.answer
            );
            let mut damaged: Vec<String> = gen::mutate::mutations(&test.answer, k as u64, 24).collect();
            damaged.extend(bapctools_kinds(&test.answer));
            for answer in damaged.iter().filter(|a| **a != test.answer) {
                let read = problem.parse_output(&test.input, answer).is_ok();
                let code = validate(validator, &input, answer.as_bytes());
                let seen = format!("{name}: {answer:?} for the right answer {:?}", test.answer);
                assert!(matches!(code, Some(42 | 43)), "{seen}: exit {code:?}");
                if code == Some(42) {
                    assert!(read, "{seen}: the validator accepts what the problem does not read");
                } else {
                    refused += 1;
                    let as_written = layout(answer) == layout(&test.answer) && answer.split_whitespace().all(canonical);
                    assert!(
                        !(read && as_written),
                        "{seen}: the validator refuses an answer as the harness writes it"
                    );
                    read_but_refused += usize::from(read);
                }
            }
        }
        // The damage reached both kinds of refusal: the answer's values and its spelling.
        assert!(
            refused > read_but_refused,
            "{name}: {refused} refused, {read_but_refused} readable"
        );
    }
}

/// `testset --format bapc` carries the problem's answer validator with the headers it includes,
/// as one program's folder; the 2023-07 package, which problemtools reads, does not.
#[test]
fn the_bapc_package_carries_the_answer_validator() {
    let root = common::scratch("answer-validators-package");
    for (format, folder) in [("bapc", "bapc"), ("kattis", "kattis")] {
        let out = root.join(folder).join("nim");
        let run = common::harness(&[
            "testset",
            "--problem",
            "nim",
            "--random",
            "2",
            "--no-judge-size",
            "--format",
            format,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(run.status.code(), Some(0), "{}", common::text(&run));
        let carried = out.join("answer_validators/nim");
        if format == "kattis" {
            assert!(!out.join("answer_validators").exists());
            continue;
        }
        for (shipped, source) in [
            ("nim.cpp", "gen/answer_validators/nim.cpp"),
            ("strict_answer.h", "gen/answer_validators/strict_answer.h"),
            ("strict_input.h", "gen/validators/strict_input.h"),
        ] {
            assert_eq!(
                std::fs::read(carried.join(shipped)).unwrap(),
                std::fs::read(common::workspace().join(source)).unwrap(),
                "{shipped}"
            );
        }
    }
}
