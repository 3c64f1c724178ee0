//! A problem file's cases batched through its spec (`output_per_case`,
//! `gen_batch`): a batch costs one run of each program, and a batched run
//! finds, blames and stores exactly what an unbatched one does. The euclid
//! example runs with its programs compiled
//! (`tests/fixtures/game_problems/euclid.rs`), as in `own_problem.rs`.

use std::path::{Path, PathBuf};

use crate::common;
use crate::own_problem::{compiled_euclid, fx};

/// The euclid example in the folder `tag`, its programs compiled, its file
/// passed through `edit`: the problem file's path.
fn problem(tag: &str, edit: impl Fn(String) -> String) -> String {
    compiled_euclid(&format!("own-batch-{tag}"), edit)
}

/// A corpus's files, by path, with their bytes.
type Corpus = Vec<(PathBuf, Vec<u8>)>;

/// A run on `config` with a fresh corpus: the exit code, everything printed,
/// and every file of the corpus with its bytes.
fn run(tag: &str, config: &str, args: &[&str]) -> (Option<i32>, String, Corpus) {
    let corpus = corpus_of(tag);
    let _ = std::fs::remove_dir_all(&corpus);
    let mut all = vec!["--config", config, "--corpus", corpus.to_str().unwrap()];
    all.extend_from_slice(args);
    let out = common::harness(&all);
    let files = if corpus.exists() {
        common::files_under(&corpus).into_iter().collect()
    } else {
        vec![]
    };
    (out.status.code(), common::text(&out), files)
}

/// Where the run `tag` keeps its corpus.
fn corpus_of(tag: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("own-batch-run-{tag}"))
        .join("corpus")
}

/// The counts of the line that closes a run: `euclid: N cases checked, K skipped` (its time left out).
fn closing(text: &str) -> &str {
    let line = text
        .lines()
        .find(|l| l.starts_with("euclid: ") && l.contains(" cases checked"))
        .unwrap_or_else(|| panic!("no closing line: {text}"));
    &line[..line.find(" skipped").map_or(line.len(), |i| i + " skipped".len())]
}

#[test]
fn batched_and_unbatched_runs_find_the_same_cases_and_store_the_same_corpus() {
    let config = problem("same", |t| t);
    let wrong = fx("wrong");
    // Every failing case of 120 (two batches, of 100 and 20), unshrunk: what each found.
    let all = ["--solver-cmd", &wrong, "--keep-going", "--no-shrink", "--cases", "120"];
    let alone = run(
        "same-alone",
        &config,
        &[&all[..], &["--batch", "1", "-j", "1"]].concat(),
    );
    let batched = run("same-batched", &config, &[&all[..], &["-j", "2"]].concat());
    let small = run(
        "same-small",
        &config,
        &[&all[..], &["--batch", "7", "-j", "1"]].concat(),
    );
    assert_eq!(alone.0, Some(1), "{}", alone.1);
    assert!(
        alone.2.len() > 3,
        "the wrong solution fails on several cases: {}",
        alone.1
    );
    for (other, how) in [(&batched, "batched, 2 threads"), (&small, "batches of 7")] {
        assert_eq!(other.0, alone.0, "{how}: {}", other.1);
        assert_eq!(closing(&other.1), closing(&alone.1), "{how}");
        assert_eq!(other.2, alone.2, "{how}: the corpus differs");
    }
    // The first find, shrunk by every layer: the same entry.
    let first = ["--solver-cmd", &wrong, "--shrink-seconds=3000"];
    let alone = run("first-alone", &config, &[&first[..], &["--batch", "1"]].concat());
    let batched = run("first-batched", &config, &first);
    assert_eq!(alone.0, Some(1), "{}", alone.1);
    assert_eq!(batched.2, alone.2, "{}\n{}", batched.1, alone.1);
}

#[test]
fn a_batch_with_one_crashing_case_blames_that_case() {
    // Euclid's algorithm, except on an input with a pair `a a`: the batch of 100 crashes as a
    // whole, and bisection finds the first case that crashes alone.
    let config = problem("crash", |t| t);
    let crash = fx("crash");
    let args = ["--solver-cmd", &crash, "--no-shrink", "--cases", "100"];
    let (code, batched, files) = run("crash-batched", &config, &args);
    assert_eq!(code, Some(1), "{batched}");
    let (_, alone, alone_files) = run("crash-alone", &config, &[&args[..], &["--batch", "1"]].concat());
    assert_eq!(files, alone_files, "{batched}\n{alone}");
    let entries = common::entries(&corpus_of("crash-batched"));
    assert_eq!(entries.len(), 1, "{batched}");
    let e = &entries[0];
    assert_eq!(e.verdict, "crash");
    let nums: Vec<u64> = e.input.split_whitespace().map(|t| t.parse().unwrap()).collect();
    assert!(
        nums[1..].chunks(2).any(|p| p[0] == p[1]),
        "the blamed case has a pair `a a`: {}",
        e.input
    );
    let case = e.origin.as_ref().and_then(|o| o.case).expect("a generated case");
    assert!(
        batched.contains(&format!("blamed case {case} in a batch of 100: ")),
        "{batched}"
    );
    // Every case before it passes alone: no pair `a a` in any of them.
    for k in 0..case {
        let out = common::harness(&["gen", "--config", &config, "--case", &k.to_string()]);
        let nums: Vec<u64> = String::from_utf8(out.stdout)
            .unwrap()
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        assert!(nums[1..].chunks(2).all(|p| p[0] != p[1]), "case {k} crashes too");
    }
}

#[test]
fn a_program_sized_to_the_bound_on_t_fails_on_no_batch() {
    // A batch of 100 cases merges hundreds of pairs, past T <= 100: the solution, whose array
    // holds 100, crashes on it; judged in parts within the bound, it passes every case.
    let config = problem("sized", |t| t);
    let sized = fx("sized");
    let (code, text, files) = run("sized", &config, &["--solver-cmd", &sized, "--cases", "200"]);
    assert_eq!(code, Some(0), "{text}");
    assert_eq!(closing(&text), "euclid: 200 cases checked, 0 skipped", "{text}");
    assert!(files.is_empty(), "nothing stored: {text}");
}

/// `program` as a command that first adds a line to `log`.
fn counted(log: &Path, program: &str) -> String {
    format!("sh -c 'echo run >> {}; exec {program}'", log.display())
}

fn runs(log: &Path) -> usize {
    std::fs::read_to_string(log).map_or(0, |t| t.lines().count())
}

/// `toml` with the command `cmd` (quoted as the file quotes it) run through [`counted`].
fn wrap(toml: &str, cmd: &str, log: &Path) -> String {
    toml.replace(&format!("\"{cmd}\""), &format!("\"{}\"", counted(log, cmd)))
}

#[test]
fn a_batch_costs_one_run_of_each_program() {
    let logs = common::scratch("own-batch-logs");
    let log = |name: &str| logs.join(name);
    let roles = [
        ("gen --batch", "gen-batch"),
        ("brute", "brute"),
        ("sol", "sol"),
        ("val --batch", "val-batch"),
        ("val", "val"),
    ];
    let counting = |t: String| roles.iter().fold(t, |t, (role, name)| wrap(&t, &fx(role), &log(name)));
    let config = problem("counts", counting);
    let (code, text, _) = run("counts", &config, &["--cases", "200", "-j", "1"]);
    assert_eq!(code, Some(0), "{text}");
    assert_eq!(closing(&text), "euclid: 200 cases checked, 0 skipped", "{text}");
    let all: Vec<usize> = roles.iter().map(|(_, name)| runs(&log(name))).collect();
    // Per batch of 100: one run of each; the validator also checks the run's first two cases alone.
    assert_eq!(all, [2, 2, 2, 2, 2], "runs of {roles:?}");
    // Without `validator_batch`, the validator reads the batch merged, at most 100 pairs at
    // once (the spec's bound on T): 200 cases of 1 to 8 pairs take 2 to 20 runs.
    let merged = problem("counts-merged", |t| {
        counting(t.replace(&format!("validator_batch = \"{} --batch\"", fx("val")), ""))
    });
    std::fs::remove_file(log("val")).unwrap();
    let (code, text, _) = run("counts-merged", &merged, &["--cases", "200", "-j", "1"]);
    assert_eq!(code, Some(0), "{text}");
    assert!(
        (2 + 2..=2 + 20).contains(&runs(&log("val"))),
        "{} validator runs",
        runs(&log("val"))
    );
    for (_, name) in roles {
        let _ = std::fs::remove_file(log(name));
    }
    let (code, text, _) = run("counts-alone", &config, &["--cases", "20", "--batch", "1"]);
    assert_eq!(code, Some(0), "{text}");
    let all: Vec<usize> = roles.iter().map(|(_, name)| runs(&log(name))).collect();
    // Unbatched, each case runs each program once; the first two run the generator twice.
    assert_eq!(all, [0, 20, 20, 0, 20], "runs of {roles:?}");
}

#[test]
fn a_checker_judges_a_batch_in_one_run_and_blames_cases_as_unbatched() {
    let logs = common::scratch("own-batch-checker-logs");
    let log = logs.join("checker");
    // Token by token, as testlib's checkers take their files: input, output, answer.
    let script = logs.join("check.sh");
    std::fs::write(
        &script,
        format!(
            "echo run >> {}\n[ \"$(tr -s ' \\n' '\\n\\n' < \"$2\")\" = \"$(tr -s ' \\n' '\\n\\n' < \"$3\")\" ] || \
             {{ echo 'the tokens differ' >&2; exit 1; }}\n",
            log.display()
        ),
    )
    .unwrap();
    let checker = format!("checker = \"sh {}\"\noutput_per_case", script.display());
    let config = problem("checker", |t| t.replacen("output_per_case", &checker, 1));
    let (code, text, _) = run("checker-right", &config, &["--cases", "200", "-j", "1"]);
    assert_eq!(code, Some(0), "{text}");
    assert_eq!(closing(&text), "euclid: 200 cases checked, 0 skipped", "{text}");
    assert_eq!(runs(&log), 2, "one checker run per batch of 100");
    let wrong = fx("wrong");
    let all = ["--solver-cmd", &wrong, "--keep-going", "--no-shrink", "--cases", "120"];
    let alone = run("checker-alone", &config, &[&all[..], &["--batch", "1"]].concat());
    let batched = run("checker-batched", &config, &all);
    assert_eq!(alone.0, Some(1), "{}", alone.1);
    assert!(alone.2.len() > 3, "{}", alone.1);
    assert!(alone.1.contains("the tokens differ"), "{}", alone.1);
    assert_eq!(closing(&batched.1), closing(&alone.1));
    assert_eq!(batched.2, alone.2, "the corpus differs: {}", batched.1);
}

#[test]
fn a_batch_generator_unlike_the_generator_alone_stops_the_run() {
    // gen_batch prints case 0 with other pairs than `gen` does: refused before any case runs.
    let config = problem("unlike", |t| {
        let shifted = format!("sh -c 'sed s/^/1/ | exec {} --batch'", fx("gen"));
        t.replace(&format!("\"{} --batch\"", fx("gen")), &format!("\"{shifted}\""))
    });
    let (code, text, files) = run("unlike", &config, &["--cases", "10"]);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("the generator's batch command"), "{text}");
    assert!(files.is_empty(), "nothing stored: {text}");
}

#[test]
fn batching_a_file_cannot_support_is_a_clear_error() {
    // --batch without output_per_case.
    let plain = problem("plain", |t| {
        t.replace("output_per_case = \"line\"", "")
            .replace(&format!("gen_batch = \"{} --batch\"", fx("gen")), "")
            .replace(&format!("validator_batch = \"{} --batch\"", fx("val")), "")
    });
    let (code, text, _) = run("plain", &plain, &["--batch", "10"]);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("--batch") && text.contains("`output_per_case`"), "{text}");
    let (code, text, _) = run("plain-one", &plain, &["--batch", "1", "--cases", "3"]);
    assert_eq!(code, Some(0), "--batch 1 is always allowed: {text}");
    // A spec whose count is not the outer structure.
    let ex = common::workspace().join("examples/euclid");
    let odd = problem("odd-spec", |t| t);
    let dir = Path::new(&odd).parent().unwrap();
    let spec = std::fs::read_to_string(ex.join("euclid.ctd")).unwrap() + "ASSERT(t <= 100)\n";
    std::fs::write(dir.join("euclid.ctd"), spec).unwrap();
    let (code, text, _) = run("odd-spec", &odd, &["--cases", "3"]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("[problem] `output_per_case`: batching needs a spec") && text.contains("--batch 1"),
        "{text}"
    );
    // gen_batch without output_per_case.
    let lone = problem("lone-gen-batch", |t| t.replace("output_per_case = \"line\"", ""));
    let (code, text, _) = run("lone-gen-batch", &lone, &["--cases", "3"]);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("[problem] `gen_batch`"), "{text}");
    // A shape that is not one.
    let bad = problem("bad-shape", |t| {
        t.replace("output_per_case = \"line\"", "output_per_case = \"lines\"")
    });
    let (code, text, _) = run("bad-shape", &bad, &["--cases", "3"]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("`output_per_case`: `lines` says no output shape"),
        "{text}"
    );
}
