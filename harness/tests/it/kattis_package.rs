//! `testset --format kattis` as judges load it: the 2023-07 problem package
//! format, in a folder named by the problem's short name, with a statement,
//! an accepted submission, input validators and, for a problem with many
//! valid answers, its output validator; and, where problemtools is
//! installed, `verifyproblem` finding no error in it. `--format bapc`, the
//! same package in the version BAPCtools reads, where BAPCtools is installed:
//! `bt validate` finding no error in it.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common;

/// `testset --format kattis` of `what` (`--problem P` or `--config FILE`) into `out`, small.
fn package(what: &[&str], out: &Path) -> (Option<i32>, String) {
    package_as("kattis", what, out)
}

/// `testset --format FORMAT` of `what` into `out`, small.
fn package_as(format: &str, what: &[&str], out: &Path) -> (Option<i32>, String) {
    let mut args = vec!["testset"];
    args.extend(what);
    args.extend(["--random", "3", "--no-judge-size", "--format", format, "--force"]);
    args.extend(["--out", out.to_str().unwrap()]);
    let run = Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(&args)
        .current_dir(common::workspace())
        .output()
        .unwrap();
    (run.status.code(), common::text(&run))
}

#[test]
fn the_folder_is_the_short_name_judges_require() {
    let root = common::scratch("kattis-short-name");
    let (code, text) = package(&["--problem", "tree-game"], &root.join("tree-game"));
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("[a-z0-9]+") && text.contains(&format!("--out {}", root.join("treegame").display())),
        "{text}"
    );
    assert!(!root.join("tree-game").exists());
    let (code, text) = package(&["--problem", "tree-game"], &root.join("treegame"));
    assert_eq!(code, Some(0), "{text}");

    // `corpus export` of every problem names each package's folder so.
    let out = root.join("export");
    let run = common::harness(&["corpus", "export", out.to_str().unwrap(), "--format", "kattis"]);
    assert_eq!(run.status.code(), Some(0), "{}", common::text(&run));
    for folder in ["treegame", "greenhackenbush", "nim"] {
        assert!(out.join(folder).join("problem.yaml").is_file(), "{folder}");
    }
    assert!(!out.join("tree-game").exists());
}

#[test]
fn a_built_in_problem_ships_its_submission_validator_and_statement() {
    let out = common::scratch("kattis-built-in").join("wythoff");
    let (code, text) = package(&["--problem", "wythoff"], &out);
    assert_eq!(code, Some(0), "{text}");
    assert!(!text.contains("no accepted submission"), "{text}");
    for (shipped, source) in [
        ("submissions/accepted/wythoff.cpp", "solvers/submissions/wythoff.cpp"),
        ("input_validators/wythoff/wythoff.cpp", "gen/validators/wythoff.cpp"),
    ] {
        assert_eq!(
            std::fs::read(out.join(shipped)).unwrap(),
            std::fs::read(common::workspace().join(source)).unwrap(),
            "{shipped}"
        );
    }
    // A validator that includes the shared reader is a folder holding both, built as one program.
    let nim = common::scratch("kattis-built-in-nim").join("nim");
    let (code, text) = package(&["--problem", "nim"], &nim);
    assert_eq!(code, Some(0), "{text}");
    for (shipped, source) in [
        ("input_validators/nim/nim.cpp", "gen/validators/nim.cpp"),
        ("input_validators/nim/strict_input.h", "gen/validators/strict_input.h"),
    ] {
        assert_eq!(
            std::fs::read(nim.join(shipped)).unwrap(),
            std::fs::read(common::workspace().join(source)).unwrap(),
            "{shipped}"
        );
    }
    let statement = std::fs::read_to_string(out.join("statement/problem.en.md")).unwrap();
    for part in [
        "Wythoff's game on two piles",
        "## Input",
        "0 <= a, b <= 10^9",
        "```\n8 4\n```",
        "1000 ms and 125 MiB",
    ] {
        assert!(statement.contains(part), "{part} missing from:\n{statement}");
    }
    // The same problem gives the same UUID; another problem another.
    let uuid = |dir: &Path| {
        let yaml = std::fs::read_to_string(dir.join("problem.yaml")).unwrap();
        yaml.lines().find_map(|l| l.strip_prefix("uuid: ")).unwrap().to_string()
    };
    let again = common::scratch("kattis-built-in-again").join("wythoff");
    assert_eq!(package(&["--problem", "wythoff"], &again).0, Some(0));
    let nim = common::scratch("kattis-built-in-nim").join("nim");
    assert_eq!(package(&["--problem", "nim"], &nim).0, Some(0));
    assert_eq!(uuid(&out), uuid(&again));
    assert_ne!(uuid(&out), uuid(&nim));
}

/// problemtools' `verifyproblem`: `$VERIFYPROBLEM` (CI's venv), else on the `PATH`.
fn verifyproblem() -> Option<PathBuf> {
    common::judge_tool("VERIFYPROBLEM", "verifyproblem")
}

#[test]
fn verifyproblem_finds_no_error_in_the_packages() {
    let Some(verify) = verifyproblem() else {
        println!(
            "SKIPPED: problemtools' verifyproblem is not installed (pip install problemtools, or set VERIFYPROBLEM)"
        );
        return;
    };
    for (tool, why) in [
        ("pandoc", "renders Markdown statements with"),
        ("pypy3", "runs Python submissions and validators with"),
        ("g++", "builds C++ submissions and validators with"),
    ] {
        if Command::new(tool).arg("--version").output().is_err() {
            println!("SKIPPED: verifyproblem {why} {tool}, which is not installed");
            return;
        }
    }
    // The statement's PDF needs LaTeX, which CI does not install: the other parts are checked then.
    let mut parts = vec!["config", "data", "validators", "submissions"];
    if Command::new("lualatex").arg("--version").output().is_ok() {
        parts.push("statement");
    } else {
        println!("verifyproblem: the statement left out: lualatex (LaTeX) is not installed");
    }
    let root = common::scratch("kattis-verifyproblem");
    for (what, folder) in [
        (&["--problem", "tree-game"][..], "treegame"),
        (&["--problem", "wythoff"][..], "wythoff"),
        // Many valid answers: its C++ output validator is built and run.
        (&["--problem", "election-promises"][..], "electionpromises"),
        (&["--config", "examples/euclid/euclid.toml"][..], "euclid"),
    ] {
        let out = root.join(folder);
        let (code, text) = package(what, &out);
        assert_eq!(code, Some(0), "{text}");
        let run = Command::new(&verify).arg(&out).arg("-p").args(&parts).output().unwrap();
        let text = common::text(&run);
        assert!(
            text.contains(&format!("{folder} tested: 0 errors")),
            "verifyproblem {}:\n{text}",
            out.display()
        );
    }
}

/// BAPCtools' `bt`: `$BT` (CI's venv), else on the `PATH`.
fn bapctools() -> Option<PathBuf> {
    common::judge_tool("BT", "bt")
}

/// `bt validate` reads the 2025-09 package (problemtools refuses that version, BAPCtools every
/// other): no error and no warning, each problem with its answer validator (christmas-game's
/// counts the input's cases to its end), dag-game with the input validator and submission it
/// was missing.
#[test]
fn bt_validate_finds_no_error_in_the_bapc_packages() {
    let Some(bt) = bapctools() else {
        println!("SKIPPED: BAPCtools' bt is not installed (pip install bapctools, or set BT)");
        return;
    };
    if Command::new("g++").arg("--version").output().is_err() {
        println!("SKIPPED: bt builds the C++ validators with g++, which is not installed");
        return;
    }
    let root = common::scratch("bapc-validate");
    for (problem, folder) in [
        ("election-promises", "electionpromises"),
        ("christmas-game", "christmasgame"),
        ("dag-game", "daggame"),
    ] {
        let out = root.join(folder);
        let (code, text) = package_as("bapc", &["--problem", problem], &out);
        assert_eq!(code, Some(0), "{text}");
        let yaml = std::fs::read_to_string(out.join("problem.yaml")).unwrap();
        assert!(yaml.starts_with("problem_format_version: 2025-09\n"), "{yaml}");
        assert!(!out.join(".timelimit").exists());
        // bt remembers every problem's UUID in its config folder and warns of another folder with
        // the same one (an earlier package on this machine): a config folder of the test's own.
        let run = Command::new(&bt)
            .args(["validate", "--no-bar"])
            .env("XDG_CONFIG_HOME", root.join("config"))
            .current_dir(&out)
            .output()
            .unwrap();
        let text = common::without_colours(&common::text(&run));
        assert!(
            text.contains("Input validation: Done"),
            "bt validate in {}:\n{text}",
            out.display()
        );
        // bt says an error without a mark of its own (`name: ...`): every line but its progress counts.
        let progress = [
            "PROBLEM ",
            "LOG: ",
            "Generic Invalidation: G",
            "Generic output validation: G",
            "Output validator checks: using",
        ];
        let flagged: Vec<&str> = (text.lines())
            .filter(|l| !l.is_empty() && !l.ends_with(": Done") && !progress.iter().any(|p| l.starts_with(p)))
            .collect();
        assert!(
            flagged.is_empty(),
            "bt validate in {} flags {flagged:?}:\n{text}",
            out.display()
        );
        // bt fails on a warning too.
        assert!(run.status.success(), "{text}");
    }
}
