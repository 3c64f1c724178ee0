//! `--exhaustive`: every instance within the `[gen]` ranges, smallest first,
//! with a certificate at the end; the first failure is a smallest one, and
//! it is the smallest counterexample proven by the exhaustive tests of
//! solvers/tests for each deliberately wrong solver.

use crate::common;
use crate::own_structural::splitting;

/// Runs `config` with `solver` exhaustively over `sets` into a scratch
/// corpus: the exit code, the output, and the entries written.
fn exhaustive(
    config: &str,
    solver: &str,
    sets: &[&str],
    extra: &[&str],
) -> (Option<i32>, String, Vec<engine::corpus::Entry>) {
    let dir = common::scratch(&format!("exhaustive-{config}-{solver}"));
    let mut args = vec![
        "--config",
        config,
        "--solver",
        solver,
        "--exhaustive",
        "--corpus",
        dir.to_str().unwrap(),
    ];
    for set in sets {
        args.extend(["--set", set]);
    }
    args.extend(extra);
    let out = common::harness(&args);
    (out.status.code(), common::text(&out), common::entries(&dir))
}

#[test]
fn every_rooted_tree_is_checked_and_certified() {
    let (code, text, entries) = exhaustive("tree", "fast", &["n=[1,10]"], &[]);
    assert_eq!(code, Some(0), "{text}");
    // A000081: 1 1 2 4 9 20 48 115 286 719 rooted trees of 1 to 10 vertices.
    assert!(
        text.contains(
            "verified: tree-game, every rooted tree with 1 to 10 vertices (1 205 instances, up to isomorphism), \
             fast agrees with brute"
        ),
        "{text}"
    );
    assert!(text.contains("1205 cases checked"), "{text}");
    assert!(entries.is_empty());
}

#[test]
fn the_first_failure_is_the_proven_smallest_counterexample() {
    // (config, wrong solver, bounds, the smallest counterexample proven in solvers/tests).
    let table: &[(&str, &str, &[&str], &str)] = &[
        (
            "multigraph",
            "wrong-ignore-loops",
            &["n=[1,4]", "m=[0,4]"],
            "1 1\n1 1\n",
        ),
        (
            "multigraph",
            "wrong-sum-not-xor",
            &["n=[1,4]", "m=[0,4]"],
            "2 2\n1 1\n1 2\n",
        ),
        (
            "multigraph",
            "wrong-cycles-even",
            &["n=[1,4]", "m=[0,4]"],
            "2 3\n1 2\n1 2\n1 2\n",
        ),
        ("tree", "wrong-sum-not-xor", &["n=[1,6]"], "1\n3\n1 2\n1 3\n"),
        (
            "cactus",
            "wrong-cycles-even",
            &["n=[1,4]", "graphs=[1,1]"],
            "1\n3 3\n1 2\n1 3\n2 3\n",
        ),
        (
            "jiangnan-le",
            "wrong-halves-only",
            &["t=[1,1]", "n=[1,2]", "f=[1,3]", "a=[1,4]"],
            "1 1\n1 3\n",
        ),
        (
            "jiangnan-le",
            "wrong-strict-bound",
            &["t=[1,1]", "n=[1,2]", "f=[1,3]", "a=[1,4]"],
            "1 2\n1 2\n",
        ),
        (
            "octal-game",
            "wrong-no-splits",
            &["heaps=[1,1]", "n=[0,4]", "digits=[1,2]"],
            "0.4\n1\n3\n",
        ),
        // Shrinking stops at 0.4 with a heap of 3 (no bit of 0.4 is 0.2); enumeration meets 0.2 first.
        (
            "octal-game",
            "wrong-early-period",
            &["heaps=[1,1]", "n=[0,4]", "digits=[1,2]"],
            "0.2\n1\n2\n",
        ),
        (
            "fox-card-game",
            "wrong-unsorted-middles",
            &["n=[1,2]", "s=[1,2]", "values=[1,3]"],
            "2\n1 1\n1 2\n",
        ),
        (
            "choosing-carrot",
            "wrong-middle-survives",
            &["n=[1,3]", "values=[1,2]"],
            "3\n1 2 1\n",
        ),
        (
            "candy-piles",
            "wrong-row-arm-only",
            &["n=[1,2]", "values=[1,3]"],
            "2\n1 1\n",
        ),
        (
            "bunny-egg",
            "wrong-matched-once",
            &["n=[1,1]", "m=[1,3]", "k=[1,2]"],
            "1 3\n.OX\n1\n1 2\n1 3\n",
        ),
        ("nullify-matrix", "wrong-main-diagonals", &[], "1\n2 2\n0 1\n1 0\n"),
    ];
    for (config, solver, sets, smallest) in table {
        let (code, text, entries) = exhaustive(config, solver, sets, &[]);
        assert_eq!(code, Some(1), "{config} {solver}:\n{text}");
        assert!(
            text.contains("not verified:") && text.contains("is a smallest one"),
            "{text}"
        );
        assert!(!text.contains("shrinking"), "nothing is shrunk:\n{text}");
        let [entry] = entries.as_slice() else {
            panic!("{config} {solver}: one entry, not {}:\n{text}", entries.len())
        };
        assert_eq!(&entry.input, smallest, "{config} {solver}");
        let origin = entry.origin.as_ref().expect("an origin");
        assert_eq!(origin.seed, None, "no seed made it");
        let note = origin.note.as_deref().unwrap_or_default();
        assert!(note.starts_with("exhaustive run: instance "), "{note}");
    }
}

#[test]
fn shards_split_the_enumeration_and_their_summaries_add_up() {
    let dir = common::scratch("exhaustive-shards");
    let mut files = Vec::new();
    for k in 1..=3 {
        let file = dir.join(format!("{k}.json"));
        let shard = format!("{k}/3");
        let out = common::harness(&[
            "--config",
            "nim",
            "--exhaustive",
            "--set",
            "n=[1,3]",
            "--set",
            "values=[0,6]",
            "--shard",
            &shard,
            "--summary",
            file.to_str().unwrap(),
            "--corpus",
            dir.join("corpus").to_str().unwrap(),
        ]);
        let text = common::text(&out);
        assert_eq!(out.status.code(), Some(0), "{text}");
        assert!(text.contains(&format!("verified shard {k}/3: nim, ")), "{text}");
        files.push(file);
    }
    let mut args = vec!["summary", "merge"];
    args.extend(files.iter().map(|f| f.to_str().unwrap()));
    let out = common::harness(&args);
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out));
    let merged: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Multisets of 1 to 3 piles of 0 to 6 stones: C(7,1) + C(8,2) + C(9,3) = 7 + 28 + 84.
    assert_eq!(merged["cases_run"], 119, "{merged}");
    assert_eq!(merged["covered_below"], 119, "{merged}");
    let record = &merged["run"]["exhaustive"];
    assert_eq!(record["exhaustive"], true, "{merged}");
    assert_eq!(record["instances"], 119, "{merged}");
    assert_eq!(record["bounds"][0]["key"], "n", "{merged}");
}

#[test]
fn a_space_over_the_limit_is_refused_before_anything_runs() {
    let (code, text, _) = exhaustive("tree", "fast", &["n=[1,16]"], &["--exhaustive-limit", "1000"]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("376 464 instances, more than the limit of 1 000"),
        "{text}"
    );
    assert!(
        text.contains("lower `n` = [1, 16]") && text.contains("--exhaustive-limit"),
        "{text}"
    );
    assert!(!text.contains("cases checked"), "{text}");
}

#[test]
fn interactive_positions_are_each_played_against_the_jury() {
    let (code, text, _) = exhaustive("nim-interactive", "right", &["n=[1,2]", "values=[0,3]"], &[]);
    assert_eq!(code, Some(0), "{text}");
    // Multisets of 1 or 2 piles of 0 to 3 stones: 4 + 10.
    assert!(
        text.contains("verified: nim-interactive, every nim position of 1 to 2 piles of 0 to 3 stones (14 instances"),
        "{text}"
    );
    assert!(text.contains("won every game against the perfect jury"), "{text}");
}

#[test]
fn a_problem_file_enumerates_every_input_its_spec_accepts() {
    let dir = common::scratch("exhaustive-euclid");
    let corpus = dir.join("corpus");
    let run = |extra: &[&str]| {
        let mut args = vec![
            "--config",
            "examples/euclid/euclid.toml",
            "--exhaustive",
            "--corpus",
            corpus.to_str().unwrap(),
            "--set",
            "t=[1,1]",
            "--set",
            "b=[1,2]",
        ];
        args.extend(extra);
        common::harness(&args)
    };
    // `a` bounds nothing in [gen]: the spec's INT(1, 1000000000, a) is not enumerable without it.
    let out = run(&[]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(
        text.contains("INT(1, 1000000000, a) has no [gen] key `a`") && text.contains("--set a="),
        "{text}"
    );

    let out = run(&["--set", "a=[1,2]"]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains(
            "verified: euclid, every input euclid.ctd accepts with a = 1 to 2, b = 1 to 2, t = 1 to 1 (4 instances"
        ),
        "{text}"
    );

    // wrong.py forgets a common factor of 2: `2 2` is the first input that has one.
    let out = run(&["--set", "a=[1,2]", "--solver-cmd", "python3 examples/euclid/wrong.py"]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let entries = common::entries(&corpus);
    let [entry] = entries.as_slice() else {
        panic!("one entry:\n{text}")
    };
    assert_eq!(entry.input, "1\n2 2\n");
    assert!(entry
        .origin
        .as_ref()
        .unwrap()
        .note
        .as_deref()
        .unwrap()
        .contains("exhaustive run"));

    // Outside an exhaustive run a key no [gen] table has is a typo.
    let out = common::harness(&[
        "--config",
        "examples/euclid/euclid.toml",
        "--set",
        "a=[1,2]",
        "--cases",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(common::text(&out).contains("--set a: "), "{}", common::text(&out));
}

/// `harness list` says what each problem's main config enumerates and whether symmetry classes
/// count once, naming the families that cannot remove theirs.
#[test]
fn list_says_what_each_problem_enumerates_and_which_count_every_labelling() {
    let text = common::text(&common::harness(&["list"]));
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with("exhaustive: "))
        .collect();
    assert_eq!(lines.len(), games::CATALOG.problems.len(), "{text}");
    let of = |problem: &str| {
        let at = text.find(&format!("  {problem} ")).unwrap();
        text[at..]
            .lines()
            .find(|l| l.trim_start().starts_with("exhaustive: "))
            .unwrap()
    };
    assert!(
        of("tree-game").ends_with("every rooted tree with 1 to 16 vertices, up to isomorphism"),
        "{text}"
    );
    assert!(of("nim").ends_with(", as multisets"), "{text}");
    assert!(
        of("bunny-egg").ends_with("labelled: counts each instance once per labelling"),
        "{text}"
    );
}

/// Grundy's game (the game-problems fixture) as a problem file in a scratch folder, its spec's
/// heaps marked `#@multiset heaps` (the game is a sum), with `keys` added to `[problem]`.
fn splitting_file(name: &str, keys: &str, files: &[(&str, &str)]) -> (std::path::PathBuf, String) {
    let dir = common::scratch(&format!("exhaustive-{name}"));
    let fixture = shlex::try_quote(env!("CARGO_BIN_EXE_game-problems-fixture"))
        .unwrap()
        .into_owned();
    let spec = include_str!("../fixtures/game_problems/splitting.ctd")
        .replace("REP(t, SPACE)", "#@multiset heaps\nREP(t, SPACE)");
    std::fs::write(dir.join("splitting.ctd"), spec).unwrap();
    for (file, text) in files {
        std::fs::write(dir.join(file), text).unwrap();
    }
    let toml = include_str!("../fixtures/game_problems/splitting.toml")
        .replace("seed = 1\n", &format!("seed = 1\n{keys}"))
        .replace("FIXTURE", &fixture);
    let file = dir.join("splitting.toml");
    std::fs::write(&file, toml).unwrap();
    let fixture = fixture.to_string();
    (file, fixture)
}

#[test]
fn a_spec_marked_multiset_checks_each_multiset_of_heaps_once() {
    let (file, fixture) = splitting_file("multiset", "", &[]);
    let config = file.to_str().unwrap();
    let corpus = file.with_file_name("corpus");
    let run = |extra: &[&str]| {
        let mut args = vec![
            "--config",
            config,
            "--exhaustive",
            "--corpus",
            corpus.to_str().unwrap(),
            "--set",
            "t=[1,3]",
            "--set",
            "h=[1,6]",
        ];
        args.extend(extra);
        common::harness(&args)
    };
    let out = run(&[]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    // Multisets of 1 to 3 heaps of 1 to 6: C(6,1) + C(7,2) + C(8,3) = 6 + 21 + 56 (258 in every order).
    assert!(
        text.contains("every input splitting.ctd accepts with h = 1 to 6, t = 1 to 3 (83 instances, up to the order of the heaps)"),
        "{text}"
    );

    // The wrong mode's first failure is one of the fewest stones (its size is the stones less one).
    let wrong = format!("{fixture} splitting wrong");
    let out = run(&["--solver-cmd", &wrong]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let entries = common::entries(&corpus);
    let [entry] = entries.as_slice() else {
        panic!("one entry:\n{text}")
    };
    let heaps = splitting::read(&entry.input).unwrap();
    assert!(heaps.windows(2).all(|w| w[0] <= w[1]), "{heaps:?}");
    let fails = |h: &[usize]| splitting::first_wins(h) != splitting::first_wins_off_by_one(h);
    assert!(fails(&heaps));
    let stones: usize = heaps.iter().sum();
    let fewest = (1..=6)
        .flat_map(|a| (0..=6).flat_map(move |b| (0..=6).map(move |c| [a, b, c])))
        .map(|h| h.into_iter().filter(|&x| x > 0).collect::<Vec<_>>())
        .filter(|h| fails(h))
        .map(|h| h.iter().sum::<usize>())
        .min();
    assert_eq!(Some(stones), fewest, "{heaps:?}");
}

/// Every multiset of `T` heaps in `T`'s range and heaps up to `max`'s top, each input ended by a
/// NUL; `bad` prints a heap of 0 first, `fail` exits 3, `plain` forgets the NULs.
const ENUMERATOR: &str = r#"import itertools, sys
mode, tlo, thi, _, top = sys.argv[1], *map(int, sys.argv[2:6])
if mode == "fail":
    print("cannot", file=sys.stderr)
    sys.exit(3)
if mode == "bad":
    sys.stdout.write("1\n0\n\0")
for t in range(tlo, thi + 1):
    for heaps in itertools.combinations_with_replacement(range(1, top + 1), t):
        sys.stdout.write(f"{t}\n{' '.join(map(str, heaps))}\n" + ("" if mode == "plain" else "\0"))
"#;

#[test]
fn an_enumerate_command_replaces_the_spec_in_its_own_order() {
    let run = |name: &str, mode: &str, spec: bool, extra: &[&str]| {
        let keys = format!("enumerate = \"python3 all.py {mode} {{t}} {{max}}\"\n");
        let (file, fixture) = splitting_file(name, &keys, &[("all.py", ENUMERATOR)]);
        if !spec {
            let toml = std::fs::read_to_string(&file)
                .unwrap()
                .replace("spec = \"splitting.ctd\"\n", "");
            std::fs::write(&file, toml).unwrap();
        }
        let corpus = file.with_file_name("corpus");
        let mut args = vec![
            "--config",
            file.to_str().unwrap(),
            "--exhaustive",
            "--corpus",
            corpus.to_str().unwrap(),
            "--set",
            "t=[1,2]",
            "--set",
            "max=[1,6]",
        ];
        args.extend(extra);
        let wrong = format!("{fixture} splitting wrong");
        if mode == "wrong" {
            args.extend(["--solver-cmd", &wrong]);
        }
        let out = common::harness(&args);
        let entries = if corpus.exists() {
            common::entries(&corpus)
        } else {
            Vec::new()
        };
        (out.status.code(), common::text(&out), entries)
    };
    let (code, text, _) = run("enumerate", "all", true, &[]);
    assert_eq!(code, Some(0), "{text}");
    // Multisets of 1 or 2 heaps of 1 to 6, as the program lists them: 6 + 21.
    assert!(
        text.contains("every input `python3 all.py all 1 2 1 6` prints (27 instances, as the enumerator lists them)"),
        "{text}"
    );

    // In the program's order the first failure is the first single heap that fails, 3.
    let (code, text, entries) = run("enumerate-wrong", "wrong", true, &[]);
    assert_eq!(code, Some(1), "{text}");
    assert_eq!(entries.len(), 1, "{text}");
    assert_eq!(entries[0].input, "1\n3\n");

    // A key only the spec names bounds nothing the program prints.
    let (code, text, _) = run("enumerate-spec-key", "all", true, &["--set", "h=[1,2]"]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("--set h: ") && text.contains("takes [gen] keys only"),
        "{text}"
    );

    let (code, text, _) = run("enumerate-limit", "all", true, &["--exhaustive-limit", "20"]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("printed 27 inputs, more than the limit of 20; lower `t`, `max`"),
        "{text}"
    );

    for (name, mode, spec, says) in [
        (
            "enumerate-spec",
            "bad",
            true,
            "printed input 1 of 28, which the spec refuses",
        ),
        (
            "enumerate-validator",
            "bad",
            false,
            "input 1 that the enumerator `python3 all.py bad 1 2 1 6` printed is not valid",
        ),
        (
            "enumerate-fails",
            "fail",
            true,
            "gave no inputs: `python3 all.py fail 1 2 1 6` failed (exit code 3): cannot",
        ),
        ("enumerate-plain", "plain", true, "printed text after its last NUL byte"),
    ] {
        let (code, text, entries) = run(name, mode, spec, &[]);
        assert_eq!(code, Some(2), "{name}: {text}");
        assert!(text.contains(says), "{name}: {text}");
        assert!(entries.is_empty(), "{name}: {text}");
    }
}

#[test]
fn an_exhaustive_table_gives_a_verdict_per_size_over_every_instance() {
    let out = common::harness(&[
        "table",
        "--problem",
        "tree-game",
        "--vary",
        "n=1..7",
        "--exhaustive",
        "--solver",
        "fast",
        "--solver",
        "wrong-sum-not-xor",
    ]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let row = |label: &str| -> Vec<String> {
        let line = text
            .lines()
            .find(|l| l.starts_with(label))
            .unwrap_or_else(|| panic!("{text}"));
        line[label.len()..].split_whitespace().map(str::to_string).collect()
    };
    // A000081: the rooted trees of 1 to 7 vertices.
    assert_eq!(row("instances"), ["1", "1", "2", "4", "9", "20", "48"], "{text}");
    assert!(row("fast ").iter().all(|c| c == "ok"), "{text}");
    let wrong = row("wrong-sum-not-xor");
    assert_eq!(&wrong[..3], ["ok", "ok", "1*"], "{text}");
    // The first rejected tree is the proven smallest counterexample (the test above).
    assert!(
        text.contains("wrong-sum-not-xor: first rejected at n=3, on\n    1\n    3\n    1 2\n    1 3\n"),
        "{text}"
    );

    // Without --solver the defaults are checked; the other ranges are kept (nim: values 0 to 3).
    let out = common::harness(&[
        "table",
        "--problem",
        "nim",
        "--set",
        "values=[0,3]",
        "--vary",
        "n=1..3",
        "--exhaustive",
        "--format",
        "csv",
    ]);
    let text = common::text(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let counts: Vec<&str> = text.lines().skip(1).map(|l| l.split(',').nth(1).unwrap()).collect();
    // Multisets of n piles of 0 to 3 stones: C(n+3, n).
    assert_eq!(counts, ["4", "10", "20"], "{text}");
    assert!(
        text.lines().skip(1).all(|l| l.split(',').skip(2).all(|c| c == "ok")),
        "{text}"
    );
}
