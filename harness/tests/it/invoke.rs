//! `harness invoke`: solutions as processes on the judge-size tests, under the
//! judge's time and memory limits and a fixed stack. The tree-game fixture
//! supplies each way of failing: a recursive DFS (stack overflow on the path),
//! a memory hog, a sleeper and garbage output.

use crate::common;

fn fixture(mode: &str) -> String {
    let exe = shlex::try_quote(env!("CARGO_BIN_EXE_tree-game-fixture"))
        .unwrap()
        .into_owned();
    format!("{exe} {mode}")
}

fn invoke(args: &[&str]) -> (Option<i32>, String, String) {
    let mut all = vec!["invoke", "--problem", "tree-game", "--test", "path", "--test", "star"];
    all.extend_from_slice(args);
    let out = common::harness(&all);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        common::text(&out),
    )
}

/// The verdict of `solution` on `test` in the printed table.
fn verdict(table: &str, test: &str, column: usize) -> String {
    let row = table
        .lines()
        .find(|l| l.split_whitespace().next() == Some(test))
        .unwrap_or_else(|| panic!("no row {test} in\n{table}"));
    // Each cell is `VERDICT time ms memory MiB`: five tokens; `!` marks an unexpected verdict.
    row.split_whitespace()
        .nth(1 + 5 * column)
        .unwrap()
        .trim_end_matches('!')
        .to_string()
}

#[test]
fn each_way_of_failing_gets_its_verdict() {
    let (code, table, text) = invoke(&[
        "--solver",
        "fast",
        "--solver-cmd",
        &fixture("recursive"),
        "--solver-cmd",
        &fixture("hog"),
        "--solver-cmd",
        &fixture("slow"),
        "--solver-cmd",
        &fixture("garbage"),
    ]);
    assert_eq!(code, Some(1), "{text}");
    assert!(table.starts_with("limits: 1000 ms, 32 MiB, stack 8 MiB"), "{table}");
    for (column, path, star) in [
        (0, "OK", "OK"),
        (1, "RE", "OK"),
        (2, "MLE", "MLE"),
        (3, "TLE", "TLE"),
        (4, "WA", "WA"),
    ] {
        assert_eq!(verdict(&table, "path", column), path, "{table}");
        assert_eq!(verdict(&table, "star", column), star, "{table}");
    }
    assert!(table.contains("stack overflow on a 8 MiB stack"), "{table}");
    assert!(table.contains("the output is malformed"), "{table}");
}

#[test]
fn a_bigger_stack_lets_the_recursive_solution_through() {
    let (code, table, text) = invoke(&[
        "--solver-cmd",
        &fixture("recursive"),
        "--stack",
        "256M",
        "--memory",
        "256M",
    ]);
    assert_eq!(code, Some(0), "{text}");
    assert_eq!(verdict(&table, "path", 0), "OK", "{table}");
}

#[test]
fn limits_and_tests_are_checked_before_anything_runs() {
    for (args, says) in [
        (&["--stack", "lots"][..], "`lots` is not a size"),
        (&["--memory", "12 parsecs"][..], "unknown unit"),
        (&["--test", "pth"][..], "did you mean `path`"),
        (&["--solver", "fsat"][..], "unknown solver `fsat`"),
    ] {
        let (code, _, text) = invoke(args);
        assert_eq!(code, Some(2), "{args:?}: {text}");
        assert!(text.contains(says), "{args:?}: {text}");
    }
}

#[test]
fn list_names_every_test() {
    let out = common::harness(&["invoke", "--problem", "green-hackenbush", "--list"]);
    assert_eq!(out.status.code(), Some(0));
    let listed = String::from_utf8_lossy(&out.stdout);
    for name in ["random", "path", "star", "caterpillar", "binary", "loops"] {
        assert!(listed.lines().any(|l| l.starts_with(name)), "{listed}");
    }
}

/// The `max-t` test's input (114 MB) is over tree-game's 32 MiB: a solution is
/// charged its own memory, not the input the harness made, and the fast
/// solver reads a case at a time. Time is not the point here, so it is unlimited.
#[test]
fn a_solution_is_charged_its_own_memory_not_the_input_the_harness_made() {
    let out = common::harness(&[
        "invoke",
        "--problem",
        "tree-game",
        "--test",
        "max-t",
        "--solver",
        "fast",
        "--time-limit-ms",
        "60000",
    ]);
    let (table, text) = (String::from_utf8_lossy(&out.stdout).into_owned(), common::text(&out));
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert_eq!(verdict(&table, "max-t", 0), "OK", "{table}");
    let row = table.lines().find(|l| l.starts_with("max-t")).unwrap();
    let mib: f64 = row.split_whitespace().nth(4).unwrap().parse().unwrap();
    assert!(mib < 32.0, "{table}");
}

#[test]
fn a_signal_stops_invoke_with_the_rows_measured_so_far() {
    let dir = common::scratch("invoke-sigterm");
    let sleeper = format!(
        "harness/tests/fault_scripts/exec_sleeper.sh {}",
        shlex::try_quote(dir.to_str().unwrap()).unwrap()
    );
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(["invoke", "--problem", "tree-game", "--test", "path", "--test", "star"])
        .args(["--time-limit-ms", "60000", "--solver", "fast", "--solver-cmd", &sleeper])
        .current_dir(common::workspace())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The sleeper starts once `fast` has been measured on `path`, the first test.
    let started = std::time::Instant::now();
    while std::fs::read_dir(&dir).unwrap().count() == 0 {
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "the sleeper never started"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // SAFETY: plain syscall on our own child's pid, which is not reaped yet.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let out = child.wait_with_output().unwrap();
    let (table, text) = (String::from_utf8_lossy(&out.stdout).into_owned(), common::text(&out));
    assert_eq!(out.status.code(), Some(130), "{text}");
    assert!(text.contains("interrupted"), "{text}");
    assert_eq!(verdict(&table, "path", 0), "OK", "{table}");
    assert!(!table.lines().any(|l| l.starts_with("star")), "{table}");
}

#[test]
fn an_output_flood_is_ole_and_a_refused_allocation_is_mle() {
    let (code, table, text) = invoke(&[
        "--memory",
        "64M",
        "--solver-cmd",
        "yes",
        "--solver-cmd",
        "python3 -c 'b = bytearray(400 << 20)'",
    ]);
    assert_eq!(code, Some(1), "{text}");
    assert_eq!(verdict(&table, "path", 0), "OLE", "{table}");
    assert_eq!(verdict(&table, "path", 1), "MLE", "{table}");
    assert!(table.contains("printed more than 64 MiB"), "{table}");
    assert!(table.contains("an allocation failed"), "{table}");
    assert!(!table.contains("memory guard"), "{table}");
}

/// The verdict cell of `test` in `column` as printed, with its `!` if unexpected.
fn marked(table: &str, test: &str, column: usize) -> String {
    let row = table
        .lines()
        .find(|l| l.split_whitespace().next() == Some(test))
        .unwrap();
    row.split_whitespace().nth(1 + 5 * column).unwrap().to_string()
}

#[test]
fn solutions_meet_their_expected_verdicts_or_the_run_fails() {
    let (recursive, slow) = (fixture("recursive"), fixture("slow"));
    let expect_rec = format!("{recursive}=RE,TLE");
    let expect_slow = format!("{slow}=TLE");
    // `slow` sleeps 30 s, so it times out under any limit below that; 5 s is ten times what `fast`
    // needs on these tests on a loaded machine, and each of `slow`'s runs costs the whole limit.
    let base = [
        "--time-limit-ms",
        "5000",
        "--solver",
        "fast",
        "--solver-cmd",
        &recursive,
        "--solver-cmd",
        &slow,
        "--expect",
        &expect_rec,
        "--expect",
        &expect_slow,
    ];
    let (code, table, text) = invoke(&base);
    assert_eq!(code, Some(0), "{text}");
    assert_eq!(
        marked(&table, "path", 1),
        "RE",
        "an expected verdict is not marked:\n{table}"
    );
    assert!(table.contains("[RE,TLE]") && table.contains("[TLE]"), "{table}");
    assert_eq!(table.matches(": as expected").count(), 3, "{table}");

    // One expectation wrong: the recursive solution is said to be too slow, but it crashes.
    let wrong = format!("{recursive}=TLE");
    let mut args = base.to_vec();
    args[9] = &wrong;
    let (code, table, text) = invoke(&args);
    assert_eq!(code, Some(1), "{text}");
    assert_eq!(marked(&table, "path", 1), "RE!", "{table}");
    assert!(
        table.contains(&format!("{recursive}: NOT AS EXPECTED on path")),
        "{table}"
    );

    // Expected to fail but never does.
    let (code, table, text) = invoke(&["--time-limit-ms", "15000", "--solver", "fast", "--expect", "fast=TLE"]);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        table.contains("fast: NOT AS EXPECTED (expected TLE on some test, but got none)"),
        "{table}"
    );
}

#[test]
fn expectations_come_from_a_solutions_file_too() {
    let dir = common::scratch("invoke-solutions-file");
    let file = dir.join("solutions.toml");
    let slow = fixture("slow");
    std::fs::write(
        &file,
        format!("[[solution]]\ncmd = {slow:?}\nexpect = [\"TLE\"]\n\n[[solution]]\nsolver = \"fast\"\n"),
    )
    .unwrap();
    let (code, table, text) = invoke(&["--time-limit-ms", "5000", "--config", file.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{text}");
    assert_eq!(marked(&table, "star", 0), "TLE", "{table}");
    assert_eq!(marked(&table, "star", 1), "OK", "{table}");

    std::fs::write(&file, format!("[[solution]]\ncmd = {slow:?}\nexpect = [\"SLOW\"]\n")).unwrap();
    let (code, _, text) = invoke(&["--config", file.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("[[solution]] number 1: key `expect`: unknown verdict `SLOW`"),
        "{text}"
    );
}

#[test]
fn bad_expectations_are_refused_before_anything_runs() {
    let slow = fixture("slow");
    for (args, says) in [
        (
            vec!["--solver-cmd", &slow, "--expect", "./other=TLE"],
            "no solution is named `./other`",
        ),
        (
            vec!["--solver", "fast", "--expect", "fast=SLOW"],
            "unknown verdict `SLOW`",
        ),
        (vec!["--solver", "fast", "--expect", "fast"], "give NAME=VERDICTS"),
    ] {
        let (code, table, text) = invoke(&args);
        assert_eq!(code, Some(2), "{text}");
        assert!(text.contains(says), "{text}");
        assert!(table.is_empty(), "{table}");
    }
}

#[test]
fn the_corpus_refutes_a_double_based_wythoff_and_wrong_solvers_expect_wa() {
    let dir = common::scratch("invoke-wythoff-float");
    let script = dir.join("float.py");
    std::fs::write(
        &script,
        "import math\na, b = sorted(map(int, open(0).read().split()))\n\
         print(0 if a == int((b - a) * (1 + math.sqrt(5)) / 2) else 1)\n",
    )
    .unwrap();
    let cmd = format!("python3 {}", script.display());
    let out = common::harness(&[
        "invoke",
        "--problem",
        "wythoff",
        "--test",
        "corpus",
        "--solver-cmd",
        &cmd,
        "--time-limit-ms",
        "15000",
    ]);
    let table = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(1), "{}", common::text(&out));
    assert_eq!(marked(&table, "corpus", 0), "WA!", "{table}");
    assert!(
        table.contains("stack 8 MiB (the judge's stack is not known: 8 MiB assumed)"),
        "{table}"
    );

    // The built-in double-based solver is deliberately wrong: it expects WA and gets it.
    let out = common::harness(&[
        "invoke",
        "--problem",
        "wythoff",
        "--test",
        "corpus",
        "--solver",
        "wrong-float-phi",
        "--time-limit-ms",
        "15000",
    ]);
    let table = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
    assert!(
        table.contains("wrong-float-phi [WA]") && table.contains("wrong-float-phi: as expected"),
        "{table}"
    );
}

#[test]
fn the_judges_stack_is_the_default() {
    // Codeforces gives the whole memory limit as stack.
    let out = common::harness(&[
        "invoke",
        "--problem",
        "nullify-matrix",
        "--test",
        "corpus",
        "--solver",
        "fast",
        "--time-limit-ms",
        "15000",
    ]);
    let table = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
    assert!(
        table.starts_with("limits: 15000 ms, 256 MiB, stack 256 MiB (the judge's: the whole memory limit)"),
        "{table}"
    );
}

#[test]
fn tests_beyond_the_guarantee_run_only_when_named() {
    let out = common::harness(&["invoke", "--problem", "christmas-game", "--list"]);
    let list = common::text(&out);
    assert!(list.contains("poj-max") && list.contains("corpus"), "{list}");
    // Listed, so that --test can name them, and said to run only when named.
    let beyond: Vec<&str> = list.lines().filter(|l| l.starts_with("beyond-")).collect();
    assert!(!beyond.is_empty(), "{list}");
    assert!(beyond.iter().all(|l| l.ends_with("[runs only when named]")), "{list}");
    let out = common::harness(&[
        "invoke",
        "--problem",
        "christmas-game",
        "--list",
        "--test",
        "beyond-general-max",
    ]);
    assert!(
        common::text(&out).contains("beyond the judge's guarantee"),
        "{}",
        common::text(&out)
    );
}
