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
        &format!("problem = \"tree-game\"\ncases = {}x\n", "1".repeat(4 << 20)),
    );
    let out = common::harness(&["--config", &cfg]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(2), "a {} byte message", text.len());
    assert!(text.len() < 2000, "a {} byte message", text.len());
    assert!(
        text.contains("line 2") && text.contains("(the line is 4194313 bytes)"),
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
