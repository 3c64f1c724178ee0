//! A problem made only of programs (`examples/euclid/`): found, shrunk by each
//! layer alone and by all together, replayed, the same on any thread count and
//! across shards; and every kind of broken program is a clear error that stores
//! nothing. The example runs as written (in Python) where its own programs are
//! the point; elsewhere its twin with the same programs compiled
//! (`tests/fixtures/game_problems/euclid.rs`), since a shrink makes hundreds of runs.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::common;

const PROBLEM: &str = "examples/euclid/euclid.toml";

/// A role of the compiled euclid programs as a command: `gen`, `brute`, `sol`, `wrong`, `val`.
pub(crate) fn fx(role: &str) -> String {
    format!("{} euclid {role}", env!("CARGO_BIN_EXE_game-problems-fixture"))
}

/// The wrong solution, compiled.
fn wrong() -> String {
    fx("wrong")
}

/// The euclid example's problem file in a folder of its own, with its spec and samples, running
/// the compiled programs.
fn compiled() -> &'static str {
    static FILE: OnceLock<String> = OnceLock::new();
    FILE.get_or_init(|| compiled_euclid("own-problem-compiled", |t| t))
}

/// The euclid example in the scratch folder `name`, its programs compiled, its file passed
/// through `edit`: the problem file's path.
pub(crate) fn compiled_euclid(name: &str, edit: impl Fn(String) -> String) -> String {
    let ex = common::workspace().join("examples/euclid");
    let dir = common::scratch(name);
    let mut toml = std::fs::read_to_string(ex.join("euclid.toml")).unwrap();
    for role in ["gen", "brute", "sol", "val"] {
        toml = toml.replace(&format!("python3 {role}.py"), &fx(role));
    }
    let toml = edit(toml);
    assert!(!toml.contains("python3"), "a program left in Python: {toml}");
    std::fs::write(dir.join("euclid.toml"), toml).unwrap();
    std::fs::copy(ex.join("euclid.ctd"), dir.join("euclid.ctd")).unwrap();
    std::fs::create_dir_all(dir.join("samples")).unwrap();
    std::fs::copy(ex.join("samples/1.in"), dir.join("samples/1.in")).unwrap();
    dir.join("euclid.toml").to_str().unwrap().to_string()
}

/// Shrinking runs to its fixpoint however loaded the machine is: a deadline
/// would make what it reaches depend on the machine's speed.
const LONG: &str = "--shrink-seconds=3000";

/// Runs the harness on `config` with its corpus in a fresh scratch folder:
/// the exit code, the entries, everything printed, and the corpus folder.
fn run(tag: &str, config: &str, args: &[&str]) -> (Option<i32>, Vec<engine::corpus::Entry>, String, PathBuf) {
    let dir = common::scratch(&format!("own-problem-{tag}"));
    let corpus = dir.join("corpus");
    let mut all = vec!["--config", config, "--corpus", corpus.to_str().unwrap()];
    all.extend_from_slice(args);
    let out = common::harness(&all);
    let entries = if corpus.exists() {
        common::entries(&corpus)
    } else {
        vec![]
    };
    (out.status.code(), entries, common::text(&out), corpus)
}

/// The wrong solution caught on euclid, shrunk by `layers`: its one entry.
fn caught(layers: &str) -> (engine::corpus::Entry, String) {
    let tag = format!("layers-{}", layers.replace(',', "-"));
    let (code, entries, text, _) = run(
        &tag,
        compiled(),
        &["--solver-cmd", &wrong(), "--shrink-layers", layers, LONG],
    );
    assert_eq!(code, Some(1), "{text}");
    assert_eq!(entries.len(), 1, "{text}");
    let e = entries.into_iter().next().unwrap();
    assert_eq!(e.problem, "euclid");
    assert_eq!(e.solver, Some(format!("cmd:{}", wrong())));
    assert_eq!(e.verdict, "mismatch");
    (e, text)
}

/// `1`, then one pair `a b`: the input of one case.
fn one_pair(input: &str) -> (u64, u64) {
    let nums: Vec<u64> = input.split_whitespace().map(|t| t.parse().unwrap()).collect();
    assert_eq!(nums.len(), 3, "{input}");
    assert_eq!(nums[0], 1, "{input}");
    (nums[1], nums[2])
}

#[test]
fn the_spec_layer_alone_drops_cases_and_lowers_values_to_the_smallest_input() {
    let (e, text) = caught("spec");
    assert_eq!(e.input, "1\n2 2\n", "{text}");
    assert_eq!(e.expected.trim(), "2");
    assert!(
        text.contains("to 1 case, 3 tokens")
            && text.contains("by layer: spec: ")
            && text.contains(" → 1 case, 3 tokens in "),
        "{text}"
    );
}

#[test]
fn the_text_layer_alone_shrinks_a_count_prefixed_input_to_the_smallest() {
    let (e, text) = caught("text");
    assert_eq!(e.input, "1\n2 2\n", "{text}");
    assert!(text.contains("by layer: text: "), "{text}");
}

#[test]
fn the_gen_layer_alone_finds_one_small_case_through_the_generator() {
    let (e, text) = caught("gen");
    // The generator draws pairs at random: lowering `t` and `max` (with other seeds at
    // each value) keeps a failing draw, one case of two small even numbers; how small
    // depends on the draws, as it would for a setter doing this by hand.
    let (a, b) = one_pair(&e.input);
    assert!(a % 2 == 0 && b % 2 == 0 && a <= 6 && b <= 6, "{text}");
    assert!(text.contains("by layer: gen: "), "{text}");
}

#[test]
fn all_layers_together_reach_the_smallest_input_and_say_what_each_did() {
    let (e, text) = caught("gen,spec,text");
    assert_eq!(e.input, "1\n2 2\n", "{text}");
    let origin = e.origin.unwrap();
    assert!(origin.shrunk_from.unwrap().ends_with(" tokens"));
    assert!(
        text.contains("by layer: gen: ") && text.contains("; spec: ") && text.contains("; text: nothing smaller"),
        "{text}"
    );
    assert!(text.contains(&format!(
        "harness gen --config {} --seed 1 --case {}",
        compiled(),
        origin.case.unwrap()
    )));
}

#[test]
fn shrinking_asks_brute_once_per_input() {
    // Layers and levels propose the same text again (a small value drawn with other seeds, a
    // level tried after a step): each would cost a validator, brute and contender run.
    let logged = format!(
        "f=$(mktemp)\ncat > \"$f\"\nmd5sum < \"$f\" >> answered.log\n{} < \"$f\"\nrm -f \"$f\"\n",
        fx("brute")
    );
    let config = euclid_with("memo", &[("brute", "\"sh logged.sh\"")], &[("logged.sh", &logged)]);
    let (code, entries, text, _) = run("memo", &config, &["--solver-cmd", &wrong(), "--cases", "1", LONG]);
    assert_eq!(code, Some(1), "{text}");
    assert_eq!(entries.len(), 1, "{text}");
    let log = std::fs::read_to_string(Path::new(&config).with_file_name("answered.log")).unwrap();
    let answered: Vec<&str> = log.lines().collect();
    let distinct: std::collections::BTreeSet<&str> = answered.iter().copied().collect();
    assert!(answered.len() > 5, "{log}");
    assert_eq!(
        answered.len(),
        distinct.len(),
        "an input answered twice:\n{log}\n{text}"
    );
}

#[test]
fn the_right_solution_passes() {
    let (code, entries, text, _) = run("right", PROBLEM, &["--cases", "12"]);
    assert_eq!(code, Some(0), "{text}");
    assert!(entries.is_empty());
    assert!(text.contains("euclid: 12 cases checked, 0 skipped"), "{text}");
}

#[test]
fn the_corpus_replays_with_the_problems_programs() {
    let (code, entries, text, corpus) = run("replay", compiled(), &["--solver-cmd", &wrong(), "--no-shrink"]);
    assert_eq!((code, entries.len()), (Some(1), 1), "{text}");
    let check = |corpus: &Path| {
        common::harness(&[
            "corpus",
            "check",
            "--config",
            compiled(),
            "--corpus",
            corpus.to_str().unwrap(),
        ])
    };
    let out = check(&corpus);
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
    assert!(common::text(&out).contains("1 ok, 0 failed"));
    // A stored answer brute no longer gives fails the replay.
    let path = engine::corpus::entry_paths(&corpus).unwrap().remove(0);
    let mut entry = engine::corpus::Entry::load(&path).unwrap();
    entry.expected = "0\n".repeat(entry.input.lines().count() - 1);
    entry.save(&corpus).unwrap();
    let out = check(&corpus);
    assert_eq!(out.status.code(), Some(1), "{}", common::text(&out));
    assert!(
        common::text(&out).contains("brute now answers"),
        "{}",
        common::text(&out)
    );
}

#[test]
fn the_corpus_is_the_same_on_one_thread_and_on_two() {
    let bytes = |threads: &str| {
        let (code, _, text, corpus) = run(
            &format!("threads-{threads}"),
            compiled(),
            &["--solver-cmd", &wrong(), "--shrink-layers", "spec", LONG, "-j", threads],
        );
        assert_eq!(code, Some(1), "{text}");
        let paths = engine::corpus::entry_paths(&corpus).unwrap();
        let names: Vec<PathBuf> = paths
            .iter()
            .map(|p| p.strip_prefix(&corpus).unwrap().to_path_buf())
            .collect();
        let contents: Vec<Vec<u8>> = paths.iter().map(|p| std::fs::read(p).unwrap()).collect();
        (names, contents)
    };
    assert_eq!(bytes("1"), bytes("2"));
}

#[test]
fn two_shards_merge_to_the_corpus_and_summary_of_one_process() {
    let sums = common::scratch("own-problem-shards-summaries");
    let summary = |name: &str| sums.join(name).to_str().unwrap().to_string();
    let wrong = wrong();
    let args = ["--solver-cmd", &wrong, "--keep-going", "--no-shrink", "--cases", "12"];
    let one = summary("one.json");
    let mut with = args.to_vec();
    with.extend(["--summary", &one]);
    let (code, single, text, _) = run("shards-one", compiled(), &with);
    assert_eq!(code, Some(1), "{text}");
    assert!(single.len() > 3, "{text}");
    let merged = common::scratch("own-problem-shards-merged");
    let mut sources = Vec::new();
    let mut summaries = Vec::new();
    for k in ["1/2", "2/2"] {
        let file = summary(&format!("shard-{}.json", &k[..1]));
        let mut with = args.to_vec();
        with.extend(["--shard", k, "--summary", &file]);
        let (code, _, text, corpus) = run(&format!("shard-{}", &k[..1]), compiled(), &with);
        assert_eq!(code, Some(1), "{text}");
        sources.push(corpus.to_str().unwrap().to_string());
        summaries.push(file);
    }
    let mut merge = vec!["corpus", "merge", "--corpus", merged.to_str().unwrap()];
    merge.extend(sources.iter().map(String::as_str));
    let out = common::harness(&merge);
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
    let mut a = common::entries(&merged);
    let mut b = single;
    a.sort_by_key(|e| e.file_name());
    b.sort_by_key(|e| e.file_name());
    assert_eq!(a, b);
    let mut merge = vec!["summary", "merge"];
    merge.extend(summaries.iter().map(String::as_str));
    let out = common::harness(&merge);
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
    let merged: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let single: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&one).unwrap()).unwrap();
    for key in ["covered_below", "checked", "verdicts", "entries_written", "entries"] {
        assert_eq!(merged[key], single[key], "summary key `{key}`");
    }
    assert_eq!(single["covered_below"], 12);
}

#[test]
fn gen_prints_a_case_the_same_way_every_time() {
    let case = |k: &str| {
        let out = common::harness(&["gen", "--config", PROBLEM, "--case", k]);
        assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
        String::from_utf8(out.stdout).unwrap()
    };
    let three = case("3");
    assert_eq!(three, case("3"));
    assert_ne!(three, case("4"));
    let t: usize = three.lines().next().unwrap().parse().unwrap();
    assert_eq!(three.lines().count(), t + 1, "{three}");
}

/// A problem folder whose file is `toml` (with `{ex}` standing for the euclid folder).
fn problem(tag: &str, toml: &str, files: &[(&str, &str)]) -> String {
    let dir = common::scratch(&format!("own-problem-file-{tag}"));
    let ex = common::workspace().join("examples/euclid");
    std::fs::write(dir.join("p.toml"), toml.replace("{ex}", ex.to_str().unwrap())).unwrap();
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    dir.join("p.toml").to_str().unwrap().to_string()
}

/// A euclid problem file, its programs compiled, with `[problem]` keys replaced or added.
fn euclid_with(tag: &str, keys: &[(&str, &str)], files: &[(&str, &str)]) -> String {
    let mut table = vec![
        ("name", "\"mine\"".to_string()),
        ("gen", format!("\"{} {{seed}} {{t}} {{max}}\"", fx("gen"))),
        ("brute", format!("\"{}\"", fx("brute"))),
        ("validator", format!("\"{}\"", fx("val"))),
        ("cases", "10".to_string()),
    ];
    for (k, v) in keys {
        table.retain(|(key, _)| key != k);
        if !v.is_empty() {
            table.push((k, v.to_string()));
        }
    }
    let body: String = table.iter().map(|(k, v)| format!("{k} = {v}\n")).collect();
    problem(
        tag,
        &format!("[problem]\n{body}\n[gen]\nt = [1, 3]\nmax = [1, 20]\n"),
        files,
    )
}

/// Runs a broken problem: exit 2, the words `says` in the message, nothing stored.
fn refused(tag: &str, config: &str, says: &[&str]) {
    let (code, entries, text, corpus) = run(tag, config, &["--solver-cmd", &fx("sol")]);
    assert_eq!(code, Some(2), "{text}");
    for s in says {
        assert!(text.contains(s), "`{s}` not in: {text}");
    }
    assert!(entries.is_empty() && !corpus.exists(), "{text}");
}

#[test]
fn problem_files_with_bad_keys_names_or_placeholders_are_refused_with_their_place() {
    refused(
        "unknown-key",
        &euclid_with("unknown-key", &[("solver", "\"x\"")], &[]),
        &["p.toml", "line 7", "unknown field `solver`"],
    );
    for (tag, name) in [
        ("dots", "\"../up\""),
        ("slash", "\"a/b\""),
        ("builtin", "\"nim\""),
        // Interactive problems have corpus folders too.
        ("interactive", "\"nim-interactive\""),
    ] {
        refused(tag, &euclid_with(tag, &[("name", name)], &[]), &["[problem] `name`"]);
    }
    refused(
        "placeholder",
        &euclid_with(
            "placeholder",
            &[("gen", "\"python3 {ex}/gen.py {seed} {t} {top}\"")],
            &[],
        ),
        &["placeholder `{top}` has no [gen] key", "keys now: t, max"],
    );
    refused(
        "range",
        &problem(
            "range",
            "[problem]\nname = \"x\"\ngen = \"echo 1\"\nbrute = \"cat\"\n[gen]\nn = [5, 1]\n",
            &[],
        ),
        &["p.toml:6: [gen] `n`", "empty"],
    );
}

#[test]
fn a_spec_that_does_not_parse_is_refused_with_its_line_and_column() {
    let spec = "INT(1, 100, t) NEWLINE\nREP(t INT(1, 9, a) END\n";
    let config = euclid_with("spec", &[("spec", "\"in.ctd\"")], &[("in.ctd", spec)]);
    refused("spec", &config, &["in.ctd:2:7: expected `)`, found `INT`"]);
}

#[test]
fn broken_generators_validators_and_brutes_stop_the_run_and_store_nothing() {
    let nondeterministic = "import random\nprint(1)\nprint(random.randint(1, 10**9), 1)\n";
    for (tag, keys, files, says) in [
        (
            "gen-fails",
            vec![("gen", "\"python3 -c 'import sys; sys.exit(3)' {seed} {t} {max}\"")],
            vec![],
            vec!["case 0 of seed 1", "failed (exit code 3)", "harness gen --config"],
        ),
        (
            "gen-silent",
            vec![("gen", "\"true {seed} {t} {max}\"")],
            vec![],
            vec!["printed nothing"],
        ),
        (
            "gen-random",
            vec![("gen", "\"python3 rand.py {seed} {t} {max}\"")],
            vec![("rand.py", nondeterministic)],
            vec!["not deterministic"],
        ),
        (
            "invalid",
            vec![("validator", "\"python3 -c 'import sys; sys.exit(43)'\"")],
            vec![],
            vec!["not valid, a bug of the generator", "exit code 43"],
        ),
        (
            "brute-crash",
            vec![("brute", "\"python3 -c 'import sys; sys.exit(1)'\"")],
            vec![],
            vec!["brute gives no answer", "exit code 1"],
        ),
    ] {
        refused(tag, &euclid_with(tag, &keys, &files), &says);
    }
}

#[test]
fn a_crashing_solver_is_a_verdict_and_a_slow_brute_skips() {
    let crash = "import sys\nsys.stdin.read()\nsys.exit(7)\n";
    let config = euclid_with("crash", &[("cases", "3")], &[("crash.py", crash)]);
    let dir = Path::new(&config).parent().unwrap().join("crash.py");
    let cmd = format!("python3 {}", dir.display());
    let (code, entries, text, _) = run("crash", &config, &["--solver-cmd", &cmd, "--no-shrink"]);
    assert_eq!((code, entries.len()), (Some(1), 1), "{text}");
    assert_eq!(entries[0].verdict, "crash");
    let slow = euclid_with(
        "slow",
        &[("brute", "\"sleep 5\""), ("brute_time_limit_ms", "200"), ("cases", "2")],
        &[],
    );
    let (code, entries, text, _) = run("slow", &slow, &["--solver-cmd", &fx("sol")]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        entries.is_empty()
            && text.contains("nothing was checked: all 2 cases were skipped (brute over its time limit)"),
        "{text}"
    );
}

#[test]
fn without_a_generator_the_spec_generates_and_validates_and_a_checker_judges() {
    let spec = "INT(1, 3, t) NEWLINE\nREP(t)\n  INT(1, 20, a) SPACE INT(1, 20, b) NEWLINE\nEND\n";
    let checker = common::workspace().join("harness/tests/solver_scripts/token_checker.py");
    let config = euclid_with(
        "spec-gen",
        &[
            ("gen", ""),
            ("validator", ""),
            ("spec", "\"in.ctd\""),
            ("checker", &format!("\"python3 {}\"", checker.display())),
            ("cases", "20"),
        ],
        &[("in.ctd", spec)],
    );
    let out = common::harness(&["gen", "--config", &config, "--case", "5"]);
    let input = String::from_utf8(out.stdout).unwrap();
    let t: usize = input.lines().next().unwrap().parse().unwrap();
    assert!((1..=3).contains(&t) && input.lines().count() == t + 1, "{input}");
    let (code, entries, text, _) = run("spec-gen-right", &config, &["--solver-cmd", &fx("sol")]);
    assert_eq!((code, entries.len()), (Some(0), 0), "{text}");
    let (code, entries, text, _) = run(
        "spec-gen-wrong",
        &config,
        &["--solver-cmd", &wrong(), "--shrink-layers", "spec", LONG],
    );
    assert_eq!((code, entries.len()), (Some(1), 1), "{text}");
    assert_eq!(entries[0].input, "1\n2 2\n", "{text}");
    assert!(
        entries[0]
            .detail
            .as_deref()
            .unwrap()
            .starts_with("checker: wrong answer"),
        "{text}"
    );
}

#[test]
fn options_that_do_not_apply_are_refused() {
    for (args, says) in [
        (
            vec!["--config", PROBLEM, "--solver", "fast"],
            "--solver applies to built-in problems",
        ),
        (
            vec!["--config", PROBLEM, "--shrink-layers", "gen,lines"],
            "`lines` is no shrinking layer",
        ),
        (
            vec!["--config", "tree", "--shrink-layers", "gen"],
            "--shrink-layers applies to problem files",
        ),
        (
            vec!["gen", "--config", PROBLEM, "--count", "2"],
            "inputs are one case each",
        ),
    ] {
        let out = common::harness(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", common::text(&out));
        assert!(common::text(&out).contains(says), "{args:?}: {}", common::text(&out));
    }
}

/// A problem file takes your own oracle as a built-in problem does: `--brute-cmd` answers
/// instead of its brute, the entry says so, and an oracle that fails stops the run.
#[test]
fn your_own_oracle_answers_for_a_problem_file() {
    let oracle = fx("sol");
    let (code, entries, text, _) = run(
        "brute-cmd",
        compiled(),
        // Unshrunk: what the oracle is called is the point here, and shrinking is tested above.
        &["--solver-cmd", &wrong(), "--brute-cmd", &oracle, "--no-shrink"],
    );
    assert_eq!(code, Some(1), "{text}");
    assert_eq!(entries.len(), 1, "{text}");
    assert_eq!(
        entries[0].oracle.as_deref(),
        Some(format!("cmd:{oracle}").as_str()),
        "{text}"
    );
    assert!(text.contains(&format!("expected (cmd:{oracle})")), "{text}");
    let (code, entries, text, _) = run(
        "brute-cmd-broken",
        compiled(),
        &["--solver-cmd", &wrong(), "--brute-cmd", "sh -c 'exit 4'"],
    );
    assert_eq!(code, Some(2), "{text}");
    assert!(entries.is_empty() && text.contains("no expected answer"), "{text}");
}

/// A find always wins: a generator failing on a later case, or a summary that cannot be written,
/// ends the run with exit 1 and every entry already saved named, never "nothing was stored".
#[test]
fn a_program_failing_after_finds_keeps_them_and_the_run_still_fails() {
    let flaky = format!(
        "if [ $(($1 % 5)) -eq 0 ]; then echo 'no case from this seed' >&2; exit 1; fi\nexec {} \"$@\"\n",
        fx("gen")
    );
    let config = euclid_with(
        "flaky-gen",
        &[("gen", "\"sh flaky.sh {seed} {t} {max}\""), ("cases", "40")],
        &[("flaky.sh", &flaky)],
    );
    let dir = common::scratch("own-problem-flaky-summary");
    let summary = dir.join("s.json");
    let (code, entries, text, corpus) = run(
        "flaky-gen",
        &config,
        &[
            "--solver-cmd",
            &wrong(),
            "--keep-going",
            "--no-shrink",
            "--summary",
            summary.to_str().unwrap(),
        ],
    );
    assert_eq!(code, Some(1), "{text}");
    assert!(!entries.is_empty(), "{text}");
    assert!(
        text.contains("no case from this seed") && text.contains("this case was not checked"),
        "{text}"
    );
    assert!(text.contains("the counterexamples found before it are kept"), "{text}");
    assert!(!text.contains("nothing was stored"), "{text}");
    let record: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&summary).unwrap()).unwrap();
    assert_eq!(record["shards"][0]["stopped_by"], "broken", "{record}");
    assert_eq!(
        record["entries"].as_array().map(Vec::len),
        Some(entries.len()),
        "{record}"
    );
    for e in &entries {
        let name = e.file_name().display().to_string();
        assert!(text.contains(&name), "{name} not named in {text}");
    }
    assert!(corpus.exists());

    // A summary that cannot be written after a find: still exit 1, the find printed.
    std::fs::write(dir.join("file"), "").unwrap();
    let unwritable = dir.join("file/s.json");
    let (code, entries, text, _) = run(
        "unwritable-summary",
        compiled(),
        &[
            "--solver-cmd",
            &wrong(),
            "--no-shrink",
            "--summary",
            unwritable.to_str().unwrap(),
        ],
    );
    assert_eq!(code, Some(1), "{text}");
    assert_eq!(entries.len(), 1, "{text}");
    assert!(text.contains("the summary was not written"), "{text}");
}

/// Bytes that are not UTF-8 are never converted on their way between programs: a generator or
/// brute printing them stops the run, naming the byte.
#[test]
fn a_program_printing_bytes_that_are_not_text_stops_the_run() {
    // With arguments it is a generator; without, brute reading the input.
    let bytes =
        "import sys\nif len(sys.argv) == 1:\n    sys.stdin.read()\nsys.stdout.buffer.write(b'1\\n1 \\xff\\n')\n";
    for (key, command) in [
        ("gen", "\"python3 bytes.py {seed} {t} {max}\""),
        ("brute", "\"python3 bytes.py\""),
    ] {
        let tag = format!("not-utf8-{key}");
        let config = euclid_with(&tag, &[(key, command)], &[("bytes.py", bytes)]);
        let (code, entries, text, _) = run(&tag, &config, &["--solver-cmd", &fx("sol")]);
        assert_eq!(code, Some(2), "{key}: {text}");
        assert!(entries.is_empty(), "{key}: {text}");
        assert!(
            text.contains("printed bytes that are not UTF-8") && text.contains("byte 5 (line 2)"),
            "{key}: {text}"
        );
    }
}
