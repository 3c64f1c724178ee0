//! `forest-game` (qoj5092): `n`, weights `A_1 .. A_n`, then `n - 1` lines `u v`
//! (root 1); answer: the first player's total score.

use super::{push_line, push_values, read_tree_edges, within, write_edges, Format, Framing, Identity, Resources};
use super::{Doc, Documented};
use crate::graph::WeightedTree;
use crate::text::{ParseError, Tokens};

pub const MAX_N: usize = 200_000;
pub const MAX_WEIGHT: u64 = 1_000_000_000;

pub(crate) fn read_weights(t: &mut Tokens, n: usize) -> Result<Vec<u64>, ParseError> {
    (1..=n)
        .map(|i| Ok(t.int("A", 1, MAX_WEIGHT as i64).map_err(within("weight", i))? as u64))
        .collect()
}

pub(crate) fn read_score(t: &mut Tokens) -> Result<u64, ParseError> {
    Ok(t.int("score", 0, i64::MAX)? as u64)
}

pub(crate) fn write_score(score: &u64, out: &mut String) {
    push_line(out, format_args!("{score}"));
}

pub struct Judge;

impl Format for Judge {
    type Case = WeightedTree;
    type Answer = u64;
    const ID: Identity = Identity {
        name: "forest-game",
        aliases: &["qoj5092"],
        about: "take roots of a weighted tree, each maximizing their score: the first player's score",
        limits: &[("n", MAX_N as u64), ("A", MAX_WEIGHT)],
        submitted: true,
        judge: Resources {
            time_ms: 1000,
            memory_mib: 256,
            stack: super::Stack::Unknown,
        },
        guarantee: "",
    };
    const FRAMING: Framing = Framing::Single;

    fn read_case(t: &mut Tokens) -> Result<WeightedTree, ParseError> {
        let n = t.usize("n", 1, MAX_N)?;
        let weights = read_weights(t, n)?;
        Ok(WeightedTree {
            weights,
            edges: read_tree_edges(t, n)?,
        })
    }

    fn write_case(tree: &WeightedTree, out: &mut String) {
        push_line(out, format_args!("{}", tree.weights.len()));
        push_values(out, &tree.weights);
        write_edges(out, &tree.edges);
    }

    fn read_answer(_: &WeightedTree, t: &mut Tokens) -> Result<u64, ParseError> {
        read_score(t)
    }

    fn write_answer(score: &u64, out: &mut String) {
        write_score(score, out)
    }
}

impl Documented for Judge {
    const DOC: Doc = Doc {
        rules: "A tree rooted at vertex 1, vertex i weighing A_i. Players alternately delete a current root (a vertex \
            whose parent is gone, the root first), scoring its weight; its children become roots. Each maximizes \
            their own total; print the first player's.",
        input:
            "Line 1: `n` (1 <= n <= 200 000).\nLine 2: `A_1 .. A_n` (1 <= A_i <= 10^9).\nThen n-1 lines `u v` (1 <= \
            u, v <= n): the tree's edges.",
        output: "One integer: the first player's score (needs 64 bits).",
        sample_input: "5\n1 5 3 2 4\n1 2\n1 3\n2 4\n2 5\n",
        sample_output: "7\n",
    };
}
