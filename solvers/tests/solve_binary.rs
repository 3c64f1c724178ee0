//! The `solve` binary as a judge runs it, and its errors on malformed input.

use std::process::Command;

mod common;
use common::{answers, rejects, solve};

#[test]
fn an_alias_reaches_its_submission_through_stdin() {
    // The judges' samples run through every submission in harness's checklist
    // test; this pins the binary's own path: argument, stdin, stdout.
    answers("hdu3094", "1 / 1", "Bob");
    answers("soj366", "1 1 / 1 1", "1");
}

#[test]
fn help_lists_every_submission_with_its_limits() {
    let out = Command::new(env!("CARGO_BIN_EXE_solve"))
        .arg("--help")
        .output()
        .unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    for s in solvers::submit::all() {
        assert!(help.contains(&s.id.title()), "{} missing from:\n{help}", s.id.name);
        assert!(help.contains(&s.id.limits_text()), "{help}");
    }
}

#[test]
fn help_for_one_problem_shows_its_formats_and_its_sample() {
    for s in solvers::submit::all() {
        let out = solve(&format!("{} --help", s.id.name), "");
        assert!(out.status.success());
        let help = String::from_utf8(out.stdout).unwrap();
        assert!(help.contains(&s.id.title()), "{help}");
        for part in [s.doc.input, s.doc.output] {
            let first_words: String = part.split_whitespace().take(4).collect::<Vec<_>>().join(" ");
            assert!(help.contains(&first_words), "{first_words:?} missing from:\n{help}");
        }
        assert!(help.contains("Sample input\n"), "{help}");
        assert!(help.contains(&format!("{} ms", s.id.judge.time_ms)), "{help}");
    }
}

#[test]
fn an_unknown_problem_gets_the_close_names() {
    rejects(
        "tree-gmae",
        "1",
        &["unknown problem `tree-gmae`", "did you mean `tree-game`?"],
    );
    rejects("nimm --help", "", &["unknown problem `nimm`", "did you mean `nim`?"]);
}

#[test]
fn a_stray_argument_is_named() {
    rejects("green-hackenbush extra", "1 0", &["unexpected argument `extra`"]);
}

#[test]
fn malformed_input_is_an_error_naming_line_and_field() {
    rejects(
        "green-hackenbush",
        "3 2 / 1 2 / 2 4",
        &["line 3", "edge 2: v", "out of range 1..=3"],
    );
    rejects("green-hackenbush", "3 2 / 1 2", &["edge 2: u", "input ended"]);
    rejects("green-hackenbush", "0 0", &["line 1", "`n`"]);
    rejects("green-hackenbush", "2 1 / 1 x", &["expected an integer, found `x`"]);
    rejects("green-hackenbush", "2 1 / 1 2 / 7", &["unexpected `7`"]);
    rejects("tree-game", "1 / 3 / 1 2 / 1 2", &["case 1", "do not form a tree"]);
    rejects("tree-game", "101", &["`T`", "out of range 1..=100"]);
    rejects("christmas-game", "1 / 2 1 / 1 3", &["case 1", "graph 1", "edge 1: v"]);
    rejects("forest-game", "2 / 1 0 / 1 2", &["weight 2"]);
    rejects("forest-game", "3 / 1 1 1 / 1 2 / 1 2", &["do not form a tree"]);
    rejects("forest-game", "0", &["`n`"]);
    rejects(
        "no-such-problem",
        "1",
        &["unknown problem `no-such-problem`", "green-hackenbush"],
    );
}

#[test]
fn fox_card_game_names_a_pile_whose_count_does_not_match() {
    answers("cf388c", "2 / 1 100 / 2 1 10", "101 10");
    rejects(
        "fox-card-game",
        "2 / 3 1 2 / 1 7",
        &["line 2", "pile 1: s", "s = 3, but the line holds 2 cards"],
    );
    rejects("fox-card-game", "1 / 1 5 6", &["line 2", "pile 1: s", "more cards"]);
    rejects(
        "fox-card-game",
        "1 / 2 5 1001",
        &["pile 1: card 2: c", "out of range 1..=1000"],
    );
    rejects("fox-card-game", "1 / 101 5", &["pile 1: s", "out of range 1..=100"]);
    rejects("fox-card-game", "101", &["`n`", "out of range 1..=100"]);
    rejects("fox-card-game", "2 / 1 5", &["pile 2: s", "input ended"]);
}

#[test]
fn choosing_carrot_names_line_and_field() {
    answers("cf794e", "4 / 1 2 3 5", "3 3 5 5");
    rejects("choosing-carrot", "3 / 1 2", &["line 3", "carrot 3: a", "input ended"]);
    rejects(
        "choosing-carrot",
        "2 / 1 1000000001",
        &["carrot 2: a", "out of range 1..=1000000000"],
    );
    rejects("choosing-carrot", "2 / 0 1", &["carrot 1: a"]);
    rejects("choosing-carrot", "300001", &["`n`", "out of range 1..=300000"]);
    rejects("choosing-carrot", "1 / 5 6", &["unexpected `6`"]);
}

#[test]
fn candy_piles_names_line_and_field() {
    answers("agc002e", "3 / 1 2 3", "Second");
    rejects(
        "candy-piles",
        "2 / 1 1000000001",
        &["line 2", "pile 2: a", "out of range 1..=1000000000"],
    );
    rejects("candy-piles", "2 / 0 1", &["pile 1: a"]);
    rejects("candy-piles", "100001", &["`N`", "out of range 1..=100000"]);
    rejects("candy-piles", "3 / 1 2", &["pile 3: a", "input ended"]);
}

/// Cases are read a few MiB at a time: an error far into a long input is
/// still named at its line, and the cases before it do not matter.
#[test]
fn an_error_past_the_first_megabytes_names_its_line() {
    let (cases, n) = (40, 20_000);
    let mut input = format!("{cases}\n");
    for case in 0..cases {
        input.push_str(&format!("{n}\n"));
        for v in 2..=n {
            let u = if case == cases - 1 && v == n { n + 1 } else { v - 1 };
            input.push_str(&format!("{u} {v}\n"));
        }
    }
    assert!(input.len() > 5 << 20);
    let out = solve("tree-game", &input);
    assert_eq!(out.status.code(), Some(2));
    let line = 1 + cases * n;
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("line {line}, field `case {cases}: edge {}: u`", n - 1)),
        "{stderr}"
    );
}
