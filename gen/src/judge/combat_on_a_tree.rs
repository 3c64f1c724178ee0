//! `combat-on-a-tree` (SPOJ COT3): `n`, colours `c_1 .. c_n` (0 white, 1
//! black), then `n - 1` lines `u v` (root 1); answer: `-1` if the first
//! player loses, else every winning first move, increasing, one per line.

use super::{push_line, read_tree_edges, within, write_edges, Format, Framing, Identity, Resources};
use super::{Doc, Documented};
use crate::coloured_tree::{ColouredTree, MAX_N};
use crate::text::{ParseError, Tokens};

/// The winning first moves, 0-based and increasing; empty when the first
/// player loses (the judge's `-1`).
pub type Moves = Vec<u32>;

pub struct Judge;

impl Format for Judge {
    type Case = ColouredTree;
    type Answer = Moves;
    const ID: Identity = Identity {
        name: "combat-on-a-tree",
        aliases: &["cot3", "spoj-cot3"],
        about: "paint the path from the root to a white vertex black: every winning first move, or -1",
        limits: &[("n", MAX_N)],
        submitted: true,
        // SPOJ COT3's page could not be read here; these are the limits the
        // workspace's problem list gives for it.
        judge: Resources {
            time_ms: 1000,
            memory_mib: 1536,
            stack: super::Stack::Unknown,
        },
        guarantee: "",
    };
    const FRAMING: Framing = Framing::Single;

    fn read_case(t: &mut Tokens) -> Result<ColouredTree, ParseError> {
        let n = t.usize("n", 1, MAX_N as usize)?;
        let mut black = Vec::with_capacity(n.min(t.max_tokens_left()));
        for i in 1..=n {
            black.push(t.int("c", 0, 1).map_err(within("colour", i))? == 1);
        }
        Ok(ColouredTree {
            black,
            edges: read_tree_edges(t, n)?,
        })
    }

    fn write_case(tree: &ColouredTree, out: &mut String) {
        push_line(out, format_args!("{}", tree.n()));
        let colours: Vec<&str> = tree.black.iter().map(|&b| if b { "1" } else { "0" }).collect();
        push_line(out, format_args!("{}", colours.join(" ")));
        write_edges(out, &tree.edges);
    }

    /// `-1`, or one or more vertices in increasing order up to the end.
    fn read_answer(tree: &ColouredTree, t: &mut Tokens) -> Result<Moves, ParseError> {
        let n = tree.n() as i64;
        let first = t.int("move 1", -1, n)?;
        match first {
            -1 => return Ok(Vec::new()),
            0 => return Err(t.error("move 1", "0 is no vertex: write -1 or vertices 1..=n")),
            _ => {}
        }
        let mut moves = vec![first as u32 - 1];
        while !t.at_end() {
            let i = moves.len() + 1;
            let v = t.vertex("v", tree.n()).map_err(within("move", i))?;
            let last = *moves.last().expect("one move read");
            if v <= last {
                return Err(t.error(
                    format!("move {i}: v"),
                    format!("{} does not follow {}: moves must be increasing", v + 1, last + 1),
                ));
            }
            moves.push(v);
        }
        Ok(moves)
    }

    fn write_answer(moves: &Moves, out: &mut String) {
        if moves.is_empty() {
            push_line(out, format_args!("-1"));
        }
        for v in moves {
            push_line(out, format_args!("{}", v + 1));
        }
    }
}

impl Documented for Judge {
    const DOC: Doc = Doc {
        rules: "A tree rooted at vertex 1; each vertex is white (0) or black (1). A move picks a white vertex v and \
            paints black every vertex on the path from the root to v; a player who cannot move loses. Print every \
            winning first move.",
        input:
            "Line 1: `n` (1 <= n <= 100 000).\nLine 2: the colours `c_1 .. c_n` (0 white, 1 black).\nThen n-1 lines \
            `u v` (1 <= u, v <= n): the tree's edges.",
        output: "`-1` if the first player loses; else every winning first move (a vertex), increasing, one per line.",
        sample_input: "8\n1 1 0 1 0 0 1 0\n1 2\n1 3\n2 6\n3 4\n3 5\n5 7\n7 8\n",
        sample_output: "5\n",
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "8\n1 1 0 1 0 0 1 0\n1 2\n1 3\n2 6\n3 4\n3 5\n5 7\n7 8\n";

    #[test]
    fn the_sample_round_trips() {
        let cases = Judge::read_input(SAMPLE).unwrap();
        assert_eq!(cases[0].black, vec![true, true, false, true, false, false, true, false]);
        assert_eq!(Judge::write_input(&cases), SAMPLE);
        assert_eq!(Judge::read_output(&cases, "5\n").unwrap(), vec![vec![4]]);
        assert_eq!(Judge::read_output(&cases, "-1\n").unwrap(), vec![vec![]]);
        assert_eq!(Judge::write_output(&[vec![], vec![0, 7]]), "-1\n1\n8\n");
    }

    #[test]
    fn errors_name_the_line_and_field() {
        let e = Judge::read_input("3\n0 2 1\n1 2\n2 3\n").unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (2, "colour 2: c"), "{e}");
        let e = Judge::read_input("3\n0 0 1\n1 2\n2 1\n").unwrap_err();
        assert!(e.message.contains("do not form a tree"), "{e}");
        let cases = Judge::read_input(SAMPLE).unwrap();
        let e = Judge::read_output(&cases, "5\n3\n").unwrap_err();
        assert_eq!((e.line, e.field.as_str()), (2, "move 2: v"), "{e}");
        let e = Judge::read_output(&cases, "9\n").unwrap_err();
        assert_eq!(e.field, "move 1", "{e}");
        let e = Judge::read_output(&cases, "-1\n4\n").unwrap_err();
        assert_eq!(e.field, "trailing", "{e}");
        assert!(Judge::read_output(&cases, "").is_err());
        assert!(Judge::read_output(&cases, "0\n").is_err());
    }
}
