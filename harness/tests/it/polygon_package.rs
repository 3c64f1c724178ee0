//! `testset --format polygon` as Polygon exports a package and as `p2d` (the
//! Polygon-to-DOMjudge converter) reads it: `problem.xml` names a checker, a
//! validator and the main solution, each with its source; `files/testlib.h`
//! is the vendored testlib. Where `g++` is installed the validator and the
//! checker are built and run; where `p2d` is, it converts the package without
//! `--default` (the checker is the package's own). A problem file's package
//! (the euclid example) has its spec translated into the testlib validator,
//! held to the problem's own validation on damaged inputs, and its generator
//! among the executables, each generated test's `cmd` making its input again.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common;

/// `harness testset WHAT --random 3 --format polygon` into `out`: the progress text.
fn polygon(what: &[&str], out: &Path) -> String {
    let mut args = vec!["testset"];
    args.extend_from_slice(what);
    args.extend_from_slice(&["--random", "3", "--format", "polygon", "--force", "--out"]);
    args.push(out.to_str().unwrap());
    let run = common::harness(&args);
    assert_eq!(run.status.code(), Some(0), "{}", common::text(&run));
    common::text(&run)
}

fn package(problem: &str, out: &Path) {
    polygon(&["--problem", problem, "--no-judge-size"], out);
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

/// The euclid example's Polygon package (3 random cases and its `[[test]]`s) in `out`: the
/// progress text.
fn euclid_package(out: &Path) -> String {
    polygon(&["--config", "examples/euclid/euclid.toml"], out)
}

/// Each `<test .../>` of `problem.xml` in order: its `cmd`, when it has one, and its description.
fn tests_of(xml: &str) -> Vec<(Option<String>, String)> {
    let attribute = |line: &str, name: &str| {
        let start = line.find(&format!(" {name}=\""))? + name.len() + 3;
        Some(line[start..][..line[start..].find('"')?].to_string())
    };
    (xml.lines().map(str::trim))
        .filter(|l| l.starts_with("<test "))
        .map(|l| {
            let cmd = attribute(l, "cmd");
            let method = attribute(l, "method").unwrap();
            assert_eq!(method == "generated", cmd.is_some(), "{l}");
            (cmd, attribute(l, "description").unwrap())
        })
        .collect()
}

/// The exit code of `python3 examples/euclid/val.py` on `input`: the problem's own validation
/// (42: valid).
fn euclid_validation(input: &str) -> Option<i32> {
    let val = common::workspace().join("examples/euclid/val.py");
    run(Path::new("python3"), &[&val], input)
}

#[test]
fn a_problem_files_spec_becomes_a_testlib_validator_that_agrees_with_its_own_validation() {
    if Command::new("g++").arg("--version").output().is_err() {
        println!("SKIPPED: the Polygon validator of euclid's spec is built with g++, which is not installed");
        return;
    }
    let root = common::scratch("polygon-spec-validator");
    let euclid = root.join("euclid");
    let progress = euclid_package(&euclid);
    assert!(
        progress.contains(
            "euclid: the Polygon package's validator is euclid.ctd translated into testlib; `val.py` is left out"
        ),
        "{progress}"
    );
    let xml = read(&euclid.join("problem.xml"));
    assert!(
        xml.contains("<validator>\n        <source path=\"files/validator.cpp\" type=\"cpp.g++17\"/>"),
        "{xml}"
    );
    let validator = root.join("validator");
    let built = build(&euclid.join("files/validator.cpp"), &validator).join().unwrap();
    assert!(built.status.success(), "{}", String::from_utf8_lossy(&built.stderr));
    let (mut valid, mut refused) = (0, 0);
    for k in 1..=tests_of(&xml).len() {
        let input = read(&euclid.join(format!("tests/{k:02}")));
        assert_eq!(run(&validator, &[], &input), Some(0), "test {k:02}: {input:?}");
        for damaged in gen::mutate::mutations(&input, k as u64, 24) {
            let own = euclid_validation(&damaged);
            assert!(matches!(own, Some(42 | 43)), "val.py gave {own:?} on {damaged:?}");
            let ours = run(&validator, &[], &damaged);
            // testlib's validator: 0 on a valid input, FAIL (3) on any other.
            assert_eq!(ours, Some(if own == Some(42) { 0 } else { 3 }), "{damaged:?}");
            if own == Some(42) {
                valid += 1;
            } else {
                refused += 1;
            }
        }
    }
    assert!(
        valid > 0 && refused > 0,
        "{valid} damaged inputs still valid, {refused} refused"
    );
}

#[test]
fn each_generated_test_of_a_problem_file_is_made_again_by_its_cmd_byte_for_byte() {
    if Command::new("python3").arg("--version").output().is_err() {
        println!("SKIPPED: euclid's generator is a Python program, and python3 is not installed");
        return;
    }
    let euclid = common::scratch("polygon-cmd").join("euclid");
    euclid_package(&euclid);
    let xml = read(&euclid.join("problem.xml"));
    assert!(
        xml.contains("<executables>\n      <executable>\n        <source path=\"files/gen.py\" type=\"python.3\"/>"),
        "{xml}"
    );
    assert_eq!(
        read(&euclid.join("files/gen.py")),
        read(&common::workspace().join("examples/euclid/gen.py"))
    );
    let tests = tests_of(&xml);
    let mut generated = 0;
    for (k, (cmd, description)) in tests.iter().enumerate() {
        // The random cases and the [[test]]s are the generator's; the sample is a file.
        let made = description.starts_with("random") || description.starts_with("judge size");
        assert_eq!(cmd.is_some(), made, "{description}");
        let Some(cmd) = cmd else { continue };
        let mut words = cmd.split(' ');
        assert_eq!(words.next(), Some("gen"), "{cmd}");
        let again = Command::new("python3")
            .arg("files/gen.py")
            .args(words)
            .current_dir(&euclid)
            .output()
            .unwrap();
        assert!(again.status.success(), "{cmd}: {}", common::text(&again));
        let test = euclid.join(format!("tests/{:02}", k + 1));
        assert_eq!(
            String::from_utf8(again.stdout).unwrap(),
            read(&test),
            "`{cmd}` does not make {}",
            test.display()
        );
        generated += 1;
    }
    assert_eq!(generated, 5, "3 random cases and 2 [[test]]s: {tests:?}");
}

#[test]
fn p2d_converts_a_problem_files_package_with_its_generator_commands() {
    let Some(p2d) = p2d() else {
        println!("SKIPPED: p2d (the Polygon-to-DOMjudge converter) is not installed (pip install p2d, or set P2D)");
        return;
    };
    let root = common::scratch("polygon-p2d-euclid");
    let euclid = root.join("euclid");
    euclid_package(&euclid);
    let zip = root.join("euclid.zip");
    let run = Command::new(&p2d)
        .args(["--code", "euclid", "--yes", "--output"])
        .arg(&zip)
        .arg(&euclid)
        .output()
        .unwrap();
    let text = common::text(&run);
    assert_eq!(run.status.code(), Some(0), "p2d {}:\n{text}", euclid.display());
    let listing = zip_listing(&zip);
    for file in ["data/sample/01.in", "data/secret/02.in", "submissions/accepted/sol.py"] {
        assert!(
            listing.contains(file),
            "{file} missing from {}:\n{listing}",
            zip.display()
        );
    }
    // p2d keeps a generated test's command in its description.
    let desc = Command::new("python3")
        .args([
            "-c",
            "import sys, zipfile; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read('data/secret/02.desc').decode())",
        ])
        .arg(&zip)
        .output()
        .unwrap();
    let desc = String::from_utf8(desc.stdout).unwrap();
    let cmd = tests_of(&read(&euclid.join("problem.xml")))[1].0.clone().unwrap();
    assert!(desc.trim_end().ends_with(&format!("[GEN] {cmd}")), "{desc}");
}

#[test]
fn without_a_spec_or_a_carried_generator_the_progress_says_what_polygon_lacks() {
    let dir = common::scratch("polygon-fallbacks");
    let euclid = common::workspace().join("examples/euclid");
    for program in ["brute.py", "val.py"] {
        std::fs::copy(euclid.join(program), dir.join(program)).unwrap();
    }
    // The generator lies outside the problem's folder: no package carries it.
    let gen = euclid.join("gen.py");
    std::fs::write(
        dir.join("p.toml"),
        format!(
            "[problem]\nname = \"mine\"\ngen = \"python3 {} {{seed}} {{t}} {{max}}\"\nbrute = \"python3 brute.py\"\n\
             validator = \"python3 val.py\"\n[gen]\nt = [1, 3]\nmax = [1, 9]\n",
            gen.display()
        ),
    )
    .unwrap();
    let out = common::scratch("polygon-fallbacks-package").join("mine");
    let run = common::harness(&[
        "testset",
        "--config",
        dir.join("p.toml").to_str().unwrap(),
        "--random",
        "2",
        "--format",
        "polygon",
        "--out",
        out.to_str().unwrap(),
    ]);
    let text = common::text(&run);
    assert_eq!(run.status.code(), Some(0), "{text}");
    for says in [
        "mine: the Polygon package has no validator: the problem has no checktestdata spec to translate into \
         testlib, and its validator (`val.py`) is a program in its own convention",
        "mine: 2 generated tests of the Polygon package are manual (the input, no `cmd`): the generator `python3 ",
        "names no source file of the problem's folder",
    ] {
        assert!(text.contains(says), "{says}\nmissing from:\n{text}");
    }
    let xml = read(&out.join("problem.xml"));
    for absent in ["<validators>", "<executables>", "method=\"generated\""] {
        assert!(!xml.contains(absent), "{absent} in:\n{xml}");
    }
    assert_eq!(tests_of(&xml).len(), 2, "{xml}");
}
