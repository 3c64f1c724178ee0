//! `wythoff-interactive`: Wythoff's game against the jury. The position is
//! wythoff's format (`a b`); the answer is the winning side, `First` or
//! `Second`. The exchange is [`PROTOCOL`].

use super::nim_interactive::{against_the_jury, SIDE};
use super::{wythoff, Format, Framing, Identity};
use crate::text::{ParseError, Tokens};
use crate::wythoff::Piles;

/// The exchange between the jury and the player, as `harness list` shows it.
pub const PROTOCOL: &str = "\
The jury prints the position `a b`: two piles.
The player prints `First` or `Second`, the side it plays.
The players alternate, the one who chose `First` moving first. A move is a line `p x`: take
x >= 1 stones from pile p (1 or 2), or with p = 3 from both piles. After each player move the
jury prints its own move as `p x`. When the player to move has no move, the jury prints `0 0`
and the game is over (the player lost if it was its turn, won if it was the jury's); the player
then exits.
An illegal or malformed move: the jury prints `-1 -1` and the verdict is wrong answer.
The jury plays from brute (brute::wythoff, Wythoff's game by its rules).";

pub struct Judge;

impl Format for Judge {
    type Case = Piles;
    type Answer = bool;
    const ID: Identity = against_the_jury(
        "wythoff-interactive",
        "Wythoff's game against the jury: take from one pile or equally from both; win",
        wythoff::Judge::ID.limits,
    );
    const FRAMING: Framing = Framing::Single;

    fn read_case(t: &mut Tokens) -> Result<Piles, ParseError> {
        wythoff::Judge::read_case(t)
    }

    fn write_case(p: &Piles, out: &mut String) {
        wythoff::Judge::write_case(p, out)
    }

    fn read_answer(_: &Piles, t: &mut Tokens) -> Result<bool, ParseError> {
        SIDE.read(t)
    }

    fn write_answer(first_wins: &bool, out: &mut String) {
        SIDE.write(*first_wins, out);
    }
}
