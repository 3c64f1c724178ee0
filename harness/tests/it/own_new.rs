//! `harness new NAME`: a problem folder whose programs already run together,
//! so the first stress run passes; an existing folder is never written over.

use std::path::Path;

use crate::common;

/// Writes `NAME` in a fresh scratch folder with `args`; its path, exit code and output.
fn new(tag: &str, name: &str, args: &[&str]) -> (std::path::PathBuf, Option<i32>, String) {
    let dir = common::scratch(&format!("own-new-{tag}")).join(name);
    let mut all = vec!["new", dir.to_str().unwrap()];
    all.extend_from_slice(args);
    let out = common::harness(&all);
    (dir, out.status.code(), common::text(&out))
}

/// The first stress run of the new folder, a few cases: exit 0 when they agree.
fn first_run(dir: &Path) -> (Option<i32>, String) {
    let config = dir.join("problem.toml");
    let out = common::harness(&["--config", config.to_str().unwrap(), "--cases", "3"]);
    (out.status.code(), common::text(&out))
}

#[test]
fn a_new_python_problem_passes_its_first_run_and_is_never_written_over() {
    let (dir, code, text) = new("python", "mygame", &[]);
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.contains("Created problem `mygame`") && text.contains("harness --config"),
        "{text}"
    );
    for file in [
        "problem.toml",
        "gen.py",
        "brute.py",
        "sol.py",
        "val.py",
        "input.ctd",
        "samples/1.in",
    ] {
        assert!(dir.join(file).is_file(), "{file} missing: {text}");
    }
    let toml = std::fs::read_to_string(dir.join("problem.toml")).unwrap();
    for key in [
        "name",
        "gen",
        "brute",
        "solvers",
        "validator",
        "spec",
        "checker",
        "tool_time_limit_ms",
        "reference",
    ] {
        assert!(
            toml.contains(&format!("\n{key} = ")) || toml.contains(&format!("\n# {key} = ")),
            "{key}: {toml}"
        );
    }
    let (code, text) = first_run(&dir);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("mygame: 3 cases checked, 0 skipped"), "{text}");

    std::fs::write(dir.join("sol.py"), "mine").unwrap();
    let out = common::harness(&["new", dir.to_str().unwrap()]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(
        text.contains("error: destination") && text.contains("already exists"),
        "{text}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("sol.py")).unwrap(),
        "mine",
        "written over"
    );
}

#[test]
fn a_new_problem_needs_a_plain_name_of_its_own() {
    let (dir, code, text) = new("names", "tree-game", &[]);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("`tree-game` is a built-in problem"), "{text}");
    assert!(!dir.exists(), "{text}");
    let (dir, code, text) = new("names", "no-such-folder/mine", &[]);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("no-such-folder` is no folder"), "{text}");
    assert!(!dir.exists(), "{text}");
}

#[test]
fn a_new_cpp_problem_is_built_and_passes_its_first_run() {
    if std::process::Command::new("g++").arg("--version").output().is_err() {
        eprintln!("skipped: no g++ on the PATH to build the C++ problem");
        return;
    }
    let (dir, code, text) = new("cpp", "mygame", &["--lang", "cpp"]);
    assert_eq!(code, Some(0), "{text}");
    for file in ["gen", "brute", "sol", "val", "sol.cpp"] {
        assert!(dir.join(file).is_file(), "{file} missing: {text}");
    }
    let (code, text) = first_run(&dir);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("mygame: 3 cases checked, 0 skipped"), "{text}");
}
