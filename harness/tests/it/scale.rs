//! One search across many processes: `--keep-going`, `--duration`,
//! `--summary`, `corpus merge` and `summary merge`, and the recipes of
//! docs/scale.md run as written (GNU parallel, the Slurm script, the
//! Kubernetes Job's command), each compared with one process over the same cases.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::{self, harness, scratch, text, workspace};

/// A config and solvers that fail often and shrink to many different entries.
const CONFIG: &str = "multigraph";
const CASES: &str = "400";
const EXTRA: &str = "--solver wrong-sum-not-xor --solver wrong-cycles-even";

fn run_args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["--config", CONFIG, "--cases", CASES, "--keep-going"];
    args.extend(EXTRA.split(' '));
    args.extend(extra);
    args
}

/// A run with `extra` flags that keeps its finds in `corpus` and writes
/// `summary`; it finds some, so it exits 1.
fn run_finding(corpus: &Path, summary: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = run_args(extra);
    args.extend([
        "--corpus",
        corpus.to_str().unwrap(),
        "--summary",
        summary.to_str().unwrap(),
    ]);
    let out = harness(&args);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    out
}

fn json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// One process over all the cases (on two threads: shards run on one), its
/// corpus and summary under `dir`.
fn one_process(dir: &Path) -> (BTreeMap<PathBuf, Vec<u8>>, serde_json::Value) {
    let corpus = dir.join("single");
    let summary = dir.join("single.json");
    run_finding(&corpus, &summary, &["--threads", "2"]);
    (common::files_under(&corpus), json(&summary))
}

/// The merged corpus and summary equal one process's: the same files, byte
/// for byte, and the same counts over the same cases.
fn assert_adds_up(dir: &Path, merged_corpus: &Path, merged_summary: &Path) {
    let (single, single_summary) = one_process(dir);
    let merged = common::files_under(merged_corpus);
    assert!(single.len() > 10, "the run should keep many entries: {}", single.len());
    assert_eq!(merged.keys().collect::<Vec<_>>(), single.keys().collect::<Vec<_>>());
    assert!(merged == single, "the same files, but their contents differ");
    let m = json(merged_summary);
    for key in [
        "covered_below",
        "cases_run",
        "checked",
        "skipped",
        "verdicts",
        "entries_written",
        "entries",
    ] {
        assert_eq!(m[key], single_summary[key], "summary key `{key}`");
    }
    assert_eq!(m["covered_below"], 400);
    assert_eq!(
        m["shards"].as_array().unwrap().len() as u64,
        m["shard_count"].as_u64().unwrap()
    );
}

/// A folder whose `harness` is the binary under test, to put first on PATH so
/// the recipes run as written.
fn bin_dir(dir: &Path) -> String {
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let link = bin.join("harness");
    if !link.exists() {
        std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_harness"), &link).unwrap();
    }
    format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default())
}

/// Runs a shell script of docs/scale with `harness` on PATH and `env` set, in the workspace.
fn script(dir: &Path, name: &str, args: &[&str], env: &[(&str, &str)]) -> Output {
    let out = Command::new("bash")
        .arg(workspace().join("docs/scale").join(name))
        .args(args)
        .envs(env.iter().copied())
        .env("PATH", bin_dir(dir))
        .current_dir(workspace())
        .output()
        .unwrap();
    assert!(out.status.success(), "{name}: {}", text(&out));
    out
}

fn have_parallel() -> bool {
    Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("GNU parallel"))
}

#[test]
fn four_shards_under_gnu_parallel_add_up_to_one_process() {
    if !have_parallel() {
        // CI installs GNU parallel (.ci/run): there, its absence is a failure.
        assert!(
            std::env::var_os("CI").is_none(),
            "GNU parallel is missing on CI: .ci/run should have installed it"
        );
        // The test harness captures `eprintln!` of a passing test, which would make the skip
        // silent: a write to the stderr handle itself reaches the terminal.
        let _ = std::io::Write::write_all(
            &mut std::io::stderr(),
            b"\n*** SKIPPED four_shards_under_gnu_parallel_add_up_to_one_process: GNU parallel is not installed (apt-get install parallel) ***\n",
        );
        return;
    }
    let dir = scratch("scale-parallel");
    let out = dir.join("out");
    let corpus = dir.join("merged");
    script(
        &dir,
        "parallel.sh",
        &[],
        &[
            ("CONFIG", CONFIG),
            ("CASES", CASES),
            ("SHARDS", "4"),
            ("OUT", out.to_str().unwrap()),
            ("CORPUS", corpus.to_str().unwrap()),
            ("EXTRA", EXTRA),
        ],
    );
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 4 + 4 + 1);
    assert_adds_up(&dir, &corpus, &out.join("summary.json"));
}

#[test]
fn the_slurm_script_maps_array_tasks_to_shards_and_adds_up() {
    let dir = scratch("scale-slurm");
    let out = dir.join("out");
    let corpus = dir.join("merged");
    let slurm = std::fs::read_to_string(workspace().join("docs/scale/slurm.sh")).unwrap();
    for needle in [
        "SLURM_ARRAY_TASK_ID",
        "--shard \"$K/$N\"",
        "--keep-going",
        "--summary",
        "merge.sh",
    ] {
        assert!(slurm.contains(needle), "slurm.sh lacks {needle}");
    }
    // A 0-based array of three tasks, one after another, as Slurm would run them anywhere.
    for task in ["0", "1", "2"] {
        script(
            &dir,
            "slurm.sh",
            &[],
            &[
                ("SLURM_ARRAY_TASK_ID", task),
                ("SLURM_ARRAY_TASK_MIN", "0"),
                ("SLURM_ARRAY_TASK_COUNT", "3"),
                ("SLURM_CPUS_PER_TASK", "1"),
                ("CONFIG", CONFIG),
                ("CASES", CASES),
                ("OUT", out.to_str().unwrap()),
                ("EXTRA", EXTRA),
            ],
        );
    }
    let shards: Vec<u64> = (1..=3)
        .map(|k| {
            json(&out.join(format!("summary-{k}.json")))["shards"][0]["shard"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(shards, [1, 2, 3]);
    script(
        &dir,
        "merge.sh",
        &[out.to_str().unwrap()],
        &[("CORPUS", corpus.to_str().unwrap())],
    );
    assert_adds_up(&dir, &corpus, &out.join("summary.json"));
}

/// `name: X` / `value: Y` pairs of the Job's container environment.
fn job_env(yaml: &str) -> BTreeMap<String, String> {
    let lines: Vec<&str> = yaml.lines().map(str::trim).collect();
    lines
        .windows(2)
        .filter_map(|w| {
            let name = w[0].strip_prefix("- name: ")?;
            let value = w[1].strip_prefix("value: ")?;
            Some((name.to_string(), value.trim_matches('"').to_string()))
        })
        .collect()
}

/// The shell script under `args: - |`.
fn job_script(yaml: &str) -> String {
    let lines: Vec<&str> = yaml.lines().collect();
    let start = lines.iter().position(|l| l.trim() == "- |").expect("a `- |` block") + 1;
    let indent = lines[start].len() - lines[start].trim_start().len();
    lines[start..]
        .iter()
        .take_while(|l| l.trim().is_empty() || l.len() - l.trim_start().len() >= indent)
        .map(|l| l.get(indent..).unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_kubernetes_job_passes_its_completion_index_as_the_shard() {
    let yaml = std::fs::read_to_string(workspace().join("docs/scale/job.yaml")).unwrap();
    assert!(yaml.contains("completionMode: Indexed"));
    let field = |key: &str| {
        yaml.lines()
            .find_map(|l| l.trim().strip_prefix(key))
            .unwrap_or_else(|| panic!("job.yaml lacks {key}"))
            .trim()
            .to_string()
    };
    let env = job_env(&yaml);
    let shards = &env["SHARDS"];
    assert_eq!(&field("completions:"), shards, "completions must equal SHARDS");
    assert_eq!(&field("parallelism:"), shards);
    assert_eq!(field("mountPath:"), env["OUT"], "the shards write to the shared volume");
    let body = job_script(&yaml);
    assert!(body.contains("JOB_COMPLETION_INDEX + 1") && body.contains("--shard \"$K/$SHARDS\""));

    // Every pod's command, run here with the Job's environment (a small case count, a local folder).
    let dir = scratch("scale-k8s");
    let out = dir.join("out");
    let corpus = dir.join("merged");
    let path = bin_dir(&dir);
    for index in 0..shards.parse::<u32>().unwrap() {
        let run = Command::new("bash")
            .args(["-c", &body])
            .envs(&env)
            .env("JOB_COMPLETION_INDEX", index.to_string())
            .env("CASES", CASES)
            .env("OUT", &out)
            .env("EXTRA", EXTRA)
            .env("PATH", &path)
            .current_dir(workspace())
            .output()
            .unwrap();
        assert!(run.status.success(), "pod {index}: {}", text(&run));
    }
    script(
        &dir,
        "merge.sh",
        &[out.to_str().unwrap()],
        &[("CORPUS", corpus.to_str().unwrap())],
    );
    assert_adds_up(&dir, &corpus, &out.join("summary.json"));
}

#[test]
fn max_failures_bounds_the_entries_kept() {
    let dir = scratch("scale-max");
    let corpus = dir.join("corpus");
    let summary = dir.join("s.json");
    let out = run_finding(&corpus, &summary, &["--max-failures", "3"]);
    assert!(
        text(&out).contains("3 distinct counterexamples kept (stopped at --max-failures)"),
        "{}",
        text(&out)
    );
    assert_eq!(common::files_under(&corpus).len(), 3);
    let s = json(&summary);
    assert_eq!(s["entries_written"], 3);
    assert_eq!(s["shards"][0]["stopped_by"], "max-failures");
}

#[test]
fn without_keep_going_the_run_stops_at_the_first_failure() {
    let dir = scratch("scale-first");
    let corpus = dir.join("corpus");
    let out = harness(&[
        "--config",
        CONFIG,
        "--cases",
        CASES,
        "--solver",
        "wrong-cycles-even",
        "--corpus",
        corpus.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert_eq!(common::files_under(&corpus).len(), 1);
}

#[test]
fn a_duration_runs_until_time_is_up_and_says_which_cases_ran() {
    let dir = scratch("scale-duration");
    let summary = dir.join("s.json");
    let out = harness(&[
        "--config",
        "tree",
        "--duration",
        "1s",
        "--shard",
        "2/3",
        "--summary",
        summary.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let s = json(&summary);
    let end = s["shards"][0]["end"].as_u64().unwrap();
    let run = s["cases_run"].as_u64().unwrap();
    assert!(run > 0 && s["run"]["cases"].is_null(), "{s}");
    // Shard 2/3 ran cases 1, 4, 7, ...: `run` of them, the next one being `end`.
    assert_eq!(end, run * 3 + 1);
    assert_eq!(s["shards"][0]["stopped_by"], "duration");
    assert!(s["wall_seconds"].as_f64().unwrap() >= 1.0);
    let said = format!("shard 2/3 ran its case indices below {end} (those 1 mod 3)");
    assert!(text(&out).contains(&said), "{}", text(&out));
}

/// Exit 2 and every `needle` in the message.
fn refused(out: &Output, code: i32, needles: &[&str]) {
    let t = text(out);
    assert_eq!(out.status.code(), Some(code), "{t}");
    for n in needles {
        assert!(t.contains(n), "`{n}` not in:\n{t}");
    }
}

#[test]
fn bad_run_options_are_refused() {
    for shard in ["0/4", "5/4", "1/0"] {
        refused(
            &harness(&["--config", "tree", "--shard", shard]),
            2,
            &["K must be in 1..=N"],
        );
    }
    refused(
        &harness(&["--config", "tree", "--duration", "30"]),
        2,
        &["without a unit: write 30s, 30m or 30h"],
    );
    refused(
        &harness(&["--config", "tree", "--duration", "soon"]),
        2,
        &["is not a duration", "30m"],
    );
    refused(&harness(&["--config", "tree", "--duration", "0m"]), 2, &["at least 1s"]);
    refused(
        &harness(&["--config", "tree", "--max-failures", "3"]),
        2,
        &["--keep-going"],
    );
    refused(
        &harness(&["--config", "tree", "--keep-going", "--max-failures", "0"]),
        2,
        &["at least 1"],
    );
}

/// A corpus folder with one entry, written by a real run.
fn one_entry(dir: &Path, name: &str, solver: &str) -> PathBuf {
    let corpus = dir.join(name);
    let out = harness(&[
        "--config",
        CONFIG,
        "--cases",
        "50",
        "--solver",
        solver,
        "--corpus",
        corpus.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    corpus
}

#[test]
fn merging_something_that_is_not_a_corpus_changes_nothing() {
    let dir = scratch("scale-not-corpus");
    let good = one_entry(&dir, "good", "wrong-ignore-loops");
    let out = dir.join("out");
    let configs = workspace().join("configs");
    let file = workspace().join("README.md");
    let missing = dir.join("nope");
    let stray = dir.join("stray");
    std::fs::create_dir_all(&stray).unwrap();
    std::fs::write(stray.join("notes.txt"), "not an entry").unwrap();
    for (bad, why) in [
        (&configs, "is not a corpus folder, or holds a broken entry"),
        (&file, "is not a folder"),
        (&missing, "does not exist"),
        (&stray, "holds no entry"),
    ] {
        let merge = harness(&[
            "corpus",
            "merge",
            good.to_str().unwrap(),
            bad.to_str().unwrap(),
            "--corpus",
            out.to_str().unwrap(),
        ]);
        refused(&merge, 2, &[why, &bad.display().to_string(), "nothing was merged"]);
        assert!(!out.exists(), "nothing is written when a source is bad");
    }
    // A destination that is not a corpus is refused too.
    let merge = harness(&[
        "corpus",
        "merge",
        good.to_str().unwrap(),
        "--corpus",
        stray.to_str().unwrap(),
    ]);
    refused(&merge, 2, &["--corpus", "holds no entry"]);
}

#[test]
fn conflicting_answers_are_reported_with_both_files_and_never_overwritten() {
    let dir = scratch("scale-conflict");
    let a = one_entry(&dir, "a", "wrong-ignore-loops");
    let b = dir.join("b");
    // The same entry in another folder, with another expected answer.
    let (name, bytes) = common::files_under(&a).into_iter().next().unwrap();
    let original = String::from_utf8(bytes).unwrap();
    let mut entry: engine::corpus::Entry = toml::from_str(&original).unwrap();
    entry.expected = format!("{}7\n", entry.expected.trim_end());
    let forged = entry.save(&b).unwrap();
    let other = one_entry(&dir, "c", "wrong-sum-not-xor");

    // Into a fresh folder: neither side of the conflict is written, the rest is.
    let out = dir.join("out");
    let merge = harness(&[
        "corpus",
        "merge",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        other.to_str().unwrap(),
        "--corpus",
        out.to_str().unwrap(),
    ]);
    let a_file = a.join(&name).display().to_string();
    refused(
        &merge,
        1,
        &["CONFLICT", &a_file, &forged.display().to_string(), "1 conflicts"],
    );
    assert!(!out.join(&name).exists());
    assert_eq!(common::files_under(&out), common::files_under(&other));

    // Into a corpus that holds one side: it stays as it was.
    let merge = harness(&["corpus", "merge", b.to_str().unwrap(), "--corpus", a.to_str().unwrap()]);
    refused(&merge, 1, &["CONFLICT"]);
    assert_eq!(std::fs::read_to_string(a.join(&name)).unwrap(), original);

    // Identical entries merge once, quietly.
    let merge = harness(&[
        "corpus",
        "merge",
        a.to_str().unwrap(),
        a.to_str().unwrap(),
        "--corpus",
        out.to_str().unwrap(),
    ]);
    assert_eq!(merge.status.code(), Some(0), "{}", text(&merge));
    assert!(text(&merge).contains("1 written, 1 duplicates"), "{}", text(&merge));
    assert_eq!(common::files_under(&out).len(), 2);
}

/// A summary of a short run with these options.
fn summary(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let file = dir.join(name);
    let mut all = vec![
        "--config",
        "tree",
        "--cases",
        "300",
        "--summary",
        file.to_str().unwrap(),
    ];
    all.extend(args);
    let out = harness(&all);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    file
}

#[test]
fn summaries_of_different_runs_or_the_same_shard_twice_are_refused() {
    let dir = scratch("scale-summaries");
    let one = summary(&dir, "one.json", &["--shard", "1/2"]);
    let two = summary(&dir, "two.json", &["--shard", "2/2"]);
    let other_seed = summary(&dir, "seed.json", &["--shard", "2/2", "--seed", "9"]);
    let other_config = summary(&dir, "config.json", &["--shard", "2/2", "--set", "n=[2,5]"]);
    let merge = |files: &[&Path]| {
        let mut args = vec!["summary", "merge"];
        args.extend(files.iter().map(|f| f.to_str().unwrap()));
        harness(&args)
    };
    let ok = merge(&[&one, &two]);
    assert_eq!(ok.status.code(), Some(0), "{}", text(&ok));
    let merged: serde_json::Value = serde_json::from_slice(&ok.stdout).unwrap();
    assert_eq!(merged["covered_below"], 300);
    assert_eq!(
        merged["checked"].as_u64().unwrap() + merged["skipped"].as_u64().unwrap(),
        300
    );
    assert!(
        text(&ok).contains("2 shards of 2: cases 0..300 covered"),
        "{}",
        text(&ok)
    );

    refused(
        &merge(&[&one, &other_seed]),
        2,
        &["different runs", "`seed` is 1 in one and 9", "seed.json"],
    );
    refused(&merge(&[&one, &other_config]), 2, &["different runs", "config"]);
    refused(
        &merge(&[&one, &one]),
        2,
        &["shard 1/2 is in both", "count its cases twice"],
    );
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "{\"cases\": 3}").unwrap();
    refused(&merge(&[&one, &junk]), 2, &["junk.json: not a run summary"]);
    // A lone shard of two covers no complete range, and says which is missing.
    let lone = merge(&[&one]);
    assert!(text(&lone).contains("missing 2/2"), "{}", text(&lone));
}
