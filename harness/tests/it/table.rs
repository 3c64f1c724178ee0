//! `harness table` on the problems that can pin their generators.

use crate::common;

fn table(args: &[&str]) -> (Option<i32>, String) {
    let mut all = vec!["table"];
    all.extend_from_slice(args);
    let out = common::harness(&all);
    (out.status.code(), common::text(&out))
}

#[test]
fn a_row_of_sprague_grundy_values_with_its_period() {
    // A path of n vertices is a stalk of n - 1 edges: value n - 1.
    let (code, text) = table(&["--problem", "tree-game", "--vary", "n=1..25", "--find-period"]);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.starts_with("n       1  2  3"), "{text}");
    assert!(text.contains("value   0  1  2"), "{text}");
    assert!(text.contains("period 1, saltus 1 from n=1 (pre-period 0)"), "{text}");
}

#[test]
fn a_solver_row_marks_what_the_check_rejects_and_exits_1() {
    let (code, text) = table(&[
        "--problem",
        "tree-game",
        "--set",
        "shapes=[\"star\"]",
        "--vary",
        "n=1..6",
        "--solver",
        "fast",
        "--solver",
        "wrong-sum-not-xor",
        "--format",
        "csv",
    ]);
    assert_eq!(code, Some(1), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "n,value,fast,wrong-sum-not-xor");
    // A star of two edges: 1 ^ 1 = 0 (Bob), but 1 + 1 = 2 says Alice.
    assert_eq!(lines[3], "3,0,Bob,Alice*");
    assert_eq!(lines.len(), 7);
    let (code, _) = table(&["--problem", "tree-game", "--vary", "n=1..6", "--solver", "fast"]);
    assert_eq!(code, Some(0));
}

#[test]
fn bad_tables_are_explained() {
    let cases: &[(&[&str], &str)] = &[
        (&["--problem", "tree-game", "--vary", "n=5..1"], "write 1..5"),
        (
            &["--problem", "tree-game", "--vary", "n=1..3", "--vary", "n=1..2"],
            "names `n` twice",
        ),
        (
            &[
                "--problem",
                "tree-game",
                "--vary",
                "n=1..3",
                "--vary",
                "m=1..2",
                "--find-period",
            ],
            "one-key table",
        ),
        (&["--problem", "tree-game", "--vary", "q=1..3"], "unknown field `q`"),
        (
            &[
                "--problem",
                "tree-game",
                "--set",
                "shapes=[\"random\"]",
                "--vary",
                "n=1..3",
            ],
            "no value tables",
        ),
        (
            &["--problem", "green-hackenbush", "--vary", "n=1..3"],
            "no value tables",
        ),
        (
            &["--problem", "tree-game", "--vary", "n=0..100000000"],
            "narrow the ranges",
        ),
    ];
    for (args, needle) in cases {
        let (code, text) = table(args);
        assert_eq!(code, Some(2), "{args:?}: {text}");
        assert!(text.contains(needle) && !text.contains("panicked"), "{args:?}: {text}");
    }
}

#[test]
fn wythoff_grid_as_csv() {
    let (code, text) = table(&[
        "--problem",
        "wythoff",
        "--vary",
        "a=0..20",
        "--vary",
        "b=0..20",
        "--format",
        "csv",
    ]);
    assert_eq!(code, Some(0), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "a,b,value");
    assert_eq!(lines.len(), 1 + 21 * 21);
    // The losing pairs (1, 2) and (3, 5) have value 0; g(1, 1) = 2.
    for want in ["1,2,0", "3,5,0", "5,3,0", "1,1,2"] {
        assert!(lines.contains(&want), "{want} missing");
    }
}

#[test]
fn the_issues_examples_for_the_pile_games() {
    let (code, text) = table(&[
        "--problem",
        "bash-game",
        "--set",
        "k=3",
        "--vary",
        "n=0..40",
        "--find-period",
    ]);
    assert_eq!(code, Some(0), "{text}");
    assert!(
        text.contains("period 4 from n=0 (pre-period 0); n=0..40 covers 10 periods"),
        "{text}"
    );
    // Staircase Nim's value is the XOR of its odd steps: here step 1 alone.
    let (code, text) = table(&[
        "--problem",
        "staircase-nim",
        "--set",
        "piles=[0,0]",
        "--vary",
        "piles.1=0..7",
        "--vary",
        "piles.2=0..7",
    ]);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("\n5                5 5 5 5 5 5 5 5\n"), "{text}");
}

#[test]
fn octal_games_show_their_known_periods() {
    // Kayles: period 12 after the last exception at 70; Dawson's chess: period
    // 34 from 52 (Winning Ways, ch. 4).
    for (code, want) in [
        (
            "0.77",
            "period 12 from n=71 (pre-period 71); n=0..300 covers 19 periods",
        ),
        (
            "0.137",
            "period 34 from n=52 (pre-period 52); n=0..300 covers 7 periods",
        ),
    ] {
        let (code_, text) = table(&[
            "--problem",
            "octal-game",
            "--set",
            &format!("code=\"{code}\""),
            "--vary",
            "n=0..300",
            "--find-period",
        ]);
        assert_eq!(code_, Some(0), "{text}");
        assert!(text.contains(want), "{code}: {text}");
    }
}

#[test]
fn a_row_the_fast_engine_goes_on_with_may_hold_a_million_terms() {
    // Beyond brute's 2 s of rows the octal engine answers every other value: far more rows than
    // a table answered point by point may have.
    let (code, text) = table(&[
        "--problem",
        "octal-game",
        "--set",
        "code=0.16",
        "--vary",
        "n=0..300000",
        "--format",
        "csv",
    ]);
    assert_eq!(code, Some(0), "{}", &text[..text.len().min(2000)]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!((lines[0], lines.len()), ("n,value", 300_002));
    assert!(lines[300_001].starts_with("300000,"), "{}", lines[300_001]);
    for (args, says) in [
        (
            &[
                "--problem",
                "octal-game",
                "--set",
                "code=0.16",
                "--vary",
                "n=0..2000000",
            ][..],
            "2000001 points is more than a table holds (200000, or 2000000 in a row",
        ),
        (
            &["--problem", "tree-game", "--vary", "n=1..200001"][..],
            "200001 points is more than 200000 (no fast engine",
        ),
    ] {
        let (code, text) = table(args);
        assert_eq!(code, Some(2), "{args:?}: {text}");
        assert!(
            text.contains(says) && text.contains("narrow the ranges"),
            "{args:?}: {text}"
        );
    }
}
