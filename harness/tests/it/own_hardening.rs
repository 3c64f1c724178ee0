//! A problem file and its corpus under attack: files that are links out of
//! their folder, FIFOs or too big; specs nested or repeated past their bounds;
//! a `[gen]` key named `seed`; an unusable TMPDIR; a checker that times out;
//! the unshrunk copy a stopped run left. Each is a clear error (exit 2, naming
//! the file) or is handled, never a crash, a hang or memory without end.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use engine::corpus::{Entry, Verdict};

use crate::common;

/// Runs the harness with `args` and `env`, killed if it runs past a minute: what
/// an attack makes hang (or eat memory without end) fails the test instead.
fn bounded(args: &[&str], env: &[(&str, &Path)]) -> (Option<i32>, String) {
    let out: Output = Command::new("timeout")
        .args(["--signal=KILL", "60", env!("CARGO_BIN_EXE_harness")])
        .args(args)
        .envs(env.iter().copied())
        .current_dir(common::workspace())
        .output()
        .expect("timeout runs the harness");
    let text = common::text(&out);
    assert_ne!(out.status.code(), None, "killed by a signal: {text}");
    assert_ne!(out.status.code(), Some(137), "ran past a minute: {text}");
    (out.status.code(), text)
}

/// A problem folder `own-hardening-<tag>/problem` whose `p.toml` is euclid's
/// programs with `keys` added to `[problem]` and `gen` (`""`: no generator nor
/// `[gen]`); `files` are written beside it. Its path.
fn problem(tag: &str, gen: bool, keys: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = common::scratch(&format!("own-hardening-{tag}")).join("problem");
    std::fs::create_dir_all(&dir).unwrap();
    let ex = common::workspace().join("examples/euclid");
    let ex = ex.to_str().unwrap();
    let (gen_key, gen_table) = if gen {
        (
            format!("gen = \"python3 {ex}/gen.py {{seed}} {{t}} {{max}}\"\n"),
            "[gen]\nt = [1, 3]\nmax = [1, 20]\n",
        )
    } else {
        (String::new(), "")
    };
    let toml = format!(
        "[problem]\nname = \"mine\"\n{gen_key}brute = \"python3 {ex}/brute.py\"\n\
         solvers = [\"python3 {ex}/sol.py\"]\ncases = 3\n{keys}\n{gen_table}"
    );
    std::fs::write(dir.join("p.toml"), toml).unwrap();
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    dir.join("p.toml")
}

fn arg(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn mkfifo(path: &Path) {
    assert!(Command::new("mkfifo").arg(path).status().unwrap().success());
}

#[test]
fn a_spec_outside_the_problems_folder_is_refused_and_never_echoed() {
    let elsewhere = common::scratch("own-hardening-elsewhere").join("secret.ctd");
    std::fs::write(&elsewhere, "TOPSECRET words\n").unwrap();
    for (tag, given) in [
        ("spec-up", "../secret.ctd"),
        ("spec-absolute", arg(&elsewhere)),
        ("spec-link", "link.ctd"),
    ] {
        let config = problem(tag, true, &format!("spec = \"{given}\"\n"), &[]);
        let dir = config.parent().unwrap();
        std::fs::copy(&elsewhere, dir.parent().unwrap().join("secret.ctd")).unwrap();
        std::os::unix::fs::symlink(&elsewhere, dir.join("link.ctd")).unwrap();
        let (code, text) = bounded(&["gen", "--config", arg(&config)], &[]);
        assert_eq!(code, Some(2), "{text}");
        assert!(
            text.contains(&format!(
                "p.toml: [problem] `spec`: `{given}` leaves the problem file's folder: give a path inside"
            )),
            "{text}"
        );
        assert!(!text.contains("TOPSECRET"), "{text}");
    }
}

#[test]
fn a_spec_sample_or_problem_file_must_be_a_regular_file_of_bounded_size() {
    let config = problem("spec-fifo", true, "spec = \"in.ctd\"\n", &[]);
    let dir = config.parent().unwrap();
    mkfifo(&dir.join("in.ctd"));
    let (code, text) = bounded(&["gen", "--config", arg(&config)], &[]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("[problem] `spec`: `in.ctd` is not a regular file: give a file inside"),
        "{text}"
    );
    let huge = "SPACE ".repeat(200_000);
    let config = problem("spec-huge", true, "spec = \"in.ctd\"\n", &[("in.ctd", &huge)]);
    let (code, text) = bounded(&["gen", "--config", arg(&config)], &[]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("[problem] `spec`: cannot read") && text.contains("in.ctd: it holds more than 1 MiB"),
        "{text}"
    );
    let config = problem("sample-fifo", true, "samples = [\"s.in\"]\n", &[]);
    mkfifo(&config.parent().unwrap().join("s.in"));
    let (code, text) = bounded(&["gen", "--config", arg(&config)], &[]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("[problem] `samples`: `s.in` is not a regular file"),
        "{text}"
    );
    // The problem file itself, named on the command line, is no config unless it is a file.
    let fifo = config.parent().unwrap().join("fifo.toml");
    mkfifo(&fifo);
    let (code, text) = bounded(&["gen", "--config", arg(&fifo)], &[]);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("fifo.toml` not found: it is neither a file"), "{text}");
}

/// A corpus with one good entry of `mine` and `bad` (made by `make`) beside it.
fn corpus_with(tag: &str, make: impl Fn(&Path)) -> PathBuf {
    let corpus = common::scratch(&format!("own-hardening-{tag}-corpus"));
    Entry::new("mine", Verdict::Regression, "1\n4 6\n".into(), "2\n".into())
        .save(&corpus)
        .unwrap();
    make(&corpus.join("mine").join("bad.toml"));
    corpus
}

/// `corpus check --config`, `corpus check` and `corpus merge` on a corpus with a bad
/// entry made by `make`: each names it and says `says`.
fn refused_by_every_corpus_command(config: &Path, tag: &str, make: fn(&Path), says: &str) {
    let corpus = corpus_with(tag, make);
    let dir = arg(&corpus);
    let (code, text) = bounded(&["corpus", "check", "--config", arg(config), "--corpus", dir], &[]);
    assert_eq!(code, Some(1), "{tag}: {text}");
    assert!(text.contains(says) && text.contains("1 ok, 1 failed"), "{tag}: {text}");
    let (code, text) = bounded(&["corpus", "check", "--corpus", dir], &[]);
    assert_eq!(code, Some(1), "{tag}: {text}");
    assert!(text.contains(says), "{tag}: {text}");
    let out = common::scratch(&format!("own-hardening-{tag}-merged"));
    let (code, text) = bounded(&["corpus", "merge", dir, "--corpus", arg(&out)], &[]);
    assert_eq!(code, Some(2), "{tag}: {text}");
    assert!(
        text.contains(says) && text.contains("nothing was merged"),
        "{tag}: {text}"
    );
}

#[test]
fn an_entry_linked_out_a_fifo_or_a_huge_one_is_refused_by_every_corpus_command() {
    let config = problem("entries", true, "", &[]);
    refused_by_every_corpus_command(
        &config,
        "zero",
        |p| std::os::unix::fs::symlink("/dev/zero", p).unwrap(),
        "bad.toml: it is a link to /dev/zero, outside",
    );
    refused_by_every_corpus_command(&config, "fifo", mkfifo, "bad.toml: it is a FIFO, not a regular file");
    // Sparse: over the limit without writing 64 MiB.
    refused_by_every_corpus_command(
        &config,
        "huge",
        |p| std::fs::File::create(p).unwrap().set_len((64 << 20) + 1).unwrap(),
        "bad.toml: it holds more than 64 MiB, the most read from such a file",
    );
    // A folder of the corpus that links out of it: no entry is read through it.
    let corpus = common::scratch("own-hardening-folder-link");
    let elsewhere = common::scratch("own-hardening-folder-elsewhere");
    Entry::new("mine", Verdict::Regression, "1\n4 6\n".into(), "2\n".into())
        .save(&elsewhere)
        .unwrap();
    std::os::unix::fs::symlink(elsewhere.join("mine"), corpus.join("mine")).unwrap();
    let dir = arg(&corpus);
    for args in [
        vec!["corpus", "check", "--config", arg(&config), "--corpus", dir],
        vec!["corpus", "check", "--corpus", dir],
        vec!["invoke", "--config", arg(&config), "--corpus", dir],
    ] {
        let (code, text) = bounded(&args, &[]);
        assert_eq!(code, Some(2), "{args:?}: {text}");
        assert!(
            text.contains(&format!("{dir}/mine is a link to")) && text.contains("outside the corpus"),
            "{args:?}: {text}"
        );
    }
}

#[test]
fn a_gen_key_named_seed_is_refused_with_its_line() {
    let config = problem("gen-seed", true, "", &[]);
    let text = std::fs::read_to_string(&config).unwrap();
    std::fs::write(
        &config,
        text.replace("max = [1, 20]\n", "max = [1, 20]\nseed = [1, 5]\n"),
    )
    .unwrap();
    let (code, text) = bounded(&["gen", "--config", arg(&config)], &[]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("p.toml:11: [gen] `seed`: `{seed}` is the per-case seed"),
        "{text}"
    );
}

#[test]
fn specs_nested_too_deep_or_repeating_too_much_are_refused_with_their_place() {
    let deep = format!(
        "INT(1, 2, a) NEWLINE ASSERT({}a == 1{})\n",
        "(".repeat(20_000),
        ")".repeat(20_000)
    );
    let config = problem("deep", false, "spec = \"in.ctd\"\n", &[("in.ctd", &deep)]);
    let (code, text) = bounded(&["gen", "--config", arg(&config)], &[]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("in.ctd:1:129: the spec nests more than 100 levels deep here"),
        "{text}"
    );
    let nested = "REP(10000000) REP(10000000) END END\n";
    let config = problem("steps", false, "spec = \"in.ctd\"\n", &[("in.ctd", nested)]);
    let (code, text) = bounded(&["gen", "--config", arg(&config)], &[]);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("spec 1:1: the spec runs past 10000000 steps"), "{text}");
}

#[test]
fn a_spec_only_problem_blames_its_spec_not_a_generator() {
    // EOF before the end: the spec writes what it then refuses to read.
    let early = "INT(1, 3, t) NEWLINE EOF REP(t) INT(1, 20, a) SPACE INT(1, 20, b) NEWLINE END\n";
    // A judge-size test of a spec-only problem: no `values`, the spec generates it.
    let keys = "spec = \"in.ctd\"\n\n[[test]]\nname = \"big\"\n";
    let config = problem("spec-early", false, keys, &[("in.ctd", early)]);
    let (code, text) = bounded(&["--config", arg(&config)], &[]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("the input the spec generated is not valid, a bug of the spec"),
        "{text}"
    );
    assert!(!text.contains("generator"), "{text}");
    let (code, text) = bounded(&["invoke", "--config", arg(&config), "--list"], &[]);
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.contains("the spec with seed 1") && !text.contains("generator"),
        "{text}"
    );
    let (code, text) = bounded(&["invoke", "--config", arg(&config), "--test", "big"], &[]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("[[test]] `big`: the generated input is not valid")
            && text.contains("fix the spec, which generates it"),
        "{text}"
    );
    assert!(!text.contains("generator"), "{text}");
}

#[test]
fn an_unusable_tmpdir_is_named_and_never_created() {
    let checker = common::workspace().join("harness/tests/solver_scripts/token_checker.py");
    let keys = format!("checker = \"python3 {}\"\n", checker.display());
    let config = problem("tmpdir", true, &keys, &[]);
    let missing = config.parent().unwrap().join("missing").join("x");
    let (code, text) = bounded(&["--config", arg(&config)], &[("TMPDIR", &missing)]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains(&format!("TMPDIR={} is unusable: cannot create", missing.display()))
            && text.contains("set TMPDIR to a writable folder"),
        "{text}"
    );
    assert!(!text.contains("fix the checker"), "{text}");
    assert!(!missing.parent().unwrap().exists(), "TMPDIR was created");
    let (code, text) = bounded(&["--config", arg(&config)], &[("TMPDIR", &config)]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains(&format!("TMPDIR={} is unusable", config.display())) && text.contains("Not a directory"),
        "{text}"
    );
}

#[test]
fn a_checker_that_times_out_on_a_replay_is_said_to_have_timed_out() {
    let keys = "checker = \"python3 -c 'import time; time.sleep(10)'\"\ntool_time_limit_ms = 300\n";
    let config = problem("checker-slow", true, keys, &[]);
    let corpus = corpus_with("checker-slow", |_| {});
    let (code, text) = bounded(
        &["corpus", "check", "--config", arg(&config), "--corpus", arg(&corpus)],
        &[],
    );
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("the checker gave no verdict on brute's answer against the stored one: the checker `python3 -c")
            && text.contains("took longer than its limit of 300 ms, and again")
            && text.contains("raise `tool_time_limit_ms`"),
        "{text}"
    );
    assert!(!text.contains("brute now answers"), "{text}");
}

#[test]
fn a_size_with_a_fraction_asks_for_a_whole_number() {
    let (code, text) = bounded(
        &["invoke", "--config", "examples/euclid/euclid.toml", "--stack", "1.5M"],
        &[],
    );
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("`1.5M` is not a whole number: a size is a whole number with a unit, e.g. 1536K"),
        "{text}"
    );
}

/// The id of a process that has exited.
fn stopped_pid() -> u32 {
    let mut child = Command::new("true").spawn().unwrap();
    let pid = child.id();
    child.wait().unwrap();
    pid
}

#[test]
fn corpus_check_config_gives_a_stopped_runs_unshrunk_copy_its_final_name() {
    let config = problem("unshrunk", true, "", &[]);
    let corpus = common::scratch("own-hardening-unshrunk-corpus");
    let entry = Entry::new("mine", Verdict::Regression, "1\n4 6\n".into(), "2\n".into());
    let copy = |pid: u32| {
        let saved = entry.save(&corpus).unwrap();
        let copy = saved.with_extension(format!("unshrunk-{pid}.toml"));
        std::fs::rename(&saved, &copy).unwrap();
        copy
    };
    let stopped = copy(stopped_pid());
    let check = || {
        bounded(
            &["corpus", "check", "--config", arg(&config), "--corpus", arg(&corpus)],
            &[],
        )
    };
    let (code, text) = check();
    assert_eq!(code, Some(0), "{text}");
    let there = corpus.join(entry.file_name());
    assert!(
        text.contains(&format!(
            "moved {} to {}: the unshrunk copy a stopped run (process",
            stopped.display(),
            there.display()
        )) && text.contains("1 ok, 0 failed"),
        "{text}"
    );
    assert_eq!(engine::corpus::entry_paths(&corpus).unwrap(), vec![there.clone()]);
    // A second copy of the same entry: removed, the entry there kept.
    let stopped = copy(stopped_pid());
    std::fs::write(&there, std::fs::read_to_string(&stopped).unwrap()).unwrap();
    let (code, text) = check();
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains(&format!("removed {}", stopped.display())), "{text}");
    assert_eq!(engine::corpus::entry_paths(&corpus).unwrap(), vec![there.clone()]);
    // A running process's copy is its own.
    let running = copy(std::process::id());
    let (code, text) = check();
    assert_eq!(code, Some(0), "{text}");
    assert!(running.exists() && !text.contains("moved"), "{text}");
}

#[test]
fn a_long_run_of_a_spec_stops_at_sigterm() {
    // Each draw runs just under the budget of steps, then its assertion refuses it: a thousand
    // draws take minutes.
    let slow = "REP(3000) REP(3000) END END ASSERT(1 == 0)\n";
    let config = problem("spec-sigterm", false, "spec = \"in.ctd\"\n", &[("in.ctd", slow)]);
    let corpus = config.parent().unwrap().join("corpus");
    // A stress run, which handles SIGTERM (instead of dying of it) to stop cleanly.
    let mut child = Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(["--config", arg(&config), "--corpus", arg(&corpus)])
        .current_dir(common::workspace())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_secs(2));
    // SAFETY: a plain syscall on our own child's pid, not reaped yet.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let signalled = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if signalled.elapsed() > std::time::Duration::from_secs(20) {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("still running 20 s after SIGTERM");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    assert_eq!(status.code(), Some(130));
}
