//! `solve` on the board problems (`bunny-egg`, `nullify-matrix`): the judge
//! samples, and malformed inputs rejected with the line and field named,
//! exit 2.

mod common;
use common::{answers, rejects};

#[test]
fn bunny_egg_answers_the_judge_samples() {
    answers("noi2011", "1 6 / XO.OXO / 1 / 1 2 / 1 1", "1 / 1");
    answers(
        "bunny-egg",
        "3 3 / XOX / O.O / XOX / 4 / 2 3 / 1 3 / 1 2 / 1 1 / 2 1 / 3 1 / 3 2 / 3 3",
        "0",
    );
    answers(
        "luogu-p1971",
        "4 4 / OOXX / OXXO / OO.O / XXXO / 2 / 3 2 / 2 2 / 1 2 / 1 3",
        "2 / 1 / 2",
    );
}

#[test]
fn bunny_egg_bad_input_names_line_and_field() {
    rejects(
        "bunny-egg",
        "1 3 / OOX / 1 / 1 1 / 1 2",
        &["line 2", "row 1", "no empty cell"],
    );
    rejects(
        "bunny-egg",
        "2 3 / O.X / X.O / 1",
        &["line 3", "row 2", "second empty cell"],
    );
    rejects("bunny-egg", "1 3 / .OXX / 1", &["line 2", "row 1", "not m = 3"]);
    rejects(
        "bunny-egg",
        "1 3 / .OZ / 1",
        &["line 2", "row 1", "`Z` is none of O, X, ."],
    );
    rejects(
        "bunny-egg",
        "1 4 / .OXX / 1 / 1 3 / 1 2",
        &["line 4", "move 1", "not next to the empty cell"],
    );
    rejects(
        "bunny-egg",
        "1 4 / .OOX / 1 / 1 2 / 1 3",
        &["line 5", "move 2", "not move a piece of the player to move"],
    );
    rejects(
        "bunny-egg",
        "1 4 / .OXO / 1 / 1 2 / 1 3",
        &["line 5", "move 2", "can still move"],
    );
    rejects("bunny-egg", "41 3", &["line 1", "`n`", "out of range 1..=40"]);
    rejects(
        "bunny-egg",
        "1 3 / .OX / 0",
        &["line 3", "`k`", "out of range 1..=1000"],
    );
}

#[test]
fn nullify_matrix_answers_the_judge_sample() {
    answers(
        "cf1451f",
        "4 / 1 1 / 0 / 1 3 / 0 0 5 / 2 2 / 0 1 / 1 0 / 3 3 / 1 2 3 / 4 5 6 / 7 8 9",
        "Jeel / Ashish / Jeel / Ashish",
    );
}

#[test]
fn nullify_matrix_bad_input_names_line_and_field() {
    rejects(
        "nullify-matrix",
        "1 / 0 2",
        &["line 2", "case 1: n", "out of range 1..=100"],
    );
    rejects(
        "nullify-matrix",
        "1 / 1 101",
        &["line 2", "case 1: m", "out of range 1..=100"],
    );
    rejects(
        "nullify-matrix",
        "1 / 2 2 / 0 1 / 1 1000001",
        &["line 4", "case 1: row 2: a", "out of range 0..=1000000"],
    );
    rejects(
        "nullify-matrix",
        "1 / 2 2 / 0 1 / 1",
        &["case 1: row 2: a", "input ended"],
    );
    rejects("nullify-matrix", "11", &["line 1", "`T`", "out of range 1..=10"]);
}
