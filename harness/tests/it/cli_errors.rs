//! Bad usage and bad configs get a clear message naming the file and key, and
//! exit status 2; never a panic trace.

use crate::common;

fn write_config(name: &str, text: &str) -> String {
    let dir = common::scratch(&format!("cfg-{name}"));
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn fails_with(args: &[&str], needles: &[&str]) {
    let out = common::harness(args);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(2), "args {args:?}:\n{text}");
    assert!(!text.contains("panicked"), "{text}");
    for n in needles {
        assert!(text.contains(n), "args {args:?}: expected `{n}` in:\n{text}");
    }
}

#[test]
fn missing_config() {
    fails_with(
        &["--config", "no-such-config"],
        &["config `no-such-config` not found", "harness list"],
    );
    fails_with(&["--config", "cactsu"], &["did you mean `cactus`?"]);
    fails_with(&["gen", "--config", "tree-gmae"], &["did you mean `tree-game`"]);
}

#[test]
fn no_arguments_teach_usage() {
    fails_with(&[], &["no config given", "harness --config cactus"]);
}

#[test]
fn unknown_top_level_key() {
    let cfg = write_config("unknown-key", "problem = \"tree-game\"\ncases = 10\nthreads = 4\n");
    fails_with(
        &["--config", &cfg],
        &["unknown-key.toml", "line 3", "unknown field `threads`"],
    );
}

#[test]
fn unknown_gen_key() {
    let cfg = write_config("unknown-gen", "problem = \"tree-game\"\n[gen]\nn = [1, 5]\nsize = 4\n");
    fails_with(
        &["--config", &cfg],
        &["unknown-gen.toml", "line 4", "unknown field `size`"],
    );
}

#[test]
fn unknown_problem() {
    let cfg = write_config("unknown-problem", "problem = \"tree-gmae\"\n");
    fails_with(
        &["--config", &cfg],
        &["unknown problem `tree-gmae`", "tree-game", "unknown-problem.toml"],
    );
}

#[test]
fn unknown_solver() {
    // Blamed on the flag that named it, not on the config file.
    fails_with(
        &["--config", "tree", "--solver", "generall"],
        &["--solver: unknown solver `generall`", "did you mean `general`?"],
    );
    let cfg = write_config("unknown-solver", "problem = \"tree-game\"\nsolvers = [\"generall\"]\n");
    fails_with(
        &["--config", &cfg],
        &["unknown-solver.toml: key `solvers`", "`generall`"],
    );
}

#[test]
fn unknown_brute_key() {
    let cfg = write_config("unknown-brute", "problem = \"tree-game\"\n[brute]\ncap = 3\n");
    fails_with(&["--config", &cfg], &["unknown-brute.toml", "unknown field `cap`"]);
}

#[test]
fn a_case_index_past_the_end() {
    fails_with(
        &[
            "gen",
            "--config",
            "tree",
            "--case",
            "18446744073709551615",
            "--count",
            "2",
        ],
        &["--case 18446744073709551615"],
    );
}

#[test]
fn inverted_and_empty_ranges() {
    let cfg = write_config("inverted", "problem = \"green-hackenbush\"\n[gen]\nn = [9, 2]\n");
    fails_with(&["--config", &cfg], &["inverted.toml", "line 3", "inverted", "[2, 9]"]);
    let cfg = write_config("three", "problem = \"green-hackenbush\"\n[gen]\nn = [1, 2, 3]\n");
    fails_with(&["--config", &cfg], &["three.toml", "exactly two bounds"]);
}

#[test]
fn out_of_limits_sizes() {
    let cfg = write_config("too-big", "problem = \"tree-game\"\n[gen]\nn = [1, 100001]\n");
    fails_with(&["--config", &cfg], &["too-big.toml", "`n`"]);
}

#[test]
fn bad_set_override() {
    fails_with(&["--config", "tree", "--set", "n"], &["key=value"]);
    fails_with(&["gen", "--problem", "tree-game", "--set", "n=[5,1]"], &["inverted"]);
}

#[test]
fn bad_shard() {
    fails_with(&["--config", "tree", "--shard", "3/2"], &["K must be in 1..=N"]);
}

#[test]
fn a_missing_external_program() {
    fails_with(
        &["--config", "tree", "--solver-cmd", "./definitely-not-here"],
        &["definitely-not-here"],
    );
}

#[test]
fn a_zero_time_limit_is_rejected() {
    fails_with(
        &["--config", "tree", "--time-limit-ms", "0"],
        &["--time-limit-ms", "0 ms times out every run", "at least 1"],
    );
    let cfg = write_config("zero-limit", "problem = \"tree-game\"\ntime_limit_ms = 0\n");
    fails_with(
        &["--config", &cfg],
        &["zero-limit.toml", "`time_limit_ms`", "at least 1"],
    );
}

/// A corpus of its own: a run that finds something never writes to the workspace's.
fn scratch_corpus() -> &'static str {
    static DIR: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DIR.get_or_init(|| common::scratch("cli-errors-corpus").to_str().unwrap().to_string())
}

#[test]
fn range_and_batch_errors_name_file_line_and_key() {
    let cfg = write_config("blame", "problem = \"tree-game\"\nbatch = 0\n\n[gen]\nn = [0, 5]\n");
    fails_with(
        &["--config", &cfg, "--batch", "1"],
        &["blame.toml:5: in [gen], key `n`", "must lie within"],
    );
    fails_with(
        &["--config", &cfg, "--set", "n=3"],
        &["blame.toml:2: key `batch`: batch = 0"],
    );
    fails_with(
        &["--config", "tree", "--set", "n=0"],
        &["configs/tree.toml: --set n: `n`"],
    );
}

#[test]
fn a_huge_config_line_gives_a_short_error() {
    let cfg = write_config(
        "huge-line",
        // Under the 1 MiB a config may hold: past it the file is refused whole, unread.
        &format!("problem = \"tree-game\"\ncases = {}x\n", "1".repeat(900_000)),
    );
    let out = common::harness(&["--config", &cfg]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(2), "a {} byte message", text.len());
    assert!(text.len() < 2000, "a {} byte message", text.len());
    assert!(
        text.contains("line 2") && text.contains("(the line is 900009 bytes)"),
        "{text}"
    );
}

#[test]
fn a_run_that_skipped_many_cases_says_so_and_one_that_checked_none_fails() {
    let out = common::harness(&[
        "--corpus",
        scratch_corpus(),
        "--config",
        "tree",
        "--cases",
        "200",
        "--max-states",
        "8",
    ]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("skipped (over brute's budget)"), "{text}");
    assert!(text.contains("warning: ") && text.contains("were skipped"), "{text}");
    assert!(text.contains("--max-states") && text.contains("--reference"), "{text}");
    fails_with(
        &[
            "--corpus",
            scratch_corpus(),
            "--config",
            "multigraph",
            "--cases",
            "20",
            "--set",
            "n=[8,8]",
            "--set",
            "m=[14,14]",
            "--max-states",
            "5",
        ],
        &["nothing was checked", "all 20 cases were skipped (over brute's budget)"],
    );
    // A reference answers every case: no word of brute's budget.
    let out = common::harness(&[
        "--corpus",
        scratch_corpus(),
        "--config",
        "tree",
        "--cases",
        "50",
        "--reference",
        "general",
    ]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("0 skipped,") && !text.contains("budget"), "{text}");
}

#[test]
fn a_deliberately_wrong_reference_is_warned_about() {
    let out = common::harness(&[
        "--corpus",
        scratch_corpus(),
        "--config",
        "tree",
        "--cases",
        "20",
        "--reference",
        "wrong-sum-not-xor",
        "--no-shrink",
    ]);
    let text = common::text(&out);
    assert!(
        text.contains("warning: --reference `wrong-sum-not-xor` is a deliberately wrong solver"),
        "{text}"
    );
}

#[test]
fn a_huge_thread_count_is_capped_with_a_message() {
    let out = common::harness(&["--config", "tree", "--cases", "10", "-j", "100000"]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("--threads 100000: capped at"), "{text}");
    assert!(text.contains("10 cases checked"), "{text}");
}

#[test]
fn brute_over_its_memory_budget_says_so_with_the_figures() {
    let dir = common::scratch("brute-memory");
    let input = dir.join("gh.in");
    let gen = common::harness(&["gen", "--problem", "green-hackenbush", "--set", "n=30", "--set", "m=60"]);
    std::fs::write(&input, &gen.stdout).unwrap();
    fails_with(
        &[
            "brute",
            "--problem",
            "green-hackenbush",
            "--max-memory",
            "1M",
            input.to_str().unwrap(),
        ],
        &["over its memory budget", "more than the 1 MiB allowed (--max-memory)"],
    );
}

#[test]
fn a_batch_for_a_one_case_format_says_so_in_words() {
    fails_with(
        &["--config", "multigraph", "--batch", "2", "--cases", "1"],
        &["green-hackenbush takes one case per input"],
    );
}

/// A tree of two paths from the root, of 20 and 19 edges: Alice wins (20 XOR 19 = 7). Brute
/// values one path, a state per edge: beyond 10 states. (Of a single path from the root it would
/// ask only whether its value is 0, which deleting the root edge answers in one state.)
fn long_path() -> std::path::PathBuf {
    let dir = common::scratch("beyond-brute");
    let mut text = String::from("1\n40\n1 2\n1 22\n");
    for v in (2..21).chain(22..40) {
        text.push_str(&format!("{v} {}\n", v + 1));
    }
    std::fs::write(dir.join("path.in"), text).unwrap();
    std::fs::write(dir.join("path.out"), "Alice\n").unwrap();
    dir
}

#[test]
fn beyond_brute_the_commands_suggest_and_take_a_reference() {
    let dir = long_path();
    let input = dir.join("path.in");
    let input = input.to_str().unwrap();
    let output = dir.join("path.out");
    let output = output.to_str().unwrap();
    let small = ["--max-states", "10"];
    let hint = ["brute force gave up after 10 states", "--reference fast"];
    fails_with(
        &[&["brute", "--problem", "tree-game", input][..], &small].concat(),
        &hint,
    );
    fails_with(
        &[&["check", "--problem", "tree-game", input, output][..], &small].concat(),
        &hint,
    );
    let out = common::harness(&[
        "brute",
        "--problem",
        "tree-game",
        input,
        "--max-states",
        "10",
        "--reference",
        "fast",
    ]);
    assert_eq!(common::text(&out), "Alice\n");
    let out = common::harness(
        &[
            &["check", "--problem", "tree-game", input, output, "--reference", "fast"][..],
            &small,
        ]
        .concat(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
    let corpus = dir.join("corpus");
    let corpus = corpus.to_str().unwrap();
    let add = [
        "corpus",
        "--corpus",
        corpus,
        "--max-states",
        "10",
        "add",
        "--problem",
        "tree-game",
        input,
    ];
    fails_with(&add, &hint);
    let out = common::harness(&[&add[..], &["--reference", "fast"]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
    let entries = common::entries(&dir.join("corpus"));
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].oracle.as_deref(), Some("reference:fast"));
    assert_eq!(entries[0].expected, "Alice\n");
}

#[test]
fn a_file_named_like_a_config_does_not_hide_it() {
    // A `./tree` binary in the current folder: `--config tree` is still the config.
    let dir = common::scratch("cwd-with-tree");
    std::fs::write(dir.join("tree"), [0xff, 0xfe, 0x00, 0x01]).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(["--config", "tree", "--cases", "5", "--corpus", scratch_corpus()])
        .current_dir(&dir)
        .output()
        .unwrap();
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("configs/tree.toml"), "{text}");
    // Named as a path, the file is read, and the error names it.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(["--config", "./tree"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(text.contains("cannot read ./tree: it is not UTF-8 text"), "{text}");
}

#[test]
fn commands_in_a_config_start_from_its_folder() {
    let dir = common::scratch("cfg-relative-commands");
    let prog = dir.join("prog");
    let fixture = env!("CARGO_BIN_EXE_tree-game-fixture");
    std::fs::write(&prog, format!("#!/bin/sh\nexec '{fixture}' right\n")).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&prog, std::fs::Permissions::from_mode(0o755)).unwrap();
    let cfg = dir.join("mine.toml");
    std::fs::write(&cfg, "problem = \"tree-game\"\ncases = 50\nsolver_cmd = \"./prog\"\n").unwrap();
    // Run from the workspace, where no `./prog` exists.
    let out = common::harness(&["--config", cfg.to_str().unwrap()]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("50 cases checked"), "{text}");
}
