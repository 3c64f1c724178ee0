//! The sources a Kattis package carries for a built-in problem, built as a
//! judge builds them: every input validator of `gen/validators` accepts the
//! harness's own inputs and rejects broken ones (exit 42 / 43), every accepted
//! submission of `solvers/submissions` answers the problem's judge samples,
//! and every output validator of `gen/output_validators` accepts those
//! answers. Skipped, with a message, where `g++` is missing.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::common;

/// `[gen]` settings inside a problem's guarantee where its generator's
/// defaults are not (`Identity::guarantee`).
const GUARANTEE: &[(&str, &str)] = &[("christmas-game", "mode=\"poj\"")];

/// Inputs in the right format that break a problem's guarantee, by hand.
const BROKEN: &[(&str, &str)] = &[
    ("green-hackenbush", "3 1\n1 2\n"),
    ("tree-game", "1\n3\n1 2\n2 1\n"),
    ("forest-game", "3\n1 1 1\n1 2\n2 1\n"),
    ("combat-on-a-tree", "3\n0 0 0\n2 3\n3 2\n"),
    ("christmas-game", "1\n2 2\n1 2\n2 2\n"),
    ("christmas-game", "1\n3 1\n1 2\n"),
    ("christmas-game", "1\n4 4\n1 2\n2 3\n3 1\n3 4\n"),
    ("election-promises", "2 1\n0 0\n1 1\n"),
    ("election-promises", "2 2\n0 0\n1 2\n1 2\n"),
    ("election-promises", "3 3\n0 0 0\n1 2\n2 3\n3 1\n"),
    ("bunny-egg", "1 3\nOX.\n1\n1 2\n1 1\n"),
    ("bunny-egg", "2 2\nO.\nXO\n1\n1 1\n2 1\n"),
];

/// Damage no judge format accepts: whitespace, signs, zeros, size, lines.
fn broken_copies(valid: &str) -> Vec<(&'static str, String)> {
    let first_number = valid.find(|c: char| c.is_ascii_digit()).unwrap_or(0);
    let (head, tail) = valid.split_at(first_number);
    let last_number = valid.rfind(|c: char| c.is_ascii_digit()).map_or(0, |i| i + 1);
    let first_line_end = valid.find('\n').unwrap_or(valid.len());
    vec![
        (
            "a space before the end of line 1",
            format!("{} {}", &valid[..first_line_end], &valid[first_line_end..]),
        ),
        ("no final newline", valid.trim_end().to_string()),
        ("CRLF line ends", valid.replace('\n', "\r\n")),
        ("an extra line", format!("{valid}1\n")),
        ("an empty last line", format!("{valid}\n")),
        ("a leading zero", format!("{head}0{tail}")),
        ("a minus sign", format!("{head}-{tail}")),
        (
            "a number too large",
            format!("{}99999999999999999999{}", &valid[..last_number], &valid[last_number..]),
        ),
        ("a leading space", format!(" {valid}")),
        ("a tab", valid.replacen(' ', "\t", 1)),
    ]
    .into_iter()
    .filter(|(_, text)| text != valid)
    .collect()
}

/// How a judge builds them.
const GXX: [&str; 2] = ["-O2", "-std=c++17"];

/// Builds `source` into `cache`, named by a hash of its text and of the files it includes
/// (`#include "..."`, beside it): a source built before is not built again (the build is most of
/// this test's time).
fn compile(source: &Path, cache: &Path) -> (PathBuf, std::thread::JoinHandle<Option<Output>>) {
    let mut text = std::fs::read(source).unwrap();
    let included: Vec<PathBuf> = (String::from_utf8_lossy(&text).lines())
        .filter_map(|l| {
            l.trim()
                .strip_prefix("#include \"")?
                .strip_suffix('"')
                .map(PathBuf::from)
        })
        .collect();
    for file in included {
        text.extend(std::fs::read(source.with_file_name(file)).unwrap());
    }
    let stem = source.file_stem().unwrap().to_string_lossy();
    let binary = cache.join(format!(
        "{stem}-{:016x}",
        engine::corpus::fnv1a(&[&text[..], GXX.join(" ").as_bytes()].concat())
    ));
    let (target, partial) = (binary.clone(), binary.with_extension("partial"));
    let mut command = Command::new("g++");
    command.args(GXX).arg("-o").arg(&partial).arg(source);
    let build = std::thread::spawn(move || {
        if target.exists() {
            return None;
        }
        let out = command.output().unwrap();
        if out.status.success() {
            std::fs::rename(&partial, &target).unwrap();
        }
        Some(out)
    });
    (binary, build)
}

fn run(program: &Path, args: &[&Path], stdin: &str) -> Output {
    let file = std::env::temp_dir().join(format!(
        "judge-sources-{}-{:x}",
        std::process::id(),
        engine::corpus::fnv1a(stdin.as_bytes())
    ));
    std::fs::write(&file, stdin).unwrap();
    let out = Command::new(program)
        .args(args)
        .stdin(std::fs::File::open(&file).unwrap())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&file);
    out
}

/// The C++ sources named `<problem>.cpp` in a folder of the workspace.
fn sources(folder: &str) -> Vec<(String, PathBuf)> {
    let mut found: Vec<(String, PathBuf)> = std::fs::read_dir(common::workspace().join(folder))
        .map(|entries| entries.filter_map(|e| e.ok()).map(|e| e.path()).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .filter(|p| p.extension().is_some_and(|x| x == "cpp"))
        .map(|p| (p.file_stem().unwrap().to_string_lossy().into_owned(), p))
        .collect();
    found.sort();
    found
}

#[test]
fn validators_submissions_and_output_validators_build_and_judge() {
    if Command::new("g++").arg("--version").output().is_err() {
        println!("SKIPPED: the judge sources are C++ and g++ is not installed");
        return;
    }
    let root = common::scratch("judge-sources");
    // An interactive game's validator (`nim-interactive`) has a player, not a submission:
    // `interactive_package.rs` runs it.
    let validators: Vec<_> = (sources("gen/validators").into_iter())
        .filter(|(name, _)| !name.ends_with("-interactive"))
        .collect();
    let submissions = sources("solvers/submissions");
    let checkers = sources("gen/output_validators");
    // Every problem with a submission has a validator, and the reverse.
    let names = |v: &[(String, PathBuf)]| v.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
    assert_eq!(
        names(&validators),
        names(&submissions),
        "gen/validators and solvers/submissions"
    );
    assert!(validators.len() >= 2, "{validators:?}");

    // Build into a cache that outlives the scratch folder, as many compilers at a time as there
    // are cores: a burst of forty would starve the tests running beside this one.
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("judge-sources-built");
    for kind in ["validator", "submission", "checker"] {
        std::fs::create_dir_all(cache.join(kind)).unwrap();
    }
    let mut built = std::collections::HashMap::new();
    let all: Vec<_> = [
        ("validator", &validators),
        ("submission", &submissions),
        ("checker", &checkers),
    ]
    .into_iter()
    .flat_map(|(kind, list)| list.iter().map(move |(name, source)| (kind, name, source)))
    .collect();
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    for chunk in all.chunks(cores) {
        let builds: Vec<_> = (chunk.iter())
            .map(|(kind, name, source)| {
                let (binary, build) = compile(source, &cache.join(kind));
                built.insert((*kind, (*name).clone()), binary);
                (source, build)
            })
            .collect();
        for (source, build) in builds {
            if let Some(out) = build.join().unwrap() {
                assert!(
                    out.status.success(),
                    "g++ {}:\n{}",
                    source.display(),
                    common::text(&out)
                );
            }
        }
    }
    let binary = |kind: &'static str, name: &str| built[&(kind, name.to_string())].clone();

    for (problem, _) in &validators {
        let validator = binary("validator", problem);
        // Valid: the harness's own inputs, inside the problem's guarantee.
        let mut valid = Vec::new();
        for case in ["0", "1", "2"] {
            let mut args = vec!["gen", "--problem", problem, "--seed", "7", "--case", case];
            if let Some((_, set)) = GUARANTEE.iter().find(|(p, _)| p == problem) {
                args.extend(["--set", set]);
            }
            let out = common::harness(&args);
            assert_eq!(out.status.code(), Some(0), "{args:?}: {}", common::text(&out));
            valid.push(String::from_utf8(out.stdout).unwrap());
        }
        let samples: Vec<_> = common::entries(&common::workspace().join("corpus").join(problem))
            .into_iter()
            .filter(engine::testset::is_sample)
            .collect();
        assert!(!samples.is_empty(), "{problem}: no judge sample in corpus/{problem}");
        valid.extend(samples.iter().map(|e| e.input.clone()));
        for input in &valid {
            let out = run(&validator, &[], input);
            assert_eq!(
                out.status.code(),
                Some(42),
                "{problem}'s validator rejects:\n{input}{}",
                common::text(&out)
            );
        }
        // Invalid: each valid input damaged, and the guarantee broken by hand.
        let mut invalid: Vec<(String, String)> = broken_copies(&valid[0])
            .into_iter()
            .map(|(how, text)| (how.to_string(), text))
            .collect();
        invalid.extend(
            BROKEN
                .iter()
                .filter(|(p, _)| p == problem)
                .map(|(_, t)| ("the guarantee broken".to_string(), t.to_string())),
        );
        for (how, input) in &invalid {
            let out = run(&validator, &[], input);
            assert_eq!(
                out.status.code(),
                Some(43),
                "{problem}'s validator accepts {how}:\n{input:?}"
            );
            assert!(
                !out.stderr.is_empty(),
                "{problem}'s validator gives no reason for {how}"
            );
        }

        // The submission on the judge samples: the jury's answer, or one the output validator accepts.
        let submission = binary("submission", problem);
        let checker = checkers
            .iter()
            .any(|(n, _)| n == problem)
            .then(|| binary("checker", problem));
        for (k, sample) in samples.iter().enumerate() {
            let out = run(&submission, &[], &sample.input);
            assert!(
                out.status.success(),
                "{problem}'s submission fails on sample {k}: {}",
                common::text(&out)
            );
            let given = String::from_utf8(out.stdout).unwrap();
            match &checker {
                None => assert_eq!(
                    given.split_whitespace().collect::<Vec<_>>(),
                    sample.expected.split_whitespace().collect::<Vec<_>>(),
                    "{problem}'s submission on:\n{}",
                    sample.input
                ),
                Some(checker) => {
                    let (input, answer, feedback) = (root.join("in"), root.join("ans"), root.join("feedback"));
                    std::fs::write(&input, &sample.input).unwrap();
                    std::fs::write(&answer, &sample.expected).unwrap();
                    std::fs::create_dir_all(&feedback).unwrap();
                    let judged = run(checker, &[&input, &answer, &feedback], &given);
                    assert_eq!(
                        judged.status.code(),
                        Some(42),
                        "{problem}: {given} on\n{}",
                        sample.input
                    );
                }
            }
        }
    }
}
