//! `green-hackenbush-interactive`: Green Hackenbush against the jury. The
//! position is green-hackenbush's format (`n m`, then the `m` edges `u v`;
//! root 1); during the game some edges are gone, so a position is the graph
//! and which edges remain ([`Cut`]). The answer is the winning side, `First`
//! or `Second`. The exchange is [`PROTOCOL`].

use super::nim_interactive::{against_the_jury, SIDE};
use super::{green_hackenbush, Format, Framing, Identity};
use crate::graph::Graph;
use crate::text::{ParseError, Tokens};

/// The exchange between the jury and the player, as `harness list` shows it.
pub const PROTOCOL: &str = "\
The jury prints the position: `n m`, then the m edges `u v` (numbered 1 to m in this order;
vertex 1 is the root; loops and parallel edges allowed).
The player prints `First` or `Second`, the side it plays.
The players alternate, the one who chose `First` moving first. A move is a line `e`: delete
edge e, which must still be there; every edge no longer connected to the root disappears with
it. Edges keep their numbers. After each player move the jury prints its own move as `e`.
When the player to move has no move, the jury prints `0` and the game is over (the player lost
if it was its turn, won if it was the jury's); the player then exits.
An illegal or malformed move: the jury prints `-1` and the verdict is wrong answer.
The jury plays from brute (brute::hackenbush, edge deletions by the rules).";

/// A Green Hackenbush position during a game: the graph as given, and which of its edges
/// are gone (deleted, or cut off from the root). Edges keep their numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cut {
    pub graph: Graph,
    pub gone: Vec<bool>,
}

impl Cut {
    /// The whole graph, every edge there.
    pub fn whole(graph: Graph) -> Cut {
        let gone = vec![false; graph.edges.len()];
        Cut { graph, gone }
    }
}

pub struct Judge;

impl Format for Judge {
    type Case = Cut;
    type Answer = bool;
    const ID: Identity = against_the_jury(
        "green-hackenbush-interactive",
        "Green Hackenbush against the jury: delete edges of a rooted multigraph; choose a side and win",
        green_hackenbush::Judge::ID.limits,
    );
    const FRAMING: Framing = Framing::Single;

    fn read_case(t: &mut Tokens) -> Result<Cut, ParseError> {
        Ok(Cut::whole(green_hackenbush::Judge::read_case(t)?))
    }

    /// The graph as given: the opening of a game, where no edge is gone yet.
    fn write_case(c: &Cut, out: &mut String) {
        green_hackenbush::Judge::write_case(&c.graph, out)
    }

    fn read_answer(_: &Cut, t: &mut Tokens) -> Result<bool, ParseError> {
        SIDE.read(t)
    }

    fn write_answer(first_wins: &bool, out: &mut String) {
        SIDE.write(*first_wins, out);
    }
}
