//! `--exhaustive`: every instance within the `[gen]` ranges, smallest first,
//! with a certificate at the end; the first failure is a smallest one, and
//! it is the smallest counterexample proven by the exhaustive tests of
//! solvers/tests for each deliberately wrong solver.

use crate::common;

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
