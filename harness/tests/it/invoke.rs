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
    // Each cell is `VERDICT time ms memory MiB`: five tokens.
    row.split_whitespace().nth(1 + 5 * column).unwrap().to_string()
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
