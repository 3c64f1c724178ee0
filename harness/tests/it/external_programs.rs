//! Real processes as solvers: a compiled tree-game solution with switchable bugs
//! (harness/tests/fixtures/tree_game.rs), cheap enough to run once per shrink candidate, and a
//! Python solution for a real interpreter. Each misbehaviour gets its own verdict, is shrunk
//! keeping that verdict, and lands in the corpus; a program that cannot run at all stores
//! nothing and is a usage error.

use crate::common;

use std::os::unix::fs::PermissionsExt;
use std::time::{Duration, Instant};

use engine::corpus::Entry;
use engine::Problem;
use games::problems::TreeGame;
use gen::judge::Format;

fn quote(s: &str) -> String {
    shlex::try_quote(s).expect("no NUL byte").into_owned()
}

fn fixture(mode: &str) -> String {
    format!("{} {mode}", quote(env!("CARGO_BIN_EXE_tree-game-fixture")))
}

/// Runs the tree config against `cmd`; returns the exit code, the entries and the output.
fn run(cmd: &str, extra: &[&str]) -> (Option<i32>, Vec<Entry>, String) {
    let tag: String = format!("{cmd} {}", extra.join(" "))
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let tag = &tag[tag.len().saturating_sub(80)..];
    let dir = common::scratch(&format!("external-{tag}"));
    let mut args = vec![
        "--config",
        "tree",
        "--solver-cmd",
        cmd,
        "--corpus",
        dir.to_str().unwrap(),
    ];
    // One round on two threads: the failures below show up in the first batch.
    if !extra.contains(&"--cases") {
        args.extend_from_slice(&["--cases", "800"]);
    }
    args.extend_from_slice(extra);
    let out = common::harness(&args);
    (out.status.code(), common::entries(&dir), common::text(&out))
}

/// The single shrunk entry of the fixture in `mode`, with the given verdict; returns its cases.
fn found(mode: &str, extra: &[&str], verdict: &str) -> (Entry, Vec<gen::Graph>) {
    let cmd = fixture(mode);
    let (code, entries, text) = run(&cmd, extra);
    assert_eq!(code, Some(1), "{text}");
    assert_eq!(entries.len(), 1, "{text}");
    let e = entries.into_iter().next().unwrap();
    assert_eq!(e.verdict, verdict, "{text}");
    assert_eq!(e.solver.as_deref(), Some(format!("cmd:{cmd}").as_str()));
    let cases = <TreeGame as Problem>::Judge::read_input(&e.input).unwrap();
    (e, cases)
}

/// A run that must stop with a usage error, store nothing and say `needles`.
fn cannot_run(cmd: &str, needles: &[&str]) {
    let (code, entries, text) = run(cmd, &["--cases", "100"]);
    assert_eq!(code, Some(2), "{text}");
    assert!(entries.is_empty(), "{text}");
    assert!(!text.contains("FOUND") && !text.contains("panicked"), "{text}");
    for n in needles {
        assert!(text.contains(n), "expected `{n}` in:\n{text}");
    }
}

/// An executable file with `content` in a fresh scratch folder.
fn executable(name: &str, content: &[u8]) -> String {
    let path = common::scratch(&format!("program-{name}")).join(name);
    std::fs::write(&path, content).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn a_right_program_passes_batched_and_alone() {
    for extra in [&["--cases", "3000"][..], &["--batch", "1", "--cases", "300"][..]] {
        let (code, entries, text) = run(&fixture("right"), extra);
        assert_eq!(code, Some(0), "{text}");
        assert!(entries.is_empty());
        assert!(text.contains("0 skipped"), "{text}");
    }
}

#[test]
fn a_python_program_is_judged_end_to_end() {
    // Users run `python3 sol.py`: one run through a real interpreter, three batches.
    let (code, entries, text) = run("python3 harness/tests/solver_scripts/tree_game.py", &["--cases", "300"]);
    assert_eq!(code, Some(0), "{text}");
    assert!(entries.is_empty());
    assert!(text.contains("300 cases checked"), "{text}");
}

#[test]
fn a_wrong_answer_is_a_mismatch_shrunk_to_three_vertices() {
    let (e, cases) = found("wrong", &[], "mismatch");
    assert_eq!(cases.len(), 1);
    assert_eq!(cases[0].n, 3, "{}", e.input);
    assert_eq!(e.expected.trim(), "Bob");
    assert_eq!(e.actual.as_deref().map(str::trim), Some("Alice"));
}

#[test]
fn a_crash_keeps_exit_status_and_stderr() {
    let (e, cases) = found("crash", &[], "crash");
    assert_eq!(cases.len(), 1);
    assert_eq!(cases[0].n, 4, "{}", e.input);
    let detail = e.detail.unwrap();
    assert!(
        detail.contains("exit code 1") && detail.contains("IndexError"),
        "{detail}"
    );
}

#[test]
fn a_crashing_batch_is_bisected_and_only_the_lowest_failing_batch_is_blamed() {
    // Every batch of 100 trees crashes; the run stops at its first failure,
    // so only batch 0 is blamed: by halves, at most 2 log2(100) + 1 runs,
    // not a run per case. A wrapper counts the program's starts.
    let starts = common::scratch("bisect-starts").join("starts");
    let script = format!(
        "#!/bin/sh\necho x >> {}\nexec {}\n",
        quote(starts.to_str().unwrap()),
        fixture("crash")
    );
    let cmd = executable("counted-crash", script.as_bytes());
    let (code, entries, text) = run(&cmd, &["--no-shrink", "--threads", "2"]);
    assert_eq!(code, Some(1), "{text}");
    assert_eq!(entries.len(), 1, "{text}");
    let cases = <TreeGame as Problem>::Judge::read_input(&entries[0].input).unwrap();
    assert_eq!(cases.len(), 1, "{text}");
    assert!(cases[0].n >= 4, "{text}");
    assert_eq!(text.matches("finding the case to blame").count(), 1, "{text}");
    assert!(!text.contains('\u{1b}'), "no colour when not on a terminal:\n{text}");
    let blamed = text.lines().find(|l| l.contains("blamed case")).expect("a blame line");
    assert!(blamed.contains("in a batch of 100"), "{blamed}");
    let runs = std::fs::read_to_string(&starts).unwrap().lines().count();
    // The round's 8 batches, then the bisection of the first.
    assert!(runs <= 8 + 2 * 7 + 1, "{runs} starts:\n{text}");
    assert!(
        blamed.contains(&format!(": {} runs", runs - 8)),
        "{runs} starts: {blamed}"
    );
}

#[test]
fn the_shrink_time_limit_is_a_bound_on_a_slow_program() {
    // Every run takes 0.3 s; one round of candidates alone would take
    // longer than the limit of 1 s. The deadline is checked before each
    // candidate, so shrinking ends at most a run after it.
    let script = format!("#!/bin/sh\nsleep 0.3\nexec {}\n", fixture("wrong"));
    let cmd = executable("slow-wrong", script.as_bytes());
    let (code, _, text) = run(&cmd, &["--cases", "100", "--shrink-seconds", "1", "--threads", "2"]);
    assert_eq!(code, Some(1), "{text}");
    let note = text.lines().find(|l| l.contains("shrunk from")).expect("a shrink note");
    assert!(note.contains("stopped early"), "{note}");
    let secs: f64 = note
        .split(" s)")
        .next()
        .and_then(|head| head.rsplit('(').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no seconds in {note}"));
    assert!(secs < 1.0 + 0.3 + 1.0, "{note}");
}

#[test]
fn a_program_over_the_time_limit_is_killed_and_shrunk() {
    // Every tree of 6 vertices is slow: one timeout, one shrink step to 5 vertices (each a full
    // time limit), then only trees the fixture answers at once.
    let (e, cases) = found(
        "slow",
        &["--time-limit-ms", "500", "--set", "n=6", "--cases", "1"],
        "timeout",
    );
    assert_eq!(cases.len(), 1);
    assert_eq!(cases[0].n, 5, "{}", e.input);
    assert!(e.detail.unwrap().contains("500 ms"));
}

#[test]
fn a_timeout_that_does_not_repeat_alone_is_no_find() {
    // Slow only on its first run (a loaded machine's hiccup): rerun alone, the case passes.
    let mark = common::scratch("timeout-once").join("ran");
    let script = format!(
        "#!/bin/sh\ninput=$(cat)\nif [ ! -e {m} ]; then touch {m}; sleep 30; fi\nprintf '%s\\n' \"$input\" | {}\n",
        fixture("right"),
        m = quote(mark.to_str().unwrap())
    );
    let cmd = executable("slow-once", script.as_bytes());
    let (code, entries, text) = run(&cmd, &["--cases", "20", "--time-limit-ms", "2000"]);
    assert_eq!(code, Some(0), "{text}");
    assert!(entries.is_empty(), "{text}");
    assert!(text.contains("1 timeout did not repeat when run again alone"), "{text}");
    // One that repeats is a find, and the FOUND block says it repeated.
    let (code, entries, text) = run(
        &fixture("slow"),
        &["--time-limit-ms", "500", "--set", "n=6", "--cases", "1"],
    );
    assert_eq!((code, entries.len()), (Some(1), 1), "{text}");
    assert!(
        text.contains("the timeout repeated when the case ran again alone"),
        "{text}"
    );
}

#[test]
fn output_bytes_that_are_not_text_are_bad_output_never_converted() {
    // `Bob` with its `o` as byte 0xFF: lossy UTF-8 would make it a replacement character, and
    // a near-miss of a right answer must never pass.
    let script = "#!/bin/sh\ncat > /dev/null\nprintf 'B\\377b\\n'\n";
    let cmd = executable("not-utf8", script.as_bytes());
    let (code, entries, text) = run(&cmd, &["--cases", "1", "--set", "n=1"]);
    assert_eq!(code, Some(1), "{text}");
    assert_eq!(entries.len(), 1, "{text}");
    assert_eq!(entries[0].verdict, "bad-output", "{text}");
    let detail = entries[0].detail.clone().unwrap_or_default();
    assert!(
        detail.contains("byte 2 (line 1) of the output is not UTF-8 text"),
        "{detail}"
    );
}

#[test]
fn garbage_output_says_what_was_expected() {
    let (e, cases) = found("garbage", &[], "bad-output");
    assert_eq!(cases.len(), 1);
    assert_eq!(cases[0].n, 3, "{}", e.input);
    let detail = e.detail.unwrap();
    assert!(detail.contains("Alice / Bob") && detail.contains("Maybe"), "{detail}");
}

#[test]
fn random_answers_are_flaky_under_check_determinism() {
    let (e, cases) = found("random", &["--check-determinism"], "flaky");
    assert!(!cases.is_empty(), "{}", e.input);
}

#[test]
fn state_leaking_between_cases_is_shrunk_to_a_two_case_batch() {
    // Alone every case is right; in a batch, the XOR carried over from a
    // winning case flips the next one. Smallest: one edge, then a lone root.
    let (e, cases) = found("leak", &[], "mismatch");
    assert_eq!(cases.len(), 2, "{}", e.input);
    let edges: usize = cases.iter().map(|c| c.m()).sum();
    assert_eq!(edges, 1, "{}", e.input);
}

#[test]
fn a_bad_shebang_is_a_usage_error_not_a_crash() {
    let script = executable("bad-shebang.sh", b"#!/nonexistent/interp\necho Bob\n");
    cannot_run(
        &quote(&script),
        &["cannot start", "`/nonexistent/interp`, does not exist", "fix that line"],
    );
}

#[test]
fn an_executable_in_no_known_format_is_a_usage_error_not_a_crash() {
    let junk = executable("junk.bin", &[0x00, 0x9c, 0xff, 0x13, 0x37, 0x00, 0xfe, 0x42, 0x0a]);
    cannot_run(
        &quote(&junk),
        &[
            "cannot start",
            "Exec format error",
            "not a program this machine can run",
        ],
    );
}

#[test]
fn python_without_its_script_is_a_usage_error_not_a_crash() {
    // python3 starts, then exits 2 without reading a byte: no input can be to blame.
    let missing = common::scratch("program-missing").join("sol.py");
    cannot_run(
        &format!("python3 {}", quote(missing.to_str().unwrap())),
        &[
            "failed before reading any of its input (exit code 2)",
            "can't open file",
            "no counterexample was stored",
        ],
    );
}

/// Killed, or a zombie nobody reaps (as an orphan in a container may stay).
fn gone_soon(pid: i32) -> bool {
    let give_up = Instant::now() + Duration::from_secs(2);
    while Instant::now() < give_up {
        let state = std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .ok()
            .and_then(|stat| Some(stat[stat.rfind(')')? + 2..].chars().next()? == 'Z'));
        if state != Some(false) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    false
}

#[test]
fn an_escaped_background_child_holding_stdout_does_not_hide_a_right_answer() {
    let pid_file = common::scratch("escape").join("sleeper.pid");
    let mode = format!("escape {}", quote(pid_file.to_str().unwrap()));
    // One batch: one run, one escaped sleeper.
    let (code, entries, text) = run(&fixture(&mode), &["--cases", "100"]);
    let sleeper: i32 = std::fs::read_to_string(&pid_file).unwrap().trim().parse().unwrap();
    assert_eq!(code, Some(0), "{text}");
    assert!(entries.is_empty(), "{text}");
    assert!(text.contains("100 cases checked"), "{text}");
    assert!(
        text.contains(&format!("(pid {sleeper}) kept stdout or stderr open")) && text.contains("killed them"),
        "{text}"
    );
    assert!(gone_soon(sleeper), "the escaped sleeper {sleeper} survived");
}
