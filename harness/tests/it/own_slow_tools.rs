//! A tool of a problem file (generator, validator, checker) that runs past
//! `tool_time_limit_ms` once is run again under twice the limit; a case it is
//! still slow on is reported and skipped, never passed, and the run goes on.
//! The programs are `sh` and `cat`, so a case costs little beyond the sleeps.

use std::path::{Path, PathBuf};

use crate::common;

/// A problem folder whose answers are the input itself (`cat` answers and
/// solves), with `gen.sh` as its generator, `keys` added to `[problem]` and
/// `files` beside it. The problem file's path.
fn problem(tag: &str, gen: &str, keys: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = common::scratch(&format!("own-slow-{tag}"));
    std::fs::write(dir.join("gen.sh"), gen).unwrap();
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let toml = format!(
        "[problem]\nname = \"slow\"\ngen = \"sh gen.sh {{seed}} {{x}}\"\nbrute = \"cat\"\nsolvers = [\"cat\"]\n\
         tool_time_limit_ms = 500\n{keys}\n[gen]\nx = [1, 2]\n"
    );
    std::fs::write(dir.join("p.toml"), toml).unwrap();
    dir.join("p.toml")
}

fn run(config: &Path, cases: &str) -> (Option<i32>, String) {
    let corpus = config.parent().unwrap().join("corpus");
    let out = common::harness(&[
        "--config",
        config.to_str().unwrap(),
        "--cases",
        cases,
        "--threads",
        "1",
        "--corpus",
        corpus.to_str().unwrap(),
    ]);
    (out.status.code(), common::text(&out))
}

/// Sleeps past the limit the first time it runs in its folder, never after.
const SLOW_ONCE: &str = "[ -e slowed ] || { touch slowed; sleep 5; }\n";

#[test]
fn a_generator_or_checker_slow_once_is_run_again_and_the_run_passes() {
    let gen = format!("{SLOW_ONCE}echo \"$1 $2\"\n");
    let (code, text) = run(&problem("gen-once", &gen, "", &[]), "3");
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("3 cases checked, 0 skipped"), "{text}");
    let checker = format!("{SLOW_ONCE}exit 0\n");
    let config = problem(
        "checker-once",
        "echo \"$1 $2\"\n",
        "checker = \"sh check.sh\"",
        &[("check.sh", &checker)],
    );
    let (code, text) = run(&config, "2");
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("2 cases checked"), "{text}");
}

#[test]
fn a_case_the_generator_is_slow_on_twice_is_skipped_and_the_run_goes_on() {
    // Slow whenever x = 1: case 5 of the 6 (seed 1), not the others.
    let gen = "[ \"$2\" = 1 ] && sleep 5\necho \"$1 $2\"\n";
    let (code, text) = run(&problem("gen-x1", gen, "", &[]), "6");
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.contains("skipped, never passed: the generator `sh gen.sh")
            && text.contains("took longer than its limit of 500 ms, and again when run once more with 1000 ms")
            && text.contains("raise `tool_time_limit_ms` in [problem]"),
        "{text}"
    );
    assert!(text.contains("case 5 of seed 1 skipped"), "{text}");
    assert!(text.contains("5 cases checked, 1 skipped"), "{text}");
}

#[test]
fn a_generator_slow_on_every_case_stops_the_run_naming_the_key() {
    let (code, text) = run(&problem("gen-always", "sleep 5\n", "", &[]), "2");
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("nothing was checked: all 2 cases were skipped") && text.contains("tool_time_limit_ms"),
        "{text}"
    );
}

#[test]
fn a_case_the_checker_is_slow_on_twice_is_skipped_and_the_rest_of_its_round_still_judged() {
    // The input is "SEED X"; the checker is slow whenever x = 1: two of the 8 cases of seed 1. With
    // one thread a round holds every case, so the cases after the slow one must still be judged.
    let checker = "grep -q ' 1$' \"$1\" && sleep 5\nexit 0\n";
    let config = problem(
        "checker-x1",
        "echo \"$1 $2\"\n",
        "checker = \"sh check.sh\"",
        &[("check.sh", checker)],
    );
    let (code, text) = run(&config, "8");
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.contains("skipped, never passed: the checker `sh check.sh"),
        "{text}"
    );
    assert!(text.contains("6 cases checked, 2 skipped"), "{text}");
}
