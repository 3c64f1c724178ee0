//! `solve` on combat-on-a-tree and election-promises: the judges' samples
//! through the binary, and bad input as a clear error naming line and field,
//! exit 2.

mod common;
use common::{answers, rejects};

#[test]
fn combat_on_a_tree_answers_its_samples_by_alias() {
    answers(
        "cot3",
        "8 / 1 1 0 1 0 0 1 0 / 1 2 / 1 3 / 2 6 / 3 4 / 3 5 / 5 7 / 7 8",
        "5",
    );
    answers("spoj-cot3", "2 / 1 1 / 1 2", "-1");
}

#[test]
fn combat_on_a_tree_names_bad_input() {
    rejects(
        "cot3",
        "3 / 0 2 0 / 1 2 / 2 3",
        &["line 2", "colour 2: c", "out of range 0..=1"],
    );
    rejects(
        "cot3",
        "3 / 0 0 0 / 1 2 / 2 1",
        &["line 4", "edge 2", "do not form a tree"],
    );
    rejects(
        "cot3",
        "3 / 0 0 0 / 1 2 / 2 4",
        &["line 4", "edge 2: v", "out of range 1..=3"],
    );
    rejects("cot3", "100001", &["line 1", "`n`", "out of range 1..=100000"]);
    rejects("cot3", "2 / 0 0", &["edge 1: u", "input ended"]);
}

#[test]
fn election_promises_answers_its_samples_by_alias() {
    answers("cf1149e", "4 2 / 2 1 1 5 / 1 2 / 3 4", "WIN / 1 5 1 5");
    answers("cf1149e", "4 2 / 1 5 1 5 / 1 2 / 3 4", "LOSE");
    answers("cf1149e", "3 3 / 314 159 265 / 1 2 / 1 3 / 3 2", "WIN / 0 0 0");
    answers("cf1149e", "6 4 / 2 2 5 5 6 6 / 1 3 / 2 4 / 3 5 / 4 6", "LOSE");
}

#[test]
fn election_promises_names_bad_input() {
    rejects(
        "cf1149e",
        "3 3 / 1 1 1 / 1 2 / 2 3 / 3 1",
        &["line 5", "edge 3", "directed cycle"],
    );
    rejects(
        "cf1149e",
        "2 1 / 1 1000000001 / 1 2",
        &["line 2", "value 2: h", "out of range 0..=1000000000"],
    );
    rejects("cf1149e", "2 1 / 1 -1 / 1 2", &["value 2: h", "out of range"]);
    rejects(
        "cf1149e",
        "2 2 / 1 1 / 1 2 / 1 2",
        &["line 4", "edge 2", "repeats edge 1"],
    );
    rejects("cf1149e", "2 1 / 1 1 / 2 2", &["line 3", "edge 1", "to itself"]);
    rejects("cf1149e", "200001 0", &["line 1", "`n`", "out of range 1..=200000"]);
    rejects("cf1149e", "2 200001", &["line 1", "`m`", "out of range 0..=200000"]);
}
