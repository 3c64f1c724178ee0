//! A problem file's own oracle: `--brute-cmd CMD`, `--reference CMD`, or its
//! `reference` when it says `oracle = "reference"`; each answers instead of
//! brute, is recorded in the entry, and answers it again on replay. Here brute
//! always fails, so a run that passes was answered by the oracle alone; the
//! programs are `sh` and `cat`, so a case costs little.

use std::path::{Path, PathBuf};

use crate::common;

/// A problem whose answer is its input (`cat`) and whose brute fails.
fn problem(tag: &str, keys: &str) -> PathBuf {
    let dir = common::scratch(&format!("own-reference-{tag}"));
    std::fs::write(dir.join("gen.sh"), "echo \"$1 $2\"\n").unwrap();
    std::fs::write(dir.join("wrong.sh"), "echo 0\n").unwrap();
    let toml = format!(
        "[problem]\nname = \"echo\"\ngen = \"sh gen.sh {{seed}} {{x}}\"\nbrute = \"sh -c 'exit 3'\"\n\
         solvers = [\"cat\"]\n{keys}\n[gen]\nx = [1, 9]\n"
    );
    std::fs::write(dir.join("p.toml"), toml).unwrap();
    dir.join("p.toml")
}

/// Runs the harness in the problem's folder.
fn run(config: &Path, args: &[&str]) -> (Option<i32>, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(args)
        .current_dir(config.parent().unwrap())
        .output()
        .expect("the harness runs");
    (out.status.code(), common::text(&out))
}

/// A stress run with a wrong solver: its one entry, and the run's output.
fn find(config: &Path, oracle: &[&str]) -> (engine::corpus::Entry, String) {
    let mut args = vec![
        "--config",
        "p.toml",
        "--cases",
        "2",
        "--solver-cmd",
        "sh wrong.sh",
        "--no-shrink",
    ];
    args.extend_from_slice(oracle);
    let (code, text) = run(config, &args);
    assert_eq!(code, Some(1), "{text}");
    let entries = common::entries(&config.parent().unwrap().join("corpus"));
    assert_eq!(entries.len(), 1, "{text}");
    (entries.into_iter().next().unwrap(), text)
}

#[test]
fn the_file_says_its_reference_answers_and_the_entry_replays_with_it() {
    let config = problem("file", "reference = \"cat\"\noracle = \"reference\"");
    let (code, text) = run(&config, &["--config", "p.toml", "--cases", "3"]);
    assert_eq!(code, Some(0), "{text}");
    let (entry, text) = find(&config, &[]);
    assert_eq!(entry.oracle.as_deref(), Some("reference:cat"), "{text}");
    assert!(text.contains("expected (reference `cat`)"), "{text}");
    let (code, text) = run(
        &config,
        &["corpus", "check", "--config", "p.toml", "--solver-cmd", "sh wrong.sh"],
    );
    assert_eq!(code, Some(0), "{text}");
    assert!(!text.contains("not re-run"), "{text}");
}

#[test]
fn an_oracle_from_the_command_line_is_recorded_and_must_be_given_again_to_replay() {
    for (flag, recorded) in [("--reference", "reference:cat"), ("--brute-cmd", "cmd:cat")] {
        let config = problem(flag.trim_start_matches('-'), "");
        let (entry, text) = find(&config, &[flag, "cat"]);
        assert_eq!(entry.oracle.as_deref(), Some(recorded), "{text}");
        // Without it, brute answers, and fails: the entry does not replay, and says why.
        let (code, text) = run(&config, &["corpus", "check", "--config", "p.toml"]);
        assert_eq!(code, Some(1), "{text}");
        assert!(
            text.contains(&format!("the oracle `{recorded}`, which was not re-run"))
                && text.contains(&format!("run this again with {flag} cat")),
            "{text}"
        );
        let (code, text) = run(&config, &["corpus", "check", "--config", "p.toml", flag, "cat"]);
        assert_eq!(code, Some(0), "{text}");
    }
}

#[test]
fn an_oracle_reference_needs_a_reference() {
    let config = problem("none", "oracle = \"reference\"");
    let (code, text) = run(&config, &["--config", "p.toml"]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("[problem] `oracle`: `reference` answers instead of brute, and there is none"),
        "{text}"
    );
}
