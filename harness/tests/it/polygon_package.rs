//! `testset --format polygon` as Polygon exports a package and as `p2d` (the
//! Polygon-to-DOMjudge converter) reads it: `problem.xml` names a checker, a
//! validator and the main solution, each with its source; `files/testlib.h`
//! is the vendored testlib. Where `g++` is installed the validator and the
//! checker are built and run; where `p2d` is, it converts the package without
//! `--default` (the checker is the package's own).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common;

fn package(problem: &str, out: &Path) {
    let run = common::harness(&[
        "testset",
        "--problem",
        problem,
        "--random",
        "3",
        "--no-judge-size",
        "--format",
        "polygon",
        "--force",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.status.code(), Some(0), "{}", common::text(&run));
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_package_names_its_checker_validator_and_main_solution_with_sources() {
    let root = common::scratch("polygon-package");
    let (nim, election) = (root.join("nim"), root.join("election-promises"));
    package("nim", &nim);
    package("election-promises", &election);
    let workspace = common::workspace();
    assert_eq!(
        read(&nim.join("files/testlib.h")),
        read(&workspace.join("gen/testlib/testlib.h"))
    );
    // A unique answer: testlib's standard token comparison; many: the problem's own checker.
    assert_eq!(
        read(&nim.join("files/check.cpp")),
        read(&workspace.join("gen/testlib/wcmp.cpp"))
    );
    assert_eq!(
        read(&election.join("files/check.cpp")),
        read(&workspace.join("gen/checkers/election-promises.cpp"))
    );
    let xml = read(&nim.join("problem.xml"));
    for part in [
        "<checker name=\"std::wcmp.cpp\" type=\"testlib\">\n      <source path=\"files/check.cpp\"",
        "<validator>\n        <source path=\"files/validator.cpp\"",
        "<solution tag=\"main\">\n        <source path=\"solutions/nim.cpp\" type=\"cpp.g++17\"/>",
        "<file path=\"files/strict_input.h\" type=\"h.g++\"/>",
        "path=\"statements/english/problem.tex\"",
    ] {
        assert!(xml.contains(part), "{part} missing from:\n{xml}");
    }
    assert_eq!(
        read(&nim.join("solutions/nim.cpp")),
        read(&workspace.join("solvers/submissions/nim.cpp"))
    );
    let tex = read(&election.join("statements/english/problem.tex"));
    assert!(
        tex.starts_with("\\begin{problem}{") && tex.ends_with("\\end{problem}\n"),
        "{tex}"
    );
}

/// `g++ -O2 -std=c++17 -o OUT SOURCE` in the source's folder, as Polygon builds.
fn build(source: &Path, out: &Path) -> std::thread::JoinHandle<std::process::Output> {
    let mut command = Command::new("g++");
    command.args(["-O2", "-std=c++17", "-o"]).arg(out).arg(source);
    std::thread::spawn(move || command.output().unwrap())
}

fn run(program: &Path, args: &[&Path], stdin: &str) -> Option<i32> {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    use std::io::Write as _;
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait().unwrap().code()
}

#[test]
fn the_validator_and_the_checker_build_and_judge_as_testlib_programs() {
    if Command::new("g++").arg("--version").output().is_err() {
        println!("SKIPPED: the Polygon validator and checker are built with g++, which is not installed");
        return;
    }
    let root = common::scratch("polygon-programs");
    let (nim, election) = (root.join("nim"), root.join("election-promises"));
    package("nim", &nim);
    package("election-promises", &election);
    let (validator, checker) = (root.join("validator"), root.join("check"));
    let builds = [
        build(&nim.join("files/validator.cpp"), &validator),
        build(&election.join("files/check.cpp"), &checker),
    ];
    for b in builds {
        let out = b.join().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    // testlib's validator: 0 on a valid input, a refusal (FAIL, 3) on a broken one.
    let input = read(&nim.join("tests/01"));
    assert_eq!(run(&validator, &[], &input), Some(0));
    for broken in [
        format!("{input}\n"),
        input.replacen('\n', " \n", 1),
        format!("0{input}"),
    ] {
        assert_eq!(run(&validator, &[], &broken), Some(3), "{broken:?}");
    }
    // testlib's checker `check INPUT OUTPUT ANSWER`: 0 accepted, 1 wrong answer.
    let tests = election.join("tests");
    let (jury, answer) = (tests.join("01"), tests.join("01.a"));
    let written = root.join("output");
    let judge = |output: &str| {
        std::fs::write(&written, output).unwrap();
        run(&checker, &[&jury, &written, &answer], "")
    };
    let expected = read(&answer);
    assert_eq!(judge(&expected), Some(0), "the jury's answer {expected:?}");
    let wrong = if expected.starts_with("WIN") { "LOSE\n" } else { "WIN\n" };
    assert_eq!(judge(wrong), Some(1));
    // testlib: an output that ends before its first token is a presentation error.
    assert_eq!(judge(""), Some(2));
}

/// `p2d`: `$P2D` (CI's venv), else on the `PATH`.
fn p2d() -> Option<PathBuf> {
    common::judge_tool("P2D", "p2d")
}

/// The names of the files in the zip archive `zip`, as Python's zipfile lists them.
fn zip_listing(zip: &Path) -> String {
    let out = Command::new("python3")
        .args(["-m", "zipfile", "-l"])
        .arg(zip)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", common::text(&out));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn p2d_converts_the_packages_without_the_default_validator() {
    let Some(p2d) = p2d() else {
        println!("SKIPPED: p2d (the Polygon-to-DOMjudge converter) is not installed (pip install p2d, or set P2D)");
        return;
    };
    let root = common::scratch("polygon-p2d");
    for (problem, code) in [("nim", "nim"), ("election-promises", "electionpromises")] {
        let package_dir = root.join(problem);
        package(problem, &package_dir);
        let zip = root.join(format!("{code}.zip"));
        let _ = std::fs::remove_file(&zip);
        let run = Command::new(&p2d)
            .args(["--code", code, "--yes", "--output"])
            .arg(&zip)
            .arg(&package_dir)
            .output()
            .unwrap();
        let text = common::text(&run);
        assert_eq!(run.status.code(), Some(0), "p2d {}:\n{text}", package_dir.display());
        assert!(text.contains("Use custom checker."), "{text}");
        let listing = zip_listing(&zip);
        for file in [
            "output_validators/checker/check.cpp".to_string(),
            "data/sample/01.in".to_string(),
            format!("submissions/accepted/{problem}.cpp"),
        ] {
            assert!(
                listing.contains(&file),
                "{file} missing from {}:\n{listing}",
                zip.display()
            );
        }
    }
}
