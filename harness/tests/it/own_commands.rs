//! The commands a built-in problem has, on a problem made of programs
//! (`examples/euclid/`): `invoke` on its `[[test]]` tables and its corpus,
//! `testset` in every layout, and `corpus check` with and without the file.

use engine::corpus::{Entry, Verdict};

use crate::common;

const PROBLEM: &str = "examples/euclid/euclid.toml";
const WRONG: &str = "python3 examples/euclid/wrong.py";

/// A corpus holding one entry of euclid that `WRONG` failed: `1`, `2 2`.
fn corpus_with_wrongs_entry(tag: &str) -> std::path::PathBuf {
    let corpus = common::scratch(tag);
    let mut entry = Entry::new("euclid", Verdict::Mismatch, "1\n2 2\n".into(), "2\n".into());
    entry.solver = Some(format!("cmd:{WRONG}"));
    entry.origin = Some(engine::corpus::Origin {
        config: Some(PROBLEM.into()),
        ..Default::default()
    });
    entry.save(&corpus).unwrap();
    corpus
}

/// A problem file in a scratch folder: euclid's programs, `extra` after its `[gen]` table.
fn euclid_with(tag: &str, extra: &str) -> String {
    let dir = common::scratch(&format!("own-commands-{tag}"));
    let ex = common::workspace().join("examples/euclid");
    let ex = ex.to_str().unwrap();
    let toml = format!(
        "[problem]\nname = \"mine\"\ngen = \"python3 {ex}/gen.py {{seed}} {{t}} {{max}}\"\n\
         brute = \"python3 {ex}/brute.py\"\nsolvers = [\"python3 {ex}/sol.py\"]\n{extra}"
    );
    std::fs::write(dir.join("p.toml"), toml).unwrap();
    dir.join("p.toml").to_str().unwrap().to_string()
}

/// The table row of `test`, split in words.
fn row(table: &str, test: &str) -> Vec<String> {
    let line = table
        .lines()
        .find(|l| l.starts_with(&format!("{test} ")))
        .unwrap_or_else(|| panic!("{table}"));
    line.split_whitespace().map(String::from).collect()
}

#[test]
fn invoke_runs_the_files_solvers_and_the_commands_on_its_tests_and_its_corpus() {
    let corpus = corpus_with_wrongs_entry("own-invoke-corpus");
    let expect = format!("{WRONG}=WA");
    let args = |more: &[&'static str]| {
        let mut all = vec![
            "invoke",
            "--config",
            PROBLEM,
            "--solver-cmd",
            WRONG,
            "--corpus",
            corpus.to_str().unwrap(),
        ];
        all.extend_from_slice(more);
        all.iter().map(|s| s.to_string()).collect::<Vec<_>>()
    };
    let mut with = args(&["--test", "tiny-values", "--test", "corpus", "--expect"]);
    with.push(expect);
    let out = common::harness(&with.iter().map(String::as_str).collect::<Vec<_>>());
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let table = String::from_utf8_lossy(&out.stdout);
    // The file's solver, then the command: OK and WA, on the judge-size test and on the corpus.
    for test in ["tiny-values", "corpus"] {
        let words = row(&table, test);
        assert_eq!((words[1].as_str(), words[6].as_str()), ("OK", "WA"), "{table}");
    }
    assert!(table.contains("limits: 5000 ms, 256 MiB"), "{table}");
    assert!(
        text.contains("answers by the reference `python3 sol.py` (the first solver)"),
        "{text}"
    );
    assert!(!table.contains("\nmax "), "only the named tests run: {table}");
    // Without the expectation the wrong answer is a failure of the invocation.
    let listed = common::harness(&args(&["--list"]).iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(listed.status.code(), Some(0));
    let listed = String::from_utf8_lossy(&listed.stdout);
    assert!(
        listed.starts_with("max ") && listed.contains("\ntiny-values ") && listed.contains("\ncorpus "),
        "{listed}"
    );
    let out = common::harness(
        &args(&["--test", "corpus"])
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    assert_eq!(out.status.code(), Some(1), "{}", common::text(&out));
    assert!(common::text(&out).contains(&format!("{WRONG}: NOT AS EXPECTED on corpus")));
}

#[test]
fn invoke_refuses_bad_test_tables_and_options_of_built_in_problems() {
    let refused = |args: &[&str], says: &[&str]| {
        let out = common::harness(args);
        let text = common::text(&out);
        assert_eq!(out.status.code(), Some(2), "{text}");
        for s in says {
            assert!(text.contains(s), "`{s}` not in: {text}");
        }
    };
    let gen = "[gen]\nt = [1, 3]\nmax = [1, 20]\n";
    for (tag, extra, says) in [
        (
            "missing",
            format!("{gen}[[test]]\nname = \"big\"\nvalues = {{ t = 100 }}\n"),
            vec!["p.toml:9: [[test]] `big`", "`values` lacks `max`"],
        ),
        (
            "extra",
            format!("{gen}[[test]]\nname = \"big\"\nvalues = {{ t = 1, max = 2, n = 3 }}\n"),
            vec!["`values` has `n`, which is no [gen] key (keys: t, max)"],
        ),
        (
            "unknown",
            format!("{gen}[[test]]\nname = \"big\"\nset = {{ t = 1 }}\nvalues = {{ t = 1, max = 2 }}\n"),
            vec!["p.toml", "unknown field `set`"],
        ),
        (
            "twice",
            format!("{gen}[[test]]\nname = \"a\"\nvalues = {{ t = 1, max = 2 }}\n[[test]]\nname = \"a\"\nvalues = {{ t = 1, max = 2 }}\n"),
            vec!["[[test]] `a`: a test of this name comes earlier"],
        ),
        (
            "memory",
            format!("memory_limit = \"lots\"\n{gen}"),
            vec!["[problem] `memory_limit`", "is not a size"],
        ),
    ] {
        refused(&["invoke", "--config", &euclid_with(tag, &extra)], &says);
    }
    refused(
        &["invoke", "--config", PROBLEM, "--problem", "nim"],
        &["is a problem file, which names its problem: leave out --problem"],
    );
    refused(
        &["invoke", "--config", PROBLEM, "--solver", "fast"],
        &["--solver names built-in solvers", "give programs with --solver-cmd"],
    );
    refused(
        &["invoke", "--config", PROBLEM, "--test", "maxx"],
        &["--test maxx: no such test for euclid", "max"],
    );
}

#[test]
fn a_judge_size_test_the_validator_rejects_is_a_clear_error() {
    let ex = common::workspace().join("examples/euclid/val.py");
    let extra = format!(
        "validator = \"python3 {}\"\n[gen]\nt = [1, 3]\nmax = [1, 20]\n[[test]]\nname = \"huge\"\nvalues = {{ t = 1000, max = 5 }}\n",
        ex.display()
    );
    let out = common::harness(&["invoke", "--config", &euclid_with("invalid", &extra)]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(
        text.contains("[[test]] `huge`: the generated input is not valid")
            && text.contains("T must be an integer in 1..100"),
        "{text}"
    );
}

#[test]
fn corpus_commands_without_the_file_skip_its_entries_and_say_how_to_handle_them() {
    let corpus = corpus_with_wrongs_entry("own-check-skips");
    // A built-in problem's entry beside it still replays.
    let nim = common::workspace().join("corpus/nim");
    let first = engine::corpus::entry_paths(&nim).unwrap().remove(0);
    std::fs::create_dir_all(corpus.join("nim")).unwrap();
    std::fs::copy(&first, corpus.join("nim").join(first.file_name().unwrap())).unwrap();
    // An entry naming a command as its problem file: printed, quoted, never run.
    let mut odd = Entry::new("euclid", Verdict::Mismatch, "1\n4 4\n".into(), "4\n".into());
    odd.origin = Some(engine::corpus::Origin {
        config: Some("p.toml; touch pwned".into()),
        ..Default::default()
    });
    odd.save(&corpus).unwrap();
    let dir = corpus.to_str().unwrap();
    let out = common::harness(&["corpus", "check", "--corpus", dir]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains(&format!("3 entries in {dir}: 1 ok, 0 failed, 2 skipped")),
        "{text}"
    );
    assert!(
        text.contains(
            "`euclid` is no built-in problem: the entry belongs to the problem file examples/euclid/euclid.toml"
        ) && text.contains(&format!(
            "harness corpus check --config examples/euclid/euclid.toml --corpus {dir}\n"
        )),
        "{text}"
    );
    assert!(text.contains("--config 'p.toml; touch pwned' --corpus"), "{text}");
    assert!(!common::workspace().join("pwned").exists());
    // The command it prints replays them (the odd one's input is valid and its answer right).
    let out = common::harness(&["corpus", "check", "--config", PROBLEM, "--corpus", dir]);
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
    assert!(common::text(&out).contains("2 ok, 0 failed"), "{}", common::text(&out));
    // regen and export leave them alone too, pointing to the commands that handle them.
    let out = common::harness(&["corpus", "regen", "--corpus", dir]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("0 changed, 0 could not be read, 2 skipped"), "{text}");
    let exported = common::scratch("own-check-skips-export").join("out");
    let out = common::harness(&["corpus", "export", "--corpus", dir, exported.to_str().unwrap()]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains(&format!(
            "export it with\n      harness testset --config examples/euclid/euclid.toml --corpus {dir} --out DIR\n"
        )) && text.contains("nim: 1 test written"),
        "{text}"
    );
}

#[test]
fn corpus_check_re_runs_the_solver_cmds_it_is_given_and_says_when_the_caught_one_was_not() {
    let corpus = corpus_with_wrongs_entry("own-check-solver-cmds");
    // An entry that caught a solver which since became right: it must be reported once re-run.
    let fixed = "python3 examples/euclid/sol.py";
    let mut entry = Entry::new("euclid", Verdict::Mismatch, "1\n3 5\n".into(), "1\n".into());
    entry.solver = Some(format!("cmd:{fixed}"));
    entry.save(&corpus).unwrap();
    let dir = corpus.to_str().unwrap();
    let check = |more: &[&str]| {
        let mut args = vec!["corpus", "check", "--config", PROBLEM, "--corpus", dir];
        args.extend_from_slice(more);
        let out = common::harness(&args);
        (out.status.code(), common::text(&out))
    };
    let (code, text) = check(&[]);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("2 ok, 0 failed"), "{text}");
    assert!(
        text.contains(&format!(
            "`cmd:{WRONG}`, the solver it caught, was not re-run: it is neither in [problem] `solvers` nor given; \
             to check that it still fails, run this again with --solver-cmd '{WRONG}'"
        )),
        "{text}"
    );
    let (code, text) = check(&["--solver-cmd", WRONG, "--solver-cmd", fixed]);
    assert_eq!(code, Some(1), "{text}");
    assert!(!text.contains("was not re-run"), "{text}");
    assert!(text.contains("1 ok, 1 failed"), "{text}");
    assert!(
        text.contains(&format!("`cmd:{fixed}` no longer fails on its own counterexample")),
        "{text}"
    );
}

fn read(dir: &std::path::Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn testset_writes_samples_corpus_random_and_judge_size_tests_with_their_answers() {
    let corpus = corpus_with_wrongs_entry("own-testset-corpus");
    let out = common::scratch("own-testset-flat").join("set");
    let args = ["testset", "--config", PROBLEM, "--corpus", corpus.to_str().unwrap()];
    let mut with = args.to_vec();
    with.extend(["--random", "1", "--out", out.to_str().unwrap()]);
    let run = common::harness(&with);
    let text = common::text(&run);
    assert_eq!(run.status.code(), Some(0), "{text}");
    assert!(text.contains("5 tests written to"), "{text}");
    let sample = read(&common::workspace().join("examples/euclid"), "samples/1.in");
    assert_eq!((read(&out, "01.in"), read(&out, "01.ans")), (sample, "6\n1\n".into()));
    assert_eq!(read(&out, "01.desc"), "sample samples/1.in (answered by brute)\n");
    assert_eq!(
        (read(&out, "02.in"), read(&out, "02.ans")),
        ("1\n2 2\n".into(), "2\n".into())
    );
    assert!(
        read(&out, "02.desc").starts_with("corpus euclid/"),
        "{}",
        read(&out, "02.desc")
    );
    assert!(read(&out, "03.desc").starts_with("random: case 0 of seed 1"));
    for (k, name) in [("04", "max"), ("05", "tiny-values")] {
        let desc = read(&out, &format!("{k}.desc"));
        assert!(desc.starts_with(&format!("judge size `{name}`")), "{desc}");
        assert!(desc.ends_with("(answered by reference:python3 sol.py)\n"), "{desc}");
        let input = read(&out, &format!("{k}.in"));
        assert_eq!(input.lines().next(), Some("100"));
        assert_eq!(read(&out, &format!("{k}.ans")).lines().count(), 100);
    }
    // The small sets of the other layouts: the same tests, named as each judge reads them.
    for (layout, names) in [
        (
            "oj",
            &["sample-1.in", "sample-1.out", "hack-001.in", "hack-001.out"][..],
        ),
        (
            "polygon",
            &["problem.xml", "tests/01", "tests/01.a", "tests/02", "tests/02.a"][..],
        ),
        (
            "kattis",
            &[
                "problem.yaml",
                "data/sample/01.in",
                "data/sample/01.ans",
                "data/secret/02.in",
            ][..],
        ),
    ] {
        let out = common::scratch(&format!("own-testset-{layout}")).join("set");
        let mut with = args.to_vec();
        with.extend([
            "--random",
            "0",
            "--no-judge-size",
            "--format",
            layout,
            "--out",
            out.to_str().unwrap(),
        ]);
        let run = common::harness(&with);
        assert_eq!(run.status.code(), Some(0), "{}", common::text(&run));
        let written: Vec<String> = (common::files_under(&out).into_keys())
            .map(|name| name.display().to_string())
            .collect();
        for name in names {
            assert!(written.iter().any(|w| w == name), "{layout}: no {name} in {written:?}");
        }
        if layout == "polygon" {
            let xml = read(&out, "problem.xml");
            assert!(
                xml.contains("<time-limit>5000</time-limit>") && xml.contains("std::wcmp.cpp"),
                "{xml}"
            );
        }
    }
}

#[test]
fn testset_writes_the_same_bytes_on_any_thread_count_and_never_into_the_problems_folder() {
    let out = common::scratch("own-testset-twice").join("set");
    let write = |threads: &str| {
        let run = std::process::Command::new(env!("CARGO_BIN_EXE_harness"))
            .args([
                "testset",
                "--config",
                PROBLEM,
                "--random",
                "3",
                "--no-judge-size",
                "--format",
                "kattis",
            ])
            .args(["--force", "--out", out.to_str().unwrap()])
            .env("RAYON_NUM_THREADS", threads)
            .current_dir(common::workspace())
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(0), "{}", common::text(&run));
        common::files_under(&out)
    };
    let (one, two) = (write("1"), write("2"));
    let names: Vec<String> = one.keys().map(|p| p.display().to_string()).collect();
    assert_eq!(
        one.len(),
        18,
        "problem.yaml, .timelimit, the statement, the accepted submission, two input validators, the \
         sample and 3 random cases of 3 files each: {names:?}"
    );
    // The file's first solver is the accepted submission, its validator and spec the input validators.
    for (name, source) in [
        ("submissions/accepted/sol.py", "sol.py"),
        ("input_validators/val.py", "val.py"),
        ("input_validators/euclid.ctd", "euclid.ctd"),
    ] {
        let shipped = &one[std::path::Path::new(name)];
        let original = std::fs::read(common::workspace().join("examples/euclid").join(source)).unwrap();
        assert_eq!(shipped, &original, "{name}");
    }
    let statement = String::from_utf8(one[std::path::Path::new("statement/problem.en.md")].clone()).unwrap();
    assert!(
        statement.contains("gcd of T pairs")
            && statement.contains("INT(1, 100, t)")
            && statement.contains("5000 ms and 256 MiB"),
        "{statement}"
    );
    assert_eq!(one, two);
    // A corpus elsewhere: the problem's folder is protected for itself, as its sources.
    let corpus = common::scratch("own-testset-guard-corpus");
    for (bad, says) in [
        ("examples/euclid/tests", "lies inside"),
        ("examples/euclid", "is "),
        ("examples", "contains"),
    ] {
        let run = common::harness(&[
            "testset",
            "--config",
            PROBLEM,
            "--force",
            "--corpus",
            corpus.to_str().unwrap(),
            "--out",
            bad,
        ]);
        let text = common::text(&run);
        assert_eq!(run.status.code(), Some(2), "{text}");
        assert!(
            text.contains(&format!("--out {bad} {says}")) && text.contains("must never replace"),
            "{text}"
        );
    }
    assert!(!common::workspace().join("examples/euclid/tests").exists());
    let outside = euclid_with(
        "samples-outside",
        "samples = [\"../../x.in\"]\n[gen]\nt = [1, 3]\nmax = [1, 20]\n",
    );
    let run = common::harness(&[
        "testset",
        "--config",
        &outside,
        "--out",
        out.to_str().unwrap(),
        "--force",
    ]);
    let text = common::text(&run);
    assert_eq!(run.status.code(), Some(2), "{text}");
    assert!(
        text.contains("[problem] `samples`: `../../x.in` leaves the problem file's folder"),
        "{text}"
    );
}

#[test]
fn invoke_judges_with_the_problems_checker_on_a_test_its_spec_generates() {
    let dir = common::scratch("own-invoke-checker");
    let ex = common::workspace().join("examples/euclid");
    let checker = common::workspace().join("harness/tests/solver_scripts/token_checker.py");
    // One pair of even numbers, all the spec allows: the wrong solution halves it.
    let spec = "INT(1, 1, t) NEWLINE\nREP(t)\n  INT(2, 2, a) SPACE INT(4, 4, b) NEWLINE\nEND\n";
    std::fs::write(dir.join("in.ctd"), spec).unwrap();
    let toml = format!(
        "[problem]\nname = \"mine\"\nbrute = \"python3 {ex}/brute.py\"\nsolvers = [\"python3 {ex}/sol.py\"]\n\
         spec = \"in.ctd\"\nchecker = \"python3 {checker}\"\nmemory_limit = \"512M\"\n\n[[test]]\nname = \"even\"\n",
        ex = ex.display(),
        checker = checker.display()
    );
    std::fs::write(dir.join("p.toml"), toml).unwrap();
    let config = dir.join("p.toml");
    let out = common::harness(&["invoke", "--config", config.to_str().unwrap(), "--solver-cmd", WRONG]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let table = String::from_utf8_lossy(&out.stdout);
    let words = row(&table, "even");
    assert_eq!((words[1].as_str(), words[6].as_str()), ("OK", "WA!"), "{table}");
    assert!(table.contains("limits: 2000 ms, 512 MiB"), "{table}");
    assert!(
        table.contains(&format!("{WRONG} on even: wrong answer: checker: wrong answer")),
        "{table}"
    );
}

#[test]
fn a_package_of_a_problem_with_a_checker_says_it_names_no_checker() {
    let checker = common::workspace().join("harness/tests/solver_scripts/token_checker.py");
    let config = euclid_with(
        "package-checker",
        &format!(
            "checker = \"python3 {}\"\n[gen]\nt = 1\nmax = [1, 9]\n",
            checker.display()
        ),
    );
    for (layout, file, says) in [
        ("polygon", "problem.xml", "  </judging>\n"),
        ("kattis", "problem.yaml", "problem_format_version: 2023-07-draft\n"),
    ] {
        let out = common::scratch(&format!("own-package-checker-{layout}")).join("set");
        let run = common::harness(&[
            "testset",
            "--config",
            &config,
            "--random",
            "1",
            "--format",
            layout,
            "--out",
            out.to_str().unwrap(),
        ]);
        let text = common::text(&run);
        assert_eq!(run.status.code(), Some(0), "{text}");
        assert!(
            text.contains("mine: the package names no checker: add yours (`python3 ") && text.contains("by hand"),
            "{text}"
        );
        let written = read(&out, file);
        assert!(
            written.contains(says) && !written.contains("wcmp") && !written.contains("<checker"),
            "{written}"
        );
        // No output validator: a judge would compare tokens, which the user must replace.
        assert!(!out.join("output_validator").exists());
    }
}

/// The euclid example copied to `tag`, with `extra` appended to its file: the file's path.
fn euclid_plus(tag: &str, extra: &str) -> std::path::PathBuf {
    let dir = common::scratch(tag);
    let ex = common::workspace().join("examples/euclid");
    for entry in std::fs::read_dir(&ex).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
        }
    }
    std::fs::create_dir_all(dir.join("samples")).unwrap();
    std::fs::copy(ex.join("samples/1.in"), dir.join("samples/1.in")).unwrap();
    let file = dir.join("euclid.toml");
    let toml = std::fs::read_to_string(&file).unwrap() + extra;
    std::fs::write(&file, toml).unwrap();
    file
}

#[test]
fn a_problem_files_solutions_are_invoked_with_their_verdicts_and_carried_into_packages() {
    let file = euclid_plus(
        "own-solutions",
        "\n[[solution]]\ncmd = \"python3 wrong.py\"\nexpect = [\"WA\"]\n",
    );
    let file = file.to_str().unwrap();
    let out = common::harness(&["invoke", "--config", file, "--test", "tiny-values"]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("python3 wrong.py [WA]") && text.contains("python3 wrong.py: as expected"),
        "{text}"
    );
    let set = common::scratch("own-solutions-set").join("set");
    let out = common::harness(&[
        "testset",
        "--config",
        file,
        "--random",
        "2",
        "--no-judge-size",
        "--format",
        "kattis",
        "--force",
        "--out",
        set.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
    let carried = std::fs::read(set.join("submissions/wrong_answer/wrong.py")).unwrap();
    assert_eq!(
        carried,
        std::fs::read(common::workspace().join("examples/euclid/wrong.py")).unwrap()
    );
    assert!(set.join("submissions/accepted/sol.py").is_file());

    // A verdict no judge gives is refused where it is written.
    let bad = euclid_plus(
        "own-solutions-bad",
        "\n[[solution]]\ncmd = \"python3 wrong.py\"\nexpect = [\"WRONG\"]\n",
    );
    let out = common::harness(&["invoke", "--config", bad.to_str().unwrap()]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(2), "{text}");
    let line = std::fs::read_to_string(&bad).unwrap().lines().count() - 2;
    assert!(
        text.contains(&format!("euclid.toml:{line}: [[solution]] `expect`")),
        "{text}"
    );
}
