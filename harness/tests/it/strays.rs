//! No program the harness starts outlives its run, nor the harness: descendants that escape
//! their process group and close their pipes, in every role a program plays (solver, checker,
//! oracle, `invoke` solution), and the running program and all it started when the harness
//! itself is SIGKILLed.

use crate::common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn quote(s: &str) -> String {
    shlex::try_quote(s).expect("no NUL byte").into_owned()
}

fn fixture(mode: &str) -> String {
    format!("{} {mode}", quote(env!("CARGO_BIN_EXE_tree-game-fixture")))
}

/// `program` run through `detach.sh`, which leaves a sleeper in a new session with its pid under
/// `dir` before it becomes `program`.
fn detaching(dir: &Path, program: &str) -> String {
    format!(
        "harness/tests/fault_scripts/detach.sh {} {program}",
        quote(dir.to_str().unwrap())
    )
}

/// The pids recorded as files under `dir`.
fn pids(dir: &Path) -> Vec<i32> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|f| f.unwrap().file_name().to_str().unwrap().parse().unwrap())
        .collect()
}

/// Gone, or a zombie nobody has reaped yet (an orphan's reaper may be slow).
fn gone_soon(pid: i32) -> bool {
    let give_up = Instant::now() + Duration::from_secs(2);
    while Instant::now() < give_up {
        let zombie = std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .ok()
            .and_then(|stat| Some(stat[stat.rfind(')')? + 2..].starts_with('Z')));
        if zombie != Some(false) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    false
}

/// Runs the harness with `args` and asserts it exits with `code`, that the detached sleepers
/// under `dir` were started, and that none of them is left.
fn no_sleeper_left(dir: &Path, args: &[&str], code: i32) {
    let out = common::harness(args);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(code), "{text}");
    let sleepers = pids(dir);
    assert!(!sleepers.is_empty(), "no program detached a sleeper: {text}");
    let left: Vec<i32> = sleepers.into_iter().filter(|&pid| !gone_soon(pid)).collect();
    for &pid in &left {
        // SAFETY: plain syscall; the test started this sleeper and cleans it up.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
    assert!(left.is_empty(), "sleepers {left:?} outlived the run of {args:?}");
}

#[test]
fn a_detached_process_of_a_solver_does_not_outlive_the_run() {
    let dir = common::scratch("strays-solver");
    let solver = detaching(&dir, &fixture("right"));
    no_sleeper_left(
        &dir,
        &[
            "--config",
            "tree",
            "--cases",
            "20",
            "--batch",
            "5",
            "--solver-cmd",
            &solver,
        ],
        0,
    );
}

#[test]
fn a_detached_process_of_a_checker_does_not_outlive_the_run() {
    let dir = common::scratch("strays-checker");
    let checker = detaching(&dir, "python3 harness/tests/solver_scripts/token_checker.py");
    no_sleeper_left(&dir, &["--config", "tree", "--cases", "5", "--checker", &checker], 0);
}

#[test]
fn a_detached_process_of_an_oracle_does_not_outlive_the_run() {
    let dir = common::scratch("strays-oracle");
    let oracle = detaching(&dir, &fixture("right"));
    no_sleeper_left(&dir, &["--config", "tree", "--cases", "20", "--brute-cmd", &oracle], 0);
}

#[test]
fn a_detached_process_of_an_invoked_solution_does_not_outlive_the_run() {
    let dir = common::scratch("strays-invoke");
    let solution = detaching(&dir, &fixture("right"));
    no_sleeper_left(
        &dir,
        &[
            "invoke",
            "--problem",
            "tree-game",
            "--test",
            "star",
            "--time-limit-ms",
            "30000",
            "--solver-cmd",
            &solution,
        ],
        0,
    );
}

#[test]
fn a_running_program_dies_with_a_killed_harness() {
    let dir = common::scratch("strays-sigkill");
    let solver = format!(
        "harness/tests/fault_scripts/exec_sleeper.sh {}",
        quote(dir.to_str().unwrap())
    );
    let mut harness = Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(["--config", "tree", "--solver-cmd", &solver, "--time-limit-ms", "60000"])
        .current_dir(common::workspace())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while pids(&dir).is_empty() {
        assert!(started.elapsed() < Duration::from_secs(20), "no solver started");
        std::thread::sleep(Duration::from_millis(20));
    }
    harness.kill().unwrap();
    harness.wait().unwrap();
    for pid in pids(&dir) {
        let gone = gone_soon(pid);
        if !gone {
            // SAFETY: plain syscall; the test started this sleeper and cleans it up.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
        assert!(gone, "solver {pid} outlived the SIGKILLed harness");
    }
}

/// The processes, other than zombies, whose environment holds `marker`: everything a harness run
/// with that marker started, however it left its group or session.
fn marked(marker: &str) -> Vec<(i32, String)> {
    let needle = format!("{MARKER}={marker}");
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/environ"))
                .is_ok_and(|env| env.split(|&b| b == 0).any(|var| var == needle.as_bytes()))
        })
        .filter_map(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
            let (open, close) = (stat.find('(')?, stat.rfind(')')?);
            let zombie = stat[close + 2..].starts_with('Z');
            (!zombie).then(|| (pid, stat[open + 1..close].to_owned()))
        })
        .collect()
}

const MARKER: &str = "HARNESS_STRAYS_TEST_MARKER";

/// Starts the harness with `args`, waits until one of its processes runs `sleep` (and `settle`
/// more), SIGKILLs the harness, and asserts that within a few seconds nothing the run started is
/// left.
fn nothing_outlives_a_killed_harness(tag: &str, args: &[&str], settle: Duration) {
    let marker = format!("{tag}-{}", std::process::id());
    let corpus = common::scratch(&format!("strays-{tag}"));
    let mut harness = Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(args)
        .arg("--corpus")
        .arg(&corpus)
        .env(MARKER, &marker)
        .current_dir(common::workspace())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    // Generous: the tests beside this one may be compiling C++ judges on every core.
    while !marked(&marker).iter().any(|(_, name)| name == "sleep") {
        assert!(
            started.elapsed() < Duration::from_secs(90),
            "the solver's sleep never started"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(settle);
    harness.kill().unwrap();
    harness.wait().unwrap();
    let give_up = Instant::now() + Duration::from_secs(5);
    let mut left = marked(&marker);
    while !left.is_empty() && Instant::now() < give_up {
        std::thread::sleep(Duration::from_millis(20));
        left = marked(&marker);
    }
    for &(pid, _) in &left {
        // SAFETY: plain syscall; the test started these processes and cleans them up.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
    assert!(left.is_empty(), "{left:?} outlived the SIGKILLed harness");
}

/// The stress run of `config` with the one solver `solver` and a time limit far past the test.
fn stress_args<'a>(config: &'a str, solver: &'a str) -> [&'a str; 6] {
    ["--config", config, "--solver-cmd", solver, "--time-limit-ms", "60000"]
}

#[test]
fn a_child_of_a_shell_solver_dies_with_a_killed_harness() {
    // Not the shell's last command, so the shell forks it rather than becoming it.
    let args = stress_args("tree", "sh -c 'sleep 987654; echo 1'");
    nothing_outlives_a_killed_harness("child", &args, Duration::ZERO);
}

#[test]
fn a_child_that_left_its_session_dies_with_a_killed_harness() {
    let solver = "sh -c 'setsid sleep 987655 </dev/null >/dev/null 2>&1 & wait; echo 1'";
    nothing_outlives_a_killed_harness("setsid", &stress_args("tree", solver), Duration::ZERO);
}

#[test]
fn a_child_that_left_its_session_holding_stdout_dies_with_a_killed_harness() {
    // A right solver, so the run goes on, leaving on every run a sleeper that holds its stdout,
    // which the run waits on. Once the solver had exited, its supervisor went too, and the
    // sleeper was the harness's child alone.
    let solver = format!(
        "sh -c {}",
        quote(&format!("setsid sleep 987656 & exec {}", fixture("right")))
    );
    let settle = Duration::from_millis(50);
    nothing_outlives_a_killed_harness("setsid-stdout", &stress_args("tree", &solver), settle);
}

#[test]
fn a_players_child_that_left_its_session_holding_stdout_dies_with_a_killed_harness() {
    // The player chooses a side and never moves; its sleeper, out of its session, holds its
    // stdout. The jury waits for the move until the time limit, a minute. (A player that exits
    // loses at once, "exited before the game was over", and the run ends before the kill.)
    let player = "sh -c 'setsid sleep 987657 & echo First; exec sleep 987658'";
    let settle = Duration::from_millis(200);
    nothing_outlives_a_killed_harness("setsid-player", &stress_args("nim-interactive", player), settle);
}

#[test]
fn a_program_killed_at_the_time_limit_keeps_its_peak_memory() {
    // The kill of the program's group must leave its supervisor alive to reap it: the peak of a
    // killed program reaches the harness only through the supervisor's wait.
    let hog = "python3 -c 'b = bytearray(100 << 20); b[::4096] = b\"x\" * len(b[::4096]); import time; time.sleep(60)'";
    let out = common::harness(&[
        "invoke",
        "--problem",
        "tree-game",
        "--test",
        "path",
        "--memory",
        "512M",
        "--time-limit-ms",
        "3000",
        "--solver-cmd",
        hog,
    ]);
    let text = common::text(&out);
    let stdout = String::from_utf8_lossy(&out.stdout);
    // The row is `path TLE! <ms> ms <memory> MiB`.
    let row: Vec<&str> = stdout
        .lines()
        .find(|l| l.starts_with("path "))
        .unwrap_or_else(|| panic!("no row for the test: {text}"))
        .split_whitespace()
        .collect();
    assert_eq!(row[1].trim_end_matches('!'), "TLE", "{text}");
    let mib: f64 = row[4].parse().unwrap_or_else(|_| panic!("no memory figure: {text}"));
    assert!(mib >= 100.0, "the killed program's peak was lost: {text}");
}
