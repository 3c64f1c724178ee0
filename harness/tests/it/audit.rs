//! `harness audit`: the kill matrix marks which test kills which wrong
//! solution, a wrong solution no test kills makes the audit fail (weak tests,
//! or a solution that is probably right), `--minimize` keeps every kill and the
//! samples, and a folder that is not a test set is refused.

use std::collections::BTreeMap;
use std::path::Path;

use crate::common;

fn audit(args: &[&str]) -> (Option<i32>, String, String) {
    let mut all = vec!["audit", "--problem", "nim", "--probe", "60"];
    all.extend_from_slice(args);
    let o = common::harness(&all);
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        common::text(&o),
    )
}

/// The matrix's rows: each test's name and its letters, one per wrong solution.
fn matrix(stdout: &str) -> BTreeMap<String, Vec<char>> {
    let mut rows = BTreeMap::new();
    let mut inside = false;
    for line in stdout.lines() {
        if line.starts_with("test ") {
            inside = true;
            continue;
        }
        if !inside || line.starts_with("killed by") {
            if inside {
                break;
            }
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let letters = words.iter().rev().take_while(|w| w.len() == 1).count();
        let (name, cells) = words.split_at(words.len() - letters);
        rows.insert(
            name.join(" "),
            cells.iter().map(|c| c.chars().next().unwrap()).collect(),
        );
    }
    rows
}

/// A flat test folder of nim tests, each an input and its answer.
fn folder(dir: &Path, tests: &[(&str, &str)]) {
    for (k, (input, answer)) in tests.iter().enumerate() {
        std::fs::write(dir.join(format!("{:02}.in", k + 1)), input).unwrap();
        std::fs::write(dir.join(format!("{:02}.ans", k + 1)), answer).unwrap();
    }
}

#[test]
fn a_corpus_entry_kills_the_solver_it_refuted_and_a_survivor_fails_the_audit() {
    let root = common::scratch("audit-killer");
    let corpus = root.join("corpus");
    std::fs::create_dir_all(corpus.join("nim")).unwrap();
    // The shrunk refutation of wrong-sum-parity: one pile of 2 (the parity of 2 says the first
    // player loses; the XOR, 2, says it wins). OR agrees with XOR there: wrong-or-not-xor passes.
    let entry = "bb44338be9b4d95c.toml";
    std::fs::copy(
        common::workspace().join("corpus/nim").join(entry),
        corpus.join("nim").join(entry),
    )
    .unwrap();
    let (code, stdout, all) = audit(&[
        "--corpus",
        corpus.to_str().unwrap(),
        "--random",
        "0",
        "--no-judge-size",
        "--no-generic",
        "--solver",
        "wrong-or-not-xor",
        "--solver",
        "wrong-sum-parity",
    ]);
    assert_eq!(code, Some(1), "{all}");
    assert_eq!(
        matrix(&stdout),
        BTreeMap::from([("01 corpus".to_string(), vec!['.', 'W'])]),
        "{stdout}"
    );
    assert!(
        stdout.contains("SURVIVOR: [1] wrong-or-not-xor") && stdout.contains("WEAK"),
        "{stdout}"
    );
    assert!(!stdout.contains("SURVIVOR: [2]"), "{stdout}");
}

#[test]
fn a_weak_folder_lets_a_wrong_solver_survive_and_a_right_one_is_called_probably_right() {
    let root = common::scratch("audit-weak");
    // One pile of one stone, one pile of three: the parity of the total and the XOR agree.
    folder(&root, &[("1\n1\n1\n", "Yes\n"), ("1\n1\n3\n", "Yes\n")]);
    let tests = root.to_str().unwrap();
    let (code, stdout, all) = audit(&["--tests", tests, "--no-generic", "--solver", "wrong-sum-parity"]);
    assert_eq!(code, Some(1), "{all}");
    assert!(stdout.contains("SURVIVOR: [1] wrong-sum-parity"), "{stdout}");
    assert!(stdout.contains("the test set is WEAK"), "{stdout}");

    let (code, stdout, all) = audit(&["--tests", tests, "--no-generic", "--solver", "fast"]);
    assert_eq!(code, Some(1), "{all}");
    assert!(stdout.contains("probably RIGHT"), "{stdout}");
    assert!(stdout.contains("drop its expected verdict"), "{stdout}");

    // The generic answers: one case answered Yes, so `always Yes` survives and is reported.
    let (code, stdout, all) = audit(&["--tests", tests, "--solver", "wrong-sum-parity"]);
    assert_eq!(code, Some(1), "{all}");
    assert!(stdout.contains("always Yes (generic)"), "{stdout}");
    assert!(stdout.contains("every case is answered `Yes`"), "{stdout}");
}

#[test]
fn minimize_keeps_every_kill_and_the_samples() {
    let (code, stdout, all) = audit(&["--random", "12", "--no-judge-size", "--minimize", "--kill-twice"]);
    assert_eq!(code, Some(0), "{all}");
    let rows = matrix(&stdout);
    let kept_line = stdout
        .lines()
        .find_map(|l| l.trim().strip_prefix("kept: "))
        .expect("the kept tests are listed");
    let kept: Vec<&str> = kept_line.split(", ").collect();
    assert!(kept.len() < rows.len(), "nothing dropped: {stdout}");
    for name in rows.keys().filter(|n| n.contains("sample")) {
        assert!(kept.contains(&name.as_str()), "sample {name} dropped: {stdout}");
    }
    let columns = rows.values().next().unwrap().len();
    for s in 0..columns {
        let killers = rows.values().filter(|r| r[s] != '.').count();
        let kept_killers = kept.iter().filter(|name| rows[**name][s] != '.').count();
        assert!(killers > 0, "column {s} survives: {stdout}");
        assert!(kept_killers >= killers.min(2), "column {}: {stdout}", s + 1);
    }
}

#[test]
fn every_layout_testset_writes_reads_back_to_the_same_matrix_and_minimize_writes_fewer() {
    let root = common::scratch("audit-layouts");
    let mut seen = Vec::new();
    for format in ["flat", "oj", "polygon", "kattis"] {
        let out = root.join(format!("nim{format}"));
        let o = common::harness(&[
            "testset",
            "--problem",
            "nim",
            "--out",
            out.to_str().unwrap(),
            "--random",
            "6",
            "--no-judge-size",
            "--format",
            format,
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", common::text(&o));
        let (code, stdout, all) = audit(&["--tests", out.to_str().unwrap()]);
        assert_eq!(code, Some(0), "{format}: {all}");
        let mut letters: Vec<Vec<char>> = matrix(&stdout).into_values().collect();
        letters.sort();
        seen.push((format, letters));
    }
    for (format, letters) in &seen[1..] {
        assert_eq!(letters, &seen[0].1, "{format} reads back another matrix than flat");
    }

    let small = root.join("small");
    let o = common::harness(&[
        "testset",
        "--problem",
        "nim",
        "--out",
        small.to_str().unwrap(),
        "--random",
        "6",
        "--no-judge-size",
        "--minimize",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", common::text(&o));
    let written = std::fs::read_dir(&small)
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "in"))
        .count();
    assert!(written < seen[0].1.len(), "{written} tests of {}", seen[0].1.len());
    let (code, _, all) = audit(&["--tests", small.to_str().unwrap()]);
    assert_eq!(code, Some(0), "the minimized set lets a wrong solution survive: {all}");
}

#[test]
fn a_folder_that_is_not_a_test_set_or_has_no_answers_is_refused() {
    let root = common::scratch("audit-bad");
    let empty = root.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let (code, _, all) = audit(&["--tests", empty.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{all}");
    assert!(all.contains("not a test set"), "{all}");

    let unanswered = root.join("unanswered");
    std::fs::create_dir_all(&unanswered).unwrap();
    std::fs::write(unanswered.join("01.in"), "1\n1\n1\n").unwrap();
    let (code, _, all) = audit(&["--tests", unanswered.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{all}");
    assert!(all.contains("01.in: the test has no answer file"), "{all}");

    let other = root.join("other");
    std::fs::create_dir_all(&other).unwrap();
    folder(&other, &[("this is not nim\n", "Yes\n")]);
    let (code, _, all) = audit(&["--tests", other.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{all}");
    assert!(all.contains("test 01 is not a nim input"), "{all}");

    let (code, _, all) = audit(&["--tests", root.join("missing").to_str().unwrap()]);
    assert_eq!(code, Some(2), "{all}");
    assert!(all.contains("no such folder"), "{all}");
}

/// Grundy's game as a problem file of the fixture, in a scratch folder; the fixture's command.
fn splitting(name: &str) -> (std::path::PathBuf, String) {
    let dir = common::scratch(name);
    let fixtures = common::workspace().join("harness/tests/fixtures/game_problems");
    let fixture = shlex::try_quote(env!("CARGO_BIN_EXE_game-problems-fixture"))
        .unwrap()
        .into_owned();
    std::fs::copy(fixtures.join("splitting.ctd"), dir.join("splitting.ctd")).unwrap();
    let toml = std::fs::read_to_string(fixtures.join("splitting.toml")).unwrap();
    let file = dir.join("splitting.toml");
    std::fs::write(&file, toml.replace("FIXTURE", &fixture)).unwrap();
    (file, fixture)
}

#[test]
fn a_problem_files_wrong_program_is_killed_by_its_random_cases_and_survives_a_weak_folder() {
    let (file, fixture) = splitting("audit-problem-file");
    let wrong = format!("{fixture} splitting wrong");
    let expect = format!("{wrong}=WA");
    let base = [
        "audit",
        "--config",
        file.to_str().unwrap(),
        "--solver-cmd",
        &wrong,
        "--expect",
        &expect,
    ];
    let o = common::harness(&[&base[..], &["--random", "12", "--probe", "40"]].concat());
    let all = common::text(&o);
    assert_eq!(o.status.code(), Some(0), "{all}");
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(matrix(&stdout).values().any(|row| row == &['W']), "{stdout}");

    // One heap of 4 (value 0: its one split, 1 + 3, is worth 0 ^ 1): the off-by-one loop is
    // right on it (it is wrong first on 3).
    let weak = file.with_file_name("weak");
    std::fs::create_dir_all(&weak).unwrap();
    folder(&weak, &[("1\n4\n", "Second\n")]);
    let o = common::harness(&[&base[..], &["--tests", weak.to_str().unwrap(), "--probe", "40"]].concat());
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{}", common::text(&o));
    assert!(stdout.contains("SURVIVOR: [1]") && stdout.contains("WEAK"), "{stdout}");

    // A program expected to be too slow that no test slows down: no random case can show it.
    let right = format!("{fixture} splitting right");
    let slow = format!("{right}=TLE");
    let o = common::harness(&[
        "audit",
        "--config",
        file.to_str().unwrap(),
        "--tests",
        weak.to_str().unwrap(),
        "--solver-cmd",
        &right,
        "--expect",
        &slow,
        "--probe",
        "5",
    ]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{}", common::text(&o));
    assert!(
        stdout.contains("is expected to go over a limit (TLE), yet no test makes it"),
        "{stdout}"
    );
}

#[test]
fn an_interactive_games_wrong_players_are_audited_by_playing() {
    // The corpus holds each wrong player's lost game: every one is killed.
    let o = common::harness(&[
        "audit",
        "--problem",
        "nim-interactive",
        "--random",
        "6",
        "--probe",
        "20",
    ]);
    let all = common::text(&o);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        stdout.contains("first-move (player)") && stdout.contains("parity (player)"),
        "{all}"
    );
    assert!(!stdout.contains("right (player)"), "{all}");
    assert!(!matrix(&stdout).is_empty(), "{all}");
    assert_eq!(o.status.code(), Some(0), "{all}");
}

#[test]
fn a_problem_gives_its_guesses_by_answer_type_and_its_grundy_values_by_its_table() {
    let nim = games::CATALOG.problem("nim").unwrap();
    // Piles 1 2 3 (1 ^ 2 ^ 3 = 0: the first player loses) and one pile of 5 (worth 5).
    let input = "2\n3\n1 2 3\n1\n5\n";
    let budget = brute::Budget::new(100_000);
    assert_eq!(nim.grundy_values(input, &budget).unwrap(), vec![Some(0), Some(5)]);
    assert_eq!(nim.case_answers(input, "No\nYes\n").unwrap(), vec!["No", "Yes"]);
    // Who wins is a bool: both sides, and the parity of n (3 piles, then 1: odd both times).
    assert_eq!(
        nim.guesses(input, "No\nYes\n").unwrap(),
        vec![
            ("always Yes".to_string(), "Yes\nYes\n".to_string()),
            ("always No".to_string(), "No\nNo\n".to_string()),
            ("odd size wins".to_string(), "Yes\nYes\n".to_string()),
        ]
    );
    // Two scores (fox-card-game's sample): swapped, split evenly, all to the first player.
    let fox = games::CATALOG.problem("fox-card-game").unwrap();
    let (input, answer) = (fox.doc().sample_input, fox.doc().sample_output);
    let names: Vec<String> = fox
        .guesses(input, answer)
        .unwrap()
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert_eq!(
        names,
        [
            "the scores swapped",
            "the total split evenly",
            "all to the first player"
        ]
    );
    // A list of moves: none at all (-1: the first player loses), and reversed.
    let combat = games::CATALOG.problem("combat-on-a-tree").unwrap();
    let (input, answer) = (combat.doc().sample_input, combat.doc().sample_output);
    let guesses = combat.guesses(input, answer).unwrap();
    assert_eq!(guesses[0].0, "always -1", "{guesses:?}");
    assert_eq!(guesses[1].0, "the list reversed", "{guesses:?}");
    // A type of the problem's own: election-promises adds `always LOSE` itself.
    let election = games::CATALOG.problem("election-promises").unwrap();
    let (input, answer) = (election.doc().sample_input, election.doc().sample_output);
    assert_eq!(
        election.guesses(input, answer).unwrap(),
        vec![("always LOSE".to_string(), "LOSE\n".to_string())]
    );
    // Christmas-game's table shows who wins, not a Sprague-Grundy value.
    let christmas = games::CATALOG.problem("christmas-game").unwrap();
    let sample = christmas.doc().sample_input;
    assert_eq!(christmas.parse_input(sample).map_err(|e| e.to_string()), Ok(1));
    assert!(christmas.grundy_values(sample, &budget).unwrap().is_empty());
}

#[test]
fn a_mutant_that_only_random_cases_catch_makes_the_test_set_weak() {
    if std::process::Command::new("g++").arg("--version").output().is_err() {
        println!("SKIPPED: the mutants of nim's C++ submission are built with g++, which is not installed");
        return;
    }
    let root = common::scratch("audit-mutants");
    // Single piles only: their sum is their XOR, so XOR turned into + passes every test.
    folder(&root, &[("1\n1\n1\n", "Yes\n"), ("1\n1\n3\n", "Yes\n")]);
    let tests = root.to_str().unwrap();
    let (code, stdout, all) = audit(&[
        "--tests",
        tests,
        "--no-generic",
        "--solver",
        "wrong-sum-parity",
        "--mutants",
    ]);
    assert_eq!(code, Some(1), "{all}");
    let hole = stdout
        .lines()
        .find(|l| l.contains("`^=` -> `+=`"))
        .unwrap_or_else(|| panic!("no XOR mutant:\n{stdout}"));
    assert!(hole.contains("SURVIVOR") && hole.contains("WEAK"), "{hole}");
    // Lowering the answer's test (`x != 0`) to `x != 1` says No on one pile of 1: killed.
    assert!(
        stdout.lines().any(|l| l.contains("`0` -> `1`: killed by test 01")),
        "{stdout}"
    );
    assert!(stdout.contains("mutation score:"), "{stdout}");
}

#[test]
fn a_problem_files_python_solution_is_mutated_and_must_itself_pass() {
    let euclid = common::workspace().join("examples/euclid");
    let config = euclid.join("euclid.toml");
    let config = config.to_str().unwrap();
    let base = [
        "audit",
        "--config",
        config,
        "--random",
        "4",
        "--no-judge-size",
        "--probe",
        "10",
    ];
    let o = common::harness(&[&base[..], &["--mutants", "4"]].concat());
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{}", common::text(&o));
    assert!(
        stdout.contains("mutants of ") && stdout.contains("sol.py: 4 of "),
        "{stdout}"
    );
    let fates = stdout
        .lines()
        .filter(|l| l.starts_with("  line ") && (l.contains(": killed by test") || l.contains("probably equivalent")))
        .count();
    assert_eq!(fates, 4, "{stdout}");

    let wrong = euclid.join("wrong.py");
    let o = common::harness(&[&base[..], &["--mutants", "--mutants-of", wrong.to_str().unwrap()]].concat());
    assert_eq!(o.status.code(), Some(2), "{}", common::text(&o));
    assert!(
        common::text(&o).contains("itself fails test") && common::text(&o).contains("give a right one"),
        "{}",
        common::text(&o)
    );

    let o = common::harness(&[&base[..], &["--mutants", "--mutants-of", config]].concat());
    assert_eq!(o.status.code(), Some(2), "{}", common::text(&o));
    assert!(common::text(&o).contains("C++ (.cpp, .cc, .cxx) and Python (.py) sources only"));
}

#[test]
fn a_relabelled_test_and_piles_that_cancel_in_pairs_are_named_in_the_coverage() {
    let root = common::scratch("audit-isomorphic");
    // Piles 1 and 2, then 2 and 1 (the same game reordered), then 3 and 3 (mirrored: lost).
    folder(
        &root,
        &[
            ("1\n2\n1 2\n", "Yes\n"),
            ("1\n2\n2 1\n", "Yes\n"),
            ("1\n2\n3 3\n", "No\n"),
        ],
    );
    let (_, stdout, all) = audit(&["--tests", root.to_str().unwrap(), "--solver", "wrong-sum-parity"]);
    assert!(stdout.contains("test 02 is test 01 relabelled"), "{all}");
    assert!(
        stdout.contains("isomorphic tests (the same cases relabelled): 1 among 3 of the 3 small tests"),
        "{stdout}"
    );
    assert!(
        stdout.contains("1 of 3 cases hold two equal summands") && stdout.contains("1 are nothing but such pairs"),
        "{stdout}"
    );
}
